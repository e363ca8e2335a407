package meshio

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
)

// DecodeOBJ reads the geometry of a Wavefront OBJ file: v and f records
// (polygons are fanned into triangles; negative indices count from the
// end). Everything else (normals, texture coordinates, materials, groups)
// has no bearing on collision geometry and is skipped.
func DecodeOBJ(data []byte) (*Mesh, error) {
	var verts []convert.Vec3
	b := newBuilder()
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "v":
			if len(f) < 4 {
				return nil, fmt.Errorf("meshio: OBJ line %d: vertex needs three coordinates", line)
			}
			var p convert.Vec3
			for k := 0; k < 3; k++ {
				x, err := strconv.ParseFloat(f[k+1], 64)
				if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
					return nil, fmt.Errorf("meshio: OBJ line %d: bad coordinate %q", line, f[k+1])
				}
				p[k] = x
			}
			verts = append(verts, p)
		case "f":
			if len(f) < 4 {
				return nil, fmt.Errorf("meshio: OBJ line %d: face needs three vertices", line)
			}
			idx := make([]convert.Vec3, 0, len(f)-1)
			for _, tok := range f[1:] {
				s, _, _ := strings.Cut(tok, "/")
				n, err := strconv.Atoi(s)
				if err == nil && n < 0 {
					n += len(verts) + 1
				}
				if err != nil || n < 1 || n > len(verts) {
					return nil, fmt.Errorf("meshio: OBJ line %d: bad vertex index %q", line, tok)
				}
				idx = append(idx, verts[n-1])
			}
			for k := 1; k+1 < len(idx); k++ {
				b.triangle(idx[0], idx[k], idx[k+1])
			}
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("meshio: OBJ: %w", err)
	}
	return b.mesh(), nil
}
