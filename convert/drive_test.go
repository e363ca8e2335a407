package convert

import (
	"math"
	"testing"
)

// MergeSprings makes the springs on one axis one spring with the same
// force at every position and speed, and leaves everything else alone.
// Checked by the force itself at sample states, not by the formula.
func TestMergeSprings(t *testing.T) {
	inf := math.Inf(1)
	spring := func(axis int, k, c float64, x, v *float64) Drive {
		return Drive{Type: "angular", Mode: "force", Axis: axis, MaxForce: inf, Stiffness: k, Damping: c, PositionTarget: x, VelocityTarget: v}
	}
	force := func(ds []Drive, axis int, x, v float64) float64 {
		var f float64
		for _, d := range ds {
			if d.Axis == axis && d.IsSpring() && math.IsInf(d.MaxForce, 1) {
				f += d.Stiffness*(value(d.PositionTarget)-x) + d.Damping*(value(d.VelocityTarget)-v)
			}
		}
		return f
	}
	motor := Drive{Type: "angular", Mode: "force", Axis: 0, MaxForce: 5, VelocityTarget: Ptr(1.0), Damping: 2}
	limited := spring(0, 7, 0, Ptr(0.3), nil)
	limited.MaxForce = 4
	cases := []struct {
		name  string
		in    []Drive
		count int // drives after merging
	}{
		{"stiffness and a position actuator", []Drive{spring(0, 10, 0, nil, nil), spring(0, 32.4116, 0, Ptr(0.5), nil)}, 1},
		{"three, with damping and speeds", []Drive{spring(1, 3, 1, Ptr(-0.2), Ptr(0.5)), spring(1, 5, 0.5, Ptr(0.7), nil), spring(1, 2, 2, nil, Ptr(-1.0))}, 1},
		{"other axes stay apart", []Drive{spring(0, 3, 0, Ptr(1.0), nil), spring(2, 5, 0, Ptr(2.0), nil)}, 2},
		{"a motor and a limited spring stay", []Drive{motor, spring(0, 3, 1, Ptr(1.0), nil), limited, spring(0, 2, 0, nil, nil)}, 3},
		{"one spring alone", []Drive{spring(0, 3, 1, Ptr(1.0), nil)}, 1},
	}
	for _, tc := range cases {
		before := append([]Drive(nil), tc.in...)
		out := MergeSprings(tc.in)
		if len(out) != tc.count {
			t.Errorf("%s: %d drives, want %d: %+v", tc.name, len(out), tc.count, out)
		}
		for k := range tc.in {
			if tc.in[k].Stiffness != before[k].Stiffness || tc.in[k].PositionTarget != before[k].PositionTarget {
				t.Errorf("%s: the input was changed", tc.name)
			}
		}
		for axis := 0; axis < 3; axis++ {
			for _, s := range [][2]float64{{0, 0}, {0.4, -2}, {-1.3, 0.7}, {2, 5}} {
				want, got := force(tc.in, axis, s[0], s[1]), force(out, axis, s[0], s[1])
				if math.Abs(want-got) > 1e-12*(1+math.Abs(want)) {
					t.Errorf("%s: axis %d at x=%g v=%g: force %g, want %g", tc.name, axis, s[0], s[1], got, want)
				}
			}
		}
		for _, d := range out {
			if d.MaxForce == 5 && d.VelocityTarget != nil && *d.VelocityTarget != 1 || d.MaxForce == 4 && value(d.PositionTarget) != 0.3 {
				t.Errorf("%s: a drive that is not merged changed: %+v", tc.name, d)
			}
		}
	}
}
