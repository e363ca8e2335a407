package mjcf

import (
	"math"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// geomInfo is what the mass computation needs to know about one geom, in
// MJCF terms (Z axis of capsules/cylinders, half sizes), in its body frame.
type geomInfo struct {
	kind  string // MJCF type
	size  [3]float64
	pos   convert.Vec3
	quat  convert.Quat
	group int
	// mass < 0: not given (use density).
	mass, density float64
	shell         bool      // shellinertia="true"
	mesh          *meshMass // mesh geoms
}

// massPart is one geom's contribution: mass, centre of mass and inertia
// tensor about it, in the body frame.
type massPart struct {
	// special: the part follows a MuJoCo rule other formats do not share
	// (explicit mass or density, a visual geom, mesh inertia).
	special bool
	mass    float64
	com     convert.Vec3
	inertia convert.Mat3
}

// volume is MuJoCo's mjCGeom::GetVolume (area for shell inertia).
func (g *geomInfo) volume() float64 {
	if g.mesh != nil {
		return g.mesh.volume
	}
	s := g.size
	switch g.kind {
	case "sphere":
		if g.shell {
			return 4 * math.Pi * s[0] * s[0]
		}
		return 4 * math.Pi * s[0] * s[0] * s[0] / 3
	case "capsule":
		h := 2 * s[1]
		if g.shell {
			return 4*math.Pi*s[0]*s[0] + 2*math.Pi*s[0]*h
		}
		return math.Pi * (s[0]*s[0]*h + 4*s[0]*s[0]*s[0]/3)
	case "cylinder":
		h := 2 * s[1]
		if g.shell {
			return 2*math.Pi*s[0]*s[0] + 2*math.Pi*s[0]*h
		}
		return math.Pi * s[0] * s[0] * h
	case "ellipsoid":
		if g.shell {
			p := 1.6075
			t := math.Pow(s[0]*s[1], p) + math.Pow(s[1]*s[2], p) + math.Pow(s[2]*s[0], p)
			return 4 * math.Pi * math.Pow(t/3, 1/p)
		}
		return 4 * math.Pi * s[0] * s[1] * s[2] / 3
	case "box", "hfield":
		if g.shell {
			return 8 * (s[0]*s[1] + s[1]*s[2] + s[2]*s[0])
		}
		return 8 * s[0] * s[1] * s[2]
	}
	return 0
}

// diagInertia is MuJoCo's mjCGeom::SetInertia for primitives, in the
// geom frame. Shell ellipsoids and boxes use the solid moments (Parse
// diagnoses them).
func (g *geomInfo) diagInertia(m float64) convert.Vec3 {
	s := g.size
	switch g.kind {
	case "sphere":
		k := 2.0 / 5
		if g.shell {
			k = 2.0 / 3
		}
		v := k * m * s[0] * s[0]
		return convert.Vec3{v, v, v}
	case "capsule":
		r, hh := s[0], s[1]
		h := 2 * hh
		if g.shell {
			as := 4 * math.Pi * r * r
			ac := 2 * math.Pi * r * h
			sm := m * as / (as + ac)
			cm := m - sm
			ix := cm * (6*r*r + h*h) / 12
			iz := cm * r * r
			si := 2 * sm * r * r / 3
			hc := r / 2
			hp := hh + hc
			ix += si + sm*(hp*hp-hc*hc)
			return convert.Vec3{ix, ix, iz + si}
		}
		sm := m * 4 * r / (4*r + 3*h)
		cm := m - sm
		ix := cm * (3*r*r + h*h) / 12
		iz := cm * r * r / 2
		si := 2 * sm * r * r / 5
		ix += si + sm*h*(3*r+2*h)/8
		return convert.Vec3{ix, ix, iz + si}
	case "cylinder":
		r, hh := s[0], s[1]
		h := 2 * hh
		if g.shell {
			ad := math.Pi * r * r
			ac := 2 * math.Pi * r * h
			md := m * ad / (2*ad + ac)
			mc := m - 2*md
			ix := mc*(6*r*r+h*h)/12 + 2*(md*r*r/4+md*hh*hh)
			iz := mc*r*r + 2*(md*r*r/2)
			return convert.Vec3{ix, ix, iz}
		}
		ix := m * (3*r*r + h*h) / 12
		return convert.Vec3{ix, ix, m * r * r / 2}
	case "ellipsoid":
		a, b, c := s[0]*s[0], s[1]*s[1], s[2]*s[2]
		return convert.Vec3{m * (b + c) / 5, m * (a + c) / 5, m * (a + b) / 5}
	case "box", "hfield":
		a, b, c := s[0]*s[0], s[1]*s[1], s[2]*s[2]
		return convert.Vec3{m * (b + c) / 3, m * (a + c) / 3, m * (a + b) / 3}
	}
	return convert.Vec3{}
}

// geomMassPart computes one geom's mass properties the way MuJoCo's
// compiler does (mass attribute wins over density; zero volume or zero
// density gives no mass). It is the one place that knows per-geom rules.
func geomMassPart(g *geomInfo) massPart {
	vol := g.volume()
	var m, rho float64
	switch {
	case g.mass >= 0:
		if g.mass == 0 || vol <= eps {
			return massPart{}
		}
		m, rho = g.mass, g.mass/vol
	default:
		if g.density == 0 {
			return massPart{}
		}
		rho = g.density
		m = rho * vol
	}
	if g.mesh != nil {
		// tensor about the mesh's centre of mass, scaled to the density
		com := g.pos.Add(g.quat.Rotate(g.mesh.com))
		return massPart{mass: m, com: com, inertia: symmetric(rotateTensor(g.quat, g.mesh.inertia.ScaleBy(rho)))}
	}
	d := g.diagInertia(m)
	return massPart{mass: m, com: g.pos, inertia: symmetric(rotateTensor(g.quat, convert.Diag(d)))}
}

// combine sums parts about their joint centre of mass (parallel axes).
func combine(parts []massPart) massPart {
	if len(parts) == 1 {
		return parts[0]
	}
	var out massPart
	var c convert.Vec3
	for _, p := range parts {
		out.mass += p.mass
		c = c.Add(p.com.Scale(p.mass))
	}
	if out.mass == 0 {
		return out
	}
	out.com = c.Scale(1 / out.mass)
	for _, p := range parts {
		out.inertia = out.inertia.Add(p.inertia).Add(mass.ParallelAxis(p.mass, p.com.Sub(out.com)))
	}
	out.inertia = symmetric(out.inertia)
	return out
}
