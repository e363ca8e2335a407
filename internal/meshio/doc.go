// Package meshio reads triangle meshes from the files robot descriptions
// reference (STL binary and ASCII, Wavefront OBJ, COLLADA .dae, MuJoCo's
// binary MSH, Stanford PLY, Drake's legacy VTK volume meshes as their
// surface) and writes binary STL. Meshes come back in the file's own
// length unit and axes, except COLLADA, whose <unit meter> is applied; its
// up_axis is not, as ROS tools read it (RViz drops the turn its importer
// makes for it, MoveIt and Gazebo ignore it), so the vertices sit in the
// link frame as written.
//
// Decoders never panic on malformed input; they return an error that says
// what is wrong. Identical vertices are merged so closed meshes stay closed
// for volume integration.
package meshio

import (
	"errors"
	"fmt"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/physconv/physconv/convert"
)

// Mesh is an indexed triangle mesh; Indices hold three entries per
// triangle, counter-clockwise seen from outside.
type Mesh struct {
	Positions []convert.Vec3
	Indices   []uint32
	// Parts are runs of consecutive triangles drawn with one material, in
	// the order of Indices; nil when the file names no material (STL).
	Parts []Part
	// UV holds texture coordinates per triangle corner (one per entry of
	// Indices, V up as OBJ and COLLADA have it): positions are merged
	// across corners, coordinates cannot be. Nil when the file has none;
	// corners without coordinates hold 0, 0.
	UV [][2]float64
	// MaterialLibs are the OBJ mtllib files, relative to the mesh file,
	// for the caller to read and pass to ApplyMTL: the decoder sees only
	// the mesh's own bytes.
	MaterialLibs []string
	// FirstObject is, for an OBJ whose faces fall into more than one
	// object (o or g groups), the number of triangles of the first: the
	// only faces MuJoCo reads (it keeps every vertex). 0 for one object.
	FirstObject int
}

// Part is a run of Triangles consecutive triangles sharing a material:
// an OBJ usemtl name (its colour and texture come from the mtllib, see
// ApplyMTL) or a COLLADA material with its effect's diffuse colour or
// texture already resolved.
type Part struct {
	Triangles int
	Material  string
	// Color is the diffuse colour (RGBA 0..1), nil when not given.
	Color *[4]float64
	// Texture is the diffuse image's reference, relative to the mesh
	// file, "" when none.
	Texture string
}

// Decode reads a mesh file, choosing the decoder by the file's extension
// (case-insensitive: .stl, .obj, .dae, .ply, MuJoCo's binary .msh, and
// legacy ASCII .vtk, whose tetrahedra are read as the surface bounding
// them). The triangles it builds (COLLADA instances counted each time) are
// charged to budget, which may be nil.
func Decode(name string, data []byte, budget *convert.Budget) (*Mesh, error) {
	b := newBuilder()
	b.budget, b.file = budget, name
	var err error
	switch ext := strings.ToLower(path.Ext(name)); ext {
	case ".stl":
		err = decodeSTL(data, b)
	case ".obj":
		err = decodeOBJ(data, b)
	case ".dae":
		err = decodeDAE(data, b)
	case ".msh":
		err = decodeMSH(data, b)
	case ".ply":
		err = decodePLY(data, b)
	case ".vtk":
		err = decodeVTK(data, b)
	default:
		return nil, fmt.Errorf("meshio: unsupported mesh format %q", ext)
	}
	if err == nil {
		err = b.flush()
	}
	if err != nil {
		return nil, err
	}
	return b.mesh(), nil
}

// DecodeCached is Decode through a conversion's cache of decoded files: a
// mesh file whose bytes were decoded before in the conversion (by the
// source's reader, or by the writer) is not decoded again, though its
// triangles are charged to budget again. The Mesh returned may be shared:
// callers must not change it.
func DecodeCached(cache *convert.DecodeCache, name string, data []byte, budget *convert.Budget) (*Mesh, error) {
	kind := "meshio:" + strings.ToLower(path.Ext(name))
	if v, ok := cache.Load(kind, data); ok {
		m := v.(*Mesh)
		if err := budget.Triangles("mesh file "+name, int64(len(m.Indices)/3)); err != nil {
			return nil, budgetError(err)
		}
		return m, nil
	}
	m, err := Decode(name, data, budget)
	if err == nil {
		cache.Store(kind, data, m)
	}
	return m, err
}

