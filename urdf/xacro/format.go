package xacro

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/urdf"
)

// Format is the descriptor of xacro robot descriptions: expanded natively
// (package urdf/xacro), then read as URDF. Errors name the xacro file and
// line, with the macro call chain.
var Format = &convert.Format{
	Name:        "xacro",
	Description: "ROS xacro robot description (.urdf.xacro): properties, macros, conditionals, includes, YAML and ${} expressions expanded natively, then read as URDF",
	Extensions:  []string{".xacro", ".urdf.xacro"},
	Sniff:       Sniff,
	Parse:       Parse,
	ProjectRoot: xacroWorkspace,
	Options:     []convert.Option{ArgOption, urdf.BaseOption},
}

// ArgOption gives xacro arguments (NAME=VALUE, or NAME:=VALUE as on
// xacro's command line); they win over <xacro:arg> defaults.
var ArgOption = convert.Option{Name: "xacro-arg", Kind: convert.OptionPairs, Side: convert.ParseSide,
	Usage: "xacro argument (like NAME:=VALUE on xacro's command line)"}

// Sniff reports whether a file uses the xacro namespace or tags, or
// is a robot with substitutions left to expand.
func Sniff(head []byte) bool {
	return bytes.Contains(head, []byte("xmlns:xacro")) || bytes.Contains(head, []byte("<xacro:")) || urdf.SniffUnexpanded(head)
}

// xacroWorkspace is the folder holding the input's ROS package (the
// nearest folder at or above dir with a package.xml), so $(find) reaches
// the package's siblings in the same workspace; "" when there is none.
func xacroWorkspace(dir string) string {
	for d := dir; ; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, "package.xml")); err == nil {
			return filepath.Dir(d)
		}
		if filepath.Dir(d) == d {
			return ""
		}
	}
}

// Parse expands a xacro file and reads the result as URDF. URDF
// errors found after expansion point at the xacro element they came from.
func Parse(in *convert.Input) (*convert.Graph, convert.Diagnostics, error) {
	x := newXacroFiles(in)
	args := map[string]string{}
	for name, value := range in.Options.Pairs(ArgOption) {
		args[strings.TrimSuffix(name, ":")] = value // NAME:=VALUE as on xacro's command line
	}
	res, err := Expand(x.rootFile, &Options{
		Args:        args,
		ReadFile:    x.read,
		Glob:        x.glob,
		FindPackage: x.find,
		Getenv:      os.LookupEnv,
	})
	if err != nil {
		var xe *Error
		if errors.As(err, &xe) {
			err = &convert.FormatError{File: x.display(xe.File), Line: xe.Line, Msg: xe.Message(x.display)}
		}
		if g, diags, ok := literalURDF(in, err); ok {
			return g, diags, nil
		}
		return nil, nil, err
	}
	if res.Macros > 0 && res.Root.Child("link") == nil {
		return nil, nil, &convert.FormatError{Line: res.Root.Line, Msg: fmt.Sprintf("no <link> after expansion: the file defines %d macro(s) and is meant to be included by a robot's top-level xacro file; convert that file instead", res.Macros)}
	}
	data, lines := Encode(res.Root)
	var diags convert.Diagnostics
	for _, w := range res.Warnings {
		d := convert.NewDiagnostic(convert.CodeXacroWarning, convert.DocumentSubject(), "", "%s", w.Msg)
		d.Line = w.Line
		if w.File != "" {
			d.File = x.display(w.File)
		}
		diags = append(diags, d)
	}
	expanded := &convert.Input{Name: in.Name, Data: data, Immutable: true, FS: in.FS, Dir: in.Dir, Root: in.Root, Options: in.Options}
	g, more, err := urdf.Parse(expanded)
	// what resolving the expanded robot's references guessed (a package
	// found by path suffix, or named by a package:/// path)
	more = append(more, expanded.ResolveDiagnostics()...)
	for _, d := range more {
		if src, ok := x.source(lines, d.Line); ok {
			d.File, d.Line = x.display(src.File), src.Line
		} else if d.Line > 0 {
			d.Message += fmt.Sprintf(" (line %d of the expanded URDF)", d.Line)
			d.Line = 0
		}
		diags = append(diags, d)
	}
	if err != nil {
		var fe *convert.FormatError
		if errors.As(err, &fe) && fe.Line > 0 {
			if src, ok := x.source(lines, fe.Line); ok {
				fe.File, fe.Line = x.display(src.File), src.Line
			} else {
				fe.Msg += fmt.Sprintf(" (line %d of the expanded URDF)", fe.Line)
				fe.Line = 0
			}
		}
		return nil, diags, err
	}
	return g, diags, nil
}

