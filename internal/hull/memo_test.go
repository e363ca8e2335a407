package hull

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"sync"
	"testing"
)

// memoCase is a generated point set and what a fresh Compute gives on it.
type memoCase struct {
	name string
	pts  []Vec
	want Result
	err  error
}

// memoCases generates point sets of every kind the hull meets: solid
// clouds at many scales, sets on a plane, on a line, all one point,
// with duplicates, lattices full of coplanar subsets, points all on a
// sphere, fewer than four points, an empty set and non-finite points.
func memoCases(n int, seed uint64) []memoCase {
	rng := rand.New(rand.NewPCG(seed, 7))
	var cases []memoCase
	for k := range n {
		scale := math.Pow(10, float64(rng.IntN(9)-4))
		size := 1 + rng.IntN(80)
		pts := make([]Vec, size)
		kind := []string{"solid", "plane", "line", "point", "duplicates", "lattice", "sphere", "few", "empty", "nan"}[k%10]
		for i := range pts {
			a, b, c := rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
			switch kind {
			case "plane":
				c = 0.25*a - b
			case "line":
				b, c = 2*a, -a
			case "point":
				a, b, c = 1, 2, 3
			case "lattice":
				a, b, c = float64(rng.IntN(3)), float64(rng.IntN(3)), float64(rng.IntN(3))
			case "sphere":
				l := math.Sqrt(a*a + b*b + c*c)
				a, b, c = a/l, b/l, c/l
			}
			pts[i] = Vec{a * scale, b * scale, c * scale}
		}
		switch kind {
		case "duplicates":
			for i := range pts {
				pts[i] = pts[rng.IntN(i+1)]
			}
		case "few":
			pts = pts[:rng.IntN(min(4, len(pts)+1))]
		case "empty":
			pts = nil
		case "nan":
			pts[rng.IntN(len(pts))][rng.IntN(3)] = []float64{math.NaN(), math.Inf(1), math.Inf(-1)}[rng.IntN(3)]
		}
		want, err := Compute(pts)
		cases = append(cases, memoCase{fmt.Sprintf("%s %d (%d points)", kind, k, len(pts)), pts, want, err})
	}
	return cases
}

// sameOutcome fails unless res, err is what c's fresh Compute gave.
func sameOutcome(t testing.TB, c memoCase, res Result, err error) {
	t.Helper()
	var gd, wd *DegenerateError
	switch {
	case err == nil && c.err == nil:
	case errors.As(err, &gd) && errors.As(c.err, &wd) && gd.Dim == wd.Dim:
	case errors.Is(err, ErrNotFinite) && errors.Is(c.err, ErrNotFinite):
	default:
		t.Fatalf("%s: error %v, fresh %v", c.name, err, c.err)
	}
	if res.Skipped != c.want.Skipped || !slices.Equal(res.Triangles, c.want.Triangles) {
		t.Fatalf("%s: %d triangles (%d skipped), fresh %d (%d skipped)", c.name, len(res.Triangles), res.Skipped, len(c.want.Triangles), c.want.Skipped)
	}
}

// TestMemoMatchesCompute: on 2,000 generated point sets, the memo's first
// answer (a miss) and second (a hit) equal a fresh Compute's.
func TestMemoMatchesCompute(t *testing.T) {
	m := NewMemo(64 << 20)
	m.minPoints = 0
	cases := memoCases(2000, 1)
	for _, c := range cases {
		res, err := m.Compute(c.pts)
		sameOutcome(t, c, res, err)
	}
	for _, c := range cases {
		res, err := m.Compute(c.pts)
		sameOutcome(t, c, res, err)
	}
	// identical generated sets (all one point, some duplicates) share an
	// entry, so there are fewer misses than sets
	if s := m.Stats(); s.Hits < len(cases) || s.Hits+s.Misses != 2*len(cases) {
		t.Errorf("%d hits and %d misses on %d sets looked up twice", s.Hits, s.Misses, len(cases))
	}
}

// TestMemoSkipsSmallSets: a set below MinMemoPoints is neither looked up
// nor stored.
func TestMemoSkipsSmallSets(t *testing.T) {
	m := NewMemo(1 << 20)
	pts := fibonacciSphere(MinMemoPoints - 1)
	m.Compute(pts)
	m.Compute(pts)
	if s := m.Stats(); s != (MemoStats{}) {
		t.Errorf("%+v after hulling %d points twice, want nothing", s, len(pts))
	}
}

