package kin

import (
	"container/heap"
	"math"
	"slices"
	"sort"

	"github.com/physconv/physconv/convert"
)

// Tree is a kinematic spanning tree of a Graph's bodies, for formats that
// can only express a tree of links (URDF, MJCF). BuildTree computes it once
// so every tree-shaped emitter makes the same choices:
//
//   - The world is the implicit root. Static and kinematic bodies are welded
//     to it; joints whose frame A or B lies outside every body attach to it.
//   - Each connected group of bodies that does not reach the world is rooted
//     at the root option when that body is in the group, else where the
//     source roots it, its one top body in the node hierarchy; only when
//     several bodies are tops (a flat scene) at the heaviest of them (ties:
//     lowest node index), with a diagnostic. The root hangs from the world
//     by a synthesized floating joint.
//   - Joints that follow the source's node hierarchy (child body nested in
//     the parent body) enter the tree before any other, so a loop is cut at
//     the source's own closure (an MJCF <connect>), never at a tree joint.
//   - Joints are re-expressed parent → child. When a Graph joint has its
//     frame A on the child side, the roles swap: the parent frame becomes
//     frame B and every limit flips ([min, max] → [−max, −min], drive targets
//     negated). This is exact for joints whose frames coincide at rest (the
//     KHR convention) and single-axis joints; multi-axis joints keep their
//     axes and flip each range.
//   - Joints that would close a loop are not in the tree; they are listed in
//     Loops for the emitter to turn into constraints (MJCF) or drop with a
//     diagnostic (URDF).
//
// Links are in depth-first preorder (a parent before its children, children
// in joint-node order), so emitters can write them in one pass.
type Tree struct {
	Links []TreeLink
	// Loops are Graph joints left out of the tree, in node order.
	Loops []TreeJoint
	// byNode is each node's index in Links (-1: not a body of the tree).
	byNode []int
	// reversed marks the joint nodes whose roles were swapped.
	reversed []bool
	// welded caches Welded: 1 welded to the world, -1 not, 0 not asked
	welded []int8
	// frames and ancestry answer transform and ancestor questions in
	// constant time while the tree is built (BuildTree changes no node).
	frames   *convert.Frames
	ancestry *convert.Ancestry
}

// TreeLink is one body in the tree.
type TreeLink struct {
	// Body is the node index of the body (a node with Motion).
	Body int
	// Parent indexes Links; -1 means the link hangs from the world.
	Parent int
	// Children index Links, in order.
	Children []int
	// Joint connects the parent (or the world) to this link.
	Joint TreeJoint
}

// TreeJointKind says where a tree joint came from.
type TreeJointKind int

const (
	// GraphJoint is a joint of the Graph (Node says which).
	GraphJoint TreeJointKind = iota
	// Weld fixes a static or kinematic body to the world.
	Weld
	// Floating is the six-degree-of-freedom joint of a free root body.
	Floating
)

// TreeJoint is a joint re-expressed from parent to child.
type TreeJoint struct {
	Kind TreeJointKind
	// Node is the Graph node holding the Joint; -1 for Weld and Floating.
	Node int
	// Reversed is true when the Graph's frame A is on the child side.
	Reversed bool
	// ParentBody and ChildBody are body node indices (-1 = the world).
	ParentBody, ChildBody int
	// ParentFrame is the joint frame relative to the parent body node (the
	// world when ParentBody is -1); ChildFrame is the same frame at rest
	// relative to the child body node. For Weld and Floating joints
	// ParentFrame is the child body's world transform and ChildFrame is the
	// identity.
	ParentFrame, ChildFrame convert.Transform
	// Joint is the Graph joint with limits and drives expressed in
	// ParentFrame (flipped when Reversed). Connected is meaningless here.
	// Weld joints have all six axes fixed; Floating joints have no limits.
	// It shares its lists and extras with the Graph's joint (a copy per
	// joint was a fifth of a writer's allocations on long chains), except
	// a reversed joint's limits and drives, which are its own: read it,
	// never change it.
	Joint convert.Joint
}

// RootOption names the body tree formats (URDF, MJCF) root their
// kinematic tree at; both declare it.
var RootOption = convert.Option{Name: "root", Kind: convert.OptionString, Side: convert.EmitSide,
	Usage: "body to use as the root of URDF/MJCF kinematic trees"}

