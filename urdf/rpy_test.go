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

// Frames turned close to pitch ±90° but not onto it (a quarter turn
// spelled with float32 angles, cos pitch ~1e-8) give angles whose
// rotation is the frame's to rounding: roll then comes from elements as
// small as cos pitch and yaw must make up for its error. The rotation
// is compared by the quaternion's own components (a dot product near 1
// hides angles below 1e-8).
func TestRPYRoundTripNearGimbalLock(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	for k := 0; k < 2000; k++ {
		off := math.Pow(10, -12+10*rng.Float64()) // 1e-12 … 1e-2 from the lock
		pitch := math.Copysign(math.Pi/2-off, rng.Float64()-0.5)
		rpy := convert.Vec3{(2*rng.Float64() - 1) * math.Pi, pitch, (2*rng.Float64() - 1) * math.Pi}
		q := convert.RPYQuat(rpy)
		back := convert.RPYQuat(quatRPY(q))
		var d, e float64
		for i := range 4 {
			d = math.Max(d, math.Abs(q[i]-back[i]))
			e = math.Max(e, math.Abs(q[i]+back[i]))
		}
		if err := math.Min(d, e); err > 1e-15 { // a few ulps of 1
			t.Errorf("rpy %v (%g from the lock): rotation comes back %g off", rpy, off, err)
		}
	}
}
