package gltfx

import (
	"encoding/binary"
	"fmt"
	"math"
	"slices"

	"github.com/physconv/physconv/convert"
	"github.com/qmuntal/gltf"
)

// MeshTriangles returns the triangles of every triangle primitive of a
// mesh (indexed or not; strips and fans converted to lists; sparse
// accessors applied) as one vertex and index list. Points and lines are
// skipped.
func MeshTriangles(d *Doc, mesh int) ([]convert.Vec3, []uint32, error) {
	return meshTriangles(d, mesh, nil)
}

// meshTriangles is MeshTriangles, telling span (when set) where each
// triangle primitive k's vertices start and how many triangles it adds.
func meshTriangles(d *Doc, mesh int, span func(k int, base uint32, tris int)) ([]convert.Vec3, []uint32, error) {
	if mesh < 0 || mesh >= len(d.GLTF.Meshes) {
		return nil, nil, convert.Errorf("meshes", "index %d out of range (%d meshes)", mesh, len(d.GLTF.Meshes))
	}
	var pos []convert.Vec3
	var idx []uint32
	for k, prim := range d.GLTF.Meshes[mesh].Primitives {
		p := fmt.Sprintf("meshes[%d].primitives[%d]", mesh, k)
		if prim.Mode != gltf.PrimitiveTriangles && prim.Mode != gltf.PrimitiveTriangleStrip && prim.Mode != gltf.PrimitiveTriangleFan {
			continue
		}
		pa, ok := prim.Attributes["POSITION"]
		if !ok {
			return nil, nil, convert.Errorf(p+".attributes", "triangle primitive has no POSITION")
		}
		flat, err := d.readAccessor(pa, gltf.AccessorVec3)
		if err != nil {
			return nil, nil, err
		}
		base := uint32(len(pos))
		nv := len(flat) / 3
		pos = slices.Grow(pos, nv)
		for i := 0; i < nv; i++ {
			pos = append(pos, convert.Vec3{flat[3*i], flat[3*i+1], flat[3*i+2]})
		}
		var order []uint32
		if prim.Indices != nil {
			raw, err := d.readAccessor(*prim.Indices, gltf.AccessorScalar)
			if err != nil {
				return nil, nil, err
			}
			order = make([]uint32, len(raw))
			for i, f := range raw {
				if f < 0 || int(f) >= nv {
					return nil, nil, convert.Errorf(fmt.Sprintf("accessors[%d]", *prim.Indices), "index %v out of range (%d vertices)", f, nv)
				}
				order[i] = uint32(f)
			}
		} else {
			order = make([]uint32, nv)
			for i := range order {
				order[i] = uint32(i)
			}
		}
		tris := triangleList(prim.Mode, order)
		if err := d.Budget.Triangles(p, int64(len(tris)/3)); err != nil {
			return nil, nil, err
		}
		idx = slices.Grow(idx, len(tris))
		for _, t := range tris {
			idx = append(idx, base+t)
		}
		if span != nil {
			span(k, base, len(tris)/3)
		}
	}
	return pos, idx, nil
}

// triangleList turns strips and fans into a plain list, keeping winding.
func triangleList(mode gltf.PrimitiveMode, v []uint32) []uint32 {
	switch mode {
	case gltf.PrimitiveTriangleStrip:
		var out []uint32
		for i := 0; i+2 < len(v); i++ {
			if i%2 == 0 {
				out = append(out, v[i], v[i+1], v[i+2])
			} else {
				out = append(out, v[i+1], v[i], v[i+2])
			}
		}
		return out
	case gltf.PrimitiveTriangleFan:
		var out []uint32
		for i := 1; i+1 < len(v); i++ {
			out = append(out, v[0], v[i], v[i+1])
		}
		return out
	}
	return v[:len(v)/3*3]
}

