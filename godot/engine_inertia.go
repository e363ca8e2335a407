package godot

import (
	"math"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// Godot 4 simulates a body without custom inertia with the inertia its
// physics engine computes. Jolt computes the true mass properties of the
// shapes (what convert/mass computes too). GodotPhysics3D, the engine of
// projects that do not choose one, does not: it shares the mass among the
// shapes by volume (a convex shape's volume is its bounding box's), puts
// each share at the shape's origin, and gives capsules, cylinders and
// convex shapes the inertia of their bounding box, ignoring the shapes'
// scale. Parse reads such a body
// as that engine computes it, so the Graph means what Godot simulates.

const (
	engineGodotPhysics = "GodotPhysics3D"
	engineJolt         = "Jolt Physics"
)

// engine is the 3D physics engine the scene's project runs:
// physics/3d/physics_engine, GodotPhysics3D when the project does not
// name one or none is found.
func (p *parser) engine() string {
	if v := p.proj.engine; v != "" && v != "DEFAULT" {
		return v
	}
	return engineGodotPhysics
}

// engineInertia completes every Godot 4 dynamic body whose inertia the
// scene leaves, in whole or in part, to the engine, where the engine's
// rule differs from the exact mass properties of the shapes:
//
//   - a body without a shape of volume (no shape, rays only): GodotPhysics3D
//     gives it 1 kg·m² about each axis, Jolt its mass in kg·m² (a unit
//     inertia scaled to the mass), with the centre of mass at its origin
//     unless given;
//   - a partial inertia (some moments zero): the given moments replace
//     the diagonal entries of the computed tensor, in the body's axes;
//     GodotPhysics3D keeps the products, Jolt zeroes those of each axis
//     given;
//   - GodotPhysics3D approximates shapes as godotPhysicsMass says; Jolt,
//     and GodotPhysics3D for shapes it weighs exactly, compute what
//     convert/mass computes.
//
// Engines other than these two are read with GodotPhysics3D's rules for
// the first two cases, and exactly otherwise.
func (p *parser) engineInertia() {
	engine := ""
	for _, b := range p.engineBodies {
		i := p.index[b]
		m := p.g.Nodes[i].Motion
		if m == nil || m.Kind != convert.Dynamic || m.InertiaDiagonal != nil || m.Mass == nil {
			continue
		}
		if engine == "" {
			engine = p.engine()
		}
		partial, isPartial := p.partialInertia[b]
		exact, _ := mass.BodyMassProps(p.g, i, 1)
		var tensor convert.Mat3
		var how string
		switch {
		case !(exact.Mass > 0):
			if m.CenterOfMass == nil {
				m.CenterOfMass, m.CenterOfMassSource = &convert.Vec3{}, convert.Default
			}
			unit := 1.0
			how = "no shape with volume: " + engine + " gives the body 1 kg·m² about each axis, whatever its mass"
			if engine == engineJolt {
				unit = *m.Mass
				how = "no shape with volume: " + engine + " gives the body its mass in kg·m² about each axis"
			}
			tensor = convert.Diag(convert.Vec3{unit, unit, unit})
		case engine == engineGodotPhysics:
			props, approx, ok := godotPhysicsMass(p.g, i, *m.Mass)
			if ok && approx {
				if m.CenterOfMass == nil {
					m.CenterOfMass, m.CenterOfMassSource = &props.COM, convert.Default
				}
				tensor = props.About(*m.CenterOfMass)
				how = "read as " + engine + " computes it (capsules, cylinders and convex shapes by their bounding boxes, shapes unscaled, the centre of mass at the shapes' origins)"
				break
			}
			fallthrough
		default:
			if !isPartial {
				continue // the exact mass properties, completed as any format's
			}
			if m.CenterOfMass == nil {
				m.CenterOfMass, m.CenterOfMassSource = &exact.COM, convert.Default
			}
			tensor = exact.InertiaAbout(*m.CenterOfMass, *m.Mass)
			how = "computed from the shapes"
		}
		for k := range 3 {
			if !isPartial || !(partial[k] > 0) {
				continue
			}
			tensor[k][k] = partial[k]
			if engine == engineJolt {
				for o := range 3 {
					if o != k {
						tensor[k][o], tensor[o][k] = 0, 0
					}
				}
			}
		}
		moments, orient := mass.PrincipalAxes(tensor)
		m.InertiaDiagonal, m.InertiaSource = &moments, convert.Default
		if orient != convert.IdentityQuat() {
			m.InertiaOrientation = &orient
		}
		if isPartial {
			keeps := "keeps the products"
			if engine == engineJolt {
				keeps = "zeroes the products of each axis given"
			}
			p.note(convert.CodeGodotInertiaPartial, convert.BodySubject(i), b, "inertia %v: %s keeps the non-zero moments, %s, and computes the rest (%s): principal moments %v", partial, engine, keeps, how, moments)
		} else {
			p.note(convert.CodeGodotEngineInertia, convert.BodySubject(i), b, "no custom inertia: %s: principal moments %v", how, moments)
		}
	}
}

// godotPhysicsMass is GodotPhysics3D's mass distribution of body i: the
// combined parts in the body frame, whether a shape is approximated, and
// false when a shape has no GodotPhysics3D rule here.
func godotPhysicsMass(g *convert.Graph, body int, total float64) (mass.MassProps, bool, bool) {
	type part struct {
		vol     float64
		moments func(m float64) convert.Vec3
		at      convert.Transform
	}
	var parts []part
	approx := false
	for c := range g.Nodes {
		col := g.Nodes[c].Collider
		if col == nil || col.Shape < 0 || c == body || g.BodyOf(c) != body {
			continue
		}
		s := g.Shapes[col.Shape]
		at := g.RelativeTransform(c, body)
		if math.Abs(at.S[0]-1) > 1e-9 || math.Abs(at.S[1]-1) > 1e-9 || math.Abs(at.S[2]-1) > 1e-9 {
			approx = true // the engine ignores the shape's scale in the moments
		}
		// The share of mass follows the scaled volume.
		scaled := math.Abs(at.S[0] * at.S[1] * at.S[2])
		var half convert.Vec3 // bounding-box half extents in the shape frame
		vol := 0.0
		switch s.Kind {
		case convert.Sphere:
			r := s.Radius
			if capsule, _ := s.Extras[extraCapsuleSphere].(bool); capsule {
				// a capsule shape with no cylinder part: the engine's
				// moments are still its bounding box's
				half = convert.Vec3{r, r, r}
				vol = 4.0 / 3 * math.Pi * r * r * r
				approx = true
				break
			}
			parts = append(parts, part{4.0 / 3 * math.Pi * r * r * r * scaled, func(m float64) convert.Vec3 {
				k := 0.4 * m * r * r
				return convert.Vec3{k, k, k}
			}, at})
			continue
		case convert.Box:
			half = s.Size.Scale(0.5)
			vol = s.Size[0] * s.Size[1] * s.Size[2]
		case convert.Capsule, convert.Cylinder:
			if s.RadiusTop != s.RadiusBottom {
				return mass.MassProps{}, false, false
			}
			r := s.RadiusTop
			half = convert.Vec3{r, s.Height / 2, r}
			vol = math.Pi * r * r * s.Height
			if s.Kind == convert.Capsule {
				half[1] += r
				vol += 4.0 / 3 * math.Pi * r * r * r
			}
			approx = true
		case convert.Convex:
			if s.Mesh < 0 || s.Mesh >= len(g.Meshes) || len(g.Meshes[s.Mesh].Positions) == 0 {
				return mass.MassProps{}, false, false
			}
			lo, hi := bounds(g.Meshes[s.Mesh].Positions)
			half = hi.Sub(lo).Scale(0.5)
			vol = 8 * half[0] * half[1] * half[2]
			approx = true
		default:
			return mass.MassProps{}, false, false
		}
		parts = append(parts, part{vol * scaled, func(m float64) convert.Vec3 {
			x, y, z := half[0]*half[0], half[1]*half[1], half[2]*half[2]
			return convert.Vec3{m / 3 * (y + z), m / 3 * (x + z), m / 3 * (x + y)}
		}, at})
	}
	sum := 0.0
	for _, pt := range parts {
		sum += pt.vol
	}
	if !(sum > 0) {
		return mass.MassProps{}, false, false
	}
	all := make([]mass.MassProps, len(parts))
	for k, pt := range parts {
		m := total * pt.vol / sum
		// Godot ignores the shapes' scale here and takes each shape's
		// origin as its centre of mass.
		local := mass.MassProps{Mass: m, Inertia: convert.Diag(pt.moments(m))}
		all[k] = local.Transformed(convert.Transform{T: pt.at.T, R: pt.at.R, S: convert.Vec3{1, 1, 1}})
	}
	return mass.CombineMass(all...), approx, true
}

func bounds(pts []convert.Vec3) (lo, hi convert.Vec3) {
	lo, hi = pts[0], pts[0]
	for _, q := range pts[1:] {
		for k := 0; k < 3; k++ {
			lo[k] = math.Min(lo[k], q[k])
			hi[k] = math.Max(hi[k], q[k])
		}
	}
	return lo, hi
}
