package godot

import (
	"fmt"

	"github.com/physconv/physconv/convert"
)

// filterWidening warns about pairs of collision filters whose colliders
// collide in Godot but not in the source (or the other way round): glTF
// needs both colliders to accept each other, Godot pairs two objects when
// either one's mask meets the other's layer. Each pair of filters in use
// is checked once (a filter with itself too).
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
			la, ma := e.layerMask(a)
			lb, mb := e.layerMask(b)
			godot := la&mb != 0 || lb&ma != 0
			if source := convert.FiltersCollide(a, b); godot != source {
				e.warn("godot-filter-widened", "filters", "colliders with filters %q and %q collide in Godot: %v, in the source: %v (Godot pairs objects when either one's mask meets the other's layer; glTF needs both sides to accept)",
					filterLabel(a, i), filterLabel(b, j), godot, source)
			}
		}
	}
}

func filterLabel(f convert.Filter, i int) string {
	if f.Name != "" {
		return f.Name
	}
	return fmt.Sprintf("filters[%d]", i)
}
