package hull

import (
	"errors"
	"math"
	"math/rand"
	"runtime"
	"testing"
)

// check asserts that the result is a closed, consistently wound surface with
// every input point inside or within tol of it, and returns its volume.
func check(t *testing.T, pts []Vec, res Result, tol float64) float64 {
	t.Helper()
	edges := map[[2]int]int{}
	for _, tr := range res.Triangles {
		for k := 0; k < 3; k++ {
			edges[[2]int{tr[k], tr[(k+1)%3]}]++
		}
	}
	for e, n := range edges {
		if n != 1 || edges[[2]int{e[1], e[0]}] != 1 {
			t.Fatalf("edge %v used %d times, reverse %d times: not a closed hull", e, n, edges[[2]int{e[1], e[0]}])
		}
	}
	vol := 0.0
	for _, tr := range res.Triangles {
		a, b, c := pts[tr[0]], pts[tr[1]], pts[tr[2]]
		n := cross(sub(b, a), sub(c, a))
		vol += dot(a, n) / 6
		l := math.Sqrt(dot(n, n))
		if l == 0 {
			continue
		}
		for _, p := range pts {
			if d := dot(n, sub(p, a)) / l; d > tol {
				t.Fatalf("point %v is %g outside face %v", p, d, tr)
			}
		}
	}
	return vol
}

func TestCubeWithInteriorAndFacePoints(t *testing.T) {
	var pts []Vec
	for _, x := range []float64{-1, 1} {
		for _, y := range []float64{-1, 1} {
			for _, z := range []float64{-1, 1} {
				pts = append(pts, Vec{x, y, z})
			}
		}
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 200; i++ {
		p := Vec{rng.Float64()*2 - 1, rng.Float64()*2 - 1, rng.Float64()*2 - 1}
		pts = append(pts, p)
		// points exactly on the faces and edges must not break the hull
		q := p
		q[i%3] = float64(1 - 2*(i/3%2))
		pts = append(pts, q)
	}
	res, err := Compute(pts)
	if err != nil {
		t.Fatal(err)
	}
	vol := check(t, pts, res, 1e-12)
	if math.Abs(vol-8) > 1e-12 {
		t.Errorf("volume = %.17g, want 8", vol)
	}
}

func TestSpherePointsAllOnHull(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	var pts []Vec
	for len(pts) < 2000 {
		p := Vec{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		pts = append(pts, normalize(p))
	}
	res, err := Compute(pts)
	if err != nil {
		t.Fatal(err)
	}
	vol := check(t, pts, res, 1e-12)
	used := map[int]bool{}
	for _, tr := range res.Triangles {
		for _, v := range tr {
			used[v] = true
		}
	}
	if len(used)+res.Skipped != len(pts) {
		t.Errorf("%d hull vertices + %d skipped, want all %d points on the hull", len(used), res.Skipped, len(pts))
	}
	if vol >= 4*math.Pi/3 || vol < 0.99*4*math.Pi/3 {
		t.Errorf("volume %g not just under the unit ball's %g", vol, 4*math.Pi/3)
	}
}

func TestGridWithManyCoplanarPoints(t *testing.T) {
	var pts []Vec
	for x := 0; x <= 6; x++ {
		for y := 0; y <= 6; y++ {
			for z := 0; z <= 6; z++ {
				pts = append(pts, Vec{float64(x) * 0.1, float64(y) * 0.1, float64(z) * 0.1})
			}
		}
	}
	res, err := Compute(pts)
	if err != nil {
		t.Fatal(err)
	}
	vol := check(t, pts, res, 1e-12)
	if math.Abs(vol-0.216) > 1e-12 {
		t.Errorf("volume = %.17g, want 0.216", vol)
	}
}

func TestDegenerateInput(t *testing.T) {
	cases := []struct {
		name string
		pts  []Vec
		dim  int
	}{
		{"empty", nil, 0},
		{"one point", []Vec{{1, 2, 3}, {1, 2, 3}}, 0},
		{"line", []Vec{{0, 0, 0}, {1, 1, 1}, {2, 2, 2}, {0.5, 0.5, 0.5}}, 1},
		{"plane", []Vec{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0.3, 0.2, 0}}, 2},
		{"tilted plane", []Vec{{0, 0, 0}, {1, 1, 1}, {1, -1, 0}, {2, 0, 1}, {3, 1, 2}}, 2},
	}
	for _, c := range cases {
		_, err := Compute(c.pts)
		var de *DegenerateError
		if !errors.As(err, &de) || de.Dim != c.dim {
			t.Errorf("%s: err = %v, want a DegenerateError of dimension %d", c.name, err, c.dim)
		}
	}
	if _, err := Compute([]Vec{{0, 0, 0}, {1, 0, 0}, {0, math.NaN(), 0}, {0, 0, 1}}); err != ErrNotFinite {
		t.Errorf("NaN input: err = %v, want ErrNotFinite", err)
	}
}

func TestTetrahedronAndDuplicates(t *testing.T) {
	pts := []Vec{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}, {0, 0, 0}, {1, 0, 0}, {0.1, 0.1, 0.1}}
	res, err := Compute(pts)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Triangles) != 4 {
		t.Errorf("%d triangles, want 4", len(res.Triangles))
	}
	if vol := check(t, pts, res, 0); math.Abs(vol-1.0/6) > 1e-15 {
		t.Errorf("volume %g, want 1/6", vol)
	}
}

