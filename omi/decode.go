package omi

import (
	"math"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// decodeDoc reads every OMI extension of a decoded glTF document into raw
// structs. It checks types, signs and index ranges (errors name the JSON
// path); relations between nodes are checked by Parse.
func decodeDoc(d *gltfx.Doc) (*rawDoc, convert.Diagnostics, error) {
	var diags convert.Diagnostics
	r := &rawDoc{}
	n := counts{nodes: len(d.GLTF.Nodes), meshes: len(d.GLTF.Meshes)}
	var err error
	if v, ok := d.DocExtension(extShape); ok {
		if r.Shapes, err = decodeShapes(v, "shapes", n.meshes); err != nil {
			return nil, nil, err
		}
	}
	if v, ok := d.DocExtension(extCollider); ok {
		if r.Colliders, err = decodeShapes(v, "colliders", n.meshes); err != nil {
			return nil, nil, err
		}
	}
	if v, ok := d.DocExtension(extBody); ok {
		if r.Materials, r.Filters, err = decodeBodyDoc(v); err != nil {
			return nil, nil, err
		}
	}
	if v, ok := d.DocExtension(extJoint); ok {
		if r.Joints, err = decodeJointDoc(v); err != nil {
			return nil, nil, err
		}
	}
	n.shapes, n.colliders = len(r.Shapes), len(r.Colliders)
	n.materials, n.filters = len(r.Materials), len(r.Filters)
	n.joints, n.constraints = len(r.Joints.PhysicsJoints), len(r.Joints.Constraints)
	if v, ok := d.DocExtension(extWheel); ok {
		if r.Wheels, err = decodeWheels(v, n, &diags); err != nil {
			return nil, nil, err
		}
	}
	if v, ok := d.DocExtension(extThruster); ok {
		if r.Thrusters, err = decodeThrusters(v, &diags); err != nil {
			return nil, nil, err
		}
	}
	if v, ok := d.DocExtension(extHoverThruster); ok {
		if r.HoverThrusters, err = decodeHoverThrusters(v, &diags); err != nil {
			return nil, nil, err
		}
	}
	n.wheels, n.thrusters, n.hoverThrusters = len(r.Wheels), len(r.Thrusters), len(r.HoverThrusters)
	if v, ok := d.DocExtension(extGravity); ok {
		if r.Gravity, err = decodeWorldGravity(v); err != nil {
			return nil, nil, err
		}
	}
	r.Nodes = make([]rawNode, n.nodes)
	for i := range r.Nodes {
		if r.Nodes[i], err = decodeNode(d, i, n); err != nil {
			return nil, nil, err
		}
	}
	return r, diags, nil
}

// decodeNode reads the OMI extensions of node i.
func decodeNode(d *gltfx.Doc, i int, n counts) (rawNode, error) {
	rn := rawNode{ShapeRef: -1, ColliderRef: -1, Wheel: -1, Thruster: -1, HoverThruster: -1}
	var err error
	if v, ok := d.NodeExtension(i, extBody); ok {
		if rn.Body, err = decodeBody(v, n); err != nil {
			return rn, err
		}
	}
	if v, ok := d.NodeExtension(i, extShape); ok {
		if rn.ShapeRef, err = requiredIndex(v, "shape", n.shapes, "shapes"); err != nil {
			return rn, err
		}
	}
	if v, ok := d.NodeExtension(i, extCollider); ok {
		if rn.ColliderRef, err = requiredIndex(v, "collider", n.colliders, "colliders"); err != nil {
			return rn, err
		}
	}
	if v, ok := d.NodeExtension(i, extJoint); ok {
		if rn.Joint, err = decodeNodeJoint(v, n); err != nil {
			return rn, err
		}
	}
	if v, ok := d.NodeExtension(i, extVehicle); ok {
		if rn.Vehicle, err = decodeVehicle(v, n); err != nil {
			return rn, err
		}
	}
	if v, ok := d.NodeExtension(i, extWheel); ok {
		if rn.Wheel, err = requiredIndex(v, "wheel", n.wheels, "wheels"); err != nil {
			return rn, err
		}
	}
	if v, ok := d.NodeExtension(i, extThruster); ok {
		if rn.Thruster, err = requiredIndex(v, "thruster", n.thrusters, "thrusters"); err != nil {
			return rn, err
		}
	}
	if v, ok := d.NodeExtension(i, extHoverThruster); ok {
		if rn.HoverThruster, err = requiredIndex(v, "hoverThruster", n.hoverThrusters, "hoverThrusters"); err != nil {
			return rn, err
		}
	}
	if v, ok := d.NodeExtension(i, extGravity); ok {
		if rn.GravityVolume, err = decodeGravityVolume(v); err != nil {
			return rn, err
		}
	}
	if v, ok := d.NodeExtension(i, extSeat); ok {
		if rn.Seat, err = decodeSeat(v); err != nil {
			return rn, err
		}
	}
	if v, ok := d.NodeExtension(i, extSpawnPoint); ok {
		if rn.SpawnPoint, err = decodeSpawnPoint(v); err != nil {
			return rn, err
		}
	}
	return rn, nil
}

// requiredIndex reads an index member that must be present and not -1.
func requiredIndex(v gltfx.Value, key string, n int, what string) (int, error) {
	if !v.IsObject() {
		return -1, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	i, err := v.Index(key, n, what)
	if err != nil {
		return -1, err
	}
	if i < 0 {
		return -1, v.Errorf(key, "is required")
	}
	return i, nil
}

// decodeWorldGravity reads the document-level OMI_physics_gravity: the
// world's gravity, gravity (required, m/s², may be zero or negative)
// along direction (default straight down, -Y), as a vector. The
// direction should be a unit vector; a longer or shorter one is
// normalised, a zero one refused.
func decodeWorldGravity(v gltfx.Value) (*[3]float64, error) {
	if !v.IsObject() {
		return nil, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	if !v.Has("gravity") {
		return nil, v.Errorf("gravity", "is required")
	}
	g, err := v.Float("gravity", 0)
	if err != nil {
		return nil, err
	}
	dir, err := v.Vec3("direction", convert.Vec3{0, -1, 0})
	if err != nil {
		return nil, err
	}
	l := dir.Len()
	if !(l > 0) || math.IsInf(l, 0) {
		return nil, v.Errorf("direction", "must be a direction, not %v", dir)
	}
	if l != 1 {
		dir = dir.Scale(1 / l)
	}
	w := [3]float64(dir.Scale(g))
	for k := range w {
		if w[k] == 0 {
			w[k] = 0 // not -0
		}
	}
	return &w, nil
}

// decodeGravityVolume reads a node's OMI_physics_gravity far enough to
// name it (its type and strength).
func decodeGravityVolume(v gltfx.Value) (*rawGravityVolume, error) {
	if !v.IsObject() {
		return nil, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	t, err := v.String("type", "")
	if err != nil {
		return nil, err
	}
	g, err := v.Float("gravity", 0)
	if err != nil {
		return nil, err
	}
	return &rawGravityVolume{Type: t, Gravity: g}, nil
}
