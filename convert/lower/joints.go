package lower

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// inertJoints drops the joints that constrain nothing: both frames in one
// body, or both outside every body the target writes (in the world; for a
// target without static motions that includes the static bodies, now
// colliders without motion). No format holds such a joint: the KHR reader
// refuses one with no body on either side, the OMI and Godot readers one
// joining a body to itself, and the robot formats leave it out of their
// tree. A coupling naming a dropped joint goes with it. A joint that a
// tendon's path names stays (only tendon targets keep tendons, and their
// tree leaves it out).
func (l *lowerer) inertJoints() {
	g := l.g
	dropped := map[int]bool{}
	for _, i := range inert(g) {
		p := g.NodeLabel(i)
		if b := g.BodyOf(i); b < 0 {
			l.diags.Add(convert.CodeJointSameBody, convert.JointSubject(i), p,
				"the joint constrains nothing: neither of its frames lies in a body this format writes (both are fixed in the world), so it is left out")
		} else {
			l.diags.Add(convert.CodeJointSameBody, convert.JointSubject(i), p,
				"the joint constrains nothing: both of its frames lie in body %s, so it is left out", g.NodeLabel(b))
		}
		g.Nodes[i].Joint = nil
		dropped[i] = true
	}
	if len(dropped) == 0 || len(g.Couplings) == 0 {
		return
	}
	var kept []convert.Coupling
	for k, c := range g.Couplings {
		if dropped[c.Follower] || dropped[c.Leader] {
			l.diags.Add(convert.CodeCouplingDropped, convert.CouplingSubject(k), g.NodeLabel(c.Follower),
				"the coupling of joint %s to joint %s is dropped with the joint that constrains nothing", g.NodeLabel(c.Follower), g.NodeLabel(c.Leader))
			continue
		}
		kept = append(kept, c)
	}
	g.Couplings = kept
}

// inert lists the joint nodes of g whose two frames lie in one body or
// both in the world (-1), leaving out those a tendon's path names.
func inert(g *convert.Graph) []int {
	var out []int
	var owners []int
	var named map[int]bool
	for i := range g.Nodes {
		j := g.Nodes[i].Joint
		if j == nil || j.Connected >= len(g.Nodes) {
			continue
		}
		if owners == nil {
			owners = g.BodyOwners()
			named = tendonJoints(g)
		}
		a, b := owners[i], -1
		if j.Connected >= 0 {
			b = owners[j.Connected]
		}
		if a == b && !named[i] {
			out = append(out, i)
		}
	}
	return out
}

// tendonJoints are the joints that tendon paths name.
func tendonJoints(g *convert.Graph) map[int]bool {
	var out map[int]bool
	for _, t := range g.Tendons {
		for _, pt := range t.Path {
			if pt.Joint >= 0 {
				if out == nil {
					out = map[int]bool{}
				}
				out[pt.Joint] = true
			}
		}
	}
	return out
}

// springDamping makes a joint's own damping its spring's where the target
// writes passive springs (MJCF: one damping per joint, read back as the
// spring's): a single drive that is a spring, beside the damping of a
// joint of one axis, is the same force, -k(q - q0) - d q̇, either way, and
// so it reads back. A drive
// an MJCF actuator applied stays an actuator, whose velocity gain MuJoCo
// integrates otherwise than joint damping (0.4 mrad apart in 200 steps).
func (l *lowerer) springDamping() {
	if !l.caps.Springs {
		return
	}
	for i := range l.g.Nodes {
		j := l.g.Nodes[i].Joint
		if j == nil || j.Damping == 0 {
			continue
		}
		if _, servo := j.Extras[convert.ExtraActuatorDrives]; servo {
			continue
		}
		// on a joint of several axes the damping slows the others too
		if s := j.LoneSpring(); s != nil && oneAxis(j) {
			s.Damping, j.Damping = j.Damping, 0
		}
	}
}

// oneAxis reports whether j moves along or about one axis only.
func oneAxis(j *convert.Joint) bool {
	switch kin.Classify(j).Kind {
	case kin.KindRevolute, kin.KindContinuous, kin.KindPrismatic:
		return true
	}
	return false
}
