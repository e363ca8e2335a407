package mjcf

import (
	"math"
	"slices"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/hull"
)

// meshContent is what a written mesh asset holds: triangles and scale.
type meshContent struct {
	positions []convert.Vec3
	indices   []uint32
	scale     convert.Vec3
}

func (c meshContent) equal(o meshContent) bool {
	return c.scale == o.scale && slices.Equal(c.positions, o.positions) && slices.Equal(c.indices, o.indices)
}

// hash mixes the exact bits of the content, FNV-1a style one 64-bit word
// at a time (collisions are resolved by equal).
func (c meshContent) hash() uint64 {
	h := uint64(14695981039346656037)
	word := func(x uint64) {
		h ^= x
		h *= 1099511628211
	}
	for _, p := range c.positions {
		word(math.Float64bits(p[0]))
		word(math.Float64bits(p[1]))
		word(math.Float64bits(p[2]))
	}
	for _, i := range c.indices {
		word(uint64(i))
	}
	for _, x := range c.scale {
		word(math.Float64bits(x))
	}
	return h
}

// meshIndex finds a mesh asset already written with the same content, so
// one file referenced by several shapes is written once (as MuJoCo's own
// URDF import does).
type meshIndex map[uint64][]meshEntry

type meshEntry struct {
	content meshContent
	name    string
}

func (ix meshIndex) find(c meshContent, h uint64) (string, bool) {
	for _, e := range ix[h] {
		if e.content.equal(c) {
			return e.name, true
		}
	}
	return "", false
}

func (ix *meshIndex) add(c meshContent, h uint64, name string) {
	if *ix == nil {
		*ix = meshIndex{}
	}
	(*ix)[h] = append((*ix)[h], meshEntry{c, name})
}

// spansVolume reports why MuJoCo could not build a mesh's convex hull
// (all points on a plane, a line or one spot, or not finite), or nil.
func spansVolume(pts []convert.Vec3) error {
	return hull.CheckVolume(pts)
}

// meshVolumes runs spansVolume on each of g's meshes that has triangles,
// as many at a time as there are processors: a mesh asset is written only
// when MuJoCo can build its hull, and each check goes through every
// vertex. A mesh that cannot be read is left nil: its writer reports it.
func meshVolumes(g *convert.Graph) []error {
	flat := make([]error, len(g.Meshes))
	convert.Parallel(len(g.Meshes), func(i int) {
		if pos, _, ok, err := g.Meshes[i].Triangles(); ok && err == nil && len(pos) >= 4 {
			flat[i] = spansVolume(pos)
		}
	})
	return flat
}

// meshEncode is a mesh file the document names, encoded once the
// document is built.
type meshEncode struct {
	file   string // the name in Output.Files
	encode func() []byte
}

// encodeLater names a mesh file in the output now and encodes it with
// the others at the end (see encodeFiles).
func (e *emitter) encodeLater(file string, encode func() []byte) {
	e.out.Files[file] = nil
	e.encodes = append(e.encodes, meshEncode{file, encode})
}

// encodeFiles encodes the mesh files the document names, as many at a
// time as there are processors.
func (e *emitter) encodeFiles() {
	data := make([][]byte, len(e.encodes))
	convert.Parallel(len(e.encodes), func(i int) { data[i] = e.encodes[i].encode() })
	for i, f := range e.encodes {
		e.out.Files[f.file] = data[i]
	}
	e.encodes = nil
}
