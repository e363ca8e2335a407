package kin

import (
	"math"
	"math/rand"
	"testing"

	"github.com/physconv/physconv/convert"
)

// Every kind, built by LimitsFor on a random axis, classifies back to that
// kind with the same axis (after the returned frame rotation) and range.
func TestClassifyRoundTripAnyAxis(t *testing.T) {
	inf := math.Inf(1)
	kinds := []struct {
		kind         string
		lower, upper float64
		hasAxis      bool
	}{
		{KindFixed, 0, 0, false},
		{KindBall, 0, 0, false},
		{KindRevolute, -0.5, 1.25, true},
		{KindContinuous, -inf, inf, true},
		{KindPrismatic, -0.1, 0.3, true},
		{KindPrismatic, -inf, inf, true},
		{KindCylindrical, 0, 2, true},
		{KindUniversal, 0, 0, false},
		{KindPlanar, -inf, inf, true},
		{KindConeTwist, -0.2, 0.4, true},
		{KindFree, 0, 0, false},
	}
	rng := rand.New(rand.NewSource(3))
	for _, k := range kinds {
		for n := 0; n < 6; n++ {
			axis := convert.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
			if n == 0 {
				axis = convert.Vec3{-1, 0, 0} // the antiparallel special case
			}
			limits, frame := LimitsFor(k.kind, axis, k.lower, k.upper)
			c := Classify(&convert.Joint{Limits: limits})
			if c.Kind != k.kind {
				t.Fatalf("%s on %v: classified as %s (limits %+v)", k.kind, axis, c.Kind, limits)
			}
			if !k.hasAxis {
				if c.Axis != (convert.Vec3{}) {
					t.Errorf("%s: axis %v, want none", k.kind, c.Axis)
				}
				continue
			}
			if got := frame.Rotate(c.Axis); got.Sub(axis).Len() > 1e-12 {
				t.Errorf("%s: axis %v, want %v", k.kind, got, axis)
			}
			if c.Lower != k.lower || c.Upper != k.upper {
				t.Errorf("%s: range [%g, %g], want [%g, %g]", k.kind, c.Lower, c.Upper, k.lower, k.upper)
			}
		}
	}
}