// File is a mesh file's name (its extension chooses the decoder) and bytes.
type File struct {
	Name string
	Data []byte
}

// Prefetch decodes files into cache side by side, as many at a time as
// there are processors, so that a reader going through its meshes in
// document order (and reporting errors in that order) finds them decoded.
// The decodes draw on one budget of lim; a file that fails is left out, for
// the reader to fail on in its place.
func Prefetch(cache *convert.DecodeCache, files []File, lim convert.Limits) {
	if cache == nil || len(files) < 2 {
		return
	}
	budget := convert.NewBudget(lim)
	convert.Parallel(len(files), func(i int) {
		DecodeCached(cache, files[i].Name, files[i].Data, budget)
	})
}

// builder merges identical vertices while a decoder adds triangles.
type builder struct {
	m     Mesh
	index vertexIndex
	// part is the material of the triangles being added; a change starts
	// a new Part.
	part Part
	// hasPart: a material was named, so Parts are kept.
	hasPart bool
	// budget is charged every chargeEvery triangles (and at the end);
	// pending are the triangles not yet charged.
	budget  *convert.Budget
	file    string
	pending int64
}

const chargeEvery = 1 << 14

func newBuilder() *builder { return &builder{} }

// flush charges the pending triangles to the budget.
func (b *builder) flush() error {
	n := b.pending
	b.pending = 0
	if n <= 0 {
		return nil
	}
	return budgetError(b.budget.Triangles("mesh file "+b.file, n))
}

// budgetError words a spent budget as the decoders' other errors.
func budgetError(err error) error {
	var fe *convert.FormatError
	if errors.As(err, &fe) {
		return fmt.Errorf("meshio: %s", fe.Msg)
	}
	return err
}

// reserve makes room for triangles more triangles of about vertices
// distinct corners, for a decoder that knows its counts before it reads
// them: the lists and the vertex index are then not grown (and the index
// not rehashed) as they fill.
func (b *builder) reserve(triangles, vertices int) {
	b.m.Indices = slices.Grow(b.m.Indices, 3*triangles)
	b.m.Positions = slices.Grow(b.m.Positions, vertices)
	b.index.reserve(len(b.m.Positions)+vertices, b.m.Positions)
}

func (b *builder) vertex(p convert.Vec3) uint32 {
	i, found := b.index.find(b.m.Positions, p)
	if !found {
		b.m.Positions = append(b.m.Positions, p)
	}
	return i
}

// vertexIndex finds a vertex among those added so far: an open-addressing
// hash table of indices into the positions, which on the million-triangle
// meshes robots carry is several times faster than a Go map keyed by the
// vector (whose generic float hashing dominated decoding). Vertices match
// as a map's keys would, by ==: 0 and -0 are one vertex, NaN none.
type vertexIndex struct {
	slots []uint32 // index+1 of a position; 0: empty
	used  int
}

// find returns p's index in positions, or, when p is new, the index it is
// to get (len(positions)); the caller appends it.
func (x *vertexIndex) find(positions []convert.Vec3, p convert.Vec3) (uint32, bool) {
	if 2*(x.used+1) > len(x.slots) {
		x.grow(positions)
	}
	mask := uint64(len(x.slots) - 1)
	for h := vertexHash(p) & mask; ; h = (h + 1) & mask {
		s := x.slots[h]
		if s == 0 {
			x.slots[h] = uint32(len(positions)) + 1
			x.used++
			return uint32(len(positions)), false
		}
		if positions[s-1] == p {
			return s - 1, true
		}
	}
}

// reserve sizes the table for n vertices at no more than its load limit.
func (x *vertexIndex) reserve(n int, positions []convert.Vec3) {
	if 2*(n+1) > len(x.slots) {
		x.resize(n, positions)
	}
}

func (x *vertexIndex) grow(positions []convert.Vec3) { x.resize(x.used, positions) }

// resize makes the table at least four times n (and 1024) slots and
// enters positions again.
func (x *vertexIndex) resize(n int, positions []convert.Vec3) {
	size := 1024
	for size < 4*(n+1) {
		size *= 2
	}
	x.slots = make([]uint32, size)
	mask := uint64(size - 1)
	for i, p := range positions {
		h := vertexHash(p) & mask
		for x.slots[h] != 0 {
			h = (h + 1) & mask
		}
		x.slots[h] = uint32(i) + 1
	}
}

