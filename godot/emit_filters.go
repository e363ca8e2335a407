package godot

import (
	"fmt"
	"slices"
	"strings"

	"github.com/physconv/physconv/convert"
)

// filterWidening warns about collision filters whose colliders collide in
// Godot but not in the source (or the other way round): glTF needs both
// colliders to accept each other; in Godot an object responds to another
// when its mask meets the other's layer, so two collide when either one
// that responds can: a rigid body pushed, an area detecting. A static or
// animated body that would respond is not moved, so its filter takes
// part only through the bodies and areas that respond to it.
func (e *emitter) filterWidening() {
	const rule = "in Godot a moving body or an area responds to another object when its mask meets the other's layer; glTF needs both sides to accept"
	for _, m := range e.filterMismatches(e.filterLayerMask) {
		e.note(convert.CodeCollisionFilterWidened, convert.FilterSubject(m.IA), "filters", "%s (%s)", m.Describe("Godot"), rule)
	}
	for _, i := range e.unfilteredMismatches(e.filterLayerMask, e.unfilteredMask()) {
		how := "collide in Godot but not in the source"
		if convert.FiltersCollide(e.g.Filters[i], convert.Filter{}) {
			how = "collide in the source but not in Godot"
		}
		e.note(convert.CodeCollisionFilterWidened, convert.FilterSubject(i), "filters", "colliders with filter %q %s with colliders without a filter, which are on Godot's default layer 1 with mask %d (%s)",
			convert.FilterLabel(e.g, i), how, e.unfilteredMask(), rule)
	}
}

// unfilteredMismatches lists the filters in use whose colliders Godot
// pairs with colliders without a filter (layer 1, mask uMask) otherwise
// than the source, where one of the two responds.
func (e *emitter) unfilteredMismatches(layerMask func(fi int) (layer, mask uint32), uMask uint32) []int {
	present, respondsU := e.unfilteredObjects()
	if !present {
		return nil
	}
	responds, still := filterUse(e.g)
	var out []int
	for i := range e.g.Filters {
		if !responds[i] && (!still[i] || !respondsU) {
			continue // unused, or nothing of either moves or detects
		}
		layer, mask := layerMask(i)
		godot := respondsU && layer&uMask != 0 || responds[i] && mask&1 != 0
		if godot != convert.FiltersCollide(e.g.Filters[i], convert.Filter{}) {
			out = append(out, i)
		}
	}
	return out
}

// filterMismatches compares how filters written as the layers and masks
// layerMask gives pair colliders in Godot with the source's rule.
func (e *emitter) filterMismatches(layerMask func(fi int) (layer, mask uint32)) []convert.FilterMismatch {
	type bits struct{ layer, mask uint32 }
	of := make([]bits, len(e.g.Filters))
	for i := range e.g.Filters {
		of[i].layer, of[i].mask = layerMask(i)
	}
	responds, _ := filterUse(e.g)
	godot := func(i, j int) bool {
		if !responds[i] && !responds[j] {
			// nothing of either moves or detects: no difference shows
			return convert.FiltersCollide(e.g.Filters[i], e.g.Filters[j])
		}
		return responds[j] && of[i].layer&of[j].mask != 0 || responds[i] && of[j].layer&of[i].mask != 0
	}
	class := func(i int) string { return fmt.Sprint(of[i].layer, of[i].mask) }
	return convert.FilterMismatches(e.g, godot, class)
}

// unfilteredObjects reports whether the scene has objects written
// without a filter (a body whose first collider has none, as Godot keeps
// one filter per body; a collider of no body; an area none of whose
// shapes has one), and whether one of them responds (a dynamic body, an
// area).
func (e *emitter) unfilteredObjects() (present, responds bool) {
	inArea := map[int]bool{}
	for _, n := range e.g.Nodes {
		if n.Trigger != nil {
			for _, c := range n.Trigger.Nodes {
				inArea[c] = true
			}
		}
	}
	owner := e.g.BodyOwners()
	for i := range e.g.Nodes {
		n := &e.g.Nodes[i]
		switch {
		case n.Motion != nil:
			if cs := e.bodyColliders(i); len(cs) > 0 && e.g.Nodes[cs[0]].Collider.Filter < 0 {
				present = true
				responds = responds || n.Motion.Kind == convert.Dynamic
			}
		case n.Collider != nil && n.Collider.Shape >= 0 && owner[i] < 0 && n.Collider.Filter < 0:
			present = true
		}
		if t := n.Trigger; t != nil && !inArea[i] {
			f := t.Filter
			for _, c := range t.Nodes {
				if c >= 0 && c < len(e.g.Nodes) && e.g.Nodes[c].Trigger != nil && f < 0 {
					f = e.g.Nodes[c].Trigger.Filter
				}
			}
			if f < 0 {
				present, responds = true, true
			}
		}
	}
	return present, responds
}

