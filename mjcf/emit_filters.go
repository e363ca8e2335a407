package mjcf

import "github.com/physconv/physconv/convert"

// filterWidening warns about pairs of collision filters whose geoms
// collide in MuJoCo but not in the source (or, were bits short, the other
// way round): glTF needs both colliders to accept each other, MuJoCo pairs
// two geoms when either one's contype meets the other's conaffinity.
func (e *emitter) filterWidening() {
	mujoco := func(a, b convert.Filter) bool {
		cta, caa := e.filterBits(a)
		ctb, cab := e.filterBits(b)
		return cta&cab != 0 || ctb&caa != 0
	}
	for _, m := range convert.FilterMismatches(e.g, mujoco) {
		e.diags.Add(convert.CodeCollisionFilterWidened, convert.FilterSubject(m.IA), "filters", "colliders with filters %q and %q collide in MuJoCo: %v, in the source: %v (MuJoCo pairs geoms when either side's conaffinity meets the other's contype; glTF needs both sides to accept)",
			m.A, m.B, m.Target, m.Source)
	}
}
