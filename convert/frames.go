package convert

import "math"

// Frames is a snapshot of node transforms relative to one anchor (-1: the
// world), each computed once the first time it is asked for, so asking
// for every node of a graph costs time linear in its size where
// Graph.WorldTransform walks to the root on every call (quadratic on a
// deep chain).
//
// A node at most exactWalk levels below the anchor gets exactly what the
// walk returns (the same operations in the same order, so outputs of
// ordinary files do not change by a rounding); a deeper node composes its
// parent's cached transform with its own, which agrees with the walk to
// rounding.
//
// Invalidation: a Frames reads the Graph lazily and never notices changes,
// so take it after the last change to any node's Transform or Parent (or
// take a new one after each change); nodes appended later (AddNode) are
// fine. Passes that rearrange nodes build
// their Frames afterwards; emitters that work on a Clone take it once the
// clone is final.
type Frames struct {
	g      *Graph
	anchor int
	state  []frameState
	depth  []int32
	rel    []Transform
	// lin is the linear part of a node's relative transform as a matrix,
	// kept only below a non-uniform scale (state skewed): a Transform
	// cannot hold a rotation applied after a non-uniform scale, but
	// positions further down must compose with it exactly, as the walk
	// does. Elsewhere the linear part is the rotation times a uniform
	// scale, which the Transform holds; nil until the first skewed node,
	// so a graph without non-uniform scales (most) takes no matrix per
	// node.
	lin  []Mat3
	path []int
}

// frameState says whether a node's transform is known yet, and whether
// its linear part is the Transform's own (conformal: rotation and one
// scale) or a matrix in Frames.lin (skewed).
type frameState uint8

const (
	frameUnknown frameState = iota
	frameConformal
	frameSkewed
)

// exactWalk is the depth up to which Frames repeats the walk: deeper than
// any robot or scene file nests, shallow enough to keep the cost per node
// small.
const exactWalk = 16

// Frames returns a snapshot of every node's transform relative to node
// anchor: for a node below anchor the composition of the transforms below
// it (Graph.RelativeTransform), for any other node (or anchor -1) its
// world transform (Graph.WorldTransform).
func (g *Graph) Frames(anchor int) *Frames {
	n := len(g.Nodes)
	return &Frames{g: g, anchor: anchor, state: make([]frameState, n), depth: make([]int32, n),
		rel: make([]Transform, n)}
}

// World returns node i's transform relative to the Frames' anchor (i = -1
// or the anchor itself: the identity).
func (f *Frames) World(i int) Transform {
	if i >= len(f.state) && i < len(f.g.Nodes) {
		f.grow()
	}
	if i < 0 || i == f.anchor || i >= len(f.state) {
		return Identity()
	}
	if f.state[i] != frameUnknown {
		return f.rel[i]
	}
	// walk up to the first node already known (or the anchor or a root),
	// then fill the path top-down
	f.path = f.path[:0]
	j := i
	for j >= 0 && j != f.anchor && f.state[j] == frameUnknown {
		if len(f.path) > len(f.state) {
			// a cycle: Validate rejects these; answer as the walk would
			return f.g.RelativeTransform(i, f.anchor)
		}
		f.path = append(f.path, j)
		j = f.g.Nodes[j].Parent
	}
	pt, depth, skewed := Identity(), int32(0), false
	var pl Mat3 // the parent's linear part, when skewed
	if j >= 0 && j != f.anchor {
		pt, depth = f.rel[j], f.depth[j]
		if f.state[j] == frameSkewed {
			pl, skewed = f.lin[j], true
		}
	}
	for k := len(f.path) - 1; k >= 0; k-- {
		n := f.path[k]
		local := f.g.Nodes[n].Transform
		depth++
		var t Transform
		switch {
		case depth <= exactWalk:
			t = f.g.RelativeTransform(n, f.anchor)
		case skewed:
			t = Transform{
				T: pl.MulVec(local.T).Add(pt.T),
				R: pt.R.Mul(local.R).Normalize(),
				S: pt.S.Mul(local.S),
			}
		default:
			// rotation and one scale above: composing Transforms is exact
			t = pt.Mul(local)
		}
		state := frameConformal
		if skewed || !uniformScale(local.S) {
			if !skewed {
				pl = pt.R.Mat().Mul(Diag(pt.S))
			}
			pl = pl.Mul(local.R.Mat().Mul(Diag(local.S)))
			skewed, state = true, frameSkewed
			f.keepLinear(n, pl)
		}
		pt = t
		f.rel[n], f.depth[n], f.state[n] = t, depth, state
	}
	return pt
}

