package mjcf

import (
	"bytes"

	"github.com/physconv/physconv/convert"
)

// Format is the MJCF descriptor for the registry.
var Format = &convert.Format{
	Name:         "mjcf",
	Description:  "MuJoCo MJCF XML (MuJoCo 3.x compiler rules, legacy Gym files)",
	Extensions:   []string{".xml", ".mjcf"},
	Sniff:        Sniff,
	Parse:        Parse,
	Emit:         Emit,
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
