package mjcf

import (
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// axisState is what a limit set does to one axis of frame A.
type axisState struct {
	fixed, limited bool
	lo, hi         float64
}

// joint writes the MJCF joints of one tree joint into the child body.
func (e *emitter) joint(body *Element, tj kin.TreeJoint, topLevel bool) {
	switch tj.Kind {
	case kin.Weld:
		return
	case kin.Floating:
		name, _ := e.g.Nodes[tj.ChildBody].Extras[extraFreeJoint].(string)
		if name == "" {
			name = e.rawName(tj.ChildBody) + "_free"
		}
		body.AddChild("freejoint", "name", e.uniqueName("joint", name))
		return
	}
	j := tj.Joint
	var lin, ang [3]axisState
	cone := -1.0
	path := e.names[tj.Node]
	e.framesApart(tj, path)
	for _, l := range j.Limits {
		axes := len(l.Linear) + len(l.Angular)
		if axes == 0 {
			continue
		}
		if !math.IsInf(l.Stiffness, 1) && !l.Fixed() && l.Stiffness != 0 {
			e.diags.Add(convert.CodeLimitSoftDropped, convert.JointSubject(tj.Node), path, "soft limit (stiffness %s) is written as a hard limit; MJCF limit softness (solreflimit) has no exact stiffness", fmtFloat(l.Stiffness))
		}
		set := func(a *axisState) {
			switch {
			case l.Fixed():
				a.fixed = true
			case l.Unbounded():
			default:
				a.limited = true
				a.lo, a.hi = l.AxisRange()
			}
		}
		if len(l.Angular) == 3 && len(l.Linear) == 0 && !l.Fixed() && l.Min <= 0 && !math.IsInf(l.Max, 1) {
			cone = l.Max
			if l.Min != 0 && !math.IsInf(l.Min, -1) {
				e.diags.Add(convert.CodeJointLimitApproximated, convert.JointSubject(tj.Node), path, "a three-axis angular limit becomes a ball joint range of %s rad (total rotation angle)", fmtFloat(l.Max))
			}
			continue
		}
		if axes > 1 && !l.Fixed() && !l.Unbounded() {
			e.diags.Add(convert.CodeJointLimitApproximated, convert.JointSubject(tj.Node), path, "a limit shared by several axes is written per axis")
		}
		for _, k := range l.Linear {
			if k >= 0 && k < 3 {
				set(&lin[k])
			}
		}
		for _, k := range l.Angular {
			if k >= 0 && k < 3 {
				set(&ang[k])
			}
		}
	}
	names, _ := j.Extras[extraJointNames].(map[string]string)
	// a merged set that lost its per-axis names (e.g. through glTF) still
	// carries them in the node name "a+b+c", in the order they are written
	// (a name without "+" has no parts: it names no more than one joint)
	var parts []string
	if name := e.g.Nodes[tj.Node].Name; strings.Contains(name, "+") {
		parts = strings.Split(name, "+")
	}
	nth := 0
	nameFor := func(key string, count int) string {
		if n, ok := names[key]; ok && n != "" {
			return e.uniqueName("joint", n)
		}
		if names == nil && count > 1 && len(parts) == count && nth < len(parts) && parts[nth] != "" {
			nth++
			return e.uniqueName("joint", parts[nth-1])
		}
		base := e.g.Nodes[tj.Node].Name // MJCF joints have their own namespace
		if base == "" {
			base = e.names[tj.Node]
		}
		if count > 1 {
			base += "_" + key
		}
		return e.uniqueName("joint", base)
	}
	free := 0
	for k := 0; k < 3; k++ {
		if !lin[k].fixed {
			free++
		}
		if !ang[k].fixed {
			free++
		}
	}
	if free == 0 {
		// welded: MJCF's fixed joint is a child body without joints
		e.diags.Add(convert.CodeFixedJointImplicit, convert.JointSubject(tj.Node), path, "fixed joint %q is written as body %q without joints (MJCF's weld); the joint's own name and frame are not kept", e.g.Nodes[tj.Node].Name, e.rawName(tj.ChildBody))
		return
	}
	allAngFree := !ang[0].fixed && !ang[1].fixed && !ang[2].fixed && !ang[0].limited && !ang[1].limited && !ang[2].limited
	perAxis := names["linear0"] != "" || names["linear1"] != "" || names["linear2"] != "" ||
		names["angular0"] != "" || names["angular1"] != "" || names["angular2"] != ""
	if free == 6 && allAngFree && !lin[0].limited && !lin[1].limited && !lin[2].limited && topLevel && !perAxis {
		if j.Damping != 0 || j.Armature != 0 || j.Friction != 0 {
			// a <freejoint> carries none of them: a joint of type free does
			fj := body.AddChild("joint", "name", nameFor("free", 1), "type", "free")
			if j.Damping != 0 {
				fj.SetAttr("damping", fmtFloat(j.Damping))
			}
			if j.Armature != 0 {
				fj.SetAttr("armature", fmtFloat(j.Armature))
			}
			if j.Friction != 0 {
				fj.SetAttr("frictionloss", fmtFloat(j.Friction))
			}
			e.solverAttrs(fj, j.Solver, solverJoint, tj.Node, path)
			return
		}
		body.AddChild("freejoint", "name", nameFor("free", 1))
		e.diags.Add(convert.CodeFreeJointImplicit, convert.JointSubject(tj.Node), path, "joint %q restrains nothing; it is written as the <freejoint> of body %q, which reads back as a free body without a joint", e.g.Nodes[tj.Node].Name, e.rawName(tj.ChildBody))
		return
	}
	// three free rotations a source wrote as hinges (named per axis or
	// not, maybe with springs, damping and refs of their own; through glTF
	// the names are the node's "a+b+c") stay hinges; otherwise they are a
	// ball
	_, hinge0 := names["angular0"]
	_, hinge1 := names["angular1"]
	_, hinge2 := names["angular2"]
	if allAngFree && (hinge0 && hinge1 && hinge2 ||
		free == 3 && names == nil && len(parts) == 3 && parts[0] != "" && parts[1] != "" && parts[2] != "") {
		allAngFree = false
	}
	cf := tj.ChildFrame
	cf.T = e.bodyPoint(tj.ChildBody, cf.T)
	frameAxis := func(k int) convert.Vec3 {
		var v convert.Vec3
		v[k] = 1
		return cf.R.Rotate(v)
	}
	jointCount := 0
	for k := 0; k < 3; k++ {
		if !lin[k].fixed {
			jointCount++
		}
	}
	if allAngFree {
		jointCount++
	} else {
		for k := 0; k < 3; k++ {
			if !ang[k].fixed {
				jointCount++
			}
		}
	}
	written := &axisJoints{}
	refs, _ := j.Extras[extraJointRefs].(map[string]float64)
	signs, _ := j.Extras[extraJointSigns].(map[string]float64) // -1 for a reversed axis
	params, _ := j.Extras[extraJointParams].(map[string][3]float64)
	add := func(typ, key string, axis convert.Vec3, st axisState) *Element {
		el := e.arena.AddChild(body, "joint", 8, "name", nameFor(key, jointCount), "type", typ)
		el.SetAttr("pos", fmtFloats(clean(cf.T[0]), clean(cf.T[1]), clean(cf.T[2])))
		ref := 0.0
		// an MJCF source's joint that pointed against the Graph's axis
		// points so again (its coordinate, in qpos too, is the source's)
		// where nothing written measures it in the Graph's sense
		restore := typ != "ball" && signs[key] < 0 && !tj.Reversed && e.senseFree(&j, tj.Node, key)
		if restore {
			axis = axis.Scale(-1)
			st.lo, st.hi = -st.hi, -st.lo
			e.restored[el] = true
		}
		if typ != "ball" {
			if spelled := convert.AxisAsSpelled(&j, key, axis); spelled != axis {
				// the source's own numbers, which MuJoCo normalises as it did
				el.SetAttr("axis", exactFloats(spelled[0], spelled[1], spelled[2]))
			} else {
				el.SetAttr("axis", fmtFloats(clean(axis[0]), clean(axis[1]), clean(axis[2])))
			}
			// an MJCF source's ref comes back: the pose written is the
			// joint at qpos = ref, and the range moves with it
			if ref = refs[key]; tj.Reversed || restore {
				ref = -ref
			}
			// the written coordinate against the source joint's
			if (signs[key] < 0) != tj.Reversed && !restore {
				e.flipped[el.AttrOr("name", "")] = true
			}
			if ref != 0 {
				el.SetAttr("ref", fmtFloat(ref))
				e.jointRefs[el] = ref
			}
		}
		if st.limited {
			lo, hi := st.lo, st.hi
			if lo == hi {
				e.diags.Add(convert.CodeJointLimitApproximated, convert.JointSubject(tj.Node), path, "an axis locked at %s is written as a range of width 2e-9 (MJCF ranges must be open)", fmtFloat(lo))
				lo, hi = lo-1e-9, hi+1e-9
			}
			if math.IsInf(lo, -1) || math.IsInf(hi, 1) {
				e.diags.Add(convert.CodeJointLimitApproximated, convert.JointSubject(tj.Node), path, "a one-sided limit is written with ±1e10 on the open side")
				lo, hi = math.Max(lo, -1e10), math.Min(hi, 1e10)
			}
			el.SetAttr("range", fmtFloats(lo+ref, hi+ref))
		}
		damping, armature, friction := j.Damping, j.Armature, j.Friction
		if v, ok := params[key]; ok {
			damping, armature, friction = v[0], v[1], v[2] // the source joint's own
		}
		if damping != 0 {
			el.SetAttr("damping", fmtFloat(damping))
		}
		if friction != 0 {
			el.SetAttr("frictionloss", fmtFloat(friction))
		}
		if armature != 0 {
			el.SetAttr("armature", fmtFloat(armature))
		}
		e.solverAttrs(el, j.Solver, solverJoint, tj.Node, path)
		written.set(key, el)
		return el
	}
	type axisJoint struct {
		typ, key string
		axis     convert.Vec3
		st       axisState
	}
	var axesRoom [7]axisJoint
	axes := axesRoom[:0]
	for k := 0; k < 3; k++ {
		if !lin[k].fixed {
			axes = append(axes, axisJoint{"slide", linearKeys[k], frameAxis(k), lin[k]})
		}
	}
	if allAngFree {
		st := axisState{}
		if cone > 0 {
			st = axisState{limited: true, lo: 0, hi: cone}
		}
		axes = append(axes, axisJoint{"ball", "angular", convert.Vec3{}, st})
	} else {
		for k := 0; k < 3; k++ {
			if !ang[k].fixed {
				axes = append(axes, axisJoint{"hinge", angularKeys[k], frameAxis(k), ang[k]})
			}
		}
	}
	// an MJCF source's joints in its own order (slides first otherwise)
	if order, _ := j.Extras[extraJointOrder].([]string); len(order) > 1 {
		at := func(key string) int {
			if i := slices.Index(order, key); i >= 0 {
				return i
			}
			return len(order)
		}
		slices.SortStableFunc(axes, func(a, b axisJoint) int { return at(a.key) - at(b.key) })
	}
	for _, a := range axes {
		add(a.typ, a.key, a.axis, a.st)
	}
	e.jointNames[tj.Node] = written
	e.drives(j, convert.JointSubject(tj.Node), written, path, e.driveScale(tj))
	e.interfaceActuators(tj, written, path)
}

// senseFree reports whether nothing the emitter writes from the Graph
// measures axis key of joint node n in the Graph's sense: no drive on it
// (springs, actuators), no coupling and no tendon through the joint.
func (e *emitter) senseFree(j *convert.Joint, n int, key string) bool {
	for k, d := range j.Drives {
		if d.Type+strconv.Itoa(d.Axis) == key && !jointSpring(*j, k, d) {
			// a spring is written on the joint, its rest position in the
			// joint's own sense (drives); an actuator's control is not
			return false
		}
	}
	if e.measuredJoints == nil {
		e.measuredJoints = map[int]bool{}
		for _, c := range e.g.Couplings {
			e.measuredJoints[c.Follower], e.measuredJoints[c.Leader] = true, true
		}
		for _, t := range e.g.Tendons {
			for _, pt := range t.Path {
				if pt.Joint >= 0 {
					e.measuredJoints[pt.Joint] = true
				}
			}
		}
	}
	return !e.measuredJoints[n]
}

// linearKeys and angularKeys are the axis keys of one-axis joints.
var (
	linearKeys  = [3]string{"linear0", "linear1", "linear2"}
	angularKeys = [3]string{"angular0", "angular1", "angular2"}
)

// axisJoints holds the MJCF joints written for one Graph joint and their
// names as written, by axis key: "linear0" … "angular2", or "angular" for
// a ball. (A struct rather than maps: a model writes one per joint.)
type axisJoints struct {
	linear, angular [3]writtenJoint
	ball            writtenJoint
}

type writtenJoint struct {
	el   *Element
	name string
}

// slot is the place of an axis key, or nil for a key of no axis.
func (a *axisJoints) slot(key string) *writtenJoint {
	for k := range 3 {
		switch key {
		case linearKeys[k]:
			return &a.linear[k]
		case angularKeys[k]:
			return &a.angular[k]
		}
	}
	if key == "angular" {
		return &a.ball
	}
	return nil
}

// set records the joint written for an axis key, with its name.
func (a *axisJoints) set(key string, el *Element) {
	if w := a.slot(key); w != nil {
		*w = writtenJoint{el, el.AttrOr("name", "")}
	}
}

// joint is the joint written for an axis key, or nil (also for a nil
// axisJoints: a Graph joint with none written).
func (a *axisJoints) joint(key string) *Element {
	if a == nil {
		return nil
	}
	if w := a.slot(key); w != nil {
		return w.el
	}
	return nil
}

// name is the name of the joint written for an axis key, or "".
func (a *axisJoints) name(key string) string {
	if a == nil {
		return ""
	}
	if w := a.slot(key); w != nil {
		return w.name
	}
	return ""
}

// single is the name of the only joint written, when there is exactly one
// and it has one axis; else "".
func (a *axisJoints) single() string {
	if a == nil || a.ball.el != nil {
		return ""
	}
	var only *writtenJoint
	for _, w := range []*writtenJoint{&a.linear[0], &a.linear[1], &a.linear[2], &a.angular[0], &a.angular[1], &a.angular[2]} {
		if w.el == nil {
			continue
		}
		if only != nil {
			return ""
		}
		only = w
	}
	if only == nil {
		return ""
	}
	return only.name
}

// drives writes springs as joint stiffness (exact for force-mode drives
// with unlimited force) and other drives as actuators.
func (e *emitter) drives(j convert.Joint, subj convert.Subject, joints *axisJoints, path string, scale func(convert.Drive) float64) {
	params, _ := j.Extras[extraJointParams].(map[string][3]float64)
	for k, d := range j.Drives {
		if d.Mode == "acceleration" {
			// acceleration drives scale with what they move: the child
			// body's mass, or its moment about the axis
			s := scale(d)
			d.Stiffness *= s
			d.Damping *= s
			e.diags.Add(convert.CodeDriveApproximated, subj, path, "acceleration-mode drive is written as force gains scaled by the child body's mass or moment (%s); the bodies beyond it are not counted", fmtFloat(s))
			d.Mode = "force"
		}
		key := d.Type + strconv.Itoa(d.Axis)
		el := joints.joint(key)
		if el == nil && d.Type == "angular" {
			el = joints.joint("angular")
		}
		if el == nil {
			e.diags.Add(convert.CodeDriveDropped, subj, path, "drive on %s axis %d acts on a fixed axis and is dropped", d.Type, d.Axis)
			continue
		}
		if isSpring := jointSpring(j, k, d) && el.AttrOr("type", "") != "ball"; isSpring {
			el.SetAttr("stiffness", fmtFloat(d.Stiffness))
			rest := e.jointRefs[el] // springref is a joint position, ref included
			if d.PositionTarget != nil {
				if e.restored[el] {
					rest -= *d.PositionTarget // the joint runs as the source's, against the Graph's axis
				} else {
					rest += *d.PositionTarget
				}
			}
			if rest != 0 {
				el.SetAttr("springref", fmtFloat(rest))
			}
			if d.Damping != 0 {
				base := j.Damping
				if v, ok := params[key]; ok {
					base = v[0]
				}
				el.SetAttr("damping", fmtFloat(d.Damping+base))
			}
			continue
		}
		if el.AttrOr("type", "") == "ball" && d.Stiffness != 0 && math.IsInf(d.MaxForce, 1) && d.Mode != "acceleration" &&
			(d.PositionTarget == nil || *d.PositionTarget == 0) && ballSpring(j.Drives, d.Stiffness) {
			el.SetAttr("stiffness", fmtFloat(d.Stiffness))
			continue
		}
		if el.AttrOr("type", "") == "ball" {
			e.diags.Add(convert.CodeDriveDropped, subj, path, "a drive on a ball joint has no single-axis MJCF actuator; dropped")
			continue
		}
		act := e.driveActuator(j, k, d, el)
		e.diags.Add(convert.CodeDriveAsActuator, subj, path, "drive becomes a <%s> actuator; its target is the actuator's control value in the keyframe %q", act.Name, targetKey)
	}
}

// jointSpring reports whether drive k of j is a spring MJCF writes as
// the joint's stiffness and springref (not an actuator the source had).
func jointSpring(j convert.Joint, k int, d convert.Drive) bool {
	_, wasActuator := actuatorExtras(j.Extras)[k]
	return d.Mode == "force" && math.IsInf(d.MaxForce, 1) && d.VelocityTarget == nil && d.Stiffness != 0 && !wasActuator
}

// ballSpring reports whether the drives are the same spring on all three
// angular axes (MuJoCo's ball joint stiffness).
func ballSpring(ds []convert.Drive, k float64) bool {
	var seen [3]bool
	for _, d := range ds {
		if d.Type == "angular" && d.Stiffness == k && d.Axis >= 0 && d.Axis < 3 {
			seen[d.Axis] = true
		}
	}
	return seen[0] && seen[1] && seen[2]
}

// driveScale returns, per drive, the child body's mass (linear axes) or
// its moment of inertia about the drive axis (angular axes).
func (e *emitter) driveScale(tj kin.TreeJoint) func(convert.Drive) float64 {
	return func(d convert.Drive) float64 {
		if tj.ChildBody < 0 {
			return 1
		}
		m := e.g.Nodes[tj.ChildBody].Motion
		if m == nil || m.Mass == nil || math.IsInf(*m.Mass, 1) {
			return 1
		}
		if d.Type == "linear" || m.InertiaDiagonal == nil {
			return *m.Mass
		}
		var ax convert.Vec3
		if d.Axis >= 0 && d.Axis < 3 {
			ax[d.Axis] = 1
		}
		ax = tj.ChildFrame.R.Rotate(ax) // in the child body frame
		r := convert.IdentityQuat()
		if m.InertiaOrientation != nil {
			r = *m.InertiaOrientation
		}
		local := r.Conj().Rotate(ax)
		dg := *m.InertiaDiagonal
		return local[0]*local[0]*dg[0] + local[1]*local[1]*dg[1] + local[2]*local[2]*dg[2]
	}
}

// solverAttrs writes a joint's MuJoCo solver parameters (read from an
// MJCF source's solreflimit, solref …) on the element made for it, when
// they are of the element's class (a joint's, or an equality
// constraint's); those of the other class are named as dropped.
func (e *emitter) solverAttrs(el *Element, s *convert.JointSolver, class string, node int, path string) {
	switch {
	case s == nil:
	case s.Class == class:
		attrs := solverAttrs(s.Params)
		for _, name := range sortedKeys(attrs) {
			el.SetAttr(name, attrs[name])
		}
	default:
		e.diags.Add(convert.CodeJointSolverDropped, convert.JointSubject(node), path, "%s solver parameters do not apply to the MJCF %s written for it: %s", s.Class, el.Name, s.Text())
	}
}
