package hull

import "math"

// FlatThickness is how far (m) a flat collision mesh is extruded behind
// its front face: simulators take the convex hull of collision meshes
// (MuJoCo through qhull), which fails for points on one plane.
const FlatThickness = 1e-3

// ThickenedMessage reports a flat collision mesh (%q, its name) that
// ThickenFlat extruded (%v, FlatThickness).
const ThickenedMessage = "collision mesh %q is flat, and simulators cannot take the convex hull of a flat mesh (MuJoCo: qhull error); a copy %v m behind its front face is added"

// ThickenFlat returns the mesh unchanged when its points span a volume.
// When they lie on one plane (a ground quad, a floor), it returns the mesh
// plus a copy moved FlatThickness behind the front face (the side its
// triangles face, by area-weighted normal; for a mesh drawn from both
// sides, whose normals cancel, the side its largest triangle faces), with
// reversed winding, and true. scale is the mesh scale the writer applies, so the extrusion is
// FlatThickness in metres.
func ThickenFlat[V ~[3]float64](pos []V, idx []uint32, scale V) ([]V, []uint32, bool) {
	if len(pos) < 3 || len(idx) < 3 {
		return pos, idx, false
	}
	var n, largest Vec
	for k := 0; k+2 < len(idx); k += 3 {
		a, b, c := Vec(pos[idx[k]]), Vec(pos[idx[k+1]]), Vec(pos[idx[k+2]])
		t := cross(sub(b, a), sub(c, a))
		n = add(n, t)
		if length(t) > length(largest) {
			largest = t
		}
	}
	l := length(n)
	if l <= 1e-9*length(largest) {
		// both faces drawn (a quad and its reverse): no side is the front
		n, l = largest, length(largest)
	}
	if l == 0 {
		return pos, idx, false
	}
	n = scaled(n, 1/l)
	lo, hi, size := math.Inf(1), math.Inf(-1), 0.0
	first := Vec(pos[0])
	for _, p := range pos {
		d := dot(Vec(p), n)
		lo, hi = math.Min(lo, d), math.Max(hi, d)
		size = math.Max(size, length(sub(Vec(p), first)))
	}
	if hi-lo > 1e-9*math.Max(size, 1e-300) {
		return pos, idx, false
	}
	along := length(Vec{scale[0] * n[0], scale[1] * n[1], scale[2] * n[2]})
	if along == 0 {
		return pos, idx, false
	}
	shift := scaled(n, -FlatThickness/along)
	out := append(make([]V, 0, 2*len(pos)), pos...)
	for _, p := range pos {
		out = append(out, V(add(Vec(p), shift)))
	}
	base := uint32(len(pos))
	tris := append(make([]uint32, 0, 2*len(idx)), idx...)
	for k := 0; k+2 < len(idx); k += 3 {
		tris = append(tris, idx[k]+base, idx[k+2]+base, idx[k+1]+base)
	}
	return out, tris, true
}

func add(a, b Vec) Vec            { return Vec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func length(a Vec) float64        { return math.Sqrt(dot(a, a)) }
func scaled(a Vec, s float64) Vec { return Vec{a[0] * s, a[1] * s, a[2] * s} }
