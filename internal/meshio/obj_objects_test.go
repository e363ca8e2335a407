package meshio

import "testing"

// TestOBJObjects: an OBJ's faces split into objects where an o or g line
// (the letter, then a space or tab) follows a face, as tinyobjloader
// (MuJoCo's OBJ reader) splits them;
// FirstObject counts the triangles of the first (a quad is two), and
// OBJObjects says the same without decoding.
func TestOBJObjects(t *testing.T) {
	const v = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\n"
	for _, c := range []struct {
		name, obj string
		first     int
	}{
		{"one object", v + "f 1 2 3\nf 2 4 3\n", 0},
		{"named before its faces", "o a\ng b\n" + v + "f 1 2 3\n", 0},
		{"o splits", v + "o a\nf 1 2 3\no b\nf 2 4 3\n", 1},
		{"g splits", v + "f 1 2 4 3\ng b\nf 1 2 3\n", 2},
		{"a bare o is no record", v + "f 1 2 3\no\nf 2 4 3\n", 0},
		{"an o and a tab splits", v + "f 1 2 3\no\tb\nf 2 4 3\n", 1},
		{"a split without faces after it", v + "f 1 2 3\no b\n", 0},
		{"usemtl does not split", v + "f 1 2 3\nusemtl m\nf 2 4 3\n", 0},
		{"three objects", v + "f 1 2 3\no b\nf 2 4 3\nf 1 2 4\no c\nf 1 3 4\n", 1},
		{"an indented g splits", v + "f 1 2 3\n  g b\r\nf 2 4 3\n", 1},
	} {
		m, err := DecodeOBJ([]byte(c.obj))
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if m.FirstObject != c.first || OBJObjects([]byte(c.obj)) != (c.first > 0) {
			t.Errorf("%s: first object %d triangles (objects %v), want %d", c.name, m.FirstObject, OBJObjects([]byte(c.obj)), c.first)
		}
	}
}