// readAccessor returns count×components numbers of an accessor of the
// wanted type, dequantised (normalized integers map to -1..1 or 0..1).
func (d *Doc) readAccessor(i int, want gltf.AccessorType) ([]float64, error) {
	p := fmt.Sprintf("accessors[%d]", i)
	if i < 0 || i >= len(d.GLTF.Accessors) {
		return nil, convert.Errorf(p, "index %d out of range (%d accessors)", i, len(d.GLTF.Accessors))
	}
	a := d.GLTF.Accessors[i]
	if a.Type != want {
		return nil, convert.Errorf(p+".type", "must be %s, not %s", want, a.Type)
	}
	nc := a.Type.Components()
	if limit := d.elementLimit(a); a.Count < 0 || a.Count > limit {
		return nil, convert.Errorf(p+".count", "%d elements cannot be read (at most %d here)", a.Count, limit)
	}
	if a.BufferView != nil {
		if err := d.fits(*a.BufferView, a.ByteOffset, a.ComponentType, nc, a.Count, p); err != nil {
			return nil, err
		}
	}
	// Every use is charged: one accessor shared by many primitives
	// expands as often as it is read.
	if err := d.Budget.Elements(p+".count", int64(a.Count)*int64(nc)); err != nil {
		return nil, err
	}
	out := make([]float64, a.Count*nc)
	if a.BufferView != nil {
		if err := d.readInto(out, *a.BufferView, a.ByteOffset, a.ComponentType, a.Normalized, nc, a.Count, p); err != nil {
			return nil, err
		}
	}
	if s := a.Sparse; s != nil {
		sp := p + ".sparse"
		if s.Count > a.Count {
			return nil, convert.Errorf(sp+".count", "%d sparse entries for %d elements", s.Count, a.Count)
		}
		if s.Count < 0 {
			return nil, convert.Errorf(sp+".count", "must not be negative (%d)", s.Count)
		}
		if err := d.fits(s.Indices.BufferView, s.Indices.ByteOffset, s.Indices.ComponentType, 1, s.Count, sp+".indices"); err != nil {
			return nil, err
		}
		if err := d.fits(s.Values.BufferView, s.Values.ByteOffset, a.ComponentType, nc, s.Count, sp+".values"); err != nil {
			return nil, err
		}
		which := make([]float64, s.Count)
		if err := d.readInto(which, s.Indices.BufferView, s.Indices.ByteOffset, s.Indices.ComponentType, false, 1, s.Count, sp+".indices"); err != nil {
			return nil, err
		}
		vals := make([]float64, s.Count*nc)
		if err := d.readInto(vals, s.Values.BufferView, s.Values.ByteOffset, a.ComponentType, a.Normalized, nc, s.Count, sp+".values"); err != nil {
			return nil, err
		}
		for k, w := range which {
			e := int(w)
			if e < 0 || e >= a.Count {
				return nil, convert.Errorf(sp+".indices", "element %d out of range (%d elements)", e, a.Count)
			}
			copy(out[e*nc:(e+1)*nc], vals[k*nc:(k+1)*nc])
		}
	}
	return out, nil
}

// maxZeroElements bounds accessors without a bufferView (zeros plus sparse
// values), whose count no data backs.
const maxZeroElements = 1 << 24

// elementLimit is the most elements accessor a can have, checked before
// anything is allocated so a huge count in a small file cannot exhaust
// memory: every element of a buffer-backed accessor takes at least one byte
// of the document's buffers.
func (d *Doc) elementLimit(a *gltf.Accessor) int {
	if a.BufferView == nil {
		return maxZeroElements
	}
	n := 0
	for _, b := range d.GLTF.Buffers {
		n += len(b.Data)
	}
	return n
}

// fits checks, before anything is allocated, that count elements of nc
// components of type ct from offset lie inside bufferView view.
func (d *Doc) fits(view, offset int, ct gltf.ComponentType, nc, count int, p string) error {
	if view < 0 || view >= len(d.GLTF.BufferViews) {
		return convert.Errorf(p+".bufferView", "index %d out of range (%d bufferViews)", view, len(d.GLTF.BufferViews))
	}
	bv := d.GLTF.BufferViews[view]
	n := int64(bv.ByteLength)
	elem := int64(ct.ByteSize()) * int64(nc)
	if elem == 0 {
		return convert.Errorf(p+".componentType", "unknown component type %d", ct)
	}
	stride := int64(bv.ByteStride)
	if stride == 0 {
		stride = elem
	}
	if offset < 0 || count < 0 || count > 0 && int64(offset)+int64(count-1)*stride+elem > n {
		return convert.Errorf(p, "%d elements of %d bytes from offset %d do not fit in bufferView %d (%d bytes)", count, elem, offset, view, n)
	}
	return nil
}

func (d *Doc) readInto(out []float64, view, offset int, ct gltf.ComponentType, normalized bool, nc, count int, p string) error {
	if err := d.fits(view, offset, ct, nc, count, p); err != nil {
		return err
	}
	bv := d.GLTF.BufferViews[view]
	data := d.GLTF.Buffers[bv.Buffer].Data[bv.ByteOffset : bv.ByteOffset+bv.ByteLength]
	cs := ct.ByteSize()
	elem := cs * nc
	stride := bv.ByteStride
	if stride == 0 {
		stride = elem
	}
	for e := 0; e < count; e++ {
		at := offset + e*stride
		for c := 0; c < nc; c++ {
			out[e*nc+c] = component(data[at+c*cs:], ct, normalized)
		}
	}
	return nil
}

