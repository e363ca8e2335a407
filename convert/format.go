package convert

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

// Format describes one file format: how to recognise it and, where
// supported, how to parse it into a Graph and emit a Graph as it.
type Format struct {
	// Name is the short name used by --from/--to ("khr", "urdf", …).
	Name string
	// Description is one line for `physconv formats`.
	Description string
	// Extensions are lower-case file endings with the dot (".gltf").
	Extensions []string
	// Sniff reports whether the start of a file looks like this format.
	// It sees at most SniffLen bytes.
	Sniff func(head []byte) bool
	// Parse reads one file. nil when the format cannot be read.
	Parse func(in *Input) (*Graph, Diagnostics, error)
	// Emit writes one Graph. nil when the format cannot be written.
	Emit func(g *Graph, opts *Options) (*Output, Diagnostics, error)
	// Capabilities is the format's row of the lowering table: what Emit
	// can write. The pipeline lowers every Graph to it before Emit.
	Capabilities *Capabilities
	// ProjectRoot, when set, finds the folder a file's own references are
	// relative to (a Godot project's res://), given the file's folder on
	// disk; "" when there is none. Side files may then come from anywhere
	// below that folder.
	ProjectRoot func(dir string) string
}

// SniffLen is how many leading bytes Sniff functions see.
const SniffLen = 4096

// Input is one file to parse plus access to the files beside it.
type Input struct {
	// Name is the file's path as the user gave it; used in messages.
	Name string
	// Data is the whole file.
	Data []byte
	// FS resolves side files (buffers, meshes, includes); may be nil when
	// the input has none (stdin). Dir is Name's folder inside FS.
	FS  fs.FS
	Dir string
	// Root is FS's folder on disk ("" when FS is not a folder).
	Root string
	// Options apply to every format; each reads what it needs.
	Options *Options
}

// Open reads a side file relative to the input's folder. It refuses paths
// that escape FS (absolute paths or ".." above the root).
func (in *Input) Open(rel string) ([]byte, error) {
	if in.FS == nil {
		return nil, fmt.Errorf("cannot read %q: input has no folder (stdin)", rel)
	}
	p := path.Clean(path.Join(in.Dir, rel))
	if path.IsAbs(rel) || !fs.ValidPath(p) {
		return nil, fmt.Errorf("%q escapes the allowed root", rel)
	}
	return fs.ReadFile(in.FS, p)
}

// Output is what Emit produces: the main file plus side files (meshes,
// buffers) at paths relative to the main file's folder.
type Output struct {
	Main  []byte
	Files map[string][]byte
}