// literalURDF reads a robot that has ${…} or $(…) in its text but neither
// the xacro namespace nor a xacro tag, and that xacro cannot expand (err),
// as the plain URDF urdfdom and MuJoCo read: its substitutions stay as
// written (a Gazebo plugin's ${ns} or $(arg topic), which its launch
// fills in). ok is false for a file that reads as URDF no better; the
// caller then reports err.
func literalURDF(in *convert.Input, err error) (*convert.Graph, convert.Diagnostics, bool) {
	if bytes.Contains(in.Data, []byte("xmlns:xacro")) || bytes.Contains(in.Data, []byte("<xacro:")) {
		return nil, nil, false
	}
	g, diags, perr := urdf.Parse(in)
	if perr != nil {
		return nil, nil, false
	}
	d := convert.NewDiagnostic(convert.CodeXacroLiteral, convert.DocumentSubject(), "",
		"the robot has ${…} or $(…) text but no xacro namespace or tag, and xacro cannot expand it (%v): read as plain URDF, as urdfdom and MuJoCo read it, its substitutions left as written", err)
	return g, append(convert.Diagnostics{d}, diags...), true
}

// xacroFiles maps between the expander's absolute slash paths and the
// input's FS: base is the FS root on disk (or "" for an FS that is not a
// folder, which then reads as rooted at "/").
type xacroFiles struct {
	in       *convert.Input
	base     string
	rootFile string
}

func newXacroFiles(in *convert.Input) *xacroFiles {
	x := &xacroFiles{in: in}
	if in.Root != "" {
		if abs, err := filepath.Abs(in.Root); err == nil {
			x.base = strings.TrimSuffix(filepath.ToSlash(abs), "/")
		}
	}
	name := filepath.Base(in.Name)
	if in.Name == "" || in.Name == "<stdin>" || in.Name == "-" {
		name = "stdin.xacro"
	}
	x.rootFile = x.base + "/" + path.Join(in.Dir, name)
	return x
}

// rel turns an absolute slash path into a path inside the FS.
func (x *xacroFiles) rel(p string) (string, error) {
	rel, ok := strings.CutPrefix(path.Clean(p), x.base+"/")
	if !ok || !fs.ValidPath(rel) {
		return "", fmt.Errorf("%s is outside the folders the input may read (its project root, the allowed roots and the package folders)", p)
	}
	return rel, nil
}

func (x *xacroFiles) read(p string) ([]byte, error) {
	if p == x.rootFile {
		return x.in.Data, nil
	}
	if x.in.FS == nil {
		return nil, errors.New("the input has no folder (standard input)")
	}
	rel, err := x.rel(p)
	if err != nil {
		// a package found outside the input's root (ROS_PACKAGE_PATH,
		// --package): the resolver checks it lies in an allowed root
		return x.in.Open(filepath.FromSlash(p))
	}
	return fs.ReadFile(x.in.FS, rel)
}

func (x *xacroFiles) glob(pattern string) ([]string, error) {
	if x.in.FS == nil {
		return nil, errors.New("the input has no folder (standard input)")
	}
	rel, err := x.rel(pattern)
	if err != nil {
		return nil, err
	}
	m, err := fs.Glob(x.in.FS, rel)
	for i := range m {
		m[i] = x.base + "/" + m[i]
	}
	return m, err
}

// find resolves $(find NAME) as package:// URIs resolve (convert.Input's
// package search: package.xml upward, workspace siblings, ROS_PACKAGE_PATH,
// AMENT_PREFIX_PATH, --package).
func (x *xacroFiles) find(name string) (string, error) {
	if x.in.FS == nil {
		return "", fmt.Errorf("$(find %s): the input has no folder (standard input)", name)
	}
	dir, err := x.in.PackageDir(name)
	if err != nil {
		return "", fmt.Errorf("$(find %s): %w", name, err)
	}
	if filepath.IsAbs(dir) {
		return strings.TrimSuffix(filepath.ToSlash(dir), "/"), nil
	}
	if dir == "." {
		return x.base, nil
	}
	return x.base + "/" + dir, nil
}

// display names an expander path for messages: relative to the input's
// name as the user gave it.
func (x *xacroFiles) display(p string) string {
	if p == x.rootFile || x.in.Name == "" {
		return x.in.Name
	}
	rel, err := x.rel(p)
	if err != nil {
		return p
	}
	r, err := filepath.Rel(filepath.FromSlash(x.in.Dir), filepath.FromSlash(rel))
	if err != nil {
		return p
	}
	return filepath.Join(filepath.Dir(x.in.Name), r)
}

func (x *xacroFiles) source(lines []Source, line int) (Source, bool) {
	if line < 1 || line > len(lines) || lines[line-1].File == "" {
		return Source{}, false
	}
	return lines[line-1], true
}
