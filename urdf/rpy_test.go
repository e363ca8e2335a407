package urdf

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/physconv/physconv/convert"
)

func sameRotation(p, q convert.Quat) bool {
	d := p[0]*q[0] + p[1]*q[1] + p[2]*q[2] + p[3]*q[3]
	return math.Abs(math.Abs(d)-1) < 1e-15
}

// quatRPY inverts convert.RPYQuat everywhere, also at gimbal lock (pitch ±90°),
// where axis-aligned frames such as principal axes of a box often land
// and the angles used to come from rounding noise.
func TestRPYRoundTrip(t *testing.T) {
	half := math.Sqrt(0.5)
	cases := []convert.Quat{
		{0, half, 0, half},  // pitch +90°
		{0, -half, 0, half}, // pitch −90°
		{0.5, 0.5, 0.5, 0.5},
		{0.5, -0.5, 0.5, 0.5},
		{-0.5, -0.5, -0.5, 0.5},
		{half, 0, half, 0},
		{0, 0, 0, 1},
		{1, 0, 0, 0},
	}
	rng := rand.New(rand.NewPCG(7, 11))
	for k := 0; k < 1000; k++ {
		q := convert.Quat{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
		cases = append(cases, q)
	}
	for _, q := range cases {
		rpy := quatRPY(q)
		if back := convert.RPYQuat(rpy); !sameRotation(q, back) {
			t.Errorf("quat %v → rpy %v → %v", q, rpy, back)
		}
		if rpy[1] < -math.Pi/2 || rpy[1] > math.Pi/2 {
			t.Errorf("quat %v: pitch %v outside [−π/2, π/2]", q, rpy[1])
		}
	}
}
