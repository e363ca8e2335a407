// Package lower reshapes a Graph into what one target can express before
// Emit writes it, so emitters only write. The target's row of the
// capability table (convert.Capabilities, declared by each format on its
// descriptor) decides what changes; the policy for each case is the same
// for every target:
//
//   - a tapered capsule or cylinder (or a cone) becomes the same kind with
//     the larger radius, which encloses the source shape, so no contact is
//     missed;
//   - an ellipsoid with three equal semi-axes is a sphere (exact); any
//     other becomes a convex mesh of 12×24 facets;
//   - a heightfield becomes a triangle mesh;
//   - a triangle mesh becomes its convex hull (the same mesh as a convex
//     shape) where the target collides with hulls only;
//   - a finite plane becomes an infinite one where the target has only
//     those, or else a box of its extent, 1 mm thick, centred on it; an
//     infinite plane without a target form is dropped;
//   - a mesh without loaded triangles is loaded, or dropped when it cannot
//     be; a convex point cloud gets its hull's faces where meshes need them;
//   - whatever is still not in the row (a ray, say) is dropped;
//   - when a collider's shape was approximated, the body's mass
//     properties (computed from the exact shapes) are kept as given values
//     so the target writes them instead of recomputing them from the
//     approximation;
//   - a wheel on a dynamic body becomes a wheel body on a spin hinge below
//     a suspension slide where the row has no vehicles (see jointWheels);
//   - sites and tendons become distance joints or are dropped where the
//     target has no tendons (see tendons), and distance joints become
//     tendons where it has; a tendon between two sites fixed in one body
//     (or both in the world) constrains nothing and becomes no joint;
//   - two joints that meet at a bare massless body become one joint
//     along and about the same axes where the target's engine solves
//     bodies in world coordinates (Godot) and one joint can say it (see
//     fuseMasslessChains);
//   - a joint's damping beside its one spring is the spring's where the
//     target writes passive springs (MJCF), which read it back so (see
//     springDamping);
//   - a joint whose two frames lie in one body, or both outside every
//     body (the world), constrains nothing and is dropped (see
//     inertJoints);
//   - triggers, compound colliders, static motions, materials, filters,
//     couplings, visuals, vehicles, seats and spawn points the row lacks
//     are dropped or reshaped, one diagnostic each;
//   - a filter listing both collideWith and notCollideWith systems keeps
//     its collideWith list alone where the target's filters hold one list
//     (glTF): the other decides no pair (see filterLists).
//
// Joint kinds and loops stay with the emitters: which joints close a loop
// and how a kind is composed depend on the tree each target builds.
package lower

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// Lower returns a copy of g reshaped into what caps allows, with one
// diagnostic per change. g is not modified. Lower is idempotent: lowering
// its result again changes nothing and says nothing.
func Lower(g *convert.Graph, caps *convert.Capabilities) (*convert.Graph, convert.Diagnostics) {
	return LowerInPlace(g.Clone(), caps)
}

// LowerInPlace is Lower reshaping g itself, for a caller that owns g and
// needs only its lowered form (a conversion writes the Graph it parsed and
// nothing else): the copy Lower makes was the largest allocation, and the
// largest live object while the output was verified, of converting a long
// chain.
func LowerInPlace(g *convert.Graph, caps *convert.Capabilities) (*convert.Graph, convert.Diagnostics) {
	l := &lowerer{g: g, caps: caps, shapes: map[use]int{}, approximated: map[int]bool{}, said: map[use]change{}, slabs: map[int]bool{}}
	orig := len(l.g.Shapes)
	if !caps.Vehicles {
		l.jointWheels()
	}
	if !caps.StaticMotion {
		l.staticJointExclusions()
		// world poses from one snapshot (a static body keeps its own)
		frames := l.g.Frames(-1)
		var movedFrom []int
		for i := range l.g.Nodes {
			if from, moved := l.static(i, frames); moved {
				movedFrom = append(movedFrom, from)
			}
		}
		l.g.DropMoved(movedFrom)
	}
	// no node moves or changes body below: each node's body is found
	// once (a walk up per node is quadratic in a deep chain of frames)
	l.owners = l.g.BodyOwners()
	for i := range l.g.Nodes {
		l.shapesOf(i)
	}
	for i := range l.g.Nodes {
		l.node(i)
	}
	l.owners = nil
	l.sinkSlabs()
	l.filterLists()
	l.oneSidedContacts()
	l.couplings()
	l.tendons()
	l.fuseBallChains()
	l.fuseMasslessChains()
	l.springDamping()
	l.inertJoints()
	l.gravity()
	l.sceneDamping()
	l.solverSettings()
	l.jointSolvers()
	l.softWelds()
	l.velocities()
	l.physicalInertia()
	l.pointMasses()
	if l.caps.Materials {
		l.contactExtras()
	}
	l.keepMass()
	l.compact(orig)
	return l.g, l.diags
}

