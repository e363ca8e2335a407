package godot

import (
	"encoding/json"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// oracleNode is the part of godot3-inspect / godot4-inspect node output
// the tests check.
type oracleNode struct {
	Path      string `json:"path"`
	Class     string `json:"class"`
	ResolvedA string `json:"resolved_node_a"`
	ResolvedB string `json:"resolved_node_b"`
	Physics   *struct {
		Mass        *float64 `json:"mass"`
		InverseMass *float64 `json:"inverse_mass"`
	} `json:"physics_state"`
}

type oracleReport struct {
	OK                bool         `json:"ok"`
	Nodes             []oracleNode `json:"nodes"`
	EngineErrors      int          `json:"engine_error_count"`
	UnknownProperties []any        `json:"unknown_properties"`
	Missing           []string     `json:"missing_dependencies"`
	Messages          []string     `json:"engine_messages"`
}

// unloadable lists the resources the engine has no loader for (the web
// build the oracle runs lacks some importers, e.g. for .wav audio).
func (r oracleReport) unloadable() []string {
	var out []string
	for _, m := range r.Messages {
		if _, rest, ok := strings.Cut(m, "No loader found for resource: "); ok {
			out = append(out, strings.Fields(rest)[0])
		}
	}
	return out
}

// mirrorProject links every file of a corpus project into a fresh folder,
// so an emitted scene can sit inside it and its res:// mesh paths resolve.
func mirrorProject(t *testing.T, project string) string {
	src := testenv.CorpusPath(t, project)
	dst := t.TempDir()
	filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		return os.Symlink(p, filepath.Join(dst, rel))
	})
	return dst
}

