package physconv_test

import (
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// jointOrderCases are MJCF bodies whose joints one Graph joint holds, in
// orders other than the Graph's (slides after another's place, a slide
// along -y where the hinges' frame has +y), with a range and a ref on the
// reversed axis; and some whose reversed joint is a spring.
var jointOrderCases = []struct {
	name, joints string
	sameQpos     bool
}{
	{"pelvis", `<joint name="tx" type="slide" axis="1 0 0"/><joint name="tz" type="slide" axis="0 1 0"/><joint name="ty" type="slide" axis="0 0 1"/>` +
		`<joint name="tilt" type="hinge" axis="0 -1 0"/><joint name="list" type="hinge" axis="1 0 0"/><joint name="rot" type="hinge" axis="0 0 1"/>`, true},
	{"slides-zxy", `<joint name="sz" type="slide" axis="0 0 1"/><joint name="sx" type="slide" axis="1 0 0"/><joint name="sy" type="slide" axis="0 1 0" range="-0.2 0.3" ref="0.05"/>` +
		`<joint name="h1" type="hinge" axis="0 -1 0"/><joint name="h2" type="hinge" axis="1 0 0"/>`, true},
	{"spring", `<joint name="tx" type="slide" axis="1 0 0"/><joint name="ty" type="slide" axis="0 1 0" stiffness="20" springref="0.1"/>` +
		`<joint name="h1" type="hinge" axis="0 -1 0"/><joint name="h2" type="hinge" axis="1 0 0"/>`, true},
	// three hinges about axes of the other handedness, a spring on the
	// reversed one (dm_control's and Gymnasium's humanoid hips)
	{"hip", `<joint name="hip_x" axis="1 0 0" range="-0.4 0.1"/><joint name="hip_z" axis="0 0 1" range="-1 0.6"/>` +
		`<joint name="hip_y" axis="0 1 0" range="-1.9 0.3" stiffness="20" springref="-0.5" damping="1"/>`, true},
	{"hip-ref", `<joint name="hip_x" axis="1 0 0"/><joint name="hip_z" axis="0 0 1"/>` +
		`<joint name="hip_y" axis="0 1 0" range="-1.9 0.3" stiffness="20" springref="-0.5" ref="0.2"/>`, true},
}

// TestMJCFJointOrderKept: MuJoCo numbers a body's joints in the order the
// file writes them, and datasets and controllers index qpos so. MJCF
// output wrote the joints one Graph joint holds slides first, each along
// the Graph frame's axis (a slide along +y where the hinges' frame has -y
// came out along -y: its coordinate negated). Now the source's order comes
// back, and a reversed axis points as the source's where nothing written
// (an actuator read as a drive, a coupling, a tendon) measures it in the
// Graph's sense; a spring is written with its rest position turned with
// the joint (it had kept the Graph's sense: dm_control's humanoid hips
// came out negated, qpos and all): MuJoCo compiles the output with the
// source's joints in the source's order and axes, and steps it to the
// same qpos.
func TestMJCFJointOrderKept(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	for _, c := range jointOrderCases {
		src := `<mujoco><worldbody><body name="b" pos="0 0 1">` + c.joints +
			`<geom type="box" size="0.1 0.15 0.2" pos="0.1 0.2 -0.3" mass="1"/></body></worldbody></mujoco>`
		out, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "mjcf")
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s: %v", c.name, m)
		}
		testenv.Oracle(t, "mj-inspect")
		files := map[string][]byte{"src.xml": []byte(src), "out.xml": out.Main}
		for name, data := range files {
			if err := os.WriteFile(filepath.Join(dir, c.name+"-"+name), data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want := mujocoQpos(t, filepath.Join(dir, c.name+"-src.xml"))
		got := mujocoQpos(t, filepath.Join(dir, c.name+"-out.xml"))
		if fmt.Sprint(got.names) != fmt.Sprint(want.names) {
			t.Errorf("%s: joints in the order %v, the source's %v", c.name, got.names, want.names)
			continue
		}
		if !c.sameQpos {
			continue
		}
		for k := range want.axes {
			if got.axes[k] != want.axes[k] {
				t.Errorf("%s: joint %s along %v, the source's along %v", c.name, want.names[k], got.axes[k], want.axes[k])
			}
		}
		for k := range want.qpos {
			if math.Abs(got.qpos[k]-want.qpos[k]) > 1e-9 {
				t.Errorf("%s: qpos after 100 steps %v, the source's %v", c.name, got.qpos, want.qpos)
				break
			}
		}
	}
}

type mjJoints struct {
	names []string
	axes  [][3]float64
	qpos  []float64
}

// mujocoQpos is the file's joints in MuJoCo's order, their axes, and qpos
// after 100 steps.
func mujocoQpos(t *testing.T, file string) mjJoints {
	t.Helper()
	out, code := testenv.RunOracle(t, "mj-inspect", "--steps", "100", "--compact", file)
	if code != 0 {
		t.Fatalf("MuJoCo refuses %s: %s", file, out)
	}
	var r struct {
		Joints []struct {
			Name string     `json:"name"`
			Axis [3]float64 `json:"axis"`
		} `json:"joints"`
		After struct {
			Qpos []float64 `json:"qpos"`
		} `json:"after_steps"`
	}
	if err := json.Unmarshal(out, &r); err != nil {
		t.Fatal(err)
	}
	var m mjJoints
	for _, j := range r.Joints {
		m.names = append(m.names, j.Name)
		m.axes = append(m.axes, j.Axis)
	}
	m.qpos = r.After.Qpos
	return m
}

// TestMJCFUnnamedHingesStayHinges: three hinges about the three axes of a
// body, unnamed, were written back as one ball joint, which holds no
// damping and takes stiffness and armature otherwise (the body 0.43 m off
// after 300 steps); named, they stayed hinges. Unnamed, with springs,
// damping, armature or friction loss, they stay hinges now: MuJoCo
// compiles three hinges with the source's parameters and steps the body
// to the same place.
func TestMJCFUnnamedHingesStayHinges(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	for k, params := range []string{`damping="5" stiffness="1"`, `armature="0.1"`, `frictionloss="0.5"`, ``} {
		src := `<mujoco><worldbody><body name="b" pos="0 0 1">` +
			`<joint axis="1 0 0" ` + params + `/><joint axis="0 0 1" ` + params + `/><joint axis="0 1 0" ` + params + `/>` +
			`<geom type="capsule" size="0.05" fromto="0 0 0 0.5 0.2 0" mass="1"/></body></worldbody></mujoco>`
		out, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "mjcf")
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s: %v", params, m)
		}
		testenv.Oracle(t, "mj-inspect")
		srcFile, outFile := filepath.Join(dir, fmt.Sprint(k, "src.xml")), filepath.Join(dir, fmt.Sprint(k, "out.xml"))
		if err := os.WriteFile(srcFile, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(outFile, out.Main, 0o644); err != nil {
			t.Fatal(err)
		}
		want, got := mujocoJointParams(t, srcFile), mujocoJointParams(t, outFile)
		if fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s: joints compiled as %v, the source's %v:\n%s", params, got, want, out.Main)
		}
		a := testenv.MuJoCoBodies(t, srcFile, "--steps", "300")["b"].Xquat
		b := testenv.MuJoCoBodies(t, outFile, "--steps", "300")["b"].Xquat
		if d := math.Abs(a[0]*b[0] + a[1]*b[1] + a[2]*b[2] + a[3]*b[3]); d < 1-1e-9 {
			t.Errorf("%s: body turned %v after 300 steps, the source's %v", params, b, a)
		}
	}
}

// mujocoJointParams is each joint's type, damping, stiffness, armature and
// friction loss as MuJoCo compiles the file, in its order.
func mujocoJointParams(t *testing.T, file string) []string {
	t.Helper()
	var s []string
	for _, j := range mujocoJointList(t, file) {
		s = append(s, fmt.Sprintf("%s d %g k %g a %g f %g", j.Type, j.Damping, j.Stiffness, j.Armature, j.Frictionloss))
	}
	return s
}
