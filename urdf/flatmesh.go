package urdf

import (
	"math"

	"github.com/physconv/physconv/convert"
)

// flatThickness is how far (m) a flat collision mesh is extruded behind
// its front face: simulators take the convex hull of URDF collision meshes
// (MuJoCo through qhull), which fails for points on one plane.
const flatThickness = 1e-3

// thickenFlat returns the mesh unchanged when its points span a volume.
// When they lie on one plane (a ground quad, a floor), it returns the mesh
// plus a copy moved flatThickness behind the front face (the side its
// triangles face, by area-weighted normal), with reversed winding, and
// true. scale is the mesh scale the URDF applies, so the extrusion is
// flatThickness in metres.
func thickenFlat(pos []convert.Vec3, idx []uint32, scale convert.Vec3) ([]convert.Vec3, []uint32, bool) {
	if len(pos) < 3 || len(idx) < 3 {
		return pos, idx, false
	}
	var n convert.Vec3
	for k := 0; k+2 < len(idx); k += 3 {
		a, b, c := pos[idx[k]], pos[idx[k+1]], pos[idx[k+2]]
		n = n.Add(b.Sub(a).Cross(c.Sub(a)))
	}
	if n.Len() == 0 {
		return pos, idx, false
	}
	n = n.Normalize()
	lo, hi, size := math.Inf(1), math.Inf(-1), 0.0
	for _, p := range pos {
		d := p.Dot(n)
		lo, hi = math.Min(lo, d), math.Max(hi, d)
		size = math.Max(size, p.Sub(pos[0]).Len())
	}
	if hi-lo > 1e-9*math.Max(size, 1e-300) {
		return pos, idx, false
	}
	along := scale.Mul(n).Len()
	if along == 0 {
		return pos, idx, false
	}
	shift := n.Scale(-flatThickness / along)
	out := append(make([]convert.Vec3, 0, 2*len(pos)), pos...)
	for _, p := range pos {
		out = append(out, p.Add(shift))
	}
	base := uint32(len(pos))
	tris := append(make([]uint32, 0, 2*len(idx)), idx...)
	for k := 0; k+2 < len(idx); k += 3 {
		tris = append(tris, idx[k]+base, idx[k+2]+base, idx[k+1]+base)
	}
	return out, tris, true
}
