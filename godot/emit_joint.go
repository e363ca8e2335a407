package godot

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// Degrees of freedom of one joint axis, as Godot's joints can express them.
const (
	dofFree = iota
	dofFixed
	dofLimited
	dofComplex // part of a multi-axis or soft limit
)

type dof struct {
	state  int
	lo, hi float64
}

// jointShape is a joint's limit pattern in frame A.
type jointShape struct {
	lin, ang [3]dof
	cone     *convert.Limit // two-axis angular limit
	soft     bool
}

func analyze(j *convert.Joint) jointShape {
	var s jointShape
	mark := func(axes []int, target *[3]dof, d dof) {
		for _, a := range axes {
			if a >= 0 && a < 3 {
				target[a] = d
			}
		}
	}
	for k := range j.Limits {
		l := j.Limits[k]
		if !math.IsInf(l.Stiffness, 1) && l.Stiffness != 0 {
			s.soft = true
		}
		switch {
		case l.Fixed():
			mark(l.Linear, &s.lin, dof{state: dofFixed})
			mark(l.Angular, &s.ang, dof{state: dofFixed})
		case len(l.Linear)+len(l.Angular) == 1:
			d := dof{state: dofLimited, lo: l.Min, hi: l.Max}
			if l.Unbounded() {
				d = dof{state: dofFree}
			}
			mark(l.Linear, &s.lin, d)
			mark(l.Angular, &s.ang, d)
		case len(l.Linear) == 0 && len(l.Angular) == 2 && s.cone == nil:
			s.cone = &j.Limits[k]
			lo, hi := l.AxisRange()
			mark(l.Angular, &s.ang, dof{state: dofComplex, lo: lo, hi: hi})
		default:
			lo, hi := l.AxisRange()
			mark(l.Linear, &s.lin, dof{state: dofComplex, lo: lo, hi: hi})
			mark(l.Angular, &s.ang, dof{state: dofComplex, lo: lo, hi: hi})
		}
	}
	return s
}

func allState(d [3]dof, st int) bool { return d[0].state == st && d[1].state == st && d[2].state == st }

// single returns the one axis not fixed (free or limited), or -1.
func single(d [3]dof) int {
	k := -1
	for i, x := range d {
		switch x.state {
		case dofFixed:
		case dofFree, dofLimited:
			if k >= 0 {
				return -2
			}
			k = i
		default:
			return -2
		}
	}
	return k
}

// nativeKind names the Godot joint that expresses a pattern exactly, with
// the axis that must become the joint's Z (hinge) or X (slider).
func nativeKind(j *convert.Joint) (kind string, axis int) {
	s := analyze(j)
	if s.soft || j.Solver != nil && j.Solver.Class == godotSolverClass+"Generic6DOFJoint3D" {
		// a Generic6DOFJoint3D source stays one: its per-axis solver
		// parameters have no place on a hinge or slider
		return "generic", -1
	}
	onlyMotor := func(typ string, axis int) bool {
		for _, d := range j.Drives {
			if d.Type != typ || d.Axis != axis || d.VelocityTarget == nil || d.IsSpring() {
				return false
			}
		}
		return len(j.Drives) <= 1
	}
	switch {
	case allState(s.lin, dofFixed) && allState(s.ang, dofFree) && len(j.Drives) == 0:
		return "pin", -1
	case allState(s.lin, dofFixed) && single(s.ang) >= 0 && onlyMotor("angular", single(s.ang)):
		return "hinge", single(s.ang)
	case single(s.lin) >= 0 && len(j.Drives) == 0 && (allState(s.ang, dofFixed) || single(s.ang) == single(s.lin)):
		return "slider", single(s.lin)
	case allState(s.lin, dofFixed) && s.cone != nil && len(j.Drives) == 0 && s.cone.Angular[0]+s.cone.Angular[1] == 3 && s.cone.Min == 0 &&
		(s.ang[0].state == dofFree || s.ang[0].state == dofLimited && s.ang[0].lo == -s.ang[0].hi):
		return "conetwist", 0
	}
	return "generic", -1
}

