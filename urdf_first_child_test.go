package physconv_test

import (
	"context"
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/meshio"
	"github.com/physconv/physconv/internal/testenv"
)

// pendulumURDF is a fixed base and a 1 kg bob 0.5 m out on a revolute
// joint, whose children are given.
func pendulumURDF(children string) string {
	return fmt.Sprintf(`<robot name="pendulum">
  <link name="base"/>
  <link name="bob">
    <inertial><origin xyz="0.5 0 0"/><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>
  </link>
  <link name="follower">
    <inertial><origin xyz="0 0 -0.5"/><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>
  </link>
  <joint name="swing" type="revolute"><parent link="base"/><child link="bob"/><origin xyz="0 0 2"/>
%s
  </joint>
  <joint name="follow" type="revolute"><parent link="base"/><child link="follower"/><origin xyz="0 0 3"/><axis xyz="0 1 0"/>
    <limit lower="-3" upper="3" effort="10" velocity="10"/><mimic joint="swing" multiplier="2"/>
  </joint>
</robot>`, children)
}

// A URDF joint with a second <axis>, <limit>, <dynamics> or <mimic>
// (youBot's xacro gives its wheels two limits): urdfdom and Bullet read
// the first (FirstChildElement) and never look at another; physconv took
// the last, silently, so a pendulum swung about another axis, stopped at
// other bounds, or followed at another ratio. The first is read now, the
// others named in an element-ignored warning at their line, and a
// malformed one ignored is no error (urdfdom never reads it). MuJoCo,
// which refuses the file, moves the output as it moves the file with
// only the first of each.
func TestURDFRepeatedJointChildFirstWins(t *testing.T) {
	reg := all.Registry()
	first := `<axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="10" velocity="10"/><dynamics damping="0.5"/>`
	for _, c := range []struct {
		name, extra string
		line        int // of the ignored element in the file
	}{
		{"axis", `<axis xyz="1 0 0"/>`, 11},
		{"malformed axis", `<axis xyz="0 0 0"/>`, 11},
		{"limit", `<limit lower="-0.1" upper="0.1" effort="30" velocity="5"/>`, 11},
		{"dynamics", `<dynamics damping="5"/>`, 11},
		{"malformed dynamics", `<dynamics damping="lots"/>`, 11},
		{"mimic", `<mimic joint="swing" multiplier="-3"/>`, 14},
	} {
		t.Run(c.name, func(t *testing.T) {
			var src, clean string
			if strings.HasPrefix(c.extra, "<mimic") {
				src = strings.Replace(pendulumURDF(first), `<mimic joint="swing" multiplier="2"/>`, `<mimic joint="swing" multiplier="2"/>`+"\n"+c.extra, 1)
			} else {
				src = pendulumURDF(first + "\n" + c.extra)
			}
			clean = pendulumURDF(first)
			opts := &convert.Options{From: "urdf", To: "mjcf", OutputName: "p.xml"}
			opts.SetOption("base", "fixed") // as MuJoCo imports a URDF
			out, res, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "p.urdf", Data: []byte(src), Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			tag := strings.Fields(strings.TrimPrefix(c.extra, "<"))[0]
			ignored := res.Diagnostics.OfCode(convert.CodeElementIgnored)
			if len(ignored) != 1 || ignored[0].Line != c.line || !strings.Contains(ignored[0].Message, "<"+strings.TrimSuffix(tag, "/>")+">") || ignored[0].Severity != convert.Warning {
				t.Errorf("element-ignored: %v", ignored)
			}
			if res.Diagnostics.Has(convert.CodeVerifyMismatch) {
				t.Errorf("%v", res.Diagnostics)
			}
			want, _, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "p.urdf", Data: []byte(clean), Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			if string(out.Main) != string(want.Main) {
				t.Errorf("output differs from that of the file with the first of each only:\n%s\nwant\n%s", out.Main, want.Main)
			}
			if tag == "mimic" {
				return // MuJoCo's import of a URDF drops mimic joints
			}
			// MuJoCo's import of the file with the first of each (and no
			// mimic, which it drops), against the output of the file
			// with the repeated child (and no mimic)
			noMimic := func(s string) string {
				return strings.Replace(s, `<mimic joint="swing" multiplier="2"/>`, "", 1)
			}
			opts.SetOption("actuators", "none")
			out, _, err = physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "p.urdf", Data: []byte(noMimic(src)), Options: opts})
			if err != nil {
				t.Fatal(err)
			}
			testenv.Oracle(t, "mj-inspect")
			dir := t.TempDir()
			steps := []string{"--backend", "c", "--steps", "500"}
			mj := testenv.MuJoCoBodies(t, testenv.WriteFiles(t, dir, "first.urdf", []byte(noMimic(clean)), nil), steps...)["bob"]
			got := testenv.MuJoCoBodies(t, testenv.WriteFiles(t, dir, "p.xml", out.Main, out.Files), steps...)["bob"]
			if d := apart(mj.COM(), got.COM()); d > 1e-6 || math.IsNaN(d) {
				t.Errorf("bob after 500 steps at %v in the output, %v in MuJoCo's import of the file with the first of each", got.COM(), mj.COM())
			}
			// the bob swings about Y onto its limit
			if z := mj.COM()[2]; z > 1.7 {
				t.Errorf("the bob did not swing: centre of mass at %v", mj.COM())
			}
		})
	}
}

