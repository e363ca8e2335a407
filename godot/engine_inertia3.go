package godot

import (
	"math"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// Godot 3 has no custom inertia: its default physics engine, Bullet,
// computes every body's inertia, with the centre of mass at the body
// origin (godot3-com-origin). A body with one shape at its origin uses the
// shape's own rule: spheres, boxes and cylinders exact, a capsule the
// inertia of its bounding box, a convex hull that of its bounding box
// grown on each side by Bullet's default margin (0.04, cached when the
// hull is made, before Godot sets its own) and twice the shape's margin
// (added to the box it reports and again to the inertia). Any other body
// gets the inertia of the bounding box of all its shapes (each shape's
// box scaled and turned into the body; a hull's grown by 0.04 and its
// margin), whatever their masses and places. Parse reads Godot 3 bodies
// so, as it reads Godot 4 bodies as GodotPhysics3D computes them.

const (
	engineBullet = "Bullet"
	// engineGodotPhysics3 is Godot 3's own engine, which a project may
	// choose instead of Bullet.
	engineGodotPhysics3 = "GodotPhysics"
	// godot3Margin is a Godot 3 shape's margin when the scene gives none.
	godot3Margin = 0.04
	// bulletDefaultMargin is the margin a Bullet hull's cached box is
	// grown by when it is made, before Godot sets the shape's own.
	bulletDefaultMargin = 0.04
)

// engine3 is the 3D engine of a Godot 3 project: Bullet unless
// project.godot chooses GodotPhysics.
func (p *parser) engine3() string {
	if p.proj.engine == engineGodotPhysics3 {
		return engineGodotPhysics3
	}
	return engineBullet
}

// engineInertia3 applies Bullet's rules to every Godot 3 dynamic body.
func (p *parser) engineInertia3() {
	if len(p.engineBodies3) == 0 || p.engine3() != engineBullet {
		return
	}
	for _, b := range p.engineBodies3 {
		i := p.index[b]
		m := p.g.Nodes[i].Motion
		if m == nil || m.Kind != convert.Dynamic || m.Mass == nil || m.InertiaDiagonal != nil {
			continue
		}
		if exact, _ := mass.BodyMassProps(p.g, i, 1); !(exact.Mass > 0) {
			// no shape of volume (no shape, rays only): Bullet gives the
			// body no inertia at all (its inverse is zero), so no torque
			// turns it and it keeps the spin it has: infinite moments
			inf := convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
			m.InertiaDiagonal, m.InertiaSource, m.InertiaOrientation = &inf, convert.Default, convert.Ptr(convert.IdentityQuat())
			p.note(convert.CodeGodotEngineInertia, convert.BodySubject(i), b, "no shape with volume: Godot 3's Bullet gives the body no inertia, so no torque turns it and it keeps the spin it has; read with infinite moments")
			continue
		}
		moments, ok := bulletInertia(p.g, i, *m.Mass)
		if !ok {
			continue
		}
		m.InertiaDiagonal, m.InertiaSource, m.InertiaOrientation = &moments, convert.Default, nil
		p.note(convert.CodeGodotEngineInertia, convert.BodySubject(i), b, "read as Godot 3's Bullet computes it (capsules and convex shapes, and bodies of several or placed shapes, by their bounding boxes about the body origin): principal moments %v", moments)
	}
}

// bulletInertia is Bullet's inertia of body i in its own axes, false when
// a shape has no rule here (meshes, planes, height fields).
func bulletInertia(g *convert.Graph, body int, total float64) (convert.Vec3, bool) {
	type part struct {
		s  convert.Shape
		at convert.Transform
		mg float64
	}
	var parts []part
	// the body's own colliders: it and its descendants up to the next
	// body, walked down once (a scan of every node per body made a deep
	// chain quadratic)
	var walk func(c int, at convert.Transform)
	walk = func(c int, at convert.Transform) {
		if col := g.Nodes[c].Collider; col != nil && col.Shape >= 0 && col.Shape < len(g.Shapes) {
			mg, ok := g.Shapes[col.Shape].Extras[extraMargin].(float64)
			if !ok {
				mg = godot3Margin
			}
			parts = append(parts, part{g.Shapes[col.Shape], at, mg})
		}
		for _, k := range g.Nodes[c].Children {
			if k >= 0 && k < len(g.Nodes) && g.Nodes[k].Motion == nil && g.Nodes[k].Parent == c {
				walk(k, at.Mul(g.Nodes[k].Transform))
			}
		}
	}
	walk(body, convert.Identity())
	if len(parts) == 0 {
		return convert.Vec3{}, false
	}
	boxOf := func(size convert.Vec3) convert.Vec3 {
		x, y, z := size[0]*size[0], size[1]*size[1], size[2]*size[2]
		return convert.Vec3{total / 12 * (y + z), total / 12 * (x + z), total / 12 * (x + y)}
	}
	if pt := parts[0]; len(parts) == 1 && pt.at.T == (convert.Vec3{}) && pt.at.S == (convert.Vec3{1, 1, 1}) && isIdentity(pt.at.R) {
		// one shape at the origin is Bullet's body shape itself
		switch pt.s.Kind {
		case convert.Sphere, convert.Box, convert.Cylinder:
			return convert.Vec3{}, false // exact: nothing to change
		case convert.Convex:
			half, ok := bulletHalfExtents(g, pt.s)
			if !ok {
				return convert.Vec3{}, false
			}
			grow := bulletDefaultMargin + 2*pt.mg
			return boxOf(half.Add(convert.Vec3{grow, grow, grow}).Scale(2)), true
		}
	}
	// otherwise Bullet's compound: the box of every shape's box (a
	// capsule turned onto Graph Y is still its own box)
	lo := convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := lo.Scale(-1)
	for _, pt := range parts {
		half, ok := bulletHalfExtents(g, pt.s)
		if !ok {
			return convert.Vec3{}, false
		}
		var ext convert.Vec3 // half extents in the body
		if pt.s.Kind == convert.Sphere {
			r := pt.s.Radius * math.Max(math.Abs(pt.at.S[0]), math.Max(math.Abs(pt.at.S[1]), math.Abs(pt.at.S[2])))
			ext = convert.Vec3{r, r, r}
		} else {
			scaled := convert.Vec3{half[0] * math.Abs(pt.at.S[0]), half[1] * math.Abs(pt.at.S[1]), half[2] * math.Abs(pt.at.S[2])}
			if pt.s.Kind == convert.Convex {
				grow := bulletDefaultMargin + pt.mg // not scaled
				scaled = scaled.Add(convert.Vec3{grow, grow, grow})
			}
			for k := 0; k < 3; k++ {
				var axis convert.Vec3
				axis[k] = 1
				a := pt.at.R.Rotate(axis)
				for r := 0; r < 3; r++ {
					ext[r] += math.Abs(a[r]) * scaled[k]
				}
			}
		}
		centre := pt.at.T
		if pt.s.Kind == convert.Convex {
			centre = pt.at.Apply(hullCentre(g, pt.s))
		}
		for k := 0; k < 3; k++ {
			lo[k] = math.Min(lo[k], centre[k]-ext[k])
			hi[k] = math.Max(hi[k], centre[k]+ext[k])
		}
	}
	return boxOf(hi.Sub(lo)), true
}

// bulletHalfExtents is a shape's bounding box in its own frame (half
// sizes, about hullCentre for a hull), false for shapes Bullet does not
// weigh by a rule here.
func bulletHalfExtents(g *convert.Graph, s convert.Shape) (convert.Vec3, bool) {
	switch s.Kind {
	case convert.Sphere:
		return convert.Vec3{s.Radius, s.Radius, s.Radius}, true
	case convert.Box:
		return s.Size.Scale(0.5), true
	case convert.Capsule, convert.Cylinder:
		if s.RadiusTop != s.RadiusBottom {
			return convert.Vec3{}, false
		}
		r := s.RadiusTop
		h := convert.Vec3{r, s.Height / 2, r}
		if s.Kind == convert.Capsule {
			h[1] += r
		}
		return h, true
	case convert.Convex:
		if s.Mesh < 0 || s.Mesh >= len(g.Meshes) || len(g.Meshes[s.Mesh].Positions) == 0 {
			return convert.Vec3{}, false
		}
		lo, hi := bounds(g.Meshes[s.Mesh].Positions)
		return hi.Sub(lo).Scale(0.5), true
	}
	return convert.Vec3{}, false
}

// hullCentre is the centre of a hull's bounding box in its own frame.
func hullCentre(g *convert.Graph, s convert.Shape) convert.Vec3 {
	lo, hi := bounds(g.Meshes[s.Mesh].Positions)
	return lo.Add(hi).Scale(0.5)
}

// bulletGives reports whether Godot 3's Bullet computes body i's inertia
// from its shapes as the body has it (principal moments in the body's
// axes, centre of mass at the origin): then Godot 3 output loses nothing
// by having no inertia property.
func bulletGives(g *convert.Graph, i int, m *convert.Motion) bool {
	if m.Mass == nil || m.InertiaDiagonal == nil || m.CenterOfMass != nil && *m.CenterOfMass != (convert.Vec3{}) {
		return false
	}
	if d := *m.InertiaDiagonal; math.IsInf(d[0], 1) && math.IsInf(d[1], 1) && math.IsInf(d[2], 1) {
		// Bullet gives a body without a shape of volume no inertia:
		// nothing turns it, as infinite moments
		exact, _ := mass.BodyMassProps(g, i, 1)
		return !(exact.Mass > 0)
	}
	for _, d := range *m.InertiaDiagonal {
		// a locked axis (an infinite or zero moment) is no shape's inertia
		if !(d > 0) || math.IsInf(d, 0) {
			return false
		}
	}
	var want convert.Mat3
	if d, ok := bulletInertia(g, i, *m.Mass); ok {
		want = convert.Diag(d)
	} else {
		props, diags := mass.BodyMassProps(g, i, 1000)
		if diags.Max() >= convert.Warning || !(props.Mass > 0) {
			return false
		}
		want = props.InertiaAbout(convert.Vec3{}, *m.Mass)
	}
	have := convert.Diag(*m.InertiaDiagonal)
	if q := m.InertiaOrientation; q != nil {
		r := q.Normalize().Mat()
		have = r.Mul(have).Mul(r.T())
	}
	scale := have[0][0] + have[1][1] + have[2][2]
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			if math.Abs(have[r][c]-want[r][c]) > 1e-9*scale {
				return false
			}
		}
	}
	return true
}
