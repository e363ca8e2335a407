package convert

import "slices"

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
