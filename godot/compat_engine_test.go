package godot

import (
	"math"
	"testing"

	"github.com/physconv/physconv/internal/testenv"
)

// TestGodot4MovesOutputAsSource: in Godot 4.6, a scene's Godot output moves
// as the scene does where this round found it did not — a Godot 4 scene
// spelling its classes by their Godot 3 names (the ball fell through a
// floor the output had lost), a scripted ball with continuous collision
// detection (it tunnelled through a thin wall), and a Godot 3 one (the same).
func TestGodot4MovesOutputAsSource(t *testing.T) {
	testenv.Oracle(t, "godot4-inspect")
	cases := []struct {
		name, scene string
		version     int
		steps       int
	}{
		{"Godot 3 class names", `[gd_scene format=3]

[sub_resource type="BoxShape" id="1"]
size = Vector3(10, 1, 10)

[sub_resource type="SphereShape" id="2"]

[node name="Root" type="Spatial"]

[node name="Floor" type="StaticBody" parent="."]

[node name="Shape" type="CollisionShape" parent="Floor"]
shape = SubResource("1")

[node name="Ball" type="RigidBody" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0)
mass = 2.0

[node name="Shape" type="CollisionShape" parent="Ball"]
shape = SubResource("2")
`, 4, 120},
		{"scripted ball with continuous collision", `[gd_scene format=3]

[ext_resource type="Script" path="res://p.gd" id="1"]

[sub_resource type="SphereShape3D" id="2"]
radius = 0.05

[sub_resource type="BoxShape3D" id="3"]
size = Vector3(0.02, 4, 4)

[node name="Root" type="Node3D"]

[node name="Ball" type="RigidBody3D" parent="."]
gravity_scale = 0.0
continuous_cd = true
linear_velocity = Vector3(100, 0, 0)
script = ExtResource("1")

[node name="Shape" type="CollisionShape3D" parent="Ball"]
shape = SubResource("2")

[node name="Wall" type="StaticBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 2.5, 0, 0)

[node name="Shape" type="CollisionShape3D" parent="Wall"]
shape = SubResource("3")
`, 4, 60},
		{"Godot 3 ball with continuous collision", `[gd_scene format=2]

[sub_resource type="SphereShape" id=2]
radius = 0.05

[sub_resource type="BoxShape" id=3]
extents = Vector3( 0.01, 2, 2 )

[node name="Root" type="Spatial"]

[node name="Ball" type="RigidBody" parent="."]
gravity_scale = 0.0
continuous_cd = true
linear_velocity = Vector3( 100, 0, 0 )

[node name="Shape" type="CollisionShape" parent="Ball"]
shape = SubResource( 2 )

[node name="Wall" type="StaticBody" parent="."]
transform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 2.5, 0, 0 )

[node name="Shape" type="CollisionShape" parent="Wall"]
shape = SubResource( 3 )
`, 3, 60},
	}
	for _, c := range cases {
		out, _ := convertScene(t, c.scene, 4)
		files := map[string]string{"project.godot": testenv.Godot4Project, "p.gd": "extends RigidBody3D\n"}
		at := map[string][3]float64{}
		for name, scene := range map[string]string{"source": c.scene, "output": out} {
			b, ok := testenv.GodotOrigins(t, "godot4-inspect", scene, c.steps, files)["Ball"]
			if !ok {
				t.Fatalf("%s, %s: no Ball after the steps", c.name, name)
			}
			at[name] = b
		}
		s, o := at["source"], at["output"]
		if d := math.Hypot(math.Hypot(s[0]-o[0], s[1]-o[1]), s[2]-o[2]); d > 1e-3 {
			t.Errorf("%s: the ball is at %v in the output, %v in the source", c.name, o, s)
		}
		if s[0] > 3 || s[1] < -1 {
			t.Errorf("%s: the source's ball went through (%v): the scene tests nothing", c.name, s)
		}
	}
}
