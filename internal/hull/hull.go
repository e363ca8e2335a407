// Package hull computes the convex hull of a 3-D point set by quickhull
// (Barber, Dobkin & Huhdanpaa, "The Quickhull Algorithm for Convex Hulls",
// ACM TOMS 1996).
//
// Robustness: a point counts as outside a face only when it is more than a
// tolerance (a small multiple of the rounding error at the input's scale)
// beyond the face's plane, so nearly coplanar points cannot create
// self-intersecting faces; such points are at most that tolerance outside
// the hull returned. The visible region seen from a new point must be
// bounded by one simple cycle of horizon edges; when rounding breaks that,
// the point is dropped (Result.Skipped counts them) instead of corrupting
// the mesh.
package hull

import (
	"errors"
	"math"
)

// Vec is a point (x, y, z).
type Vec = [3]float64

// Points copies points of any type made of three float64s (a caller's
// vector type) into Vecs.
func Points[V ~[3]float64](pts []V) []Vec {
	out := make([]Vec, len(pts))
	for i, p := range pts {
		out[i] = Vec(p)
	}
	return out
}

// Result is a closed triangle mesh over the input points, counter-clockwise
// seen from outside. Triangles index the input slice.
type Result struct {
	Triangles [][3]int
	// Skipped counts points dropped because rounding made their horizon
	// ambiguous; each lies within the tolerance of the hull.
	Skipped int
}

// DegenerateError reports input with no volume: Dim is the dimension of
// its affine hull (0 = all points equal, 1 = on a line, 2 = in a plane).
type DegenerateError struct{ Dim int }

func (e *DegenerateError) Error() string {
	switch e.Dim {
	case 0:
		return "hull: every point is the same, the hull has no volume"
	case 1:
		return "hull: the points lie on one line, the hull has no volume"
	default:
		return "hull: the points lie in one plane, the hull has no volume"
	}
}

// ErrNotFinite reports a point with a NaN or infinite coordinate.
var ErrNotFinite = errors.New("hull: a point has a coordinate that is not a finite number")

// face is a hull triangle. It holds no pointers, so the garbage collector
// never scans the face table, however large the hull.
type face struct {
	v   [3]int32 // vertices, counter-clockwise from outside
	adj [3]int32 // face across edge v[i]→v[i+1]
	n   Vec      // outward unit normal
	d   float64  // plane offset: n·x = d on the face
	// the points beyond this face, a list through builder.next in the
	// order they were assigned (-1: none)
	first, last int32
	far         int32 // the farthest of them
	farDist     float64
	seq         int // creation order: faces are processed and returned in it
	dead        bool
	mark        int32 // visit stamp of the last horizon search
}

// builder holds the hull under construction. A face that dies gives its
// slot to a later one, so the table stays the size of the hull (every
// point of a sphere is on its hull, and without reuse the table held
// about sixteen dead faces per point).
type builder struct {
	pts   []Vec
	faces []face
	next  []int32 // the point after each in its face's outside list
	free  []int32 // slots of dead faces, to reuse
	// order holds the slot of every face ever made, in creation order
	// (a face's seq is its index); a slot reused since holds a later seq
	order []int32
	eps   float64
	stamp int32
	// scratch reused across iterations
	visible  []int32
	horizon  []horizonEdge
	stack    []int32
	orphans  []int32
	newFaces []int32
	cycle    []horizonEdge
	used     []bool
}

type horizonEdge struct {
	a, b  int32 // edge of a visible face, in that face's order
	outer int32 // the non-visible face across it
}

