package mjcf

import (
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/kin"
)

// A ball joint between the world and a kinematic (mocap) body closes a
// loop through the world: it becomes a <connect> named after the joint,
// with body1="world" when frame A is in the world, and reads back as
// that joint at the same anchor.
func TestLoopToWorldKeepsNameAndAnchor(t *testing.T) {
	for _, worldSideA := range []bool{true, false} {
		g := convert.NewGraph()
		k := g.AddNode(convert.Node{Name: "k", Transform: rigidAt(1, 1, 0),
			Motion: &convert.Motion{Kind: convert.Kinematic, GravityFactor: 1, Mass: convert.Ptr(1.0), CenterOfMass: &convert.Vec3{}, InertiaDiagonal: &convert.Vec3{0.1, 0.1, 0.1}}}, -1)
		limits, _ := kin.LimitsFor(kin.KindBall, convert.Vec3{}, 0, 0)
		if worldSideA {
			cb := g.AddNode(convert.Node{Name: "pin_b", Transform: rigidAt(0.5, 0, 0)}, k)
			g.AddNode(convert.Node{Name: "pin", Transform: rigidAt(1.5, 1, 0), Joint: &convert.Joint{Connected: cb, Limits: limits}}, -1)
		} else {
			cb := g.AddNode(convert.Node{Name: "pin_b", Transform: rigidAt(1.5, 1, 0)}, -1)
			g.AddNode(convert.Node{Name: "pin", Transform: rigidAt(0.5, 0, 0), Joint: &convert.Joint{Connected: cb, Limits: limits}}, k)
		}
		back, text := emitParse(t, g)
		r := inspect.Inspect(back, "mjcf", nil)
		if len(r.Joints) != 1 || r.Joints[0].Name != "pin" || r.Joints[0].Kind != kin.KindBall {
			t.Fatalf("world side A %v: joints %+v, want ball \"pin\"\n%s", worldSideA, r.Joints, text)
		}
		if a := r.Joints[0].Anchor; a.Sub(convert.Vec3{1.5, 1, 0}).Len() > 1e-12 {
			t.Errorf("world side A %v: anchor %v, want (1.5, 1, 0)\n%s", worldSideA, a, text)
		}
	}
}
