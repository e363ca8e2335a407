package godot

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestLostLooksNamed: what other formats cannot draw or play is named
// when a Godot scene is read — an AnimationPlayer or AnimationTree
// (animation-dropped), a visual drawn by a ShaderMaterial (shader-dropped,
// and read without a colour) — in both versions; a StandardMaterial3D's
// colour is read and says nothing.
func TestLostLooksNamed(t *testing.T) {
	const g4 = `[gd_scene load_steps=4 format=3]

[sub_resource type="Shader" id="sh"]
code = "shader_type spatial;"

[sub_resource type="ShaderMaterial" id="glow"]
shader = SubResource("sh")

[sub_resource type="StandardMaterial3D" id="red"]
albedo_color = Color(1, 0, 0, 1)

[sub_resource type="BoxMesh" id="box"]

[node name="Root" type="Node3D"]

[node name="Glowing" type="MeshInstance3D" parent="."]
mesh = SubResource("box")
material_override = SubResource("glow")

[node name="Red" type="MeshInstance3D" parent="."]
mesh = SubResource("box")
material_override = SubResource("red")

[node name="Anim" type="AnimationPlayer" parent="."]

[node name="Tree" type="AnimationTree" parent="."]
`
	g3 := strings.NewReplacer("format=3", "format=2", "MeshInstance3D", "MeshInstance", "StandardMaterial3D", "SpatialMaterial",
		`id="sh"`, `id=1`, `id="glow"`, `id=2`, `id="red"`, `id=3`, `id="box"`, `id=4`, `"sh"`, `1`, `"glow"`, `2`, `"red"`, `3`, `"box"`, `4`,
		"BoxMesh", "CubeMesh").Replace(g4)
	for version, scene := range map[int]string{4: g4, 3: g3} {
		g, diags, err := Parse(&convert.Input{Name: "look.tscn", Data: []byte(scene), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("Godot %d: %v", version, err)
		}
		count := map[convert.Code][]string{}
		for _, d := range diags {
			if d.Code == convert.CodeShaderDropped || d.Code == convert.CodeAnimationDropped {
				count[d.Code] = append(count[d.Code], d.Path)
			}
		}
		if s := count[convert.CodeShaderDropped]; len(s) != 1 || !strings.Contains(s[0], "Glowing") {
			t.Errorf("Godot %d: shader-dropped at %v, want the glowing visual once", version, s)
		}
		if a := count[convert.CodeAnimationDropped]; len(a) != 2 || !strings.Contains(strings.Join(a, " "), "Anim") || !strings.Contains(strings.Join(a, " "), "Tree") {
			t.Errorf("Godot %d: animation-dropped at %v, want the player and the tree", version, a)
		}
		for _, n := range g.Nodes {
			switch {
			case n.Name == "Glowing" && n.Visual != nil && n.Visual.Color != nil:
				t.Errorf("Godot %d: the shaded visual reads a colour %v", version, *n.Visual.Color)
			case n.Name == "Red" && (n.Visual == nil || n.Visual.Color == nil || *n.Visual.Color != [4]float64{1, 0, 0, 1}):
				t.Errorf("Godot %d: the red visual reads %+v", version, n.Visual)
			}
		}
	}
}
