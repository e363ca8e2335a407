package urdf

import (
	"math"
	"math/rand"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestBelowAsRelativeTransform: a node's transform relative to a link
// ancestor, remembered along deep subtrees, is Graph.RelativeTransform's
// within rounding (1e-12), and exactly it for nodes one or two levels
// down and under scaled frames, over generated trees asked in random
// order.
func TestBelowAsRelativeTransform(t *testing.T) {
	rng := rand.New(rand.NewSource(19))
	for round := 0; round < 300; round++ {
		g := convert.NewGraph()
		n := 2 + rng.Intn(60)
		for i := 0; i < n; i++ {
			parent := -1
			if i > 0 {
				parent = i - 1 - rng.Intn(min(i, 3))
			}
			xf := convert.Identity()
			xf.T = convert.Vec3{rng.Float64(), rng.Float64() - 0.5, 0.1}
			xf.R = convert.AxisAngle(convert.Vec3{rng.Float64(), 1, rng.Float64()}.Normalize(), rng.Float64())
			if rng.Intn(20) == 0 {
				xf.S = convert.Vec3{1, 2, 1}
			}
			g.AddNode(convert.Node{Transform: xf}, parent)
		}
		e := &emitter{g: g}
		for q := 0; q < 100; q++ {
			node := rng.Intn(n)
			l := node
			for up := rng.Intn(6); up > 0 && g.Nodes[l].Parent >= 0; up-- {
				l = g.Nodes[l].Parent
			}
			if l == node {
				continue
			}
			got, want := e.below(node, l), g.RelativeTransform(node, l)
			depth := 0
			for i := node; i != l; i = g.Nodes[i].Parent {
				depth++
			}
			if depth <= 2 && e.belowLink[[2]int{node, l}] == (convert.Transform{}) && got != want {
				t.Fatalf("round %d: node %d, %d below %d: %v, RelativeTransform %v", round, node, depth, l, got, want)
			}
			for k := 0; k < 3; k++ {
				if math.Abs(got.T[k]-want.T[k]) > 1e-12*math.Max(1, math.Abs(want.T[k])) || got.S[k] != want.S[k] {
					t.Fatalf("round %d: node %d below %d: %v, RelativeTransform %v", round, node, l, got, want)
				}
			}
			if d := got.R[0]*want.R[0] + got.R[1]*want.R[1] + got.R[2]*want.R[2] + got.R[3]*want.R[3]; math.Abs(math.Abs(d)-1) > 1e-12 {
				t.Fatalf("round %d: node %d below %d: rotation %v, RelativeTransform %v", round, node, l, got.R, want.R)
			}
		}
	}
}
