package physconv_test

import (
	"fmt"
	"math/rand/v2"
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

// TestMJCFFlatVisualMesh: a flat visual mesh (a ground's drawing, a
// decal; generated in random planes, with and without a texture) is kept
// in MJCF output with shell inertia, which MuJoCo builds; the same mesh
// as a collision, which MuJoCo cannot build a hull of, and a visual mesh
// on a line, are dropped with shape-dropped. The output reads back with
// nothing unexplained.
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
		if strings.Count(doc, `type="mesh"`) != 1 || !strings.Contains(doc, `inertia="shell"`) {
			t.Errorf("plane %v (textured %v): want the flat visual kept with shell inertia:\n%s", n, textured, doc)
		}
		dropped := 0
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeShapeDropped {
				dropped++
			}
		}
		if dropped != 2 {
			t.Errorf("%d geoms dropped, want the flat collision and the line: %v", dropped, res.Diagnostics)
		}
		p := testenv.WriteFiles(t, t.TempDir(), "out.xml", out.Main, out.Files)
		if report, code := testenv.RunOracle(t, "mj-inspect", "--compact", p); code != 0 {
			t.Fatalf("MuJoCo refuses the output: %s", report)
		}
	}
}
