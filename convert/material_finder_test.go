package convert

import (
	"math"
	"math/rand"
	"testing"
)

// TestMaterialFinderAsScan: MaterialFinder answers as a scan of
// Graph.Materials from the start with == does — the first of equal
// materials, -0 equal to 0, NaN equal to nothing — for materials appended
// between questions, over generated lists with many repeats.
func TestMaterialFinderAsScan(t *testing.T) {
	scan := func(g *Graph, m Material) (int, bool) {
		for i, x := range g.Materials {
			if x == m {
				return i, true
			}
		}
		return -1, false
	}
	values := []float64{0, math.Copysign(0, -1), 0.5, 1, math.NaN()}
	rng := rand.New(rand.NewSource(7))
	pick := func() Material {
		return Material{Name: []string{"", "a", "b"}[rng.Intn(3)], StaticFriction: values[rng.Intn(len(values))],
			DynamicFriction: values[rng.Intn(len(values))], FrictionCombine: []string{"", "maximum"}[rng.Intn(2)]}
	}
	for round := 0; round < 200; round++ {
		g := NewGraph()
		var f MaterialFinder
		for step := 0; step < 40; step++ {
			if rng.Intn(2) == 0 {
				g.Materials = append(g.Materials, pick())
			}
			m := pick()
			wi, wok := scan(g, m)
			gi, gok := f.Find(g, m)
			if wok != gok || wok && wi != gi {
				t.Fatalf("round %d step %d: Find(%+v) = %d, %v; a scan gives %d, %v", round, step, m, gi, gok, wi, wok)
			}
		}
	}
}
