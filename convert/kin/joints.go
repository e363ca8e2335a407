package kin

import (
	"math"

	"github.com/physconv/physconv/convert"
)

// Joint kinds: names derived from a joint's limit pattern (DESIGN.md,
// "Joint kinds"). They are not stored in the Graph.
const (
	KindFixed       = "fixed"
	KindBall        = "ball"
	KindRevolute    = "revolute"
	KindContinuous  = "continuous"
	KindPrismatic   = "prismatic"
	KindCylindrical = "cylindrical"
	KindUniversal   = "universal"
	KindPlanar      = "planar"
	KindConeTwist   = "cone-twist"
	KindFree        = "free"
	KindGeneric     = "generic"
)

// JointKinds lists every kind Classify can return, in a stable order.
func JointKinds() []string {
	return []string{KindFixed, KindBall, KindRevolute, KindContinuous, KindPrismatic, KindCylindrical,
		KindUniversal, KindPlanar, KindConeTwist, KindFree, KindGeneric}
}

// JointClass is a joint's named kind with the terms a native joint of that
// kind needs.
type JointClass struct {
	Kind string
	// Axis is a unit axis of frame A (a coordinate axis, since limits are
	// given per axis of frame A): the hinge of revolute and continuous, the
	// slide of prismatic, the common axis of cylindrical, the normal of
	// planar, the twist axis of cone-twist. The zero vector for the other
	// kinds. Inspect rotates it into the world.
	Axis convert.Vec3
	// Lower and Upper bound the motion along/about Axis (m or rad): the
	// range of revolute and prismatic, the linear range of cylindrical, the
	// twist range of cone-twist; ±Inf where that motion is free. 0 for
	// kinds without an axis.
	Lower, Upper float64
	// AngularLower and AngularUpper bound the rotation about Axis of a
	// cylindrical joint (rad, ±Inf when free).
	AngularLower, AngularUpper float64
	// Cone is the swing half-angle of a cone-twist joint (rad).
	Cone float64
}

// dof is what the limits allow on one axis.
type dof struct {
	state  int // dofFree, dofFixed, dofLimited
	lo, hi float64
	inCone bool // part of a two-axis limit
}

const (
	dofFree = iota
	dofFixed
	dofLimited
)

