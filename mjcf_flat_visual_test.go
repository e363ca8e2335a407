package physconv_test

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// flatOBJ is a square of side 2 in the plane through the origin with
// normal n, as an OBJ (texture coordinates when uv).
func flatOBJ(n convert.Vec3, uv bool) string {
	n = n.Normalize()
	u := n.Cross(convert.Vec3{1, 0, 0})
	if u.Len() < 0.5 {
		u = n.Cross(convert.Vec3{0, 1, 0})
	}
	u = u.Normalize()
	v := n.Cross(u)
	var b strings.Builder
	for _, c := range [][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
		p := u.Scale(c[0]).Add(v.Scale(c[1]))
		fmt.Fprintf(&b, "v %v %v %v\n", p[0], p[1], p[2])
		if uv {
			fmt.Fprintf(&b, "vt %v %v\n", (c[0]+1)/2, (c[1]+1)/2)
		}
	}
	if uv {
		b.WriteString("f 1/1 2/2 3/3\nf 1/1 3/3 4/4\n")
	} else {
		b.WriteString("f 1 2 3\nf 1 3 4\n")
	}
	return b.String()
}

// TestMJCFFlatVisualMesh: a flat mesh (a ground's drawing and collision,
// a decal; generated in random planes, with and without a texture),
// which MuJoCo compiles neither as a visual nor as a collision (no
// volume, no hull), is written with a back face 1 mm behind its front
// one: the collision says so (mesh-thickened), the visual keeps its look;
// a visual mesh on a line is dropped with shape-dropped. The output reads
// back with nothing unexplained, and MuJoCo 3 and 2.2 load it.
func TestMJCFFlatVisualMesh(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 17))
	reg := all.Registry()
	for i := range 6 {
		n := convert.Vec3{r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}
		textured := i%2 == 1
		fsys := fstest.MapFS{
			"flat.obj": {Data: []byte(flatOBJ(n, textured))},
			"line.obj": {Data: []byte("v 0 0 0\nv 1 0 0\nv 2 0 0\nv 3 0 0\nf 1 2 3\nf 1 3 4\n")},
			"tex.png":  {Data: testenv.PNG(t, 4, 4)},
			"flat.mtl": {Data: []byte("newmtl m\nmap_Kd tex.png\n")},
		}
		if textured {
			fsys["flat.obj"].Data = append([]byte("mtllib flat.mtl\nusemtl m\n"), fsys["flat.obj"].Data...)
		}
		fsys["r.urdf"] = &fstest.MapFile{Data: []byte(`<robot name="r">
  <link name="ground">
    <visual><geometry><mesh filename="flat.obj"/></geometry></visual>
    <visual><geometry><mesh filename="line.obj"/></geometry></visual>
    <collision><geometry><mesh filename="flat.obj"/></geometry></collision>
    <collision><origin xyz="0 0 -0.5"/><geometry><box size="4 4 1"/></geometry></collision>
  </link>
</robot>`)}
		out, res := convertIn(t, reg, fsys, "r.urdf", "mjcf")
		noMismatch(t, res, "")
		doc := string(out.Main)
		geoms := regexp.MustCompile(`<geom name="ground/(visual|collision)0" type="mesh"`).FindAllStringSubmatch(doc, -1)
		// no mesh asset takes MuJoCo's shell inertia (a body's own
		// diaginertia is not that)
		if len(geoms) != 2 || regexp.MustCompile(`\sinertia="`).MatchString(doc) {
			t.Errorf("plane %v (textured %v): want the flat visual and collision written as meshes:\n%s", n, textured, doc)
		}
		count := map[convert.Code]int{}
		for _, d := range res.Diagnostics {
			count[d.Code]++
		}
		if count[convert.CodeShapeDropped] != 1 || count[convert.CodeMeshThickened] != 1 {
			t.Errorf("%d geoms dropped (want the line), %d meshes thickened (want the flat collision): %v", count[convert.CodeShapeDropped], count[convert.CodeMeshThickened], res.Diagnostics)
		}
		p := testenv.WriteFiles(t, t.TempDir(), "out.xml", out.Main, out.Files)
		for _, backend := range [][]string{nil, {"--backend", "c"}} {
			if report, code := testenv.RunOracle(t, "mj-inspect", append(backend, "--compact", p)...); code != 0 {
				t.Fatalf("MuJoCo %v refuses the output: %s", backend, report)
			}
		}
	}
}