// TestMemoReset: a reset memo holds nothing and counts nothing, and hulls
// the next set afresh (a miss), as a new one would.
func TestMemoReset(t *testing.T) {
	m := NewMemo(1 << 20)
	pts := fibonacciSphere(50)
	want, _ := Compute(pts)
	m.Compute(pts)
	m.Compute(pts)
	m.Reset()
	if s := m.Stats(); s != (MemoStats{}) {
		t.Fatalf("%+v after Reset, want nothing", s)
	}
	got, err := m.Compute(pts)
	if err != nil || len(got.Triangles) != len(want.Triangles) {
		t.Fatalf("after Reset: %d triangles, %v; want %d", len(got.Triangles), err, len(want.Triangles))
	}
	if s := m.Stats(); s.Misses != 1 || s.Hits != 0 || s.Entries != 1 {
		t.Errorf("%+v after one set following Reset, want one miss and one entry", s)
	}
}

// TestMemoLastBit: a set differing from a stored one in the last bit of
// one coordinate, or in the sign of a zero, or in the order of two points,
// is hulled afresh; so is one that collides with a stored set's hash,
// whatever was stored for it.
func TestMemoLastBit(t *testing.T) {
	m := NewMemo(1 << 20)
	base := fibonacciSphere(40)
	base[5][1] = 0
	if _, err := m.Compute(base); err != nil {
		t.Fatal(err)
	}
	nextBit := slices.Clone(base)
	nextBit[17][2] = math.Nextafter(nextBit[17][2], math.Inf(1))
	negZero := slices.Clone(base)
	negZero[5][1] = math.Copysign(0, -1)
	swapped := slices.Clone(base)
	swapped[3], swapped[4] = swapped[4], swapped[3]
	for name, pts := range map[string][]Vec{"last bit": nextBit, "-0": negZero, "order": swapped} {
		before := m.Stats()
		got, err := m.Compute(pts)
		want, werr := Compute(pts)
		if err != nil || werr != nil {
			t.Fatal(err, werr)
		}
		if s := m.Stats(); s.Misses != before.Misses+1 || s.Hits != before.Hits {
			t.Errorf("%s: found in the memo (%+v, before %+v)", name, s, before)
		}
		if !slices.Equal(got.Triangles, want.Triangles) {
			t.Errorf("%s: the memo's hull differs from a fresh one", name)
		}
	}

	// a forced collision: two sets under one key, each with a result
	// of its own, are told apart by their points alone
	c := NewMemo(1 << 20)
	key := memoKey{hash: 42, n: len(base)}
	c.store(key, base, Result{Triangles: [][3]int{{1, 2, 3}}}, nil)
	if e := c.find(key, nextBit); e != nil {
		t.Fatal("a set was taken for another under the same hash")
	}
	c.store(key, nextBit, Result{Triangles: [][3]int{{4, 5, 6}}}, nil)
	for _, tc := range []struct {
		pts  []Vec
		want int
	}{{base, 1}, {nextBit, 4}} {
		e := c.find(key, tc.pts)
		if e == nil {
			t.Fatal("a stored set was not found")
		}
		if res, _ := e.result(); res.Triangles[0][0] != tc.want {
			t.Errorf("found %v, want the triangle from %d", res.Triangles, tc.want)
		}
	}
	// evicting one of the two keeps the other findable
	c.evict(c.oldest)
	if c.find(key, base) != nil || c.find(key, nextBit) == nil {
		t.Error("evicting one of two sets under one hash lost the wrong one")
	}
}

// TestMemoResultsAreCopies: changing a result, or the points it was
// computed from, changes nothing later lookups give.
func TestMemoResultsAreCopies(t *testing.T) {
	m := NewMemo(1 << 20)
	pts := fibonacciSphere(50)
	want, _ := Compute(slices.Clone(pts))
	for range 3 {
		res, err := m.Compute(pts)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(res.Triangles, want.Triangles) {
			t.Fatal("a result differs from a fresh hull after an earlier one was changed")
		}
		for i := range res.Triangles {
			res.Triangles[i] = [3]int{-1, -1, -1}
		}
		res.Triangles = res.Triangles[:1]
	}
	// the memo holds its own copy of the points
	stored := slices.Clone(pts)
	pts[0] = Vec{9, 9, 9}
	res, _ := m.Compute(stored)
	if !slices.Equal(res.Triangles, want.Triangles) {
		t.Fatal("changing the caller's points changed what the memo gives for them")
	}
	// a degenerate result's error is the caller's own too
	flat := make([]Vec, 30)
	for i := range flat {
		flat[i] = Vec{float64(i % 5), float64(i / 5), 0}
	}
	_, err1 := m.Compute(flat)
	var de *DegenerateError
	if !errors.As(err1, &de) || de.Dim != 2 {
		t.Fatalf("flat set: %v", err1)
	}
	de.Dim = 0
	_, err2 := m.Compute(flat)
	if !errors.As(err2, &de) || de.Dim != 2 {
		t.Fatalf("flat set after changing an earlier error: %v", err2)
	}
}