type lowerer struct {
	g     *convert.Graph
	caps  *convert.Capabilities
	diags convert.Diagnostics
	// shapes maps a source shape use to its lowered index (-1: dropped),
	// so a shape several nodes use is converted once.
	shapes map[use]int
	// approximated holds the bodies (node index, -1 for static parts)
	// whose collider shapes were approximated.
	approximated map[int]bool
	// slabs are the boxes infinite planes became, to be lowered under
	// them (sinkSlabs)
	slabs map[int]bool
	// said holds each source shape's diagnostics, repeated per use.
	said map[use]change
	// owners is every node's body while shapes are lowered (shapesOf, node).
	owners []int
}

// colliderSubject, triggerSubject and visualSubject are node i's parts as
// subjects, its body taken from owners.
func (l *lowerer) colliderSubject(i int) convert.Subject {
	return convert.ColliderSubject(i, l.owners[i])
}

func (l *lowerer) triggerSubject(i int) convert.Subject {
	return convert.TriggerSubject(i, l.owners[i])
}

func (l *lowerer) visualSubject(i int) convert.Subject {
	return convert.VisualSubject(i, l.owners[i])
}

// static writes static body i as colliders without motion, and moves it
// to the scene root when it sits inside a moving body; moved says so, and
// from is the parent whose child list still holds it (Graph.DropMoved).
func (l *lowerer) static(i int, frames *convert.Frames) (from int, moved bool) {
	g := l.g
	n := &g.Nodes[i]
	if n.Motion == nil || n.Motion.Kind != convert.Static {
		return 0, false
	}
	p := g.NodeLabel(i)
	m := n.Motion
	n.Motion = nil
	if m.MassSource == convert.Given || m.CenterOfMassSource == convert.Given || m.InertiaSource == convert.Given {
		l.diags.Add(convert.CodeStaticMotionDropped, convert.BodySubject(i), p, "this format writes static bodies as colliders without motion; the mass properties of static body %s are dropped (they have no effect)", p)
	}
	if b := g.BodyOf(n.Parent); b >= 0 {
		from = n.Parent
		world := frames.World(i)
		n.Parent, n.Transform = -1, world
		g.Roots = append(g.Roots, i)
		l.diags.Add(convert.CodeStaticBodyReparented, convert.BodySubject(i), p,
			"static body %s sat inside moving body %s, which would absorb it without a motion of its own, so it was moved to the scene root (same world position)", p, g.NodeLabel(b))
		return from, true
	}
	return 0, false
}

// shapesOf lowers the shapes of node i's collider and trigger.
func (l *lowerer) shapesOf(i int) {
	g := l.g
	n := &g.Nodes[i]
	if t := n.Trigger; t != nil && !l.caps.Triggers {
		l.diags.Add(convert.CodeTriggerDropped, l.triggerSubject(i), g.NodeLabel(i), "this format has no trigger volumes; the trigger is dropped")
		n.Trigger = nil
	}
	if c := n.Collider; c != nil && c.Shape >= 0 {
		if c.Shape = l.shape(c.Shape, l.colliderSubject(i)); c.Shape < 0 {
			n.Collider = nil
		} else if l.approximatedShape(c.Shape) {
			l.approximated[l.owners[i]] = true
		}
	}
	if t := n.Trigger; t != nil && t.Shape >= 0 {
		if t.Shape = l.shape(t.Shape, l.triggerSubject(i)); t.Shape < 0 && len(t.Nodes) == 0 {
			n.Trigger = nil
		}
	}
}

