package physconv_test

import (
	"fmt"
	"math"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestScaleRoundingKeepsInertiaProducts: a Godot body whose scale is
// uniform but for single-precision rounding (a ragdoll's bones exported in
// float32), holding a turned box, keeps its products of inertia in Godot 4
// output: its scale is written uniform (godot-scale-rounded) and its frame
// turned onto the principal axes, rather than the products dropped
// (godot-inertia-axes), which verification, comparing the inertia at 1e-9,
// would not let pass unexplained. 30 generated bodies with scales up to
// 1e-7 apart, to every format; a scale 1e-3 apart still loses them, said.
func TestScaleRoundingKeepsInertiaProducts(t *testing.T) {
	scene := func(seed uint64, apart float64) string {
		_, u := seeded(seed, 17)
		s := [3]float64{1 + apart*u(-0.5, 0.5), 1 + apart*u(-0.5, 0.5), 1 + apart*u(-0.5, 0.5)}
		a, b := u(-3, 3), u(-3, 3)
		ca, sa, cb, sb := math.Cos(a), math.Sin(a), math.Cos(b), math.Sin(b)
		// the body turned about Y by a, scaled; the box turned about Z by b
		return fmt.Sprintf(`[gd_scene format=3]

[sub_resource type="BoxShape3D" id="1"]
size = Vector3(%g, %g, %g)

[node name="W" type="Node3D"]

[node name="Bone" type="RigidBody3D" parent="."]
transform = Transform3D(%.17g, 0, %.17g, 0, %.17g, 0, %.17g, 0, %.17g, %g, %g, 0)
mass = 2.0

[node name="S" type="CollisionShape3D" parent="Bone"]
transform = Transform3D(%.17g, %.17g, 0, %.17g, %.17g, 0, 0, 0, 1, 0.1, 0, 0)
shape = SubResource("1")
`, u(0.1, 1), u(0.1, 1), u(0.1, 1), ca*s[0], -sa*s[0], s[1], sa*s[2], ca*s[2], u(-1, 1), u(-1, 1), cb, sb, -sb, cb)
	}
	reg := all.Registry()
	for seed := uint64(1); seed <= 30; seed++ {
		fsys := fstest.MapFS{"s.tscn": {Data: []byte(scene(seed, 1e-7))}}
		noMismatchAnywhere(t, reg, fsys, "s.tscn", fmt.Sprintf("seed %d", seed))
		_, res := convertIn(t, reg, fsys, "s.tscn", "godot")
		if res.Diagnostics.Has(convert.CodeGodotInertiaAxes) || !res.Diagnostics.Has(convert.CodeGodotScaleRounded) {
			t.Errorf("seed %d: products dropped (%v) or the scale not rounded (%v)", seed, res.Diagnostics.Has(convert.CodeGodotInertiaAxes), res.Diagnostics.Has(convert.CodeGodotScaleRounded))
		}
	}
	fsys := fstest.MapFS{"s.tscn": {Data: []byte(scene(1, 1e-3))}}
	noMismatchAnywhere(t, reg, fsys, "s.tscn", "1e-3 apart")
	if _, res := convertIn(t, reg, fsys, "s.tscn", "godot"); !res.Diagnostics.Has(convert.CodeGodotInertiaAxes) || res.Diagnostics.Has(convert.CodeGodotScaleRounded) {
		t.Errorf("a scale 1e-3 apart: %v", res.Diagnostics)
	}
}
