package godot

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestKeptResourceProps: properties that reference resources and are a
// node's own data (a ShapeCast3D's shape, a SoftBody3D's mesh, nested
// resources, external files) survive Godot → Godot, written under the
// output's ids, and a second round trip changes nothing.
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
`, "[node name=\"N\" type=\"SoftBody3D\" parent=\".\"]\nmesh = SubResource(\"M\")\ntotal_mass = 2.0\n",
			[]string{"[sub_resource type=\"BoxMesh\"", "size = Vector3(2, 1, 1)", "mesh = SubResource(", "total_mass = 2.0"}},
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
