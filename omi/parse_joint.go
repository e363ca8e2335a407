package omi

import (
	"fmt"
	"math"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// joints maps current and stage-1 OMI_physics_joint nodes. World
// transforms are taken before any stage-1 re-parenting so every joint sees
// the file's own placement.
func (p *parser) joints() error {
	n := len(p.raw.Nodes)
	world := make([]convert.Transform, n)
	frames := p.g.Frames(-1)
	for i := 0; i < n; i++ {
		world[i] = frames.World(i)
	}
	for i := 0; i < n; i++ {
		j := p.raw.Nodes[i].Joint
		if j == nil {
			continue
		}
		var err error
		if j.Stage1 {
			err = p.stage1Joint(i, j, world)
		} else {
			err = p.currentJoint(i, j)
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// currentJoint maps {joint, connectedNode, enableCollision}: the joint node
// is frame A (in its body, or the world), connectedNode frame B, which must
// belong to a body.
func (p *parser) currentJoint(i int, j *rawNodeJoint) error {
	path := nodePath(i, extJoint)
	bodyB := p.g.BodyOf(j.ConnectedNode)
	if bodyB < 0 {
		return convert.Errorf(path+".connectedNode", "node %d is not part of a physics body (no motion on it or an ancestor)", j.ConnectedNode)
	}
	if bodyA := p.g.BodyOf(i); bodyA == bodyB {
		return convert.Errorf(path+".connectedNode", "joint connects body node %d to itself", bodyA)
	}
	settings := p.raw.Joints.PhysicsJoints[j.Joint]
	out := &convert.Joint{Connected: j.ConnectedNode, EnableCollision: j.EnableCollision}
	for _, l := range settings.Limits {
		out.Limits = append(out.Limits, p.limits(i, l)...)
	}
	for _, d := range settings.Drives {
		out.Drives = append(out.Drives, gltfx.ParseDrive(d))
	}
	p.g.Nodes[i].Joint = out
	return nil
}

// limits maps one current limit; a limit naming linear and angular axes
// (allowed by the README, used by the weld example) becomes two limits
// with the same bounds, which is what it means.
func (p *parser) limits(i int, l gltfx.JointLimit) []convert.Limit {
	if len(l.LinearAxes) == 0 && len(l.AngularAxes) == 0 {
		p.diags.Add(convert.CodeJointLimitEmpty, convert.JointSubject(i), l.Path, "limit names no axes and constrains nothing; dropped")
		return nil
	}
	out := gltfx.ParseLimit(l)
	if out.Stiffness < 0 {
		p.diags.Add(convert.CodeStiffnessNegative, convert.JointSubject(i), l.Path+".stiffness", "negative stiffness means a hard limit (README); read as infinite")
		out.Stiffness = math.Inf(1)
	}
	return splitLimit(out)
}

// splitLimit returns l as one limit over its linear axes and one over its
// angular axes, leaving out an empty one.
func splitLimit(l convert.Limit) []convert.Limit {
	var out []convert.Limit
	if len(l.Linear) > 0 {
		lin := l
		lin.Angular = nil
		out = append(out, lin)
	}
	if len(l.Angular) > 0 {
		ang := l
		ang.Linear = nil
		out = append(out, ang)
	}
	return out
}

// stage1Joint re-expresses a stage-1 joint the way the upstream migration
// did (spec digest §3.2): the joint node becomes a child of nodeA keeping
// its world placement, a new attachment child of nodeB at the same world
// placement becomes connectedNode, and each constraint becomes a limit
// with the stage-1 defaults written out (bounds 0, damping 1, hard).
func (p *parser) stage1Joint(i int, j *rawNodeJoint, world []convert.Transform) error {
	path := nodePath(i, extJoint)
	for _, side := range []struct {
		key  string
		node int
	}{{"nodeA", j.NodeA}, {"nodeB", j.NodeB}} {
		if p.g.Nodes[side.node].Motion == nil {
			return convert.Errorf(path+"."+side.key, "node %d is not a physics body (stage-1 joints name the body nodes)", side.node)
		}
	}
	p.diags.Add(convert.CodeLegacyForm, convert.JointSubject(i), path, "stage-1 joint (pre-2024-11) re-expressed: joint node under nodeA %d, attachment node under nodeB %d", j.NodeA, j.NodeB)
	pivot := world[i]
	frameA := i
	switch {
	case p.g.BodyOf(i) == j.NodeA:
	case i == j.NodeA || p.isAncestor(i, j.NodeA) || i == j.NodeB:
		frameA = p.g.AddNode(convert.Node{Name: p.g.Nodes[i].Name + "Frame"}, j.NodeA)
		p.g.Nodes[frameA].Transform = world[j.NodeA].Inverse().Mul(pivot)
	default:
		p.reparent(i, j.NodeA, world[j.NodeA].Inverse().Mul(pivot))
	}
	frameB := p.g.AddNode(convert.Node{Name: p.g.Nodes[j.NodeB].Name + "JointAttachment"}, j.NodeB)
	p.g.Nodes[frameB].Transform = world[j.NodeB].Inverse().Mul(pivot)
	out := &convert.Joint{Connected: frameB}
	var limits []convert.Limit
	for _, k := range j.Constraints {
		c := p.raw.Joints.Constraints[k]
		base := convert.Limit{Linear: append([]int(nil), c.LinearAxes...), Angular: append([]int(nil), c.AngularAxes...),
			Min: orDefault(c.LowerLimit, 0), Max: orDefault(c.UpperLimit, 0),
			Stiffness: orDefault(c.Stiffness, math.Inf(1)), Damping: orDefault(c.Damping, 1)}
		if base.Stiffness < 0 {
			return convert.Errorf(c.Path+".stiffness", "stiffness must be positive, not %v", base.Stiffness)
		}
		limits = overrideAxes(limits, c.LinearAxes, c.AngularAxes, func() {
			p.diags.Add(convert.CodeJointConstraintOverridden, convert.JointSubject(i), fmt.Sprintf("%s.constraints", path),
				"constraint %d overrides axes of an earlier constraint (stage-1 rule: later wins)", k)
		})
		limits = append(limits, splitLimit(base)...)
	}
	out.Limits = limits
	p.g.Nodes[frameA].Joint = out
	return nil
}

// overrideAxes removes from earlier limits the axes a later stage-1
// constraint names again, dropping limits left without axes.
func overrideAxes(limits []convert.Limit, linear, angular []int, note func()) []convert.Limit {
	out := limits[:0]
	noted := false
	for _, l := range limits {
		nl, nlRemoved := without(l.Linear, linear)
		na, naRemoved := without(l.Angular, angular)
		if (nlRemoved || naRemoved) && !noted {
			note()
			noted = true
		}
		l.Linear, l.Angular = nl, na
		if len(l.Linear) > 0 || len(l.Angular) > 0 {
			out = append(out, l)
		}
	}
	return out
}

func without(axes, remove []int) ([]int, bool) {
	var out []int
	removed := false
	for _, a := range axes {
		drop := false
		for _, r := range remove {
			drop = drop || a == r
		}
		if drop {
			removed = true
		} else {
			out = append(out, a)
		}
	}
	return out, removed
}

// reparent moves node i under parent with a new local transform.
func (p *parser) reparent(i, parent int, local convert.Transform) {
	g := p.g
	if old := g.Nodes[i].Parent; old >= 0 {
		g.Nodes[old].Children = removeInt(g.Nodes[old].Children, i)
	} else {
		g.Roots = removeInt(g.Roots, i)
	}
	g.Nodes[i].Parent = parent
	g.Nodes[i].Transform = local
	g.Nodes[parent].Children = append(g.Nodes[parent].Children, i)
}

func removeInt(list []int, x int) []int {
	out := list[:0]
	for _, v := range list {
		if v != x {
			out = append(out, v)
		}
	}
	return out
}