// axisTo returns the rotation taking +Z (hinge) or +X (slider) onto axis k.
func axisTo(kind string, k int) (convert.Quat, bool) {
	x, y := convert.Vec3{1, 0, 0}, convert.Vec3{0, 1, 0}
	switch {
	case kind == "hinge" && k == 0:
		return convert.AxisAngle(y, math.Pi/2), true // Z → X
	case kind == "hinge" && k == 1:
		return convert.AxisAngle(x, -math.Pi/2), true // Z → Y
	case kind == "slider" && k == 1:
		return convert.AxisAngle(convert.Vec3{0, 0, 1}, math.Pi/2), true // X → Y
	case kind == "slider" && k == 2:
		return convert.AxisAngle(y, -math.Pi/2), true // X → Z
	}
	return convert.Quat{}, false
}

// rebaseJoint turns a joint frame so a hinge axis is Z and a slider axis X,
// re-expressing limits and drives on the new axes.
func (e *emitter) rebaseJoint(i int) {
	j := e.g.Nodes[i].Joint
	kind, k := nativeKind(j)
	q, ok := axisTo(kind, k)
	if !ok {
		return
	}
	a := convert.Transform{R: q, S: convert.Vec3{1, 1, 1}}
	// Godot has one joint frame: frame B's node (often body B itself)
	// keeps its own frame.
	e.rebase(i, a)
	// New axis c is old axis r with sign m[r][c].
	m := q.Mat()
	newAxis := func(old int) (int, float64) {
		for c := 0; c < 3; c++ {
			if v := m[old][c]; math.Abs(v) > 0.5 {
				return c, math.Copysign(1, v)
			}
		}
		return old, 1
	}
	remap := func(axes []int) ([]int, float64) {
		out := make([]int, len(axes))
		sign := 1.0
		for n, x := range axes {
			out[n], sign = newAxis(x)
		}
		return out, sign
	}
	for n := range j.Limits {
		l := &j.Limits[n]
		var s1, s2 float64 = 1, 1
		l.Linear, s1 = remap(l.Linear)
		l.Angular, s2 = remap(l.Angular)
		if len(l.Linear)+len(l.Angular) == 1 && s1*s2 < 0 {
			l.Min, l.Max = -l.Max, -l.Min
		}
	}
	for n := range j.Drives {
		d := &j.Drives[n]
		var s float64
		d.Axis, s = newAxis(d.Axis)
		if s < 0 {
			if d.PositionTarget != nil {
				d.PositionTarget = convert.Ptr(-*d.PositionTarget)
			}
			if d.VelocityTarget != nil {
				d.VelocityTarget = convert.Ptr(-*d.VelocityTarget)
			}
		}
	}
	e.note(convert.CodeGodotJointRebased, convert.JointSubject(i), e.name(i), "joint frame rotated so its %s axis lies along Godot's %s (world poses unchanged)", kind, map[string]string{"hinge": "Z", "slider": "X"}[kind])
}

// relPath returns the NodePath from one emitted node to another.
func relPath(from, to string) string {
	split := func(p string) []string {
		if p == "." {
			return nil
		}
		return strings.Split(p, "/")
	}
	a, b := split(from), split(to)
	n := 0
	for n < len(a) && n < len(b) && a[n] == b[n] {
		n++
	}
	var parts []string
	for range a[n:] {
		parts = append(parts, "..")
	}
	parts = append(parts, b[n:]...)
	if len(parts) == 0 {
		return "."
	}
	return strings.Join(parts, "/")
}

func (e *emitter) deg(x float64) float64 {
	if e.v == 3 {
		return x * 180 / math.Pi
	}
	return x
}

// jointProps writes a joint node: its class, bodies, limits and drives,
// then the source's solver parameters when they belong to that class.
func (e *emitter) jointProps(i int) (string, []tscn.Prop) {
	class, props := e.jointShapeProps(i)
	return class, append(props, e.solverProps(i, class)...)
}

