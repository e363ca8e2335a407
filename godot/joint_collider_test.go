package godot

import (
	"strconv"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/kin"
)

// A collider on a joint node (in a body, or in the world) cannot stay on a
// Godot joint: it moves to the body (or a static body of its own) at the
// same world pose instead of vanishing.
func TestColliderOnJointNodeKept(t *testing.T) {
	g := convert.NewGraph()
	rigid := func(x, y, z float64) convert.Transform {
		return convert.Transform{T: convert.Vec3{x, y, z}, R: convert.AxisAngle(convert.Vec3{0, 0, 1}, 0.3), S: convert.Vec3{1, 1, 1}}
	}
	a := g.AddNode(convert.Node{Name: "A", Transform: rigid(0, 1, 0), Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}}, -1)
	b := g.AddNode(convert.Node{Name: "B", Transform: rigid(1, 1, 0), Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}}, -1)
	limits, frame := kin.LimitsFor(kin.KindRevolute, convert.Vec3{0, 1, 0}, -1, 1)
	sphere := g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.2})
	cb := g.AddNode(convert.Node{Name: "hinge_b", Transform: convert.Transform{R: frame, S: convert.Vec3{1, 1, 1}}}, b)
	g.AddNode(convert.Node{Name: "hinge", Transform: convert.Transform{T: convert.Vec3{0.5, 0.2, 0}, R: frame, S: convert.Vec3{1, 1, 1}},
		Joint: &convert.Joint{Connected: cb, Limits: limits}, Collider: &convert.Collider{Shape: sphere, Material: -1, Filter: -1}}, a)
	cw := g.AddNode(convert.Node{Name: "pin_b", Transform: rigid(0, 1, 0)}, b)
	ball, _ := kin.LimitsFor(kin.KindBall, convert.Vec3{}, 0, 0)
	g.AddNode(convert.Node{Name: "pin", Transform: rigid(1, 2, 0),
		Joint: &convert.Joint{Connected: cw, Limits: ball}, Collider: &convert.Collider{Shape: sphere, Material: -1, Filter: -1}}, -1)
	want := inspect.Inspect(g, "graph", nil)
	for _, version := range []int{4, 3} {
		out, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(version)))
		if err != nil {
			t.Fatal(err)
		}
		if !diags.Has("godot-shape-moved") {
			t.Errorf("Godot %d: moved colliders not diagnosed: %v", version, diags)
		}
		got := inspect.Inspect(parseText(t, string(out.Main)), "godot", nil)
		for _, w := range want.Bodies {
			for _, c := range w.Colliders {
				found := false
				for _, gb := range got.Bodies {
					for _, d := range gb.Colliders {
						if d.Shape == c.Shape && d.Position.Sub(c.Position).Len() < 1e-12 && (w.Kind == convert.Static) == (gb.Kind == convert.Static) {
							found = true
						}
					}
				}
				if !found {
					t.Errorf("Godot %d: collider on %q (%s body %q) lost\n%s", version, c.Node, w.Kind, w.Name, out.Main)
				}
			}
		}
	}
}
