package lower

import (
	"math"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestPhysicalInertia: positive principal moments that break the
// triangle inequality (a glTF water wheel's [0.4 0.1 0.1]) are kept for a
// target whose engines take them and repaired, with inertia-repaired,
// for one that refuses them (MJCF, URDF); moments that keep it, point
// masses and infinite moments are left alone either way.
func TestPhysicalInertia(t *testing.T) {
	inf := convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	for _, c := range []struct {
		in, want convert.Vec3
		physical bool
	}{
		{convert.Vec3{0.4, 0.1, 0.1}, convert.Vec3{0.4, 0.1, 0.1}, false},
		{convert.Vec3{0.4, 0.1, 0.1}, convert.Vec3{0.2, 0.1, 0.1}, true},
		{convert.Vec3{2, 8, 2}, convert.Vec3{2, 4, 2}, true},
		{convert.Vec3{0.3, 0.2, 0.15}, convert.Vec3{0.3, 0.2, 0.15}, true},
		{convert.Vec3{}, convert.Vec3{}, true},
		{inf, inf, true},
	} {
		g := convert.NewGraph()
		d := c.in
		g.AddNode(convert.Node{Name: "b", Transform: convert.Identity(), Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0), InertiaDiagonal: &d, CenterOfMass: &convert.Vec3{}}}, -1)
		caps := &convert.Capabilities{PhysicalInertia: c.physical, ZeroInertia: true}
		out, diags := LowerInPlace(g, caps)
		got := *out.Nodes[0].Motion.InertiaDiagonal
		if got != c.want || diags.Has(convert.CodeInertiaRepaired) != (c.in != c.want) {
			t.Errorf("%v (physical %v): %v, %v", c.in, c.physical, got, diags)
		}
	}
}
