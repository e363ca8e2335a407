package meshio

import (
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestOBJPointCloud: an OBJ of v records and no faces (MuJoCo takes it
// as its convex hull) keeps its points, duplicates merged, and no
// triangles; with the last line unterminated, with other records around,
// and with faces, where only the vertices faces use are kept, as before.
func TestOBJPointCloud(t *testing.T) {
	for _, c := range []struct {
		name      string
		obj       string
		points    int
		triangles int
	}{
		{"cube corners, no final newline", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nv 0 0 1\nv 1 0 1\nv 0 1 1\nv 1 1 1", 8, 0},
		{"duplicates merged, CRLF, comments", "# points\r\nv 0 0 0\r\nv 1 0 0\r\nv 0 1 0\r\nv 0 0 1\r\nv 0 0 1\r\nvn 0 0 1\r\n", 4, 0},
		{"faces use three of five", "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 5 5 5\nv 6 6 6\nf 1 2 3\n", 3, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			m, err := DecodeOBJ([]byte(c.obj))
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Positions) != c.points || len(m.Indices) != 3*c.triangles {
				t.Fatalf("%d points and %d triangles, want %d and %d", len(m.Positions), len(m.Indices)/3, c.points, c.triangles)
			}
			if c.triangles == 0 && m.Positions[1] != (convert.Vec3{1, 0, 0}) {
				t.Errorf("second point %v, want the second v record", m.Positions[1])
			}
		})
	}
}
