package godot

import (
	"fmt"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestCompoundTriggerIndirectMembers: a compound trigger whose shaped
// members sit one or more plain nodes below it (listed or implicit, as OMI
// allows) is written as one Area3D holding every shape directly, at the
// members' world poses.
func TestCompoundTriggerIndirectMembers(t *testing.T) {
	for _, c := range []struct {
		depth    int
		listed   bool
		nMembers int
	}{{1, true, 1}, {2, true, 2}, {3, false, 1}, {2, false, 3}, {0, true, 2}} {
		t.Run(fmt.Sprintf("depth%d_listed%v_%d", c.depth, c.listed, c.nMembers), func(t *testing.T) {
			g := &convert.Graph{}
			sh := g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.5, Mesh: -1})
			tr := g.AddNode(convert.Node{Name: "Zone", Transform: convert.Identity(), Trigger: &convert.Trigger{Shape: -1, Filter: -1}}, -1)
			var members []int
			var want []convert.Vec3
			for m := 0; m < c.nMembers; m++ {
				parent := tr
				for k := 0; k < c.depth; k++ {
					x := convert.Identity()
					x.T = convert.Vec3{float64(m), 1, 0}
					parent = g.AddNode(convert.Node{Name: fmt.Sprintf("Holder%d_%d", m, k), Transform: x}, parent)
				}
				x := convert.Identity()
				x.T = convert.Vec3{0, 0, float64(m + 1)}
				k := g.AddNode(convert.Node{Name: fmt.Sprintf("Member%d", m), Transform: x, Trigger: &convert.Trigger{Shape: sh, Filter: -1}}, parent)
				members = append(members, k)
				want = append(want, g.WorldTransform(k).T)
			}
			if c.listed {
				g.Nodes[tr].Trigger.Nodes = members
			}
			out, _, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			back := parseText(t, string(out.Main))
			areas, shapes := 0, 0
			var got []convert.Vec3
			for i := range back.Nodes {
				n := &back.Nodes[i]
				if n.Trigger != nil && n.Trigger.Shape < 0 {
					areas++
				}
				if n.Trigger != nil && n.Trigger.Shape >= 0 {
					p := n.Parent
					if p < 0 || back.Nodes[p].Trigger == nil || back.Nodes[p].Trigger.Shape >= 0 {
						t.Errorf("trigger shape %q is not a direct child of the area", n.Name)
					}
					shapes++
					got = append(got, back.WorldTransform(i).T)
				}
			}
			if areas != 1 || shapes != c.nMembers {
				t.Fatalf("%d areas with %d shapes, want 1 with %d\n%s", areas, shapes, c.nMembers, out.Main)
			}
			for k := range want {
				found := false
				for _, p := range got {
					if p.Sub(want[k]).Len() < 1e-9 {
						found = true
					}
				}
				if !found {
					t.Errorf("no shape at %v (got %v)", want[k], got)
				}
			}
		})
	}
}
