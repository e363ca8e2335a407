package hull

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"
)

// TestCheckVolumeAgreesWithCompute checks CheckVolume against Compute on
// a solid, each degenerate dimension and a non-finite point.
func TestCheckVolumeAgreesWithCompute(t *testing.T) {
	cases := map[string][]Vec{
		"tetrahedron": {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		"point":       {{1, 2, 3}, {1, 2, 3}},
		"line":        {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}},
		"plane":       {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}},
		"nan":         {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, math.NaN()}},
		"empty":       nil,
	}
	for name, pts := range cases {
		_, want := Compute(pts)
		got := CheckVolume(pts)
		var wd, gd *DegenerateError
		switch {
		case want == nil && got == nil:
		case errors.As(want, &wd) && errors.As(got, &gd) && wd.Dim == gd.Dim:
		case errors.Is(want, ErrNotFinite) && errors.Is(got, ErrNotFinite):
		default:
			t.Errorf("%s: CheckVolume %v, Compute %v", name, got, want)
		}
	}
	if CheckVolume(cases["tetrahedron"]) != nil {
		t.Error("a tetrahedron has a volume")
	}
}

// vecSimplex is initialSimplex as it was written with Vec operations: the
// reference that holds the scalar passes to the same picks.
func vecSimplex(pts []Vec, eps float64) ([4]int32, error) {
	var lo, hi [3]int
	for i, p := range pts {
		for k := 0; k < 3; k++ {
			if p[k] < pts[lo[k]][k] {
				lo[k] = i
			}
			if p[k] > pts[hi[k]][k] {
				hi[k] = i
			}
		}
	}
	p0, p1, best := 0, 0, 0.0
	for k := 0; k < 3; k++ {
		if d := dist2(pts[lo[k]], pts[hi[k]]); d > best {
			p0, p1, best = lo[k], hi[k], d
		}
	}
	if best <= eps*eps {
		return [4]int32{}, &DegenerateError{Dim: 0}
	}
	dir := sub(pts[p1], pts[p0])
	p2, best := -1, 0.0
	for i, p := range pts {
		c := cross(dir, sub(p, pts[p0]))
		if d := dot(c, c); d > best {
			p2, best = i, d
		}
	}
	if p2 < 0 || math.Sqrt(best)/math.Sqrt(dot(dir, dir)) <= eps {
		return [4]int32{}, &DegenerateError{Dim: 1}
	}
	n := normalize(cross(sub(pts[p1], pts[p0]), sub(pts[p2], pts[p0])))
	p3, best := -1, 0.0
	for i, p := range pts {
		if d := math.Abs(dot(n, sub(p, pts[p0]))); d > best {
			p3, best = i, d
		}
	}
	if p3 < 0 || best <= eps {
		return [4]int32{}, &DegenerateError{Dim: 2}
	}
	return [4]int32{int32(p0), int32(p1), int32(p2), int32(p3)}, nil
}

// TestSimplexMatchesVecForm: the scalar initialSimplex picks the same four
// points, or fails in the same dimension, as the Vec form on generated
// sets: solid clouds at scales from 1e-6 to 1e6, and points on a line or
// a plane with noise around the tolerance.
func TestSimplexMatchesVecForm(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	dims := map[int]int{}
	for k := 0; k < 3000; k++ {
		scale := math.Pow(10, float64(rng.IntN(13)-6))
		noise := scale * math.Pow(10, -float64(10+rng.IntN(8)))
		pts := make([]Vec, 1+rng.IntN(40))
		kind := k % 3 // solid, plane, line
		for i := range pts {
			a, b, c := rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()
			switch kind {
			case 1:
				c = noise * rng.NormFloat64()
			case 2:
				b, c = 2*a+noise*rng.NormFloat64(), -a+noise*rng.NormFloat64()
			}
			pts[i] = Vec{a * scale, b * scale, c * scale}
		}
		eps := tolerance(pts)
		got, gerr := initialSimplex(pts, eps)
		want, werr := vecSimplex(pts, eps)
		var gd, wd *DegenerateError
		switch {
		case gerr == nil && werr == nil:
			dims[3]++
			if got != want {
				t.Fatalf("set %d: picks %v, Vec form %v", k, got, want)
			}
		case errors.As(gerr, &gd) && errors.As(werr, &wd) && gd.Dim == wd.Dim:
			dims[gd.Dim]++
		default:
			t.Fatalf("set %d: %v, Vec form %v", k, gerr, werr)
		}
	}
	for _, d := range []int{1, 2, 3} {
		if dims[d] == 0 {
			t.Errorf("no set ended in dimension %d (%v)", d, dims)
		}
	}
}