func (l *lowerer) node(i int) {
	g, caps := l.g, l.caps
	n := &g.Nodes[i]
	label := func() string { return g.NodeLabel(i) } // spelt only for a diagnostic
	if c := n.Collider; c != nil && c.Shape < 0 && !caps.CompoundColliders {
		p := label()
		l.diags.Add(convert.CodeCompoundColliderDropped, l.colliderSubject(i), p,
			"this format has no shape-less compound collider; the descendants' colliders still join the body")
		if c.Material >= 0 || c.Filter >= 0 {
			l.diags.Add(convert.CodeFieldDropped, l.colliderSubject(i), p, "the compound collider's physics material/filter is not applied to its descendants").Affecting(convert.QMaterial, convert.QFilter)
		}
		n.Collider = nil
	}
	if n.Trigger != nil {
		l.trigger(i)
	}
	if c := n.Collider; c != nil {
		if c.Material >= 0 && !caps.Materials {
			l.diags.Add(convert.CodeMaterialDropped, l.colliderSubject(i), label(), "this format has no physics materials; the friction and restitution of this collider are dropped")
			c.Material = -1
		}
		if c.Filter >= 0 && !caps.Filters {
			l.diags.Add(convert.CodeCollisionFilterDropped, l.colliderSubject(i), label(), "this format has no collision filters; this collider collides with everything")
			c.Filter = -1
		}
	}
	if n.Visual != nil && !caps.Visuals {
		p := label()
		l.diags.Add(convert.CodeVisualDropped, l.visualSubject(i), p, "the visual shape of %s is not written: this format carries physics and the node hierarchy only", p)
		n.Visual = nil
	}
	if v := n.Visual; v != nil && v.Shape >= 0 {
		if v.Shape = l.shape(v.Shape, l.visualSubject(i)); v.Shape < 0 {
			n.Visual = nil
		}
	}
	l.vehicle(i)
}

func (l *lowerer) trigger(i int) {
	g, caps := l.g, l.caps
	t := g.Nodes[i].Trigger
	p, subj := g.NodeLabel(i), g.TriggerSubject(i)
	if t.Shape < 0 && len(t.Nodes) == 0 && !caps.ImplicitTriggers {
		t.Nodes = descendantTriggers(g, i)
		if len(t.Nodes) == 0 {
			l.diags.Add(convert.CodeTriggerDropped, subj, p, "an implicit compound trigger without descendant triggers has no volume; dropped")
			g.Nodes[i].Trigger = nil
			return
		}
		l.diags.Add(convert.CodeCompoundTriggerListed, subj, p, "the implicit compound trigger now lists its %d descendant triggers in trigger.nodes", len(t.Nodes))
	}
	if len(t.Nodes) > 0 && t.Shape >= 0 {
		l.diags.Add(convert.CodeFieldDropped, subj, p, "a trigger has either geometry or nodes; the node list is dropped").Affecting(convert.QTrigger)
		t.Nodes = nil
	}
	if len(t.Nodes) > 0 && t.Filter >= 0 && !caps.CompoundTriggerFilters {
		l.diags.Add(convert.CodeFieldDropped, subj, p, "compound triggers cannot carry a collision filter in this format; it is dropped (set it on the member triggers)").Affecting(convert.QFilter)
		t.Filter = -1
	}
}

// descendantTriggers lists the descendants of i with a trigger shape whose
// nearest trigger ancestor is i, not crossing into another body.
func descendantTriggers(g *convert.Graph, i int) []int {
	var out []int
	var walk func(int)
	walk = func(n int) {
		for _, c := range g.Nodes[n].Children {
			if g.Nodes[c].Motion != nil {
				continue
			}
			t := g.Nodes[c].Trigger
			if t != nil && t.Shape >= 0 {
				out = append(out, c)
			}
			if t == nil {
				walk(c)
			}
		}
	}
	walk(i)
	return out
}

