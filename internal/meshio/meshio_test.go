package meshio

import (
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// volume is the signed volume of a closed mesh (divergence theorem).
func volume(m *Mesh) float64 {
	var v float64
	for i := 0; i+2 < len(m.Indices); i += 3 {
		a, b, c := m.Positions[m.Indices[i]], m.Positions[m.Indices[i+1]], m.Positions[m.Indices[i+2]]
		v += a.Dot(b.Cross(c)) / 6
	}
	return v
}

func bounds(m *Mesh) (lo, hi convert.Vec3) {
	lo = convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi = lo.Neg()
	for _, p := range m.Positions {
		for k := 0; k < 3; k++ {
			lo[k] = math.Min(lo[k], p[k])
			hi[k] = math.Max(hi[k], p[k])
		}
	}
	return
}

// unitCube is a closed, outward-facing unit cube at the origin.
func unitCube() *Mesh {
	b := newBuilder()
	v := func(x, y, z float64) convert.Vec3 { return convert.Vec3{x, y, z} }
	quad := func(a, b2, c, d convert.Vec3) { b.triangle(a, b2, c); b.triangle(a, c, d) }
	quad(v(0, 0, 0), v(0, 1, 0), v(1, 1, 0), v(1, 0, 0)) // z=0, normal -z
	quad(v(0, 0, 1), v(1, 0, 1), v(1, 1, 1), v(0, 1, 1)) // z=1
	quad(v(0, 0, 0), v(1, 0, 0), v(1, 0, 1), v(0, 0, 1)) // y=0
	quad(v(0, 1, 0), v(0, 1, 1), v(1, 1, 1), v(1, 1, 0)) // y=1
	quad(v(0, 0, 0), v(0, 0, 1), v(0, 1, 1), v(0, 1, 0)) // x=0
	quad(v(1, 0, 0), v(1, 1, 0), v(1, 1, 1), v(1, 0, 1)) // x=1
	return b.mesh()
}

func TestSTLRoundTrip(t *testing.T) {
	c := unitCube()
	if v := volume(c); math.Abs(v-1) > 1e-12 {
		t.Fatalf("cube volume %v", v)
	}
	data := EncodeSTL(c, "cube")
	if len(data) != 84+12*50 {
		t.Fatalf("binary STL size %d, want %d", len(data), 84+12*50)
	}
	m, err := DecodeSTL(data)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Positions) != 8 || len(m.Indices) != 36 || math.Abs(volume(m)-1) > 1e-12 {
		t.Fatalf("decoded %d vertices %d indices volume %v", len(m.Positions), len(m.Indices), volume(m))
	}
}

