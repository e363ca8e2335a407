package physconv_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestGodotPropsAcrossVersions: properties both Godot versions have were
// said to have "no Godot N form" and dropped between them: a static
// body's conveyor velocities, a vehicle's engine force, brake and
// steering, a Godot 3 character's move locks (Godot 4's linear axis
// locks); and a Godot 3 body's own friction and bounce, which its
// colliders' material holds and Godot output writes as a PhysicsMaterial,
// were said dropped too. Each is written in the other version's terms
// now, and none is said dropped.
func TestGodotPropsAcrossVersions(t *testing.T) {
	reg := all.Registry()
	cases := []struct {
		from  int
		scene string
		want  []string
	}{
		{4, `[gd_scene load_steps=2 format=3]

[sub_resource type="BoxShape3D" id="b"]

[node name="Root" type="Node3D"]

[node name="Belt" type="StaticBody3D" parent="."]
constant_linear_velocity = Vector3(2, 0, 0)
constant_angular_velocity = Vector3(0, 1, 0)

[node name="CS" type="CollisionShape3D" parent="Belt"]
shape = SubResource("b")

[node name="Car" type="VehicleBody3D" parent="."]
engine_force = 40.0
brake = 2.0
steering = 0.3

[node name="CS" type="CollisionShape3D" parent="Car"]
shape = SubResource("b")
`, []string{"constant_linear_velocity = Vector3( 2, 0, 0 )", "constant_angular_velocity = Vector3( 0, 1, 0 )", "engine_force = 40.0", "brake = 2.0", "steering = 0.3"}},
		{3, `[gd_scene load_steps=2 format=2]

[sub_resource type="BoxShape" id=1]

[node name="Root" type="Spatial"]

[node name="Belt" type="StaticBody" parent="."]
constant_linear_velocity = Vector3( 2, 0, 0 )
friction = 0.3
bounce = 0.4

[node name="CS" type="CollisionShape" parent="Belt"]
shape = SubResource( 1 )

[node name="Walker" type="KinematicBody" parent="."]
move_lock_y = true

[node name="CS" type="CollisionShape" parent="Walker"]
shape = SubResource( 1 )
`, []string{"constant_linear_velocity = Vector3(2, 0, 0)", "axis_lock_linear_y = true", "friction = 0.3", "bounce = 0.4"}},
	}
	for _, c := range cases {
		to := map[int]string{4: "godot3", 3: "godot"}[c.from]
		out, res := convertIn(t, reg, fstest.MapFS{"s.tscn": {Data: []byte(c.scene)}}, "s.tscn", to)
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeGodotPropsDropped {
				t.Errorf("Godot %d to %s: %s", c.from, to, d.Message)
			}
		}
		for _, w := range c.want {
			if !strings.Contains(string(out.Main), w) {
				t.Errorf("Godot %d to %s: %q not written:\n%s", c.from, to, w, out.Main)
			}
		}
	}
}