// solverProps writes back Joint.Solver when the source's Godot joint class
// is the one written; Godot 3's Generic6DOFJoint precision has no Godot 4
// form.
func (e *emitter) solverProps(i int, class string) []tscn.Prop {
	sv := e.g.Nodes[i].Joint.Solver
	if sv == nil {
		return nil
	}
	if sv.Class != godotSolverClass+class {
		e.note(convert.CodeJointSolverDropped, convert.JointSubject(i), e.name(i), "%s solver parameters do not apply to the %s written: %s", sv.Class, class, sv.Text())
		return nil
	}
	var props []tscn.Prop
	var dropped []string
	for _, p := range sv.Params {
		if e.v == 4 && godot3OnlyJointKeys[p.Key] {
			dropped = append(dropped, p.Key)
			continue
		}
		key := p.Key
		if k3, ok := godot3JointKeys[key]; ok && e.v == 3 {
			key = k3
		}
		props = append(props, tscn.Prop{Key: key, Value: p.Value})
	}
	if len(dropped) > 0 {
		e.note(convert.CodeJointSolverDropped, convert.JointSubject(i), e.name(i), "Godot 4 has no %s", strings.Join(dropped, ", "))
	}
	return props
}

// jointBody is the body a joint's frame on node n moves with: its Graph
// body, or, in the world, the static collider it hangs from, which is
// written as a StaticBody3D of its own: Godot keeps a joint's two bodies
// from colliding (as the Graph's joint without EnableCollision does)
// only when the joint names both, and a glTF joint pinned to a static
// post named the world and let its body collide with the post.
func (e *emitter) jointBody(n int) int {
	if b := e.g.BodyOf(n); b >= 0 {
		return b
	}
	for k := n; k >= 0 && k < len(e.g.Nodes); k = e.g.Nodes[k].Parent {
		if e.ownStaticBody(k) {
			return k
		}
		if c, ok := e.soleStaticCollider(k); ok {
			return c
		}
	}
	return -1
}

// anchorWorldJoints gives every joint between the world and a body a
// StaticBody3D of its own (no shapes) on its world side, at the joint's
// pose, so that Godot's two bodies are the Graph's two sides. Godot has
// no joint of one body that every engine measures alike: GodotPhysics3D
// takes the lone body as A and the world as B, Jolt Physics (unless the
// project says otherwise) the world as A and the body as B, so a
// written lone joint's limits, springs and motors had the opposite sign
// in one engine or the other (and a Generic6DOFJoint3D's limits, measured
// in A's frame, turned with the body).
func (e *emitter) anchorWorldJoints() {
	g := e.g
	var inScene []bool
	moved := map[int]bool{} // frames now under their anchors
	left := map[int]bool{}  // their old parents (-1: the roots)
	for i, n := 0, len(g.Nodes); i < n; i++ {
		j := g.Nodes[i].Joint
		if j == nil || j.Connected < 0 || j.Connected >= len(g.Nodes) {
			continue
		}
		a, b := e.jointBody(i), e.jointBody(j.Connected)
		if (a < 0) == (b < 0) {
			continue
		}
		// the world side's frame moves under its anchor, at the same
		// world pose (its old parent's list is mended once, below)
		frame, body, side := i, b, "A"
		if b < 0 {
			frame, body, side = j.Connected, a, "B"
		}
		if inScene == nil {
			inScene = reachable(g)
		}
		if !inScene[i] || !inScene[frame] {
			continue // not written: nothing to anchor
		}
		// the anchor takes the frame's place, and the frame sits on it
		parent := g.Nodes[frame].Parent
		k := g.AddNode(convert.Node{Name: g.Nodes[i].Name + "Anchor", Transform: g.Nodes[frame].Transform,
			Motion: &convert.Motion{Kind: convert.Static}}, parent)
		e.skip = append(e.skip, false)
		g.Nodes[frame].Parent = k
		g.Nodes[frame].Transform = convert.Identity()
		g.Nodes[k].Children = append(g.Nodes[k].Children, frame)
		moved[frame], left[parent] = true, true
		e.note(convert.CodeGodotJointAnchored, convert.JointSubject(i), e.name(i),
			"the joint holds body %q to the world, which Godot's engines take as different sides of a joint of one body: a %s %q without shapes is written as its %s side",
			g.Nodes[body].Name, pick(e.v == 3, "StaticBody", "StaticBody3D"), g.Nodes[k].Name, side)
	}
	if len(moved) == 0 {
		return
	}
	for p := range left {
		gone := func(c int) bool { return moved[c] && g.Nodes[c].Parent != p }
		if p < 0 {
			g.Roots = slices.DeleteFunc(g.Roots, gone)
		} else {
			g.Nodes[p].Children = slices.DeleteFunc(g.Nodes[p].Children, gone)
		}
	}
	e.soleCollider = nil // the anchors are bodies below their parents
}

