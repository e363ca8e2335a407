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
	if len(data) >= 84 {
		n := int64(binary.LittleEndian.Uint32(data[80:]))
		if 84+50*n == int64(len(data)) {
			b.pending = n
			if err := b.flush(); err != nil {
				return err
			}
			b.pending = -n // already charged
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

// EncodeSTL writes binary STL (float32 coordinates, as the format has).
// The name goes into the 80-byte header.
func EncodeSTL(m *Mesh, name string) []byte {
	s := stl.Solid{Name: name}
	f32 := func(v convert.Vec3) stl.Vec3 { return stl.Vec3{float32(v[0]), float32(v[1]), float32(v[2])} }
	for i := 0; i+2 < len(m.Indices); i += 3 {
		a, b, c := m.Positions[m.Indices[i]], m.Positions[m.Indices[i+1]], m.Positions[m.Indices[i+2]]
		n := b.Sub(a).Cross(c.Sub(a)).Normalize()
		if math.IsNaN(n[0]) {
			n = convert.Vec3{}
		}
		s.Triangles = append(s.Triangles, stl.Triangle{Normal: f32(n), Vertices: [3]stl.Vec3{f32(a), f32(b), f32(c)}})
	}
	var buf bytes.Buffer
	if err := s.WriteAll(&buf); err != nil {
		panic(err) // writing to a bytes.Buffer does not fail
	}
	return buf.Bytes()
}
