package mass

import (
	"errors"
	"math"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/hull"
)

// meshClosure says what integrating a triangle mesh found.
type meshClosure int

const (
	meshClosed   meshClosure = iota // closed and consistently wound outwards
	meshInverted                    // closed, wound inwards: integrated flipped
	meshOpen                        // open or inconsistently wound: shell
)

// weld maps each vertex to the first vertex at the same position, so meshes
// split at hard edges or UV seams (every glTF box) still count as closed.
// Positions compare as floats (−0 = +0, NaN matches nothing). Vertices
// are first split by hash into partitions small enough for the cache,
// each welded with its own open-addressing table: one table over a
// million vertices would miss the cache on nearly every probe.
func weld(pos []convert.Vec3) []uint32 {
	n := len(pos)
	ids := make([]uint32, n)
	const partBits = 8
	parts := 1
	if n > 1<<14 {
		parts = 1 << partBits
	}
	hashes := make([]uint64, n)
	count := make([]int, parts+1)
	for i, p := range pos {
		h := hashVec3(p)
		hashes[i] = h
		count[int(h>>(64-partBits))&(parts-1)+1]++
	}
	for k := 1; k <= parts; k++ {
		count[k] += count[k-1]
	}
	// vertices by partition, in index order within each
	order := make([]uint32, n)
	fill := append([]int(nil), count[:parts]...)
	for i, h := range hashes {
		k := int(h>>(64-partBits)) & (parts - 1)
		order[fill[k]] = uint32(i)
		fill[k]++
	}
	var table []uint64
	for k := 0; k < parts; k++ {
		members := order[count[k]:count[k+1]]
		size := 16
		for size < 2*len(members) {
			size <<= 1
		}
		if cap(table) < size {
			table = make([]uint64, size)
		}
		table = table[:size]
		clear(table)
		mask := uint64(size - 1)
		for _, i := range members {
			hv := hashes[i]
			tag := hv >> 32 << 32
			for h := hv & mask; ; h = (h + 1) & mask {
				e := table[h]
				if e == 0 {
					table[h] = tag | uint64(i+1)
					ids[i] = i
					break
				}
				if e&^0xffffffff == tag {
					if j := uint32(e) - 1; pos[j] == pos[i] {
						ids[i] = j
						break
					}
				}
			}
		}
	}
	return ids
}

// hashVec3 mixes the bits of a position; −0 hashes as +0 since the two
// compare equal.
func hashVec3(p convert.Vec3) uint64 {
	h := uint64(0x9e3779b97f4a7c15)
	for _, x := range p {
		h ^= math.Float64bits(x + 0)
		h *= 0xff51afd7ed558ccd
		h ^= h >> 33
	}
	return h
}

// isClosed reports whether every directed edge (a→b) of the non-degenerate
// triangles occurs exactly once and its reverse (b→a) exactly once: each
// edge is shared by two triangles wound consistently, so the mesh bounds a
// volume. It indexes edges per start vertex (compressed rows), linear in
// the number of triangles.
func isClosed(tris [][3]uint32, nVerts int) bool {
	start := make([]int32, nVerts+1)
	for _, t := range tris {
		for k := 0; k < 3; k++ {
			start[t[k]+1]++
		}
	}
	for i := 1; i <= nVerts; i++ {
		start[i] += start[i-1]
	}
	fill := append([]int32(nil), start[:nVerts]...)
	ends := make([]uint32, start[nVerts])
	for _, t := range tris {
		for k := 0; k < 3; k++ {
			a := t[k]
			ends[fill[a]] = t[(k+1)%3]
			fill[a]++
		}
	}
	count := func(a, b uint32) int {
		n := 0
		for _, e := range ends[start[a]:start[a+1]] {
			if e == b {
				n++
			}
		}
		return n
	}
	for a := 0; a < nVerts; a++ {
		for _, b := range ends[start[a]:start[a+1]] {
			if count(uint32(a), b) != 1 || count(b, uint32(a)) != 1 {
				return false
			}
		}
	}
	return true
}

// meshTriangles returns the welded, non-degenerate triangles of a mesh.
func meshTriangles(pos []convert.Vec3, idx []uint32) ([][3]uint32, error) {
	if len(idx)%3 != 0 {
		return nil, errors.New("the index count is not a multiple of 3")
	}
	ids := weld(pos)
	tris := make([][3]uint32, 0, len(idx)/3)
	for i := 0; i < len(idx); i += 3 {
		if int(idx[i]) >= len(pos) || int(idx[i+1]) >= len(pos) || int(idx[i+2]) >= len(pos) {
			return nil, errors.New("a triangle index is out of range")
		}
		a, b, c := ids[idx[i]], ids[idx[i+1]], ids[idx[i+2]]
		if a == b || b == c || a == c {
			continue
		}
		tris = append(tris, [3]uint32{a, b, c})
	}
	return tris, nil
}