// Compute returns the convex hull of pts. It fails with *DegenerateError
// when the points span no volume and with ErrNotFinite on NaN or ±Inf.
func Compute(pts []Vec) (Result, error) {
	for _, p := range pts {
		if math.IsNaN(p[0]+p[1]+p[2]) || math.IsInf(p[0]+p[1]+p[2], 0) {
			return Result{}, ErrNotFinite
		}
	}
	if len(pts) == 0 {
		return Result{}, &DegenerateError{Dim: 0}
	}
	b := &builder{pts: pts, next: make([]int32, len(pts))}
	b.eps = tolerance(pts)
	simplex, err := initialSimplex(pts, b.eps)
	if err != nil {
		return Result{}, err
	}
	b.startWith(simplex)
	skipped := 0
	// faces are processed in creation order, new ones after the rest
	for seq := 0; seq < len(b.order); seq++ {
		slot := b.order[seq]
		for f := &b.faces[slot]; b.alive(f, seq) && f.first >= 0; f = &b.faces[slot] {
			if !b.addPoint(slot) {
				skipped++
			}
		}
	}
	// every slot not free holds a face of the hull
	res := Result{Skipped: skipped, Triangles: make([][3]int, 0, len(b.faces)-len(b.free))}
	for seq, slot := range b.order {
		if f := &b.faces[slot]; b.alive(f, seq) {
			res.Triangles = append(res.Triangles, [3]int{int(f.v[0]), int(f.v[1]), int(f.v[2])})
		}
	}
	return res, nil
}

// alive reports whether f, in the slot the face made seq-th was given,
// is still that face and still on the hull.
func (b *builder) alive(f *face, seq int) bool { return f.seq == seq && !f.dead }

// CheckVolume returns the error Compute would fail with on pts
// (*DegenerateError or ErrNotFinite), or nil, without building the hull:
// it costs a few passes over the points, which may be of any type of
// three float64s (a caller's own vector type needs no copy).
func CheckVolume[V ~[3]float64](pts []V) error {
	for i := range pts {
		p := [3]float64(pts[i])
		if s := p[0] + p[1] + p[2]; math.IsNaN(s) || math.IsInf(s, 0) {
			return ErrNotFinite
		}
	}
	if len(pts) == 0 {
		return &DegenerateError{Dim: 0}
	}
	_, err := initialSimplex(pts, tolerance(pts))
	return err
}

// tolerance is the plane-distance threshold: a few hundred ulps of the
// largest coordinate magnitude, the error bound of a plane test there.
func tolerance[V ~[3]float64](pts []V) float64 {
	var m float64
	for i := range pts {
		p := [3]float64(pts[i])
		m = max(m, math.Abs(p[0]), math.Abs(p[1]), math.Abs(p[2]))
	}
	eps := 3 * (3 * m) * 1e-14
	if eps == 0 {
		eps = math.SmallestNonzeroFloat64
	}
	return eps
}

// initialSimplex picks four affinely independent extreme points of pts,
// or says how they fail to span a volume with tolerance eps. The passes
// over the points keep coordinates in scalars (the compiler holds a
// [3]float64 in memory); the arithmetic is sub, cross and dot's.
func initialSimplex[V ~[3]float64](pts []V, eps float64) ([4]int32, error) {
	var lo, hi [3]int
	for i := range pts {
		p := [3]float64(pts[i])
		for k := 0; k < 3; k++ {
			if p[k] < pts[lo[k]][k] {
				lo[k] = i
			}
			if p[k] > pts[hi[k]][k] {
				hi[k] = i
			}
		}
	}
	// two points farthest apart among the axis extremes
	p0, p1, best := 0, 0, 0.0
	for k := 0; k < 3; k++ {
		if d := dist2(Vec(pts[lo[k]]), Vec(pts[hi[k]])); d > best {
			p0, p1, best = lo[k], hi[k], d
		}
	}
	if best <= eps*eps {
		return [4]int32{}, &DegenerateError{Dim: 0}
	}
	// farthest from the line p0p1
	o := Vec(pts[p0])
	dir := sub(Vec(pts[p1]), o)
	dx, dy, dz := dir[0], dir[1], dir[2]
	p2, best := -1, 0.0
	for i := range pts {
		p := [3]float64(pts[i])
		ux, uy, uz := p[0]-o[0], p[1]-o[1], p[2]-o[2]
		cx, cy, cz := dy*uz-dz*uy, dz*ux-dx*uz, dx*uy-dy*ux
		if d := cx*cx + cy*cy + cz*cz; d > best {
			p2, best = i, d
		}
	}
	if p2 < 0 || math.Sqrt(best)/math.Sqrt(dot(dir, dir)) <= eps {
		return [4]int32{}, &DegenerateError{Dim: 1}
	}
	// farthest from the plane p0p1p2
	n := normalize(cross(sub(Vec(pts[p1]), o), sub(Vec(pts[p2]), o)))
	nx, ny, nz := n[0], n[1], n[2]
	p3, best := -1, 0.0
	for i := range pts {
		p := [3]float64(pts[i])
		if d := math.Abs(nx*(p[0]-o[0]) + ny*(p[1]-o[1]) + nz*(p[2]-o[2])); d > best {
			p3, best = i, d
		}
	}
	if p3 < 0 || best <= eps {
		return [4]int32{}, &DegenerateError{Dim: 2}
	}
	return [4]int32{int32(p0), int32(p1), int32(p2), int32(p3)}, nil
}

