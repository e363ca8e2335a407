package omi

import (
	"math"

	"github.com/physconv/physconv/internal/gltfx"
)

// physicsRules reads the schema shared with KHR the OMI way: the README
// lets a negative limit stiffness or drive maxForce mean "hard" and "not
// force-limited", lists default to [] (empty = not given), and a limit's
// bounds error points at min.
var physicsRules = gltfx.PhysicsRules{NegativeMeansAbsent: true, EmptyMeansAbsent: true, BoundsErrorAtMin: true}

// decodeJointDoc reads /extensions/OMI_physics_joint: current
// physicsJoints and/or stage-1 constraints.
func decodeJointDoc(v gltfx.Value) (rawJointDoc, error) {
	d := rawJointDoc{}
	if !v.IsObject() {
		return d, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	joints, err := v.Array("physicsJoints")
	if err != nil {
		return d, err
	}
	for _, j := range joints {
		s, err := decodeJointSettings(j)
		if err != nil {
			return d, err
		}
		d.PhysicsJoints = append(d.PhysicsJoints, s)
	}
	cons, err := v.Array("constraints")
	if err != nil {
		return d, err
	}
	for _, c := range cons {
		k, err := decodeConstraint(c)
		if err != nil {
			return d, err
		}
		d.Constraints = append(d.Constraints, k)
	}
	if joints == nil && cons == nil {
		return d, v.Errorf("physicsJoints", "is required")
	}
	return d, nil
}

func decodeJointSettings(v gltfx.Value) (rawJointSettings, error) {
	s := rawJointSettings{}
	if !v.IsObject() {
		return s, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	limits, err := v.Array("limits")
	if err != nil {
		return s, err
	}
	for _, l := range limits {
		lim, err := physicsRules.DecodeLimit(l)
		if err != nil {
			return s, err
		}
		s.Limits = append(s.Limits, lim)
	}
	drives, err := v.Array("drives")
	if err != nil {
		return s, err
	}
	for _, d := range drives {
		dr, err := physicsRules.DecodeDrive(d)
		if err != nil {
			return s, err
		}
		s.Drives = append(s.Drives, dr)
	}
	return s, nil
}

// decodeConstraint reads a stage-1 constraint; stiffness may be the
// string "Infinity" (the stage-1 schema's own default spelling).
func decodeConstraint(v gltfx.Value) (rawConstraint, error) {
	c := rawConstraint{Path: v.Path()}
	if !v.IsObject() {
		return c, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	var err error
	if c.LinearAxes, err = gltfx.DecodeAxes(v, "linearAxes"); err != nil {
		return c, err
	}
	if c.AngularAxes, err = gltfx.DecodeAxes(v, "angularAxes"); err != nil {
		return c, err
	}
	if c.LowerLimit, err = v.OptFloat("lowerLimit"); err != nil {
		return c, err
	}
	if c.UpperLimit, err = v.OptFloat("upperLimit"); err != nil {
		return c, err
	}
	lo, hi := 0.0, 0.0
	if c.LowerLimit != nil {
		lo = *c.LowerLimit
	}
	if c.UpperLimit != nil {
		hi = *c.UpperLimit
	}
	if lo > hi {
		return c, v.Errorf("lowerLimit", "lowerLimit %v is greater than upperLimit %v", lo, hi)
	}
	if s := v.Get("stiffness"); s.Kind() == "string" {
		str, _ := s.AsString()
		if str != "Infinity" {
			return c, s.Errorf("", "must be a number or \"Infinity\", not %q", str)
		}
		inf := math.Inf(1)
		c.Stiffness = &inf
	} else if c.Stiffness, err = v.OptFloat("stiffness"); err != nil {
		return c, err
	}
	if c.Damping, err = v.OptFloat("damping"); err != nil {
		return c, err
	}
	if c.Damping != nil && *c.Damping < 0 {
		return c, v.Errorf("damping", "must not be negative, not %v", *c.Damping)
	}
	return c, nil
}

// decodeNodeJoint reads a node's OMI_physics_joint in either form.
func decodeNodeJoint(v gltfx.Value, n counts) (*rawNodeJoint, error) {
	if !v.IsObject() {
		return nil, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	j := &rawNodeJoint{Joint: -1, ConnectedNode: -1, NodeA: -1, NodeB: -1}
	var err error
	if v.Has("constraints") && !v.Has("joint") {
		j.Stage1 = true
		items, err := v.Array("constraints")
		if err != nil {
			return nil, err
		}
		if len(items) == 0 {
			return nil, v.Errorf("constraints", "must list at least one constraint")
		}
		for _, it := range items {
			k, err := it.AsIndex(n.constraints, "constraints")
			if err != nil {
				return nil, err
			}
			if k < 0 {
				return nil, it.Errorf("", "must be a constraint index, not -1")
			}
			j.Constraints = append(j.Constraints, k)
		}
		if j.NodeA, err = v.Index("nodeA", n.nodes, "nodes"); err != nil {
			return nil, err
		}
		if j.NodeB, err = v.Index("nodeB", n.nodes, "nodes"); err != nil {
			return nil, err
		}
		if j.NodeA < 0 {
			return nil, v.Errorf("nodeA", "is required")
		}
		if j.NodeB < 0 {
			return nil, v.Errorf("nodeB", "is required")
		}
		if j.NodeA == j.NodeB {
			return nil, v.Errorf("nodeB", "joins node %d to itself", j.NodeA)
		}
		return j, nil
	}
	if j.Joint, err = v.Index("joint", n.joints, "physicsJoints"); err != nil {
		return nil, err
	}
	if j.Joint < 0 {
		return nil, v.Errorf("joint", "is required")
	}
	if j.ConnectedNode, err = v.Index("connectedNode", n.nodes, "nodes"); err != nil {
		return nil, err
	}
	if j.ConnectedNode < 0 {
		return nil, v.Errorf("connectedNode", "is required")
	}
	if j.EnableCollision, err = v.Bool("enableCollision", false); err != nil {
		return nil, err
	}
	return j, nil
}
