package physconv_test

import (
	"context"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// ccdBall is a 5 cm ball at 60 m/s over a 2 cm plate: with continuous
// collision detection it stops on the plate, without it it passes through
// between two steps.
const ccdBall = `[gd_scene load_steps=3 format=3]

[sub_resource type="BoxShape3D" id="plate"]
size = Vector3(4, 0.02, 4)

[sub_resource type="SphereShape3D" id="ball"]
radius = 0.05

[node name="root" type="Node3D"]

[node name="Plate" type="StaticBody3D" parent="."]

[node name="CollisionShape3D" type="CollisionShape3D" parent="Plate"]
shape = SubResource("plate")

[node name="Ball" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0)
gravity_scale = 0.0
continuous_cd = true
linear_velocity = Vector3(0, -60, 0)

[node name="CollisionShape3D" type="CollisionShape3D" parent="Ball"]
shape = SubResource("ball")
`

// TestContinuousCollisionDropped: a Godot body's continuous collision
// detection (continuous_cd) keeps a fast body from passing through thin
// objects; KHR, OMI, MJCF and URDF have none, and it was dropped said by
// nothing (a ball that stops on a plate in the source went through it in
// the KHR file read back into Godot). The Graph now carries it
// (Motion.ContinuousCollision): Godot output of either version writes it,
// and the other formats warn that they drop it (ccd-dropped).
func TestContinuousCollisionDropped(t *testing.T) {
	reg := all.Registry()
	outputs := map[string]string{}
	for _, to := range []string{"godot", "godot3", "khr", "omi", "mjcf", "urdf"} {
		out, res, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "ccd.tscn", Data: []byte(ccdBall),
			Options: &convert.Options{From: "godot", To: to}})
		if err != nil {
			t.Fatal(err)
		}
		godot := strings.HasPrefix(to, "godot")
		if n := len(res.Diagnostics.OfCode(convert.CodeCCDDropped)); n != map[bool]int{true: 0, false: 1}[godot] {
			t.Errorf("%s: %d ccd-dropped: %v", to, n, res.Diagnostics)
		}
		if written := strings.Count(string(out.Main), "continuous_cd = true"); godot && written != 1 {
			t.Errorf("%s: continuous_cd written %d times:\n%s", to, written, out.Main)
		}
		outputs[to] = string(out.Main)
	}
	testenv.Oracle(t, "godot4-inspect")
	project := map[string]string{"project.godot": testenv.Godot4Project}
	for name, scene := range map[string]string{"the source": ccdBall, "its Godot output": outputs["godot"]} {
		if y := testenv.GodotOrigins(t, "godot4-inspect", scene, 30, project)["Ball"][1]; y < 0 {
			t.Errorf("in Godot 4.6 the ball of %s passed through the plate (y = %.3f)", name, y)
		}
	}
}
