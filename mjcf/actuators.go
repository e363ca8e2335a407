package mjcf

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/convert/mass"
)

// Actuators.
//
// Emit: a drive with a stiffness becomes <position kp> (no damping) or a
// <general> actuator with gainprm kp and biasprm "0 -kp -kv" (with
// damping: MuJoCo 3 has kv on <position>, MuJoCo 2.x rejects it, and the
// general form is the same force law in both); a drive without stiffness
// becomes <velocity kv>. A drive's force limit is the actuator's
// forcerange (forcelimited="true"). Targets are control values: the
// keyframe "drive_targets" holds every actuator's ctrl (the position
// target, or the velocity target of a <velocity>), so
// mj_resetDataKeyframe(m, d, key) starts the model at its targets; a
// velocity target beside a stiffness is the constant term of the general
// actuator's bias (kv·target). Drives with unlimited force and no velocity
// target are passive springs and stay joint stiffness/springref.
//
// A joint with an Actuator interface and no drive (URDF transmissions)
// gets one actuator of that kind with default gains, and ActuatorsOption
// adds one to every other actuated joint:
//
//	position  kp = 10·effort (N·m/rad or N/m; 100 when no effort limit),
//	          written with kv = 2·√(kp·I) (critical damping for the child
//	          body alone; I its moment about the axis through its centre
//	          of mass, or its mass) and ctrlrange = the joint's range
//	velocity  kv = 2·√(kp·I) with the same kp
//	motor     gear 1, ctrlrange ±effort when known
//
// Parse reads <position>, <velocity>, <general> (fixed gain, affine bias
// of that form, no dynamics) and <motor> on a one-axis joint with gear 1
// back into drives (motor: the Actuator interface "effort"), and the
// "drive_targets" keyframe into their targets; any other actuator stays an
// MJCF-only section.

// ActuatorsOption chooses which joints get actuators.
var ActuatorsOption = convert.Option{Name: "actuators", Kind: convert.OptionString, Side: convert.EmitSide,
	Default: "source", Values: []string{"source", "position", "velocity", "motor", "none"},
	Usage: "MJCF actuators: source (the source's drives and transmissions), position, velocity or motor (also one per other actuated joint), none"}

// SceneOption adds a ground plane and a light.
var SceneOption = convert.Option{Name: "scene", Kind: convert.OptionBool, Side: convert.EmitSide,
	Default: "false", Usage: "MJCF: add a ground plane and a light for a quick look"}

// Extras keys of actuators read back into drives (joint).
const (
	// extraActuators: map[int][]Attr, drive index → attributes the drive
	// does not hold (name, ctrlrange) for an MJCF round trip.
	extraActuators = convert.ExtraActuatorDrives
	// extraMotor: []Attr of the <motor> read into Actuator "effort".
	extraMotor = "mjcf.motor"
	// extraActuatorOrder (graph): map[*Element]int, each actuator kept
	// as MJCF → its place among the file's actuators
	extraActuatorOrder = "mjcf.actuatorOrder"
)

// targetKey names the keyframe that holds drive targets.
const targetKey = "drive_targets"

// defaultGains are the documented gains of an actuator the source gives no
// gains for: effort is the joint's force limit (0 = none), inertia what
// the joint moves (child body moment about the axis, or its mass), moved
// the whole subtree below the joint about its axis (0: unknown), step the
// model's time step. kp is 10 × effort (100 without a limit), but no
// stiffer than the step can follow: the servo's natural frequency
// √(kp/moved) stays within half a radian per step (10 × effort on a 2 mg
// gripper link turned 100 radians a step and sent MuJoCo's integration to
// NaN); kv damps it critically (what the joint moves unknown: the
// subtree's, a massless link's stand-in included).
func defaultGains(effort, inertia, moved, step float64) (kp, kv float64) {
	kp = 100.0
	if effort > 0 && !math.IsInf(effort, 1) {
		kp = 10 * effort
	}
	if !(inertia > 0) || math.IsInf(inertia, 1) {
		// unknown (a massless child): what the whole subtree weighs, so
		// the damping too stays within what the step can follow
		inertia = 1
		if moved > 0 && !math.IsInf(moved, 1) {
			inertia = moved
		}
	}
	if step > 0 && moved > 0 && !math.IsInf(moved, 1) {
		kp = math.Min(kp, moved*(maxServoTurn/step)*(maxServoTurn/step))
	}
	return kp, 2 * math.Sqrt(kp*inertia)
}

