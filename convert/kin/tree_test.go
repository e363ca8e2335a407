package kin

import (
	"math"
	"testing"

	"github.com/physconv/physconv/convert"
)

// treeBody adds a dynamic body of the given mass at position p.
func treeBody(g *convert.Graph, name string, mass float64, p convert.Vec3) int {
	tr := convert.Identity()
	tr.T = p
	return g.AddNode(convert.Node{Name: name, Transform: tr, Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(mass)}}, -1)
}

// treeHinge joins body a (frame A at local offset pa) to the node `connected`
// with a hinge about frame A's X axis limited to [lo, hi].
func treeHinge(g *convert.Graph, name string, a int, pa convert.Vec3, connected int, lo, hi float64) int {
	tr := convert.Identity()
	tr.T = pa
	j := &convert.Joint{Connected: connected, Limits: []convert.Limit{
		{Linear: []int{0, 1, 2}, Stiffness: math.Inf(1)},
		{Angular: []int{1, 2}, Stiffness: math.Inf(1)},
		{Angular: []int{0}, Min: lo, Max: hi, Stiffness: math.Inf(1)},
	}}
	return g.AddNode(convert.Node{Name: name, Transform: tr, Joint: j}, a)
}

func TestBuildTreeStaticRootAndReversal(t *testing.T) {
	g := convert.NewGraph()
	base := treeBody(g, "base", 5, convert.Vec3{0, 0, 0})
	g.Nodes[base].Motion.Kind = convert.Static
	arm := treeBody(g, "arm", 2, convert.Vec3{0, 1, 0})
	hand := treeBody(g, "hand", 1, convert.Vec3{0, 2, 0})
	j1 := treeHinge(g, "shoulder", base, convert.Vec3{0, 1, 0}, arm, -1, 2)
	// Frame A on the hand, B on the arm: the tree must swap the roles.
	armFrame := g.AddNode(convert.Node{Name: "armB", Transform: convert.Transform{T: convert.Vec3{0, 1, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}}}, arm)
	j2 := treeHinge(g, "wrist", hand, convert.Vec3{0, 0, 0}, armFrame, -0.5, 1.5)
	g.Couplings = []convert.Coupling{{Follower: j2, Leader: j1, Multiplier: 2, Offset: 0.1}}

	tr, diags := BuildTree(g, TreeOptions{})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	if len(tr.Links) != 3 || len(tr.Loops) != 0 {
		t.Fatalf("links %d loops %d, want 3 and 0", len(tr.Links), len(tr.Loops))
	}
	root := tr.Links[0]
	if root.Body != base || root.Parent != -1 || root.Joint.Kind != Weld {
		t.Fatalf("root = %+v, want base welded to the world", root)
	}
	a := tr.Links[tr.Link(arm)]
	if a.Parent != 0 || a.Joint.Node != j1 || a.Joint.Reversed {
		t.Fatalf("arm link = %+v", a)
	}
	h := tr.Links[tr.Link(hand)]
	if tr.Links[h.Parent].Body != arm || h.Joint.Node != j2 || !h.Joint.Reversed {
		t.Fatalf("hand link = %+v", h)
	}
	l := h.Joint.Joint.Limits[2]
	if l.Min != -1.5 || l.Max != 0.5 {
		t.Fatalf("reversed limit = [%v, %v], want [-1.5, 0.5]", l.Min, l.Max)
	}
	if g.Nodes[j2].Joint.Limits[2].Min != -0.5 {
		t.Fatal("BuildTree modified the graph")
	}
	if h.Joint.ParentFrame.T != (convert.Vec3{0, 1, 0}) || h.Joint.ChildFrame.T != (convert.Vec3{0, 0, 0}) {
		t.Fatalf("hand frames: parent %v child %v", h.Joint.ParentFrame.T, h.Joint.ChildFrame.T)
	}
	c := tr.Coupling(g.Couplings[0])
	if c.Multiplier != -2 || c.Offset != -0.1 {
		t.Fatalf("coupling = %+v, want multiplier -2 offset -0.1", c)
	}
}

func TestBuildTreeFreeGroupsAndLoops(t *testing.T) {
	g := convert.NewGraph()
	a := treeBody(g, "a", 1, convert.Vec3{})
	b := treeBody(g, "b", 3, convert.Vec3{1, 0, 0})
	c := treeBody(g, "c", 2, convert.Vec3{2, 0, 0})
	lone := treeBody(g, "lone", 10, convert.Vec3{5, 0, 0})
	treeHinge(g, "ab", a, convert.Vec3{}, b, -1, 1)
	treeHinge(g, "bc", b, convert.Vec3{}, c, -1, 1)
	loop := treeHinge(g, "ca", c, convert.Vec3{}, a, -1, 1)

	tr, diags := BuildTree(g, TreeOptions{})
	if len(diags) != 0 {
		t.Fatalf("diagnostics: %v", diags)
	}
	var roots []int
	for _, l := range tr.Links {
		if l.Parent == -1 {
			roots = append(roots, l.Body)
			if l.Joint.Kind != Floating || len(l.Joint.Joint.Limits) != 0 {
				t.Fatalf("root %d joint = %+v, want floating", l.Body, l.Joint)
			}
		}
	}
	// The heaviest body of the group (b) is its root; the lone body is its own.
	if len(roots) != 2 || roots[0] != b || roots[1] != lone {
		t.Fatalf("roots = %v, want [%d %d]", roots, b, lone)
	}
	if len(tr.Loops) != 1 || tr.Loops[0].Node != loop {
		t.Fatalf("loops = %+v, want the joint ca", tr.Loops)
	}
	if tr.Links[0].Joint.ParentFrame.T != (convert.Vec3{1, 0, 0}) {
		t.Fatalf("floating root frame = %v", tr.Links[0].Joint.ParentFrame.T)
	}

	tr, diags = BuildTree(g, TreeOptions{Root: "c"})
	if len(diags) != 0 || tr.Links[0].Body != c {
		t.Fatalf("root option: first link %d, diags %v", tr.Links[0].Body, diags)
	}
	_, diags = BuildTree(g, TreeOptions{Root: "nobody"})
	if !diags.Has("tree-root-not-found") {
		t.Fatalf("missing tree-root-not-found: %v", diags)
	}
}

func TestBuildTreeWorldJointAndSelfJoint(t *testing.T) {
	g := convert.NewGraph()
	anchor := g.AddNode(convert.Node{Name: "anchor"}, -1) // no body: the world
	bob := treeBody(g, "bob", 1, convert.Vec3{0, -1, 0})
	treeHinge(g, "pivot", anchor, convert.Vec3{}, bob, -1, 1)
	treeHinge(g, "self", bob, convert.Vec3{}, bob, 0, 1)
	tr, diags := BuildTree(g, TreeOptions{})
	if !diags.Has("joint-same-body") {
		t.Fatalf("missing joint-same-body: %v", diags)
	}
	if len(tr.Links) != 1 || tr.Links[0].Joint.Kind != GraphJoint || tr.Links[0].Joint.ParentBody != -1 {
		t.Fatalf("links = %+v", tr.Links)
	}
	// Frame B is the bob's origin; in the bob's frame it is the identity.
	if cf := tr.Links[0].Joint.ChildFrame; cf.T != (convert.Vec3{}) {
		t.Fatalf("child frame = %+v", cf)
	}
}
