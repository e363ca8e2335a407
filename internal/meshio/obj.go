package meshio

import (
	"bytes"
	"fmt"
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/xmlx"
)

// DecodeOBJ reads a Wavefront OBJ file: v and f records (polygons are
// fanned into triangles; negative indices count from the end), the vt
// texture coordinates faces name, usemtl runs (Mesh.Parts) and mtllib
// references (Mesh.MaterialLibs, read by the caller). Normals, groups and
// smoothing are skipped: normals are computed again from the faces.
func DecodeOBJ(data []byte) (*Mesh, error) {
	return Decode("mesh.obj", data, nil)
}

// decodeOBJ reads OBJ into b. A leading UTF-8 byte-order mark is skipped;
// bytes that are not text (NUL and other control characters, invalid
// UTF-8) make the file an error, so binary data does not pass as an empty
// mesh.
func decodeOBJ(data []byte, b *builder) error {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	all := data
	var verts []convert.Vec3
	var merged []uint32 // each v record's merged vertex (see sharedVertex)
	var uvs [][2]float64
	var face []uint32       // one face's corners (merged vertices), reused
	var faceUV [][2]float64 // their texture coordinates, reused
	faceHasUV := true
	var fields [][]byte // one line's fields, reused
	records, faces := 0, 0
	firstEnd := -1 // triangles before the second object, once it starts
	for line := 1; len(data) > 0; line++ {
		// lines as bufio.ScanLines cuts them: at \n, without a final \r
		var raw []byte
		raw, data = cutLine(data)
		if len(raw) > maxOBJLine {
			return fmt.Errorf("meshio: OBJ line %d is longer than %d bytes; not an OBJ file", line, maxOBJLine)
		}
		raw = bytes.TrimSuffix(raw, []byte("\r"))
		ascii := printableASCII(raw)
		if !ascii {
			if err := textLine(raw); err != nil {
				return fmt.Errorf("meshio: OBJ line %d: %v; not an OBJ file", line, err)
			}
		}
		if ascii && skipOBJLine(raw) {
			continue
		}
		fields = splitFields(fields[:0], raw, ascii)
		if len(fields) == 0 {
			continue
		}
		switch string(fields[0]) {
		case "v":
			if len(fields) < 4 {
				return fmt.Errorf("meshio: OBJ line %d: vertex needs three coordinates", line)
			}
			var p convert.Vec3
			for k := 0; k < 3; k++ {
				x, err := strconv.ParseFloat(string(fields[k+1]), 64)
				if err != nil || math.IsNaN(x) || math.IsInf(x, 0) {
					return fmt.Errorf("meshio: OBJ line %d: bad coordinate %q", line, fields[k+1])
				}
				p[k] = x
			}
			verts = append(verts, p)
			merged = append(merged, 0)
			records++
		case "vt":
			// A coordinate that is not a finite number reads as 0: the
			// geometry does not depend on it, and readers that skip
			// texture coordinates accept such files.
			var uv [2]float64
			for k := 0; k < 2 && k+1 < len(fields); k++ {
				x, err := strconv.ParseFloat(string(fields[k+1]), 64)
				if err == nil && !math.IsNaN(x) && !math.IsInf(x, 0) {
					uv[k] = x
				}
			}
			uvs = append(uvs, uv)
		case "o", "g":
			// a new object once the current one has faces, as the
			// tinyobjloader MuJoCo reads OBJ with splits them (a name
			// after a space or tab, possibly empty: a bare "o" is no
			// record to it)
			if firstEnd < 0 && faces > 0 && namesObject(raw) {
				firstEnd = len(b.m.Indices) / 3
			}
		case "usemtl":
			name := ""
			if len(fields) > 1 {
				name = string(bytes.Join(fields[1:], []byte(" ")))
			}
			b.usePart(Part{Material: name})
		case "mtllib":
			for _, f := range fields[1:] {
				b.m.MaterialLibs = append(b.m.MaterialLibs, string(f))
			}
		case "f":
			if len(fields) < 4 {
				return fmt.Errorf("meshio: OBJ line %d: face needs three vertices", line)
			}
			face, faceUV, faceHasUV = face[:0], faceUV[:0], true
			for _, tok := range fields[1:] {
				s, rest, _ := bytes.Cut(tok, []byte("/"))
				n, ok := atoi(s)
				if ok && n < 0 {
					n += len(verts) + 1
				}
				if !ok || n < 1 || n > len(verts) {
					return fmt.Errorf("meshio: OBJ line %d: bad vertex index %q", line, tok)
				}
				face = append(face, b.sharedVertex(n-1, verts[n-1], merged))
				t, _, _ := bytes.Cut(rest, []byte("/"))
				if len(t) == 0 {
					faceHasUV = false
					continue
				}
				n, ok = atoi(t)
				if ok && n < 0 {
					n += len(uvs) + 1
				}
				if !ok || n < 1 || n > len(uvs) {
					// Geometry does not depend on it: the face is
					// read without coordinates, as other readers do.
					faceHasUV = false
					continue
				}
				faceUV = append(faceUV, uvs[n-1])
			}
			for k := 1; k+1 < len(face); k++ {
				var uv *[3][2]float64
				if faceHasUV {
					uv = &[3][2]float64{faceUV[0], faceUV[k], faceUV[k+1]}
				}
				if err := b.indexedTriangle(face[0], face[k], face[k+1], uv); err != nil {
					return err
				}
			}
			records++
			faces++
		}
	}
	if records == 0 && len(bytes.TrimSpace(all)) > 0 {
		return fmt.Errorf("meshio: OBJ has no v or f records; not an OBJ file")
	}
	if firstEnd >= 0 && len(b.m.Indices)/3 > firstEnd {
		b.m.FirstObject = firstEnd
	}
	if faces == 0 {
		// vertices and no faces: a point cloud, which MuJoCo takes as
		// its convex hull; the mesh keeps the points without triangles
		for i, p := range verts {
			b.sharedVertex(i, p, merged)
		}
	}
	return nil
}

