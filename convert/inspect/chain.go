package inspect

import (
	"fmt"
	"math"
	"strings"

	"github.com/physconv/physconv/convert"
)

// jointChain is the chain of joints a writer wrote for one joint of the
// first report, as ChainedJoints found it in the second: URDF has no
// ball, universal, cylindrical, cone-twist or generic joint, and writes
// one as a one-axis joint per free axis through dummy links.
type jointChain struct {
	// steps are the chain's joints from the joint's body A to its body
	// B, as the second report has them; reversed[k] says step k's bodies
	// run from B's side to A's.
	steps    []JointReport
	reversed []bool
	// via are the bodies between the steps (moving bodies of the second
	// report only), from A's side.
	via []string
}

// ChainedJoints reads a chain of joints of got through bodies want does
// not have, between two bodies that a joint of want joins and no joint of
// got of that name does, as that joint written as a chain: the chain's
// joints are replaced by one joint of the name (of kind "chain"), which
// Diff compares with want's as the chain it is (each free axis of the
// joint one step of the chain, along or about the same world axis with
// the same range, every step at the joint's anchor; drives, solver
// parameters and couplings those of the chain's steps). The bodies
// between the steps stay: they are bodies want does not have, which a
// diagnostic on the joint explains (Explainer). A chain is taken only
// when it is the only one between its two bodies and the joint the only
// one of want between them not in got; its steps may not be named as
// other joints of want.
func ChainedJoints(want, got *Report) {
	if len(got.Joints) == 0 {
		return
	}
	// got's joint of a name: in the common case at the same place as
	// want's, else (the last of the name) from an index made then
	var gotByName map[string]int
	gotJoint := func(k int, name string) (int, bool) {
		if k < len(got.Joints) && got.Joints[k].Name == name {
			return k, true
		}
		if gotByName == nil {
			gotByName = make(map[string]int, len(got.Joints))
			for i, j := range got.Joints {
				gotByName[j.Name] = i
			}
		}
		i, ok := gotByName[name]
		return i, ok
	}
	sameBodies := func(x, y JointReport) bool {
		return x.BodyA == y.BodyA && x.BodyB == y.BodyB || x.BodyA == y.BodyB && x.BodyB == y.BodyA
	}
	// the common case: every joint of want is one of got's, by name and
	// bodies as spelt
	var wantStatic, gotStatic map[string]bool
	var open []int // want's joints got lacks
	for k, j := range want.Joints {
		i, ok := gotJoint(k, j.Name)
		if ok && sameBodies(j, got.Joints[i]) {
			continue
		}
		if wantStatic == nil {
			wantStatic, gotStatic = staticBodies(want), staticBodies(got)
		}
		if ok && sameBodies(worldForStatic(j, wantStatic), worldForStatic(got.Joints[i], gotStatic)) {
			continue
		}
		open = append(open, k)
	}
	if len(open) == 0 {
		return
	}
	wantBody := make(map[string]bool, len(want.Bodies))
	for _, b := range want.Bodies {
		wantBody[b.Name] = true
	}
	wantJoint := make(map[string]bool, len(want.Joints))
	for _, j := range want.Joints {
		wantJoint[j.Name] = true
	}
	// inner bodies: got's moving bodies want does not have, each with the
	// joints on it
	inner := map[string][]int{}
	for _, b := range got.Bodies {
		if b.Kind != convert.Static && b.Name != "" && !wantBody[b.Name] {
			inner[b.Name] = nil
		}
	}
	if len(inner) == 0 {
		return
	}
	ends := make([]JointReport, len(got.Joints)) // the joints with the world for static bodies
	for k, j := range got.Joints {
		ends[k] = worldForStatic(j, gotStatic)
		if j := ends[k]; j.BodyA != j.BodyB {
			for _, b := range []string{j.BodyA, j.BodyB} {
				if list, ok := inner[b]; ok {
					inner[b] = append(list, k)
				}
			}
		}
	}
	// the chains: from a body that is not inner through inner bodies of
	// two joints each to another that is not inner
	type chain struct {
		from, to string
		joints   []int
		via      []string
	}
	var chains []chain
	byEnds := map[[2]string][]int{}
	key := func(a, b string) [2]string {
		if b < a {
			a, b = b, a
		}
		return [2]string{a, b}
	}
	visited := make([]bool, len(got.Joints))
	for k, j := range ends {
		if visited[k] || j.BodyA == j.BodyB {
			continue
		}
		for _, side := range [2][2]string{{j.BodyA, j.BodyB}, {j.BodyB, j.BodyA}} {
			from, at := side[0], side[1]
			if _, in := inner[from]; in {
				continue
			}
			if _, in := inner[at]; !in {
				continue
			}
			c := chain{from: from, joints: []int{k}}
			last := k
			for {
				list, in := inner[at]
				if !in {
					break
				}
				if len(list) != 2 {
					c.joints = nil
					break
				}
				c.via = append(c.via, at)
				next := list[0]
				if next == last {
					next = list[1]
				}
				if next == last || visited[next] || len(c.joints) > len(got.Joints) {
					c.joints = nil
					break
				}
				c.joints = append(c.joints, next)
				last = next
				if ends[next].BodyA == at {
					at = ends[next].BodyB
				} else {
					at = ends[next].BodyA
				}
			}
			if c.joints == nil {
				continue
			}
			c.to = at
			for _, i := range c.joints {
				visited[i] = true
			}
			byEnds[key(c.from, c.to)] = append(byEnds[key(c.from, c.to)], len(chains))
			chains = append(chains, c)
		}
	}
	if len(chains) == 0 {
		return
	}
	openAt := map[[2]string]int{}
	for _, k := range open {
		j := worldForStatic(want.Joints[k], wantStatic)
		openAt[key(j.BodyA, j.BodyB)]++
	}
	replaced := make([]bool, len(got.Joints))
	composed := map[int]JointReport{} // by the chain's first joint
	for _, k := range open {
		x := worldForStatic(want.Joints[k], wantStatic)
		at := key(x.BodyA, x.BodyB)
		if x.BodyA == x.BodyB || openAt[at] != 1 || len(byEnds[at]) != 1 {
			continue
		}
		c := chains[byEnds[at][0]]
		named := true
		for _, i := range c.joints {
			if n := got.Joints[i].Name; n != x.Name && wantJoint[n] {
				named = false
			}
		}
		if !named {
			continue
		}
		// from x's body A
		order, via := c.joints, c.via
		if c.from != x.BodyA {
			order, via = reversedCopy(order), reversedCopy(via)
		}
		ch := &jointChain{via: via}
		near := x.BodyA
		for _, i := range order {
			step := ends[i]
			rev := step.BodyA != near
			if rev {
				near = step.BodyA
			} else {
				near = step.BodyB
			}
			ch.steps = append(ch.steps, got.Joints[i])
			ch.reversed = append(ch.reversed, rev)
		}
		first, last := got.Joints[order[0]], got.Joints[order[len(order)-1]]
		y := JointReport{Name: want.Joints[k].Name, Anchor: first.Anchor, Frame: first.Frame, Limits: []LimitReport{},
			Kind: "chain", chain: ch}
		y.BodyA, y.BodyB = first.BodyA, last.BodyB
		if ch.reversed[0] {
			y.BodyA = first.BodyB
		}
		if ch.reversed[len(order)-1] {
			y.BodyB = last.BodyA
		}
		for _, i := range order {
			replaced[i] = true
		}
		composed[minOf(order)] = y
	}
	if len(composed) == 0 {
		return
	}
	out := make([]JointReport, 0, len(got.Joints))
	for k, j := range got.Joints {
		if y, ok := composed[k]; ok {
			out = append(out, y)
		}
		if !replaced[k] {
			out = append(out, j)
		}
	}
	got.Joints = out
}

