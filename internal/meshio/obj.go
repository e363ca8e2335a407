package meshio

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/xmlx"
)

// DecodeOBJ reads the geometry of a Wavefront OBJ file: v and f records
// (polygons are fanned into triangles; negative indices count from the
// end). Everything else (normals, texture coordinates, materials, groups)
// has no bearing on collision geometry and is skipped.
func DecodeOBJ(data []byte) (*Mesh, error) {
	return Decode("mesh.obj", data, nil)
}

// decodeOBJ reads OBJ into b. A leading UTF-8 byte-order mark is skipped;
// bytes that are not text (NUL and other control characters, invalid
// UTF-8) make the file an error, so binary data does not pass as an empty
// mesh.
func decodeOBJ(data []byte, b *builder) error {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var verts []convert.Vec3
	records := 0
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 16*1024*1024)
	line := 0
	for sc.Scan() {
		line++
		if err := textLine(sc.Bytes()); err != nil {
			return fmt.Errorf("meshio: OBJ line %d: %v; not an OBJ file", line, err)
		}
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "v":
			if len(f) < 4 {
				return fmt.Errorf("meshio: OBJ line %d: vertex needs three coordinates", line)
			}
			var p convert.Vec3
			for k := 0; k < 3; k++ {
				x, err := strconv.ParseFloat(f[k+1], 64)
				if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
					return fmt.Errorf("meshio: OBJ line %d: bad coordinate %q", line, f[k+1])
				}
				p[k] = x
			}
			verts = append(verts, p)
			records++
		case "f":
			if len(f) < 4 {
				return fmt.Errorf("meshio: OBJ line %d: face needs three vertices", line)
			}
			idx := make([]convert.Vec3, 0, len(f)-1)
			for _, tok := range f[1:] {
				s, _, _ := strings.Cut(tok, "/")
				n, err := strconv.Atoi(s)
				if err == nil && n < 0 {
					n += len(verts) + 1
				}
				if err != nil || n < 1 || n > len(verts) {
					return fmt.Errorf("meshio: OBJ line %d: bad vertex index %q", line, tok)
				}
				idx = append(idx, verts[n-1])
			}
			for k := 1; k+1 < len(idx); k++ {
				if err := b.triangle(idx[0], idx[k], idx[k+1]); err != nil {
					return err
				}
			}
			records++
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("meshio: OBJ: %w", err)
	}
	if records == 0 && len(bytes.TrimSpace(data)) > 0 {
		return fmt.Errorf("meshio: OBJ has no v or f records; not an OBJ file")
	}
	return nil
}

// textLine reports bytes no OBJ text holds: invalid UTF-8 or control
// characters other than tab, carriage return, vertical tab and form feed.
func textLine(l []byte) error {
	if !utf8.Valid(l) {
		return fmt.Errorf("invalid UTF-8")
	}
	for _, c := range l {
		if c < 0x20 && c != '\t' && c != '\r' && c != '\v' && c != '\f' || c == 0x7f {
			return fmt.Errorf("control character 0x%02x", c)
		}
	}
	return nil
}

// EncodeOBJ writes vertices and 1-based triangles, numbers in the
// shortest form that reads back exactly.
func EncodeOBJ(m *Mesh) []byte {
	var b strings.Builder
	b.WriteString("# physconv\n")
	for _, p := range m.Positions {
		fmt.Fprintf(&b, "v %s\n", xmlx.Nums(p[0], p[1], p[2]))
	}
	for i := 0; i+2 < len(m.Indices); i += 3 {
		fmt.Fprintf(&b, "f %d %d %d\n", m.Indices[i]+1, m.Indices[i+1]+1, m.Indices[i+2]+1)
	}
	return []byte(b.String())
}
