package physconv_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// lockedSpinner is a Godot 4 box spinning about Y with its X and Z
// rotations locked, sliding onto a floor whose friction slows the spin:
// how fast depends on the free moment, 3 kg·m².
const lockedSpinner = `[gd_scene load_steps=3 format=3]

[sub_resource type="BoxShape3D" id="1"]
size = Vector3(2, 0.5, 1)

[sub_resource type="BoxShape3D" id="2"]
size = Vector3(40, 1, 40)

[node name="Root" type="Node3D"]

[node name="Bike" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0.3, 0)
mass = 10.0
inertia = Vector3(2, 3, 4)
axis_lock_angular_x = true
axis_lock_angular_z = true
linear_velocity = Vector3(2, 0, 0)
angular_velocity = Vector3(0, 4, 0)
linear_damp_mode = 1
angular_damp_mode = 1

[node name="Shape" type="CollisionShape3D" parent="Bike"]
shape = SubResource("1")

[node name="Floor" type="StaticBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -0.5, 0)

[node name="Shape" type="CollisionShape3D" parent="Floor"]
shape = SubResource("2")
`

// TestLockedAxesInertiaThroughKHR: KHR writes a Godot body's locked
// rotation as an infinite (zero) moment about that axis; written to
// Godot, the whole inertia was dropped for Godot to compute from the
// shapes, so the free moment changed (3 → 4.17 kg·m² for a box) and the
// body turned otherwise, said by a warning that Godot cannot store such
// moments. The infinite moments are now axis locks and moments as good
// as infinite (Godot's contact solver uses a locked axis's moment), the
// free ones written as they are: in Godot 4.6 the output turns as a body
// whose locked moments are a trillion times larger does. (The source's
// own finite moments of its locked axes are what KHR does not keep,
// lock-as-inertia.)
func TestLockedAxesInertiaThroughKHR(t *testing.T) {
	reg := all.Registry()
	ctx := context.Background()
	khr, res, err := physconv.ConvertBytes(ctx, reg, &convert.Input{Name: "lock.tscn", Data: []byte(lockedSpinner),
		Options: &convert.Options{From: "godot", To: "khr", OutputName: "lock.gltf"}})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(strings.ReplaceAll(string(khr.Main), " ", ""), `"inertiaDiagonal":[0,3,0]`) {
		t.Fatalf("KHR output without the locks as zero moments:\n%s", khr.Main)
	}
	back, res, err := physconv.ConvertBytes(ctx, reg, &convert.Input{Name: "lock.gltf", Data: khr.Main,
		Options: &convert.Options{From: "khr", To: "godot", OutputName: "back.tscn"}})
	if err != nil {
		t.Fatal(err)
	}
	if res.Diagnostics.Has(convert.CodeGodotInertiaDropped) || res.Diagnostics.Has(convert.CodeVerifyMismatch) {
		t.Errorf("KHR → Godot: %v", res.Diagnostics)
	}
	scene := string(back.Main)
	for _, want := range []string{"inertia = Vector3(3e+06, 3.0, 3e+06)", "axis_lock_angular_x = true", "axis_lock_angular_z = true"} {
		if !strings.Contains(scene, want) {
			t.Errorf("no %q in\n%s", want, scene)
		}
	}
	testenv.Oracle(t, "godot4-inspect")
	project := map[string]string{"project.godot": testenv.Godot4Project}
	infinite := strings.Replace(lockedSpinner, "inertia = Vector3(2, 3, 4)", "inertia = Vector3(1e+12, 3, 1e+12)", 1)
	want := testenv.GodotPoses(t, "godot4-inspect", infinite, 90, project)["Bike"]
	got := testenv.GodotPoses(t, "godot4-inspect", scene, 90, project)["Bike"]
	yaw := func(q [4]float64) float64 { return 2 * math.Atan2(q[1], q[3]) }
	if d := math.Abs(yaw(want.Quat) - yaw(got.Quat)); d > 1e-5 || math.Abs(yaw(want.Quat)) < 0.5 {
		t.Errorf("in Godot 4.6 after 90 steps the body of infinite locked moments has turned %.6f rad, the KHR → Godot output %.6f", yaw(want.Quat), yaw(got.Quat))
	}
}