func component(b []byte, ct gltf.ComponentType, normalized bool) float64 {
	switch ct {
	case gltf.ComponentFloat:
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(b)))
	case gltf.ComponentUint:
		return float64(binary.LittleEndian.Uint32(b))
	case gltf.ComponentUshort:
		v := float64(binary.LittleEndian.Uint16(b))
		if normalized {
			return v / 65535
		}
		return v
	case gltf.ComponentShort:
		v := float64(int16(binary.LittleEndian.Uint16(b)))
		if normalized {
			return math.Max(v/32767, -1)
		}
		return v
	case gltf.ComponentUbyte:
		if normalized {
			return float64(b[0]) / 255
		}
		return float64(b[0])
	case gltf.ComponentByte:
		v := float64(int8(b[0]))
		if normalized {
			return math.Max(v/127, -1)
		}
		return v
	}
	return 0
}

// AddMesh writes a triangle mesh (float32 positions, uint32 indices) into
// buffer 0 and returns the new mesh index; subj is the Graph mesh it comes
// from, named by the rounding diagnostic.
func AddMesh(d *Doc, subj convert.Subject, name string, pos []convert.Vec3, idx []uint32) int {
	posAcc := addVec3(d, subj, name, pos, true)
	idxAcc := addIndices(d, idx)
	d.GLTF.Meshes = append(d.GLTF.Meshes, &gltf.Mesh{Name: name, Primitives: []*gltf.Primitive{{
		Attributes: gltf.PrimitiveAttributes{"POSITION": posAcc},
		Indices:    gltf.Index(idxAcc),
	}}})
	return len(d.GLTF.Meshes) - 1
}

// addVec3 writes float32 vectors into buffer 0 as a new accessor with its
// bounds. For positions (not normals) a rounding beyond float32 is
// reported against subj.
func addVec3(d *Doc, subj convert.Subject, name string, vs []convert.Vec3, positions bool) int {
	buf := buffer0(d)
	lo := convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := lo.Neg()
	data := make([]byte, 12*len(vs))
	worst := 0.0
	for i, p := range vs {
		for c := 0; c < 3; c++ {
			f := float32(p[c])
			worst = math.Max(worst, math.Abs(float64(f)-p[c]))
			binary.LittleEndian.PutUint32(data[12*i+4*c:], math.Float32bits(f))
			lo[c] = math.Min(lo[c], float64(f))
			hi[c] = math.Max(hi[c], float64(f))
		}
	}
	if worst > 0 && positions {
		d.Diags.Add(convert.CodeMeshFloat32, subj, fmt.Sprintf("meshes[%d]", len(d.GLTF.Meshes)),
			"glTF stores vertex positions as 32-bit floats: mesh %q is rounded by up to %.3g m", name, worst)
	}
	view := appendView(d, buf, data, gltf.TargetArrayBuffer)
	acc := &gltf.Accessor{BufferView: gltf.Index(view), ComponentType: gltf.ComponentFloat, Count: len(vs), Type: gltf.AccessorVec3}
	if positions {
		acc.Min, acc.Max = lo[:], hi[:]
	}
	d.GLTF.Accessors = append(d.GLTF.Accessors, acc)
	return len(d.GLTF.Accessors) - 1
}

// addIndices writes uint32 triangle indices into buffer 0 as a new
// accessor.
func addIndices(d *Doc, idx []uint32) int {
	data := make([]byte, 4*len(idx))
	for i, v := range idx {
		binary.LittleEndian.PutUint32(data[4*i:], v)
	}
	view := appendView(d, buffer0(d), data, gltf.TargetElementArrayBuffer)
	d.GLTF.Accessors = append(d.GLTF.Accessors,
		&gltf.Accessor{BufferView: gltf.Index(view), ComponentType: gltf.ComponentUint, Count: len(idx), Type: gltf.AccessorScalar})
	return len(d.GLTF.Accessors) - 1
}

func buffer0(d *Doc) *gltf.Buffer {
	if len(d.GLTF.Buffers) == 0 {
		d.GLTF.Buffers = append(d.GLTF.Buffers, &gltf.Buffer{})
	}
	return d.GLTF.Buffers[0]
}

// appendView appends data to buf, aligned to 4 bytes, as a new buffer
// view. The buffer doubles when it grows (append grows a large slice by a
// quarter, copying a mesh-heavy buffer about five times over).
func appendView(d *Doc, buf *gltf.Buffer, data []byte, target gltf.Target) int {
	if need := len(buf.Data) + 3 + len(data); need > cap(buf.Data) {
		buf.Data = append(make([]byte, 0, max(need, 2*cap(buf.Data))), buf.Data...)
	}
	for len(buf.Data)%4 != 0 {
		buf.Data = append(buf.Data, 0)
	}
	off := len(buf.Data)
	buf.Data = append(buf.Data, data...)
	buf.ByteLength = len(buf.Data)
	d.GLTF.BufferViews = append(d.GLTF.BufferViews, &gltf.BufferView{
		Buffer: 0, ByteOffset: off, ByteLength: len(data), Target: target})
	return len(d.GLTF.BufferViews) - 1
}