func (l *lowerer) vehicle(i int) {
	n := &l.g.Nodes[i]
	if n.Vehicle == nil && n.Wheel == nil && n.Thruster == nil && n.HoverThruster == nil && n.Seat == nil && n.SpawnPoint == nil {
		return // most nodes: nothing to drop, no label to format
	}
	p := l.g.NodeLabel(i)
	say := func(what string) {
		l.diags.Add(convert.CodeVehicleDropped, convert.VehicleSubject(i), p, "this format has no %s; the one on %s is dropped", what, p)
	}
	if !l.caps.Vehicles {
		for _, x := range []struct {
			set  bool
			drop func()
			what string
		}{
			{n.Vehicle != nil, func() { n.Vehicle = nil }, "vehicle bodies"},
			{n.Wheel != nil, func() { n.Wheel = nil }, "vehicle wheels"},
			{n.Thruster != nil, func() { n.Thruster = nil }, "thrusters"},
			{n.HoverThruster != nil, func() { n.HoverThruster = nil }, "hover thrusters"},
		} {
			if x.set {
				say(x.what)
				x.drop()
			}
		}
	}
	if n.Seat != nil && !l.caps.Seats {
		say("seats")
		n.Seat = nil
	}
	if n.SpawnPoint != nil && !l.caps.SpawnPoints {
		say("spawn points")
		n.SpawnPoint = nil
	}
}

// filterLists leaves every filter at most one of its collideWith and
// notCollideWith lists where the target's filters cannot hold both
// (KHR_physics_rigid_bodies and OMI_physics_body forbid it). The Graph
// reads a filter with collideWith by that list alone
// (convert.Filter.Accepts), so notCollideWith is the one dropped and no
// pair of colliders changes; an MJCF <exclude> between bodies whose geoms
// have contype/conaffinity masks makes such filters (the MJCF reader
// warns when that loses the exclusion). Filters holds its own copies of
// the filters (Graph.Clone copies the slice), so Lower leaves the
// caller's lists alone: the dropped list is set aside, not cut in place.
//
// Each change is an info rather than nothing: the physics stay as they
// are, but the written filter lists fewer systems than the source's,
// which a comparison of the two files sees (and MJCF written from the
// output has no <exclude> for it).
func (l *lowerer) filterLists() {
	if !l.caps.Filters || l.caps.FilterBothLists {
		return
	}
	for k := range l.g.Filters {
		f := &l.g.Filters[k]
		if len(f.CollideWith) == 0 || len(f.NotCollideWith) == 0 {
			continue
		}
		l.diags.Add(convert.CodeFieldDropped, convert.FilterSubject(k), convert.FilterLabel(l.g, k),
			"this format's collision filters cannot list both collideWithSystems and notCollideWithSystems; notCollideWithSystems %v is dropped, which changes no pair of colliders (with collideWithSystems listed it excludes nothing)", f.NotCollideWith).
			WithSeverity(convert.Info).Affecting(convert.QFilter)
		f.NotCollideWith = nil
	}
}

// oneSidedContacts warns, for a target whose contacts push both bodies,
// of the pairs the source pushed one way only (ExtraOneSidedContacts).
func (l *lowerer) oneSidedContacts() {
	pairs, _ := l.g.Extras[convert.ExtraOneSidedContacts].([]string)
	if l.caps.OneSidedContacts || len(pairs) == 0 {
		return
	}
	shown := pairs[:min(len(pairs), 4)]
	more := ""
	if len(pairs) > len(shown) {
		more = fmt.Sprintf(" and %d more", len(pairs)-len(shown))
	}
	l.diags.Add(convert.CodeCollisionFilterWidened, convert.DocumentSubject(), "filters",
		"in the source a body can respond to another's contacts without the other responding to its own (%s%s); this format pushes both bodies of every colliding pair", strings.Join(shown, "; "), more).
		Affecting(convert.QFilter)
}

func (l *lowerer) couplings() {
	if l.caps.Couplings {
		for k := range l.g.Couplings {
			c := &l.g.Couplings[k]
			if c.Solver == nil || l.caps.JointSolver != "" && strings.HasPrefix(c.Solver.Class, l.caps.JointSolver) {
				continue
			}
			l.diags.Add(convert.CodeJointSolverDropped, convert.CouplingSubject(k), l.g.NodeLabel(c.Follower),
				"%s solver parameters of the coupling of joint %s to joint %s have no form in this format (the coupling holds as its engine holds couplings): %s", c.Solver.Class, l.g.NodeLabel(c.Follower), l.g.NodeLabel(c.Leader), c.Solver.Text())
			c.Solver = nil
		}
		return
	}
	if len(l.g.Couplings) == 0 {
		return
	}
	for k, c := range l.g.Couplings {
		l.diags.Add(convert.CodeCouplingDropped, convert.CouplingSubject(k), l.g.NodeLabel(c.Follower),
			"this format has no joint couplings; the coupling of joint %s to joint %s is dropped", l.g.NodeLabel(c.Follower), l.g.NodeLabel(c.Leader))
	}
	l.g.Couplings = nil
}

