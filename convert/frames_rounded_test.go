package convert

import (
	"math"
	"testing"
)

// TestFramesApartCode: joint frames apart by single-precision rounding (a
// glTF file's float32 frames: 1e-6 of their distance from the origin, at
// least 1 m, and 1e-6 rad) are reported as rounded, anything more as
// apart; FramesApart itself still finds both.
func TestFramesApartCode(t *testing.T) {
	turn := func(angle float64) Quat { return Quat{0, 0, math.Sin(angle / 2), math.Cos(angle / 2)} }
	for _, c := range []struct {
		at, gap Vec3
		angle   float64
		want    Code
	}{
		{Vec3{0.5, 1, 0}, Vec3{6.9e-8, 0, 0}, 0, CodeJointFramesRounded},
		{Vec3{0.5, 1, 0}, Vec3{3.7e-7, 0, 0}, 0, CodeJointFramesRounded},
		{Vec3{0.5, 1, 0}, Vec3{0, 0, 0}, 5e-7, CodeJointFramesRounded},
		{Vec3{100, 0, 0}, Vec3{5e-5, 0, 0}, 0, CodeJointFramesRounded},
		{Vec3{0.5, 1, 0}, Vec3{5e-6, 0, 0}, 0, CodeJointFramesApart},
		{Vec3{100, 0, 0}, Vec3{5e-4, 0, 0}, 0, CodeJointFramesApart},
		{Vec3{0.5, 1, 0}, Vec3{}, 5e-6, CodeJointFramesApart},
		{Vec3{0.5, 1, 0}, Vec3{0.01, 0, 0}, 0.3, CodeJointFramesApart},
	} {
		a := Transform{T: c.at, R: IdentityQuat(), S: Vec3{1, 1, 1}}
		b := Transform{T: c.at.Add(c.gap), R: turn(c.angle), S: Vec3{1, 1, 1}}
		apart, d, angle := FramesApart(a, b)
		if !apart {
			t.Fatalf("%v %v: not apart", c.gap, c.angle)
		}
		if got := FramesApartCode(a, d, angle); got != c.want {
			t.Errorf("gap %v, angle %g at %v: %s, want %s", c.gap, c.angle, c.at, got, c.want)
		}
	}
}