// meshSolid integrates a closed mesh exactly: the signed tetrahedra from a
// reference point to each triangle add up to the enclosed volume and its
// moments (divergence theorem). The reference point is the centre of the
// bounding box, which keeps the sums well conditioned far from the origin.
func meshSolid(pos []convert.Vec3, tris [][3]uint32) solid {
	ref := boundsCentre(pos)
	var vol float64
	var first convert.Vec3
	// second moment about ref, upper triangle, unrolled (same terms in
	// the same order as a loop over i ≤ j)
	var s00, s01, s02, s11, s12, s22 float64
	for _, t := range tris {
		a, b, c := pos[t[0]].Sub(ref), pos[t[1]].Sub(ref), pos[t[2]].Sub(ref)
		det := a.Dot(b.Cross(c)) // 6 × signed volume of (ref, a, b, c)
		vol += det
		s := a.Add(b).Add(c)
		first = first.Add(s.Scale(det))
		// ∫xxᵀ over the tetrahedron = det/120 · (aaᵀ + bbᵀ + ccᵀ + ssᵀ)
		s00 += det * (a[0]*a[0] + b[0]*b[0] + c[0]*c[0] + s[0]*s[0])
		s01 += det * (a[0]*a[1] + b[0]*b[1] + c[0]*c[1] + s[0]*s[1])
		s02 += det * (a[0]*a[2] + b[0]*b[2] + c[0]*c[2] + s[0]*s[2])
		s11 += det * (a[1]*a[1] + b[1]*b[1] + c[1]*c[1] + s[1]*s[1])
		s12 += det * (a[1]*a[2] + b[1]*b[2] + c[1]*c[2] + s[1]*s[2])
		s22 += det * (a[2]*a[2] + b[2]*b[2] + c[2]*c[2] + s[2]*s[2])
	}
	second := convert.Mat3{{s00, s01, s02}, {0, s11, s12}, {0, 0, s22}}
	vol /= 6
	if vol == 0 {
		return solid{}
	}
	first = first.Scale(1.0 / 24) // ∫x dV = det/6 · s/4
	for i := 0; i < 3; i++ {
		for j := i; j < 3; j++ {
			second[i][j] /= 120
			second[j][i] = second[i][j]
		}
	}
	c := first.Scale(1 / vol)
	central := second.Add(outer(c, c).ScaleBy(-vol))
	return solid{Volume: vol, Centroid: c.Add(ref), Second: central}
}

// shellMoments integrates a triangle surface with unit area density:
// area, centroid and central second moment. ∫xxᵀ over a triangle is
// A/12 · (aaᵀ + bbᵀ + ccᵀ + ssᵀ).
func shellMoments(pos []convert.Vec3, tris [][3]uint32) (area float64, centroid convert.Vec3, second convert.Mat3) {
	ref := boundsCentre(pos)
	var first convert.Vec3
	var sec convert.Mat3
	for _, t := range tris {
		a, b, c := pos[t[0]].Sub(ref), pos[t[1]].Sub(ref), pos[t[2]].Sub(ref)
		ar := b.Sub(a).Cross(c.Sub(a)).Len() / 2
		area += ar
		s := a.Add(b).Add(c)
		first = first.Add(s.Scale(ar / 3))
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				sec[i][j] += ar / 12 * (a[i]*a[j] + b[i]*b[j] + c[i]*c[j] + s[i]*s[j])
			}
		}
	}
	if area == 0 {
		return 0, convert.Vec3{}, convert.Mat3{}
	}
	cen := first.Scale(1 / area)
	return area, cen.Add(ref), sec.Add(outer(cen, cen).ScaleBy(-area))
}

func boundsCentre(pos []convert.Vec3) convert.Vec3 {
	if len(pos) == 0 {
		return convert.Vec3{}
	}
	lo, hi := pos[0], pos[0]
	for _, p := range pos {
		for k := 0; k < 3; k++ {
			lo[k] = math.Min(lo[k], p[k])
			hi[k] = math.Max(hi[k], p[k])
		}
	}
	return lo.Add(hi).Scale(0.5)
}

// hullSolid is the solid convex hull of the points. The hull comes through
// hull.Shared: mass completion runs on the source and again on the output
// read back, and lowering and the writers hull the same points.
func hullSolid(pos []convert.Vec3) (solid, error) {
	res, err := hull.Shared.Compute(hull.Points(pos))
	if err != nil {
		return solid{}, err
	}
	tris := make([][3]uint32, len(res.Triangles))
	for i, t := range res.Triangles {
		tris[i] = [3]uint32{uint32(t[0]), uint32(t[1]), uint32(t[2])}
	}
	return meshSolid(pos, tris), nil
}

// trimeshSolid integrates a triangle mesh as a solid when it is closed, and
// otherwise as a thin shell: the surface's own centroid and mass
// distribution, carrying the volume of the mesh's convex hull (so a shell
// weighs what the solid it outlines would; documented in Complete). A
// zero volume result means the mesh has none (flat or empty).
func trimeshSolid(pos []convert.Vec3, idx []uint32) (solid, meshClosure, error) {
	tris, err := meshTriangles(pos, idx)
	if err != nil {
		return solid{}, meshOpen, err
	}
	if len(tris) > 0 && isClosed(tris, len(pos)) {
		s := meshSolid(pos, tris)
		if s.Volume < 0 {
			s.Volume = -s.Volume
			s.Second = s.Second.ScaleBy(-1)
			return s, meshInverted, nil
		}
		if s.Volume > 0 {
			return s, meshClosed, nil
		}
	}
	area, cen, sec := shellMoments(pos, tris)
	if area == 0 {
		return solid{}, meshOpen, nil
	}
	used := make([]convert.Vec3, 0, len(tris))
	seen := make([]bool, len(pos))
	for _, t := range tris {
		for _, v := range t {
			if !seen[v] {
				seen[v] = true
				used = append(used, pos[v])
			}
		}
	}
	h, err := hullSolid(used)
	if err != nil || h.Volume <= 0 {
		return solid{}, meshOpen, nil
	}
	return solid{Volume: h.Volume, Centroid: cen, Second: sec.ScaleBy(h.Volume / area)}, meshOpen, nil
}
