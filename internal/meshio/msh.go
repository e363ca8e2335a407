package meshio

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/physconv/physconv/convert"
)

// mshHeader is the size of an MSH file's header: four little-endian
// int32 counts (vertices, normals, texture coordinates, faces).
const mshHeader = 16

// decodeMSH reads MuJoCo's binary MSH mesh: the header's counts, then
// float32 vertex positions (3 each), normals (3 each), texture
// coordinates (2 each) and int32 faces (3 vertex indices each). Normals
// and texture coordinates, when present, number as many as the
// vertices, and the file is exactly that long, as MuJoCo requires. A file
// without faces is a point cloud, as MuJoCo reads it (its convex hull).
// Texture coordinates are given per triangle corner with V up, as OBJ
// has them (MuJoCo flips an OBJ's V on reading and an MSH's not).
func decodeMSH(data []byte, b *builder) error {
	if len(data) < mshHeader {
		return fmt.Errorf("meshio: MSH file of %d bytes has no header (16 bytes)", len(data))
	}
	count := func(i int) int64 { return int64(int32(binary.LittleEndian.Uint32(data[4*i:]))) }
	nv, nn, nt, nf := count(0), count(1), count(2), count(3)
	if nv < 4 || nn < 0 || nt < 0 || nf < 0 || nn > 0 && nn != nv || nt > 0 && nt != nv {
		return fmt.Errorf("meshio: MSH header counts %d vertices, %d normals, %d texture coordinates, %d faces; MuJoCo needs 4 vertices at least and as many normals and texture coordinates as vertices, or none", nv, nn, nt, nf)
	}
	if want := mshHeader + 12*nv + 12*nn + 8*nt + 12*nf; want != int64(len(data)) {
		return fmt.Errorf("meshio: MSH header counts %d vertices, %d normals, %d texture coordinates and %d faces (%d bytes) but the file has %d bytes", nv, nn, nt, nf, want, len(data))
	}
	b.pending = nf
	if err := b.flush(); err != nil {
		return err
	}
	b.pending = -nf // already charged
	f := func(off int64) float64 {
		return float64(math.Float32frombits(binary.LittleEndian.Uint32(data[off:])))
	}
	positions := make([]convert.Vec3, nv)
	for i := range positions {
		o := mshHeader + 12*int64(i)
		positions[i] = convert.Vec3{f(o), f(o + 4), f(o + 8)}
		if !positions[i].Finite() {
			return fmt.Errorf("meshio: MSH vertex %d is not a finite number", i)
		}
	}
	b.reserve(int(nf), int(nv)) // the counts match the file's size (above)
	texAt := mshHeader + 12*nv + 12*nn
	facesAt := texAt + 8*nt
	merged := make([]uint32, nv)
	if nf == 0 {
		for i, p := range positions {
			b.sharedVertex(i, p, merged)
		}
		return nil
	}
	for t := int64(0); t < nf; t++ {
		var idx [3]uint32
		var uv *[3][2]float64
		if nt > 0 {
			uv = &[3][2]float64{}
		}
		for k := range idx {
			v := int64(int32(binary.LittleEndian.Uint32(data[facesAt+12*t+4*int64(k):])))
			if v < 0 || v >= nv {
				return fmt.Errorf("meshio: MSH face %d names vertex %d of %d", t, v, nv)
			}
			idx[k] = b.sharedVertex(int(v), positions[v], merged)
			if uv != nil {
				uv[k] = [2]float64{f(texAt + 8*v), 1 - f(texAt+8*v+4)}
			}
		}
		b.addIndexed(idx[0], idx[1], idx[2], uv)
	}
	return nil
}
