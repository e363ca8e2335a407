package urdf

import (
	"encoding/json"
	"math"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// writeOutput writes an Emit result into dir and returns the URDF path.
func writeOutput(t *testing.T, dir string, out *convert.Output) string {
	t.Helper()
	return testenv.WriteFiles(t, dir, "out.urdf", out.Main, out.Files)
}

// urdfCheck runs urdfdom on a file and fails the test when it rejects it.
func urdfCheck(t *testing.T, file string) {
	t.Helper()
	out, code := testenv.RunOracle(t, "urdf-check", "--compact", file)
	if code != 0 {
		t.Errorf("urdf-check rejects the output: %s", out)
	}
}

type mjBody struct {
	Name        string        `json:"name"`
	Mass        float64       `json:"mass"`
	InertiaFull [3][3]float64 `json:"inertia_full"`
}

// mujocoBodies loads a URDF in MuJoCo 2.2.2 keeping static links.
func mujocoBodies(t *testing.T, file, meshdir string) (map[string]mjBody, bool) {
	t.Helper()
	out, code := testenv.RunOracle(t, "mj-inspect", testenv.MeshDirFor(file, []string{"--backend", "c", "--keep-static", "--meshdir", meshdir, "--compact", file})...)
	if code != 0 {
		return nil, false
	}
	var r struct {
		Bodies []mjBody `json:"bodies"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	m := map[string]mjBody{}
	for _, b := range r.Bodies {
		m[b.Name] = b
	}
	return m, true
}

// mujocoMeshDirs: the folder MuJoCo should take mesh base names from, for
// the corpus files MuJoCo 2.2.2 can load (the others use COLLADA, meshes in
// several folders, or capsule visuals it rejects).
var mujocoMeshDirs = map[string]string{
	"cartpole": ".", "nao": "humanoid/nao_meshes/meshes/V40", "plane": ".",
	"kuka": "kuka_iiwa/meshes", "double_pendulum": "robots/double_pendulum_description/meshes",
	"racecar": "racecar/meshes",
}

// TestOracles: every URDF written from the corpus passes urdfdom, and where
// MuJoCo loads the original (told where its meshes are), it loads ours as
// it is, its meshes beside it, with the same per-body mass and inertia
// tensor.
func TestOracles(t *testing.T) {
	for _, c := range corpus {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			in := c.input(t)
			g, _, err := Parse(in)
			if err != nil {
				t.Fatal(err)
			}
			out, _, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			file := writeOutput(t, t.TempDir(), out)
			urdfCheck(t, file)
			md, ok := mujocoMeshDirs[c.name]
			if !ok {
				return
			}
			md = filepath.Join(testenv.CorpusPath(t, "urdf", c.dir), md)
			want, ok := mujocoBodies(t, filepath.Join(testenv.CorpusPath(t, "urdf", c.dir), c.file), md)
			if !ok {
				t.Fatalf("MuJoCo no longer loads the original")
			}
			// meshes the output writes lie beside it, in folders MuJoCo is
			// told to keep (MeshDirFor); meshes it names by package, as
			// the source did, MuJoCo finds where it finds the source's
			got, ok := mujocoBodies(t, file, md)
			if !ok {
				t.Fatalf("MuJoCo rejects the output")
			}
			compareMujoco(t, want, got)
		})
	}
}

func compareMujoco(t *testing.T, want, got map[string]mjBody) {
	t.Helper()
	for name, w := range want {
		g, ok := got[name]
		if !ok {
			t.Errorf("body %q missing in the output", name)
			continue
		}
		if math.Abs(w.Mass-g.Mass) > 1e-9*math.Max(1, w.Mass) {
			t.Errorf("body %q: mass %v, want %v", name, g.Mass, w.Mass)
		}
		scale := 1e-12
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				scale = math.Max(scale, math.Abs(w.InertiaFull[i][j]))
			}
		}
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				// MuJoCo diagonalises a full URDF tensor itself (mju_eig3), good
				// to about 1e-8 of the largest term; ours arrives diagonal.
				if math.Abs(w.InertiaFull[i][j]-g.InertiaFull[i][j]) > 1e-6*scale {
					t.Errorf("body %q: inertia_full[%d][%d] = %v, want %v", name, i, j, g.InertiaFull[i][j], w.InertiaFull[i][j])
				}
			}
		}
	}
}
