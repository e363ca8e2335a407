package lower

import (
	"fmt"
	"math"

	"github.com/physconv/physconv/convert"
)

// fuseMasslessChains makes one joint of two joints that meet at a
// massless body with nothing of its own (a URDF planar base's x and y
// slide links, a chain of dummy links), where the target's engine solves
// bodies in world coordinates (Godot): there the massless body gets a stand-in of
// 1e-9 kg, and a chain of joints through such stand-ins comes apart under
// load (a 10 kg base on two slides fell through them in Godot). The
// fused joint moves along and about the axes the two moved on, exactly
// as they did, when it can: at most one of them turns, it is the one
// nearer the child (a slide after a hinge turns with it, which a joint's
// fixed axes cannot say), every axis of the other lies along an axis of
// its frame, no two slides share an axis, and neither carries drives,
// solver tuning, couplings or limits over several axes, and they are not
// both welds. The massless body becomes a plain frame. Said once per
// fused pair (joint-chain-fused).
func (l *lowerer) fuseMasslessChains() {
	g := l.g
	if l.caps.MasslessLinks {
		return
	}
	for {
		fused := false
		frames := g.Frames(-1) // a fused joint's node moved
		x := newChainIndex(g, (*convert.Motion).IsMassless)
		owners, into, outOf, owned, coupled := x.owners, x.into, x.outOf, x.owned, x.coupled
		for link := range g.Nodes {
			m := g.Nodes[link].Motion
			if !m.IsMassless() || m.Kind != convert.Dynamic || len(into[link]) != 1 || len(outOf[link]) != 1 {
				continue
			}
			j1, j2 := into[link][0], outOf[link][0]
			if owners[j1] == link || coupled[j1] || coupled[j2] || !bare(g, owned[link], j2) {
				continue
			}
			if l.fuse(frames, link, j1, j2) {
				fused = true
				break // the owners changed
			}
		}
		if !fused {
			return
		}
	}
}

// chainIndex finds, for passes that fuse chains of joints, each node's
// body, the joints that hang each body from another (into) and that each
// body holds (outOf), the nodes each light body owns (owned: bodies for
// which light is true), and the joints a coupling names.
type chainIndex struct {
	owners             []int
	into, outOf, owned map[int][]int
	coupled            map[int]bool
}

func newChainIndex(g *convert.Graph, light func(*convert.Motion) bool) chainIndex {
	x := chainIndex{owners: g.BodyOwners(), into: map[int][]int{}, outOf: map[int][]int{}, owned: map[int][]int{}, coupled: map[int]bool{}}
	for i, o := range x.owners {
		if o >= 0 && o != i && light(g.Nodes[o].Motion) {
			x.owned[o] = append(x.owned[o], i)
		}
	}
	for i := range g.Nodes {
		j := g.Nodes[i].Joint
		if j == nil || j.Connected < 0 || j.Connected >= len(g.Nodes) {
			continue
		}
		a, b := x.owners[i], x.owners[j.Connected]
		x.into[b] = append(x.into[b], i)
		x.outOf[a] = append(x.outOf[a], i)
	}
	for _, c := range g.Couplings {
		x.coupled[c.Leader], x.coupled[c.Follower] = true, true
	}
	return x
}

// bare reports whether a massless body whose nodes (but its own) are
// owned has nothing of its own but the joint node j: no shape, visual or
// other element.
func bare(g *convert.Graph, owned []int, j int) bool {
	for _, i := range owned {
		if i == j {
			continue
		}
		n := &g.Nodes[i]
		if n.Collider != nil || n.Trigger != nil || n.Visual != nil || n.Joint != nil || n.Vehicle != nil || n.Wheel != nil ||
			n.Thruster != nil || n.HoverThruster != nil || n.Seat != nil || n.SpawnPoint != nil {
			return false
		}
	}
	return true
}

// jointAxes are a joint's axes that move: each with its limit (nil:
// free), by axis of the joint frame.
type jointAxes struct {
	linear, angular [3]bool
	limit           [2][3]*convert.Limit // [linear, angular][axis]
}

// movingAxes reads which axes of j move and how far; ok is false for a
// limit over several axes that does not fix them (a cone, a distance).
func movingAxes(j *convert.Joint) (a jointAxes, ok bool) {
	a.linear, a.angular = [3]bool{true, true, true}, [3]bool{true, true, true}
	for k := range j.Limits {
		lim := &j.Limits[k]
		if lim.Fixed() {
			for _, x := range lim.Linear {
				a.linear[x] = false
			}
			for _, x := range lim.Angular {
				a.angular[x] = false
			}
			continue
		}
		switch {
		case len(lim.Linear) == 1 && len(lim.Angular) == 0:
			a.limit[0][lim.Linear[0]] = lim
		case len(lim.Angular) == 1 && len(lim.Linear) == 0:
			a.limit[1][lim.Angular[0]] = lim
		default:
			return a, false
		}
	}
	return a, true
}

func (a jointAxes) turns() bool  { return a.angular[0] || a.angular[1] || a.angular[2] }
func (a jointAxes) slides() bool { return a.linear[0] || a.linear[1] || a.linear[2] }

