package godot

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestKeptResourceProps: properties that reference resources and are a
// node's own data (a ShapeCast3D's shape, a SoftBody3D's mesh, nested
// resources, external files) survive Godot → Godot, written under the
// output's ids, and a second round trip changes nothing. A soft body's
// layers are its own too (they were dropped).
func TestKeptResourceProps(t *testing.T) {
	for _, c := range []struct {
		name, resources, node string
		want                  []string
	}{
		{"shape cast", `[sub_resource type="SphereShape3D" id="S"]
radius = 0.25
`, "[node name=\"N\" type=\"ShapeCast3D\" parent=\".\"]\nshape = SubResource(\"S\")\ntarget_position = Vector3(0, -2, 0)\n",
			[]string{"[sub_resource type=\"SphereShape3D\"", "radius = 0.25", "shape = SubResource(", "target_position = Vector3(0, -2, 0)"}},
		{"soft body mesh", `[sub_resource type="BoxMesh" id="M"]
size = Vector3(2, 1, 1)
`, "[node name=\"N\" type=\"SoftBody3D\" parent=\".\"]\nmesh = SubResource(\"M\")\ntotal_mass = 2.0\ncollision_layer = 2\ncollision_mask = 3\n",
			[]string{"[sub_resource type=\"BoxMesh\"", "size = Vector3(2, 1, 1)", "mesh = SubResource(", "total_mass = 2.0", "collision_layer = 2", "collision_mask = 3"}},
		{"nested resources", `[sub_resource type="StandardMaterial3D" id="Mat"]
albedo_color = Color(1, 0, 0, 1)

[sub_resource type="BoxMesh" id="M"]
material = SubResource("Mat")
`, "[node name=\"N\" type=\"SoftBody3D\" parent=\".\"]\nmesh = SubResource(\"M\")\n",
			[]string{"[sub_resource type=\"StandardMaterial3D\"", "albedo_color = Color(1, 0, 0, 1)", "material = SubResource(\"StandardMaterial3D_1\")", "mesh = SubResource(\"BoxMesh_2\")"}},
		{"external file", `[ext_resource type="Texture2D" path="res://tex.png" id="1_t"]
`, "[node name=\"N\" type=\"Sprite3D\" parent=\".\"]\ntexture = ExtResource(\"1_t\")\n",
			[]string{"path=\"res://tex.png\"", "texture = ExtResource("}},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "[gd_scene format=3]\n\n" + c.resources + "\n[node name=\"Root\" type=\"Node3D\"]\n\n" + c.node
			g, diags, err := Parse(&convert.Input{Name: "x.tscn", Data: []byte(src), Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range diags {
				if d.Code == convert.CodeGodotResourceDropped {
					t.Errorf("unexpected: %v", d)
				}
			}
			out, _, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			text := string(out.Main)
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("output lacks %s:\n%s", w, text)
				}
			}
			out2, _, err := Emit(parseText(t, text), &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if string(out2.Main) != text {
				t.Errorf("second round trip differs:\n%s\n---\n%s", text, out2.Main)
			}
		})
	}
}

// TestScriptedNativeProps: a scripted cast or soft body keeps its engine
// properties (a script variable cannot take their names) while unknown
// ones, which may be script variables, stay out.
func TestScriptedNativeProps(t *testing.T) {
	for _, c := range []struct {
		class, props string
		want         []string
	}{
		{"RayCast3D", "target_position = Vector3(0, -5, 0)\nenabled = false\nspeed = 3.0\n", []string{"target_position = Vector3(0, -5, 0)", "enabled = false"}},
		{"ShapeCast3D", "shape = SubResource(\"S\")\ntarget_position = Vector3(0, -2, 0)\nmax_results = 4\nspeed = 3.0\n", []string{"shape = SubResource(", "target_position = Vector3(0, -2, 0)", "max_results = 4"}},
		{"SoftBody3D", "total_mass = 2.0\nlinear_stiffness = 0.25\nspeed = 3.0\n", []string{"total_mass = 2.0", "linear_stiffness = 0.25"}},
	} {
		t.Run(c.class, func(t *testing.T) {
			src := "[gd_scene format=3]\n\n[ext_resource type=\"Script\" path=\"res://x.gd\" id=\"1_s\"]\n\n[sub_resource type=\"SphereShape3D\" id=\"S\"]\n\n" +
				"[node name=\"Root\" type=\"Node3D\"]\n\n[node name=\"N\" type=\"" + c.class + "\" parent=\".\"]\nscript = ExtResource(\"1_s\")\n" + c.props
			out, _, err := Emit(parseText(t, src), &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			text := string(out.Main)
			for _, w := range c.want {
				if !strings.Contains(text, w) {
					t.Errorf("output lacks %s:\n%s", w, text)
				}
			}
			if strings.Contains(text, "speed") {
				t.Errorf("a possible script variable was written:\n%s", text)
			}
		})
	}
}