// TestMJCFFlatFloorHolds: a flat collision mesh floor (a glTF or Godot
// scene's ground, here a URDF's) converted to MJCF still holds a ball
// dropped on it: MuJoCo simulates the ball coming to rest on the floor's
// surface (the thickening lies behind it), where dropping the floor
// would let it fall without end.
func TestMJCFFlatFloorHolds(t *testing.T) {
	fsys := fstest.MapFS{
		"floor.obj": {Data: []byte("v -2 -2 0\nv 2 -2 0\nv 2 2 0\nv -2 2 0\nf 1 2 3\nf 1 3 4\n")},
		"r.urdf": {Data: []byte(`<robot name="r">
  <link name="ground"><collision><geometry><mesh filename="floor.obj"/></geometry></collision></link>
  <link name="ball">
    <inertial><mass value="1"/><inertia ixx="0.004" iyy="0.004" izz="0.004" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><sphere radius="0.1"/></geometry></collision>
  </link>
  <joint name="free" type="floating"><parent link="ground"/><child link="ball"/><origin xyz="0 0 0.5"/></joint>
</robot>`)},
	}
	out, res := convertIn(t, all.Registry(), fsys, "r.urdf", "mjcf")
	noMismatch(t, res, "")
	p := testenv.WriteFiles(t, t.TempDir(), "out.xml", out.Main, out.Files)
	ball, found := testenv.MuJoCoBodies(t, p, "--steps", "1500")["ball"]
	// resting on the surface: the centre a radius above it, less MuJoCo's
	// soft-contact penetration (a few millimetres)
	if found && (ball.Xpos[2] < 0.09 || ball.Xpos[2] > 0.101) {
		t.Errorf("ball centre at height %v after 3 s; want it resting on the floor at 0.1", ball.Xpos[2])
	}
	if !found {
		t.Fatal("no ball in MuJoCo's report")
	}
}

// TestURDFPlaneHolds: PyBullet's <plane normal> ground, tilted or not,
// converted to MJCF holds a ball dropped on it: MuJoCo simulates the ball
// coming down onto the plane and staying a radius from it (on the tilted
// plane it rolls, along the plane).
func TestURDFPlaneHolds(t *testing.T) {
	for _, c := range []struct {
		normal string
		n      convert.Vec3
	}{
		{"0 0 1", convert.Vec3{0, 0, 1}},
		{"0 0.2 1", convert.Vec3{0, 0.2, 1}.Normalize()},
	} {
		fsys := fstest.MapFS{"r.urdf": {Data: []byte(`<robot name="r">
  <link name="ground"><collision><geometry><plane normal="` + c.normal + `"/></geometry></collision></link>
  <link name="ball">
    <inertial><mass value="1"/><inertia ixx="0.004" iyy="0.004" izz="0.004" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><sphere radius="0.1"/></geometry></collision>
  </link>
  <joint name="free" type="floating"><parent link="ground"/><child link="ball"/><origin xyz="0 0 0.5"/></joint>
</robot>`)}}
		out, res := convertIn(t, all.Registry(), fsys, "r.urdf", "mjcf")
		noMismatch(t, res, "")
		p := testenv.WriteFiles(t, t.TempDir(), "out.xml", out.Main, out.Files)
		ball, found := testenv.MuJoCoBodies(t, p, "--steps", "1500")["ball"]
		if !found {
			t.Fatal("no ball in MuJoCo's report")
		}
		// the centre's distance from the plane through the origin: a
		// radius, less MuJoCo's soft-contact penetration (millimetres)
		if d := convert.Vec3(ball.Xpos).Dot(c.n); d < 0.09 || d > 0.101 {
			t.Errorf("normal %s: ball centre %v is %v from the plane after 3 s; want it resting on it at 0.1", c.normal, ball.Xpos, d)
		}
	}
}
