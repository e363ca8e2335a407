package physconv_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// axisJoint is one joint of an MJCF body of several, with its own damping
// and, where stiffness is given, a spring.
type axisJoint struct {
	name, kind, axis string
	damping, k       float64
}

// axisDampingMJCF is a model of one body with joints js.
func axisDampingMJCF(js []axisJoint) string {
	var b strings.Builder
	b.WriteString(`<mujoco model="axes"><worldbody><body name="b" pos="0 0 1">`)
	for _, j := range js {
		fmt.Fprintf(&b, `<joint name="%s" type="%s" axis="%s" damping="%g" stiffness="%g"/>`, j.name, j.kind, j.axis, j.damping, j.k)
	}
	b.WriteString(`<geom type="box" size="0.1 0.15 0.3" pos="0.2 0.2 -0.2" mass="1"/></body></worldbody></mujoco>`)
	return b.String()
}

// axisDampingCases are bodies whose joints one Graph joint holds: damping
// on one axis only, on every axis alike, and springs (whose damping is
// their drive's) beside joints with and without damping of their own.
var axisDampingCases = [][]axisJoint{
	{{"j1", "hinge", "1 0 0", 0, 0}, {"j2", "hinge", "0 1 0", 5, 0}},
	{{"j1", "hinge", "1 0 0", 3, 0}, {"j2", "hinge", "0 1 0", 3, 0}},
	{{"tx", "slide", "1 0 0", 0, 0}, {"tz", "slide", "0 0 1", 1, 10}},
	{{"tx", "slide", "1 0 0", 0.5, 0}, {"tz", "slide", "0 0 1", 0, 10}},
	{{"h1", "hinge", "1 0 0", 0.5, 0}, {"h2", "hinge", "0 1 0", 2, 4}, {"h3", "hinge", "0 0 1", 0, 0}},
}

// TestAxisDampingPerJoint: the joints of one MJCF body become one Graph
// joint, which keeps one damping (the largest) for formats with one value
// per joint. URDF writes such a joint as one joint per axis, and gave the
// first of them the Graph joint's damping and the others none (damping 0
// and 5 came out as 5 and 0); MJCF output doubled a spring's damping when
// another joint of its body had none, the lowering having moved the
// largest damping into the spring as well. Each axis's own damping is now
// the Graph's (convert.ExtraAxisParams, a spring's damping its drive's):
// MuJoCo compiles the source, the MJCF output (directly and through KHR,
// whose node extras keep each axis's) and the URDF output with the same
// damping on every joint (URDF has no springs, and says so), and moves the
// body the same way; no conversion reads back otherwise.
func TestAxisDampingPerJoint(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	for ci, js := range axisDampingCases {
		src := axisDampingMJCF(js)
		srcFS := fstest.MapFS{"axes.xml": {Data: []byte(src)}}
		files := map[string][]byte{"axes.xml": []byte(src)}
		for _, to := range []string{"mjcf", "urdf", "khr"} {
			out, res := convertIn(t, reg, srcFS, "axes.xml", to)
			if m := mismatches(res); len(m) > 0 {
				t.Errorf("case %d to %s: %v", ci, to, m)
			}
			files["out"+emitExt[to]] = out.Main
			if to == "khr" {
				back, res := convertIn(t, reg, outputFS(out, "out.gltf"), "out.gltf", "mjcf")
				if m := mismatches(res); len(m) > 0 {
					t.Errorf("case %d through KHR to MJCF: %v", ci, m)
				}
				files["back.xml"] = back.Main
				for rel, data := range back.Files {
					files[rel] = data
				}
			}
		}
		testenv.Oracle(t, "mj-inspect")
		caseDir := filepath.Join(dir, fmt.Sprint(ci))
		if err := os.MkdirAll(caseDir, 0o755); err != nil {
			t.Fatal(err)
		}
		for name, data := range files {
			if err := os.MkdirAll(filepath.Dir(filepath.Join(caseDir, name)), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(caseDir, name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		// each file runs once, stepped: the joints come from the same report
		wantAt := testenv.MuJoCoBodies(t, filepath.Join(caseDir, "axes.xml"), "--steps", "300")["b"].Xpos
		want := mujocoJoints(t, filepath.Join(caseDir, "axes.xml"))
		springs := slices.ContainsFunc(js, func(j axisJoint) bool { return j.k != 0 })
		for _, name := range []string{"out.xml", "out.urdf", "back.xml"} {
			file := filepath.Join(caseDir, name)
			at := testenv.MuJoCoBodies(t, file, "--steps", "300")["b"].Xpos
			got := mujocoJoints(t, file)
			for _, j := range js {
				w := want[j.name]
				if name == "out.urdf" && j.k != 0 {
					w = [2]float64{} // URDF has no springs (drive-gains-dropped)
				}
				if g, ok := got[j.name]; !ok || g != w {
					t.Errorf("case %d %s: joint %s compiled with damping, stiffness %v, want %v", ci, name, j.name, g, w)
				}
			}
			if name == "out.urdf" && springs {
				continue
			}
			if d := math.Hypot(math.Hypot(at[0]-wantAt[0], at[1]-wantAt[1]), at[2]-wantAt[2]); d > 1e-6 {
				t.Errorf("case %d %s: body b after 300 steps at %v, the source's at %v", ci, name, at, wantAt)
			}
		}
	}
}

// mujocoJoints is each joint's damping and stiffness as MuJoCo compiles
// the file, by name.
func mujocoJoints(t *testing.T, file string) map[string][2]float64 {
	t.Helper()
	m := map[string][2]float64{}
	for _, j := range mujocoJointList(t, file) {
		m[j.Name] = [2]float64{j.Damping, j.Stiffness}
	}
	return m
}

// mjJoint is one joint of an mj-inspect report.
type mjJoint struct {
	Name, Type                                 string
	Damping, Stiffness, Armature, Frictionloss float64
}

// mujocoJointList is the file's joints as MuJoCo compiles it, in its
// order.
func mujocoJointList(t *testing.T, file string) []mjJoint {
	t.Helper()
	out, code := testenv.RunOracle(t, "mj-inspect", "--compact", file)
	if code != 0 {
		t.Fatalf("MuJoCo refuses %s: %s", file, out)
	}
	var r struct {
		Joints []mjJoint `json:"joints"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	return r.Joints
}