// startWith builds the tetrahedron's four faces, oriented outwards, and
// hands every other point to a face it lies beyond.
func (b *builder) startWith(s [4]int32) {
	a, c, d, e := s[0], s[1], s[2], s[3]
	// orient so that e is below the plane (a, c, d)
	if dot(cross(sub(b.pts[c], b.pts[a]), sub(b.pts[d], b.pts[a])), sub(b.pts[e], b.pts[a])) > 0 {
		c, d = d, c
	}
	tris := [4][3]int32{{a, c, d}, {a, e, c}, {c, e, d}, {d, e, a}}
	for _, t := range tris {
		b.newFace(t[0], t[1], t[2])
	}
	// adjacency: the face holding the reverse of each directed edge
	for i := range b.faces {
		for k := 0; k < 3; k++ {
			u, v := b.faces[i].v[k], b.faces[i].v[(k+1)%3]
			for j := range b.faces {
				if j != i && hasEdge(b.faces[j].v, v, u) {
					b.faces[i].adj[k] = int32(j)
				}
			}
		}
	}
	all := make([]int32, 0, len(b.pts))
	for i := range b.pts {
		if int32(i) != a && int32(i) != c && int32(i) != d && int32(i) != e {
			all = append(all, int32(i))
		}
	}
	b.assign(all, []int32{0, 1, 2, 3})
}

func hasEdge(v [3]int32, a, b int32) bool {
	for k := 0; k < 3; k++ {
		if v[k] == a && v[(k+1)%3] == b {
			return true
		}
	}
	return false
}

func (b *builder) newFace(x, y, z int32) int32 {
	p, q, r := b.pts[x], b.pts[y], b.pts[z]
	n := normalize(cross(sub(q, p), sub(r, p)))
	// the plane offset from the centroid is less sensitive to which vertex
	// is used
	cen := Vec{(p[0] + q[0] + r[0]) / 3, (p[1] + q[1] + r[1]) / 3, (p[2] + q[2] + r[2]) / 3}
	f := face{v: [3]int32{x, y, z}, n: n, d: dot(n, cen), first: -1, last: -1, far: -1, seq: len(b.order)}
	var slot int32
	if k := len(b.free); k > 0 {
		slot = b.free[k-1]
		b.free = b.free[:k-1]
		b.faces[slot] = f
	} else {
		if len(b.faces) == cap(b.faces) {
			// double: append grows a large slice by a quarter, copying
			// the table about five times its final size
			b.faces = append(make([]face, 0, max(64, 2*cap(b.faces))), b.faces...)
		}
		slot = int32(len(b.faces))
		b.faces = append(b.faces, f)
	}
	b.order = append(b.order, slot)
	return slot
}

// push appends point p to face f's outside list.
func (b *builder) push(f *face, p int32) {
	b.next[p] = -1
	if f.first < 0 {
		f.first = p
	} else {
		b.next[f.last] = p
	}
	f.last = p
}

// assign gives each point to the first candidate face it is beyond; the
// others are inside the hull built so far and are discarded.
func (b *builder) assign(points []int32, faces []int32) {
	for _, p := range points {
		pt := b.pts[p]
		for _, fi := range faces {
			f := &b.faces[fi]
			dist := dot(f.n, pt) - f.d
			if dist > b.eps {
				b.push(f, p)
				if dist > f.farDist {
					f.far, f.farDist = p, dist
				}
				break
			}
		}
	}
}