func reversedCopy[T any](s []T) []T {
	out := make([]T, len(s))
	for i, v := range s {
		out[len(s)-1-i] = v
	}
	return out
}

func minOf(s []int) int {
	m := s[0]
	for _, v := range s[1:] {
		m = min(m, v)
	}
	return m
}

// axisMotion is a joint's motion along or about one world axis: a slide
// (linear) or a turn, over [lo, hi] (±Inf: free that way). The axis has
// its first clear component positive (canonicalAxis).
type axisMotion struct {
	linear bool
	axis   convert.Vec3
	lo, hi float64
	// shared: the axis is one of a limit over several axes (a cone),
	// which bounds it with the others, not alone
	shared bool
}

func (m axisMotion) String() string {
	what := "turn about"
	if m.linear {
		what = "slide along"
	}
	return fmt.Sprintf("%s %v [%g, %g]", what, m.axis, m.lo, m.hi)
}

// motions lists the axes of a joint's frame A that its limits do not fix,
// in the world, each with its range; and the limits over several axes that
// are neither fixed nor unbounded, which no one axis' range says.
// reversed gives the motion of body A relative to body B: each range
// turns round.
func motions(j JointReport, reversed bool) ([]axisMotion, []LimitReport) {
	type dof struct {
		fixed, limited, shared bool
		lo, hi                 float64
	}
	var lin, ang [3]dof
	var shared []LimitReport
	for _, l := range j.Limits {
		n := len(l.Linear) + len(l.Angular)
		lo, hi := float64(l.Min), float64(l.Max)
		each := func(f func(d *dof)) {
			for _, a := range l.Linear {
				if a >= 0 && a < 3 {
					f(&lin[a])
				}
			}
			for _, a := range l.Angular {
				if a >= 0 && a < 3 {
					f(&ang[a])
				}
			}
		}
		switch {
		case n == 0:
		case lo == 0 && hi == 0:
			each(func(d *dof) { d.fixed = true })
		case math.IsInf(lo, -1) && math.IsInf(hi, 1) || math.IsNaN(lo) || math.IsNaN(hi):
		case n == 1:
			each(func(d *dof) {
				if !d.limited {
					d.limited, d.lo, d.hi = true, lo, hi
				} else {
					d.lo, d.hi = math.Max(d.lo, lo), math.Min(d.hi, hi)
				}
				if d.lo == 0 && d.hi == 0 {
					d.fixed = true
				}
			})
		default:
			shared = append(shared, l)
			each(func(d *dof) { d.shared = true })
		}
	}
	m := j.Frame.Mat()
	var out []axisMotion
	for _, linear := range []bool{true, false} {
		d := &ang
		if linear {
			d = &lin
		}
		for k := 0; k < 3; k++ {
			if d[k].fixed {
				continue
			}
			lo, hi := math.Inf(-1), math.Inf(1)
			if d[k].limited {
				lo, hi = d[k].lo, d[k].hi
			}
			axis, lo, hi := canonicalAxis(convert.Vec3{m[0][k], m[1][k], m[2][k]}, lo, hi, reversed)
			out = append(out, axisMotion{linear: linear, axis: axis, lo: lo, hi: hi, shared: d[k].shared})
		}
	}
	return out, shared
}

