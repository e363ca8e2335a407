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

	// a, b and c are flat and each is some joint's frame-B side: the source
	// has no root, so the heaviest body roots the group, with a diagnostic.
	tr, diags := BuildTree(g, TreeOptions{})
	if len(diags) != 1 || !diags.Has("tree-root-chosen") {
		t.Fatalf("diagnostics: %v, want one tree-root-chosen", diags)
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

// treeNested adds a dynamic body under parent (a node index, -1 = a root).
func treeNested(g *convert.Graph, name string, mass float64, parent int, p convert.Vec3) int {
	tr := convert.Identity()
	tr.T = p
	return g.AddNode(convert.Node{Name: name, Transform: tr, Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(mass)}}, parent)
}

// treeFrameIn adds a frame-B node at local offset p under body b.
func treeFrameIn(g *convert.Graph, b int, p convert.Vec3) int {
	tr := convert.Identity()
	tr.T = p
	return g.AddNode(convert.Node{Name: g.Nodes[b].Name + ":B", Transform: tr}, b)
}

// TestBuildTreeSourceRoot: a free group is rooted where the source roots it,
// the top of the node hierarchy, whatever the masses, and no joint is
// reversed. A flat group has no source root: the heaviest roots it and a
// diagnostic says so.
func TestBuildTreeSourceRoot(t *testing.T) {
	for _, tc := range []struct {
		name   string
		nested bool
		masses [3]float64
	}{
		{"nested light root", true, [3]float64{1, 5, 2}},
		{"nested heavy leaf", true, [3]float64{1, 2, 9}},
		{"nested heavy root", true, [3]float64{9, 2, 1}},
		{"flat light root", false, [3]float64{9, 5, 2}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := convert.NewGraph()
			base := treeBody(g, "base", tc.masses[0], convert.Vec3{})
			parent := func(p int) int {
				if tc.nested {
					return p
				}
				return -1
			}
			mid := treeNested(g, "mid", tc.masses[1], parent(base), convert.Vec3{0, 0, 1})
			tip := treeNested(g, "tip", tc.masses[2], parent(mid), convert.Vec3{0, 0, 1})
			// frame A in the parent, frame B in the child (the URDF/MJCF layout)
			j1 := treeHinge(g, "j1", base, convert.Vec3{0, 0, 1}, treeFrameIn(g, mid, convert.Vec3{}), -2, 0.5)
			j2 := treeHinge(g, "j2", mid, convert.Vec3{0, 0, 1}, treeFrameIn(g, tip, convert.Vec3{}), -1, 0.25)
			tr, diags := BuildTree(g, TreeOptions{})
			if want := !tc.nested; diags.Has("tree-root-chosen") != want || len(diags) != map[bool]int{false: 0, true: 1}[want] {
				t.Fatalf("diagnostics: %v, want tree-root-chosen %v", diags, want)
			}
			if tr.Links[0].Body != base || tr.Links[0].Joint.Kind != Floating {
				t.Fatalf("root link = %+v, want base floating", tr.Links[0])
			}
			for _, j := range []int{j1, j2} {
				if tr.Reversed(j) {
					t.Errorf("joint %s reversed", g.Nodes[j].Name)
				}
			}
			l := tr.Links[tr.Link(tip)].Joint.Joint.Limits[2]
			if l.Min != -1 || l.Max != 0.25 {
				t.Errorf("tip limit [%v, %v], want [-1, 0.25]", l.Min, l.Max)
			}
		})
	}
}

// TestBuildTreeCutsSourceClosure: in nested trees closed by an extra joint
// (an MJCF <connect>), the extra joint is the one left out, however short
// the path through it; a table of loop shapes.
func TestBuildTreeCutsSourceClosure(t *testing.T) {
	for _, tc := range []struct {
		name string
		// chains of bodies under the root (lengths) and the two chain ends
		// the closure joins (chain index, depth from 1)
		chains     []int
		from, to   [2]int
		worldFixed bool
	}{
		{"fourbar", []int{2, 1}, [2]int{0, 2}, [2]int{1, 1}, true},
		{"cassie leg", []int{1, 4}, [2]int{0, 1}, [2]int{1, 4}, true},
		{"long loop free root", []int{5, 5}, [2]int{0, 5}, [2]int{1, 5}, false},
		{"shortcut within one chain", []int{6}, [2]int{0, 1}, [2]int{0, 6}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := convert.NewGraph()
			root := treeBody(g, "root", 5, convert.Vec3{0, 0, 1})
			if tc.worldFixed {
				g.Nodes[root].Motion.Kind = convert.Static
			}
			ends := map[[2]int]int{}
			var tree []int
			for c, n := range tc.chains {
				prev := root
				for d := 1; d <= n; d++ {
					b := treeNested(g, "b", 1, prev, convert.Vec3{0.1, 0, -0.2})
					tree = append(tree, treeHinge(g, "j", prev, convert.Vec3{0.1, 0, -0.2}, treeFrameIn(g, b, convert.Vec3{}), -1, 1))
					ends[[2]int{c, d}] = b
					prev = b
				}
			}
			a, b := ends[tc.from], ends[tc.to]
			// the closure joins two world points that coincide at rest
			wa, wb := g.WorldTransform(a), g.WorldTransform(b)
			closure := treeHinge(g, "closure", a, convert.Vec3{}, treeFrameIn(g, b, wb.Inverse().Mul(wa).T), math.Inf(-1), math.Inf(1))
			tr, _ := BuildTree(g, TreeOptions{})
			if len(tr.Loops) != 1 || tr.Loops[0].Node != closure {
				t.Fatalf("loops = %+v, want only the closure %d", tr.Loops, closure)
			}
			for _, j := range tree {
				if tr.Reversed(j) {
					t.Errorf("tree joint %d reversed", j)
				}
			}
			if len(tr.Links) != 1+len(tree) {
				t.Errorf("%d links, want %d", len(tr.Links), 1+len(tree))
			}
		})
	}
}
