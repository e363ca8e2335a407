package godot

import (
	"fmt"

	"github.com/physconv/physconv/convert"
)

// filterWidening warns about collision filters whose colliders collide in
// Godot but not in the source (or the other way round): glTF needs both
// colliders to accept each other, Godot pairs two objects when either
// one's mask meets the other's layer.
func (e *emitter) filterWidening() {
	type bits struct{ layer, mask uint32 }
	of := make([]bits, len(e.g.Filters))
	for i, f := range e.g.Filters {
		of[i].layer, of[i].mask = e.layerMask(f)
	}
	godot := func(i, j int) bool {
		return of[i].layer&of[j].mask != 0 || of[j].layer&of[i].mask != 0
	}
	class := func(i int) string { return fmt.Sprint(of[i].layer, of[i].mask) }
	for _, m := range convert.FilterMismatches(e.g, godot, class) {
		e.note(convert.CodeCollisionFilterWidened, convert.FilterSubject(m.IA), "filters", "%s (Godot pairs objects when either one's mask meets the other's layer; glTF needs both sides to accept)",
			m.Describe("Godot"))
	}
}