// servoInertia is what a servo on axis k of tree joint tj moves: the
// subtree below the joint, its inertia about the joint's axis (its mass
// for a slide); 0 when unknown.
func (e *emitter) servoInertia(tj kin.TreeJoint, linear bool, k int) float64 {
	li := e.tree.Link(tj.ChildBody)
	if li < 0 || k < 0 || k > 2 {
		return 0
	}
	sub := e.subtreeMass()[li]
	if linear {
		return sub.Mass
	}
	w := e.frames.World(tj.ChildBody)
	var ax convert.Vec3
	ax[k] = 1
	axis := w.R.Rotate(tj.ChildFrame.R.Rotate(ax))
	return axis.Dot(sub.About(w.Apply(tj.ChildFrame.T)).MulVec(axis))
}

// subtreeMass is, per tree link, the world mass properties of the link
// and everything below it, summed once from the leaves up (links come
// parent first).
func (e *emitter) subtreeMass() []mass.MassProps {
	if e.subtrees != nil {
		return e.subtrees
	}
	links := e.tree.Links
	out := make([]mass.MassProps, len(links))
	for i := len(links) - 1; i >= 0; i-- {
		parts := make([]mass.MassProps, 0, 1+len(links[i].Children))
		parts = append(parts, e.worldMass(links[i].Body))
		for _, c := range links[i].Children {
			parts = append(parts, out[c])
		}
		out[i] = mass.CombineMass(parts...)
	}
	e.subtrees = out
	return out
}

// worldMass is a body's own mass properties in world coordinates as
// written: a massless body's stand-in (a servo sized for no mass at all
// drove the stand-in's 1e-12 kg·m² to NaN on MuJoCo's first step); zero
// for an infinitely heavy or static body.
func (e *emitter) worldMass(body int) mass.MassProps {
	m := e.g.Nodes[body].Motion
	if m != nil && m.Kind == convert.Dynamic {
		m = convert.NearZeroStandIn(m)
	}
	if m == nil || m.Kind != convert.Dynamic || m.Mass == nil || !(*m.Mass > 0) || math.IsInf(*m.Mass, 1) {
		return mass.MassProps{}
	}
	p := mass.MassProps{Mass: *m.Mass}
	if m.CenterOfMass != nil {
		p.COM = *m.CenterOfMass
	}
	if d := m.InertiaDiagonal; d != nil && !math.IsInf(d[0]+d[1]+d[2], 0) {
		r := convert.IdentityQuat()
		if m.InertiaOrientation != nil {
			r = *m.InertiaOrientation
		}
		rm := r.Mat()
		p.Inertia = rm.Mul(convert.Diag(*d)).Mul(rm.T())
	}
	return p.Transformed(e.frames.World(body))
}

// maxServoTurn is the most a default servo's oscillation may advance in
// one time step, in radians (explicit integration diverges past 2).
const maxServoTurn = 0.5

// mujocoDefaultStep is MuJoCo's time step when <option> gives none.
const mujocoDefaultStep = 0.002

// timestep is the time step of the written model: the source's <option>
// (an MJCF source's, kept), else MuJoCo's default.
func (e *emitter) timestep() float64 {
	list, _ := e.g.Extras[extraSections].([]*Element)
	for _, sec := range list {
		if sec.Name != "option" {
			continue
		}
		if v, ok := sec.Attr("timestep"); ok {
			if f, err := strconv.ParseFloat(strings.TrimSpace(v), 64); err == nil && f > 0 {
				return f
			}
		}
	}
	return mujocoDefaultStep
}

// actuatorPrep records, before any joint is written, the names and joints
// of actuators kept from an MJCF source, so written ones neither repeat a
// name nor double a joint.
func (e *emitter) actuatorPrep() {
	e.targets = map[*Element]float64{}
	e.actuated = map[string]bool{}
	list, _ := e.g.Extras[extraSections].([]*Element)
	for _, sec := range list {
		if sec.Name != "actuator" {
			continue
		}
		for _, c := range sec.Children {
			if n, ok := c.Attr("name"); ok {
				e.nameSpace("actuator").Add(n)
			}
			if j, ok := c.Attr("joint"); ok {
				e.actuated[j] = true
			}
		}
	}
}