// SideFiles returns the side file names in sorted order.
func (o *Output) SideFiles() []string {
	names := make([]string, 0, len(o.Files))
	for n := range o.Files {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Options are the knobs of a conversion. Zero values mean defaults.
type Options struct {
	// From and To are format names; empty means guess.
	From, To string
	// Up: "auto" (default) converts Z-up formats at the boundary; "keep"
	// leaves axes as they are.
	Up string
	// Density in kg/m³ for bodies whose mass is computed; 0 means 1000.
	Density float64
	// Strict makes warnings fail the conversion (exit 3).
	Strict bool
	// KHRGeometry chooses how KHR mesh colliders are written: "mesh"
	// (default, 2026 revision) or "node" (release-candidate text).
	KHRGeometry string
	// BakeMass writes computed mass properties explicitly where a format
	// would otherwise leave them to the engine (KHR).
	BakeMass bool
	// Capsule chooses how URDF emits capsules: "cylinder-spheres" (default)
	// or "urdf-ext".
	Capsule string
	// Base: "" or "floating" (default) or "fixed" for URDF roots.
	Base string
	// Root names the body to use as the kinematic-tree root.
	Root string
	// Packages maps ROS package names to folders for package:// URIs.
	Packages map[string]string
	// MeshFormat for MJCF mesh files: "stl" (default) or "obj".
	MeshFormat string
	// InlineMeshes writes MJCF meshes inline instead of as files.
	InlineMeshes bool
	// Godot is the Godot major version to emit (4 default, or 3).
	Godot int
	// AllowRoots are extra folders side files may come from besides the
	// input's own folder.
	AllowRoots []string
	// CollisionNames makes the glTF readers take Godot-style object-name
	// suffixes (-col, -colonly, -convcol, -convcolonly, -rigid), as DCC
	// exports without a physics add-on carry them, as colliders and bodies.
	CollisionNames bool
	// OutputName is the output file's path ("" or "-" = standard output).
	// Emitters that choose a container by extension (.glb) or name side
	// files after the output read it; ConvertFile sets it.
	OutputName string
}

// DensityOr returns the configured density or 1000 kg/m³.
func (o *Options) DensityOr() float64 {
	if o == nil || o.Density <= 0 {
		return 1000
	}
	return o.Density
}

// Registry is an explicit table of formats.
type Registry struct {
	formats []*Format
}

// NewRegistry builds a registry from descriptors, in priority order for
// sniffing.
func NewRegistry(formats ...*Format) *Registry {
	return &Registry{formats: formats}
}

// Formats returns the formats in registration order.
func (r *Registry) Formats() []*Format { return r.formats }

// Lookup finds a format by name.
func (r *Registry) Lookup(name string) (*Format, error) {
	for _, f := range r.formats {
		if f.Name == strings.ToLower(name) {
			return f, nil
		}
	}
	return nil, fmt.Errorf("unknown format %q (known: %s)", name, strings.Join(r.names(), ", "))
}

func (r *Registry) names() []string {
	var n []string
	for _, f := range r.formats {
		n = append(n, f.Name)
	}
	return n
}

// ByExtension returns every format that claims the file's extension.
func (r *Registry) ByExtension(file string) []*Format {
	ext := strings.ToLower(path.Ext(strings.ReplaceAll(file, "\\", "/")))
	var out []*Format
	for _, f := range r.formats {
		for _, e := range f.Extensions {
			if e == ext {
				out = append(out, f)
			}
		}
	}
	return out
}

// Detect picks the input format: by name when given, else by extension,
// using content sniffing to break ties (and when the extension is unknown).
func (r *Registry) Detect(name, file string, data []byte) (*Format, error) {
	if name != "" {
		return r.Lookup(name)
	}
	head := data
	if len(head) > SniffLen {
		head = head[:SniffLen]
	}
	cands := r.ByExtension(file)
	// Content decides first among the formats claiming the extension, then
	// among all (a URDF saved as .xml is still URDF); a marker may sit
	// beyond the head (Godot writes glTF extensionsUsed at the end), so the
	// whole file is sniffed when the head decides nothing.
	for _, set := range [][]*Format{cands, r.formats} {
		for _, buf := range [][]byte{head, data} {
			for _, f := range set {
				if f.Sniff != nil && f.Sniff(buf) {
					return f, nil
				}
			}
			if len(data) == len(head) {
				break
			}
		}
	}
	if len(cands) > 0 {
		return cands[0], nil
	}
	return nil, fmt.Errorf("cannot tell the format of %s; use --from", displayName(file))
}

// DetectOutput picks the output format: by name when given, else by the
// output file's extension. When several formats share the extension
// (.gltf: khr and omi) the input's format wins if it is among them, else the
// first registered.
func (r *Registry) DetectOutput(name, file string, input *Format) (*Format, error) {
	if name != "" {
		return r.Lookup(name)
	}
	cands := r.ByExtension(file)
	if len(cands) == 0 {
		return nil, fmt.Errorf("cannot tell the output format of %s; use --to", displayName(file))
	}
	for _, f := range cands {
		if f == input {
			return f, nil
		}
	}
	return cands[0], nil
}

func displayName(file string) string {
	if file == "" || file == "-" {
		return "standard input/output"
	}
	return file
}

// HasPrefixFold reports whether b starts with prefix after skipping
// leading white space and a UTF-8 byte-order mark. Sniffers use it.
func HasPrefixFold(b []byte, prefix string) bool {
	b = bytes.TrimPrefix(b, []byte("\xef\xbb\xbf"))
	b = bytes.TrimLeft(b, " \t\r\n")
	return len(b) >= len(prefix) && strings.EqualFold(string(b[:len(prefix)]), prefix)
}
