package godot

import (
	"math"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// Godot's joint motors (HingeJoint3D motor/*, Generic6DOFJoint3D
// *_motor_*) have a target velocity and a force limit but no gain: both
// engines solve a motor as a velocity constraint between the joint's two
// bodies, each physics step applying the impulse that brings the joint's
// velocity to the target, within the limit. Over a step of 1/ticks s that
// is the force I·(v* − v)·ticks, I the joint's effective inertia about
// its axis (its effective mass along it): a velocity drive of damping
// I·ticks, which other formats run. The reader gives a motor that damping
// and the writer writes a velocity drive of that damping as a motor
// without a word.

// defaultTicks is Godot's physics rate when the project sets none.
const defaultTicks = 60

// motorDamping is the damping of the velocity drive d (on an axis of
// joint node i's frame) that acts as a Godot motor at the given physics
// rate, and false when the joint moves no dynamic body. world gives a
// node's world pose.
func motorDamping(g *convert.Graph, world func(int) convert.Transform, i int, d convert.Drive, ticks float64) (float64, bool) {
	j := g.Nodes[i].Joint
	if j == nil || d.Axis < 0 || d.Axis > 2 {
		return 0, false
	}
	at := world(i)
	var unit convert.Vec3
	unit[d.Axis] = 1
	axis := at.R.Normalize().Rotate(unit)
	inverse := 0.0 // Σ 1/I over the joint's dynamic bodies
	for _, n := range []int{i, j.Connected} {
		if n < 0 || n >= len(g.Nodes) {
			continue
		}
		b := g.BodyOf(n)
		if b < 0 || g.Nodes[b].Motion == nil || g.Nodes[b].Motion.Kind != convert.Dynamic {
			continue
		}
		m, com, tensor, ok := bodyMass(g, b)
		if !ok {
			continue
		}
		moment := m
		if d.Type == "angular" {
			bw := world(b)
			r := bw.R.Normalize()
			c := bw.Apply(com).Sub(at.T)
			local := r.Conj().Rotate(axis)
			off := c.Cross(axis)
			moment = local.Dot(tensor.MulVec(local)) + m*off.Dot(off)
		}
		if moment > 0 && !math.IsInf(moment, 1) {
			inverse += 1 / moment
		}
	}
	if !(inverse > 0) {
		return 0, false
	}
	return ticks / inverse, true
}

// bodyMass is dynamic body b's mass, centre of mass and inertia tensor
// about it, in its frame: as the Graph gives them, the rest computed from
// its shapes.
func bodyMass(g *convert.Graph, b int) (float64, convert.Vec3, convert.Mat3, bool) {
	m := g.Nodes[b].Motion
	if m.Mass == nil || !(*m.Mass > 0) || math.IsInf(*m.Mass, 1) {
		return 0, convert.Vec3{}, convert.Mat3{}, false
	}
	tensor, given := m.InertiaTensor()
	if given && m.CenterOfMass != nil {
		return *m.Mass, *m.CenterOfMass, tensor, true
	}
	exact, _ := mass.BodyMassProps(g, b, 1)
	com := exact.COM
	if m.CenterOfMass != nil {
		com = *m.CenterOfMass
	}
	if !given {
		if !(exact.Mass > 0) {
			return 0, convert.Vec3{}, convert.Mat3{}, false
		}
		tensor = exact.InertiaAbout(com, *m.Mass)
	}
	return *m.Mass, com, tensor, true
}

// isMotor reports a drive Godot writes as a motor: a velocity target and
// no stiffness.
func isMotor(d convert.Drive) bool {
	return d.VelocityTarget != nil && d.Stiffness == 0 && d.PositionTarget == nil && d.Mode != "acceleration"
}

// isInert reports a drive that pushes with no force: neither stiffness
// nor damping (a velocity target without a gain). A Godot motor would
// make it act, so it is not written.
func isInert(d convert.Drive) bool {
	return d.Stiffness == 0 && d.Damping == 0
}

// motorDampings gives every motor read the damping that acts as it does
// (motorDamping), at the project's physics rate.
func (p *parser) motorDampings() {
	var world func(int) convert.Transform
	ticks := 0.0
	for _, n := range p.joints {
		i := p.index[n]
		j := p.g.Nodes[i].Joint
		if j == nil {
			continue
		}
		for k, d := range j.Drives {
			if !isMotor(d) || d.Damping != 0 {
				continue
			}
			if world == nil {
				world = lazyWorld(p.g)
				ticks = p.physicsTicks(n.version)
			}
			damping, ok := motorDamping(p.g, world, i, d, ticks)
			if !ok {
				continue
			}
			j.Drives[k].Damping = damping
			p.note(convert.CodeGodotMotorDamping, convert.JointSubject(i), n,
				"the %s motor on axis %d is a velocity constraint solved every physics step (%g per second): read as a velocity drive of damping %g (the joint's effective %s times the rate)",
				d.Type, d.Axis, ticks, damping, pick(d.Type == "angular", "inertia about the axis", "mass along the axis"))
		}
	}
}

// physicsTicks is the project's physics steps per second:
// physics/common/physics_ticks_per_second (Godot 4) or physics_fps
// (Godot 3), 60 when the project sets none or none is found.
func (p *parser) physicsTicks(version int) float64 {
	t := p.proj.ticks4
	if version == 3 {
		t = p.proj.ticks3
	}
	if t == 0 {
		return defaultTicks
	}
	return t
}

// motorLike reports whether velocity drive d of joint node i is what a
// Godot motor does: its damping is the one a motor acts with at Godot's
// default rate (motorDamping).
func (e *emitter) motorLike(i int, d convert.Drive) bool {
	want, ok := motorDamping(e.g, e.frames.World, i, d, defaultTicks)
	return ok && math.Abs(d.Damping-want) <= 1e-9*want
}
