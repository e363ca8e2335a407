package mjcf

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// attachCase is a generated model that attaches another: the files, by
// path, the parent first.
type attachCase struct {
	files map[string]string
}

// genAttachCase makes a child model (its own angle unit, Euler sequence,
// mesh folder, nested default classes, a tendon, an actuator and an
// exclude, one body outside what is attached) and a parent that attaches
// its arm into a moving body, and sometimes the whole child world body
// into a turned frame as well.
func genAttachCase(r *rand.Rand) attachCase {
	u := func(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }
	degree := r.IntN(2) == 0
	ang := func(rad float64) float64 {
		if degree {
			return rad * 180 / math.Pi
		}
		return rad
	}
	unit := map[bool]string{true: "degree", false: "radian"}[degree]
	seq := []string{"xyz", "zyx", "XYZ", "yzx"}[r.IntN(4)]
	child := fmt.Sprintf(`<mujoco model="arm">
  <compiler angle=%q eulerseq=%q meshdir="assets"/>
  <option timestep="0.01"/>
  <asset><mesh file="tet.stl" scale="%.3f %.3f %.3f"/><material name="red" rgba="1 0 0 1"/></asset>
  <default>
    <geom density="%.0f"/>
    <joint damping="%.3f"/>
    <motor ctrlrange="-1 1"/>
    <default class="heavy"><geom density="%.0f"/>
      <default class="heavier"><geom density="%.0f" size="0.03 0.02 0.04"/></default>
    </default>
  </default>
  <worldbody>
    <frame pos="0 0 1" euler="0 0 %.4f">
      <body name="upper" pos="%.3f 0 0" euler="%.4f %.4f %.4f">
        <joint name="shoulder" axis="0 1 0" range="%.4f %.4f"/>
        <geom name="ug" type="capsule" size="0.03 0.1" material="red"/>
        <body name="lower" pos="0 0 0.3" euler="%.4f 0 0">
          <joint name="elbow" axis="1 0 0" stiffness="%.3f" springref="%.4f"/>
          <geom class="heavy" type="box" size="0.02 0.03 0.05"/>
          <geom class="heavier" type="box" pos="0 0.05 0"/>
          <geom type="mesh" mesh="tet" pos="0 0 0.05"/>
          <site name="tip" pos="0 0 0.1"/>
        </body>
      </body>
    </frame>
    <body name="other" pos="1 1 1"><freejoint/><geom size="0.05"/></body>
  </worldbody>
  <tendon><fixed name="t" stiffness="%.3f"><joint joint="shoulder" coef="1"/><joint joint="elbow" coef="-0.5"/></fixed></tendon>
  <contact><exclude body1="upper" body2="lower"/></contact>
  <actuator><motor name="m" joint="elbow" gear="%.2f"/><motor name="mo" tendon="t"/></actuator>
</mujoco>
`, unit, seq, u(0.5, 2), u(0.5, 2), u(0.5, 2), u(200, 2000), u(0, 0.2), u(2000, 5000), u(5000, 9000),
		ang(u(-3, 3)), u(0, 0.2), ang(u(-1, 1)), ang(u(-1, 1)), ang(u(-1, 1)), ang(u(-1.5, -0.5)), ang(u(0.5, 1.5)),
		ang(u(-1, 1)), u(0.5, 3), ang(u(-0.5, 0.5)), u(0, 2), u(1, 3))
	whole := ""
	if r.IntN(2) == 0 {
		whole = fmt.Sprintf(`<frame pos="%.3f %.3f 0.5" euler="0 0 %.4f"><attach model="arm" prefix="W_"/></frame>`, u(-2, 2), u(3, 4), u(-3, 3))
	}
	parent := fmt.Sprintf(`<mujoco model="parent">
  <compiler angle="radian"/>
  <asset><model name="arm" file="sub/arm.xml"/></asset>
  <default><geom density="10"/><joint damping="5"/></default>
  <worldbody>
    <geom name="floor" type="plane" size="10 10 0.1"/>
    <body name="base" pos="0 0 %.3f" euler="%.4f 0 0">
      <freejoint/>
      <geom type="box" size="0.1 0.1 0.1"/>
      <attach model="arm" body="upper" prefix="L_"/>
    </body>
    %s
  </worldbody>
</mujoco>
`, u(1, 2), u(-0.5, 0.5), whole)
	return attachCase{files: map[string]string{"parent.xml": parent, "sub/arm.xml": child, "sub/assets/tet.stl": string(tetraSTL())}}
}