// filterLayout chooses the layers filters are written with, before any
// is written: a layer per collision system (assignBits), or, where that
// pairs some filters, or a filter and objects without one, as Godot does
// rather than as the source does, a layer per filter (perFilterLayers).
func (e *emitter) filterLayout() {
	if len(e.g.Filters) == 0 {
		return
	}
	e.assignBits()
	widens := len(e.filterMismatches(e.systemLayerMask)) > 0 || len(e.unfilteredMismatches(e.systemLayerMask, 1)) > 0
	if widens && e.perFilterLayers() {
		return
	}
	e.diags = append(e.diags, e.layerNotes...)
}

// filterLayerMask is filter fi's layer and mask as written.
func (e *emitter) filterLayerMask(fi int) (layer, mask uint32) {
	if e.perFilter != nil {
		return e.perFilter[fi][0], e.perFilter[fi][1]
	}
	return e.systemLayerMask(fi)
}

func (e *emitter) systemLayerMask(fi int) (layer, mask uint32) { return e.layerMask(e.g.Filters[fi]) }

// unfilteredMask is the mask of objects without a filter as written:
// Godot's default 1, or with a layer per filter the layers of the filters
// that accept them too.
func (e *emitter) unfilteredMask() uint32 {
	if e.perFilter == nil {
		return 1
	}
	return e.perFilterUnfiltered
}

// perFilterLayers gives each distinct filter in use a layer of its own
// (layers 2–32; layer 1 stays the default of colliders without a filter)
// and a mask of the layers of every filter it collides with under the
// source's rule (layer 1 too when it accepts colliders without a filter;
// the mask of objects without a filter then holds that filter's layer,
// so that neither side's mask depends on which one moves).
// Either side's mask then meets the other's layer exactly when the source
// pairs them, whichever side responds: a static body's mask, which Godot
// leaves out, adds nothing the moving side's does not say. It reports
// false, leaving the system layers, where those carry more than pairs:
// names a project gives layers, a source's own layers, the layers a
// character's mask scans; or where more than 31 filters are in use.
func (e *emitter) perFilterLayers() bool {
	if len(e.projectLayers) > 0 || e.g.Extras[extraLayers] != nil {
		return false
	}
	used := make([]bool, len(e.g.Filters))
	for _, n := range e.g.Nodes {
		if c := n.Collider; c != nil && c.Filter >= 0 && c.Filter < len(used) {
			used[c.Filter] = true
		}
		if t := n.Trigger; t != nil && t.Filter >= 0 && t.Filter < len(used) {
			used[t.Filter] = true
		}
	}
	// bodies' own systems ("body:NAME", from MJCF excludes) pair under
	// the same rule; the layers a mask scans stand for Godot's own pairs
	special := isScanName
	for i, f := range e.g.Filters {
		if used[i] && (slices.ContainsFunc(f.Systems, special) || slices.ContainsFunc(f.CollideWith, special) || slices.ContainsFunc(f.NotCollideWith, special)) {
			return false
		}
	}
	reps, classOf, ok := convert.FilterClasses(e.g.Filters, used, func(f convert.Filter) convert.Filter { return f }, 31)
	if !ok {
		return false
	}
	own, mask := convert.PairMasks(reps)
	e.perFilter = make([][2]uint32, len(e.g.Filters))
	e.perFilterUnfiltered = 1
	for c := range reps {
		if mask[c]&1 != 0 {
			e.perFilterUnfiltered |= own[c]
		}
	}
	table := make([]string, len(reps))
	for i, c := range classOf {
		if c < 0 {
			continue
		}
		e.perFilter[i] = [2]uint32{own[c], mask[c]}
		if table[c] == "" {
			table[c] = fmt.Sprintf("%s=%d", convert.FilterLabel(e.g, i), c+2)
		}
	}
	e.note(convert.CodeGodotLayerAssigned, convert.DocumentSubject(), "", "collision filters mapped to Godot layers, one each (a layer per collision system would pair one-sided filters when either side accepts): %s; each mask holds the layers of the filters it collides with", strings.Join(table, ", "))
	return true
}

// filterUse says of each collision filter of g whether an object that
// responds to collisions uses it (an area, which detects, or a collider of
// a dynamic body, which is pushed) and whether a collider that does not
// (of a static or kinematic body, whose own mask Godot leaves out of its
// pairs) does.
func filterUse(g *convert.Graph) (responds, still []bool) {
	responds, still = make([]bool, len(g.Filters)), make([]bool, len(g.Filters))
	owner := g.BodyOwners()
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if t := n.Trigger; t != nil && t.Filter >= 0 && t.Filter < len(responds) {
			responds[t.Filter] = true
		}
		if c := n.Collider; c != nil && c.Filter >= 0 && c.Filter < len(responds) {
			if b := owner[i]; b >= 0 && g.Nodes[b].Motion.Kind == convert.Dynamic {
				responds[c.Filter] = true
			} else {
				still[c.Filter] = true
			}
		}
	}
	return responds, still
}