// keepLinear records a skewed node's linear part, making room for every
// node's on the first.
func (f *Frames) keepLinear(n int, m Mat3) {
	if f.lin == nil {
		f.lin = make([]Mat3, len(f.rel))
	}
	f.lin[n] = m
}

// uniformScale reports whether s scales every axis alike.
func uniformScale(s Vec3) bool { return s[0] == s[1] && s[1] == s[2] }

// grow makes room for nodes appended since the Frames was taken.
func (f *Frames) grow() {
	n := len(f.g.Nodes)
	f.state = append(f.state, make([]frameState, n-len(f.state))...)
	f.depth = append(f.depth, make([]int32, n-len(f.depth))...)
	f.rel = append(f.rel, make([]Transform, n-len(f.rel))...)
	if f.lin != nil {
		f.lin = append(f.lin, make([]Mat3, n-len(f.lin))...)
	}
}

// Ancestry answers whether one node is an ancestor of another in constant
// time, from one depth-first numbering of the graph (a walk up from the
// node is as long as the graph is deep).
type Ancestry struct {
	g       *Graph
	in, out []int32 // numbering on entry and exit; in = -1: not reached
}

// Ancestry numbers the graph's nodes; like Frames it is a snapshot of the
// parent links at the time of the call.
func (g *Graph) Ancestry() *Ancestry {
	n := len(g.Nodes)
	a := &Ancestry{g: g, in: make([]int32, n), out: make([]int32, n)}
	for i := range a.in {
		a.in[i] = -1
	}
	type frame struct{ node, next int }
	var stack []frame
	clock := int32(0)
	for r := range g.Nodes {
		if g.Nodes[r].Parent >= 0 {
			continue
		}
		a.in[r] = clock
		clock++
		stack = append(stack[:0], frame{r, 0})
		for len(stack) > 0 {
			top := &stack[len(stack)-1]
			kids := g.Nodes[top.node].Children
			if top.next < len(kids) {
				c := kids[top.next]
				top.next++
				// only children whose Parent agrees, each once
				if c >= 0 && c < n && g.Nodes[c].Parent == top.node && a.in[c] < 0 {
					a.in[c] = clock
					clock++
					stack = append(stack, frame{c, 0})
				}
				continue
			}
			a.out[top.node] = clock
			clock++
			stack = stack[:len(stack)-1]
		}
	}
	return a
}

// IsAncestor reports whether node anc is n or one of its ancestors.
func (a *Ancestry) IsAncestor(anc, n int) bool {
	if anc < 0 || n < 0 || anc >= len(a.in) || n >= len(a.in) {
		return false
	}
	if a.in[anc] < 0 || a.in[n] < 0 {
		// outside the numbering (a parent cycle): walk
		for seen := 0; n >= 0 && seen <= len(a.in); seen++ {
			if n == anc {
				return true
			}
			n = a.g.Nodes[n].Parent
		}
		return false
	}
	return a.in[anc] <= a.in[n] && a.out[n] <= a.out[anc]
}

// FramesApart reports whether two joint frames at rest differ by more
// than rounding (1e-9 relative in position, 1e-9 rad in angle), with the
// distance and angle: a format with one frame per joint then moves the
// joint, its axis and its limits' zero, and must say so.
func FramesApart(a, b Transform) (apart bool, dist, angle float64) {
	dist = a.T.Sub(b.T).Len()
	q := a.R.Normalize().Conj().Mul(b.R.Normalize())
	angle = 2 * math.Atan2(Vec3{q[0], q[1], q[2]}.Len(), math.Abs(q[3]))
	return dist > 1e-9*math.Max(1, a.T.Len()) || angle > 1e-9, dist, angle
}

// FramesApartCode is the code that reports joint frames FramesApart found
// dist (m) and angle (rad) apart, frame a being one of them:
// joint-frames-rounded when the gap is within single-precision rounding
// (1e-6 relative to a's distance from the origin, at least 1 m, and 1e-6
// rad: a glTF file's float32 frames, composed through its node tree, a few
// units in their last place apart), joint-frames-apart otherwise.
func FramesApartCode(a Transform, dist, angle float64) Code {
	if dist <= 1e-6*math.Max(1, a.T.Len()) && angle <= 1e-6 {
		return CodeJointFramesRounded
	}
	return CodeJointFramesApart
}
