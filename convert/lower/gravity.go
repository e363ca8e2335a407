package lower

import (
	"maps"
	"math"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/internal/xmlx"
)

// gravity writes the scene's gravity in the form the target has: as is
// (MJCF), as every body's gravity factor relative to the engine's default
// (a zero-g scene to KHR, OMI or Godot: factor 0, exact), or not at all,
// said by a warning. The other way, bodies that all share one factor
// become the scene's gravity where the target has no factors (KHR zero-g
// to MJCF).
func (l *lowerer) gravity() {
	g, caps := l.g, l.caps
	if src := g.EngineGravity(); g.Gravity == nil && caps.DefaultGravity > 0 && src != caps.DefaultGravity {
		// the source's engine pulls otherwise than the target's by default:
		// its gravity is the scene's, in whatever form the target has
		g.Gravity = &convert.Vec3{0, -src, 0}
		l.diags.Add(convert.CodeEngineGravity, convert.DocumentSubject(), "",
			"the source engine's default gravity, %s m/s², is not the target's (%s m/s²): it is kept as the scene's gravity", xmlx.Num(src), xmlx.Num(caps.DefaultGravity))
	}
	if caps.DefaultGravity > 0 {
		g.DefaultGravity = caps.DefaultGravity
		if v := g.Gravity; v != nil && !g.GravityFromProject && *v == (convert.Vec3{0, -caps.DefaultGravity, 0}) {
			g.Gravity = nil // the target's default, exactly
			return
		}
	}
	switch {
	case g.Gravity != nil && g.GravityFromProject && caps.ProjectGravity:
		v := *g.Gravity
		l.diags.Add(convert.CodeGravityFromProject, convert.DocumentSubject(), "",
			"the scene's gravity %s m/s² is its project's default: the output takes the gravity of the project it is placed in", xmlx.Nums(v[:]...))
		g.Gravity, g.GravityFromProject = nil, false
	case g.Gravity != nil && !caps.SceneGravity:
		v := *g.Gravity
		down := v[0] == 0 && v[2] == 0 && v[1] <= 0
		if !caps.GravityFactors || !down || !(caps.DefaultGravity > 0) {
			l.diags.Add(convert.CodeGravityDropped, convert.DocumentSubject(), "",
				"the scene's gravity %s m/s² has no form in this format; the engine's default gravity applies", xmlx.Nums(v[:]...))
			g.Gravity = nil
			return
		}
		f := -v[1] / caps.DefaultGravity
		if f == 0 {
			f = 0 // not -0
		}
		for i := range g.Nodes {
			if m := g.Nodes[i].Motion; m != nil && m.Kind != convert.Static {
				m.GravityFactor *= f
			}
		}
		if g.Extras == nil {
			g.Extras = map[string]any{}
		}
		g.Extras[convert.ExtraGravityAsFactors] = convert.GravityAsFactors{Gravity: v, FromProject: g.GravityFromProject, Factor: f}
		g.Gravity, g.GravityFromProject = nil, false
		l.diags.Add(convert.CodeGravityAsFactors, convert.DocumentSubject(), "",
			"the scene's gravity %s m/s² is written as a gravity factor of %s on every body (of the engine's default %s m/s²)", xmlx.Nums(v[:]...), xmlx.Num(f), xmlx.Num(caps.DefaultGravity))
	case caps.SceneGravity && !caps.GravityFactors && caps.DefaultGravity > 0:
		f, ok := sharedGravityFactor(g)
		if !ok || f == 1 {
			return
		}
		for i := range g.Nodes {
			if m := g.Nodes[i].Motion; m != nil && m.Kind != convert.Static {
				m.GravityFactor = 1
			}
		}
		v := convert.Vec3{0, -caps.DefaultGravity, 0}
		if g.Gravity != nil {
			v = *g.Gravity
		}
		for k := range v {
			if v[k] *= f; v[k] == 0 {
				v[k] = 0 // not -0
			}
		}
		g.Gravity = &v
		l.diags.Add(convert.CodeGravityFactorsAsScene, convert.DocumentSubject(), "",
			"every body has gravity factor %s: written as the scene's gravity, %s m/s²", xmlx.Num(f), xmlx.Nums(v[:]...))
	}
}

