package meshio

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestVertexIndexMatchesMap: the builder's vertex table merges exactly the
// vertices a Go map keyed by the vector would (0 and -0 together, every
// NaN apart), across growth, on float32-like and random coordinates.
func TestVertexIndexMatchesMap(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	values := []float64{0, math.Copysign(0, -1), 1, -1, 0.5, float64(float32(0.1)), math.NaN(), math.Inf(1), 1e-300}
	for round := 0; round < 20; round++ {
		n := 10 + rng.IntN(20000)
		b := newBuilder()
		ref := map[convert.Vec3]uint32{}
		var refPositions []convert.Vec3
		for k := 0; k < n; k++ {
			var p convert.Vec3
			for c := range p {
				if rng.IntN(3) == 0 {
					p[c] = values[rng.IntN(len(values))]
				} else {
					p[c] = float64(float32(rng.IntN(50)) * 0.25)
				}
			}
			want, ok := ref[p]
			if !ok {
				want = uint32(len(refPositions))
				refPositions = append(refPositions, p)
				ref[p] = want
			}
			if got := b.vertex(p); got != want {
				t.Fatalf("round %d vertex %d %v: index %d, a map gives %d", round, k, p, got, want)
			}
		}
		if len(b.m.Positions) != len(refPositions) {
			t.Fatalf("round %d: %d positions, a map keeps %d", round, len(b.m.Positions), len(refPositions))
		}
	}
}
