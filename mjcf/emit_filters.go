package mjcf

import "github.com/physconv/physconv/convert"

// filterWidening warns about pairs of collision filters whose geoms
// collide in MuJoCo but not in the source (or, were bits short, the other
// way round): glTF needs both colliders to
// accept each other, MuJoCo pairs two geoms when either one's contype
// meets the other's conaffinity. Each pair of filters in use is checked
// once (a filter with itself too).
func (e *emitter) filterWidening() {
	used := map[int]bool{}
	for _, n := range e.g.Nodes {
		if c := n.Collider; c != nil && c.Shape >= 0 && c.Filter >= 0 && c.Filter < len(e.g.Filters) {
			used[c.Filter] = true
		}
	}
	for i := range e.g.Filters {
		for j := i; j < len(e.g.Filters); j++ {
			if !used[i] || !used[j] {
				continue
			}
			a, b := e.g.Filters[i], e.g.Filters[j]
			cta, caa := e.filterBits(a)
			ctb, cab := e.filterBits(b)
			mujoco := cta&cab != 0 || ctb&caa != 0
			if source := convert.FiltersCollide(a, b); mujoco != source {
				e.diags.Warnf("collision-filter-widened", "filters", "colliders with filters %q and %q collide in MuJoCo: %v, in the source: %v (MuJoCo pairs geoms when either side's conaffinity meets the other's contype; glTF needs both sides to accept)", filterLabel(a, i), filterLabel(b, j), mujoco, source)
			}
		}
	}
}

func filterLabel(f convert.Filter, i int) string {
	if f.Name != "" {
		return f.Name
	}
	return "filters[" + fmtFloat(float64(i)) + "]"
}
