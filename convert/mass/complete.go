package mass

import (
	"fmt"
	"math"
	"strings"

	"github.com/physconv/physconv/convert"
)

// DefaultMass is the mass (kg) of a moving body that has neither a given
// mass nor colliders with volume.
const DefaultMass = 1.0

// Complete returns a copy of g in which every dynamic and kinematic body has
// a mass, a centre of mass and an inertia, and every *Source field says
// where the value came from. g itself is not modified.
//
// Policy, per body:
//   - Given values always win (an infinite mass or moment stays infinite).
//   - The colliders of the body (its node and descendants up to the next
//     independent body; not triggers or visuals) are integrated as one
//     uniform-density solid; see BodyMassProps.
//   - No mass given: density × volume (opts.DensityOr(), 1000 kg/m³ by
//     default).
//   - Mass given, inertia missing: the uniform-density inertia scaled to
//     that mass. When the centre of mass is also given, the inertia is taken
//     about the given centre (parallel-axis theorem from the solid's own
//     centroid), so the tensor is the one the body really has about the
//     point it rotates around.
//   - Centre of mass missing: the solid's centroid.
//   - No collider has volume: mass DefaultMass (1 kg) when missing, centre
//     of mass at the node origin when missing, and the inertia of a solid
//     sphere of the body's mass at the density (I = 2/5·m·r²,
//     r = ∛(3m / 4πρ)) when missing, with a mass-defaulted warning.
//   - An infinite mass with no inertia gives infinite moments.
//   - A given mass of exactly 0 means massless (a URDF link without
//     <inertial>): kept, with zero inertia and the centre of mass at the
//     origin when missing; no mass is invented.
//   - Given principal moments that break positivity or the triangle
//     inequality are repaired (RepairInertia) with a warning.
//
// Static bodies are left alone.
func Complete(g *convert.Graph, opts *convert.Options) (*convert.Graph, convert.Diagnostics) {
	out := g.Clone()
	return out, CompleteInPlace(out, opts)
}

// CompleteInPlace is Complete for a Graph the caller owns (one a reader
// has just returned): it completes g itself rather than a copy, which on a
// large model saves a copy of every node.
func CompleteInPlace(g *convert.Graph, opts *convert.Options) convert.Diagnostics {
	density := opts.DensityOr()
	mc := newMassCalc(g)
	for i := range g.Nodes {
		m := g.Nodes[i].Motion
		if m == nil || m.Kind == convert.Static {
			continue
		}
		completeBody(mc, i, m, density)
	}
	return mc.diags
}

// positiveMoments reports principal moments that are each positive (or
// infinite, KHR's fixed axis): only the triangle inequality may fail.
func positiveMoments(d convert.Vec3) bool {
	return d[0] > 0 && d[1] > 0 && d[2] > 0
}

