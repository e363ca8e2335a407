package physconv_test

import (
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// areaScenes are a ball in an Area's point gravity (towards the area's
// centre, 5 m/s²) and damping, in Godot 4 and Godot 3.
var areaScenes = map[int]string{
	4: `[gd_scene load_steps=3 format=3]

[sub_resource type="SphereShape3D" id="s"]
radius = 5.0

[sub_resource type="BoxShape3D" id="b"]
size = Vector3(0.4, 0.4, 0.4)

[node name="Root" type="Node3D"]

[node name="PointGrav" type="Area3D" parent="."]
gravity_space_override = 3
gravity_point = true
gravity_point_center = Vector3(0, 0, 0)
gravity = 5.0
linear_damp_space_override = 3
linear_damp = 2.0
angular_damp_space_override = 3

[node name="CS" type="CollisionShape3D" parent="PointGrav"]
shape = SubResource("s")

[node name="Ball" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 3, 0, 0)

[node name="CS" type="CollisionShape3D" parent="Ball"]
shape = SubResource("b")
`,
	3: `[gd_scene load_steps=3 format=2]

[sub_resource type="SphereShape" id=1]
radius = 5.0

[sub_resource type="BoxShape" id=2]
extents = Vector3( 0.2, 0.2, 0.2 )

[node name="Root" type="Spatial"]

[node name="PointGrav" type="Area" parent="."]
space_override = 3
gravity_point = true
gravity_vec = Vector3( 0, 0, 0 )
gravity = 5.0
linear_damp = 2.0

[node name="CollisionShape" type="CollisionShape" parent="PointGrav"]
shape = SubResource( 1 )

[node name="Ball" type="RigidBody" parent="."]
transform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 3, 0, 0 )

[node name="CollisionShape" type="CollisionShape" parent="Ball"]
shape = SubResource( 2 )
`}

// TestGodotAreaAcrossVersions: an area's gravity and damping overrides
// were dropped between Godot 3 and Godot 4 (while a warning said they
// were kept in Godot output): Godot 3 overrides gravity and damping with
// one space_override and takes gravity_vec as a point gravity's centre or
// else its direction, where Godot 4 has an override each and
// gravity_point_center and gravity_direction. Each is now written in the
// other version's terms, and in each version's engine the ball falls
// towards the area's centre as in the source's (it stayed at x = 3 and
// fell under the world's gravity).
func TestGodotAreaAcrossVersions(t *testing.T) {
	reg := all.Registry()
	want := map[int][]string{
		3: {"space_override = 3", "gravity_point = true", "gravity_vec = Vector3( 0, 0, 0 )", "gravity = 5.0", "linear_damp = 2.0"},
		4: {"gravity_space_override = 3", "linear_damp_space_override = 3", "angular_damp_space_override = 3", "gravity_point = true",
			"gravity_point_center = Vector3(0, 0, 0)", "gravity = 5.0", "linear_damp = 2.0"},
	}
	oracle := map[int]string{4: "godot4-inspect", 3: "godot3-inspect"}
	project := map[int]string{4: testenv.Godot4Project, 3: "config_version=4\n"}
	outs := map[int]string{}
	for from, scene := range areaScenes {
		to := 7 - from
		out, res := convertIn(t, reg, fstest.MapFS{"a.tscn": {Data: []byte(scene)}}, "a.tscn", map[int]string{3: "godot3", 4: "godot"}[to])
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("Godot %d to %d: %v", from, to, m)
		}
		for _, w := range want[to] {
			if !strings.Contains(string(out.Main), w) {
				t.Errorf("Godot %d to %d: %q not written:\n%s", from, to, w, out.Main)
			}
		}
		outs[to] = string(out.Main)
	}
	for from, scene := range areaScenes {
		to := 7 - from
		testenv.Oracle(t, oracle[from])
		testenv.Oracle(t, oracle[to])
		src := testenv.GodotOrigins(t, oracle[from], scene, 120, map[string]string{"project.godot": project[from]})["Ball"]
		got := testenv.GodotOrigins(t, oracle[to], outs[to], 120, map[string]string{"project.godot": project[to]})["Ball"]
		// pulled 3 m towards the centre and damped (the versions' solvers
		// differ by a few centimetres); under the world's gravity it would
		// stay at x = 3 and fall 18 m
		if math.Abs(got[0]-src[0]) > 0.1 || math.Abs(got[1]-src[1]) > 0.1 || src[0] > 0 {
			t.Errorf("Godot %d to %d: the ball after 120 steps at %v, the source's at %v", from, to, got, src)
		}
	}
}
