package godot

import (
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestRunOnLineIgnored: a "# note" line in a node joins the next
// property's name, as Godot reads it; the scene is read (it was refused)
// with that property ignored, as Godot 4.6 ignores it (the body keeps
// Godot's default mass of 1 kg), and a warning at the line says so.
func TestRunOnLineIgnored(t *testing.T) {
	text := "[gd_scene load_steps=2 format=3]\n\n[sub_resource type=\"BoxShape3D\" id=\"box\"]\n\n[node name=\"Root\" type=\"Node3D\"]\n\n" +
		"[node name=\"Body\" type=\"RigidBody3D\" parent=\".\"]\n# a note written by hand\nmass = 2.0\n\n" +
		"[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"Body\"]\nshape = SubResource(\"box\")\n"
	g, diags, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(text), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range g.Nodes {
		if n.Name == "Body" && (n.Motion == nil || n.Motion.Mass == nil || *n.Motion.Mass != 1) {
			t.Errorf("Body's motion %+v, want Godot's default mass 1", n.Motion)
		}
	}
	found := false
	for _, d := range diags {
		if d.Code == convert.CodeGodotTextRunOn && d.Line == 8 && d.Severity == convert.Warning {
			found = true
		}
	}
	if !found {
		t.Errorf("no godot-text-run-on warning at line 8: %v", diags)
	}
}