// TestMemoEvicts: the memo stays within its budget, evicts the least
// recently used set first, and keeps no set whose entry alone would take
// more than a quarter of the budget.
func TestMemoEvicts(t *testing.T) {
	sets := make([][]Vec, 40)
	for i := range sets {
		sets[i] = fibonacciSphere(100 + i)
	}
	one := memoEntryOverhead + len(sets[0])*24 + (2*len(sets[0])-4)*12
	m := NewMemo(10 * one)
	for i, pts := range sets {
		if _, err := m.Compute(pts); err != nil {
			t.Fatal(err)
		}
		if i == 4 {
			m.Compute(sets[0]) // used again: now more recent than 1 to 4
		}
		if s := m.Stats(); s.Bytes > 10*one {
			t.Fatalf("%d bytes held after %d sets, budget %d", s.Bytes, i+1, 10*one)
		}
	}
	s := m.Stats()
	if s.Entries == 0 || s.Entries >= len(sets) {
		t.Fatalf("%d of %d sets held", s.Entries, len(sets))
	}
	held := func(pts []Vec) bool {
		before := m.Stats().Hits
		m.Compute(pts)
		return m.Stats().Hits > before
	}
	if !held(sets[len(sets)-1]) {
		t.Error("the last set stored was evicted")
	}
	if held(sets[1]) {
		t.Error("an early set is still held")
	}

	// five sets fill the budget; the first, used again, outlives the
	// second, which the next set evicts
	lru := NewMemo(5 * (memoEntryOverhead + 200*24 + 396*12))
	for i := range 5 {
		lru.Compute(fibonacciSphere(200 - i))
	}
	lru.Compute(fibonacciSphere(200))
	lru.Compute(fibonacciSphere(195))
	lru.Compute(fibonacciSphere(199))
	lru.Compute(fibonacciSphere(200))
	if s := lru.Stats(); s.Hits != 2 || s.Misses != 7 {
		t.Errorf("least recently used: %d hits and %d misses, want 2 and 7 (%+v)", s.Hits, s.Misses, s)
	}

	big := NewMemo(4 * one)
	big.Compute(fibonacciSphere(400))
	if s := big.Stats(); s.Entries != 0 || s.Bytes != 0 {
		t.Errorf("a set over a quarter of the budget was kept: %+v", s)
	}
}

// TestMemoConcurrent: goroutines hulling overlapping sets through one
// small memo (so entries are evicted while others look them up) all get
// what a fresh Compute gives. Run with -race.
func TestMemoConcurrent(t *testing.T) {
	cases := memoCases(200, 2)
	m := NewMemo(40 << 10)
	m.minPoints = 0
	var wg sync.WaitGroup
	errs := make(chan error, 8)
	for g := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(g), 3))
			for range 1500 {
				c := cases[rng.IntN(len(cases))]
				res, err := m.Compute(c.pts)
				var gd, wd *DegenerateError
				okErr := (err == nil) == (c.err == nil) &&
					(!errors.As(c.err, &wd) || errors.As(err, &gd) && gd.Dim == wd.Dim) &&
					errors.Is(err, ErrNotFinite) == errors.Is(c.err, ErrNotFinite)
				if !okErr || res.Skipped != c.want.Skipped || !slices.Equal(res.Triangles, c.want.Triangles) {
					errs <- fmt.Errorf("%s: the memo's result differs from a fresh hull", c.name)
					return
				}
				if len(res.Triangles) > 0 {
					res.Triangles[0] = [3]int{} // the caller's own
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if s := m.Stats(); s.Bytes > 40<<10 || s.Hits == 0 {
		t.Errorf("%+v: over budget or never hit", s)
	}
}

// BenchmarkMemo compares hulling a set afresh with finding it in the memo,
// by size, which is what MinMemoPoints is chosen from.
func BenchmarkMemo(b *testing.B) {
	for _, n := range []int{8, 16, 32, 100, 1000, 10000} {
		pts := fibonacciSphere(n)
		b.Run(fmt.Sprintf("fresh/%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				Compute(pts)
			}
		})
		b.Run(fmt.Sprintf("hit/%d", n), func(b *testing.B) {
			m := NewMemo(64 << 20)
			m.minPoints = 0
			m.Compute(pts)
			b.ReportAllocs()
			for b.Loop() {
				m.Compute(pts)
			}
		})
		b.Run(fmt.Sprintf("miss/%d", n), func(b *testing.B) {
			m := NewMemo(64 << 20)
			m.minPoints = 0
			b.ReportAllocs()
			for b.Loop() {
				m.Compute(pts)
				m.evict(m.oldest)
			}
		})
	}
}