// keepMass makes computed mass properties given values wherever the
// target's readers would compute something else from what is written: a
// body whose collider shapes were approximated, and, for targets that
// leave computed values to their readers, any body whose values the
// readers' uniform-density rule does not reproduce from the lowered Graph
// (a source's own rules such as MJCF per-geom masses, a non-default
// density, mesh vertices rounded to float32).
func (l *lowerer) keepMass() {
	if l.caps.Recomputes == 0 {
		return
	}
	why := map[int]string{}
	for b := range l.approximated {
		// dynamic bodies: how a kinematic one moves does not depend on it
		if m := l.motion(b); m != nil && m.Kind == convert.Dynamic {
			why[b] = "(computed from its exact shapes) are written explicitly so the engine does not compute them from the approximated ones"
		}
	}
	if l.caps.OmitsComputedMass {
		for b, diff := range l.recomputed() {
			if _, ok := why[b]; !ok {
				why[b] = fmt.Sprintf("are written explicitly: from what is written, its readers would compute %s", diff)
			}
		}
	}
	for _, b := range slices.Sorted(maps.Keys(why)) {
		if kept := l.keep(l.motion(b)); kept != 0 {
			p := l.g.NodeLabel(b)
			l.diags.Add(convert.CodeMassKeptExplicit, convert.BodySubject(b), p, "the %s of body %s %s", kept, p, why[b])
		}
	}
}

// motion is body b's Motion (nil for the static parts, b < 0).
func (l *lowerer) motion(b int) *convert.Motion {
	if b < 0 {
		return nil
	}
	return l.g.Nodes[b].Motion
}

// keep marks m's computed mass properties that the target recomputes as
// given, returning which.
func (l *lowerer) keep(m *convert.Motion) convert.MassProps {
	var kept convert.MassProps
	for _, f := range l.recomputable(m) {
		*f.src = convert.Given
		kept |= f.p
	}
	return kept
}

// massField is one mass property of a Motion: its source, which it is,
// and how to forget its value.
type massField struct {
	src   *convert.Source
	p     convert.MassProps
	clear func()
}

// recomputable lists m's computed mass properties that the target's
// readers compute when they are not written.
func (l *lowerer) recomputable(m *convert.Motion) []massField {
	var out []massField
	for _, f := range []massField{
		{&m.MassSource, convert.PropMass, func() { m.Mass = nil }},
		{&m.CenterOfMassSource, convert.PropCenterOfMass, func() { m.CenterOfMass = nil }},
		{&m.InertiaSource, convert.PropInertia, func() { m.InertiaDiagonal, m.InertiaOrientation = nil, nil }},
	} {
		if *f.src == convert.Computed && l.caps.Recomputes&f.p != 0 {
			out = append(out, f)
		}
	}
	return out
}

// recomputed returns, for each moving body (kinematic ones too: their
// mass properties are read back) whose computed mass properties the
// target leaves to its readers, what those readers would compute from the
// lowered Graph when it differs.
func (l *lowerer) recomputed() map[int]string {
	probe := l.g.Clone()
	var bodies []int
	for i := range probe.Nodes {
		m := probe.Nodes[i].Motion
		if m == nil || m.Kind == convert.Static || m.IsMassless() {
			continue
		}
		fields := l.recomputable(m)
		for _, f := range fields {
			f.clear()
			*f.src = ""
		}
		if len(fields) > 0 {
			bodies = append(bodies, i)
		}
	}
	if len(bodies) == 0 {
		return nil
	}
	if l.caps.Float32Meshes {
		for k := range probe.Meshes {
			probe.Meshes[k].Positions = float32Positions(probe.Meshes[k].Positions)
		}
	}
	// what a reader of the written file completes, at its default density
	read, _ := mass.Complete(probe, nil)
	out := map[int]string{}
	for _, b := range bodies {
		if diff := massDiff(l.g.Nodes[b].Motion, read.Nodes[b].Motion); diff != "" {
			out[b] = diff
		}
	}
	return out
}

// float32Positions rounds vertex positions as a float32 accessor stores them.
func float32Positions(pos []convert.Vec3) []convert.Vec3 {
	out := make([]convert.Vec3, len(pos))
	for i, p := range pos {
		out[i] = convert.Vec3{float64(float32(p[0])), float64(float32(p[1])), float64(float32(p[2]))}
	}
	return out
}

