package godot

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// Godot has no gear joint, so a coupling (URDF mimic, MJCF equality
// joint) cannot act in the engine. It is written on the follower joint as
// metadata a runtime script can read and apply, and read back from there:
//
//	metadata/physconv_coupling = {"leader": NodePath("../j1"), "multiplier": 1.0, "offset": 0.0}
//
// follower = multiplier · leader + offset, in the joints' coordinates as
// the Graph defines them (radians or metres along the joint's axis).
const couplingMeta = "metadata/physconv_coupling"

// couplingProps returns the coupling metadata of joint node i (none when
// it follows no joint).
func (e *emitter) couplingProps(i int) []tscn.Prop {
	if e.followerOf == nil {
		e.followerOf = e.g.CouplingsByFollower()
	}
	for _, k := range e.followerOf[i] {
		c := e.g.Couplings[k]
		if e.couplingsSaid == nil {
			e.couplingsSaid = map[int]bool{}
		}
		e.couplingsSaid[k] = true
		if _, ok := e.paths[c.Leader]; !ok || e.g.Nodes[c.Leader].Joint == nil {
			e.note(convert.CodeCouplingDropped, convert.CouplingSubject(k), e.name(i), "the leader joint of this coupling is not written; the coupling is dropped")
			continue
		}
		e.note(convert.CodeGodotCouplingMetadata, convert.CouplingSubject(k), e.name(i),
			"Godot has no gear joint: the coupling %s = %g·%s + %g does not act in the engine; it is kept as %s for a runtime script", e.name(i), c.Multiplier, e.name(c.Leader), c.Offset, couplingMeta)
		props := []tscn.Prop{{Key: couplingMeta, Value: tscn.Dict{
			{Key: "leader", Value: tscn.NodePath(e.relPathTo(i, c.Leader))},
			{Key: "multiplier", Value: positiveZero(c.Multiplier)},
			{Key: "offset", Value: positiveZero(c.Offset)},
		}}}
		if e.v == 3 {
			return metaDict(props)
		}
		return props
	}
	return nil
}

// unwrittenCouplings reports the couplings whose follower was not written
// as a joint (the joint connected no bodies, or was dropped).
func (e *emitter) unwrittenCouplings() {
	for k, c := range e.g.Couplings {
		if !e.couplingsSaid[k] {
			e.note(convert.CodeCouplingDropped, convert.CouplingSubject(k), e.name(c.Follower), "the follower joint of this coupling is not written as a Godot joint; the coupling is dropped")
		}
	}
}

// couplings reads the coupling metadata of every joint once all joints
// exist. It is physconv's own data: a malformed entry is an error.
func (p *parser) couplings() error {
	for _, n := range p.joints {
		v, ok := n.get(couplingMeta)
		if !ok {
			continue
		}
		f := p.idx(n)
		bad := func(what string) error {
			return lineErr(v.doc.file, v.line, "joint %q: %s: %s", n.path(), couplingMeta, what)
		}
		d, ok := v.v.(tscn.Dict)
		if !ok {
			return bad("must be a dictionary with leader, multiplier and offset")
		}
		var leader string
		mult, off := 1.0, 0.0
		for _, en := range d {
			key, _ := en.Key.(string)
			switch key {
			case "leader":
				np, err := (value{v: en.Value, doc: v.doc, line: v.line}).nodePath(couplingMeta + ".leader")
				if err != nil {
					return err
				}
				leader = np
			case "multiplier", "offset":
				x, ok := tscn.Number(en.Value)
				if !ok || x != x || x > convert.MaxLength || x < -convert.MaxLength {
					return bad(key + " must be a finite number")
				}
				if key == "multiplier" {
					mult = x
				} else {
					off = x
				}
			}
		}
		target, _ := resolveNodePath(n, leader)
		if target == nil {
			return bad("leader " + leader + " does not name a node")
		}
		l := p.idx(target)
		if f < 0 || p.g.Nodes[f].Joint == nil {
			continue // the joint itself was dropped (reported there)
		}
		if l < 0 || l == f || p.g.Nodes[l].Joint == nil {
			p.note(convert.CodeCouplingDropped, convert.JointSubject(f), n, "coupling leader %q is not a joint that was read; the coupling is dropped", leader)
			continue
		}
		p.g.Couplings = append(p.g.Couplings, convert.Coupling{Follower: f, Leader: l, Multiplier: mult, Offset: off})
	}
	return nil
}