// vertexHash mixes the coordinates' bits (0 and -0 alike) so that float32
// values, whose low mantissa bits are all zero, still spread.
func vertexHash(p convert.Vec3) uint64 {
	const k = 0x9e3779b97f4a7c15
	x, y, z := p[0], p[1], p[2]
	if x == 0 { // -0 hashes as 0, as it compares
		x = 0
	}
	if y == 0 {
		y = 0
	}
	if z == 0 {
		z = 0
	}
	h := math.Float64bits(x) * k
	h ^= h >> 32
	h = (h ^ math.Float64bits(y)) * k
	h ^= h >> 32
	h = (h ^ math.Float64bits(z)) * k
	h ^= h >> 32
	h ^= h >> 33
	h *= 0xff51afd7ed558ccd
	h ^= h >> 33
	return h
}

// triangle adds a triangle; it fails once the budget is spent.
func (b *builder) triangle(p0, p1, p2 convert.Vec3) error {
	if b.pending++; b.pending >= chargeEvery {
		if err := b.flush(); err != nil {
			return err
		}
	}
	b.add(p0, p1, p2)
	return nil
}

// indexedTriangle adds a triangle of merged vertex indices with its
// corners' texture coordinates (nil: none); it fails once the budget is
// spent.
func (b *builder) indexedTriangle(i0, i1, i2 uint32, uv *[3][2]float64) error {
	if b.pending++; b.pending >= chargeEvery {
		if err := b.flush(); err != nil {
			return err
		}
	}
	b.addIndexed(i0, i1, i2, uv)
	return nil
}

// add adds a triangle already charged to the budget.
func (b *builder) add(p0, p1, p2 convert.Vec3) {
	b.addUV(p0, p1, p2, nil)
}

// addUV adds a triangle with its corners' texture coordinates (nil: none).
func (b *builder) addUV(p0, p1, p2 convert.Vec3, uv *[3][2]float64) {
	i0 := b.vertex(p0)
	i1 := b.vertex(p1)
	b.addIndexed(i0, i1, b.vertex(p2), uv)
}

// sharedVertex is vertex for a file that numbers its vertices (OBJ's v
// records): a record's merged index is looked up once and kept in
// merged (its index+1; 0: not yet), so a vertex that corners of many
// faces share is hashed once. The indices are those vertex would give.
func (b *builder) sharedVertex(record int, p convert.Vec3, merged []uint32) uint32 {
	if m := merged[record]; m != 0 {
		return m - 1
	}
	i := b.vertex(p)
	merged[record] = i + 1
	return i
}

// addIndexed adds a triangle of merged vertex indices.
func (b *builder) addIndexed(i0, i1, i2 uint32, uv *[3][2]float64) {
	if uv != nil && b.m.UV == nil {
		b.m.UV = make([][2]float64, len(b.m.Indices), cap(b.m.Indices))
	}
	b.m.Indices = append(b.m.Indices, i0, i1, i2)
	if b.m.UV != nil {
		if uv == nil {
			uv = &[3][2]float64{}
		}
		b.m.UV = append(b.m.UV, uv[0], uv[1], uv[2])
	}
	if b.hasPart {
		n := len(b.m.Parts)
		if n == 0 || !samePart(b.m.Parts[n-1], b.part) {
			p := b.part
			p.Triangles = 0
			b.m.Parts = append(b.m.Parts, p)
			n++
		}
		b.m.Parts[n-1].Triangles++
	}
}

// usePart makes p the material of the triangles added next. Triangles
// added before any material was named get an unnamed part.
func (b *builder) usePart(p Part) {
	if !b.hasPart && len(b.m.Indices) > 0 {
		b.m.Parts = []Part{{Triangles: len(b.m.Indices) / 3}}
	}
	b.hasPart, b.part = true, p
}

func samePart(a, b Part) bool {
	if a.Material != b.Material || a.Texture != b.Texture || (a.Color == nil) != (b.Color == nil) {
		return false
	}
	return a.Color == nil || *a.Color == *b.Color
}

func (b *builder) mesh() *Mesh { return &b.m }
