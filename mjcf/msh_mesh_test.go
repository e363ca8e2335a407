package mjcf

import (
	"encoding/binary"
	"math"
	"slices"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// boxMSH is MuJoCo's binary MSH of a box of half sizes h (8 corners, 12
// outward triangles), with per-vertex normals when normals is set.
func boxMSH(h [3]float32, normals bool) []byte {
	var pos []float32
	for i := range 8 {
		for k := range 3 {
			s := float32(-1)
			if i>>k&1 == 1 {
				s = 1
			}
			pos = append(pos, s*h[k])
		}
	}
	faces := []int32{0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5}
	nn := int32(0)
	if normals {
		nn = 8
	}
	var b []byte
	for _, n := range []int32{8, nn, 0, 12} {
		b = binary.LittleEndian.AppendUint32(b, uint32(n))
	}
	for _, x := range pos {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(x))
	}
	for range 3 * nn {
		b = binary.LittleEndian.AppendUint32(b, math.Float32bits(0.5))
	}
	for _, f := range faces {
		b = binary.LittleEndian.AppendUint32(b, uint32(f))
	}
	return b
}

// TestMSHMeshGeom: a geom on an MSH mesh (MuJoCo's binary format, as
// MyoSuite's scenes carry) has the box's mass and inertia, as MuJoCo
// computes them for the same file, with and without normals.
func TestMSHMeshGeom(t *testing.T) {
	for _, normals := range []bool{false, true} {
		h := [3]float32{0.1, 0.2, 0.3}
		model := []byte(`<mujoco><asset><mesh name="box" file="box.msh"/></asset>
<worldbody><body name="b"><freejoint/><geom type="mesh" mesh="box" density="500"/></body></worldbody></mujoco>`)
		dir := t.TempDir()
		testenv.WriteFiles(t, dir, "box.msh", boxMSH(h, normals), nil)
		p := testenv.WriteFiles(t, dir, "m.xml", model, nil)
		in, err := convert.OpenFile(p, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g, _, err := Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		var m *convert.Motion
		for _, n := range g.Nodes {
			if n.Name == "b" {
				m = n.Motion
			}
		}
		x, y, z := 2*float64(h[0]), 2*float64(h[1]), 2*float64(h[2])
		mass := 500 * x * y * z
		want := convert.Vec3{mass / 12 * (y*y + z*z), mass / 12 * (x*x + z*z), mass / 12 * (x*x + y*y)}
		if m == nil || math.Abs(*m.Mass-mass) > 1e-12*mass {
			t.Fatalf("normals %v: mass %v, want %v", normals, m, mass)
		}
		got := *m.InertiaDiagonal
		slices.Sort(got[:])
		slices.Sort(want[:])
		for k := range want {
			if math.Abs(got[k]-want[k]) > 1e-12*want[k] {
				t.Errorf("normals %v: principal moments %v, want %v", normals, got, want)
				break
			}
		}
		if b := testenv.MuJoCoBodies(t, p)["b"]; math.Abs(b.Mass-mass) > 1e-9*mass {
			t.Errorf("MuJoCo's mass %v, ours %v", b.Mass, mass)
		}
	}
}
