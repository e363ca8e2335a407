package crosscheck

import (
	"context"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// pointsOBJ is an OBJ of vertices and no faces: a unit cube's corners, a
// point inside it and one on a face (MuJoCo takes the convex hull).
const pointsOBJ = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 1 1 0\nv 0 0 1\nv 1 0 1\nv 0 1 1\nv 1 1 1\nv 0.5 0.5 0.5\nv 0.5 0.5 1"

// TestMeshWithoutFaces: meshes given as points without faces (an MJCF
// mesh's vertex attribute alone, an OBJ file of v records, as a MuJoCo
// model or a URDF collision names it) are their convex hull, as MuJoCo
// reads them. Converted to every format, no geom is dropped and nothing
// differs on read back; MuJoCo loads the MJCF output with the mass it
// gives the source (a 1 m cube at density 1000 kg/m³).
func TestMeshWithoutFaces(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "points.obj"), []byte(pointsOBJ), 0o644); err != nil {
		t.Fatal(err)
	}
	mjcfSrc := `<mujoco model="points">
  <asset>
    <mesh name="inline" vertex="0 0 0  1 0 0  0 1 0  1 1 0  0 0 1  1 0 1  0 1 1  1 1 1  0.5 0.5 0.5"/>
    <mesh name="file" file="points.obj"/>
  </asset>
  <worldbody>
    <body name="a" pos="0 0 1"><freejoint/><geom type="mesh" mesh="inline"/></body>
    <body name="b" pos="3 0 1"><freejoint/><geom type="mesh" mesh="file"/></body>
  </worldbody>
</mujoco>
`
	urdfSrc := `<robot name="points">
  <link name="a"><collision><geometry><mesh filename="points.obj"/></geometry></collision><visual><geometry><mesh filename="points.obj"/></geometry></visual></link>
  <link name="b"><collision><origin xyz="0 0 2"/><geometry><mesh filename="points.obj"/></geometry></collision></link>
  <joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
</robot>
`
	for _, src := range []struct{ name, data string }{{"points.xml", mjcfSrc}, {"points.urdf", urdfSrc}} {
		p := filepath.Join(dir, src.name)
		if err := os.WriteFile(p, []byte(src.data), 0o644); err != nil {
			t.Fatal(err)
		}
		for _, to := range []string{"mjcf", "urdf", "godot", "godot3", "khr", "omi"} {
			ext := map[string]string{"mjcf": ".xml", "urdf": ".urdf", "godot": ".tscn", "godot3": ".tscn", "khr": ".gltf", "omi": ".gltf"}[to]
			out := filepath.Join(dir, to+"-"+src.name+ext)
			res, err := physconv.ConvertFile(context.Background(), all.Registry(), p, out, &convert.Options{To: to})
			if err != nil {
				t.Fatalf("%s → %s: %v", src.name, to, err)
			}
			for _, d := range res.Diagnostics {
				if d.Code == convert.CodeVerifyMismatch || d.Code == convert.CodeShapeDropped {
					t.Errorf("%s → %s: %s", src.name, to, d)
				}
			}
			if to != "mjcf" || src.name != "points.xml" {
				continue
			}
			mass := func(file string) float64 {
				report, code := testenv.RunOracle(t, "mj-inspect", file)
				if code != 0 {
					t.Fatalf("MuJoCo refuses %s: %s", file, report)
				}
				var r struct {
					TotalMass float64 `json:"total_mass"`
				}
				if err := json.Unmarshal(report, &r); err != nil {
					t.Fatal(err)
				}
				return r.TotalMass
			}
			want, got := mass(p), mass(out)
			if math.Abs(want-2000) > 1e-9*2000 || math.Abs(got-want) > 1e-9*want {
				t.Errorf("MuJoCo's total mass: source %v, output %v; want two 1000 kg cubes", want, got)
			}
		}
	}
}
