package convert

import (
	"fmt"
	"slices"
)

// Accepts reports whether a collider with filter f lets a collider with
// filter other touch it, with filters read as layer masks (as Godot,
// MuJoCo and Blender's exporter do): with collideWithSystems, one of
// other's systems must be listed; with notCollideWithSystems, one of
// other's systems must be unlisted; with neither, everything is accepted.
// For one-system filters this is the KHR rule (A's systems ⊆ B's
// collideWithSystems and ⊄ B's notCollideWithSystems).
func (f Filter) Accepts(other Filter) bool {
	switch {
	case len(f.CollideWith) > 0:
		for _, s := range other.Systems {
			if slices.Contains(f.CollideWith, s) {
				return true
			}
		}
		return false
	case len(f.NotCollideWith) > 0:
		for _, s := range other.Systems {
			if !slices.Contains(f.NotCollideWith, s) {
				return true
			}
		}
		return false
	}
	return true
}

// FiltersCollide reports whether colliders with filters a and b collide
// in glTF: both must accept each other.
func FiltersCollide(a, b Filter) bool { return a.Accepts(b) && b.Accepts(a) }

// FilterMismatch is a pair of collision filters in use whose colliders a
// target format would pair differently from the source (glTF's rule).
type FilterMismatch struct {
	A, B           string // filter names, or filters[i]
	IA, IB         int    // their indices in Graph.Filters
	Target, Source bool   // whether they collide in the target and in the source
}

// FilterMismatches checks every pair of filters used by colliders (a
// filter with itself too) against a target's pairing rule, for emitters
// whose formats pair by layer masks (Godot, MuJoCo) rather than by glTF's
// both-sides rule.
func FilterMismatches(g *Graph, targetCollides func(a, b Filter) bool) []FilterMismatch {
	used := map[int]bool{}
	for _, n := range g.Nodes {
		if c := n.Collider; c != nil && c.Shape >= 0 && c.Filter >= 0 && c.Filter < len(g.Filters) {
			used[c.Filter] = true
		}
	}
	label := func(i int) string {
		if g.Filters[i].Name != "" {
			return g.Filters[i].Name
		}
		return fmt.Sprintf("filters[%d]", i)
	}
	var out []FilterMismatch
	for i := range g.Filters {
		for j := i; j < len(g.Filters); j++ {
			if !used[i] || !used[j] {
				continue
			}
			a, b := g.Filters[i], g.Filters[j]
			if target, source := targetCollides(a, b), FiltersCollide(a, b); target != source {
				out = append(out, FilterMismatch{A: label(i), B: label(j), IA: i, IB: j, Target: target, Source: source})
			}
		}
	}
	return out
}
