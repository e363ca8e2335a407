package convert

import "math"

// IsSpring reports a drive that pulls toward a position: it has a
// position target or a stiffness (a missing target is 0).
func (d Drive) IsSpring() bool { return d.PositionTarget != nil || d.Stiffness != 0 }

// MergeSprings returns drives with the springs of one type, mode and axis
// that no force limit bounds made one: their forces add up, stiffness
// k_i (x_i − x) + damping c_i (v_i − v), to one spring of stiffness Σk_i
// and damping Σc_i pulling to Σk_i·x_i / Σk_i at Σc_i·v_i / Σc_i (a
// missing target is 0), at every position and speed. Other drives, and
// springs alone on their axis, are kept as they are, in order; a merged
// spring takes the place of the first of its group. drives is not
// changed.
func MergeSprings(drives []Drive) []Drive {
	type key struct {
		typ, mode string
		axis      int
	}
	mergeable := func(d Drive) bool { return d.IsSpring() && math.IsInf(d.MaxForce, 1) }
	count := map[key]int{}
	for _, d := range drives {
		if mergeable(d) {
			count[key{d.Type, d.Mode, d.Axis}]++
		}
	}
	out := make([]Drive, 0, len(drives))
	first := map[key]int{} // index in out of a group's merged spring
	for _, d := range drives {
		k := key{d.Type, d.Mode, d.Axis}
		if !mergeable(d) || count[k] < 2 {
			out = append(out, d)
			continue
		}
		at, ok := first[k]
		if !ok {
			first[k] = len(out)
			out = append(out, Drive{Type: d.Type, Mode: d.Mode, Axis: d.Axis, MaxForce: math.Inf(1)})
			at = len(out) - 1
		}
		m := &out[at]
		m.PositionTarget = Ptr(value(m.PositionTarget)*m.Stiffness + value(d.PositionTarget)*d.Stiffness)
		m.Stiffness += d.Stiffness
		if d.VelocityTarget != nil || m.VelocityTarget != nil {
			m.VelocityTarget = Ptr(value(m.VelocityTarget)*m.Damping + value(d.VelocityTarget)*d.Damping)
		}
		m.Damping += d.Damping
		// back to targets: the sums above are weighted, not yet divided
		if m.Stiffness != 0 {
			*m.PositionTarget /= m.Stiffness
		}
		if m.VelocityTarget != nil && m.Damping != 0 {
			*m.VelocityTarget /= m.Damping
		}
	}
	return out
}

// value is *p, or 0 when p is nil.
func value(p *float64) float64 {
	if p == nil {
		return 0
	}
	return *p
}