// TestAttachedModels: a model that attaches bodies of another
// (MuJoCo 3's <attach>) is read as MuJoCo reads it — the attached
// elements with their own model's defaults, compiler settings and mesh
// folder, prefixed names, the tendons, actuators and excludes that refer
// to them — and the MJCF written from it, which has no <attach>, moves in
// MuJoCo as the source does: the same masses and body poses after 200
// steps, on 8 generated pairs of models. MuJoCo 2.2.2, which has no
// <attach>, loads the output.
func TestAttachedModels(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	r := rand.New(rand.NewPCG(5, 17))
	for k := range 8 {
		c := genAttachCase(r)
		fsys := fstest.MapFS{}
		for name, data := range c.files {
			if name != "parent.xml" {
				fsys[name] = &fstest.MapFile{Data: []byte(data)}
			}
		}
		g, diags, err := Parse(&convert.Input{Name: "parent.xml", Data: []byte(c.files["parent.xml"]), FS: fsys, Dir: ".", Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("case %d: %v", k, err)
		}
		if !diags.Has(convert.CodeAttachExpanded) {
			t.Errorf("case %d: no attach-expanded", k)
		}
		bodies := map[string]bool{}
		for _, n := range g.Nodes {
			if n.Motion != nil {
				bodies[n.Name] = true
			}
		}
		if !bodies["L_upper"] || !bodies["L_lower"] || bodies["L_other"] {
			t.Errorf("case %d: bodies %v", k, bodies)
		}
		out, _, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(string(out.Main), "<attach") || !strings.Contains(string(out.Main), `tendon="L_t"`) ||
			!strings.Contains(string(out.Main), `<exclude body1="L_lower" body2="L_upper"/>`) || strings.Contains(string(out.Main), `L_other`) {
			t.Errorf("case %d: output:\n%s", k, out.Main)
		}
		side := map[string][]byte{}
		for name, data := range c.files {
			if name != "parent.xml" {
				side[name] = []byte(data)
			}
		}
		src := testenv.WriteFiles(t, t.TempDir(), "parent.xml", []byte(c.files["parent.xml"]), side)
		written := testenv.WriteFiles(t, t.TempDir(), "out.xml", out.Main, out.Files)
		wantMass, gotMass := testenv.MuJoCoBodies(t, src), testenv.MuJoCoBodies(t, written)
		want := testenv.MuJoCoBodies(t, src, "--steps", "200")
		got := testenv.MuJoCoBodies(t, written, "--steps", "200")
		if len(got) != len(want) {
			t.Errorf("case %d: %d bodies, source %d", k, len(got), len(want))
		}
		for name, w := range want {
			o, ok := got[name]
			if !ok {
				t.Errorf("case %d: body %q not written", k, name)
				continue
			}
			if m, n := wantMass[name].Mass, gotMass[name].Mass; math.Abs(m-n) > 1e-9*math.Max(1, m) {
				t.Errorf("case %d: body %q mass %v, MuJoCo's %v", k, name, n, m)
			}
			dq := 0.0
			for i := range 4 {
				dq = math.Max(dq, math.Min(math.Abs(w.Xquat[i]-o.Xquat[i]), math.Abs(w.Xquat[i]+o.Xquat[i])))
			}
			// the same engine on the same model: rounding of the written
			// decimals apart
			if convert.Vec3(w.Xpos).Sub(convert.Vec3(o.Xpos)).Len() > 1e-7 || dq > 1e-7 {
				t.Errorf("case %d: body %q after 200 steps at %v %v, source %v %v", k, name, o.Xpos, o.Xquat, w.Xpos, w.Xquat)
			}
		}
		testenv.MuJoCoBodies(t, written, "--backend", "c")
	}
}

// TestAttachLeavesOutsideReferences: an element of the attached model
// that also refers to what is not attached (an exclude between an
// attached body and another) is left out and counted, where MuJoCo 3.3
// copies it and then refuses the model for the missing name. The
// attached model's keyframes are left out, and counted.
func TestAttachLeavesOutsideReferences(t *testing.T) {
	child := `<mujoco model="c"><worldbody>
<body name="a"><joint name="ja"/><geom size="0.1"/><body name="b" pos="0 0 0.3"><joint name="jb"/><geom size="0.1"/></body></body>
<body name="o" pos="1 0 0"><freejoint/><geom size="0.1"/></body></worldbody>
<contact><exclude body1="a" body2="b"/><exclude body1="b" body2="o"/></contact>
<actuator><motor joint="jb"/><motor joint="ja" name="ma"/></actuator>
<equality><joint joint1="ja" joint2="jb"/></equality>
<sensor><framepos objtype="body" objname="o"/><jointpos joint="ja"/></sensor>
<keyframe><key qpos="0.1 0.2 0 0 0 1 0 0 0"/></keyframe></mujoco>`
	model := `<mujoco><asset><model file="c.xml"/></asset><worldbody><attach model="c" body="a" prefix="p-"/></worldbody></mujoco>`
	g, diags, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(model), FS: fstest.MapFS{"c.xml": {Data: []byte(child)}}, Dir: ".", Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	d := diags.OfCode(convert.CodeAttachExpanded)
	if len(d) != 1 || !strings.Contains(d[0].Message, "5 tendon, equality, actuator, sensor and contact element(s) that refer to it came along; 2 that also refer to what is not attached did not; its 1 keyframe(s) are left out") {
		t.Errorf("diagnostics %v", d)
	}
	out, _, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{`<exclude body1="p-a" body2="p-b"/>`, `joint="p-jb"`, `name="p-ma"`, `joint1="p-ja" joint2="p-jb"`} {
		if !strings.Contains(string(out.Main), s) {
			t.Errorf("output lacks %s:\n%s", s, out.Main)
		}
	}
	if strings.Contains(string(out.Main), `"o"`) || strings.Contains(string(out.Main), `p-o`) {
		t.Errorf("output refers to a body not attached:\n%s", out.Main)
	}
}

// TestAttachErrors: an attachment that cannot be made is refused with
// the file and line of what is wrong.
func TestAttachErrors(t *testing.T) {
	child := `<mujoco model="c"><worldbody><body name="b"><geom size="0.1"/></body></worldbody></mujoco>`
	loop := `<mujoco model="loop"><asset><model name="p" file="../m.xml"/></asset><worldbody/></mujoco>`
	for _, tc := range []struct {
		name, model, want string
		line              int
		file              string
	}{
		{"unknown model", `<mujoco><asset><model file="c.xml"/></asset><worldbody>
<attach model="x" body="b" prefix="p"/></worldbody></mujoco>`, `unknown model "x"`, 2, ""},
		{"no prefix", `<mujoco><asset><model file="c.xml"/></asset><worldbody>
<attach model="c" body="b"/></worldbody></mujoco>`, "needs a prefix", 2, ""},
		{"no such body", `<mujoco><asset><model file="c.xml"/></asset><worldbody>
<attach model="c" body="nope" prefix="p"/></worldbody></mujoco>`, `has no body named "nope"`, 2, ""},
		{"missing file", `<mujoco><asset>
<model name="c" file="gone.xml"/></asset><worldbody/></mujoco>`, `cannot read model "gone.xml"`, 2, ""},
		{"cycle", `<mujoco><asset><model name="l" file="sub/loop.xml"/></asset><worldbody/></mujoco>`, "attachment cycle", 1, "sub/loop.xml"},
		{"depth", `<mujoco><asset><model name="d" file="d1.xml"/></asset><worldbody/></mujoco>`, "more than 16 deep", 1, "d16.xml"},
	} {
		fsys := fstest.MapFS{"c.xml": {Data: []byte(child)}, "sub/loop.xml": {Data: []byte(loop)}}
		for i := 1; i <= 20; i++ {
			fsys[fmt.Sprintf("d%d.xml", i)] = &fstest.MapFile{Data: []byte(fmt.Sprintf(`<mujoco><asset><model name="d" file="d%d.xml"/></asset><worldbody/></mujoco>`, i+1))}
		}
		_, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(tc.model), FS: fsys, Dir: ".", Options: &convert.Options{}})
		fe, ok := err.(*convert.FormatError)
		if !ok || !strings.Contains(err.Error(), tc.want) || fe.Line != tc.line || fe.File != tc.file {
			t.Errorf("%s: %v (line %v, file %q), want %q at line %d of %q", tc.name, err, fe.Line, fe.File, tc.want, tc.line, tc.file)
		}
	}
}
