package inspect

import (
	"math"
	"math/rand"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestShapeFinderAsScan: matching shapes through shapeFinder (by kind and
// X position past 16 shapes) pairs each shape with the same one a scan of
// the list in order finds, over generated lists: positions equal, within
// and just past the tolerance, large and small, NaN and infinite, kinds
// and sizes repeated, lists both sides of the threshold.
func TestShapeFinderAsScan(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	const tol = 1e-9
	c := &comparer{tol: tol}
	coords := []float64{0, 1, -1, 1e6, 3.5, math.NaN(), math.Inf(1), math.Inf(-1)}
	coord := func() float64 {
		v := coords[rng.Intn(len(coords))]
		switch rng.Intn(4) {
		case 0:
			v += v * tol * 0.9 // within tolerance
		case 1:
			v += math.Max(1, math.Abs(v)) * tol * 1.5 // just past it
		}
		return v
	}
	shape := func() ShapeReport {
		kind := []convert.ShapeKind{convert.Sphere, convert.Box}[rng.Intn(2)]
		s := ShapeReport{Shape: kind, Position: convert.Vec3{coord(), coords[rng.Intn(3)], 0}}
		if kind == convert.Sphere {
			s.Dims = map[string]float64{"radius": []float64{1, 2}[rng.Intn(2)]}
		} else {
			s.Dims = map[string]float64{"x": 1, "y": 1, "z": 1}
		}
		return s
	}
	for round := 0; round < 2000; round++ {
		xs, ys := make([]ShapeReport, rng.Intn(40)), make([]ShapeReport, rng.Intn(60))
		for k := range xs {
			xs[k] = shape()
		}
		for k := range ys {
			ys[k] = shape()
		}
		usedF, usedS := make([]bool, len(ys)), make([]bool, len(ys))
		f := c.shapesNear(ys)
		for i, x := range xs {
			got := f.first(x, usedF)
			want := -1
			for k, y := range ys {
				if !usedS[k] && c.sameShape(x, y) {
					want = k
					break
				}
			}
			if got != want {
				t.Fatalf("round %d, shape %d of %d against %d: found %d, a scan %d", round, i, len(xs), len(ys), got, want)
			}
			if got >= 0 {
				usedF[got], usedS[want] = true, true
			}
		}
	}
}