// checkOracle runs a Godot oracle on an emitted scene and compares the
// bodies' masses and the joints' endpoints with what the Graph meant.
func checkOracle(t *testing.T, project, rel string, version int) {
	in := corpusInput(t, project, rel)
	g, _, err := Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(version)))
	if err != nil {
		t.Fatal(err)
	}
	dir := mirrorProject(t, project)
	file := filepath.Join(dir, "physconv_out.tscn")
	if err := os.WriteFile(file, out.Main, 0o644); err != nil {
		t.Fatal(err)
	}
	name := "godot4-inspect"
	args := []string{"--strict", "--compact", "--root", dir, file}
	if version == 3 {
		name, args = "godot3-inspect", []string{"--compact", testenv.Godot3Rooted(t, out.Main, dir)}
	}
	raw, code := testenv.RunOracle(t, name, args...)
	var rep oracleReport
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatalf("%s output: %v\n%s", name, err, raw)
	}
	if version == 3 {
		rep.EngineErrors = len(testenv.Godot3Errors(rep.Messages))
	}
	if code != 0 || !rep.OK || rep.EngineErrors != 0 || len(rep.UnknownProperties) != 0 || len(rep.Missing) != 0 {
		// A scene keeps the source's non-physics resources (audio, say).
		// When the engine cannot load the source itself for want of a
		// loader, the same resources in ours prove nothing about us.
		if lost := rep.unloadable(); len(lost) > 0 && version == 4 {
			srcRaw, _ := testenv.RunOracle(t, name, "--strict", "--compact", "--root", dir, filepath.Join(dir, rel))
			var srcRep oracleReport
			if json.Unmarshal(srcRaw, &srcRep) == nil && !srcRep.OK && len(srcRep.unloadable()) > 0 {
				t.Skipf("the engine cannot load the source either (no loader for %v); our scene references the same resources", srcRep.unloadable())
			}
		}
		t.Fatalf("%s rejected the scene (exit %d): %s", name, code, raw)
	}
	byPath := map[string]oracleNode{}
	for _, n := range rep.Nodes {
		byPath[n.Path] = n
	}
	// Re-derive what we meant from our own output.
	back, _, err := Parse(&convert.Input{Name: "out.tscn", Data: out.Main, Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for i, n := range back.Nodes {
		p := graphPath(back, i)
		on, ok := byPath[p]
		if !ok {
			continue
		}
		if m := n.Motion; m != nil && m.Kind == convert.Dynamic && m.Mass != nil && on.Physics != nil {
			var got float64
			switch {
			case on.Physics.Mass != nil:
				got = *on.Physics.Mass
			case on.Physics.InverseMass != nil && *on.Physics.InverseMass > 0:
				got = 1 / *on.Physics.InverseMass
			}
			if math.Abs(got-*m.Mass) > 1e-4*math.Max(1, *m.Mass) {
				t.Errorf("%s: engine mass %g, meant %g", p, got, *m.Mass)
			}
			checked++
		}
		if j := n.Joint; j != nil {
			a, b := back.BodyOf(i), back.BodyOf(j.Connected)
			want := map[int]string{}
			for _, x := range []int{a, b} {
				if x >= 0 {
					want[x] = graphPath(back, x)
				}
			}
			for _, r := range []string{on.ResolvedA, on.ResolvedB} {
				if r == "" {
					continue
				}
				found := false
				for _, w := range want {
					found = found || w == r
				}
				if !found {
					t.Errorf("%s: engine joins %q, meant %v", p, r, want)
				}
			}
			checked++
		}
	}
	t.Logf("%d bodies/joints checked against %s", checked, name)
}

// graphPath is the scene path Parse gave a node (root = ".").
func graphPath(g *convert.Graph, i int) string {
	var parts []string
	for ; g.Nodes[i].Parent >= 0; i = g.Nodes[i].Parent {
		parts = append([]string{g.Nodes[i].Name}, parts...)
	}
	if len(parts) == 0 {
		return "."
	}
	s := parts[0]
	for _, x := range parts[1:] {
		s += "/" + x
	}
	return s
}

// Bounded oracle runs: every Godot 4 emission here loads in Godot 4.6
// with zero errors; every Godot 3 emission in Godot 3.2.
func TestOracles(t *testing.T) {
	testenv.Oracle(t, "godot4-inspect")
	cases := []struct {
		project, scene string
		version        int
	}{
		{"godot/omi_physics_scenes", "examples/omi_physics_joint/source/pendulum_balls.tscn", 4},
		{"godot/omi_physics_scenes", "examples/omi_physics_joint/source/slider_ball.tscn", 4},
		{"godot/omi_physics_scenes", "examples/omi_physics_joint/source/weld_joint.tscn", 4},
		{"godot/demo_truck_town", "vehicles/tow_truck.tscn", 4},
		{"godot/demo_truck_town", "vehicles/trailer_truck.tscn", 4},
		{"godot/demo_physics_tests", "tests/functional/test_shapes.tscn", 4},
		{"godot/omi_rocket_ship", "examples/omi_vehicle/source/rocket_ship.tscn", 4},
		{"godot3/demo_truck_town_3x", "tow_truck.tscn", 4},
		{"godot3/demo_truck_town_3x", "tow_truck.tscn", 3},
		{"godot3/demo_physics_tests_3x", "tests/functional/test_shapes.tscn", 3},
		{"godot3/demo_physics_tests_3x", "tests/functional/test_friction.tscn", 3},
		{"godot/omi_physics_scenes", "examples/omi_physics_joint/source/pendulum_balls.tscn", 3},
		{"godot/omi_physics_scenes", "examples/omi_physics_joint/source/slider_ball.tscn", 3},
		{"godot/demo_truck_town", "vehicles/trailer_truck.tscn", 3},
		{"godot/demo_physics_tests", "tests/functional/test_compound_shapes.tscn", 3},
	}
	for _, c := range cases {
		c := c
		t.Run(c.project+"/"+c.scene+map[int]string{3: "/godot3", 4: "/godot4"}[c.version], func(t *testing.T) {
			t.Parallel()
			checkOracle(t, c.project, c.scene, c.version)
		})
	}
}

// inspectEmitted writes g as a Godot 4 scene and returns what
// godot4-inspect --strict reports of it, and its exit code.
func inspectEmitted(t *testing.T, g *convert.Graph) ([]byte, int) {
	t.Helper()
	testenv.Oracle(t, "godot4-inspect")
	file := filepath.Join(t.TempDir(), "scene.tscn")
	out, _, err := Emit(g, &convert.Options{OutputName: file})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, out.Main, 0o644); err != nil {
		t.Fatal(err)
	}
	return testenv.RunOracle(t, "godot4-inspect", "--strict", "--compact", file)
}