// OBJObjects reports whether an OBJ's faces fall into more than one
// object (o or g groups, as DecodeOBJ counts them), without decoding it.
func OBJObjects(data []byte) bool {
	faces, split := false, false
	for len(data) > 0 {
		var line []byte
		line, data = cutLine(data)
		line = bytes.TrimLeft(line, " \t")
		if len(line) < 2 || line[1] != ' ' && line[1] != '\t' {
			continue
		}
		switch line[0] {
		case 'f':
			if split {
				return true
			}
			faces = true
		case 'o', 'g':
			split = split || faces
		}
	}
	return false
}

// namesObject reports whether an o or g line is one tinyobjloader takes:
// the letter followed by a space or tab.
func namesObject(raw []byte) bool {
	raw = bytes.TrimLeft(raw, " \t")
	return len(raw) > 1 && (raw[1] == ' ' || raw[1] == '\t')
}

// cutLine splits data at its first line break (\n, which it drops), as
// bufio.ScanLines cuts lines; a last line without one is all of data.
func cutLine(data []byte) (line, rest []byte) {
	if i := bytes.IndexByte(data, '\n'); i >= 0 {
		return data[:i], data[i+1:]
	}
	return data, nil
}

// maxOBJLine bounds a line, as a scanner's buffer would.
const maxOBJLine = 16 * 1024 * 1024

// printableASCII reports a line of printable ASCII and tabs only: the
// lines of nearly every OBJ, which then need no UTF-8 check and split on
// ASCII white space alone.
func printableASCII(l []byte) bool {
	for _, c := range l {
		if (c < 0x20 || c >= 0x7f) && c != '\t' {
			return false
		}
	}
	return true
}

// skipOBJLine reports an ASCII line that holds no record this reader
// takes (v, vt, f, usemtl, mtllib, and o and g, which start objects):
// a comment, a vn record, smoothing groups.
func skipOBJLine(l []byte) bool {
	for len(l) > 0 && (l[0] == ' ' || l[0] == '\t') {
		l = l[1:]
	}
	if len(l) == 0 {
		return true
	}
	switch l[0] {
	case 'v', 'f':
		if len(l) > 1 && l[1] == 't' {
			l = l[1:]
		}
		return len(l) > 1 && l[1] != ' ' && l[1] != '\t'
	case 'u', 'm':
		return !bytes.HasPrefix(l, []byte("usemtl")) && !bytes.HasPrefix(l, []byte("mtllib"))
	case 'o', 'g':
		return len(l) > 1 && l[1] != ' ' && l[1] != '\t'
	}
	return true
}

// splitFields appends the white-space separated fields of l to dst, as
// strings.Fields splits them (which it does itself for a line that is not
// ASCII), without a slice per line.
func splitFields(dst [][]byte, l []byte, ascii bool) [][]byte {
	if !ascii {
		for _, f := range strings.Fields(string(l)) {
			dst = append(dst, []byte(f))
		}
		return dst
	}
	start := -1
	for i, c := range l {
		if c == ' ' || c == '\t' {
			if start >= 0 {
				dst = append(dst, l[start:i])
				start = -1
			}
		} else if start < 0 {
			start = i
		}
	}
	if start >= 0 {
		dst = append(dst, l[start:])
	}
	return dst
}

// atoi reads a decimal integer as strconv.Atoi does (an optional sign,
// digits), without a string.
func atoi(s []byte) (int, bool) {
	neg := false
	if len(s) > 0 && (s[0] == '+' || s[0] == '-') {
		neg, s = s[0] == '-', s[1:]
	}
	if len(s) == 0 {
		return 0, false
	}
	for len(s) > 1 && s[0] == '0' {
		s = s[1:]
	}
	if len(s) > 18 {
		return 0, false // beyond any vertex count (and near int64's end)
	}
	n := 0
	for _, c := range s {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	if neg {
		n = -n
	}
	return n, true
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
// shortest form that reads back exactly; with texture coordinates (one
// per corner, Mesh.UV), a vt record per corner and faces naming them.
func EncodeOBJ(m *Mesh) []byte {
	// appended straight into one buffer: a textured mesh has a record per
	// corner, and formatting each through fmt cost more than the rest of
	// a robot's conversion
	b := make([]byte, 0, 32*len(m.Positions)+48*len(m.Indices)+16)
	b = append(b, "# physconv\n"...)
	nums := func(tag string, xs ...float64) {
		b = append(b, tag...)
		for _, x := range xs {
			b = xmlx.AppendNum(append(b, ' '), x)
		}
		b = append(b, '\n')
	}
	for _, p := range m.Positions {
		nums("v", p[0], p[1], p[2])
	}
	uv := len(m.UV) == len(m.Indices) && m.UV != nil
	if uv {
		for _, t := range m.UV {
			nums("vt", t[0], t[1])
		}
	}
	for i := 0; i+2 < len(m.Indices); i += 3 {
		b = append(b, 'f')
		for c := range 3 {
			b = strconv.AppendUint(append(b, ' '), uint64(m.Indices[i+c])+1, 10)
			if uv {
				b = strconv.AppendInt(append(b, '/'), int64(i+c+1), 10)
			}
		}
		b = append(b, '\n')
	}
	return b
}
