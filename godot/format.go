// Package godot reads Godot 3 and 4 text scenes (.tscn, with their .tres
// resources and instanced scenes) into the Graph and writes Godot 4 scenes
// (format=3), or Godot 3 scenes (format=2) with Options.Godot == 3.
//
// References: Godot's TSCN file format documentation and class reference,
// Godot 4.4–4.6 (https://docs.godotengine.org/en/stable/) and Godot 3.2–3.5
// (https://docs.godotengine.org/en/3.5/). The text syntax itself is
// handled by internal/tscn.
package godot

import (
	"bytes"

	"github.com/physconv/physconv/convert"
)

// Format reads Godot 3/4 scenes and writes Godot 4 scenes (Godot 3 when
// Options.Godot is 3).
var Format = &convert.Format{
	Name:        "godot",
	Description: "Godot .tscn scenes (read Godot 3 and 4; write Godot 4, or 3 with --godot 3)",
	Extensions:  []string{".tscn"},
	Sniff:       Sniff,
	Parse:       Parse,
	Emit:        Emit,
	Capabilities: []string{"rigid/static/kinematic bodies", "box/sphere/capsule/cylinder/convex/trimesh/plane/heightfield/ray shapes",
		"Pin/Hinge/Slider/ConeTwist/Generic6DOF joints", "physics materials (rough/absorbent)", "collision layers",
		"VehicleBody3D/VehicleWheel3D", "areas (triggers)", "primitive and file-referenced visuals"},
}

// Format3 writes Godot 3 scenes (format=2) for `--to godot3`.
var Format3 = &convert.Format{
	Name:         "godot3",
	Description:  "Godot 3 .tscn scenes (format=2)",
	Extensions:   []string{".tscn"},
	Sniff:        Sniff,
	Parse:        Parse,
	Emit:         emitGodot3,
	Capabilities: Format.Capabilities,
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
	o.Godot = 3
	return Emit(g, &o)
}
