package mjcf

import (
	"bytes"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// Format is the MJCF descriptor for the registry.
// MeshFormatOption is the file format of written mesh assets: "source"
// keeps a source file MuJoCo reads as it is (binary STL or OBJ) and
// encodes the others as STL; "stl" and "obj" make every file one format,
// keeping only source files already in it.
var MeshFormatOption = convert.Option{Name: "mesh-format", Kind: convert.OptionString, Side: convert.EmitSide,
	Default: "source", Values: []string{"source", "stl", "obj"},
	Usage: "MJCF mesh files: source (a source STL or OBJ file is kept as it is, other meshes are written as STL), stl or obj"}

// InlineMeshesOption writes mesh assets inline instead of as side files.
var InlineMeshesOption = convert.Option{Name: "inline-meshes", Kind: convert.OptionBool, Side: convert.EmitSide,
	Default: "false", Usage: "MJCF: write meshes inline instead of as files"}

var Format = &convert.Format{
	Name:         "mjcf",
	Description:  "MuJoCo MJCF XML (MuJoCo 3.x compiler rules, legacy Gym files)",
	Extensions:   []string{".xml", ".mjcf"},
	Sniff:        Sniff,
	Parse:        Parse,
	Emit:         Emit,
	Options:      []convert.Option{ActuatorsOption, InlineMeshesOption, MeshFormatOption, SceneOption, kin.RootOption},
	Capabilities: &Capabilities,
}

// Sniff reports whether the file starts with a <mujoco> element (after an
// optional XML declaration and comments).
func Sniff(head []byte) bool {
	b := head
	for {
		b = bytes.TrimLeft(bytes.TrimPrefix(b, []byte("\xef\xbb\xbf")), " \t\r\n")
		switch {
		case bytes.HasPrefix(b, []byte("<?")):
			i := bytes.Index(b, []byte("?>"))
			if i < 0 {
				return false
			}
			b = b[i+2:]
		case bytes.HasPrefix(b, []byte("<!--")):
			i := bytes.Index(b, []byte("-->"))
			if i < 0 {
				return false
			}
			b = b[i+3:]
		default:
			return bytes.HasPrefix(b, []byte("<mujoco")) && len(b) > 7 && (b[7] == '>' || b[7] == ' ' || b[7] == '\t' || b[7] == '\n' || b[7] == '\r' || b[7] == '/')
		}
	}
}
