package mjcf

import (
	"math"
	"testing"
)

// TestDefaultGainsWithinTheStep: a default servo is 10 × effort (100
// without a limit), critically damped on what the joint's child moves,
// and never stiffer than the time step can follow: at most half a radian
// of its natural oscillation √(kp/moved) per step.
func TestDefaultGainsWithinTheStep(t *testing.T) {
	for _, c := range []struct {
		name                         string
		effort, inertia, moved, step float64
		kp                           float64
	}{
		{"an arm joint: 10 × effort", 300, 0.5, 2, 0.002, 3000},
		{"no effort limit: 100", 0, 0.5, 2, 0.002, 100},
		{"a 2 mg gripper: held to the step", 0.292, 1.1e-9, 1.1e-9, 0.002, 1.1e-9 * 250 * 250},
		{"a finer step allows more", 0.292, 1.1e-9, 1.1e-9, 0.0001, 1.1e-9 * 5000 * 5000},
		{"subtree unknown: no cap", 0.292, 1.1e-9, 0, 0.002, 2.92},
		{"a light slide: its mass", 50, 0.001, 0.001, 0.002, 0.001 * 250 * 250},
	} {
		kp, kv := defaultGains(c.effort, c.inertia, c.moved, c.step)
		if math.Abs(kp-c.kp) > 1e-12*c.kp {
			t.Errorf("%s: kp %v, want %v", c.name, kp, c.kp)
		}
		if want := 2 * math.Sqrt(kp*c.inertia); math.Abs(kv-want) > 1e-12*want {
			t.Errorf("%s: kv %v, want critical damping %v", c.name, kv, want)
		}
		if c.moved > 0 && math.Sqrt(kp/c.moved)*c.step > maxServoTurn*(1+1e-12) {
			t.Errorf("%s: %v rad a step", c.name, math.Sqrt(kp/c.moved)*c.step)
		}
	}
}
