// Package godot reads Godot 3 and 4 text scenes (.tscn, with their .tres
// resources and instanced scenes) into the Graph and writes Godot 4 scenes
// (format=3), or Godot 3 scenes (format=2) with the godot option 3.
//
// References: Godot's TSCN file format documentation and class reference,
// Godot 4.4–4.6 (https://docs.godotengine.org/en/stable/) and Godot 3.2–3.5
// (https://docs.godotengine.org/en/3.5/). The text syntax itself is
// handled by internal/tscn.
package godot

import (
	"bytes"
	"os"
	"path/filepath"

	"github.com/physconv/physconv/convert"
)

// Format reads Godot 3/4 scenes and writes Godot 4 scenes (Godot 3 when
// the godot option is 3).
var Format = &convert.Format{
	Name:         "godot",
	Description:  "Godot .tscn scenes (read Godot 3 and 4; write Godot 4, or 3 with --godot 3)",
	Extensions:   []string{".tscn"},
	Sniff:        Sniff,
	Parse:        Parse,
	Emit:         Emit,
	ProjectRoot:  ProjectRoot,
	Options:      []convert.Option{VersionOption},
	Capabilities: &Capabilities,
}

// VersionOption is the Godot major version to write.
var VersionOption = convert.Option{Name: "godot", Kind: convert.OptionInt, Side: convert.EmitSide,
	Default: "4", Values: []string{"3", "4"}, Usage: "Godot major version to write: 4 or 3"}

// Format3 writes Godot 3 scenes (format=2) for `--to godot3`.
var Format3 = &convert.Format{
	Name:         "godot3",
	Description:  "Godot 3 .tscn scenes (format=2)",
	Extensions:   []string{".tscn"},
	Sniff:        Sniff,
	Parse:        Parse,
	Emit:         emitGodot3,
	ProjectRoot:  ProjectRoot,
	Options:      []convert.Option{VersionOption},
	Capabilities: &Capabilities3,
}

// Sniff recognises a Godot text scene header.
func Sniff(head []byte) bool {
	return convert.HasPrefixFold(head, "[gd_scene") || convert.HasPrefixFold(head, "[gd_resource") && bytes.Contains(head, []byte("format="))
}

func emitGodot3(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
	o := convert.Options{}
	if opts != nil {
		o = *opts
	}
	o.SetOption(VersionOption.Name, "3")
	return Emit(g, &o)
}

// ProjectRoot finds the Godot project a scene belongs to: the nearest
// folder at or above dir holding project.godot. res:// paths are relative
// to it.
func ProjectRoot(dir string) string {
	for d, i := filepath.Clean(dir), 0; i < 64; d, i = filepath.Dir(d), i+1 {
		if st, err := os.Stat(filepath.Join(d, "project.godot")); err == nil && st.Mode().IsRegular() {
			return d
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return ""
}
