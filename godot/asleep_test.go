package godot

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestStartsAsleep: a Godot 3 rigid body with sleeping = true stays where
// it is until something touches it, which no other format (nor Godot 4)
// can say: the reader warns of it (godot-starts-asleep) for a moving body
// of a Godot 3 scene only, and a Godot 3 scene written from it keeps it,
// so in Godot 3 both stay put for 60 steps.
func TestStartsAsleep(t *testing.T) {
	g3 := func(props string) string {
		return "[gd_scene load_steps=2 format=2]\n\n[sub_resource type=\"BoxShape\" id=1]\n\n[node name=\"Cube\" type=\"RigidBody\"]\ntransform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0 )\n" + props +
			"\n[node name=\"CollisionShape\" type=\"CollisionShape\" parent=\".\"]\nshape = SubResource( 1 )\n"
	}
	g4 := "[gd_scene format=3]\n\n[sub_resource type=\"BoxShape3D\" id=\"1\"]\n\n[node name=\"Cube\" type=\"RigidBody3D\"]\nsleeping = true\n\n[node name=\"S\" type=\"CollisionShape3D\" parent=\".\"]\nshape = SubResource(\"1\")\n"
	for _, c := range []struct {
		name, scene string
		said        bool
	}{
		{"Godot 3, asleep", g3("sleeping = true\n"), true},
		{"Godot 3, awake", g3("sleeping = false\n"), false},
		{"Godot 3, static", g3("mode = 1\nsleeping = true\n"), false},
		{"Godot 4, asleep", g4, false},
	} {
		g, diags, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(c.scene), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if diags.Has(convert.CodeGodotStartsAsleep) != c.said {
			t.Errorf("%s: starts-asleep said %v: %v", c.name, !c.said, diags)
		}
		if c.name != "Godot 3, asleep" {
			continue
		}
		out, _, err := Emit(g, (&convert.Options{}).With(VersionOption, "3"))
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out.Main), "sleeping = true") {
			t.Errorf("the Godot 3 scene does not keep it:\n%s", out.Main)
		}
		for _, scene := range []string{c.scene, string(out.Main)} {
			o, ok := testenv.GodotOrigins(t, "godot3-inspect", scene, 60, map[string]string{"project.godot": "config_version=4\n"})["."]
			if !ok || o[1] != 1 {
				t.Errorf("in Godot 3 the cube is at %v (found %v) after 60 steps, not where it slept", o, ok)
			}
		}
	}
}
