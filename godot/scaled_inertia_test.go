package godot

import (
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// TestScaledBodyInertiaAxes writes a body whose principal axes of inertia
// are turned against its frame: under a uniform scale the frame turns onto
// them; under a non-uniform one it cannot (it would shear), so the moments
// along the body's axes are written and said so. Either way the centre of
// mass reads back where it was in the world.
func TestScaledBodyInertiaAxes(t *testing.T) {
	for _, c := range []struct {
		name  string
		basis string // the body's basis in the scene
		code  convert.Code
	}{
		{"unscaled", "1, 0, 0, 0, 1, 0, 0, 0, 1", convert.CodeGodotInertiaBaked},
		{"uniform", "2, 0, 0, 0, 2, 0, 0, 0, 2", convert.CodeGodotInertiaBaked},
		{"non-uniform", "1, 0, 0, 0, 2, 0, 0, 0, 1", convert.CodeGodotInertiaAxes},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := parseText(t, `[gd_scene format=3]

[sub_resource type="BoxShape3D" id="Box"]

[node name="Root" type="Node3D"]

[node name="Body" type="RigidBody3D" parent="."]
transform = Transform3D(`+c.basis+`, -1, 1, 1)

[node name="Shape" type="CollisionShape3D" parent="Body"]
shape = SubResource("Box")
`)
			m := g.Nodes[nodeNamed(t, g, "Body")].Motion
			q := convert.AxisAngle(convert.Vec3{1, 1, 0}.Normalize(), 0.7)
			m.Mass, m.CenterOfMass = convert.Ptr(1.0), &convert.Vec3{0.0625, 0.0625, 0.0625}
			m.InertiaDiagonal, m.InertiaOrientation = &convert.Vec3{0.01, 0.02, 0.03}, &q
			m.CenterOfMassSource, m.InertiaSource = convert.Given, convert.Given
			out, diags, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if !diags.Has(c.code) {
				t.Errorf("no %s: %v", c.code, diags)
			}
			want, got := inspect.Inspect(g, "godot", nil), inspect.Inspect(parseText(t, string(out.Main)), "godot", nil)
			inspect.Equate(want, got, 1e-9)
			for _, d := range inspect.Diff(want, got, 1e-9) {
				if d.Quantity == convert.QCenterOfMass || d.Quantity == convert.QShape || d.Quantity == convert.QInertia && c.code == convert.CodeGodotInertiaBaked {
					t.Errorf("%s\n%s", d.Message, out.Main)
				}
			}
		})
	}
}