// soleStaticCollider finds, below a plain node k, the one collider that
// stands for it: k's only child that is a static body of its own, when
// nothing else below k collides or moves (a glTF post whose collider is a
// child node, a Godot StaticBody3D written to glTF and read back, the
// joints it holds among its children: a joint's node neither moves nor
// collides, and a joint from a static body is written there). ok is
// false for any other node; the answer is kept, so joints pinned to one
// large static subtree walk it once.
func (e *emitter) soleStaticCollider(k int) (c int, ok bool) {
	if r, seen := e.soleCollider[k]; seen {
		return r, r >= 0
	}
	if e.soleCollider == nil {
		e.soleCollider = map[int]int{}
	}
	g := e.g
	c = -1
	if n := &g.Nodes[k]; n.Motion == nil && n.Collider == nil && n.Trigger == nil && n.Joint == nil {
		stack := append([]int(nil), n.Children...)
		for len(stack) > 0 && c != -2 {
			x := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			switch nx := &g.Nodes[x]; {
			case nx.Motion != nil || nx.Trigger != nil:
				c = -2
			case nx.Collider != nil:
				if c >= 0 || nx.Parent != k || !e.ownStaticBody(x) {
					c = -2
				} else {
					c = x
				}
			}
			stack = append(stack, g.Nodes[x].Children...)
		}
	}
	c = max(c, -1)
	e.soleCollider[k] = c
	return c, c >= 0
}

// ownStaticBody reports a node classOf writes as a StaticBody3D of its
// own: a collider outside any body.
func (e *emitter) ownStaticBody(k int) bool {
	n := &e.g.Nodes[k]
	return !e.skip[k] && n.Motion == nil && n.Joint == nil && n.Collider != nil && n.Collider.Shape >= 0 &&
		!e.parentIsBody(k) && (n.Trigger == nil || colliderAndTrigger(n))
}

// positiveZero is v, with a turned zero (-0) written as 0.
func positiveZero(v float64) float64 {
	if v == 0 {
		return 0
	}
	return v
}

