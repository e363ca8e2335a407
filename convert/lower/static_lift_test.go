package lower_test

import (
	"fmt"
	"math"
	"slices"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/khr"
)

// TestStaticBodiesLeaveTheirMovingBody: for a format without static
// motions (KHR), every static body inside a moving one — here 1,000 of
// them, some nested in each other, between the body's other children —
// moves to the scene root at its world pose, the body keeps its other
// children in order, and the source Graph is left as it was.
func TestStaticBodiesLeaveTheirMovingBody(t *testing.T) {
	g := convert.NewGraph()
	m := 1.0
	car := g.AddNode(convert.Node{Name: "car", Transform: convert.Transform{T: convert.Vec3{1, 2, 3}, R: convert.AxisAngle(convert.Vec3{0, 0, 1}, 0.3), S: convert.Vec3{1, 1, 1}},
		Motion: &convert.Motion{Kind: convert.Dynamic, Mass: &m}}, -1)
	var statics, others []int
	for k := 0; k < 1000; k++ {
		xf := convert.Identity()
		xf.T = convert.Vec3{float64(k), 0.5, 0}
		parent := car
		if k%10 == 9 {
			parent = statics[len(statics)-1] // inside the previous static body
		}
		statics = append(statics, g.AddNode(convert.Node{Name: fmt.Sprintf("static%d", k), Transform: xf, Motion: &convert.Motion{Kind: convert.Static}}, parent))
		if k%100 == 0 {
			others = append(others, g.AddNode(convert.Node{Name: fmt.Sprintf("frame%d", k), Transform: xf}, car))
		}
	}
	before := g.Clone()
	world := make([]convert.Transform, len(g.Nodes))
	for i := range g.Nodes {
		world[i] = g.WorldTransform(i)
	}
	out, diags := lower.Lower(g, &khr.Capabilities)
	moved := 0
	for _, d := range diags {
		if d.Code == convert.CodeStaticBodyReparented {
			moved++
		}
	}
	if moved != 900 {
		t.Errorf("%d static bodies moved, want the 900 directly in the car", moved)
	}
	if !slices.Equal(out.Nodes[car].Children, others) {
		t.Errorf("the car's children %v, want its frames %v in order", out.Nodes[car].Children, others)
	}
	for _, i := range statics {
		w := out.WorldTransform(i)
		for k := 0; k < 3; k++ {
			if math.Abs(w.T[k]-world[i].T[k]) > 1e-12 {
				t.Fatalf("%s at %v, was %v", g.Nodes[i].Name, w.T, world[i].T)
			}
		}
		if p := out.Nodes[i].Parent; p >= 0 && out.Nodes[p].Motion != nil {
			t.Fatalf("%s still inside moving %s", g.Nodes[i].Name, out.Nodes[p].Name)
		}
	}
	for i := range g.Nodes {
		if !slices.Equal(g.Nodes[i].Children, before.Nodes[i].Children) || g.Nodes[i].Parent != before.Nodes[i].Parent {
			t.Fatalf("Lower changed the source's node %d", i)
		}
	}
}