// TreeOptions choose the tree's roots.
type TreeOptions struct {
	// Root names the body to root its group at (the root option).
	Root string
	// Frames are g's world frames (g.Frames(-1)) when the caller has
	// taken them already, so both share one cache; nil: taken here.
	Frames *convert.Frames
	// Loop, when set, names joints to keep out of the tree, as loops
	// (Tree.Loops) whatever their bodies: a format that writes a
	// constraint back as one (MJCF's equality <weld> and <connect>
	// between bodies that are otherwise free) keeps its bodies free.
	Loop func(joint int) bool
}

// BuildTree computes the kinematic spanning tree of g. It does not modify
// g. Diagnostics: "tree-root-not-found" (the named root is no body),
// "tree-root-chosen" (a free group without a source root),
// "tree-root-ignored" (the named root's group is attached to the world),
// "joint-same-body" (both frames in one body; left out), "joint-bad-connection"
// (connected node out of range; left out).
func BuildTree(g *convert.Graph, opts TreeOptions) (*Tree, convert.Diagnostics) {
	var diags convert.Diagnostics
	frames := opts.Frames
	if frames == nil {
		frames = g.Frames(-1)
	}
	n := len(g.Nodes)
	t := &Tree{byNode: make([]int, n), reversed: make([]bool, n), frames: frames, ancestry: g.Ancestry()}
	for i := range t.byNode {
		t.byNode[i] = -1
	}
	// The tables below are slices over the nodes rather than maps: a long
	// chain spent more on growing maps than on the tree. Those that also
	// hold the world (-1) are shifted by one (slot).
	slot := func(v int) int { return v + 1 }

	// Bodies and their adjacency through joints.
	var bodies []int
	for i := range g.Nodes {
		if g.Nodes[i].Motion != nil {
			bodies = append(bodies, i)
		}
	}
	type edge struct{ joint, a, b int }
	var edges []edge
	for i := range g.Nodes {
		j := g.Nodes[i].Joint
		if j == nil {
			continue
		}
		a := g.BodyOf(i)
		b := -1
		if j.Connected >= len(g.Nodes) {
			diags.Add(convert.CodeJointBadConnection, convert.JointSubject(i), g.NodeLabel(i),
				"connected node %d does not exist; the joint is left out", j.Connected)
			continue
		}
		if j.Connected >= 0 {
			b = g.BodyOf(j.Connected)
		}
		if a == b {
			diags.Add(convert.CodeJointSameBody, convert.JointSubject(i), g.NodeLabel(i),
				"both frames of the joint are in the same body; the joint is left out")
			continue
		}
		edges = append(edges, edge{i, a, b})
	}
	// a loop the caller asks for is in no body's list, so never taken
	inTree := func(ed edge) bool { return opts.Loop == nil || !opts.Loop(ed.joint) }
	degree := make([]int, n+1)
	for _, ed := range edges {
		if inTree(ed) {
			degree[slot(ed.a)]++
			degree[slot(ed.b)]++
		}
	}
	adj := carveLists(degree) // slot of a body (or the world) → edge indices
	for e, ed := range edges {
		if inTree(ed) {
			adj[slot(ed.a)] = append(adj[slot(ed.a)], e)
			adj[slot(ed.b)] = append(adj[slot(ed.b)], e)
		}
	}

	// Parent assignment: a spanning forest grown from the world, then from
	// each remaining group's root, that takes a joint following the source's
	// own hierarchy (the child body's nearest ancestor body is the parent, or
	// the world for a top-level body) before any other, so a loop is cut at a
	// closure the source added beside its tree (an MJCF <connect>), not at one
	// of its tree joints. Within one class joints are taken breadth first.
	hierParent := func(b int) int {
		if p := g.Nodes[b].Parent; p >= 0 {
			return g.BodyOf(p)
		}
		return -1
	}
	parentEdge := make([]int, n) // body → edge index, -1 weld, -2 floating
	visited := make([]bool, n+1) // by slot
	visited[slot(-1)] = true
	usedEdge := make([]bool, len(edges))
	var treeOrder []int // bodies in discovery order
	var frontier treeFrontier
	push := func(v int) {
		for _, e := range adj[slot(v)] {
			if usedEdge[e] {
				continue
			}
			ed := edges[e]
			cost := 1
			if ed.a >= 0 && hierParent(ed.a) == ed.b || ed.b >= 0 && hierParent(ed.b) == ed.a {
				cost = 0
			}
			frontier.push(treeStep{cost: cost, edge: e, from: v})
		}
	}
	grow := func() {
		for frontier.Len() > 0 {
			s := frontier.pop()
			other := edges[s.edge].b
			if other == s.from {
				other = edges[s.edge].a
			}
			if usedEdge[s.edge] || visited[slot(other)] {
				continue
			}
			usedEdge[s.edge] = true
			visited[slot(other)] = true
			parentEdge[other] = s.edge
			treeOrder = append(treeOrder, other)
			push(other)
		}
	}
	push(-1)
	for _, b := range bodies {
		if k := g.Nodes[b].Motion.Kind; k == convert.Static || k == convert.Kinematic {
			visited[slot(b)] = true
			parentEdge[b] = -1
			treeOrder = append(treeOrder, b)
			push(b)
		}
	}
	grow()

	// Remaining groups: find components, pick their roots.
	named := -1
	if opts.Root != "" {
		for _, b := range bodies {
			if g.Nodes[b].Name == opts.Root {
				named = b
				break
			}
		}
		switch {
		case named < 0:
			diags.Add(convert.CodeTreeRootNotFound, convert.DocumentSubject(), "", "no body is named %q; the root is chosen automatically", opts.Root)
		case visited[slot(named)]:
			diags.Add(convert.CodeTreeRootIgnored, convert.BodySubject(named), g.NodeLabel(named),
				"body %q is attached to the world, so its group keeps the world as root", opts.Root)
		}
	}
	seen := make([]bool, n) // components are disjoint: one table serves them all
	for _, b := range bodies {
		if visited[slot(b)] {
			continue
		}
		comp := treeComponent(b, seen, func(v int) []int { return adj[slot(v)] }, func(e int) (int, int) { return edges[e].a, edges[e].b })
		root := -1
		for _, c := range comp {
			if c == named {
				root = named
			}
		}
		if root < 0 {
			var ok bool
			if root, ok = sourceRoot(g, comp, hierParent); !ok {
				diags.Add(convert.CodeTreeRootChosen, convert.BodySubject(root), g.NodeLabel(root),
					"the %d bodies of this group have no single top body in the source's hierarchy; the heaviest top, %q, is the root, and joints whose frame A lies on its far side are reversed (limits negated)", len(comp), g.Nodes[root].Name)
			}
		}
		visited[slot(root)] = true
		parentEdge[root] = -2
		treeOrder = append(treeOrder, root)
		push(root)
		grow()
	}

	// Build links in preorder.
	parentOf := make([]int, n)
	childCount := make([]int, n+1)
	for _, b := range treeOrder {
		p := -1
		if e := parentEdge[b]; e >= 0 {
			p = edges[e].a
			if p == b {
				p = edges[e].b
			}
		}
		parentOf[b] = p
		childCount[slot(p)]++
	}
	children := carveLists(childCount) // slot of a body (or the world) → child bodies
	for _, b := range treeOrder {
		children[slot(parentOf[b])] = append(children[slot(parentOf[b])], b)
	}
	key := func(b int) int {
		if e := parentEdge[b]; e >= 0 {
			return edges[e].joint
		}
		return b
	}
	for _, c := range children {
		if len(c) > 1 {
			sort.Slice(c, func(i, j int) bool { return key(c[i]) < key(c[j]) })
		}
	}
	t.Links = make([]TreeLink, 0, len(treeOrder))
	linkChildren := make([]int, 0, len(treeOrder)) // every link's Children, one after another
	var visit func(b, parentLink int)
	visit = func(b, parentLink int) {
		idx := len(t.Links)
		t.byNode[b] = idx
		l := TreeLink{Body: b, Parent: parentLink}
		if k := len(children[slot(b)]); k > 0 {
			// room for exactly the children visited below
			at := len(linkChildren)
			l.Children = linkChildren[at : at : at+k]
			linkChildren = linkChildren[:at+k]
		}
		t.Links = append(t.Links, l)
		if parentLink >= 0 {
			t.Links[parentLink].Children = append(t.Links[parentLink].Children, idx)
		}
		for _, c := range children[slot(b)] {
			visit(c, idx)
		}
	}
	for _, b := range children[slot(-1)] {
		visit(b, -1)
	}
	for i := range t.Links {
		b := t.Links[i].Body
		switch e := parentEdge[b]; {
		case e == -1:
			t.Links[i].Joint = t.synthJoint(g, b, Weld)
		case e == -2:
			t.Links[i].Joint = t.synthJoint(g, b, Floating)
		default:
			t.Links[i].Joint = t.express(g, edges[e].joint, parentOf[b], b)
		}
	}
	for e, ed := range edges {
		if !usedEdge[e] {
			t.Loops = append(t.Loops, t.express(g, ed.joint, ed.a, ed.b))
		}
	}
	return t, diags
}

