package lower

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// tendons reshapes sites and tendons for the target. A target with
// tendons gets each pure distance joint as a two-site spatial tendon
// (the only MJCF form of that constraint). Elsewhere a limited two-site
// spatial tendon becomes a joint limiting the distance between the two
// site frames where the target has distance limits, unless both sites are
// fixed in one body (or both in the world): such a tendon never changes
// length and constrains nothing, and the joint would join a body (or the
// world) to itself. Every other tendon is dropped, and the sites with it,
// one diagnostic each.
func (l *lowerer) tendons() {
	g := l.g
	if l.caps.Tendons {
		for i := range g.Nodes {
			l.distanceToTendon(i)
		}
		return
	}
	used := map[int]bool{}
	var owners []int // each node's body, found once a tendon asks
	for k := range g.Tendons {
		t := &g.Tendons[k]
		a, b, two := t.TwoSites()
		asJoint := two && t.Limited() && l.caps.DistanceLimits && l.caps.Loops
		if asJoint {
			if owners == nil {
				owners = g.BodyOwners()
			}
			if oa, ob := siteBody(g, owners, a), siteBody(g, owners, b); oa == ob {
				// a joint between the two would join one body (or the
				// world) to itself, which no format holds
				l.diags.Add(convert.CodeTendonDropped, convert.TendonSubject(k), "tendon/"+t.Name,
					"spatial tendon %q between sites %q and %q constrains nothing: both sites are fixed in %s, so its length never changes; it is dropped", t.Name, g.Sites[a].Name, g.Sites[b].Name, bodyPhrase(g, oa))
				continue
			}
		}
		if !asJoint {
			l.diags.Add(convert.CodeTendonDropped, convert.TendonSubject(k), "tendon/"+t.Name,
				"this format has no tendons; %s tendon %q (%s) is dropped", t.Kind, t.Name, tendonSummary(t))
			continue
		}
		used[a], used[b] = true, true
		sa, sb := g.Sites[a], g.Sites[b]
		bn := g.AddNode(convert.Node{Name: siteLabel(sb, b), Transform: sb.Transform}, sb.Node)
		lo := math.Max(t.Min, 0)
		g.AddNode(convert.Node{Name: tendonLabel(t, k), Transform: sa.Transform, Joint: &convert.Joint{Connected: bn,
			Limits: []convert.Limit{{Linear: []int{0, 1, 2}, Min: lo, Max: t.Max, Stiffness: math.Inf(1)}}, EnableCollision: true}}, sa.Node)
		l.diags.Add(convert.CodeTendonAsDistanceJoint, convert.TendonSubject(k), "tendon/"+t.Name,
			"spatial tendon %q between sites %q and %q is written as a joint keeping their distance within [%g, %g] m", t.Name, sa.Name, sb.Name, lo, t.Max)
		if lost := tendonJointLoses(t); len(lost) > 0 {
			l.diags.Add(convert.CodeFieldDropped, convert.TendonSubject(k), "tendon/"+t.Name,
				"the joint written for spatial tendon %q holds the distance with the target's own hard limit, without the tendon's %s", t.Name, strings.Join(lost, ", ")).Affecting(convert.QTendon)
		}
	}
	if n := len(g.Sites) - len(used); n > 0 {
		l.diags.Add(convert.CodeSitesDropped, convert.DocumentSubject(), "sites", "this format has no sites; %d site(s) are dropped", n)
	}
	g.Tendons, g.Sites = nil, nil
}

// distanceToTendon turns joint node i into a spatial tendon between two
// sites at its frames when all it does is limit their distance: one hard
// 3-axis linear limit with a positive maximum, rotation free, no drive.
func (l *lowerer) distanceToTendon(i int) {
	g := l.g
	j := g.Nodes[i].Joint
	if j == nil || len(j.Limits) != 1 || len(j.Drives) > 0 || j.Connected < 0 || j.Connected >= len(g.Nodes) {
		return
	}
	lim := j.Limits[0]
	axes := slices.Sorted(slices.Values(lim.Linear))
	if !slices.Equal(axes, []int{0, 1, 2}) || len(lim.Angular) > 0 || !math.IsInf(lim.Stiffness, 1) || !(lim.Max > 0) {
		return
	}
	name := g.Nodes[i].Name
	a := len(g.Sites)
	g.Sites = append(g.Sites, convert.Site{Name: name, Node: i, Transform: convert.Identity()},
		convert.Site{Name: g.Nodes[j.Connected].Name, Node: j.Connected, Transform: convert.Identity()})
	t := convert.Tendon{Name: name, Kind: convert.SpatialTendon, Path: []convert.TendonPoint{convert.SitePoint(a), convert.SitePoint(a + 1)},
		Min: math.Max(lim.Min, 0), Max: lim.Max}
	if math.IsInf(t.Max, 1) && t.Min == 0 {
		return // no bound at all: nothing to keep
	}
	g.Tendons = append(g.Tendons, t)
	g.Nodes[i].Joint = nil
	l.diags.Add(convert.CodeDistanceJointAsTendon, convert.TendonSubject(len(g.Tendons)-1), g.NodeLabel(i),
		"joint %s only keeps the distance between its frames within [%g, %g] m; it is written as a spatial tendon between two sites", g.NodeLabel(i), t.Min, t.Max)
}

// siteBody is the body site s is fixed in (-1: the world), from owners
// (Graph.BodyOwners).
func siteBody(g *convert.Graph, owners []int, s int) int {
	if n := g.Sites[s].Node; n >= 0 && n < len(owners) {
		return owners[n]
	}
	return -1
}