// jointShapeProps writes what a joint connects and how it moves.
func (e *emitter) jointShapeProps(i int) (string, []tscn.Prop) {
	e.joint = convert.JointSubject(i)
	g := e.g
	j := g.Nodes[i].Joint
	var props []tscn.Prop
	add := func(k string, v tscn.Value) { props = append(props, tscn.Prop{Key: k, Value: v}) }
	name := e.name(i)
	keyA, keyB := "node_a", "node_b"
	if e.v == 3 {
		keyA, keyB = "nodes/node_a", "nodes/node_b"
	}
	a := e.jointBody(i)
	b := -1
	if j.Connected >= 0 && j.Connected < len(g.Nodes) {
		b = e.jointBody(j.Connected)
		// both frames as the Graph had them, turned as frame A was
		wa := e.frames.World(i)
		wb := e.frames.World(j.Connected).Mul(e.turnedOf(j.Connected).Inverse()).Mul(e.turnedOf(i))
		if apart, d, angle := convert.FramesApart(wa, wb); apart {
			e.note(convert.FramesApartCode(wa, d, angle), e.joint, name, "Godot joints use one frame for both bodies; frame B differs from frame A and is replaced by it")
		}
	}
	if a >= 0 {
		add(keyA, tscn.NodePath(e.relPathTo(i, a)))
	}
	if b >= 0 {
		add(keyB, tscn.NodePath(e.relPathTo(i, b)))
	}
	if a < 0 && b < 0 {
		e.note(convert.CodeGodotJointUnconnected, e.joint, name, "joint connects no bodies")
	}
	if j.EnableCollision {
		add(pick(e.v == 3, "collision/exclude_nodes", "exclude_nodes_from_collision"), false)
	}
	if j.Effort != 0 || j.Velocity != 0 || j.Damping != 0 || j.Friction != 0 || j.Armature != 0 {
		var fields []string
		for _, f := range []struct {
			name string
			v    float64
		}{{"effort", j.Effort}, {"velocity", j.Velocity}, {"damping", j.Damping}, {"friction", j.Friction}, {"armature", j.Armature}} {
			if f.v != 0 {
				fields = append(fields, f.name)
			}
		}
		// named, not valued: joints that drop the same fields are told
		// about together
		list := fields[len(fields)-1]
		if n := len(fields); n > 1 {
			list = strings.Join(fields[:n-1], ", ") + " and " + list
		}
		e.note(convert.CodeJointFieldDropped, e.joint, name, "%s: no Godot joint holds them; dropped", list)
	}
	kind, _ := nativeKind(j)
	s := analyze(j)
	if s.soft {
		e.note(convert.CodeLimitSoftDropped, e.joint, name, "soft limits (finite stiffness) are written as hard limits")
	}
	switch kind {
	case "pin":
		return "PinJoint3D", props
	case "hinge":
		sign := hingeSign
		if d := s.ang[2]; d.state == dofLimited {
			lo, hi := signed(sign, d.lo, d.hi)
			add("angular_limit/enable", true)
			add("angular_limit/upper", e.deg(hi))
			add("angular_limit/lower", e.deg(lo))
		}
		for _, d := range j.Drives {
			if isInert(d) {
				e.note(convert.CodeGodotMotorGainsDropped, e.joint, name, "a drive without stiffness or damping pushes with no force; a HingeJoint3D motor would, so it is not written")
				continue
			}
			if d.Stiffness != 0 || !e.motorLike(i, d) || d.PositionTarget != nil || d.Mode == "acceleration" {
				e.note(convert.CodeGodotMotorGainsDropped, e.joint, name, "a HingeJoint3D motor has a target velocity and a maximum impulse only; the drive's stiffness %g, damping %g, position target and %s mode are dropped", d.Stiffness, d.Damping, d.Mode)
			}
			add("motor/enable", true)
			add("motor/target_velocity", positiveZero(sign**d.VelocityTarget))
			impulse := d.MaxForce / defaultTicks // what one step may apply
			if math.IsInf(d.MaxForce, 1) {
				impulse = unlimitedImpulse
				e.diags.Add(convert.CodeGodotMotorUnlimited, convert.JointSubject(i), e.name(i), "an unlimited motor is written with max_impulse %g, which Godot cannot exceed and physconv reads back as unlimited", unlimitedImpulse)
			}
			add("motor/max_impulse", impulse)
		}
		return "HingeJoint3D", props
	case "slider":
		if d := s.lin[0]; d.state == dofLimited {
			lo, hi := d.lo, d.hi
			add("linear_limit/upper_distance", hi)
			add("linear_limit/lower_distance", lo)
		} else {
			add("linear_limit/upper_distance", -1.0)
			add("linear_limit/lower_distance", 1.0)
		}
		switch d := s.ang[0]; d.state {
		case dofLimited:
			lo, hi := d.lo, d.hi
			add("angular_limit/upper_angle", e.deg(hi))
			add("angular_limit/lower_angle", e.deg(lo))
		case dofFree:
			add("angular_limit/upper_angle", e.deg(-1))
			add("angular_limit/lower_angle", e.deg(1))
		}
		return "SliderJoint3D", props
	case "conetwist":
		add("swing_span", e.deg(s.cone.Max))
		twist := math.Pi
		if s.ang[0].state == dofLimited {
			twist = s.ang[0].hi
		}
		add("twist_span", e.deg(twist))
		return "ConeTwistJoint3D", props
	}
	return "Generic6DOFJoint3D", append(props, e.generic(i, name, j, s)...)
}