// driveActuator writes one drive as an actuator on the MJCF joint el and
// returns it.
func (e *emitter) driveActuator(j convert.Joint, k int, d convert.Drive, el *Element) *Element {
	jname := el.AttrOr("name", "")
	var act *Element
	var target float64
	switch {
	case d.Stiffness != 0 && d.Damping == 0:
		act = e.actuator.AddChild("position", "joint", jname, "kp", fmtFloat(d.Stiffness))
		if d.PositionTarget != nil {
			target = *d.PositionTarget
		}
	case d.Stiffness != 0:
		bias0 := 0.0
		if d.VelocityTarget != nil {
			bias0 = d.Damping * *d.VelocityTarget
		}
		act = e.actuator.AddChild("general", "joint", jname, "gaintype", "fixed",
			"gainprm", fmtFloat(d.Stiffness), "biastype", "affine",
			"biasprm", fmtFloats(bias0, -d.Stiffness, -d.Damping))
		if d.PositionTarget != nil {
			target = *d.PositionTarget
		}
	default:
		act = e.actuator.AddChild("velocity", "joint", jname, "kv", fmtFloat(d.Damping))
		if d.VelocityTarget != nil {
			target = *d.VelocityTarget
		}
	}
	if !math.IsInf(d.MaxForce, 1) && d.MaxForce >= 0 {
		act.SetAttr("forcelimited", "true")
		act.SetAttr("forcerange", fmtFloats(-d.MaxForce, d.MaxForce))
	}
	if d.Stiffness != 0 {
		target += e.jointRefs[el] // a position target is a joint position, ref included
	}
	e.nameActuator(act, jname, j.Extras, k)
	e.targets[act] = target
	e.actuated[jname] = true
	return act
}

// nameActuator names an actuator after its joint (or the name an MJCF
// source gave it) and puts back the control attributes it had.
func (e *emitter) nameActuator(act *Element, jname string, extras map[string]any, k int) {
	name := jname
	var back []Attr
	if k >= 0 {
		back = actuatorExtras(extras)[k]
	} else if as, ok := extras[extraMotor].([]Attr); ok {
		back = as
	}
	for _, a := range back {
		switch a.Name {
		case "name":
			name = a.Value
		case actuatorOrderAttr:
			if i, err := strconv.Atoi(a.Value); err == nil {
				e.placeActuator(act, i)
			}
		default:
			act.SetAttr(a.Name, a.Value)
		}
	}
	act.Attrs = append([]Attr{{Name: "name", Value: e.uniqueName("actuator", name)}}, act.Attrs...)
}

// interfaceActuators writes an actuator with default gains on each
// one-axis MJCF joint of a tree joint that has none yet: of the joint's
// Actuator interface, else of the kind ActuatorsOption asks for.
func (e *emitter) interfaceActuators(tj kin.TreeJoint, joints *axisJoints, path string) {
	j := tj.Joint
	kind := j.Actuator
	if kind == "" {
		switch opt := e.opts.Value(ActuatorsOption); opt {
		case "position", "velocity":
			kind = opt
		case "motor":
			kind = convert.ActuateEffort
		default:
			return
		}
		if e.followerOf == nil {
			e.followerOf = e.g.CouplingsByFollower()
		}
		if len(e.followerOf[tj.Node]) > 0 {
			return // a mimic joint follows its leader
		}
	}
	// the source's own motor, read into the interface, is written whatever
	// else drives the joint; an interface from elsewhere gets default
	// gains only on a joint nothing drives
	_, ownMotor := j.Extras[extraMotor].([]Attr)
	ownMotor = ownMotor && kind == convert.ActuateEffort
	scale := e.driveScale(tj)
	for _, key := range []string{"linear0", "linear1", "linear2", "angular0", "angular1", "angular2"} {
		el := joints.joint(key)
		if el == nil || e.actuated[el.AttrOr("name", "")] && !ownMotor {
			continue
		}
		jname := el.AttrOr("name", "")
		axis, _ := strconv.Atoi(key[len(key)-1:])
		typ := strings.TrimRight(key, "012")
		effort := j.Effort
		kp, kv := defaultGains(effort, scale(convert.Drive{Type: typ, Axis: axis}), e.servoInertia(tj, typ == "linear", axis), e.timestep())
		var act *Element
		switch kind {
		case convert.ActuatePosition:
			act = e.actuator.AddChild("general", "joint", jname, "gaintype", "fixed", "gainprm", fmtFloat(kp),
				"biastype", "affine", "biasprm", fmtFloats(0, -kp, -kv))
			if r, ok := el.Attr("range"); ok {
				// a servo is only asked for positions the joint can reach
				act.SetAttr("ctrllimited", "true")
				act.SetAttr("ctrlrange", r)
			}
		case convert.ActuateVelocity:
			act = e.actuator.AddChild("velocity", "joint", jname, "kv", fmtFloat(kv))
		case convert.ActuateEffort:
			act = e.actuator.AddChild("motor", "joint", jname, "gear", "1")
			if effort > 0 {
				act.SetAttr("ctrllimited", "true")
				act.SetAttr("ctrlrange", fmtFloats(-effort, effort))
			}
		default:
			continue
		}
		if effort > 0 {
			act.SetAttr("forcelimited", "true")
			act.SetAttr("forcerange", fmtFloats(-effort, effort))
		}
		e.nameActuator(act, jname, j.Extras, -1)
		e.actuated[jname] = true
		if kind != convert.ActuateEffort {
			e.diags.Add(convert.CodeActuatorDefaultGains, convert.JointSubject(tj.Node), path, "joint %q gets a <%s> actuator with default gains kp %s, kv %s (see the README)", jname, act.Name, fmtFloat(kp), fmtFloat(kv))
			if j.Actuator != "" {
				e.interfaceServos = append(e.interfaceServos, jname)
			}
		}
	}
}

