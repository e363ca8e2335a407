package crosscheck

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// resolveNotes lists the side-file resolution diagnostics, sorted.
func resolveNotes(diags convert.Diagnostics) []string {
	var out []string
	for _, d := range diags {
		if d.Code == "package-guessed" || d.Code == "package-as-folder" || d.Code == "mesh-missing" {
			out = append(out, string(d.Code))
		}
	}
	sort.Strings(out)
	return out
}

func noROSEnv(t *testing.T) {
	t.Setenv("ROS_PACKAGE_PATH", "")
	t.Setenv("AMENT_PREFIX_PATH", "")
}

// TestCorpusURDFNoFlags: every corpus URDF converts with default options
// and no ROS environment, its meshes found by the resolution rules alone;
// the ones whose package exists nowhere say they were found by suffix.
func TestCorpusURDFNoFlags(t *testing.T) {
	root := testenv.CorpusPath(t, "urdf")
	noROSEnv(t)
	want := map[string][]string{
		"bullet_cartpole/cartpole.urdf":                                                    nil,
		"bullet_humanoid_capsules/humanoid.urdf":                                           nil,
		"bullet_kuka_iiwa/kuka_iiwa/model.urdf":                                            nil,
		"bullet_nao/humanoid/nao.urdf":                                                     nil,
		"bullet_plane/plane.urdf":                                                          nil,
		"bullet_racecar/racecar/racecar.urdf":                                              nil,
		"erd_double_pendulum/robots/double_pendulum_description/urdf/double_pendulum.urdf": {"package-guessed"},
		"erd_pr2/robots/pr2_description/urdf/pr2.urdf":                                     {"package-guessed"},
		"erd_solo12/robots/solo_description/robots/solo12.urdf":                            {"package-guessed"},
		"jpl_triathlete/urdf/TriATHLETE.URDF":                                              nil,
		"newton_planar_joints/fixed_planar_joints.urdf":                                    nil,
		"r2d2_urdf_tutorial/urdf/07-physics.urdf":                                          nil,
	}
	var found []string
	filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err == nil && strings.EqualFold(filepath.Ext(p), ".urdf") {
			rel, _ := filepath.Rel(root, p)
			found = append(found, filepath.ToSlash(rel))
		}
		return nil
	})
	if len(found) != len(want) {
		t.Errorf("corpus has %d URDFs %v; the table lists %d", len(found), found, len(want))
	}
	reg := all.Registry()
	for _, rel := range found {
		t.Run(rel, func(t *testing.T) {
			w, ok := want[rel]
			if !ok {
				t.Fatalf("no expectation for %s", rel)
			}
			out := filepath.Join(t.TempDir(), "robot.xml")
			res, err := physconv.ConvertFile(context.Background(), reg, filepath.Join(root, rel), out, &convert.Options{})
			if err != nil {
				t.Fatalf("with no flags: %v", err)
			}
			if got := resolveNotes(res.Diagnostics); strings.Join(got, ",") != strings.Join(w, ",") {
				t.Errorf("resolution diagnostics = %v, want %v", got, w)
			}
		})
	}
}

// TestRobotLayoutRepros: the SolidWorks exporter's urdf/ + ../meshes/
// layout and PyBullet's package://meshes/… both load their collision
// mesh (a tetrahedron: 4 vertices) with no flags.
func TestRobotLayoutRepros(t *testing.T) {
	dir := filepath.Join(testenv.Corpus(t), "..", "repros", "robot-layouts", "robot")
	noROSEnv(t)
	reg := all.Registry()
	for file, notes := range map[string][]string{"urdf/updir.urdf": nil, "pkgless.urdf": {"package-as-folder"}} {
		t.Run(file, func(t *testing.T) {
			in, err := physconv.OpenInput(filepath.Join(dir, file), nil, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			_, g, diags, err := physconv.ParseGraph(context.Background(), reg, in)
			if err != nil {
				t.Fatalf("with no flags: %v", err)
			}
			if len(g.Meshes) != 1 || !g.Meshes[0].Loaded || len(g.Meshes[0].Positions) == 0 {
				t.Fatalf("collision mesh not loaded: %+v", g.Meshes)
			}
			if g.Meshes[0].File != "meshes/part.stl" {
				t.Errorf("mesh file = %q, want meshes/part.stl (inside the project root)", g.Meshes[0].File)
			}
			if got := resolveNotes(diags); strings.Join(got, ",") != strings.Join(notes, ",") {
				t.Errorf("resolution diagnostics = %v, want %v", got, notes)
			}
		})
	}
}

// TestXacroCorpusPackages: the reference expansion of each corpus xacro
// robot, read as if it came from its .xacro (same folder, so the same
// project root), finds every package:// mesh — its own package's and
// those of the packages beside it — with no flags and no ROS environment.
func TestXacroCorpusPackages(t *testing.T) {
	root := testenv.CorpusPath(t, "xacro")
	noROSEnv(t)
	cmd := regexp.MustCompile(`xacro-expand --package-path \S+ (\S+)`)
	robots, _ := filepath.Glob(filepath.Join(root, "*", "EXPAND.txt"))
	if len(robots) < 8 {
		t.Fatalf("found %d xacro robots, want 8", len(robots))
	}
	reg := all.Registry()
	pkgRef := regexp.MustCompile(`package://([^/"]+)/`)
	for _, exp := range robots {
		name := filepath.Base(filepath.Dir(exp))
		t.Run(name, func(t *testing.T) {
			text, err := os.ReadFile(exp)
			if err != nil {
				t.Fatal(err)
			}
			m := cmd.FindSubmatch(text)
			if m == nil {
				t.Fatalf("no xacro-expand command in %s", exp)
			}
			urdf, err := os.ReadFile(filepath.Join(filepath.Dir(exp), "expected.urdf"))
			if err != nil {
				t.Fatal(err)
			}
			in, err := physconv.OpenInput(filepath.Join(root, string(m[1])), nil, &convert.Options{From: "urdf"})
			if err != nil {
				t.Fatal(err)
			}
			in.Data = urdf
			_, g, diags, err := physconv.ParseGraph(context.Background(), reg, in)
			if err != nil {
				t.Fatalf("with no flags: %v", err)
			}
			if got := resolveNotes(diags); len(got) != 0 {
				t.Errorf("resolution diagnostics = %v, want none", got)
			}
			pkgs := map[string]bool{}
			for _, p := range pkgRef.FindAllSubmatch(urdf, -1) {
				pkgs[string(p[1])] = true
			}
			loaded, beside := 0, 0
			for _, mesh := range g.Meshes {
				if mesh.Loaded || mesh.Decode != nil {
					loaded++
				}
				if filepath.IsAbs(mesh.File) {
					beside++ // in a package beside the robot's own
				}
			}
			if len(g.Meshes) == 0 || loaded != len(g.Meshes) {
				t.Errorf("%d of %d meshes of packages %v found", loaded, len(g.Meshes), pkgs)
			}
			if len(pkgs) > 1 && beside == 0 {
				t.Errorf("no mesh came from a package beside the robot's (%v)", pkgs)
			}
			t.Logf("%d packages, %d meshes found, %d beside", len(pkgs), loaded, beside)
		})
	}
}