// massEqual is the relative difference below which two mass properties
// are the same number computed along another path (summation order); what
// readers compute differently (float32 vertices move hull inertia ~1e-8)
// lies far above it.
const massEqual = 1e-12

// massDiff names the first of mass, centre of mass and inertia that
// differs between want and got ("" when none does).
func massDiff(want, got *convert.Motion) string {
	if want == nil || got == nil || want.Mass == nil || got.Mass == nil {
		return ""
	}
	if !near(*want.Mass, *got.Mass, math.Abs(*want.Mass)) {
		return fmt.Sprintf("mass %g kg instead of %g", *got.Mass, *want.Mass)
	}
	if want.CenterOfMass != nil && got.CenterOfMass != nil {
		w, g := *want.CenterOfMass, *got.CenterOfMass
		scale := math.Max(w.Len(), g.Len())
		if !near(w[0], g[0], scale) || !near(w[1], g[1], scale) || !near(w[2], g[2], scale) {
			return fmt.Sprintf("centre of mass %v instead of %v", g, w)
		}
	}
	wi, ok1 := want.InertiaTensor()
	gi, ok2 := got.InertiaTensor()
	if ok1 && ok2 {
		scale := 0.0
		for r := 0; r < 3; r++ {
			scale = math.Max(scale, math.Max(math.Abs(wi[r][r]), math.Abs(gi[r][r])))
		}
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				if !near(wi[r][c], gi[r][c], scale) {
					return fmt.Sprintf("inertia %v instead of %v", *got.InertiaDiagonal, *want.InertiaDiagonal)
				}
			}
		}
	}
	return ""
}

// near compares a and b relative to scale (exactly when scale is 0 or
// infinite).
func near(a, b, scale float64) bool {
	if a == b {
		return true
	}
	if math.IsInf(scale, 0) || math.IsNaN(scale) {
		return false
	}
	return math.Abs(a-b) <= massEqual*scale
}

// approximatedShape reports whether lowered shape index s was made by the
// pass as an approximation (kept in the shapes map with the marker).
func (l *lowerer) approximatedShape(s int) bool {
	return s >= 0 && s < len(l.g.Shapes) && l.g.Shapes[s].Extras[approxKey] == true
}

// approxKey marks shapes the pass approximated; compact removes it.
const approxKey = "lower.approximated"

// compact removes the shapes below orig that no node uses any more (the
// pass replaced or dropped them), renumbering the references, so emitters
// that write every shape see none the row lacks, and clears the pass's
// markers.
func (l *lowerer) compact(orig int) {
	g := l.g
	used := make([]bool, len(g.Shapes))
	for _, n := range g.Nodes {
		if c := n.Collider; c != nil && c.Shape >= 0 {
			used[c.Shape] = true
		}
		if t := n.Trigger; t != nil && t.Shape >= 0 {
			used[t.Shape] = true
		}
		if v := n.Visual; v != nil && v.Shape >= 0 && v.Shape < len(used) {
			used[v.Shape] = true
		}
	}
	replaced := map[int]bool{}
	for u, to := range l.shapes {
		if to != u.shape {
			replaced[u.shape] = true
		}
	}
	remap := make([]int, len(g.Shapes))
	kept := make([]convert.Shape, 0, len(g.Shapes))
	for s, sh := range g.Shapes {
		if !used[s] && (s >= orig || replaced[s]) {
			remap[s] = -1
			continue
		}
		if sh.Extras[approxKey] != nil {
			sh.Extras = without(sh.Extras, approxKey)
		}
		remap[s] = len(kept)
		kept = append(kept, sh)
	}
	if len(kept) == 0 {
		kept = nil // as appending nothing left it
	}
	g.Shapes = kept
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if c := n.Collider; c != nil && c.Shape >= 0 {
			c.Shape = remap[c.Shape]
		}
		if t := n.Trigger; t != nil && t.Shape >= 0 {
			t.Shape = remap[t.Shape]
		}
		if v := n.Visual; v != nil && v.Shape >= 0 && v.Shape < len(remap) {
			v.Shape = remap[v.Shape]
		}
	}
}

func without(m map[string]any, key string) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		if k != key {
			out[k] = v
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