func TestSTLASCII(t *testing.T) {
	src := "solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n"
	m, err := DecodeSTL([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Indices) != 3 || m.Positions[1] != (convert.Vec3{1, 0, 0}) {
		t.Fatalf("got %+v", m)
	}
}

func TestOBJ(t *testing.T) {
	src := "# quad\nv 0 0 0\nv 2 0 0\nv 2 3 0\nv 0 3 0\nvn 0 0 1\nf 1//1 2//1 3//1 4//1\nf -4 -3 -2\n"
	m, err := DecodeOBJ([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Indices) != 9 || len(m.Positions) != 4 {
		t.Fatalf("got %d indices %d vertices", len(m.Indices), len(m.Positions))
	}
	for _, bad := range []string{"v 1 2\n", "v 0 0 0\nf 1 2 3\n", "v a 0 0\n"} {
		if _, err := DecodeOBJ([]byte(bad)); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestDAEUnitUpAxisAndNodes: a COLLADA file's unit scales it and its
// node transforms place it; its up_axis, whichever it is, leaves the
// vertices where the file writes them, as RViz, MoveIt and Gazebo draw a
// robot's meshes.
func TestDAEUnitUpAxisAndNodes(t *testing.T) {
	for _, up := range []string{"", "<up_axis>Y_UP</up_axis>", "<up_axis>Z_UP</up_axis>", "<up_axis>X_UP</up_axis>"} {
		src := `<?xml version="1.0"?>
<COLLADA xmlns="http://www.collada.org/2005/11/COLLADASchema" version="1.4.1">
 <asset><unit name="cm" meter="0.01"/>` + up + `</asset>
 <library_geometries><geometry id="g"><mesh>
  <source id="p"><float_array count="9">0 0 0 100 0 0 0 100 0</float_array>
   <technique_common><accessor source="#pa" count="3" stride="3"/></technique_common></source>
  <vertices id="v"><input semantic="POSITION" source="#p"/></vertices>
  <triangles count="1"><input semantic="VERTEX" source="#v" offset="0"/><input semantic="NORMAL" source="#n" offset="1"/><p>0 0 1 0 2 0</p></triangles>
 </mesh></geometry></library_geometries>
 <library_visual_scenes><visual_scene id="s"><node><translate>0 0 50</translate><instance_geometry url="#g"/></node></visual_scene></library_visual_scenes>
 <scene><instance_visual_scene url="#s"/></scene>
</COLLADA>`
		m, err := DecodeDAE([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		// 1 unit = 1 cm; the node's translation applies; no turn
		want := []convert.Vec3{{0, 0, 0.5}, {1, 0, 0.5}, {0, 1, 0.5}}
		if len(m.Positions) != 3 {
			t.Fatalf("%q: positions %v", up, m.Positions)
		}
		for i, p := range m.Positions {
			if p.Sub(want[i]).Len() > 1e-12 {
				t.Errorf("%q: vertex %d = %v, want %v", up, i, p, want[i])
			}
		}
	}
}

func TestCorpusMeshes(t *testing.T) {
	root := testenv.CorpusPath(t, "urdf")
	cases := []struct {
		file      string
		minTris   int
		maxExtent float64 // metres: catches unit mistakes
	}{
		{"bullet_kuka_iiwa/kuka_iiwa/meshes/link_1.stl", 100, 0.5},
		{"bullet_kuka_iiwa/kuka_iiwa/meshes/link_1.obj", 100, 0.5},
		{"r2d2_urdf_tutorial/meshes/l_finger.dae", 100, 0.5},
		{"jpl_triathlete/meshes/Body.STL", 10, 5},
	}
	for _, c := range cases {
		data, err := os.ReadFile(filepath.Join(root, c.file))
		if err != nil {
			t.Fatal(err)
		}
		m, err := Decode(c.file, data, nil)
		if err != nil {
			t.Fatalf("%s: %v", c.file, err)
		}
		lo, hi := bounds(m)
		ext := hi.Sub(lo)
		if len(m.Indices)/3 < c.minTris || ext[0] > c.maxExtent || ext[1] > c.maxExtent || ext[2] > c.maxExtent {
			t.Errorf("%s: %d triangles, extent %v", c.file, len(m.Indices)/3, ext)
		}
	}
}

func FuzzDecode(f *testing.F) {
	f.Add("a.stl", EncodeSTL(unitCube(), "c"))
	f.Add("a.obj", []byte("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 3\n"))
	f.Add("a.dae", []byte(`<COLLADA><library_geometries><geometry id="g"><mesh><source id="p"><float_array>0 0 0 1 0 0 0 1 0</float_array></source><vertices id="v"><input semantic="POSITION" source="#p"/></vertices><polylist><input semantic="VERTEX" source="#v" offset="0"/><vcount>3</vcount><p>0 1 2</p></polylist></mesh></geometry></library_geometries></COLLADA>`))
	f.Add("a.dae", []byte(daeTwoMaterials))
	f.Add("a.obj", []byte("mtllib a.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nvt 0 0\nvt 1 0\nusemtl m\nf 1/1 2/2 3/2\n"))
	f.Add("a.msh", msh(4, 0, 4, 4, tetraPos, nil, []float32{0, 0, 1, 0, 0, 1, 1, 1}, tetraFaces))
	f.Add("a.ply", plyCube("ascii"))
	f.Add("a.ply", plyCube("binary_big_endian"))
	f.Add("a.vtk", []byte(vtkCube("3.0", [5]bool{true}, "")))
	f.Add("a.vtk", []byte(vtkCube("5.1", [5]bool{}, "")))
	f.Fuzz(func(t *testing.T, name string, data []byte) {
		m, err := Decode(name, data, convert.NewBudget(convert.Limits{Triangles: 1 << 20}))
		if err != nil {
			return
		}
		for _, i := range m.Indices {
			if int(i) >= len(m.Positions) {
				t.Fatalf("index %d out of range", i)
			}
		}
		// the look stays aligned with the triangles
		if m.UV != nil && len(m.UV) != len(m.Indices) {
			t.Fatalf("%d coordinates for %d corners", len(m.UV), len(m.Indices))
		}
		n := 0
		for _, p := range m.Parts {
			n += p.Triangles
		}
		if m.Parts != nil && n != len(m.Indices)/3 {
			t.Fatalf("parts cover %d of %d triangles", n, len(m.Indices)/3)
		}
		DecodeMTL(data)
	})
}

// TestEncodeOBJText: EncodeOBJ writes each record in the shortest
// spelling that reads back exactly — v with three numbers, vt per corner,
// faces 1-based (v/vt with coordinates) — and DecodeOBJ reads the
// positions, triangles and coordinates back, for random meshes with and
// without texture coordinates.
func TestEncodeOBJText(t *testing.T) {
	m := &Mesh{Positions: []convert.Vec3{{0, 0.1, -2.5e-7}, {1, 1e20, 3}, {-0, 2, 1.0 / 3}}, Indices: []uint32{0, 1, 2, 2, 1, 0}}
	want := "# physconv\nv 0 0.1 -2.5e-07\nv 1 1e+20 3\nv 0 2 0.3333333333333333\nf 1 2 3\nf 3 2 1\n"
	if got := string(EncodeOBJ(m)); got != want {
		t.Errorf("EncodeOBJ:\n%s\nwant\n%s", got, want)
	}
	m.UV = [][2]float64{{0, 1}, {0.5, 0.25}, {1, 0}, {1, 0}, {0.5, 0.25}, {0, 1}}
	want = "# physconv\nv 0 0.1 -2.5e-07\nv 1 1e+20 3\nv 0 2 0.3333333333333333\nvt 0 1\nvt 0.5 0.25\nvt 1 0\nvt 1 0\nvt 0.5 0.25\nvt 0 1\nf 1/1 2/2 3/3\nf 3/4 2/5 1/6\n"
	if got := string(EncodeOBJ(m)); got != want {
		t.Errorf("EncodeOBJ with coordinates:\n%s\nwant\n%s", got, want)
	}
	rng := rand.New(rand.NewPCG(5, 9))
	for range 20 {
		n := 3 + rng.IntN(20)
		mesh := &Mesh{}
		for range n {
			mesh.Positions = append(mesh.Positions, convert.Vec3{rng.NormFloat64(), rng.NormFloat64() * 1e3, rng.Float64() * 1e-6})
		}
		for range 2 * n {
			p := rng.Perm(n) // three different corners: no degenerate face
			mesh.Indices = append(mesh.Indices, uint32(p[0]), uint32(p[1]), uint32(p[2]))
			mesh.UV = append(mesh.UV, [2]float64{rng.Float64(), rng.Float64()}, [2]float64{rng.Float64(), rng.Float64()}, [2]float64{rng.Float64(), rng.Float64()})
		}
		back, err := Decode("m.obj", EncodeOBJ(mesh), nil)
		if err != nil {
			t.Fatal(err)
		}
		// the reader may order vertices its own way: compare corners
		if len(back.Indices) != len(mesh.Indices) || len(back.UV) != len(mesh.UV) {
			t.Fatalf("read back %d corners, %d coordinates, want %d", len(back.Indices), len(back.UV), len(mesh.Indices))
		}
		near := func(a, b convert.Vec3) bool { return a.Sub(b).Len() <= 1e-15*math.Max(1, b.Len()) }
		for k := range mesh.Indices {
			// the reader's fast number parser may miss the last bit
			p, q := back.Positions[back.Indices[k]], mesh.Positions[mesh.Indices[k]]
			u, w := back.UV[k], mesh.UV[k]
			if !near(p, q) || !near(convert.Vec3{u[0], u[1]}, convert.Vec3{w[0], w[1]}) {
				t.Fatalf("corner %d at %v %v, want %v %v", k, p, u, q, w)
			}
		}
	}
}