// Classify names a joint's kind from the pattern of its limits on the axes
// of frame A (DESIGN.md table). Only the pattern matters, so the result is
// the same for any orientation of the joint frame; Axis names which frame-A
// axis is special. "Fixed" axes are limited to min = max = 0; an axis
// without a limit, or with a limit unbounded on both sides, is free; a
// bounded limit is a limit whatever its stiffness. Several one-axis limits
// on one axis intersect. Drives do not change the kind.
func Classify(j *convert.Joint) JointClass {
	generic := JointClass{Kind: KindGeneric}
	if j == nil {
		return JointClass{Kind: KindFree, Lower: math.Inf(-1), Upper: math.Inf(1)}
	}
	var lin, ang [3]dof
	var cones []convert.Limit
	for _, l := range j.Limits {
		if !validAxes(l.Linear) || !validAxes(l.Angular) {
			return generic
		}
		n := len(l.Linear) + len(l.Angular)
		switch {
		case n == 0:
			continue
		case l.Fixed():
			for _, a := range l.Linear {
				lin[a].state = dofFixed
			}
			for _, a := range l.Angular {
				ang[a].state = dofFixed
			}
		case l.Unbounded() || math.IsNaN(l.Min) || math.IsNaN(l.Max):
			continue
		case n == 1 && len(l.Linear) == 1:
			restrict(&lin[l.Linear[0]], l.Min, l.Max)
		case n == 1:
			restrict(&ang[l.Angular[0]], l.Min, l.Max)
		case len(l.Linear) == 0 && len(l.Angular) == 2:
			cones = append(cones, l)
			for _, a := range l.Angular {
				ang[a].inCone = true
			}
		default:
			// a distance limit over several linear axes, or a limit mixing
			// linear and angular axes
			return generic
		}
	}
	linCount := countStates(lin)
	angCount := countStates(ang)
	one := func(d [3]dof, state int) int {
		for k := range d {
			if d[k].state == state && !d[k].inCone {
				return k
			}
		}
		return -1
	}
	axis := func(k int) convert.Vec3 {
		var v convert.Vec3
		v[k] = 1
		return v
	}
	inf := math.Inf(1)
	if len(cones) > 0 {
		if len(cones) != 1 || linCount[dofFixed] != 3 {
			return generic
		}
		k := -1
		for a := range ang {
			if !ang[a].inCone {
				k = a
			} else if ang[a].state != dofFree {
				return generic
			}
		}
		if ang[k].state == dofFixed {
			return generic
		}
		c := JointClass{Kind: KindConeTwist, Axis: axis(k), Lower: -inf, Upper: inf, Cone: cones[0].Max}
		if ang[k].state == dofLimited {
			c.Lower, c.Upper = ang[k].lo, ang[k].hi
		}
		return c
	}
	rangeOf := func(d dof) (float64, float64) {
		if d.state == dofLimited {
			return d.lo, d.hi
		}
		return -inf, inf
	}
	switch {
	case linCount[dofFixed] == 3 && angCount[dofFixed] == 3:
		return JointClass{Kind: KindFixed}
	case linCount[dofFree] == 3 && angCount[dofFree] == 3:
		return JointClass{Kind: KindFree}
	case linCount[dofFixed] == 3 && angCount[dofFree] == 3:
		return JointClass{Kind: KindBall}
	case linCount[dofFixed] == 3 && angCount[dofFixed] == 2 && angCount[dofLimited] == 1:
		k := one(ang, dofLimited)
		return JointClass{Kind: KindRevolute, Axis: axis(k), Lower: ang[k].lo, Upper: ang[k].hi}
	case linCount[dofFixed] == 3 && angCount[dofFixed] == 2 && angCount[dofFree] == 1:
		return JointClass{Kind: KindContinuous, Axis: axis(one(ang, dofFree)), Lower: -inf, Upper: inf}
	case linCount[dofFixed] == 3 && angCount[dofFixed] == 1 && angCount[dofFree] == 2:
		return JointClass{Kind: KindUniversal}
	case linCount[dofFixed] == 2 && angCount[dofFixed] == 3:
		k := freeOrLimited(lin)
		lo, hi := rangeOf(lin[k])
		return JointClass{Kind: KindPrismatic, Axis: axis(k), Lower: lo, Upper: hi}
	case linCount[dofFixed] == 2 && angCount[dofFixed] == 2:
		k := freeOrLimited(lin)
		if ang[k].state == dofFixed {
			return generic
		}
		lo, hi := rangeOf(lin[k])
		alo, ahi := rangeOf(ang[k])
		return JointClass{Kind: KindCylindrical, Axis: axis(k), Lower: lo, Upper: hi, AngularLower: alo, AngularUpper: ahi}
	case linCount[dofFixed] == 1 && linCount[dofFree] == 2 && angCount[dofFixed] == 2 && angCount[dofFree] == 1:
		k := one(lin, dofFixed)
		if ang[k].state != dofFree {
			return generic
		}
		return JointClass{Kind: KindPlanar, Axis: axis(k), Lower: -inf, Upper: inf}
	}
	return generic
}

func validAxes(axes []int) bool {
	seen := [3]bool{}
	for _, a := range axes {
		if a < 0 || a > 2 || seen[a] {
			return false
		}
		seen[a] = true
	}
	return true
}

// restrict intersects an axis' allowed range with [lo, hi].
func restrict(d *dof, lo, hi float64) {
	switch d.state {
	case dofFixed:
		return
	case dofFree:
		d.state, d.lo, d.hi = dofLimited, lo, hi
	default:
		d.lo, d.hi = math.Max(d.lo, lo), math.Min(d.hi, hi)
	}
	if d.lo == 0 && d.hi == 0 {
		d.state = dofFixed
	}
}

func countStates(d [3]dof) [3]int {
	var c [3]int
	for _, x := range d {
		c[x.state]++
	}
	return c
}

func freeOrLimited(d [3]dof) int {
	for k := range d {
		if d[k].state != dofFixed {
			return k
		}
	}
	return 0
}

// LimitsFor builds the limit set of a named kind whose special axis (see
// JointClass.Axis) is `axis`, given in the frame the joint should have, with
// range [lower, upper] along/about it (±Inf for no bound). It returns the
// limits, which put that axis on frame A's X axis, and the rotation `frame`
// of frame A that carries X onto `axis`: set the joint node's rotation to
// (its intended rotation)·frame. Universal uses `axis` as its blocked axis.
// Cone-twist gets lower/upper as its twist range and no swing restriction
// (a cone of π); use JointClass.Limits for a narrower cone. Unknown kinds and
// "generic" give no limits.
func LimitsFor(kind string, axis convert.Vec3, lower, upper float64) (limits []convert.Limit, frame convert.Quat) {
	c := JointClass{Kind: kind, Axis: axis, Lower: lower, Upper: upper,
		AngularLower: math.Inf(-1), AngularUpper: math.Inf(1), Cone: math.Pi}
	return c.Limits()
}

