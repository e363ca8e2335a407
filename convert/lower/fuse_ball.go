package lower

import (
	"math"

	"github.com/physconv/physconv/convert"
)

// fuseBallChains makes one ball joint of three joints that each turn
// freely about one axis, through two stand-in bodies (massless, or of the
// near-zero stand-in mass and inertia formats without massless bodies
// write), where the target's engine solves bodies in world coordinates
// (Godot). URDF has no ball joint: it is written as three continuous
// joints through two dummy links, whose stand-in masses of 1e-9 kg Godot
// cannot hold a chain through (the arm fell away from its pivot). Three
// free turns about mutually perpendicular axes through one point reach
// every orientation, as a ball joint does, so the fused joint is exact;
// joints with limits, drives, solver tuning or couplings, or axes that
// are not perpendicular, are left as they are. Said once per chain
// (joint-chain-fused).
func (l *lowerer) fuseBallChains() {
	g := l.g
	if l.caps.MasslessLinks {
		return
	}
	for {
		frames := g.Frames(-1) // a fused joint's node moved
		x := newChainIndex(g, standIn)
		owners, into, outOf := x.owners, x.into, x.outOf
		fused := false
		for link := range g.Nodes {
			if !standIn(g.Nodes[link].Motion) || len(into[link]) != 1 || len(outOf[link]) != 1 {
				continue
			}
			ja, jb := into[link][0], outOf[link][0]
			next := owners[g.Nodes[jb].Joint.Connected]
			if next < 0 || !standIn(g.Nodes[next].Motion) || len(into[next]) != 1 || len(outOf[next]) != 1 {
				continue
			}
			jc := outOf[next][0]
			chain := [3]int{ja, jb, jc}
			if owners[ja] == link || owners[jb] != link || owners[jc] != next ||
				!bare(g, x.owned[link], jb) || !bare(g, x.owned[next], jc) || !l.ballOf(frames, chain, x.coupled) {
				continue
			}
			l.fuseBall(frames, chain, [2]int{link, next})
			fused = true
			break // the owners changed
		}
		if !fused {
			return
		}
	}
}

// standIn reports a moving body that stands in for no body: massless, or
// of the near-zero stand-in mass and moments.
func standIn(m *convert.Motion) bool {
	if m == nil || m.Kind != convert.Dynamic || m.Mass == nil {
		return false
	}
	if *m.Mass == 0 {
		return true
	}
	d := m.InertiaDiagonal
	return *m.Mass <= convert.NearZeroMass && d != nil && d[0] <= convert.NearZeroInertia && d[1] <= convert.NearZeroInertia && d[2] <= convert.NearZeroInertia
}

// ballOf reports whether the three joints of chain each turn freely about
// one axis, and nothing else, about perpendicular axes through one point.
func (l *lowerer) ballOf(frames *convert.Frames, chain [3]int, coupled map[int]bool) bool {
	g := l.g
	var axes [3]convert.Vec3
	at := frames.World(chain[0]).T
	for k, i := range chain {
		j := g.Nodes[i].Joint
		if coupled[i] || len(j.Drives) > 0 || j.Solver != nil {
			return false
		}
		a, ok := movingAxes(j)
		if !ok || a.slides() {
			return false
		}
		axis := -1
		for x := range 3 {
			if a.angular[x] {
				if axis >= 0 || a.limit[1][x] != nil {
					return false // two axes, or a limit
				}
				axis = x
			}
		}
		if axis < 0 {
			return false
		}
		w := frames.World(i)
		wb := frames.World(j.Connected)
		if !w.Rigid() || !wb.Rigid() || w.T.Sub(at).Len() > 1e-9 || wb.T.Sub(at).Len() > 1e-9 {
			return false
		}
		var e convert.Vec3
		e[axis] = 1
		axes[k] = w.R.Rotate(e)
	}
	for x := range 3 {
		if math.Abs(axes[x].Dot(axes[(x+1)%3])) > 1e-9 {
			return false
		}
	}
	return true
}

// fuseBall replaces the three joints of chain by one ball joint at the
// first joint's frame, from its body to the last joint's child; the two
// stand-in bodies become plain frames. The two ends were no joint's two
// bodies, so they still collide (EnableCollision), as they did.
func (l *lowerer) fuseBall(frames *convert.Frames, chain [3]int, links [2]int) {
	g := l.g
	c := g.Nodes[chain[2]].Joint
	joint := &convert.Joint{Connected: c.Connected, EnableCollision: true,
		Limits: []convert.Limit{{Linear: []int{0, 1, 2}, Stiffness: math.Inf(1)}}}
	for _, i := range chain {
		j := g.Nodes[i].Joint
		joint.Effort, joint.Velocity = math.Max(joint.Effort, j.Effort), math.Max(joint.Velocity, j.Velocity)
		joint.Damping, joint.Friction = math.Max(joint.Damping, j.Damping), math.Max(joint.Friction, j.Friction)
		joint.Armature = math.Max(joint.Armature, j.Armature)
	}
	names := [3]string{g.Nodes[chain[0]].Name, g.Nodes[chain[1]].Name, g.Nodes[chain[2]].Name}
	name := joinNames(joinNames(names[0], names[1]), names[2])
	n := chain[0]
	if len(g.Nodes[n].Children) == 0 {
		g.Nodes[n].Name, g.Nodes[n].Joint = name, joint
	} else {
		parent := g.Nodes[n].Parent
		local := frames.World(n)
		if parent >= 0 {
			local = frames.World(parent).Inverse().Mul(local)
		}
		g.Nodes[n].Joint = nil
		n = g.AddNode(convert.Node{Name: name, Transform: local, Joint: joint}, parent)
	}
	g.Nodes[chain[1]].Joint, g.Nodes[chain[2]].Joint = nil, nil
	g.Nodes[links[0]].Motion, g.Nodes[links[1]].Motion = nil, nil
	l.diags.Add(convert.CodeJointChainFused, convert.JointSubject(n), g.Nodes[links[0]].Name,
		"joints %q, %q and %q turn freely about perpendicular axes through one point, through stand-in bodies %q and %q that the target's engine cannot hold a chain through: they are one ball joint %q, and the stand-ins are plain frames",
		names[0], names[1], names[2], g.Nodes[links[0]].Name, g.Nodes[links[1]].Name, name)
}