// generic writes Generic6DOFJoint3D limits, springs and motors per axis
// (of joint node i).
func (e *emitter) generic(i int, name string, j *convert.Joint, s jointShape) []tscn.Prop {
	signOf := func(kind string) float64 {
		if kind == "angular" {
			return genericAngularSign
		}
		return 1
	}
	var props []tscn.Prop
	add := func(k string, v tscn.Value) { props = append(props, tscn.Prop{Key: k, Value: v}) }
	approx := false
	for ax, a := range jointAxes {
		for _, kind := range []string{"linear", "angular"} {
			d := s.lin[ax]
			lo, hi := "lower_distance", "upper_distance"
			conv := func(x float64) float64 { return x }
			if kind == "angular" {
				d = s.ang[ax]
				lo, hi = "lower_angle", "upper_angle"
				conv = e.deg
			}
			prefix := kind + "_limit_" + a + "/"
			switch d.state {
			case dofFree:
				add(prefix+"enabled", false)
			case dofComplex:
				approx = true
				if math.IsInf(d.lo, 0) && math.IsInf(d.hi, 0) {
					add(prefix+"enabled", false)
					break
				}
				lov, hiv := d.lo, d.hi
				if math.IsInf(lov, 0) {
					lov = -hiv
				}
				if math.IsInf(hiv, 0) {
					hiv = -lov
				}
				lov, hiv = signed(signOf(kind), lov, hiv)
				add(prefix+hi, conv(hiv))
				add(prefix+lo, conv(lov))
			case dofLimited:
				if math.IsInf(d.lo, 0) || math.IsInf(d.hi, 0) {
					approx = true
					add(prefix+"enabled", false)
					break
				}
				lov, hiv := signed(signOf(kind), d.lo, d.hi)
				add(prefix+hi, conv(hiv))
				add(prefix+lo, conv(lov))
			}
		}
	}
	if approx {
		e.note(convert.CodeJointLimitApproximated, e.joint, name, "multi-axis or one-sided limits are written as per-axis limits of a Generic6DOFJoint3D")
	}
	for _, d := range e.axisDrives(j.Drives, name) {
		if d.Axis < 0 || d.Axis > 2 {
			continue
		}
		a := jointAxes[d.Axis]
		sign := signOf(d.Type)
		if isInert(d) {
			e.diags.Add(convert.CodeGodotDriveApproximated, e.joint, name, "a %s drive on axis %s without stiffness or damping pushes with no force; a Godot motor would, so it is not written", d.Type, a)
			continue
		}
		if lost := genericDriveLoss(d, e.motorLike(i, d)); lost != "" {
			e.diags.Add(convert.CodeGodotDriveApproximated, e.joint, name, "a Generic6DOFJoint3D %s %s drive on axis %s: %s", d.Type, d.Mode, a, lost)
		}
		if d.IsSpring() {
			p := d.Type + "_spring_" + a + "/"
			add(p+"enabled", true)
			add(p+"stiffness", d.Stiffness)
			add(p+"damping", d.Damping)
			if d.PositionTarget != nil {
				add(p+"equilibrium_point", positiveZero(sign**d.PositionTarget))
			}
		} else if d.VelocityTarget != nil {
			if e.v == 4 && (d.Type == "linear" || limitOff(s.ang[d.Axis])) {
				why := "an angular motor on an axis whose limit is off"
				if d.Type == "linear" {
					why = "a linear motor"
				}
				e.note(convert.CodeGodotMotorInert, e.joint, name, "%s_motor_%s: GodotPhysics3D, Godot 4's default physics engine, does not run %s (Jolt Physics does)", d.Type, a, why)
			}
			p := d.Type + "_motor_" + a + "/"
			add(p+"enabled", true)
			add(p+"target_velocity", positiveZero(sign**d.VelocityTarget))
			maxForce := d.MaxForce
			if math.IsInf(maxForce, 1) {
				maxForce = unlimitedImpulse
			}
			add(p+"force_limit", maxForce)
		}
	}
	return props
}

