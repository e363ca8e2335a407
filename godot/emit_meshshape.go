package godot

import (
	"encoding/binary"
	"fmt"
	"hash/maphash"
	"math"
	"slices"

	"github.com/physconv/physconv/convert"
)

// meshShapeIndex finds the resource written for a convex or triangle-mesh
// shape with the same kind, margin, back faces and mesh contents (points
// and triangles after scaling) as another: links that reuse one mesh
// file each have their own Graph mesh, and would repeat its points in the
// scene. Contents are found by hash and then compared exactly.
type meshShapeIndex struct {
	seed    maphash.Seed
	written map[uint64][]meshShape
}

type meshShape struct {
	shape convert.Shape
	id    string
}

// key hashes what a mesh shape's resource is written from; ok is false
// for other shapes and for meshes without loaded points.
func (x *meshShapeIndex) key(g *convert.Graph, sh convert.Shape) (uint64, bool) {
	if sh.Kind != convert.Convex && sh.Kind != convert.TriMesh || sh.Mesh < 0 || sh.Mesh >= len(g.Meshes) {
		return 0, false
	}
	m := &g.Meshes[sh.Mesh]
	if !m.Loaded || len(m.Positions) == 0 {
		return 0, false
	}
	if x.written == nil {
		x.seed, x.written = maphash.MakeSeed(), map[uint64][]meshShape{}
	}
	var h maphash.Hash
	h.SetSeed(x.seed)
	fmt.Fprintf(&h, "%s/%v/%v/%v/%d;", sh.Kind, shapeScale(m), sh.Extras[extraMargin], sh.Extras["godot.backface_collision"] == true, len(m.Positions))
	var buf [24]byte
	for _, p := range m.Positions {
		for c := 0; c < 3; c++ {
			binary.LittleEndian.PutUint64(buf[8*c:], math.Float64bits(p[c]))
		}
		h.Write(buf[:])
	}
	if sh.Kind == convert.TriMesh {
		for _, i := range m.Indices {
			binary.LittleEndian.PutUint32(buf[:4], i)
			h.Write(buf[:4])
		}
	}
	return h.Sum64(), true
}

// meshKey is where lookup found a shape's contents hash to; ok is false
// for a shape the index does not hold (not a loaded mesh).
type meshKey struct {
	hash uint64
	ok   bool
}

// lookup returns the id of a resource written for a shape made the same
// way as sh, if any, and where record files sh's own (its contents are
// hashed once for both).
func (x *meshShapeIndex) lookup(g *convert.Graph, sh convert.Shape) (id string, at meshKey, found bool) {
	at.hash, at.ok = x.key(g, sh)
	if !at.ok {
		return "", at, false
	}
	for _, w := range x.written[at.hash] {
		if sameMeshShape(g, w.shape, sh) {
			return w.id, at, true
		}
	}
	return "", at, false
}

// record files the resource id written for sh where lookup found it.
func (x *meshShapeIndex) record(at meshKey, sh convert.Shape, id string) {
	if at.ok {
		x.written[at.hash] = append(x.written[at.hash], meshShape{sh, id})
	}
}

// sameMeshShape reports whether a and b are written as the same resource.
func sameMeshShape(g *convert.Graph, a, b convert.Shape) bool {
	ma, mb := &g.Meshes[a.Mesh], &g.Meshes[b.Mesh]
	if a.Kind != b.Kind || shapeScale(ma) != shapeScale(mb) || !slices.Equal(ma.Positions, mb.Positions) ||
		a.Extras[extraMargin] != b.Extras[extraMargin] ||
		(a.Extras["godot.backface_collision"] == true) != (b.Extras["godot.backface_collision"] == true) {
		return false
	}
	return a.Kind == convert.Convex || slices.Equal(ma.Indices, mb.Indices)
}

// shapeScale is the scale a mesh's points are written at.
func shapeScale(m *convert.Mesh) convert.Vec3 {
	if m.Scale == (convert.Vec3{}) {
		return convert.Vec3{1, 1, 1}
	}
	return m.Scale
}
