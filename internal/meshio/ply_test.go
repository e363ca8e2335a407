package meshio

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// plyCube is a unit cube as a PLY file in format (ascii,
// binary_little_endian, binary_big_endian): quads, a colour per vertex, an
// edge element after the faces, and a comment.
func plyCube(format string) []byte {
	v := [][3]float32{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}}
	f := [][4]int32{{0, 3, 2, 1}, {4, 5, 6, 7}, {0, 1, 5, 4}, {1, 2, 6, 5}, {2, 3, 7, 6}, {3, 0, 4, 7}}
	var b bytes.Buffer
	fmt.Fprintf(&b, "ply\r\nformat %s 1.0\ncomment a cube\nelement vertex 8\nproperty float x\nproperty float y\nproperty float z\nproperty uchar red\n"+
		"element face 6\nproperty list uchar int vertex_indices\nelement edge 1\nproperty int vertex1\nproperty int vertex2\nend_header\n", format)
	if format == "ascii" {
		for _, p := range v {
			fmt.Fprintf(&b, "%g %g %g 255\n", p[0], p[1], p[2])
		}
		for _, q := range f {
			fmt.Fprintf(&b, "4 %d %d %d %d\n", q[0], q[1], q[2], q[3])
		}
		b.WriteString("0 1\n")
		return b.Bytes()
	}
	var order binary.ByteOrder = binary.LittleEndian
	if format == "binary_big_endian" {
		order = binary.BigEndian
	}
	for _, p := range v {
		binary.Write(&b, order, p)
		b.WriteByte(255)
	}
	for _, q := range f {
		b.WriteByte(4)
		binary.Write(&b, order, q)
	}
	binary.Write(&b, order, [2]int32{0, 1})
	return b.Bytes()
}

// TestPLY: a PLY cube in each of the three formats reads as the unit
// cube (12 triangles facing out, volume 1); a file of vertices only is a
// point cloud; a malformed file is an error saying what is wrong, never
// a panic or an allocation its size cannot back.
func TestPLY(t *testing.T) {
	for _, format := range []string{"ascii", "binary_little_endian", "binary_big_endian"} {
		m, err := Decode("cube.PLY", plyCube(format), nil)
		if err != nil {
			t.Fatalf("%s: %v", format, err)
		}
		if len(m.Indices) != 36 || len(m.Positions) != 8 || math.Abs(volume(m)-1) > 1e-12 {
			t.Errorf("%s: %d triangles, %d vertices, volume %v", format, len(m.Indices)/3, len(m.Positions), volume(m))
		}
	}
	points := "ply\nformat ascii 1.0\nelement vertex 4\nproperty double x\nproperty double y\nproperty double z\nend_header\n0 0 0\n1 0 0\n0 1 0\n0 0 1\n"
	if m, err := Decode("p.ply", []byte(points), nil); err != nil || len(m.Positions) != 4 || len(m.Indices) != 0 {
		t.Errorf("point cloud: %v %v", m, err)
	}
	head := "ply\nformat ascii 1.0\nelement vertex 3\nproperty float x\nproperty float y\nproperty float z\nelement face 1\nproperty list uchar int vertex_indices\nend_header\n0 0 0\n1 0 0\n0 1 0\n"
	for _, c := range []struct{ data, says string }{
		{"plx\n", `does not begin with "ply"`},
		{"ply\nformat ascii 1.0\nelement vertex 1\n", "no end_header"},
		{"ply\nformat ebcdic 1.0\nend_header\n", `"ebcdic"`},
		{"ply\nformat ascii 1.0\nproperty float x\nend_header\n", "a property before any element"},
		{"ply\nformat ascii 1.0\nelement vertex 1\nproperty quad x\nend_header\n", `unknown type "quad"`},
		{"ply\nformat binary_little_endian 1.0\nelement vertex 99999999999\nproperty float x\nproperty float y\nproperty float z\nend_header\n" + strings.Repeat("\x00", 24), "more than the 24 bytes left hold"},
		{"ply\nformat ascii 1.0\nelement vertex 1\nproperty float y\nend_header\n1\n", "no x, y and z"},
		{head + "3 0 1 7\n", "names vertex 7 of 3"},
		{head + "2 0 1\n", "has 2 corners"},
		{head + "3 0 1\n", "the file ends in it"},
		{strings.Replace(head, "0 1 0\n", "0 nan 0\n", 1) + "3 0 1 2\n", "vertex 2 is not a finite number"},
		{head + "3 0 1 2.5\n", `"2.5" is not a number of its type`},
	} {
		_, err := Decode("bad.ply", []byte(c.data), convert.NewBudget(convert.Limits{Triangles: 100}))
		if err == nil || !strings.Contains(err.Error(), c.says) {
			t.Errorf("%q: %v, want an error saying %q", c.data, err, c.says)
		}
	}
}
