package mjcf

import (
	"fmt"

	"github.com/physconv/physconv/convert"
)

// filterWidening warns about collision filters whose colliders collide in
// MuJoCo but not in the source (or, were bits short, the other way
// round): glTF needs both colliders to accept each other, MuJoCo pairs
// two geoms when either one's contype meets the other's conaffinity and
// no <exclude> names their bodies. It runs once the excludes are written.
func (e *emitter) filterWidening() {
	bodies := make([][]string, len(e.g.Filters))
	for i, f := range e.g.Filters {
		for _, s := range f.Systems {
			if convert.IsBodySystem(s) {
				bodies[i] = append(bodies[i], e.excludedBody(s))
			}
		}
	}
	excluded := func(i, j int) bool {
		for _, a := range bodies[i] {
			for _, b := range bodies[j] {
				if e.excluded[bodyPair(a, b)] {
					return true
				}
			}
		}
		return false
	}
	for _, m := range e.filterMismatches(excluded) {
		e.diags.Add(convert.CodeCollisionFilterWidened, convert.FilterSubject(m.IA), "filters", "%s (MuJoCo pairs geoms when either side's conaffinity meets the other's contype and no <exclude> names their bodies; glTF needs both sides to accept)",
			m.Describe("MuJoCo"))
	}
}

// filterMismatches compares how the filters' contype and conaffinity
// bits pair colliders in MuJoCo with the source's rule. A pair of
// filters excluded (their bodies named by an <exclude>) pairs as in the
// source: the exclude is written from the filters' own notCollideWith
// entries. Where masks made the filters list the systems they collide
// with, the Graph's rule reads those lists alone (the reader says the
// exclude is lost to other formats), while MuJoCo keeps the pair apart
// as the MJCF source did: not a change this output makes.
func (e *emitter) filterMismatches(excluded func(i, j int) bool) []convert.FilterMismatch {
	masks := make([][2]int, len(e.g.Filters))
	for i := range e.g.Filters {
		masks[i][0], masks[i][1] = e.filterBits(i)
	}
	mujoco := func(i, j int) bool {
		if excluded(i, j) {
			return convert.FiltersCollide(e.g.Filters[i], e.g.Filters[j])
		}
		return masks[i][0]&masks[j][1] != 0 || masks[j][0]&masks[i][1] != 0
	}
	class := func(i int) string { return fmt.Sprint(masks[i]) }
	return convert.FilterMismatches(e.g, mujoco, class)
}

// bodyPair is an unordered pair of body names, as an <exclude> holds them.
func bodyPair(a, b string) [2]string {
	if b < a {
		a, b = b, a
	}
	return [2]string{a, b}
}