// Link returns the index in Links of a body node, or -1.
func (t *Tree) Link(body int) int {
	if body < 0 || body >= len(t.byNode) {
		return -1
	}
	return t.byNode[body]
}

// Welded reports whether link k hangs from the world through fixed joints
// only: it never moves, and engines that merge what is welded together
// (MuJoCo) count it as the world's.
// Each link's answer is found once: asking for every link of a deep
// welded chain stays linear.
func (t *Tree) Welded(k int) bool {
	if k < 0 || k >= len(t.Links) {
		return false
	}
	if t.welded == nil {
		t.welded = make([]int8, len(t.Links)) // 0 unknown, 1 welded, -1 not
	}
	// walk up to a link already known (or the world), then answer the
	// path top-down
	var path []int
	j := k
	for j >= 0 && t.welded[j] == 0 && len(path) <= len(t.Links) {
		path = append(path, j)
		j = t.Links[j].Parent
	}
	above := j < 0 || t.welded[j] == 1
	for i := len(path) - 1; i >= 0; i-- {
		l := &t.Links[path[i]]
		fixed := l.Joint.Kind == Weld || l.Joint.Kind == GraphJoint && Classify(&l.Joint.Joint).Kind == KindFixed
		above = above && fixed
		t.welded[path[i]] = -1
		if above {
			t.welded[path[i]] = 1
		}
	}
	return t.welded[k] == 1
}

