package convert

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
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
	// Options are the knobs this format owns (flags and physconv.yaml
	// keys); its Parse and Emit read their values from Options.
	Options []Option
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
	// Immutable promises that Data is never modified while anything read
	// from it (a Graph, a diagnostic) is in use. Readers may then keep
	// names and values pointing into Data rather than copying the whole
	// document first. OpenFile sets it: its Data is the file as read and
	// is the reader's alone.
	Immutable bool
	// FS is the input's project root: side files (buffers, meshes,
	// includes) are read in it, ".." may climb to its top and no further;
	// nil when the input has no folder (stdin). Dir is Name's folder
	// inside FS. ConfinedFS keeps symbolic links from leading out of it.
	FS  fs.FS
	Dir string
	// Root is FS's folder on disk ("" when FS is not a folder); with it,
	// ROS packages are also looked for on disk and in the environment.
	Root string
	// Options apply to every format; each reads what it needs.
	Options *Options

	budget  *Budget      // see Budget
	refs    *refState    // how references resolve (resolve.go)
	decoded *DecodeCache // see Decoded
}

// Open reads a file the input refers to: a path relative to the input's
// folder (".." may climb to the project root, FS's root, not beyond), a
// package://NAME/… reference, or a file:// or absolute path inside the
// allowed folders. The policy is in internal/resolve; a failure is a
// *RefError.
func (in *Input) Open(ref string) ([]byte, error) {
	data, _, err := in.resolver().Read(ref)
	return data, err
}

// Output is what Emit produces: the main file plus side files (meshes,
// buffers) at paths relative to the main file's folder.
type Output struct {
	Main  []byte
	Files map[string][]byte
	// Links names, for side files whose bytes are those of a file on disk
	// (a source mesh written unchanged), that file: WriteOutput hard-links
	// it instead of writing the bytes when it can.
	Links map[string]string
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
	// NoVerify skips reading the output back and comparing its physics
	// with what was written (physconv.Verify), which every conversion
	// does by default.
	NoVerify bool `json:",omitempty"`
	// SkipVisualData lets a reader leave what only draws unread when
	// that is quicker (a Godot scene's ArrayMesh surface data and embedded
	// texture pixels): the Graph's physics is the same, but visuals may
	// lack their mesh's triangles and textures, and malformed data there
	// may go unreported.
	// Verify sets it to read an output back, as it compares physics only;
	// a Graph so read is not one to convert.
	SkipVisualData bool `json:"-"`
	// DefaultProject reads a Godot scene as in a project with Godot's
	// default physics (gravity and damping), whatever project.godot it
	// lies in: a written scene is meant for one (its gravity factors and
	// damping are relative to Godot's defaults), and Verify reads it back
	// so wherever it is written.
	DefaultProject bool `json:"-"`
	// ForReport says the Graph is read only to report its physics, as
	// Verify reads an output back: a reader may leave out the Extras it
	// keeps only so that its own writer can spell the source back as it
	// was (rotations as spelled, raw attributes). Such a Graph is not one
	// to convert either.
	ForReport bool `json:"-"`
	// Packages maps ROS package names to folders for package:// URIs.
	Packages map[string]string
	// SideFiles says how a side file that is a source file unchanged (a
	// mesh the target reads as it is) reaches the output: "" or "link"
	// (default) hard-links it when source and output share a file system
	// and copies it otherwise, "copy" always copies, "reference" writes no
	// copy and points the output at the source file in place (a path
	// relative to the output).
	SideFiles string
	// AllowRoots are extra folders side files may come from besides the
	// input's own folder.
	AllowRoots []string
	// FormatOptions holds the values of the options formats declare
	// (Format.Options), by option name; formats read them with Value, Bool,
	// Int and Pairs. Set them with SetOption.
	FormatOptions map[string][]string
	// Limits bound what the input may expand to; zero fields are defaults.
	Limits Limits
	// OutputName is the output file's path ("" or "-" = standard output).
	// Emitters that choose a container by extension (.glb) or name side
	// files after the output read it; ConvertFile sets it.
	OutputName string
	// Levels re-grade the conversion's diagnostics by code before Strict
	// applies; a diagnostic raised to "error" fails the conversion. (Not
	// part of the JSON form: batch records its levels beside it.)
	Levels Levels `json:"-"`
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
	return nil, fmt.Errorf("unknown format %q (known: %s)", name, strings.Join(r.Names(), ", "))
}

// Names returns the format names in registration order.
func (r *Registry) Names() []string {
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
	return nil, &UnknownFormatError{File: displayName(file)}
}

// UnknownFormatError says a file's format could not be told from its name
// (or content, for an input): name it with Options.From or Options.To.
type UnknownFormatError struct {
	File   string
	Output bool // the output's format (from its extension)
}

func (e *UnknownFormatError) Error() string {
	if e.Output {
		return fmt.Sprintf("cannot tell the output format of %s from its extension; name the format", e.File)
	}
	return fmt.Sprintf("cannot tell the format of %s from its name or content; name the format", e.File)
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
		return nil, &UnknownFormatError{File: displayName(file), Output: true}
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

// Link records that side file name is the file src on disk unchanged, so
// WriteOutput may hard-link it (unless Options.SideFiles is "copy").
func (o *Output) Link(name, src string, opts *Options) {
	if src == "" || opts != nil && opts.SideFiles == "copy" {
		return
	}
	if o.Links == nil {
		o.Links = map[string]string{}
	}
	o.Links[name] = src
}

// ReferenceTo returns, under SideFiles "reference" with a named output
// file, the path of source file src relative to the output's folder, so
// the output uses it in place; "" when the file is to be written beside
// the output instead.
func (o *Options) ReferenceTo(src string) string {
	if o == nil || o.SideFiles != "reference" || o.OutputName == "" || o.OutputName == "-" || src == "" {
		return ""
	}
	from, err1 := filepath.Abs(filepath.Dir(o.OutputName))
	to, err2 := filepath.Abs(src)
	if err1 != nil || err2 != nil {
		return ""
	}
	rel, err := filepath.Rel(from, to)
	if err != nil {
		return ""
	}
	return filepath.ToSlash(rel)
}