// A second <material> of one name: urdfdom refuses the file; the first is
// read (its colour drawn), the other named, and a URDF output writes one.
func TestURDFRepeatedMaterialFirstWins(t *testing.T) {
	src := `<robot name="r">
  <material name="c"><color rgba="1 0 0 1"/></material>
  <material name="c"><color rgba="0 0 1 1"/></material>
  <link name="a"><visual><geometry><box size="1 1 1"/></geometry><material name="c"/></visual></link>
</robot>`
	reg := all.Registry()
	for _, to := range []string{"mjcf", "urdf"} {
		out, res := convertIn(t, reg, fstest.MapFS{"r.urdf": {Data: []byte(src)}}, "r.urdf", to)
		if d := res.Diagnostics.OfCode(convert.CodeElementIgnored); len(d) != 1 || d[0].Line != 3 {
			t.Errorf("%s: %v", to, d)
		}
		text := string(out.Main)
		if !strings.Contains(text, "1 0 0 1") || strings.Contains(text, "0 0 1 1") {
			t.Errorf("%s: the second colour is written:\n%s", to, text)
		}
		if to == "urdf" && strings.Count(text, `<material name="c">`) != 2 {
			t.Errorf("URDF output: want the global material once and the visual's own:\n%s", text)
		}
	}
}

// package:///FILE, with no package name and no folder (onshape-to-robot
// writes every mesh so, beside the URDF), was refused; MuJoCo reads the
// file beside the URDF, and so does physconv now, with a note. A file
// not there is an error naming both.
func TestURDFEmptyPackageFileBeside(t *testing.T) {
	reg := all.Registry()
	part := meshio.EncodeSTL(&meshio.Mesh{Positions: []convert.Vec3{{0, 0, 0}, {0.1, 0, 0}, {0, 0.1, 0}, {0, 0, 0.1}},
		Indices: []uint32{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}}, "tetra")
	src := `<robot name="r"><link name="a">
  <inertial><mass value="1"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial>
  <collision><geometry><mesh filename="package:///part.stl"/></geometry></collision></link></robot>`
	fsys := fstest.MapFS{"robot/r.urdf": {Data: []byte(src)}, "robot/part.stl": {Data: part}}
	out, res := convertIn(t, reg, fsys, "robot/r.urdf", "mjcf")
	if !strings.Contains(string(out.Main), `type="mesh"`) || len(res.Diagnostics.OfCode(convert.CodePackageAsFolder)) != 1 {
		t.Errorf("%s\n%v", out.Main, res.Diagnostics)
	}
	delete(fsys, "robot/part.stl")
	in, err := physconv.NewInput(fsys, "robot/r.urdf", &convert.Options{To: "mjcf", OutputName: "out.xml"})
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = physconv.ConvertBytes(context.Background(), reg, in)
	if err == nil || !strings.Contains(err.Error(), "no package name, and no file part.stl beside the input") {
		t.Errorf("missing file: %v", err)
	}
}

// ${…} in a comment of a plain URDF (Talos's commented-out xacro limits)
// made it read as xacro, which moved every line number a multi-line
// comment spans; xacro leaves comments as they are. The file is URDF, its
// lines its own, and in a xacro file a multi-line comment no longer
// shifts the lines after it.
func TestURDFCommentedSubstitution(t *testing.T) {
	comment := "  <!-- a comment\n       spanning\n       <safety_controller soft_lower_limit=\"${-15.0 * deg_to_rad}\"/>\n       lines -->\n"
	robot := func(ns string) string {
		return `<robot name="r"` + ns + `>
` + comment + `  <link name="base">
    <inertial><mass value="1"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial>
  </link>
  <gazebo reference="base">
    <implicitSpringDamper>1</implicitSpringDamper>
  </gazebo>` + xacroUse(ns) + `
</robot>`
	}
	reg := all.Registry()
	for _, c := range []struct{ ns, from string }{
		{"", "urdf"},
		{` xmlns:xacro="http://www.ros.org/wiki/xacro"`, "xacro"},
	} {
		_, res := convertIn(t, reg, fstest.MapFS{"r.urdf": {Data: []byte(robot(c.ns))}}, "r.urdf", "mjcf")
		if res.From != c.from {
			t.Errorf("%q read as %s, want %s", c.ns, res.From, c.from)
		}
		d := res.Diagnostics.OfCode(convert.CodeFieldDropped)
		if len(d) != 1 || d[0].Line != 10 || strings.Contains(d[0].Message, "expanded") {
			t.Errorf("%s: %v", c.from, d)
		}
	}
}

// xacroUse is a property use that makes a robot with the xacro namespace
// xacro, or nothing.
func xacroUse(ns string) string {
	if ns == "" {
		return ""
	}
	return `
  <xacro:property name="unused" value="1"/>`
}
