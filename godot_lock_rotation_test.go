package physconv_test

import (
	"math"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// lockRotationCases spin a body in Godot 4: lock_rotation (no torque
// turns it; it keeps its spin) and the three angular axis locks (its
// spin stops). The locks come before the velocity, as Godot saves them:
// lock_rotation set after a velocity stops the body too.
var lockRotationCases = []struct{ name, locks string }{
	{"lock_rotation", "lock_rotation = true\n"},
	{"axis-locks", "axis_lock_angular_x = true\naxis_lock_angular_y = true\naxis_lock_angular_z = true\n"},
}

// TestGodotLockRotationSpins: Godot 4's lock_rotation gives a body
// infinite inertia, which keeps the spin it starts with; it was read as
// three axis locks, which stop it, and infinite inertia from any format
// was written so (a body spun 172° in a second in the source stood
// still). lock_rotation is now infinite inertia both ways: through Godot
// and through KHR, Godot 4.6 turns each body as the source does.
func TestGodotLockRotationSpins(t *testing.T) {
	reg := all.Registry()
	for _, c := range lockRotationCases {
		src := `[gd_scene load_steps=2 format=3]
[sub_resource type="BoxShape3D" id="box"]
size = Vector3(0.5, 0.2, 0.3)
[node name="Root" type="Node3D"]
[node name="Body" type="RigidBody3D" parent="."]
gravity_scale = 0.0
` + c.locks + `angular_damp_mode = 1
angular_velocity = Vector3(0.5, 1, 3)
[node name="Shape" type="CollisionShape3D" parent="Body"]
shape = SubResource("box")
`
		scenes := map[string]string{"source": src}
		out, res := convertIn(t, reg, fstest.MapFS{"src.tscn": {Data: []byte(src)}}, "src.tscn", "godot")
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s to Godot: %v", c.name, m)
		}
		scenes["through Godot"] = string(out.Main)
		khr, res := convertIn(t, reg, fstest.MapFS{"src.tscn": {Data: []byte(src)}}, "src.tscn", "khr")
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s to KHR: %v", c.name, m)
		}
		out, res = convertIn(t, reg, outputFS(khr, "out.gltf"), "out.gltf", "godot")
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s from KHR: %v", c.name, m)
		}
		scenes["through KHR"] = string(out.Main)
		testenv.Oracle(t, "godot4-inspect")
		project := map[string]string{"project.godot": "config_version=5\n"}
		want := testenv.GodotPoses(t, "godot4-inspect", src, 60, project)["Body"].Quat
		if c.name == "lock_rotation" && math.Abs(want[3]) > 0.99 {
			t.Fatalf("%s: the source's body does not turn in Godot (%v)", c.name, want)
		}
		for how, scene := range scenes {
			got := testenv.GodotPoses(t, "godot4-inspect", scene, 60, project)["Body"].Quat
			dot := got[0]*want[0] + got[1]*want[1] + got[2]*want[2] + got[3]*want[3]
			if 1-math.Abs(dot) > 1e-6 {
				t.Errorf("%s %s: the body turned to %v in a second, the source's to %v", c.name, how, got, want)
			}
		}
	}
}
