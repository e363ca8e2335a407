package meshio

import (
	"bufio"
	"bytes"
	"fmt"
	"io/fs"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestOBJMatchesReference: the allocation-free OBJ reader gives what the
// line-scanner reader it replaced gave (the same mesh, or an error for the
// same inputs) on every OBJ of the corpus and on mutated copies of them
// and of hand-written cases.
func TestOBJMatchesReference(t *testing.T) {
	inputs := [][]byte{
		[]byte("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"),
		[]byte("\xef\xbb\xbfv 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nf 1/1/1 2//2 -1\r\n"),
		[]byte("  v\t0 0 0\nv 1 0 0\n\vv 0 1 0\nf\f1 2 3 1\n# c\nvn 0 0 1\n"),
		[]byte("\u00a0v 0 0 0\nv 1\u00a00 0\nv 0 1 0\nf 1 2 3"),
		[]byte("o x\ng y\nusemtl m\n"),
		[]byte("v 0 0 0\nv 1 0 0\nv 0 1 0\nf +1 0000000000000000000002 -0001/5\nf 1 2 99999999999999999999\n"),
		[]byte("v 0 0 0\nv 1 0 0\nv 0 1 0\nvn 0 0 1\nvt 0 0\nv\t1 1 1\nf\t1/1/1\t2/1/1 3/1/1 4\n"),
		// records repeating a position (-0 as 0), shared by polygons and
		// fans, which merge into one vertex each
		[]byte("v 0 0 0\nv 1 0 0\nv -0 0 0\nv 0 1 0\nv 1 0 0\nv 1 1 -0\nf 1 2 4\nf 3 5 6 4\nf -4 -2 -1 -3 1\n"),
		// points without faces (a convex hull's), the last line unended
		[]byte("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nv 1 0 0"),
		[]byte("v 0 0\n"), []byte("f 1 2 3\n"), []byte("v 0 0 nan\n"), []byte("\n\n\n"), []byte(""),
	}
	if root := os.Getenv("PHYSCONV_CORPUS"); root != "" {
		filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && strings.EqualFold(filepath.Ext(p), ".obj") {
				if data, err := os.ReadFile(p); err == nil && len(data) < 4<<20 {
					inputs = append(inputs, data)
				}
			}
			return nil
		})
	}
	rng := rand.New(rand.NewPCG(3, 4))
	junk := []byte(" \t\r\n\v\f/-#vf0123456789.eE\x00\xc2\xa0")
	n := len(inputs)
	for i := 0; i < n; i++ {
		for k := 0; k < 20; k++ {
			m := bytes.Clone(inputs[i])
			for e := 1 + rng.IntN(4); e > 0 && len(m) > 0; e-- {
				m[rng.IntN(len(m))] = junk[rng.IntN(len(junk))]
			}
			inputs = append(inputs, m)
		}
	}
	for i, in := range inputs {
		got, gotErr := run(decodeOBJ, in)
		want, wantErr := run(decodeOBJReference, in)
		if (gotErr != nil) != (wantErr != nil) {
			t.Fatalf("input %d (%.60q): error %v, reference %v", i, in, gotErr, wantErr)
		}
		// The reference reads geometry only; parts and coordinates are
		// checked in look_test.go.
		if gotErr == nil && (!reflect.DeepEqual(got.Positions, want.Positions) || !reflect.DeepEqual(got.Indices, want.Indices)) {
			t.Fatalf("input %d (%.60q): %d positions %d indices, reference %d and %d", i, in, len(got.Positions), len(got.Indices), len(want.Positions), len(want.Indices))
		}
	}
	t.Logf("%d inputs", len(inputs))
}

func run(decode func([]byte, *builder) error, data []byte) (*Mesh, error) {
	b := newBuilder()
	if err := decode(data, b); err != nil {
		return nil, err
	}
	return b.mesh(), b.flush()
}

// decodeOBJReference is the line-scanner reader decodeOBJ replaced.
func decodeOBJReference(data []byte, b *builder) error {
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	var verts []convert.Vec3
	records, faces := 0, 0
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
			faces++
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("meshio: OBJ: %w", err)
	}
	if records == 0 && len(bytes.TrimSpace(data)) > 0 {
		return fmt.Errorf("meshio: OBJ has no v or f records; not an OBJ file")
	}
	if faces == 0 {
		// a point cloud: its points, merged, in order
		for _, p := range verts {
			b.vertex(p)
		}
	}
	return nil
}
