package kin

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestAxisFrameExact: the frame a joint gets for its axis turns X onto
// the axis to rounding, whatever the axis, nearly opposite to X too. An
// exported humanoid's finger joint about (-0.99999982, -9.9e-8, -2.5e-7)
// came back turned by 1e-9 (the half-way formula's 1 + cos cancels),
// which verification reported in URDF output. Axes a little off each
// direction, from 1e-3 to 1e-9, and random ones.
func TestAxisFrameExact(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	var axes []convert.Vec3
	for _, base := range []convert.Vec3{{-1, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, -1}} {
		for _, off := range []float64{1e-3, 1e-5, 1e-7, 1e-9, 0} {
			for k := 0; k < 20; k++ {
				axes = append(axes, base.Add(convert.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}.Scale(off)))
			}
		}
	}
	for k := 0; k < 500; k++ {
		axes = append(axes, convert.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()})
	}
	axes = append(axes, convert.Vec3{-0.9999998262417538, -9.878318872787173e-08, -2.5044776373606137e-07})
	worst := 0.0
	for _, axis := range axes {
		a := axis.Normalize()
		q := rotationFromX(axis)
		if n := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]); math.Abs(n-1) > 1e-15 {
			t.Errorf("axis %v: frame of norm %v", axis, n)
		}
		got := q.Rotate(convert.Vec3{1, 0, 0})
		if e := got.Sub(a).Len(); e > worst {
			worst = e
		}
		if e := got.Sub(a).Len(); e > 4e-15 { // a few ulps of the unit vector
			t.Errorf("axis %v: the frame turns X onto %v, %g off", a, got, e)
		}
	}
	t.Logf("%d axes, worst %g", len(axes), worst)
}