// limitOff reports whether generic writes axis d with its limit disabled.
func limitOff(d dof) bool {
	switch d.state {
	case dofFree:
		return true
	case dofComplex:
		return math.IsInf(d.lo, 0) && math.IsInf(d.hi, 0)
	case dofLimited:
		return math.IsInf(d.lo, 0) || math.IsInf(d.hi, 0)
	}
	return false
}

// axisDrives fits drives to a Generic6DOFJoint3D, which holds one spring
// and one motor per axis: springs on one axis (an MJCF joint's stiffness
// and a position actuator on it) are one spring when none limits its
// force, their forces adding up at every position and speed (convert.
// MergeSprings); a further spring or motor on the axis is dropped, said.
func (e *emitter) axisDrives(drives []convert.Drive, name string) []convert.Drive {
	if len(drives) < 2 {
		return drives
	}
	merged := convert.MergeSprings(drives)
	out := merged[:0:0]
	type slot struct {
		typ    string
		axis   int
		spring bool // else a motor
	}
	taken := map[slot]bool{}
	for _, d := range merged {
		spring := d.IsSpring()
		k := slot{d.Type, d.Axis, spring}
		if taken[k] {
			e.diags.Add(convert.CodeGodotDriveApproximated, e.joint, name, "a Generic6DOFJoint3D holds one %s %s per axis: a further one on axis %d (stiffness %g, damping %g, force limit %g) is dropped",
				d.Type, map[bool]string{true: "spring", false: "motor"}[spring], d.Axis, d.Stiffness, d.Damping, d.MaxForce)
			continue
		}
		taken[k] = true
		out = append(out, d)
	}
	return out
}

// genericDriveLoss says what a Generic6DOFJoint3D cannot keep of a drive,
// or "" when it reads back the same. A drive with a position target or a
// stiffness becomes a spring (stiffness, damping, equilibrium; no force
// limit, no target velocity); any other becomes a motor (target velocity,
// force limit; no damping). Both are force drives.
func genericDriveLoss(d convert.Drive, motorLike bool) string {
	var lost []string
	if d.Mode == "acceleration" {
		lost = append(lost, "acceleration mode written as force")
	}
	if d.IsSpring() {
		if d.PositionTarget == nil {
			lost = append(lost, "no position target: equilibrium 0")
		}
		if d.VelocityTarget != nil {
			lost = append(lost, fmt.Sprintf("target velocity %g dropped (a spring has none)", *d.VelocityTarget))
		}
		if !math.IsInf(d.MaxForce, 1) {
			lost = append(lost, fmt.Sprintf("maximum force %g dropped (a spring has none)", d.MaxForce))
		}
	} else if d.VelocityTarget == nil {
		lost = append(lost, "no target and no stiffness: not written")
	} else if !motorLike {
		lost = append(lost, fmt.Sprintf("damping %g dropped (a motor holds its target velocity up to its force limit)", d.Damping))
	}
	return strings.Join(lost, "; ")
}

// unlimitedImpulse stands in for an unlimited motor: no file gets an
// infinite number, and readers take values this large as unlimited.
const unlimitedImpulse = 1e30

// reachable marks the nodes under the Graph's roots: the nodes a scene
// writes.
func reachable(g *convert.Graph) []bool {
	seen := make([]bool, len(g.Nodes))
	stack := append([]int(nil), g.Roots...)
	for len(stack) > 0 {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if k < 0 || k >= len(g.Nodes) || seen[k] {
			continue
		}
		seen[k] = true
		stack = append(stack, g.Nodes[k].Children...)
	}
	return seen
}