func completeBody(mc *massCalc, i int, m *convert.Motion, density float64) {
	node := &mc.g.Nodes[i]
	// the node label is formatted only when a diagnostic is written
	label := func() string { return mc.g.NodeLabel(i) }
	markGiven(m)
	if m.Mass != nil && (math.IsNaN(*m.Mass) || *m.Mass < 0) {
		mc.diags.Add(convert.CodeMassInvalid, convert.BodySubject(i), label(), "mass %v is not a non-negative number; it is ignored and computed instead", *m.Mass)
		m.Mass, m.MassSource = nil, ""
	}
	if m.Mass != nil && *m.Mass == 0 {
		completeMassless(m)
		return
	}
	if m.CenterOfMass != nil && !m.CenterOfMass.Finite() {
		mc.diags.Add(convert.CodeMassInvalid, convert.BodySubject(i), label(), "centre of mass %v is not finite; it is ignored and computed instead", *m.CenterOfMass)
		m.CenterOfMass, m.CenterOfMassSource = nil, ""
	}
	// a given mass with zero moments is a point mass, a valid body (URDF
	// allows it); targets that need positive moments get a stand-in at
	// lowering
	pointMass := m.InertiaDiagonal != nil && *m.InertiaDiagonal == (convert.Vec3{}) && m.Mass != nil && *m.Mass > 0 && !math.IsInf(*m.Mass, 1)
	// positive moments that break only the triangle inequality are what
	// the source's engine simulates (glTF and Godot engines take them):
	// kept, and repaired when lowering for a target that refuses them
	// (Capabilities.PhysicalInertia)
	if m.InertiaDiagonal != nil && !pointMass && !positiveMoments(*m.InertiaDiagonal) {
		fixed, problem := RepairInertia(*m.InertiaDiagonal)
		switch {
		case problem != "" && fixed == (convert.Vec3{}):
			mc.diags.Add(convert.CodeInertiaInvalid, convert.BodySubject(i), label(), "inertia %v cannot be used (%s); it is computed instead", *m.InertiaDiagonal, problem)
			m.InertiaDiagonal, m.InertiaOrientation, m.InertiaSource = nil, nil, ""
		case problem != "":
			mc.diags.Add(convert.CodeInertiaRepaired, convert.BodySubject(i), label(), "inertia %v is not physical (%s); using %v", *m.InertiaDiagonal, problem, fixed)
			m.InertiaDiagonal = &fixed
		}
	}
	if m.Mass != nil && m.CenterOfMass != nil && m.InertiaDiagonal != nil {
		return
	}

	scale := node.Transform.S
	s := mc.bodySolid(i)
	var computed, defaulted []string
	if s.Volume > 0 {
		if m.Mass == nil {
			m.Mass, m.MassSource = convert.Ptr(density*s.Volume), convert.Computed
			computed = append(computed, "mass")
		}
		// the solid lives in the body's unscaled frame; COM is a point of
		// the node's local (scaled) frame
		comRigid := s.Centroid
		if m.CenterOfMass == nil {
			m.CenterOfMass, m.CenterOfMassSource = convert.Ptr(unscale(comRigid, scale)), convert.Computed
			computed = append(computed, "centre of mass")
		} else {
			comRigid = m.CenterOfMass.Mul(scale)
		}
		if m.InertiaDiagonal == nil {
			j := s.massProps(1).Inertia
			j = j.Add(ParallelAxis(s.Volume, comRigid.Sub(s.Centroid)))
			setInertia(m, j.ScaleBy(*m.Mass/s.Volume), convert.Computed)
			computed = append(computed, "inertia")
		}
	} else {
		if m.Mass == nil {
			m.Mass, m.MassSource = convert.Ptr(DefaultMass), convert.Default
			defaulted = append(defaulted, fmt.Sprintf("mass %g kg", DefaultMass))
		}
		if m.CenterOfMass == nil {
			m.CenterOfMass, m.CenterOfMassSource = &convert.Vec3{}, convert.Default
			defaulted = append(defaulted, "centre of mass at the body origin")
		}
		if m.InertiaDiagonal == nil {
			mass := *m.Mass
			r := math.Cbrt(3 * mass / (4 * math.Pi * density))
			k := 0.4 * mass * r * r
			setInertia(m, convert.Diag(convert.Vec3{k, k, k}), convert.Default)
			defaulted = append(defaulted, fmt.Sprintf("inertia of a solid sphere of that mass at %g kg/m³", density))
		}
	}
	if len(computed) > 0 {
		mc.diags.Add(convert.CodeMassComputed, convert.BodySubject(i), label(), "%s computed from the colliders at %g kg/m³ (or scaled to the given mass)", strings.Join(computed, ", "), density)
	}
	if len(defaulted) > 0 {
		d := mc.diags.Add(convert.CodeMassDefaulted, convert.BodySubject(i), label(), "the body has no colliders with volume; using %s", strings.Join(defaulted, ", "))
		if m.Kind == convert.Kinematic {
			// moved by its animation, as if of infinite mass: what it
			// is given changes nothing it does
			d.Message += " (a kinematic body, which no force moves)"
			d.WithSeverity(convert.Info)
		}
	}
}

// completeMassless keeps a body given as massless (a URDF link without
// <inertial>) massless: its centre of mass defaults to the origin and its
// inertia to zero. Parsers say so; emitters whose simulators reject
// massless moving bodies diagnose what they write instead.
func completeMassless(m *convert.Motion) {
	if m.CenterOfMass == nil {
		m.CenterOfMass, m.CenterOfMassSource = &convert.Vec3{}, convert.Default
	}
	if m.InertiaDiagonal == nil {
		m.InertiaDiagonal, m.InertiaOrientation, m.InertiaSource = &convert.Vec3{}, nil, convert.Default
	}
}

// markGiven records Given for values present before completion.
func markGiven(m *convert.Motion) {
	if m.Mass != nil && m.MassSource == "" {
		m.MassSource = convert.Given
	}
	if m.CenterOfMass != nil && m.CenterOfMassSource == "" {
		m.CenterOfMassSource = convert.Given
	}
	if m.InertiaDiagonal != nil && m.InertiaSource == "" {
		m.InertiaSource = convert.Given
	}
}

// setInertia stores a tensor as principal moments and orientation. An
// infinite mass gives infinite moments.
func setInertia(m *convert.Motion, I convert.Mat3, src convert.Source) {
	if m.Mass != nil && math.IsInf(*m.Mass, 1) {
		inf := math.Inf(1)
		m.InertiaDiagonal, m.InertiaOrientation, m.InertiaSource = &convert.Vec3{inf, inf, inf}, convert.Ptr(convert.IdentityQuat()), src
		return
	}
	d, q := PrincipalAxes(I)
	m.InertiaDiagonal, m.InertiaOrientation, m.InertiaSource = &d, &q, src
}

// unscale maps a point of the unscaled body frame into the node's scaled
// local frame (a zero scale component leaves that coordinate at 0).
func unscale(p, s convert.Vec3) convert.Vec3 {
	var out convert.Vec3
	for k := 0; k < 3; k++ {
		if s[k] != 0 {
			out[k] = p[k] / s[k]
		}
	}
	return out
}
