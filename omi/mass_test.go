package omi

import (
	"math"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/convert/mass"
)

// TestEmitInertiaWithMass: OMI never writes a mass without the inertia,
// whatever its source: a reader computing it from the colliders written
// would miss one the format drops (a plane here) and get another tensor.
// Read back, the body has the source's inertia.
func TestEmitInertiaWithMass(t *testing.T) {
	g := convert.NewGraph()
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.2, 0.4, 0.6}, Mesh: -1})
	plane := g.AddShape(convert.Shape{Kind: convert.Plane, Mesh: -1})
	b := g.AddNode(convert.Node{Name: "Body", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1,
		Mass: convert.Ptr(3.0), InertiaDiagonal: &convert.Vec3{0.5, 0.7, 0.9}}}, -1)
	g.AddNode(convert.Node{Name: "Box", Transform: convert.Transform{T: convert.Vec3{0.1, 0.2, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
		Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, b)
	g.AddNode(convert.Node{Name: "Floor", Collider: &convert.Collider{Shape: plane, Material: -1, Filter: -1}}, b)
	for _, computed := range []bool{false, true} {
		src := g.Clone()
		if computed {
			src.Nodes[b].Motion.InertiaDiagonal = nil // computed from the box by Complete
		}
		src, _ = mass.Complete(src, nil)
		lg, _ := lower.Lower(src, &Capabilities)
		out, _, err := Emit(lg, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		back, _, _ := reparse(t, out, "mass.gltf")
		back, _ = mass.Complete(back, nil)
		m, w := back.Nodes[b].Motion, src.Nodes[b].Motion
		if m.InertiaSource != convert.Given {
			t.Errorf("computed %v: inertia read back as %s, want given (written)", computed, m.InertiaSource)
		}
		want, _ := w.InertiaTensor()
		got, _ := m.InertiaTensor()
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				if math.Abs(got[r][c]-want[r][c]) > 1e-12*want[2][2] {
					t.Errorf("computed %v: inertia %v, want %v", computed, got, want)
				}
			}
		}
	}
}
