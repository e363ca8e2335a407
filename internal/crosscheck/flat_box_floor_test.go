package crosscheck

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/internal/testenv"
)

// flatBoxFloor is a ball dropped on a floor Godot takes though it has no
// thickness: a box of size 6 × 0 × 6.
const flatBoxFloor = `[gd_scene format=3]

[sub_resource type="BoxShape3D" id="floor"]
size = Vector3(6, 0, 6)

[sub_resource type="SphereShape3D" id="ball"]
radius = 0.5

[node name="Main" type="Node3D"]

[node name="Floor" type="StaticBody3D" parent="."]

[node name="Shape" type="CollisionShape3D" parent="Floor"]
shape = SubResource("floor")

[node name="Ball" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0.3, 2, 0.2)

[node name="Shape" type="CollisionShape3D" parent="Ball"]
shape = SubResource("ball")
`

// TestFlatBoxFloorHolds: Godot 4 drops the ball on the flat box and on
// the rectangle the Godot output writes for it, and the ball comes to
// rest at the same place (1e-6 m: the same engine and step, a box face
// against a two-sided triangle pair); MuJoCo, given the MJCF output
// (the rectangle thickened behind its face), rests it a radius above.
func TestFlatBoxFloorHolds(t *testing.T) {
	testenv.Oracle(t, "godot4-inspect")
	testenv.Oracle(t, "mj-inspect")
	src := writtenSource(t, "floor.tscn", flatBoxFloor)
	dir := filepath.Dir(src)
	back := filepath.Join(dir, "back.tscn")
	convertedFile(t, src, back)
	want := godotSteps(t, src, dir, 120)["Ball"].Global.Origin
	got := godotSteps(t, back, dir, 120)["Ball"].Global.Origin
	if math.Abs(want[1]-0.5) > 0.01 {
		t.Fatalf("source: the ball rests at height %v, not on the floor", want[1])
	}
	for k := range want {
		if math.Abs(want[k]-got[k]) > 1e-6 {
			t.Errorf("Godot output: the ball rests at %v, the source's at %v", got, want)
			break
		}
	}
	xml := filepath.Join(dir, "floor.xml")
	convertedFile(t, src, xml)
	if z := afterSteps(t, mjcfInspect(t, "--steps", "2000", xml), "Ball")[2]; math.Abs(z-0.5) > 0.01 {
		t.Errorf("MJCF output: MuJoCo rests the ball at height %v, not a radius above the floor", z)
	}
}
