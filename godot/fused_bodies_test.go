package godot

import (
	"math/rand"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestFusedBodiesAsWalk: while bodies are fused away (their Motion
// gone), fusedBodies answers BodyOf and "every node up to the body is
// unscaled" as a walk up from the node does, over generated trees of
// bodies and frames, some scaled, fused in random order with questions
// between.
func TestFusedBodiesAsWalk(t *testing.T) {
	rng := rand.New(rand.NewSource(17))
	walkUnit := func(g *convert.Graph, k int) bool {
		b := g.BodyOf(k)
		for ; k >= 0 && k != b; k = g.Nodes[k].Parent {
			if !unscaled(&g.Nodes[k]) {
				return false
			}
		}
		return true
	}
	for round := 0; round < 1000; round++ {
		g := convert.NewGraph()
		n := 1 + rng.Intn(40)
		var bodies []int
		for i := 0; i < n; i++ {
			parent := -1
			if i > 0 && rng.Intn(6) > 0 {
				parent = rng.Intn(i)
			}
			node := convert.Node{Transform: convert.Identity()}
			if rng.Intn(5) == 0 {
				node.Transform.S = convert.Vec3{2, 2, 2}
			}
			if rng.Intn(2) == 0 {
				node.Motion = &convert.Motion{Kind: convert.Dynamic}
				bodies = append(bodies, i)
			}
			g.AddNode(node, parent)
		}
		f := newFusedBodies(g, g.BodyOwners())
		rng.Shuffle(len(bodies), func(i, j int) { bodies[i], bodies[j] = bodies[j], bodies[i] })
		for step := 0; ; step++ {
			for q := 0; q < 5; q++ {
				k := rng.Intn(n)
				if got, want := f.bodyOf(k), g.BodyOf(k); got != want {
					t.Fatalf("round %d step %d: bodyOf(%d) = %d, BodyOf %d", round, step, k, got, want)
				}
				if got, want := f.unitUp(k), walkUnit(g, k); got != want {
					t.Fatalf("round %d step %d: unitUp(%d) = %v, the walk %v", round, step, k, got, want)
				}
			}
			if step == len(bodies) {
				break
			}
			g.Nodes[bodies[step]].Motion = nil // fused away
		}
	}
}
