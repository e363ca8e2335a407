package convert

import (
	"math"
	"math/rand"
	"testing"
)

// randomGraph builds a forest of n nodes: deep chains and bushy trees
// mixed, with rotations, translations and (some) uniform, non-uniform and
// negative scales, so the exact composition of a rotation after a
// non-uniform scale is exercised, and chains that reach one only deep down.
func randomGraph(r *rand.Rand, n int, scaled bool) *Graph {
	g := NewGraph()
	for i := 0; i < n; i++ {
		parent := -1
		switch {
		case i == 0 || r.Intn(50) == 0:
		case r.Intn(3) == 0:
			parent = r.Intn(i)
		default:
			parent = i - 1 // keep the graph deep
		}
		t := Transform{
			T: Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()},
			R: Quat{r.NormFloat64(), r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}.Normalize(),
			S: Vec3{1, 1, 1},
		}
		switch {
		case scaled && r.Intn(8) == 0:
			u := 0.5 + r.Float64()
			t.S = Vec3{u, u, u}
		case scaled && r.Intn(4) == 0:
			t.S = Vec3{0.5 + r.Float64(), 0.5 + r.Float64(), 0.5 + r.Float64()}
			if r.Intn(5) == 0 {
				t.S[r.Intn(3)] *= -1
			}
		}
		g.AddNode(Node{Name: "n", Transform: t}, parent)
	}
	return g
}

func transformsClose(a, b Transform, tol float64) bool {
	for k := 0; k < 3; k++ {
		if math.Abs(a.T[k]-b.T[k]) > tol*math.Max(1, math.Abs(b.T[k])) || math.Abs(a.S[k]-b.S[k]) > tol*math.Max(1, math.Abs(b.S[k])) {
			return false
		}
	}
	// q and -q are one rotation
	d := math.Abs(a.R[0]*b.R[0] + a.R[1]*b.R[1] + a.R[2]*b.R[2] + a.R[3]*b.R[3])
	return math.Abs(1-d) <= tol
}

// TestFramesEqualWalk: the cached transforms equal Graph.WorldTransform's
// and Graph.RelativeTransform's walks on generated graphs, in any order of
// asking, for the world and for anchors inside and outside each subtree.
func TestFramesEqualWalk(t *testing.T) {
	for seed := int64(1); seed <= 40; seed++ {
		r := rand.New(rand.NewSource(seed))
		n := 1 + r.Intn(300)
		g := randomGraph(r, n, seed%2 == 0)
		anchors := []int{-1, r.Intn(n), r.Intn(n), 0}
		for _, a := range anchors {
			f := g.Frames(a)
			for _, i := range r.Perm(n + 1) {
				i-- // -1 too
				got := f.World(i)
				want := g.RelativeTransform(i, a)
				if a < 0 {
					if w := g.WorldTransform(i); w != want {
						t.Fatalf("seed %d: WorldTransform(%d) %v != RelativeTransform(%d, -1) %v", seed, i, w, i, want)
					}
				}
				// error grows with depth (each level rounds); 1e-9 is
				// the project's bar for equal values
				if !transformsClose(got, want, 1e-9) {
					t.Fatalf("seed %d anchor %d node %d: Frames %v, walk %v", seed, a, i, got, want)
				}
				if again := f.World(i); again != got {
					t.Fatalf("seed %d: asking twice for node %d gave %v then %v", seed, i, got, again)
				}
			}
		}
	}
}

// TestFramesExactWhenShallow: down to exactWalk levels (every robot and
// scene file) the values are the walk's to the last bit, so outputs do not
// change by a rounding.
func TestFramesExactWhenShallow(t *testing.T) {
	r := rand.New(rand.NewSource(7))
	g := randomGraph(r, 200, true)
	for _, a := range []int{-1, 3} {
		f := g.Frames(a)
		for _, i := range r.Perm(len(g.Nodes)) {
			d := 0
			for j := i; j >= 0 && j != a; j = g.Nodes[j].Parent {
				d++
			}
			if d > exactWalk {
				continue
			}
			if got, want := f.World(i), g.RelativeTransform(i, a); got != want {
				t.Errorf("anchor %d node %d (depth %d): %v, walk %v", a, i, d, got, want)
			}
		}
	}
}