// Limits is the inverse of Classify: a limit set of c's kind on frame A's
// X axis, and the rotation carrying X onto c.Axis (identity for a zero
// axis). Hard limits (infinite stiffness), fixed axes grouped first.
func (c JointClass) Limits() ([]convert.Limit, convert.Quat) {
	frame := rotationFromX(c.Axis)
	all := []int{0, 1, 2}
	bounded := func(lo, hi float64) bool { return !(math.IsInf(lo, -1) && math.IsInf(hi, 1)) }
	var s limitSet
	switch c.Kind {
	case KindFixed:
		s.hard(all, nil, 0, 0)
		s.hard(nil, all, 0, 0)
	case KindBall:
		s.hard(all, nil, 0, 0)
	case KindRevolute, KindContinuous:
		s.hard(all, nil, 0, 0)
		s.hard(nil, []int{1, 2}, 0, 0)
		if bounded(c.Lower, c.Upper) {
			s.hard(nil, []int{0}, c.Lower, c.Upper)
		}
	case KindPrismatic:
		s.hard([]int{1, 2}, nil, 0, 0)
		s.hard(nil, all, 0, 0)
		if bounded(c.Lower, c.Upper) {
			s.hard([]int{0}, nil, c.Lower, c.Upper)
		}
	case KindCylindrical:
		s.hard([]int{1, 2}, nil, 0, 0)
		s.hard(nil, []int{1, 2}, 0, 0)
		if bounded(c.Lower, c.Upper) {
			s.hard([]int{0}, nil, c.Lower, c.Upper)
		}
		if bounded(c.AngularLower, c.AngularUpper) {
			s.hard(nil, []int{0}, c.AngularLower, c.AngularUpper)
		}
	case KindUniversal:
		s.hard(all, nil, 0, 0)
		s.hard(nil, []int{0}, 0, 0)
	case KindPlanar:
		s.hard([]int{0}, nil, 0, 0)
		s.hard(nil, []int{1, 2}, 0, 0)
	case KindConeTwist:
		s.hard(all, nil, 0, 0)
		s.hard(nil, []int{1, 2}, math.Inf(-1), c.Cone)
		if bounded(c.Lower, c.Upper) {
			s.hard(nil, []int{0}, c.Lower, c.Upper)
		}
	}
	return s.limits, frame
}

// Room a limitSet takes at its first limit: no kind has more than four
// limits, or more than six axis indices over all of them.
const (
	maxKindLimits = 4
	maxKindAxes   = 6
)

// limitSet collects the limits of one joint kind. The limits and their
// axis lists live in one limitStore rather than a slice each (a reader
// calls Limits for every joint of a file); each axis list is capped at
// its own length, so appending to one never writes into the next. A
// joint's limits still share nothing with another joint's.
type limitSet struct {
	limits []convert.Limit
	axes   []int
}

// limitStore is the memory of one limitSet.
type limitStore struct {
	limits [maxKindLimits]convert.Limit
	axes   [maxKindAxes]int
}

// hard adds a hard limit (infinite stiffness) on copies of the axis lists;
// an empty list stays nil.
func (s *limitSet) hard(linear, angular []int, lo, hi float64) {
	if s.limits == nil {
		store := new(limitStore)
		s.limits, s.axes = store.limits[:0], store.axes[:0]
	}
	s.limits = append(s.limits, convert.Limit{Linear: s.copyAxes(linear), Angular: s.copyAxes(angular),
		Min: lo, Max: hi, Stiffness: math.Inf(1)})
}

func (s *limitSet) copyAxes(axes []int) []int {
	if axes == nil {
		return nil
	}
	start := len(s.axes)
	s.axes = append(s.axes, axes...)
	return s.axes[start:len(s.axes):len(s.axes)]
}

// rotationFromX is the shortest rotation carrying +X onto axis (a half turn
// about Y when axis is −X; identity for the zero vector).
func rotationFromX(axis convert.Vec3) convert.Quat {
	a := axis.Normalize()
	if a == (convert.Vec3{}) {
		return convert.IdentityQuat()
	}
	x := convert.Vec3{1, 0, 0}
	d := x.Dot(a)
	c := x.Cross(a)
	if d < -0.5 {
		// nearly opposite: 1 + d cancels (an axis 2.7e-7 off -X kept
		// three digits of it, and the frame turned the axis by 1e-9;
		// one 4e-8 off was taken for -X); the half angle from atan2
		// keeps the same turn exact
		s := c.Len()
		if s == 0 {
			return convert.Quat{0, 1, 0, 0}
		}
		sn, cs := math.Sincos(math.Atan2(s, d) / 2)
		n := c.Scale(sn / s)
		return convert.Quat{n[0], n[1], n[2], cs}
	}
	return convert.Quat{c[0], c[1], c[2], 1 + d}.Normalize()
}
