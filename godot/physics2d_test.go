package godot

import (
	"fmt"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestPhysics2DSaid: a scene's 2D physics (a RigidBody2D on a
// StaticBody2D) has no place in the Graph of 3D bodies, and was left out
// said by nothing: the output had no body and no diagnostic. Each 2D
// body, area or joint is now named by a warning; the 3D body beside
// them is read as before.
func TestPhysics2DSaid(t *testing.T) {
	for _, v := range []struct {
		format  int
		classes []string
	}{
		{3, []string{"RigidBody2D", "StaticBody2D", "CharacterBody2D", "Area2D", "PinJoint2D"}},
		{2, []string{"RigidBody2D", "StaticBody2D", "KinematicBody2D", "Area2D", "GrooveJoint2D"}},
	} {
		scene := fmt.Sprintf("[gd_scene format=%d]\n\n[node name=\"root\" type=\"Node2D\"]\n", v.format)
		for _, c := range v.classes {
			scene += fmt.Sprintf("\n[node name=%q type=%q parent=\".\"]\n", c, c)
		}
		body3 := map[int]string{3: "RigidBody3D", 2: "RigidBody"}[v.format]
		scene += fmt.Sprintf("\n[node name=\"Ball3D\" type=%q parent=\".\"]\n", body3)
		g, diags, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(scene), Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		if d := diags.OfCode(convert.CodeGodotUnsupportedNode); len(d) != len(v.classes) || d[0].Severity != convert.Warning {
			t.Errorf("format %d: %v, want a warning for each of %v", v.format, d, v.classes)
		}
		bodies := 0
		for _, n := range g.Nodes {
			if n.Motion != nil {
				bodies++
			}
		}
		if bodies != 1 {
			t.Errorf("format %d: %d bodies read, want the 3D one", v.format, bodies)
		}
	}
}