// fuse replaces joints j1 (into the massless body link) and j2 (out of
// it) by one joint when they can form one, and reports whether it did.
func (l *lowerer) fuse(frames *convert.Frames, link, j1, j2 int) bool {
	g := l.g
	a1, b1 := g.Nodes[j1].Joint, g.Nodes[j2].Joint
	if len(a1.Drives)+len(b1.Drives) > 0 || a1.Solver != nil || b1.Solver != nil {
		return false
	}
	if !compatible(a1.Damping, b1.Damping) || !compatible(a1.Friction, b1.Friction) || !compatible(a1.Armature, b1.Armature) ||
		a1.Actuator != "" && b1.Actuator != "" && a1.Actuator != b1.Actuator {
		return false
	}
	x1, ok1 := movingAxes(a1)
	x2, ok2 := movingAxes(b1)
	if !ok1 || !ok2 || x1.turns() && (x2.turns() || x2.slides()) {
		return false
	}
	if !x1.turns() && !x1.slides() && !x2.turns() && !x2.slides() {
		return false // two welds: the frame (a sensor's, say) stays a body of its own
	}
	w1, w2 := frames.World(j1), frames.World(j2)
	// the fused frame is the turning joint's (its anchor and axes), else
	// the one nearer the child
	frame, other, otherAxes, own := w2, w1, x1, x2
	if x1.turns() {
		frame, other, otherAxes, own = w1, w2, x2, x1
	}
	if !frame.Rigid() || !other.Rigid() {
		return false
	}
	fused := own
	for k := range 3 {
		if !otherAxes.linear[k] {
			continue
		}
		var e convert.Vec3
		e[k] = 1
		dir := frame.R.Conj().Rotate(other.R.Rotate(e))
		axis, sign := alongAxis(dir)
		if axis < 0 || fused.linear[axis] {
			return false // oblique, or two slides along one axis
		}
		fused.linear[axis] = true
		if lim := otherAxes.limit[0][k]; lim != nil {
			c := *lim
			c.Linear = []int{axis}
			if sign < 0 {
				c.Min, c.Max = -lim.Max, -lim.Min
			}
			fused.limit[0][axis] = &c
		}
	}
	var limits []convert.Limit
	fixedLin, fixedAng := []int{}, []int{}
	for k := range 3 {
		if !fused.linear[k] {
			fixedLin = append(fixedLin, k)
		}
		if !fused.angular[k] {
			fixedAng = append(fixedAng, k)
		}
	}
	if len(fixedLin) > 0 {
		limits = append(limits, convert.Limit{Linear: fixedLin, Stiffness: math.Inf(1)})
	}
	if len(fixedAng) > 0 {
		limits = append(limits, convert.Limit{Angular: fixedAng, Stiffness: math.Inf(1)})
	}
	for t := range 2 {
		for k := range 3 {
			if lim := fused.limit[t][k]; lim != nil {
				c := *lim
				if t == 0 {
					c.Linear, c.Angular = []int{k}, nil
				} else {
					c.Linear, c.Angular = nil, []int{k}
				}
				limits = append(limits, c)
			}
		}
	}
	joint := &convert.Joint{Connected: b1.Connected, Limits: limits, EnableCollision: true,
		Effort: math.Max(a1.Effort, b1.Effort), Velocity: math.Max(a1.Velocity, b1.Velocity),
		Damping: math.Max(a1.Damping, b1.Damping), Friction: math.Max(a1.Friction, b1.Friction), Armature: math.Max(a1.Armature, b1.Armature),
		Actuator: b1.Actuator}
	if joint.Actuator == "" {
		joint.Actuator = a1.Actuator
	}
	// the fused joint hangs where j1 did, at the fused frame: in j1's
	// node, unless other nodes hang from it
	parent := g.Nodes[j1].Parent
	local := frame
	if parent >= 0 {
		local = frames.World(parent).Inverse().Mul(frame)
	}
	names := [2]string{g.Nodes[j1].Name, g.Nodes[j2].Name}
	name := joinNames(names[0], names[1])
	n := j1
	if len(g.Nodes[j1].Children) == 0 {
		g.Nodes[j1].Name, g.Nodes[j1].Transform, g.Nodes[j1].Joint = name, local, joint
	} else {
		g.Nodes[j1].Joint = nil
		n = g.AddNode(convert.Node{Name: name, Transform: local, Joint: joint}, parent)
	}
	g.Nodes[j2].Joint = nil
	g.Nodes[link].Motion = nil
	l.diags.Add(convert.CodeJointChainFused, convert.JointSubject(n), g.Nodes[link].Name,
		"joints %q and %q meet at massless body %q, which the target's engine cannot hold a chain through: they are one joint %q, moving along and about the axes they moved on, and %q is a plain frame",
		names[0], names[1], g.Nodes[link].Name, name, g.Nodes[link].Name)
	return true
}

// compatible reports whether two joints' values of one parameter can be
// one joint's: equal, or one of them not given.
func compatible(x, y float64) bool { return x == 0 || y == 0 || x == y }

// alongAxis returns which frame axis unit vector d lies along (to 1e-9)
// and in which sense, or -1.
func alongAxis(d convert.Vec3) (int, float64) {
	for k := range 3 {
		if math.Abs(math.Abs(d[k])-1) <= 1e-9 {
			return k, math.Copysign(1, d[k])
		}
	}
	return -1, 0
}

// joinNames names a fused joint after the joints it replaces.
func joinNames(a, b string) string {
	switch {
	case a == "":
		return b
	case b == "":
		return a
	}
	return fmt.Sprintf("%s+%s", a, b)
}
