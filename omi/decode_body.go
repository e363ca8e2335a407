package omi

import (
	"github.com/physconv/physconv/internal/gltfx"
)

// counts are the lengths of the arrays indices may point into.
type counts struct {
	nodes, meshes, shapes, colliders, materials, filters   int
	joints, constraints, wheels, thrusters, hoverThrusters int
}

// decodeBody reads a node's OMI_physics_body: the typed legacy body when
// it has a top-level "type", else motion/collider/trigger.
func decodeBody(v gltfx.Value, n counts) (*rawBody, error) {
	if !v.IsObject() {
		return nil, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	b := &rawBody{}
	if v.Has("type") && !v.Has("motion") && !v.Has("collider") && !v.Has("trigger") {
		t, err := decodeTypedBody(v)
		b.Typed = t
		return b, err
	}
	if m, ok, err := v.Object("motion"); err != nil {
		return nil, err
	} else if ok {
		if b.Motion, err = decodeMotion(m); err != nil {
			return nil, err
		}
	}
	if c, ok, err := v.Object("collider"); err != nil {
		return nil, err
	} else if ok {
		col := &rawCollider{}
		if col.Shape, err = c.Index("shape", n.shapes, "shapes"); err != nil {
			return nil, err
		}
		if col.PhysicsMaterial, err = c.Index("physicsMaterial", n.materials, "physicsMaterials"); err != nil {
			return nil, err
		}
		if col.CollisionFilter, err = c.Index("collisionFilter", n.filters, "collisionFilters"); err != nil {
			return nil, err
		}
		b.Collider = col
	}
	if t, ok, err := v.Object("trigger"); err != nil {
		return nil, err
	} else if ok {
		tr := &rawTrigger{}
		if tr.Shape, err = t.Index("shape", n.shapes, "shapes"); err != nil {
			return nil, err
		}
		if tr.CollisionFilter, err = t.Index("collisionFilter", n.filters, "collisionFilters"); err != nil {
			return nil, err
		}
		items, err := t.Array("nodes")
		if err != nil {
			return nil, err
		}
		seen := map[int]bool{}
		for _, it := range items {
			k, err := it.AsIndex(n.nodes, "nodes")
			if err != nil {
				return nil, err
			}
			if k < 0 {
				return nil, it.Errorf("", "trigger node must be a node index, not -1")
			}
			if seen[k] {
				return nil, it.Errorf("", "node %d is listed twice", k)
			}
			seen[k] = true
			tr.Nodes = append(tr.Nodes, k)
		}
		b.Trigger = tr
	}
	return b, nil
}

// decodeMotion reads OMI_physics_body.motion.
func decodeMotion(v gltfx.Value) (*rawMotion, error) {
	m := &rawMotion{}
	var err error
	if m.Type, err = v.String("type", ""); err != nil {
		return nil, err
	}
	switch m.Type {
	case "", "static", "kinematic", "dynamic":
	default:
		return nil, v.Errorf("type", "unknown motion type %q (static, kinematic, dynamic)", m.Type)
	}
	if m.Mass, err = v.OptFloat("mass"); err != nil {
		return nil, err
	}
	if m.Mass != nil && *m.Mass < 0 {
		return nil, v.Errorf("mass", "mass must not be negative, not %v", *m.Mass)
	}
	if m.CenterOfMass, err = optVec3(v, "centerOfMass"); err != nil {
		return nil, err
	}
	if f, err := v.Floats("inertiaDiagonal"); err != nil {
		return nil, err
	} else if f != nil {
		switch len(f) {
		case 3:
			for i, x := range f {
				if x < 0 {
					return nil, v.Get("inertiaDiagonal").Elem(i).Errorf("", "moment of inertia must not be negative, not %v", x)
				}
			}
			m.InertiaDiagonal = &[3]float64{f[0], f[1], f[2]}
		case 4:
			// Godot's exporter writes a non-identity orientation under
			// this key (gotcha 18).
			m.InertiaOrientation = &[4]float64{f[0], f[1], f[2], f[3]}
			m.OrientationInDiagonal = true
		default:
			return nil, v.Errorf("inertiaDiagonal", "must have 3 numbers, not %d", len(f))
		}
	}
	if q, err := optQuat(v, "inertiaOrientation"); err != nil {
		return nil, err
	} else if q != nil {
		m.InertiaOrientation = q
	}
	if m.LinearVelocity, err = optVec3(v, "linearVelocity"); err != nil {
		return nil, err
	}
	if m.AngularVelocity, err = optVec3(v, "angularVelocity"); err != nil {
		return nil, err
	}
	if m.GravityFactor, err = v.OptFloat("gravityFactor"); err != nil {
		return nil, err
	}
	return m, nil
}

// decodeTypedBody reads the typed OMI_physics_body of 2022-11 … 2023-09.
func decodeTypedBody(v gltfx.Value) (*rawTypedBody, error) {
	t := &rawTypedBody{}
	var err error
	if t.Type, err = v.String("type", ""); err != nil {
		return nil, err
	}
	switch t.Type {
	case "static", "kinematic", "character", "rigid", "dynamic", "vehicle", "trigger":
	default:
		return nil, v.Errorf("type", "unknown body type %q", t.Type)
	}
	if t.Mass, err = v.OptFloat("mass"); err != nil {
		return nil, err
	}
	if t.Mass != nil && *t.Mass < 0 {
		return nil, v.Errorf("mass", "mass must not be negative, not %v", *t.Mass)
	}
	if t.LinearVelocity, err = optVec3(v, "linearVelocity"); err != nil {
		return nil, err
	}
	if t.AngularVelocity, err = optVec3(v, "angularVelocity"); err != nil {
		return nil, err
	}
	if t.CenterOfMass, err = optVec3(v, "centerOfMass"); err != nil {
		return nil, err
	}
	if f, err := v.Floats("inertiaTensor"); err != nil {
		return nil, err
	} else if f != nil {
		if len(f) != 9 {
			return nil, v.Errorf("inertiaTensor", "must have 9 numbers, not %d", len(f))
		}
		var a [9]float64
		copy(a[:], f)
		t.InertiaTensor = &a
	}
	return t, nil
}

// decodeBodyDoc reads /extensions/OMI_physics_body (materials, filters).
func decodeBodyDoc(v gltfx.Value) ([]gltfx.PhysicsMaterial, []gltfx.CollisionFilter, error) {
	if !v.IsObject() {
		return nil, nil, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	mats, err := v.Array("physicsMaterials")
	if err != nil {
		return nil, nil, err
	}
	var materials []gltfx.PhysicsMaterial
	for _, it := range mats {
		m, err := physicsRules.DecodeMaterial(it)
		if err != nil {
			return nil, nil, err
		}
		materials = append(materials, m)
	}
	fils, err := v.Array("collisionFilters")
	if err != nil {
		return nil, nil, err
	}
	var filters []gltfx.CollisionFilter
	for _, it := range fils {
		f, err := physicsRules.DecodeFilter(it)
		if err != nil {
			return nil, nil, err
		}
		filters = append(filters, f)
	}
	return materials, filters, nil
}

// optVec3 reads an optional 3-number array.
func optVec3(v gltfx.Value, key string) (*[3]float64, error) {
	if !v.Has(key) {
		return nil, nil
	}
	x, err := v.Vec3(key, [3]float64{})
	if err != nil {
		return nil, err
	}
	a := [3]float64(x)
	return &a, nil
}

// optQuat reads an optional 4-number array.
func optQuat(v gltfx.Value, key string) (*[4]float64, error) {
	if !v.Has(key) {
		return nil, nil
	}
	x, err := v.Quat(key, [4]float64{})
	if err != nil {
		return nil, err
	}
	a := [4]float64(x)
	return &a, nil
}
