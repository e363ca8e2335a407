package convert

import (
	"fmt"
	"math/rand/v2"
	"sort"
	"testing"
)

// TestSortedOrder: Sorted puts diagnostics in file, line, path, code and
// message order, keeps the order they came in among equal keys, and drops
// exact repeats; checked on generated lists (few distinct values, so that
// keys tie and repeats occur) against sorting the diagnostics themselves.
func TestSortedOrder(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	pick := func(vals ...string) string { return vals[rng.IntN(len(vals))] }
	for round := range 200 {
		n := rng.IntN(60)
		ds := make(Diagnostics, n)
		for i := range ds {
			ds[i] = Diagnostic{
				Severity: Severity(rng.IntN(3)),
				Code:     Code(pick("a", "b", "c")),
				Subject:  BodySubject(rng.IntN(3)),
				File:     pick("", "x.urdf", "y.xml"),
				Path:     pick("", "link1", "link1/collision0", "link2"),
				Line:     rng.IntN(3),
				Message:  pick("m", "n"),
			}
		}
		got := ds.Sorted()

		want := append(Diagnostics(nil), ds...)
		sort.SliceStable(want, func(i, j int) bool {
			a, b := want[i], want[j]
			switch {
			case a.File != b.File:
				return a.File < b.File
			case a.Line != b.Line:
				return a.Line < b.Line
			case a.Path != b.Path:
				return a.Path < b.Path
			case a.Code != b.Code:
				return a.Code < b.Code
			}
			return a.Message < b.Message
		})
		var kept Diagnostics
		for _, d := range want {
			if len(kept) > 0 && d == kept[len(kept)-1] {
				continue
			}
			kept = append(kept, d)
		}
		if fmt.Sprint(got) != fmt.Sprint(kept) {
			t.Fatalf("round %d: Sorted\n%v\nwant\n%v", round, got, kept)
		}
		if len(ds) > 0 && &got[0] == &ds[0] {
			t.Fatalf("round %d: Sorted reuses its receiver's array", round)
		}
	}
}
