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
//   - sites and tendons become distance joints or are dropped where the
//     target has no tendons (see tendons), and distance joints become
//     tendons where it has;
//   - triggers, compound colliders, static motions, materials, filters,
//     couplings, visuals, vehicles, seats and spawn points the row lacks
//     are dropped or reshaped, one diagnostic each.
//
// Joint kinds and loops stay with the emitters: which joints close a loop
// and how a kind is composed depend on the tree each target builds.
package lower

import (
	"maps"
	"slices"

	"github.com/physconv/physconv/convert"
)

// Lower returns a copy of g reshaped into what caps allows, with one
// diagnostic per change. g is not modified. Lower is idempotent: lowering
// its result again changes nothing and says nothing.
func Lower(g *convert.Graph, caps *convert.Capabilities) (*convert.Graph, convert.Diagnostics) {
	l := &lowerer{g: g.Clone(), caps: caps, shapes: map[use]int{}, approximated: map[int]bool{}, said: map[use]change{}}
	orig := len(l.g.Shapes)
	if !caps.StaticMotion {
		for i := range l.g.Nodes {
			l.static(i)
		}
	}
	for i := range l.g.Nodes {
		l.shapesOf(i)
	}
	for i := range l.g.Nodes {
		l.node(i)
	}
	l.couplings()
	l.tendons()
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
	// said holds each source shape's diagnostics, repeated per use.
	said map[use]change
}

func (l *lowerer) static(i int) {
	g := l.g
	n := &g.Nodes[i]
	if n.Motion == nil || n.Motion.Kind != convert.Static {
		return
	}
	p := g.NodeLabel(i)
	m := n.Motion
	n.Motion = nil
	if m.MassSource == convert.Given || m.CenterOfMassSource == convert.Given || m.InertiaSource == convert.Given {
		l.diags.Add(convert.CodeStaticMotionDropped, convert.BodySubject(i), p, "this format writes static bodies as colliders without motion; the mass properties of static body %s are dropped (they have no effect)", p)
	}
	if b := g.BodyOf(n.Parent); b >= 0 {
		world := g.WorldTransform(i)
		reparent(g, i, -1)
		g.Nodes[i].Transform = world
		l.diags.Add(convert.CodeStaticBodyReparented, convert.BodySubject(i), p,
			"static body %s sat inside moving body %s, which would absorb it without a motion of its own, so it was moved to the scene root (same world position)", p, g.NodeLabel(b))
	}
}

// reparent moves node i under parent (-1 = scene root) without touching
// its local transform.
func reparent(g *convert.Graph, i, parent int) {
	drop := func(s []int) []int { return slices.DeleteFunc(slices.Clone(s), func(c int) bool { return c == i }) }
	if old := g.Nodes[i].Parent; old >= 0 {
		g.Nodes[old].Children = drop(g.Nodes[old].Children)
	} else {
		g.Roots = drop(g.Roots)
	}
	g.Nodes[i].Parent = parent
	if parent >= 0 {
		g.Nodes[parent].Children = append(g.Nodes[parent].Children, i)
	} else {
		g.Roots = append(g.Roots, i)
	}
}

// shapesOf lowers the shapes of node i's collider and trigger.
func (l *lowerer) shapesOf(i int) {
	g := l.g
	n := &g.Nodes[i]
	if t := n.Trigger; t != nil && !l.caps.Triggers {
		l.diags.Add(convert.CodeTriggerDropped, g.TriggerSubject(i), g.NodeLabel(i), "this format has no trigger volumes; the trigger is dropped")
		n.Trigger = nil
	}
	if c := n.Collider; c != nil && c.Shape >= 0 {
		if c.Shape = l.shape(c.Shape, g.ColliderSubject(i)); c.Shape < 0 {
			n.Collider = nil
		} else if l.approximatedShape(c.Shape) {
			l.approximated[g.BodyOf(i)] = true
		}
	}
	if t := n.Trigger; t != nil && t.Shape >= 0 {
		if t.Shape = l.shape(t.Shape, g.TriggerSubject(i)); t.Shape < 0 && len(t.Nodes) == 0 {
			n.Trigger = nil
		}
	}
}