// sceneDamping makes a scene's default damping the target engine's: where
// they differ, every dynamic body replaces the engine's default with the
// damping that slowed it in the source (exact). Targets without body
// damping say what they drop as they write (convert.MotionLosses,
// convert.SceneDampingLoss).
func (l *lowerer) sceneDamping() {
	g, caps := l.g, l.caps
	if !caps.BodyDamping || g.Damping == caps.DefaultDamping {
		return
	}
	for i := range g.Nodes {
		m := g.Nodes[i].Motion
		if m == nil || m.Kind != convert.Dynamic {
			continue
		}
		m.LinearDamping, m.AngularDamping = g.BodyDamping(m)
		m.ReplaceLinearDamping, m.ReplaceAngularDamping = true, true
	}
	g.Damping = caps.DefaultDamping
}

// solverSettings drops scene-wide simulator settings a target cannot
// write, naming them.
func (l *lowerer) solverSettings() {
	if len(l.g.SolverSettings) == 0 || l.caps.SolverSettings {
		return
	}
	l.diags.Add(convert.CodeSolverSettingsDropped, convert.DocumentSubject(), "",
		"the source's simulator settings are not written (this format has none; the engine's own apply): %s", strings.Join(l.g.SolverSettings, ", "))
	l.g.SolverSettings = nil
}

// jointSolvers drops engine-specific joint-solver parameters the target
// cannot write, naming them per joint.
func (l *lowerer) jointSolvers() {
	for i := range l.g.Nodes {
		j := l.g.Nodes[i].Joint
		if j == nil || j.Solver == nil || l.caps.JointSolver != "" && strings.HasPrefix(j.Solver.Class, l.caps.JointSolver) {
			continue
		}
		l.diags.Add(convert.CodeJointSolverDropped, convert.JointSubject(i), l.g.Nodes[i].Name,
			"%s solver parameters have no form in this format (its engine's own defaults apply, so limits and motors respond differently): %s", j.Solver.Class, j.Solver.Text())
		j.Solver = nil
	}
}

// softWelds names each weld a Godot scene made that the target holds
// rigidly: Godot solves every joint iteratively, so its welded bodies
// give under load (a pair that lands bends at the weld), while MJCF and
// URDF make them one rigid body. The joint keeps no Godot class, so
// lowering again says nothing.
func (l *lowerer) softWelds() {
	if !l.caps.RigidWelds {
		return
	}
	for i := range l.g.Nodes {
		n := &l.g.Nodes[i]
		class, godot := n.Extras[convert.ExtraGodotClass].(string)
		if n.Joint == nil || !godot || kin.Classify(n.Joint).Kind != kin.KindFixed {
			continue
		}
		l.diags.Add(convert.CodeJointComplianceChanged, convert.JointSubject(i), n.Name,
			"Godot holds the bodies of this %s only as firmly as its solver does (they give under load); this format holds a fixed joint rigidly, so they move as one body", class)
		n.Extras = maps.Clone(n.Extras)
		delete(n.Extras, convert.ExtraGodotClass)
	}
}

// velocities drops initial velocities a target cannot write, naming
// them per body.
func (l *lowerer) velocities() {
	if l.caps.InitialVelocities {
		return
	}
	for i := range l.g.Nodes {
		m := l.g.Nodes[i].Motion
		if m == nil || m.LinearVelocity == (convert.Vec3{}) && m.AngularVelocity == (convert.Vec3{}) {
			continue
		}
		l.diags.Add(convert.CodeVelocityDropped, convert.BodySubject(i), l.g.Nodes[i].Name,
			"this format has no initial velocity: the body starts at rest instead of moving at %v m/s, turning at %v rad/s", m.LinearVelocity, m.AngularVelocity)
		m.LinearVelocity, m.AngularVelocity = convert.Vec3{}, convert.Vec3{}
	}
}

// sharedGravityFactor returns the gravity factor every moving body has,
// when there is at least one and they agree.
func sharedGravityFactor(g *convert.Graph) (float64, bool) {
	f, seen := math.NaN(), false
	for i := range g.Nodes {
		m := g.Nodes[i].Motion
		if m == nil || m.Kind == convert.Static {
			continue
		}
		if seen && m.GravityFactor != f {
			return 0, false
		}
		f, seen = m.GravityFactor, true
	}
	return f, seen
}
