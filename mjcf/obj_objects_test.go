package mjcf

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/meshio"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/urdf"
)

// objectsOBJ is an OBJ of n boxes, each its own object (o or g, or a
// bare o that tinyobjloader does not take), of random sizes and places,
// as triangles or quads; the half sizes are multiples of 1/64, exact.
func objectsOBJ(r *rand.Rand, n int) string {
	var b strings.Builder
	for k := range n {
		sep := []string{"o part%d\n", "g part%d\n", "o\tpart%d\n"}[r.IntN(3)]
		fmt.Fprintf(&b, sep, k)
		h := [3]float64{float64(1+r.IntN(16)) / 64, float64(1+r.IntN(16)) / 64, float64(1+r.IntN(16)) / 64}
		c := [3]float64{float64(r.IntN(32)) / 64, float64(r.IntN(32)) / 64, float64(r.IntN(32)) / 64}
		for i := range 8 {
			fmt.Fprintf(&b, "v %g %g %g\n", c[0]+h[0]*float64(2*(i&1)-1), c[1]+h[1]*float64(2*(i>>1&1)-1), c[2]+h[2]*float64(2*(i>>2&1)-1))
		}
		base := 8*k + 1
		quads := [][4]int{{0, 2, 3, 1}, {4, 5, 7, 6}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 4, 6, 2}, {1, 3, 7, 5}}
		for _, q := range quads {
			if r.IntN(2) == 0 {
				fmt.Fprintf(&b, "f %d %d %d %d\n", base+q[0], base+q[1], base+q[2], base+q[3])
			} else {
				fmt.Fprintf(&b, "f %d %d %d\nf %d %d %d\n", base+q[0], base+q[1], base+q[2], base+q[0], base+q[2], base+q[3])
			}
		}
	}
	return b.String()
}

// TestOBJObjectsAsMuJoCoReads: a mesh file of several objects is read as
// MuJoCo reads it — the first object's faces give the volume and mass —
// in an MJCF source (12 generated files: our mass equals MuJoCo 2.2.2's to
// 1e-9); and MJCF output of a URDF whose collision mesh is such a file,
// read as a URDF reader reads it (every object), writes the mesh from its
// triangles, which MuJoCo loads with the mass the URDF gives.
func TestOBJObjectsAsMuJoCoReads(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 31))
	for seed := range 12 {
		obj := objectsOBJ(r, 1+seed%3)
		dir := t.TempDir()
		testenv.WriteFiles(t, dir, "parts.obj", []byte(obj), nil)
		model := `<mujoco><asset><mesh name="m" file="parts.obj"/></asset><worldbody><body name="b"><freejoint/><geom type="mesh" mesh="m"/></body></worldbody></mujoco>`
		p := testenv.WriteFiles(t, dir, "m.xml", []byte(model), nil)
		in, err := convert.OpenFile(p, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		g, diags, err := Parse(in)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		ours := 0.0
		for _, n := range g.Nodes {
			if n.Motion != nil && n.Motion.Mass != nil {
				ours += *n.Motion.Mass
			}
		}
		decoded, err := meshio.DecodeOBJ([]byte(obj))
		if err != nil {
			t.Fatal(err)
		}
		multi := decoded.FirstObject > 0
		if diags.Has(convert.CodeMeshFirstObject) != multi {
			t.Errorf("seed %d: mesh-first-object %v, want %v\n%s", seed, !multi, multi, obj)
		}
		out, code := testenv.RunOracle(t, "mj-inspect", "--backend", "c", "--compact", p)
		var rep struct {
			TotalMass float64 `json:"total_mass"`
		}
		if code != 0 || json.Unmarshal(out, &rep) != nil || math.Abs(rep.TotalMass-ours) > 1e-9*ours {
			t.Errorf("seed %d: our mass %v, MuJoCo: %s\n%s", seed, ours, out, obj)
		}

		robot := `<robot name="r"><link name="base"><inertial><mass value="2"/><inertia ixx="0.01" iyy="0.02" izz="0.03" ixy="0" ixz="0" iyz="0"/></inertial>` +
			`<collision><geometry><mesh filename="parts.obj"/></geometry></collision></link></robot>`
		up := testenv.WriteFiles(t, dir, "r.urdf", []byte(robot), nil)
		uin, err := convert.OpenFile(up, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		ug, _, err := urdf.Parse(uin)
		if err != nil {
			t.Fatal(err)
		}
		ug, _ = mass.Complete(ug, &convert.Options{})
		emitted, _, err := Emit(ug, &convert.Options{OutputName: "o.xml"})
		if err != nil {
			t.Fatal(err)
		}
		if multi {
			for name := range emitted.Files {
				if strings.HasSuffix(name, ".obj") {
					t.Errorf("seed %d: the several objects' file is written as it is (%s)", seed, name)
				}
			}
		}
		op := testenv.WriteFiles(t, t.TempDir(), "o.xml", emitted.Main, emitted.Files)
		if out, code := testenv.RunOracle(t, "mj-inspect", "--backend", "c", "--compact", op); code != 0 || json.Unmarshal(out, &rep) != nil || math.Abs(rep.TotalMass-2) > 1e-9 {
			t.Errorf("seed %d: MuJoCo on the MJCF written: %s", seed, out)
		}
	}
}
