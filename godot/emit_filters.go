package godot

import (
	"fmt"

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
	type bits struct{ layer, mask uint32 }
	of := make([]bits, len(e.g.Filters))
	for i, f := range e.g.Filters {
		of[i].layer, of[i].mask = e.layerMask(f)
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
	for _, m := range convert.FilterMismatches(e.g, godot, class) {
		e.note(convert.CodeCollisionFilterWidened, convert.FilterSubject(m.IA), "filters", "%s (in Godot a moving body or an area responds to another object when its mask meets the other's layer; glTF needs both sides to accept)",
			m.Describe("Godot"))
	}
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
