package godot

import "github.com/physconv/physconv/convert"

// filterWidening warns about pairs of collision filters whose colliders
// collide in Godot but not in the source (or the other way round): glTF
// needs both colliders to accept each other, Godot pairs two objects when
// either one's mask meets the other's layer.
func (e *emitter) filterWidening() {
	godot := func(a, b convert.Filter) bool {
		la, ma := e.layerMask(a)
		lb, mb := e.layerMask(b)
		return la&mb != 0 || lb&ma != 0
	}
	for _, m := range convert.FilterMismatches(e.g, godot) {
		e.note(convert.CodeCollisionFilterWidened, convert.FilterSubject(m.IA), "filters", "colliders with filters %q and %q collide in Godot: %v, in the source: %v (Godot pairs objects when either one's mask meets the other's layer; glTF needs both sides to accept)",
			m.A, m.B, m.Target, m.Source)
	}
}