// chained compares joint x of the first report with the chain of joints
// the second wrote for it (ChainedJoints): the chain is the joint when
// its steps, together, move along and about the axes x leaves free, with
// x's ranges, about x's anchor, and carry x's drives, solver parameters
// and coupling.
func (c *comparer) chained(x, y JointReport) {
	n, ch := x.Name, y.chain
	quoted := func(list []string) string {
		var b strings.Builder
		for k, s := range list {
			if k > 0 {
				b.WriteString(", ")
			}
			fmt.Fprintf(&b, "%q", s)
		}
		return b.String()
	}
	var names []string
	for _, s := range ch.steps {
		names = append(names, s.Name)
	}
	written := fmt.Sprintf("joint %q (written as joints %s through %s)", n, quoted(names), quoted(ch.via))
	// every step about one point: x's anchor, unless the chain runs
	// against the tree somewhere (x's frame B may be elsewhere; a writer
	// that moves it says so)
	anyReversed := false
	for _, r := range ch.reversed {
		anyReversed = anyReversed || r
	}
	for _, s := range ch.steps {
		ref, what := x.Anchor, "anchor"
		if anyReversed {
			ref, what = ch.steps[0].Anchor, "anchor of its first step"
		}
		if !c.closeVec(s.Anchor, ref) {
			c.addf(convert.QFrame, "%s: step %q at %v, the %s at %v", written, s.Name, s.Anchor, what, ref)
			break
		}
	}
	// the free axes, each a step, with its range
	mx, sx := motions(x, false)
	var my []axisMotion
	var wy []worldLimit
	for k, s := range ch.steps {
		m, sh := motions(s, ch.reversed[k])
		my = append(my, m...)
		wy = append(wy, worldLimits(s.Frame, sh, ch.reversed[k])...)
	}
	sameDir := func(p, q axisMotion) bool { return p.linear == q.linear && c.closeVec(p.axis, q.axis) }
	same := func(p, q axisMotion) bool { return sameDir(p, q) && c.close(p.lo, q.lo) && c.close(p.hi, q.hi) }
	ux, uy := unmatched(mx, my, same)
	if len(ux) > 0 || len(uy) > 0 {
		// ranges first: what is left pairs by direction, or differs in
		// its axes
		restX, restY := unmatched(ux, uy, sameDir)
		q := convert.QLimit
		if len(restY) > 0 {
			q = convert.QAxis // an axis the joint does not have
		}
		for _, m := range restX {
			if !m.shared {
				q = convert.QAxis // a free axis the chain lacks
			}
		}
		c.addLater(q, func() string { return fmt.Sprintf("%s: motions %v vs %v", written, mx, my) })
	}
	if wx := worldLimits(x.Frame, sx, false); !c.sameWorldLimits(wx, wy) {
		c.addf(convert.QLimit, "%s: limits over several axes (world axes) %v vs %v", written, wx, wy)
	}
	// drives, solver parameters and coupling: the steps' together
	var dy []worldDrive
	for k, s := range ch.steps {
		dy = append(dy, worldDrives(s.Frame, s.Drives, ch.reversed[k])...)
	}
	if dx := worldDrives(x.Frame, x.Drives, false); !c.sameDrives(dx, dy) {
		c.addf(convert.QDrive, "%s: drives %s vs %s", written, driveText(dx), driveText(dy))
	}
	for _, s := range ch.steps {
		if !c.sameSolver(x.Solver, s.Solver) {
			c.addf(convert.QJointParam, "%s: solver parameters %s vs %s on step %q", written, solverText(x.Solver), solverText(s.Solver), s.Name)
			break
		}
	}
	var mimics []MimicReport
	for _, s := range ch.steps {
		if s.Mimic != nil {
			mimics = append(mimics, *s.Mimic)
		}
	}
	switch {
	case x.Mimic == nil && len(mimics) == 0:
	case x.Mimic != nil && len(mimics) == 1 && x.Mimic.Joint == mimics[0].Joint && c.close(x.Mimic.Multiplier, mimics[0].Multiplier) && c.close(x.Mimic.Offset, mimics[0].Offset):
	case x.Mimic == nil:
		c.addf(convert.QCoupling, "%s: mimic none vs %+v", written, mimics)
	default:
		c.addf(convert.QCoupling, "%s: mimic %+v vs %+v", written, *x.Mimic, mimics)
	}
}

// unmatched pairs xs with ys one to one by same, each x with the first
// free y, and returns what is left of each.
func unmatched(xs, ys []axisMotion, same func(p, q axisMotion) bool) (restX, restY []axisMotion) {
	used := make([]bool, len(ys))
	for _, p := range xs {
		found := false
		for k, q := range ys {
			if !used[k] && same(p, q) {
				used[k], found = true, true
				break
			}
		}
		if !found {
			restX = append(restX, p)
		}
	}
	for k, q := range ys {
		if !used[k] {
			restY = append(restY, q)
		}
	}
	return restX, restY
}
