package omi

import (
	"github.com/physconv/physconv/internal/gltfx"
)

// decodeShapes reads /extensions/OMI_physics_shape.shapes or
// /extensions/OMI_collider.colliders (arrayKey) from the extension object.
func decodeShapes(ext gltfx.Value, arrayKey string, meshes int) ([]rawShape, error) {
	if !ext.IsObject() {
		return nil, ext.Errorf("", "must be an object, not %s", ext.Kind())
	}
	items, err := ext.Array(arrayKey)
	if err != nil {
		return nil, err
	}
	if items == nil {
		return nil, ext.Errorf(arrayKey, "is required")
	}
	out := make([]rawShape, len(items))
	for i, it := range items {
		if out[i], err = decodeShape(it, meshes); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// decodeShape reads one shape in any published layout: flat keys on the
// shape (OMI_collider, OMI_physics_shape 2023-06-22) or a sub-object named
// after the type (2023-06-29 onwards). Sub-object keys win over flat ones.
func decodeShape(v gltfx.Value, meshes int) (rawShape, error) {
	s := rawShape{Path: v.Path(), Mesh: -1}
	if !v.IsObject() {
		return s, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	var err error
	if s.Type, err = v.String("type", ""); err != nil {
		return s, err
	}
	switch s.Type {
	case "":
		return s, v.Errorf("type", "is required")
	case "hull":
		s.Type = "convex"
	case "box", "sphere", "capsule", "cylinder", "convex", "trimesh":
	default:
		return s, v.Errorf("type", "unknown shape type %q", s.Type)
	}
	if s.Name, err = v.String("name", ""); err != nil {
		return s, err
	}
	if s.IsTrigger, err = v.Bool("isTrigger", false); err != nil {
		return s, err
	}
	if err := s.readParams(v, meshes); err != nil {
		return s, err
	}
	s.Flat = s.Size != nil || s.Radius != nil || s.Height != nil || s.Mesh >= 0
	sub, ok, err := v.Object(subKey(s.Type, v))
	if err != nil {
		return s, err
	}
	if ok {
		if err := s.readParams(sub, meshes); err != nil {
			return s, err
		}
	}
	s.Legacy = (s.Type == "capsule" || s.Type == "cylinder") &&
		s.Radius != nil && s.RadiusTop == nil && s.RadiusBottom == nil
	return s, nil
}

// subKey is the sub-object key of a type; files from the "hull" era with
// sub-objects do not exist, but accept "hull" as the convex key too.
func subKey(typ string, v gltfx.Value) string {
	if typ == "convex" && !v.Has("convex") && v.Has("hull") {
		return "hull"
	}
	return typ
}

// readParams reads the dimension keys present in v, checking signs.
func (s *rawShape) readParams(v gltfx.Value, meshes int) error {
	var err error
	if v.Has("size") {
		f, err := v.Vec3("size", [3]float64{})
		if err != nil {
			return err
		}
		for i := range f {
			if f[i] <= 0 {
				return v.Get("size").Elem(i).Errorf("", "box size must be positive, not %v", f[i])
			}
		}
		a := [3]float64(f)
		s.Size = &a
	}
	for _, p := range []struct {
		key      string
		dst      **float64
		positive bool
	}{
		{"radius", &s.Radius, false},
		{"height", &s.Height, true},
		{"radiusTop", &s.RadiusTop, false},
		{"radiusBottom", &s.RadiusBottom, false},
	} {
		f, err := v.OptFloat(p.key)
		if err != nil {
			return err
		}
		if f == nil {
			continue
		}
		if *f < 0 || p.positive && *f == 0 {
			return v.Errorf(p.key, "%s must be %s, not %v", p.key, map[bool]string{true: "positive", false: "non-negative"}[p.positive], *f)
		}
		*p.dst = f
	}
	if v.Has("mesh") {
		if s.Mesh, err = v.Index("mesh", meshes, "meshes"); err != nil {
			return err
		}
	}
	return nil
}