// Reversed reports whether the joint on node j was re-expressed with its
// roles swapped.
func (t *Tree) Reversed(j int) bool { return j >= 0 && j < len(t.reversed) && t.reversed[j] }

// Coupling re-expresses a coupling for the tree's joint senses: a reversed
// joint's coordinate is the negative of the Graph's.
func (t *Tree) Coupling(c convert.Coupling) convert.Coupling {
	if t.Reversed(c.Leader) {
		c.Multiplier = -c.Multiplier
	}
	if t.Reversed(c.Follower) {
		c.Multiplier, c.Offset = -c.Multiplier, -c.Offset
	}
	return c
}

// express builds the tree joint for Graph joint node j with parent body p
// and child body c (either may be -1 for the world).
func (t *Tree) express(g *convert.Graph, j, p, c int) TreeJoint {
	src := g.Nodes[j].Joint
	a := g.BodyOf(j)
	frameB := -1
	if src.Connected >= 0 {
		frameB = src.Connected
	}
	tj := TreeJoint{Kind: GraphJoint, Node: j, ParentBody: p, ChildBody: c, Joint: *src}
	if a == p {
		tj.ParentFrame = t.frameIn(g, j, p)
		tj.ChildFrame = t.frameIn(g, frameB, c)
		return tj
	}
	tj.Reversed = true
	t.reversed[j] = true
	tj.ParentFrame = t.frameIn(g, frameB, p)
	tj.ChildFrame = t.frameIn(g, j, c)
	tj.Joint.Limits = slices.Clone(tj.Joint.Limits)
	tj.Joint.Drives = slices.Clone(tj.Joint.Drives)
	for k := range tj.Joint.Limits {
		l := &tj.Joint.Limits[k]
		l.Min, l.Max = -l.Max, -l.Min
	}
	for k := range tj.Joint.Drives {
		d := &tj.Joint.Drives[k]
		if d.PositionTarget != nil {
			d.PositionTarget = convert.Ptr(-*d.PositionTarget)
		}
		if d.VelocityTarget != nil {
			d.VelocityTarget = convert.Ptr(-*d.VelocityTarget)
		}
	}
	return tj
}

// frameIn returns node n's transform relative to body node b (-1 = the
// world; n = -1 means the world origin). It composes along the hierarchy
// when b is an ancestor of n, which keeps values exact for nested files
// (the walk from n up to its body is short).
func (t *Tree) frameIn(g *convert.Graph, n, b int) convert.Transform {
	if n < 0 {
		if b < 0 {
			return convert.Identity()
		}
		return t.frames.World(b).Inverse()
	}
	if b < 0 {
		return t.frames.World(n)
	}
	if t.ancestry.IsAncestor(b, n) {
		return g.RelativeTransform(n, b)
	}
	return t.frames.World(b).Inverse().Mul(t.frames.World(n))
}

