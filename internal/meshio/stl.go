package meshio

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"

	"github.com/hschendel/stl"
	"github.com/physconv/physconv/convert"
)

// DecodeSTL reads binary or ASCII STL.
func DecodeSTL(data []byte) (*Mesh, error) {
	return Decode("mesh.stl", data, nil)
}

// decodeSTL reads binary or ASCII STL into b. A binary file's triangle
// count is charged before the triangles are read.
func decodeSTL(data []byte, b *builder) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("meshio: malformed STL: %v", r)
		}
	}()
	if len(data) < 84 && !bytes.HasPrefix(bytes.TrimLeft(data, " \t\r\n"), []byte("solid")) {
		// not ASCII, and too short for a binary file's header and count
		return fmt.Errorf("meshio: binary STL of %d bytes is cut short: a header and triangle count take 84", len(data))
	}
	if len(data) >= 84 {
		n := int64(binary.LittleEndian.Uint32(data[80:]))
		if 84+50*n == int64(len(data)) {
			b.pending = n
			if err := b.flush(); err != nil {
				return err
			}
			b.pending = -n // already charged
			return decodeBinarySTL(data, int(n), b)
		} else if !bytes.HasPrefix(bytes.TrimLeft(data[:min(len(data), 512)], " \t\r\n"), []byte("solid")) {
			return fmt.Errorf("meshio: binary STL header says %d triangles (%d bytes) but the file has %d bytes", n, 84+50*n, len(data))
		}
	}
	solid, err := stl.ReadAll(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("meshio: malformed STL: %w", err)
	}
	for _, t := range solid.Triangles {
		var p [3]convert.Vec3
		for k, v := range t.Vertices {
			p[k] = convert.Vec3{float64(v[0]), float64(v[1]), float64(v[2])}
			if !p[k].Finite() {
				return fmt.Errorf("meshio: STL vertex is not a finite number")
			}
		}
		if err := b.triangle(p[0], p[1], p[2]); err != nil {
			return err
		}
	}
	return nil
}

// binarySTL are the sizes of a binary STL's header (80 bytes of text
// and the triangle count) and of one triangle (normal, three corners,
// attribute word).
const (
	stlHeader   = 84
	stlTriangle = 50
)

// decodeBinarySTL reads the n triangles of a binary STL whose size says
// it is one (as the STL package decides), straight from the bytes: the
// package reads each triangle into a buffer of its own and collects them
// all before any is used.
func decodeBinarySTL(data []byte, n int, b *builder) error {
	f := func(off int) float64 {
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(data[off:])))
	}
	// a closed mesh has about half as many vertices as triangles
	b.reserve(n, n/2)
	for i := 0; i < n; i++ {
		off := stlHeader + stlTriangle*i + 12 // the normal is not read
		var p [3]convert.Vec3
		for k := range p {
			o := off + 12*k
			p[k] = convert.Vec3{f(o), f(o + 4), f(o + 8)}
			if !p[k].Finite() {
				return fmt.Errorf("meshio: STL vertex is not a finite number")
			}
		}
		if err := b.triangle(p[0], p[1], p[2]); err != nil {
			return err
		}
	}
	return nil
}

// EncodeSTL writes binary STL (float32 coordinates, as the format has).
// The name goes into the 80-byte header. It writes what the STL
// package's binary writer writes, into one buffer of the file's size.
func EncodeSTL(m *Mesh, name string) []byte {
	n := len(m.Indices) / 3
	out := make([]byte, stlHeader+stlTriangle*n)
	copy(out[:stlHeader], name)
	binary.LittleEndian.PutUint32(out[80:], uint32(n))
	put := func(off int, v convert.Vec3) {
		for k := 0; k < 3; k++ {
			binary.LittleEndian.PutUint32(out[off+4*k:], math.Float32bits(float32(v[k])))
		}
	}
	for t := 0; t < n; t++ {
		i := 3 * t
		a, b, c := m.Positions[m.Indices[i]], m.Positions[m.Indices[i+1]], m.Positions[m.Indices[i+2]]
		nv := b.Sub(a).Cross(c.Sub(a)).Normalize()
		if math.IsNaN(nv[0]) {
			nv = convert.Vec3{}
		}
		off := stlHeader + stlTriangle*t
		put(off, nv)
		put(off+12, a)
		put(off+24, b)
		put(off+36, c)
	}
	return out
}
