package convert

import (
	"fmt"
	"math/rand"
	"slices"
	"testing"
)

// TestFilterMismatchesAsEveryPair: grouping filters and answering named
// pairs one by one counts, for each filter, the same filters as asking
// every pair: over random filters of shared layer systems, systems few
// filters share and bodies' own systems (a body's shared by several
// filters too), lists naming any of them, filters used by no, one or two
// colliders, and a target rule of bits that also keeps pairs naming a
// body apart (as MuJoCo's <exclude>) or not.
func TestFilterMismatchesAsEveryPair(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for trial := 0; trial < 300; trial++ {
		g := NewGraph()
		n := 1 + rng.Intn(40)
		pick := func() string {
			switch rng.Intn(3) {
			case 0:
				return fmt.Sprintf("layer%d", rng.Intn(3))
			case 1:
				return fmt.Sprintf("own%d", rng.Intn(2*n)) // few filters share it
			}
			return fmt.Sprintf("body:b%d", rng.Intn(n))
		}
		list := func(k int) []string {
			var out []string
			for range rng.Intn(k) {
				out = append(out, pick())
			}
			return out
		}
		bits := make([]int, n)
		for i := 0; i < n; i++ {
			f := Filter{Name: fmt.Sprintf("f%d", i), Systems: list(3)}
			if rng.Intn(3) > 0 {
				f.Systems = append(f.Systems, fmt.Sprintf("body:b%d", i))
			}
			switch rng.Intn(3) {
			case 0:
				f.CollideWith = list(3)
			case 1:
				f.NotCollideWith = list(3)
			}
			g.Filters = append(g.Filters, f)
			bits[i] = rng.Intn(4)
			for range rng.Intn(3) {
				g.AddNode(Node{Name: "c", Collider: &Collider{Shape: 0, Material: -1, Filter: i}}, -1)
			}
		}
		keepApart := trial%2 == 0
		names := func(i, j int) bool {
			for _, a := range [][2]int{{i, j}, {j, i}} {
				fa, fb := g.Filters[a[0]], g.Filters[a[1]]
				for _, s := range fb.Systems {
					if IsBodySystem(s) && (slices.Contains(fa.CollideWith, s) || slices.Contains(fa.NotCollideWith, s)) {
						return true
					}
				}
			}
			return false
		}
		target := func(i, j int) bool {
			if keepApart && names(i, j) {
				return false
			}
			return bits[i]&bits[j] != 0 || bits[i] == 3 || bits[j] == 3
		}
		class := func(i int) string { return fmt.Sprint(bits[i]) }
		got := map[int]FilterMismatch{}
		for _, m := range FilterMismatches(g, target, class) {
			got[m.IA] = m
		}
		uses := map[int]int{}
		for _, nd := range g.Nodes {
			uses[nd.Collider.Filter]++
		}
		for i := 0; i < n; i++ {
			if uses[i] == 0 {
				if _, ok := got[i]; ok {
					t.Fatalf("trial %d: filter %d in use by nothing reported", trial, i)
				}
				continue
			}
			widened, narrowed := map[string]bool{}, map[string]bool{}
			for j := 0; j < n; j++ {
				if uses[j] == 0 || i == j && uses[i] < 2 {
					continue
				}
				tg, src := target(i, j), FiltersCollide(g.Filters[i], g.Filters[j])
				if tg && !src {
					widened[g.Filters[j].Name] = true
				}
				if src && !tg {
					narrowed[g.Filters[j].Name] = true
				}
			}
			m := got[i]
			if m.Widened != len(widened) || m.Narrowed != len(narrowed) {
				t.Fatalf("trial %d, filter %d: widened %d narrowed %d, every pair gives %d and %d", trial, i, m.Widened, m.Narrowed, len(widened), len(narrowed))
			}
			for _, c := range []struct {
				names []string
				set   map[string]bool
			}{{m.WidenedAs, widened}, {m.NarrowedAs, narrowed}} {
				if len(c.names) != min(4, len(c.set)) {
					t.Fatalf("trial %d, filter %d: names %v of %d", trial, i, c.names, len(c.set))
				}
				for _, s := range c.names {
					if !c.set[s] {
						t.Fatalf("trial %d, filter %d: %q named, not among %v", trial, i, s, c.set)
					}
				}
			}
		}
	}
}
