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
	responds := make([]bool, len(e.g.Filters))
	owner := e.g.BodyOwners()
	for i := range e.g.Nodes {
		n := &e.g.Nodes[i]
		if t := n.Trigger; t != nil && t.Filter >= 0 && t.Filter < len(responds) {
			responds[t.Filter] = true
		}
		if c := n.Collider; c != nil && c.Filter >= 0 && c.Filter < len(responds) {
			if b := owner[i]; b >= 0 && e.g.Nodes[b].Motion.Kind == convert.Dynamic {
				responds[c.Filter] = true
			}
		}
	}
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