func (t *Tree) synthJoint(g *convert.Graph, b int, kind TreeJointKind) TreeJoint {
	tj := TreeJoint{Kind: kind, Node: -1, ParentBody: -1, ChildBody: b,
		ParentFrame: t.frames.World(b), ChildFrame: convert.Identity()}
	tj.Joint.Connected = -1
	if kind == Weld {
		inf := math.Inf(1)
		tj.Joint.Limits = []convert.Limit{
			{Linear: []int{0, 1, 2}, Stiffness: inf},
			{Angular: []int{0, 1, 2}, Stiffness: inf},
		}
	}
	return tj
}

// treeComponent returns the bodies reachable from b through joints (excluding
// the world), sorted. seen marks the bodies already met, in this component
// or an earlier one (components are disjoint); adj lists a body's edges.
func treeComponent(b int, seen []bool, adj func(int) []int, ends func(int) (int, int)) []int {
	seen[b] = true
	stack := []int{b}
	var out []int
	for len(stack) > 0 {
		v := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		out = append(out, v)
		for _, e := range adj(v) {
			x, y := ends(e)
			for _, o := range []int{x, y} {
				if o >= 0 && !seen[o] {
					seen[o] = true
					stack = append(stack, o)
				}
			}
		}
	}
	sort.Ints(out)
	return out
}

// sourceRoot returns the body the source itself roots a free group at:
// the one top of the node hierarchy among the group's bodies. ok is false
// when there are several (a flat scene, as glTF and Godot often are, says
// nothing of which body is the base); the root is then the heaviest top.
func sourceRoot(g *convert.Graph, comp []int, hierParent func(int) int) (root int, ok bool) {
	in := make(map[int]bool, len(comp))
	for _, b := range comp {
		in[b] = true
	}
	var tops []int
	for _, b := range comp {
		if !in[hierParent(b)] {
			tops = append(tops, b)
		}
	}
	if len(tops) == 1 {
		return tops[0], true
	}
	return treeHeaviest(g, tops), false
}

// treeStep is a joint on the growing tree's frontier; cost 0 follows the
// source's hierarchy, cost 1 does not.
type treeStep struct {
	cost, seq, edge, from int
}

// carveLists makes lists with room for counts[i] values each, all in one
// array; a list with no room is nil. Each has no room beyond its own, so
// an append past it copies the list rather than writing into the next.
func carveLists(counts []int) [][]int {
	total := 0
	for _, c := range counts {
		total += c
	}
	all := make([]int, 0, total)
	lists := make([][]int, len(counts))
	for i, c := range counts {
		if c > 0 {
			at := len(all)
			lists[i] = all[at : at : at+c]
			all = all[:at+c]
		}
	}
	return lists
}

// treeFrontier pops the cheapest step, the earliest pushed among equals
// (breadth first within a cost).
type treeFrontier struct {
	h   treeHeap
	seq int
}

// push and pop are heap.Push and heap.Pop without passing the step
// through an interface, which allocated it once each way.
func (f *treeFrontier) push(s treeStep) {
	s.seq = f.seq
	f.seq++
	f.h = append(f.h, s)
	heap.Fix(&f.h, len(f.h)-1)
}

func (f *treeFrontier) pop() treeStep {
	last := len(f.h) - 1
	s := f.h[0]
	f.h[0] = f.h[last]
	f.h = f.h[:last]
	if last > 0 {
		heap.Fix(&f.h, 0)
	}
	return s
}
func (f *treeFrontier) Len() int { return len(f.h) }

type treeHeap []treeStep

func (h treeHeap) Len() int { return len(h) }
func (h treeHeap) Less(i, j int) bool {
	if h[i].cost != h[j].cost {
		return h[i].cost < h[j].cost
	}
	return h[i].seq < h[j].seq
}
func (h treeHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *treeHeap) Push(x any)   { *h = append(*h, x.(treeStep)) }
func (h *treeHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// treeHeaviest returns the body with the largest mass (unknown mass counts as
// zero); ties go to the lowest node index.
func treeHeaviest(g *convert.Graph, comp []int) int {
	best, bestMass := comp[0], math.Inf(-1)
	for _, b := range comp {
		m := g.Nodes[b].Motion.MassOr(0)
		if math.IsNaN(m) {
			m = 0
		}
		if m > bestMass {
			best, bestMass = b, m
		}
	}
	return best
}