// bodyPhrase names body b (-1: the world) for a message.
func bodyPhrase(g *convert.Graph, b int) string {
	if b < 0 {
		return "the world (neither lies in a body this format writes)"
	}
	return "body " + g.NodeLabel(b)
}

func tendonSummary(t *convert.Tendon) string {
	switch {
	case t.Kind == convert.FixedTendon:
		return fmt.Sprintf("a combination of %d joint coordinates", len(t.Path))
	case len(t.Path) != 2:
		return fmt.Sprintf("a path of %d elements", len(t.Path))
	case !t.Limited():
		return "no length limit: a spring or damper only"
	}
	return "a length limit"
}

func tendonLabel(t *convert.Tendon, k int) string {
	if t.Name != "" {
		return t.Name
	}
	return fmt.Sprintf("tendon%d", k)
}

func siteLabel(s convert.Site, k int) string {
	if s.Name != "" {
		return s.Name
	}
	return fmt.Sprintf("site%d", k)
}

// contactExtras drops the rolling and spinning friction and the contact
// stiffness and damping of materials the target cannot write, once per
// material.
func (l *lowerer) contactExtras() {
	for k := range l.g.Materials {
		m := &l.g.Materials[k]
		var lost []string
		if !l.caps.RollingFriction && (m.RollingFriction != 0 || m.SpinningFriction != 0) {
			lost = append(lost, fmt.Sprintf("rolling friction %g m and spinning friction %g m", m.RollingFriction, m.SpinningFriction))
			m.RollingFriction, m.SpinningFriction = 0, 0
		}
		if !l.caps.ContactStiffness && (m.ContactStiffness != 0 || m.ContactDamping != 0) {
			lost = append(lost, fmt.Sprintf("contact stiffness %g N/m and damping %g N·s/m", m.ContactStiffness, m.ContactDamping))
			m.ContactStiffness, m.ContactDamping = 0, 0
		}
		if len(lost) > 0 {
			l.diags.Add(convert.CodeContactParamsDropped, convert.MaterialSubject(k), m.Name,
				// the path names the material: the same loss on many
				// materials reads (and groups) as one message
				"this format has no such contact parameters: %s are dropped (contacts are the engine's own)", strings.Join(lost, "; "))
		}
	}
}

// physicalInertia repairs principal moments that break the triangle
// inequality where the target refuses them (Capabilities.PhysicalInertia):
// a glTF or Godot source may give them, and its engine simulates them.
func (l *lowerer) physicalInertia() {
	if !l.caps.PhysicalInertia {
		return
	}
	for i := range l.g.Nodes {
		m := l.g.Nodes[i].Motion
		if m == nil || m.InertiaDiagonal == nil {
			continue
		}
		d := *m.InertiaDiagonal
		if d[0] <= 0 || d[1] <= 0 || d[2] <= 0 || math.IsInf(d[0], 1) || math.IsInf(d[1], 1) || math.IsInf(d[2], 1) {
			continue
		}
		fixed, problem := mass.RepairInertia(d)
		if problem == "" {
			continue
		}
		m.InertiaDiagonal = &fixed
		l.diags.Add(convert.CodeInertiaRepaired, convert.BodySubject(i), l.g.NodeLabel(i),
			"inertia %v is not a rigid body's (%s), which this format's engine refuses; written as %v", d, problem, fixed)
	}
}

// pointMasses gives the point masses (a mass with zero moments) the
// near-zero moments where the target cannot write zero moments as such:
// on dynamic bodies, and on kinematic ones where their mass properties are
// written and read back as others (a glTF reader takes a zero moment for
// an infinite one, or computes it).
func (l *lowerer) pointMasses() {
	if l.caps.ZeroInertia {
		return
	}
	for i := range l.g.Nodes {
		m := l.g.Nodes[i].Motion
		if m == nil || m.Kind == convert.Static || m.Kind == convert.Kinematic && l.caps.ZeroInertiaKinematic || m.InertiaDiagonal == nil || *m.InertiaDiagonal != (convert.Vec3{}) || m.MassOr(0) <= 0 || math.IsInf(m.MassOr(0), 1) {
			continue
		}
		m.InertiaDiagonal, m.InertiaOrientation, m.InertiaSource = &convert.Vec3{convert.NearZeroInertia, convert.NearZeroInertia, convert.NearZeroInertia}, nil, convert.Given
		l.diags.Add(convert.CodePointMassInertia, convert.BodySubject(i), l.g.NodeLabel(i),
			"point mass %s (%g kg, zero inertia): %g kg·m² stands in for the zero moments, which this format's readers refuse on a body that moves or read as 'compute' or 'infinite' (MuJoCo takes zero moments only on a body without joints, which moves with its parent)", l.g.NodeLabel(i), m.MassOr(0), convert.NearZeroInertia)
	}
}

// tendonJointLoses names what of tendon t a distance joint does not
// carry: its spring, damping, friction loss and inertia, and how its limit
// acts (the margin it activates at, its softness).
func tendonJointLoses(t *convert.Tendon) []string {
	var lost []string
	for _, f := range []struct {
		name, unit string
		v          float64
	}{{"stiffness", "N/m", t.Stiffness}, {"damping", "N·s/m", t.Damping}, {"friction loss", "N", t.FrictionLoss},
		{"armature", "kg", t.Armature}, {"limit margin", "m", t.Margin}} {
		if f.v != 0 {
			lost = append(lost, fmt.Sprintf("%s %g %s", f.name, f.v, f.unit))
		}
	}
	if t.Solver != nil {
		lost = append(lost, fmt.Sprintf("%s solver parameters (%s)", t.Solver.Class, t.Solver.Text()))
	}
	return lost
}