// TestFramesGrow: nodes appended after the Frames was taken are answered.
func TestFramesGrow(t *testing.T) {
	r := rand.New(rand.NewSource(3))
	g := randomGraph(r, 40, false)
	f := g.Frames(-1)
	f.World(39)
	k := g.AddNode(Node{Name: "late", Transform: Transform{T: Vec3{1, 2, 3}, R: IdentityQuat(), S: Vec3{1, 1, 1}}}, 39)
	if got, want := f.World(k), g.WorldTransform(k); got != want {
		t.Errorf("appended node: %v, walk %v", got, want)
	}
}

// TestFramesCycle: a parent cycle (which Validate rejects) neither hangs
// nor panics.
func TestFramesCycle(t *testing.T) {
	g := NewGraph()
	a := g.AddNode(Node{Name: "a"}, -1)
	b := g.AddNode(Node{Name: "b"}, a)
	g.Nodes[a].Parent = b
	f := g.Frames(-1)
	if got, want := f.World(b), g.WorldTransform(b); got != want {
		t.Errorf("cycle: %v, walk %v", got, want)
	}
}

func BenchmarkFramesChain(b *testing.B) {
	g := NewGraph()
	for i := 0; i < 4000; i++ {
		g.AddNode(Node{Transform: Transform{T: Vec3{0, 0, 0.1}, R: AxisAngle(Vec3{0, 0, 1}, 0.01), S: Vec3{1, 1, 1}}}, i-1)
	}
	b.ResetTimer()
	for k := 0; k < b.N; k++ {
		f := g.Frames(-1)
		for i := range g.Nodes {
			f.World(i)
		}
	}
}

// TestAncestryEqualsWalk: the numbering answers as a walk up the parents
// does, for every pair of nodes of generated forests.
func TestAncestryEqualsWalk(t *testing.T) {
	for seed := int64(1); seed <= 20; seed++ {
		r := rand.New(rand.NewSource(seed))
		g := randomGraph(r, 1+r.Intn(80), false)
		a := g.Ancestry()
		for x := -1; x < len(g.Nodes); x++ {
			for y := -1; y < len(g.Nodes); y++ {
				want := false
				for j, seen := y, 0; j >= 0 && x >= 0 && seen <= len(g.Nodes); seen++ {
					if j == x {
						want = true
						break
					}
					j = g.Nodes[j].Parent
				}
				if got := a.IsAncestor(x, y); got != want {
					t.Fatalf("seed %d: IsAncestor(%d, %d) = %v, want %v", seed, x, y, got, want)
				}
			}
		}
	}
	// a cycle is answered by walking
	g := NewGraph()
	p := g.AddNode(Node{Name: "p"}, -1)
	q := g.AddNode(Node{Name: "q"}, p)
	g.Nodes[p].Parent = q
	if a := g.Ancestry(); !a.IsAncestor(p, q) || !a.IsAncestor(q, p) {
		t.Error("cycle: p and q are each other's ancestors")
	}
}

// TestFramesKeepMatricesOnlyWhenSkewed: a graph whose scales are all
// uniform (rigid robots, scaled scenes) keeps no matrix per node; one
// non-uniform scale deep in a chain makes the nodes below it keep one, and
// they still compose exactly as the walk does.
func TestFramesKeepMatricesOnlyWhenSkewed(t *testing.T) {
	chain := func(skewAt int) *Graph {
		g := NewGraph()
		for i := 0; i < 60; i++ {
			s := Vec3{1.01, 1.01, 1.01}
			if i == skewAt {
				s = Vec3{2, 0.5, 1}
			}
			g.AddNode(Node{Transform: Transform{T: Vec3{0.1, 0, 0.02}, R: AxisAngle(Vec3{0, 0, 1}, 0.3), S: s}}, i-1)
		}
		return g
	}
	for _, c := range []struct {
		name   string
		skewAt int
	}{{"uniform", -1}, {"skewed at 30", 30}, {"skewed at 3", 3}} {
		g := chain(c.skewAt)
		f := g.Frames(-1)
		for i := range g.Nodes {
			if got, want := f.World(i), g.WorldTransform(i); !transformsClose(got, want, 1e-9) {
				t.Fatalf("%s: node %d: Frames %v, walk %v", c.name, i, got, want)
			}
		}
		if kept := f.lin != nil; kept != (c.skewAt >= 0) {
			t.Errorf("%s: matrices kept %v", c.name, kept)
		}
		for i := range g.Nodes {
			if want := c.skewAt >= 0 && i >= c.skewAt; (f.state[i] == frameSkewed) != want {
				t.Errorf("%s: node %d skewed %v, want %v", c.name, i, f.state[i] == frameSkewed, want)
			}
		}
	}
}
