package hull

import (
	"math"
	"testing"
)

// TestThickenFlat: a flat mesh gets a copy FlatThickness (in metres,
// under the writer's scale) behind its front face, which becomes a
// volume; a flat mesh drawn from both sides (each triangle and its
// reverse, as glTF models draw a thin panel), whose normals cancel, is
// thickened behind the face its largest triangle shows (it was left
// flat, and writers dropped it); a mesh with volume, or on a line, is
// left as it is.
func TestThickenFlat(t *testing.T) {
	quad := []Vec{{0, 0, 0}, {2, 0, 0}, {2, 0, 1}, {0, 0, 1}}
	front := []uint32{0, 2, 1, 0, 3, 2} // its normal: see the end
	both := append(append([]uint32(nil), front...), 0, 1, 2, 0, 2, 3)
	tetra := []Vec{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	line := []Vec{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}}
	cases := []struct {
		name  string
		pos   []Vec
		idx   []uint32
		scale Vec
		ok    bool
	}{
		{"one side", quad, front, Vec{1, 1, 1}, true},
		{"one side, scaled 2 across", quad, front, Vec{1, 2, 1}, true},
		{"both sides", quad, both, Vec{1, 1, 1}, true},
		{"a volume", tetra, []uint32{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}, Vec{1, 1, 1}, false},
		{"a line", line, []uint32{0, 1, 2}, Vec{1, 1, 1}, false},
	}
	for _, c := range cases {
		pos, idx, ok := ThickenFlat(c.pos, c.idx, c.scale)
		if ok != c.ok {
			t.Errorf("%s: thickened %v, want %v", c.name, ok, c.ok)
			continue
		}
		if !ok {
			if len(pos) != len(c.pos) || len(idx) != len(c.idx) {
				t.Errorf("%s: changed though not thickened", c.name)
			}
			continue
		}
		if len(pos) != 2*len(c.pos) || len(idx) != 2*len(c.idx) {
			t.Errorf("%s: %d points, %d indices", c.name, len(pos), len(idx))
			continue
		}
		// the copy lies FlatThickness (under the scale) off the plane
		dy := pos[len(c.pos)][1]
		if math.Abs(math.Abs(dy)*c.scale[1]-FlatThickness) > 1e-15 {
			t.Errorf("%s: copy at y %v", c.name, dy)
		}
		if _, err := Compute(pos); err != nil {
			t.Errorf("%s: the thickened mesh spans no volume: %v", c.name, err)
		}
	}
	// one-sided: the copy is behind the front, whose normal is the
	// triangles' (0, 2, 1) winding: (2,0,1)-(0,0,0) × (2,0,0)-(0,0,0)
	n := cross(sub(quad[2], quad[0]), sub(quad[1], quad[0]))
	pos, _, _ := ThickenFlat(quad, front, Vec{1, 1, 1})
	if dot(sub(pos[4], quad[0]), n) >= 0 {
		t.Errorf("the copy of a one-sided quad lies in front of it (normal %v, copy %v)", n, pos[4])
	}
}
