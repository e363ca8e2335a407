package convert

import (
	"math/rand"
	"slices"
	"testing"
)

// TestBodyOwnersAsBodyOf: BodyOwners gives every node the body BodyOf
// walks up to, over generated graphs: bodies nested in bodies, frames
// between them, nodes outside every body, several roots, and parent
// links that loop (which validation rejects, and BodyOf still answers).
func TestBodyOwnersAsBodyOf(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	for round := 0; round < 2000; round++ {
		g := NewGraph()
		n := 1 + rng.Intn(30)
		for i := 0; i < n; i++ {
			parent := -1
			if i > 0 && rng.Intn(5) > 0 {
				parent = rng.Intn(i)
			}
			node := Node{Name: "n"}
			if rng.Intn(3) == 0 {
				node.Motion = &Motion{Kind: Dynamic}
			}
			g.Nodes = append(g.Nodes, node)
			g.Nodes[i].Parent = parent
		}
		if rng.Intn(4) == 0 {
			// a loop: a node made the child of one below it
			a := rng.Intn(n)
			g.Nodes[a].Parent = a + rng.Intn(n-a)
		}
		want := make([]int, n)
		for i := range want {
			want[i] = g.BodyOf(i)
		}
		if got := g.BodyOwners(); !slices.Equal(got, want) {
			t.Fatalf("round %d: BodyOwners %v, BodyOf %v", round, got, want)
		}
	}
}
