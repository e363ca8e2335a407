package mjcf

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/meshio"
	"github.com/physconv/physconv/internal/testenv"
)

// cubeSTL is a closed cube of half size h about the origin.
func cubeSTL(h float64) []byte {
	var pos []convert.Vec3
	for _, z := range []float64{-h, h} {
		pos = append(pos, convert.Vec3{-h, -h, z}, convert.Vec3{h, -h, z}, convert.Vec3{h, h, z}, convert.Vec3{-h, h, z})
	}
	idx := []uint32{0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3}
	return meshio.EncodeSTL(&meshio.Mesh{Positions: pos, Indices: idx}, "cube")
}

// TestFilesBesideIncludedFile: a file named inside an included file — a
// mesh, or a further include — is read from the main file's folder (under
// the compiler's meshdir) when it is there, else beside the included file,
// as MuJoCo 3 looks for it; a first path that leads out of the allowed
// folders is not looked at, and taking the file beside says so. The
// half sizes are exact in float32. The project lies in proj/ (a .git marks it) inside the test's folder; the
// main file includes a/b/x.xml. Each case's mass is MuJoCo 3's when the
// oracle is there (it sees the whole test folder).
func TestFilesBesideIncludedFile(t *testing.T) {
	mass := func(h float64) float64 { return 8 * h * h * h * 1000 }
	withMesh := func(file string) string {
		return "<mujocoinclude>\n  <asset><mesh name=\"m\" file=\"" + file + "\"/></asset>\n  <worldbody><body name=\"b\"><freejoint/><geom type=\"mesh\" mesh=\"m\"/></body></worldbody>\n</mujocoinclude>\n"
	}
	const main = "<mujoco>\n  <include file=\"a/b/x.xml\"/>\n</mujoco>\n"
	cases := []struct {
		name    string
		main    string            // proj/model.xml (main when empty)
		files   map[string]string // path below the test folder → a cube's half size ("0.125") or a file's text
		want    float64           // total mass; 0: an error
		beside  bool              // file-beside-include expected
		errText string
	}{
		{name: "main folder first", files: map[string]string{"proj/a/b/x.xml": withMesh("m.stl"), "proj/m.stl": "0.25", "proj/a/b/m.stl": "0.125"}, want: mass(0.25)},
		{name: "beside when the main folder has none", files: map[string]string{"proj/a/b/x.xml": withMesh("m.stl"), "proj/a/b/m.stl": "0.125"}, want: mass(0.125)},
		{name: "meshdir names the main folder's place only", main: "<mujoco>\n  <compiler meshdir=\"assets\"/>\n  <include file=\"a/b/x.xml\"/>\n</mujoco>\n",
			files: map[string]string{"proj/a/b/x.xml": withMesh("m.stl"), "proj/a/b/m.stl": "0.125", "proj/m.stl": "0.375"}, want: mass(0.125)},
		{name: "meshdir first", main: "<mujoco>\n  <compiler meshdir=\"assets\"/>\n  <include file=\"a/b/x.xml\"/>\n</mujoco>\n",
			files: map[string]string{"proj/a/b/x.xml": withMesh("m.stl"), "proj/a/b/m.stl": "0.125", "proj/assets/m.stl": "0.25"}, want: mass(0.25)},
		{name: "nested include beside its includer", files: map[string]string{"proj/a/b/x.xml": "<mujocoinclude>\n  <include file=\"y.xml\"/>\n</mujocoinclude>\n",
			"proj/a/b/y.xml": withMesh("m.stl"), "proj/a/b/m.stl": "0.125"}, want: mass(0.125)},
		{name: "first path leads out", files: map[string]string{"proj/a/b/x.xml": withMesh("../m.stl"), "proj/a/m.stl": "0.125", "m.stl": "0.375"}, want: mass(0.125), beside: true},
		{name: "neither", files: map[string]string{"proj/a/b/x.xml": withMesh("m.stl")}, errText: `missing mesh file "m.stl"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			if err := os.MkdirAll(filepath.Join(dir, "proj", ".git"), 0o755); err != nil {
				t.Fatal(err)
			}
			side := map[string][]byte{}
			for p, v := range c.files {
				if strings.HasSuffix(p, ".stl") {
					h := 0.0
					if err := json.Unmarshal([]byte(v), &h); err != nil {
						t.Fatal(err)
					}
					side[p] = cubeSTL(h)
				} else {
					side[p] = []byte(v)
				}
			}
			text := c.main
			if text == "" {
				text = main
			}
			testenv.WriteFiles(t, dir, "readme.txt", nil, side)
			p := testenv.WriteFiles(t, dir, "proj/model.xml", []byte(text), nil)
			in, err := convert.OpenFile(p, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			g, diags, err := Parse(in)
			if c.want == 0 {
				if err == nil || !strings.Contains(err.Error(), c.errText) {
					t.Fatalf("err = %v; want one saying %s", err, c.errText)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			got := 0.0
			for _, n := range g.Nodes {
				if n.Motion != nil && n.Motion.Mass != nil {
					got += *n.Motion.Mass
				}
			}
			if math.Abs(got-c.want) > 1e-9*c.want {
				t.Errorf("mass %v, want %v", got, c.want)
			}
			if has := diags.Has(convert.CodeFileBesideInclude); has != c.beside {
				t.Errorf("file-beside-include reported: %v, want %v (%v)", has, c.beside, diags)
			}
			if c.beside {
				return // MuJoCo looks outside, where physconv does not
			}
			out, code := testenv.RunOracle(t, "mj-inspect", "--compact", "--root", dir, p)
			var r struct {
				TotalMass float64 `json:"total_mass"`
			}
			if code != 0 || json.Unmarshal(out, &r) != nil || math.Abs(r.TotalMass-got) > 1e-6*got {
				t.Errorf("MuJoCo: %s; ours %v", out, got)
			}
		})
	}
}
