package lower_test

import (
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/omi"
	"github.com/physconv/physconv/urdf"
)

// TestInfinitePlaneSlab: an infinite plane that collides is a half-space
// (everything below it is inside). A format without planes gets a box
// whose top face is the plane, deep enough that nothing passes through
// it; it was a 1 mm box centred on the plane, through which a small or
// fast body fell. The collider's node moves down when it carries nothing
// else; a node that carries more (a visual, a body) keeps its pose and
// hands the collider to a child. A plane only seen stays a thin box.
func TestInfinitePlaneSlab(t *testing.T) {
	tilt := convert.Identity()
	tilt.T = convert.Vec3{1, 2, 3}
	tilt.R = convert.AxisAngle(convert.Vec3{1, 0, 0}, 0.3)
	cases := []struct {
		name string
		node convert.Node
	}{
		{"collider only", convert.Node{Name: "floor", Transform: tilt}},
		{"with a visual", convert.Node{Name: "floor", Transform: tilt, Visual: &convert.Visual{Shape: 0}}},
		{"static body", convert.Node{Name: "floor", Transform: tilt, Motion: &convert.Motion{Kind: convert.Static}}},
	}
	for _, target := range []struct {
		name string
		caps *convert.Capabilities
	}{{"urdf", &urdf.Capabilities}, {"omi", &omi.Capabilities}} {
		for _, c := range cases {
			g := convert.NewGraph()
			plane := g.AddShape(convert.Shape{Kind: convert.Plane, Mesh: -1})
			n := c.node
			n.Collider = &convert.Collider{Shape: plane, Material: -1, Filter: -1}
			floor := g.AddNode(n, -1)
			out, _ := lower.Lower(g, target.caps)
			frames := out.Frames(-1)
			found := 0
			for i := range out.Nodes {
				col := out.Nodes[i].Collider
				if col == nil {
					continue
				}
				found++
				box := out.Shapes[col.Shape]
				if box.Kind != convert.Box || box.Size[1] < 1 || box.Size[0] < 1000 || box.Size[2] < 1000 {
					t.Fatalf("%s %s: the plane became %+v, want a deep wide box", target.name, c.name, box)
				}
				// the box's top face is the plane: its centre lies half its
				// depth below the plane, along the plane's normal
				w := frames.World(i)
				normal := tilt.R.Rotate(convert.Vec3{0, 1, 0})
				want := tilt.T.Sub(normal.Scale(box.Size[1] / 2))
				if d := w.T.Sub(want).Len(); d > 1e-9 || w.R.Rotate(convert.Vec3{0, 1, 0}).Sub(normal).Len() > 1e-9 {
					t.Errorf("%s %s: box centre %v, want %v (top face on the plane)", target.name, c.name, w.T, want)
				}
			}
			if found != 1 {
				t.Fatalf("%s %s: %d colliders, want 1", target.name, c.name, found)
			}
			if c.node.Visual != nil || c.node.Motion != nil {
				if out.Nodes[floor].Transform != tilt || (c.node.Visual != nil) != (out.Nodes[floor].Visual != nil) {
					t.Errorf("%s %s: the node carrying more than the collider moved or lost its visual", target.name, c.name)
				}
			}
		}
	}
	// a visual plane is drawn where it is
	g := convert.NewGraph()
	plane := g.AddShape(convert.Shape{Kind: convert.Plane, Mesh: -1})
	g.AddNode(convert.Node{Name: "floor", Transform: tilt, Visual: &convert.Visual{Shape: plane}}, -1)
	out, _ := lower.Lower(g, &urdf.Capabilities)
	v := out.Nodes[0].Visual
	if v == nil || out.Shapes[v.Shape].Kind != convert.Box || out.Shapes[v.Shape].Size[1] > 0.01 || out.Nodes[0].Transform != tilt {
		t.Errorf("a visual plane became %+v at %+v, want a thin box in place", out.Shapes[v.Shape], out.Nodes[0].Transform)
	}
}
