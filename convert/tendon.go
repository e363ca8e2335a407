package convert

import (
	"math"
)

// Site is a named frame fixed to a node (MJCF <site>). Tendons route
// through sites, and MJCF actuators and sensors refer to them by name, so
// they travel as data even though they carry no mass or shape.
type Site struct {
	Name string
	// Node is the node the site is fixed to (a body, or a node inside
	// one); Transform is the site's frame in that node's frame.
	Node      int
	Transform Transform
	// Radius is the site's size (m) where a spatial tendon wrapping a
	// geom uses it as a side site; 0 = the format's default.
	Radius float64
	Extras map[string]any
}

// TendonKind says what a tendon measures.
type TendonKind string

const (
	// SpatialTendon is the length of a path through sites, wrapping
	// around geoms and splitting at pulleys (m).
	SpatialTendon TendonKind = "spatial"
	// FixedTendon is a linear combination of joint coordinates.
	FixedTendon TendonKind = "fixed"
)

// Tendon is a length-like quantity with a limit, a spring and damping
// (MJCF <tendon>). A limited tendon is a constraint between the bodies it
// passes (a rope, a cable); a fixed tendon couples joints.
type Tendon struct {
	Name string
	Kind TendonKind
	Path []TendonPoint
	// Min and Max bound the length (m, or joint units for a fixed
	// tendon); ±Inf when not limited.
	Min, Max float64
	// Stiffness (N/m) pulls the length toward SpringLength (nil: the
	// length in the initial pose; two values: a dead band); Damping
	// (N·s/m) and FrictionLoss (N) resist its rate; Armature (kg) is
	// inertia added along the tendon.
	Stiffness, Damping, FrictionLoss, Armature float64
	SpringLength                               *[2]float64
	// Margin (m) is the distance from a limit at which it activates.
	Margin float64
	// Solver is the engine's softness of the limit and the friction loss
	// (MuJoCo's solreflimit, solimplimit, solreffriction, solimpfriction)
	// where it differs from the engine's defaults; nil: the defaults.
	Solver *JointSolver
	Extras map[string]any
}

// Limited reports whether either bound of the length is finite.
func (t *Tendon) Limited() bool { return !math.IsInf(t.Min, -1) || !math.IsInf(t.Max, 1) }

// TendonPoint is one element of a tendon's path: a site, a geom the path
// wraps around (with an optional side site), a pulley (a spatial tendon
// branches; lengths after it are divided by Divisor), or for a fixed
// tendon a joint and its coefficient. Unused indices are -1.
type TendonPoint struct {
	Site     int // Graph.Sites index
	Geom     int // node index of the wrapped collider
	SideSite int // Graph.Sites index
	Divisor  float64
	Joint    int // node index of a joint
	// JointAxis is the limit axis of Joint the coefficient applies to
	// ("linear0".."angular2"); "" = the joint's only free axis.
	JointAxis string
	Coef      float64
}

// SitePoint, WrapPoint, PulleyPoint and JointPoint build path elements.
func SitePoint(site int) TendonPoint {
	return TendonPoint{Site: site, Geom: -1, SideSite: -1, Joint: -1}
}

func WrapPoint(geom, sideSite int) TendonPoint {
	return TendonPoint{Site: -1, Geom: geom, SideSite: sideSite, Joint: -1}
}

func PulleyPoint(divisor float64) TendonPoint {
	return TendonPoint{Site: -1, Geom: -1, SideSite: -1, Joint: -1, Divisor: divisor}
}

func JointPoint(joint int, axis string, coef float64) TendonPoint {
	return TendonPoint{Site: -1, Geom: -1, SideSite: -1, Joint: joint, JointAxis: axis, Coef: coef}
}

// TwoSites returns the sites of a spatial tendon that is one straight
// segment between two sites (no wrapping, no pulley); ok is false for any
// other tendon.
func (t *Tendon) TwoSites() (a, b int, ok bool) {
	if t.Kind != SpatialTendon || len(t.Path) != 2 || t.Path[0].Site < 0 || t.Path[1].Site < 0 {
		return -1, -1, false
	}
	return t.Path[0].Site, t.Path[1].Site, true
}

// SiteWorld returns site s's world transform.
func (g *Graph) SiteWorld(s int) Transform {
	st := g.Sites[s]
	if st.Node < 0 {
		return st.Transform
	}
	return g.WorldTransform(st.Node).Mul(st.Transform)
}

func cloneTendons(ts []Tendon) []Tendon {
	if ts == nil {
		return nil
	}
	out := make([]Tendon, len(ts))
	for i, t := range ts {
		t.Path = append([]TendonPoint(nil), t.Path...)
		t.SpringLength = clonePtr(t.SpringLength)
		t.Extras = copyMap(t.Extras)
		out[i] = t
	}
	return out
}

// tendons checks that sites and tendon paths point at existing nodes and
// sites, and that their numbers are in range.
func (v *validator) tendons() {
	g := v.g
	for i, s := range g.Sites {
		p := v.at("sites[%d]", i)
		v.index(p+".node", s.Node, len(g.Nodes), "node", true)
		v.bounded(p+".transform", s.Transform.T[:]...)
		v.bounded(p+".radius", s.Radius)
	}
	for i, t := range g.Tendons {
		p := v.at("tendons[%d]", i)
		if t.Kind != SpatialTendon && t.Kind != FixedTendon {
			v.fail(p+".kind", "tendon kind must be spatial or fixed, not %q", t.Kind)
		}
		for k, pt := range t.Path {
			q := v.at("%s.path[%d]", p, k)
			v.index(q+".site", pt.Site, len(g.Sites), "site", true)
			v.index(q+".sideSite", pt.SideSite, len(g.Sites), "site", true)
			v.index(q+".geom", pt.Geom, len(g.Nodes), "node", true)
			if pt.Joint >= 0 {
				v.jointNode(q+".joint", pt.Joint)
			}
			v.bounded(q, pt.Divisor, pt.Coef)
		}
		if !(t.Min <= t.Max) {
			v.fail(p, "tendon range lower bound %g exceeds the upper %g", t.Min, t.Max)
		}
		v.bounded(p, t.Stiffness, t.Damping, t.FrictionLoss, t.Armature, t.Margin)
		if t.SpringLength != nil {
			v.bounded(p+".springLength", t.SpringLength[:]...)
		}
	}
}