// placeActuator records act's place among the source's actuators.
func (e *emitter) placeActuator(act *Element, i int) {
	if e.actuatorPlace == nil {
		e.actuatorPlace = map[*Element]int{}
	}
	e.actuatorPlace[act] = i
}

// sourceActuatorOrder puts the actuators read from an MJCF file back in
// the file's order (those kept as MJCF were written first, those read as
// drives in the order of their joints); actuators the source did not
// have follow, in the order they were written.
func (e *emitter) sourceActuatorOrder() {
	if len(e.actuatorPlace) == 0 {
		return
	}
	slices.SortStableFunc(e.actuator.Children, func(a, b *Element) int {
		i, okA := e.actuatorPlace[a]
		j, okB := e.actuatorPlace[b]
		switch {
		case okA && okB:
			return cmp.Compare(i, j)
		case okA:
			return -1
		case okB:
			return 1
		}
		return 0
	})
}

// finishActuators applies "--actuators none", writes the drive_targets
// keyframe when some target is not zero (returned, nil otherwise).
func (e *emitter) finishActuators() *Element {
	e.sourceActuatorOrder()
	if e.opts.Value(ActuatorsOption) == "none" && len(e.actuator.Children) > 0 {
		e.diags.Add(convert.CodeActuatorsDropped, convert.DocumentSubject(), "actuator", "%d actuator(s) are not written (actuators none)", len(e.actuator.Children))
		e.actuator.Children = nil
	}
	if n := len(e.interfaceServos); n > 0 && len(e.actuator.Children) > 0 {
		// the source names an interface, not a controller: a servo at
		// zero control holds its joint at 0 or brakes it, which the
		// source's own engine does not (MuJoCo's import of a URDF adds
		// no actuators)
		e.diags.Add(convert.CodeActuatorDefaultGains, convert.DocumentSubject(), "actuator",
			"%d joint(s) with a position or velocity interface (%s) get servos with default gains, which at zero control hold their joints at 0 or brake them; --actuators none leaves them free", n, strings.Join(firstNames(e.interfaceServos, 4), ", ")).WithSeverity(convert.Warning)
	}
	var ctrl []float64
	nonzero := false
	for _, a := range e.actuator.Children {
		t := e.targets[a]
		nonzero = nonzero || t != 0
		ctrl = append(ctrl, t)
	}
	if !nonzero {
		return nil
	}
	kf := &Element{Name: "keyframe"}
	kf.AddChild("key", "name", targetKey, "ctrl", fmtFloats(ctrl...))
	return kf
}

// scene adds a ground plane at z = 0 and a directional light, for a quick
// look in a viewer.
func (e *emitter) scene() {
	if !e.opts.Bool(SceneOption) {
		return
	}
	light := &Element{Name: "light", Attrs: []Attr{{Name: "name", Value: e.uniqueName("light", "scene_light")},
		{Name: "pos", Value: "0 0 5"}, {Name: "dir", Value: "0 0 -1"}, {Name: "directional", Value: "true"}}}
	floor := &Element{Name: "geom", Attrs: []Attr{{Name: "name", Value: e.uniqueName("geom", "floor")},
		{Name: "type", Value: "plane"}, {Name: "size", Value: "10 10 0.05"}, {Name: "rgba", Value: "0.8 0.8 0.8 1"}}}
	e.worldbody.Children = append(e.worldbody.Children, light, floor)
}

// actuatorExtras is the joint's record of drives read from actuators.
func actuatorExtras(extras map[string]any) map[int][]Attr {
	m, _ := extras[extraActuators].(map[int][]Attr)
	return m
}

// firstNames is up to n names, and how many more.
func firstNames(names []string, n int) []string {
	if len(names) <= n {
		return names
	}
	return append(names[:n:n], fmt.Sprintf("%d more", len(names)-n))
}