// Hand-written limit sets on every axis of frame A, in the shapes the
// formats produce (one limit per axis, grouped axes, soft limits, extra
// unbounded limits), classify by pattern alone.
func TestClassifyPatterns(t *testing.T) {
	inf := math.Inf(1)
	hard := func(lin, ang []int, lo, hi float64) convert.Limit {
		return convert.Limit{Linear: lin, Angular: ang, Min: lo, Max: hi, Stiffness: inf}
	}
	fixLin := hard([]int{0, 1, 2}, nil, 0, 0)
	fixAng := hard(nil, []int{0, 1, 2}, 0, 0)
	for axis := 0; axis < 3; axis++ {
		o1, o2 := (axis+1)%3, (axis+2)%3
		e := convert.Vec3{}
		e[axis] = 1
		cases := []struct {
			name   string
			limits []convert.Limit
			want   JointClass
		}{
			{"revolute", []convert.Limit{fixLin, hard(nil, []int{o1, o2}, 0, 0), hard(nil, []int{axis}, -1, 1)},
				JointClass{Kind: KindRevolute, Axis: e, Lower: -1, Upper: 1}},
			{"revolute, per-axis fixes", []convert.Limit{hard([]int{0}, nil, 0, 0), hard([]int{1}, nil, 0, 0), hard([]int{2}, nil, 0, 0),
				hard(nil, []int{o2}, 0, 0), hard(nil, []int{axis}, -1, 1), hard(nil, []int{o1}, 0, 0)},
				JointClass{Kind: KindRevolute, Axis: e, Lower: -1, Upper: 1}},
			{"soft revolute", []convert.Limit{fixLin, hard(nil, []int{o1, o2}, 0, 0), {Angular: []int{axis}, Min: -1, Max: 1, Stiffness: 100}},
				JointClass{Kind: KindRevolute, Axis: e, Lower: -1, Upper: 1}},
			{"intersected revolute", []convert.Limit{fixLin, hard(nil, []int{o1, o2}, 0, 0), hard(nil, []int{axis}, -1, 1), hard(nil, []int{axis}, -2, 0.5)},
				JointClass{Kind: KindRevolute, Axis: e, Lower: -1, Upper: 0.5}},
			{"continuous with unbounded limit", []convert.Limit{fixLin, hard(nil, []int{o1, o2}, 0, 0), hard(nil, []int{axis}, -inf, inf)},
				JointClass{Kind: KindContinuous, Axis: e, Lower: -inf, Upper: inf}},
			{"prismatic, 2-D linear fix", []convert.Limit{hard([]int{o1, o2}, nil, 0, 0), fixAng, hard([]int{axis}, nil, 0, 2)},
				JointClass{Kind: KindPrismatic, Axis: e, Lower: 0, Upper: 2}},
			{"prismatic one-sided", []convert.Limit{hard([]int{o1, o2}, nil, 0, 0), fixAng, hard([]int{axis}, nil, -inf, 2)},
				JointClass{Kind: KindPrismatic, Axis: e, Lower: -inf, Upper: 2}},
			{"cylindrical", []convert.Limit{hard([]int{o1, o2}, nil, 0, 0), hard(nil, []int{o1, o2}, 0, 0), hard(nil, []int{axis}, -1, 1)},
				JointClass{Kind: KindCylindrical, Axis: e, Lower: -inf, Upper: inf, AngularLower: -1, AngularUpper: 1}},
			{"planar", []convert.Limit{hard([]int{axis}, nil, 0, 0), hard(nil, []int{o1, o2}, 0, 0)},
				JointClass{Kind: KindPlanar, Axis: e, Lower: -inf, Upper: inf}},
			{"cone-twist", []convert.Limit{fixLin, hard(nil, []int{o1, o2}, -inf, 0.6), hard(nil, []int{axis}, -0.1, 0.1)},
				JointClass{Kind: KindConeTwist, Axis: e, Lower: -0.1, Upper: 0.1, Cone: 0.6}},
			{"universal", []convert.Limit{fixLin, hard(nil, []int{axis}, 0, 0)}, JointClass{Kind: KindUniversal}},
			{"limited universal is generic", []convert.Limit{fixLin, hard(nil, []int{axis}, 0, 0), hard(nil, []int{o1}, -1, 1)}, JointClass{Kind: KindGeneric}},
			{"two hinges is generic", []convert.Limit{fixLin, hard(nil, []int{axis}, 0, 0), hard(nil, []int{o1}, -1, 1), hard(nil, []int{o2}, -1, 1)}, JointClass{Kind: KindGeneric}},
			{"distance limit is generic", []convert.Limit{hard([]int{0, 1, 2}, nil, 0, 1)}, JointClass{Kind: KindGeneric}},
			{"cone with fixed twist is generic", []convert.Limit{fixLin, hard(nil, []int{o1, o2}, -inf, 0.6), hard(nil, []int{axis}, 0, 0)}, JointClass{Kind: KindGeneric}},
			{"planar with blocked normal rotation is generic", []convert.Limit{hard([]int{axis}, nil, 0, 0), fixAng}, JointClass{Kind: KindGeneric}},
		}
		for _, c := range cases {
			if got := Classify(&convert.Joint{Limits: c.limits}); got != c.want {
				t.Errorf("axis %d, %s: got %+v, want %+v", axis, c.name, got, c.want)
			}
		}
	}
	simple := []struct {
		name   string
		limits []convert.Limit
		want   string
	}{
		{"fixed", []convert.Limit{fixLin, fixAng}, KindFixed},
		{"ball", []convert.Limit{fixLin}, KindBall},
		{"free", nil, KindFree},
		{"bad axis", []convert.Limit{hard([]int{3}, nil, 0, 0)}, KindGeneric},
	}
	for _, c := range simple {
		if got := Classify(&convert.Joint{Limits: c.limits}); got.Kind != c.want {
			t.Errorf("%s: %s, want %s", c.name, got.Kind, c.want)
		}
	}
	// drives do not change the kind
	j := &convert.Joint{Limits: []convert.Limit{fixLin}, Drives: []convert.Drive{{Type: "angular", Axis: 0}}}
	if Classify(j).Kind != KindBall {
		t.Error("drive changed the kind")
	}
}