func (l *lowerer) node(i int) {
	g, caps := l.g, l.caps
	n := &g.Nodes[i]
	p := g.NodeLabel(i)
	if c := n.Collider; c != nil && c.Shape < 0 && !caps.CompoundColliders {
		l.diags.Add(convert.CodeCompoundColliderDropped, g.ColliderSubject(i), p,
			"this format has no shape-less compound collider; the descendants' colliders still join the body")
		if c.Material >= 0 || c.Filter >= 0 {
			l.diags.Add(convert.CodeFieldDropped, g.ColliderSubject(i), p, "the compound collider's physics material/filter is not applied to its descendants").Affecting(convert.QMaterial, convert.QFilter)
		}
		n.Collider = nil
	}
	if n.Trigger != nil {
		l.trigger(i)
	}
	if c := n.Collider; c != nil {
		if c.Material >= 0 && !caps.Materials {
			l.diags.Add(convert.CodeMaterialDropped, g.ColliderSubject(i), p, "this format has no physics materials; the friction and restitution of this collider are dropped")
			c.Material = -1
		}
		if c.Filter >= 0 && !caps.Filters {
			l.diags.Add(convert.CodeCollisionFilterDropped, g.ColliderSubject(i), p, "this format has no collision filters; this collider collides with everything")
			c.Filter = -1
		}
	}
	if n.Visual != nil && !caps.Visuals {
		l.diags.Add(convert.CodeVisualDropped, g.VisualSubject(i), p, "the visual shape of %s is not written: this format carries physics and the node hierarchy only", p)
		n.Visual = nil
	}
	if v := n.Visual; v != nil && v.Shape >= 0 {
		if v.Shape = l.shape(v.Shape, g.VisualSubject(i)); v.Shape < 0 {
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

func (l *lowerer) couplings() {
	if l.caps.Couplings || len(l.g.Couplings) == 0 {
		return
	}
	for k, c := range l.g.Couplings {
		l.diags.Add(convert.CodeCouplingDropped, convert.CouplingSubject(k), l.g.NodeLabel(c.Follower),
			"this format has no joint couplings; the coupling of joint %s to joint %s is dropped", l.g.NodeLabel(c.Follower), l.g.NodeLabel(c.Leader))
	}
	l.g.Couplings = nil
}

// keepMass makes the computed mass properties of bodies with approximated
// colliders given values, where the target would otherwise compute them
// from the approximated shapes.
func (l *lowerer) keepMass() {
	if l.caps.Recomputes == 0 {
		return
	}
	for _, b := range slices.Sorted(maps.Keys(l.approximated)) {
		if b < 0 {
			continue
		}
		m := l.g.Nodes[b].Motion
		if m == nil || m.Kind != convert.Dynamic {
			continue
		}
		var kept convert.MassProps
		for _, x := range []struct {
			set bool
			src *convert.Source
			p   convert.MassProps
		}{{m.Mass != nil, &m.MassSource, convert.PropMass}, {m.CenterOfMass != nil, &m.CenterOfMassSource, convert.PropCenterOfMass}, {m.InertiaDiagonal != nil, &m.InertiaSource, convert.PropInertia}} {
			if x.set && *x.src == convert.Computed && l.caps.Recomputes&x.p != 0 {
				*x.src = convert.Given
				kept |= x.p
			}
		}
		if kept != 0 {
			p := l.g.NodeLabel(b)
			l.diags.Add(convert.CodeMassKeptExplicit, convert.BodySubject(b), p, "the %s of body %s, computed from its exact shapes, are written explicitly so the engine does not compute them from the approximated ones", kept, p)
		}
	}
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
	var kept []convert.Shape
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
