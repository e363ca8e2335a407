package omi

import (
	"github.com/physconv/physconv/convert"
)

// Shape defaults of OMI_physics_shape (current) and of the single-radius
// forms before 2025-01-03 (full-height capsule).
const (
	defaultSphereRadius   = 0.5
	defaultCapsuleHeight  = 1.0 // current: between cap centres
	defaultLegacyCapsule  = 2.0 // legacy: full height
	defaultCylinderHeight = 2.0 // total height, every revision
	defaultRadius         = 0.5
)

// shape maps one raw shape to a Graph shape. The capsule height rule is
// applied per shape (gotchas 1–2): a capsule with a single `radius` and no
// radiusTop/radiusBottom, or any flat-layout capsule, is the legacy form
// whose `height` is the full height.
func (p *parser) shape(s rawShape) (convert.Shape, error) {
	out := convert.Shape{Name: s.Name, Mesh: -1}
	switch s.Type {
	case "box":
		out.Kind = convert.Box
		out.Size = convert.Vec3{1, 1, 1}
		if s.Size != nil {
			out.Size = convert.Vec3(*s.Size)
		}
	case "sphere":
		out.Kind = convert.Sphere
		out.Radius = orDefault(s.Radius, defaultSphereRadius)
	case "capsule":
		out.Kind = convert.Capsule
		if s.Legacy || s.Flat {
			r := orDefault(s.Radius, defaultRadius)
			full := orDefault(s.Height, defaultLegacyCapsule)
			mid := full - 2*r
			out.RadiusTop, out.RadiusBottom = r, r
			if mid < 0 {
				p.diags.Add(convert.CodeCapsuleHeightClamped, convert.SourceSubject(len(p.g.Shapes)), s.Path,
					"legacy capsule full height %v is less than its diameter %v; read as a sphere-ended capsule with mid-height 0", full, 2*r)
				mid = 0
			}
			out.Height = mid
			p.diags.Add(convert.CodeLegacyCapsuleHeight, convert.SourceSubject(len(p.g.Shapes)), s.Path,
				"capsule uses the pre-2025 single-radius form: height %v read as the full height (mid-height %v)", full, mid)
			break
		}
		out.Height = orDefault(s.Height, defaultCapsuleHeight)
		out.RadiusTop = orDefault(s.RadiusTop, orDefault(s.Radius, defaultRadius))
		out.RadiusBottom = orDefault(s.RadiusBottom, orDefault(s.Radius, defaultRadius))
	case "cylinder":
		out.Kind = convert.Cylinder
		out.Height = orDefault(s.Height, defaultCylinderHeight)
		r := orDefault(s.Radius, defaultRadius)
		out.RadiusTop = orDefault(s.RadiusTop, r)
		out.RadiusBottom = orDefault(s.RadiusBottom, r)
	case "convex", "trimesh":
		out.Kind = convert.Convex
		if s.Type == "trimesh" {
			out.Kind = convert.TriMesh
		}
		if s.Mesh < 0 {
			return out, convert.Errorf(s.Path+"."+s.Type+".mesh", "a %s shape needs a mesh", s.Type)
		}
		m, err := p.mesh(s.Mesh)
		if err != nil {
			return out, err
		}
		out.Mesh = m
	}
	if (out.Kind == convert.Capsule || out.Kind == convert.Cylinder) && out.RadiusTop == 0 && out.RadiusBottom == 0 {
		return out, convert.Errorf(s.Path, "%s has no radius (both radii are 0)", s.Type)
	}
	return out, nil
}

func orDefault(p *float64, def float64) float64 {
	if p == nil {
		return def
	}
	return *p
}