func randomPoints(n int, seed int64) []Vec {
	rng := rand.New(rand.NewSource(seed))
	pts := make([]Vec, n)
	for i := range pts {
		pts[i] = Vec{rng.Float64(), rng.Float64(), rng.Float64()}
	}
	return pts
}

func TestRandomClouds(t *testing.T) {
	for seed := int64(0); seed < 20; seed++ {
		pts := randomPoints(500, seed)
		// scale and shift far from the origin to exercise the tolerance
		for i := range pts {
			pts[i] = Vec{pts[i][0]*1e3 + 1e6, pts[i][1]*1e3 - 2e6, pts[i][2]*1e3 + 5e5}
		}
		res, err := Compute(pts)
		if err != nil {
			t.Fatal(err)
		}
		check(t, pts, res, 1e-6)
	}
}

// BenchmarkHullMillionPoints: a million points uniform in the unit cube.
func BenchmarkHullMillionPoints(b *testing.B) {
	pts := randomPoints(1_000_000, 42)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Compute(pts); err != nil {
			b.Fatal(err)
		}
	}
}

// Points on a coarse lattice are full of coplanar and collinear subsets,
// the hardest case for the horizon; the hull must stay closed and convex.
func TestLatticeClouds(t *testing.T) {
	for seed := int64(0); seed < 200; seed++ {
		rng := rand.New(rand.NewSource(seed))
		n := 4 + rng.Intn(60)
		pts := make([]Vec, n)
		for i := range pts {
			pts[i] = Vec{float64(rng.Intn(4)), float64(rng.Intn(4)), float64(rng.Intn(4))}
		}
		res, err := Compute(pts)
		var de *DegenerateError
		if errors.As(err, &de) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		check(t, pts, res, 1e-12)
	}
}

// fibonacciSphere gives n points spread evenly on the unit sphere, every
// one of them a vertex of the hull: quickhull's most expensive input.
func fibonacciSphere(n int) []Vec {
	pts := make([]Vec, n)
	turn := math.Pi * (3 - math.Sqrt(5))
	for i := range pts {
		y := 1 - 2*(float64(i)+0.5)/float64(n)
		r := math.Sqrt(1 - y*y)
		pts[i] = Vec{r * math.Cos(turn*float64(i)), y, r * math.Sin(turn*float64(i))}
	}
	return pts
}

// allocated returns the bytes Compute allocates on pts.
func allocated(t *testing.T, pts []Vec) uint64 {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	if _, err := Compute(pts); err != nil {
		t.Fatal(err)
	}
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// TestEveryPointOnHullLinearMemory: a dense scanned or tessellated
// convex mesh puts every point on the hull, and quickhull then makes and
// retires about six faces per point. Their slots are reused and the table
// grows by doubling, so memory stays linear and small: at most 1 KB per
// point (a table that kept every retired face took 4 KB per point,
// 500 MB for 125,000 points), and 4× the points at most 4.5× the bytes.
func TestEveryPointOnHullLinearMemory(t *testing.T) {
	small, large := fibonacciSphere(20_000), fibonacciSphere(80_000)
	res, err := Compute(small)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Triangles) != 2*len(small)-4 || res.Skipped != 0 {
		t.Fatalf("%d triangles, %d points skipped; want %d and none", len(res.Triangles), res.Skipped, 2*len(small)-4)
	}
	a, b := allocated(t, small), allocated(t, large)
	if per := float64(b) / float64(len(large)); per > 1024 {
		t.Errorf("%.0f bytes per point on %d points on a sphere, want at most 1024", per, len(large))
	}
	if r := float64(b) / float64(a); r > 4.5 {
		t.Errorf("4× the points allocated %.2f× the bytes (%d → %d), want at most 4.5×", r, a, b)
	}
}

// BenchmarkHullSphere: 125,000 points, all on the hull.
func BenchmarkHullSphere(b *testing.B) {
	pts := fibonacciSphere(125_000)
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := Compute(pts); err != nil {
			b.Fatal(err)
		}
	}
}