// addPoint adds the farthest outside point of face fi to the hull. It
// returns false when the point had to be dropped.
func (b *builder) addPoint(fi int32) bool {
	p := b.faces[fi].far
	pt := b.pts[p]
	b.stamp++
	b.visible = b.visible[:0]
	b.horizon = b.horizon[:0]
	// depth-first search over faces that see p, recording horizon edges
	b.faces[fi].mark = b.stamp
	b.visible = append(b.visible, fi)
	b.stack = append(b.stack[:0], fi)
	for len(b.stack) > 0 {
		f := b.stack[len(b.stack)-1]
		b.stack = b.stack[:len(b.stack)-1]
		for k := 0; k < 3; k++ {
			g := b.faces[f].adj[k]
			gf := &b.faces[g]
			if gf.mark == b.stamp {
				continue
			}
			if dot(gf.n, pt)-gf.d > b.eps {
				gf.mark = b.stamp
				b.visible = append(b.visible, g)
				b.stack = append(b.stack, g)
				continue
			}
			b.horizon = append(b.horizon, horizonEdge{a: b.faces[f].v[k], b: b.faces[f].v[(k+1)%3], outer: g})
		}
	}
	cycle, ok := b.orderHorizon()
	if !ok {
		b.dropPoint(fi, p)
		return false
	}
	// collect the points of the visible faces, then retire those faces
	b.orphans = b.orphans[:0]
	for _, f := range b.visible {
		for q := b.faces[f].first; q >= 0; q = b.next[q] {
			if q != p {
				b.orphans = append(b.orphans, q)
			}
		}
		b.faces[f].first, b.faces[f].last = -1, -1
		b.faces[f].dead = true
	}
	// the visible faces are referred to only by each other now: their
	// slots are free for the new ones
	b.free = append(b.free, b.visible...)
	n := len(cycle)
	b.newFaces = b.newFaces[:0]
	for _, e := range cycle {
		nf := b.newFace(e.a, e.b, p)
		b.newFaces = append(b.newFaces, nf)
		b.faces[nf].adj[0] = e.outer
		of := &b.faces[e.outer]
		for k := 0; k < 3; k++ {
			if of.v[k] == e.b && of.v[(k+1)%3] == e.a {
				of.adj[k] = nf
			}
		}
	}
	for i, nf := range b.newFaces {
		b.faces[nf].adj[1] = b.newFaces[(i+1)%n]
		b.faces[nf].adj[2] = b.newFaces[(i+n-1)%n]
	}
	b.assign(b.orphans, b.newFaces)
	return true
}

// orderHorizon links the horizon edges into one cycle (each edge's end is
// the next one's start). It fails when the edges do not form exactly one
// simple cycle, which only rounding can cause.
func (b *builder) orderHorizon() ([]horizonEdge, bool) {
	h := b.horizon
	if len(h) < 3 {
		return nil, false
	}
	out := b.cycle[:0]
	defer func() { b.cycle = out[:0] }()
	used := append(b.used[:0], make([]bool, len(h))...)
	b.used = used
	cur := 0
	for len(out) < len(h) {
		used[cur] = true
		out = append(out, h[cur])
		next := -1
		for j := range h {
			if h[j].a == h[cur].b {
				if next >= 0 {
					return nil, false // a vertex on the horizon twice
				}
				next = j
			}
		}
		if next < 0 {
			return nil, false
		}
		if used[next] {
			if next != 0 || len(out) != len(h) {
				return nil, false
			}
			break
		}
		cur = next
	}
	return out, len(out) == len(h)
}

// dropPoint removes p from face fi's outside set and picks a new farthest.
func (b *builder) dropPoint(fi, p int32) {
	f := &b.faces[fi]
	q := f.first
	f.first, f.last = -1, -1
	f.far, f.farDist = -1, 0
	for q >= 0 {
		after := b.next[q]
		if q != p {
			b.push(f, q)
			if d := dot(f.n, b.pts[q]) - f.d; d > f.farDist {
				f.far, f.farDist = q, d
			}
		}
		q = after
	}
}

func sub(a, b Vec) Vec       { return Vec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func dot(a, b Vec) float64   { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func dist2(a, b Vec) float64 { d := sub(a, b); return dot(d, d) }
func cross(a, b Vec) Vec {
	return Vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
func normalize(a Vec) Vec {
	l := math.Sqrt(dot(a, a))
	if l == 0 {
		return a
	}
	return Vec{a[0] / l, a[1] / l, a[2] / l}
}
