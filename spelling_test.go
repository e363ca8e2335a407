package physconv

import (
	"context"
	"fmt"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// TestAxisKeepsItsSpelling: an axis the source spells other than as a
// unit vector is written as spelled to URDF and MJCF (engines normalise
// it themselves, and normalising the unit axis instead can differ in the
// last bit, which a falling robot grows to centimetres); a unit axis, or
// an axis the output frame turns, is written as the unit axis. The output
// reads back with no verification difference.
func TestAxisKeepsItsSpelling(t *testing.T) {
	reg := all.Registry()
	for _, c := range []struct {
		typ, axis, rpy string
		want           string // the axis as written ("" = the unit axis)
	}{
		{"revolute", "0 0.707106 -0.707106", "0 0 0", "0 0.707106 -0.707106"},
		{"continuous", "0.3 0.4 0", "0 0 0", "0.3 0.4 0"},
		{"prismatic", "0 0 2", "0 0 0", "0 0 2"},
		{"revolute", "0 1 0", "0 0 0", "0 1 0"},
		{"revolute", "1e-3 0 -1e-3", "0.2 0.1 -0.4", "0.001 0 -0.001"},
	} {
		for _, to := range []string{"urdf", "mjcf"} {
			name := fmt.Sprintf("%s axis %s to %s", c.typ, c.axis, to)
			src := `<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>` +
				`<link name="b"><inertial><mass value="2"/><inertia ixx="1" ixy="0" ixz="0" iyy="2" iyz="0" izz="3"/></inertial></link>` +
				`<joint name="j" type="` + c.typ + `"><parent link="a"/><child link="b"/><origin xyz="0 0 1" rpy="` + c.rpy + `"/><axis xyz="` + c.axis + `"/>` +
				`<limit lower="-1" upper="1" effort="1" velocity="1"/></joint></robot>`
			in := &convert.Input{Name: "r.urdf", Data: []byte(src), Options: &convert.Options{To: to}}
			out, res, err := ConvertBytes(context.Background(), reg, in)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			for _, d := range res.Diagnostics {
				if d.Code == convert.CodeVerifyMismatch {
					t.Errorf("%s: %s", name, d.Message)
				}
			}
			axes := regexp.MustCompile(`axis (?:xyz=)?"([^"]*)"|axis="([^"]*)"`).FindAllStringSubmatch(string(out.Main), -1)
			if len(axes) != 1 {
				t.Fatalf("%s: %d axes written:\n%s", name, len(axes), out.Main)
			}
			got := axes[0][1] + axes[0][2]
			if got != c.want {
				t.Errorf("%s: axis written %q, want %q", name, got, c.want)
			}
		}
	}
}

// TestAxisAsSpelledOnlyAlongTheAxis: the spelling replaces an axis only
// when it points the same way (a frame that turned or reversed the axis
// keeps the unit axis computed in it).
func TestAxisAsSpelledOnlyAlongTheAxis(t *testing.T) {
	j := &convert.Joint{Extras: map[string]any{convert.ExtraAxisSpelled: map[string]convert.Vec3{"angular0": {0, 0.707106, -0.707106}}}}
	s := 1 / 1.4142135623730951
	for _, c := range []struct {
		key       string
		unit, out convert.Vec3
	}{
		{"angular0", convert.Vec3{0, s, -s}, convert.Vec3{0, 0.707106, -0.707106}},
		{"angular0", convert.Vec3{0, -s, s}, convert.Vec3{0, -s, s}},
		{"angular0", convert.Vec3{1, 0, 0}, convert.Vec3{1, 0, 0}},
		{"angular0", convert.Vec3{0, s + 1e-9, -s}, convert.Vec3{0, s + 1e-9, -s}},
		{"linear0", convert.Vec3{0, s, -s}, convert.Vec3{0, s, -s}},
	} {
		if got := convert.AxisAsSpelled(j, c.key, c.unit); got != c.out {
			t.Errorf("%s along %v: %v, want %v", c.key, c.unit, got, c.out)
		}
	}
	if got := convert.AxisAsSpelled(&convert.Joint{}, "angular0", convert.Vec3{0, 0, 1}); got != (convert.Vec3{0, 0, 1}) {
		t.Errorf("no spelling: %v", got)
	}
}

// TestURDFKeepsItsSpelling: a URDF written from a URDF keeps the source's
// numbers where the Graph still means them: each joint's <origin> (a
// gimbal-locked rpy as well) and each <inertial> (products of inertia
// come back from principal axes with their last bits changed otherwise).
// An inertial frame turned by rpy is written as the unturned tensor
// instead (readers differ on that rpy), and a tree rooted elsewhere gets
// its own origins. The outputs read back without a verification
// difference.
func TestURDFKeepsItsSpelling(t *testing.T) {
	reg := all.Registry()
	const inertia = `<inertia ixx="3.18766e-05" ixy="-1.07152e-06" ixz="-1.77295e-06" iyy="5.18361e-05" iyz="-7.00664e-06" izz="5.39657e-05"/>`
	src := func(inertialRPY string) string {
		return `<robot name="r"><link name="a"><inertial><mass value="0.5"/><origin xyz="0.01 0 0" rpy="0 0 0"/><inertia ixx="1e-3" ixy="1.57e-09" ixz="0" iyy="2e-3" iyz="0" izz="3e-3"/></inertial></link>` +
			`<link name="b"><inertial><mass value="0.06981"/><origin xyz="-0.00781 0.01114 0.02661" rpy="` + inertialRPY + `"/>` + inertia + `</inertial></link>` +
			`<joint name="j" type="revolute"><parent link="a"/><child link="b"/><origin xyz="0.038 0 0.025" rpy="3.14159 -1.5708 3.14159"/><axis xyz="0 0 1"/>` +
			`<limit lower="-1" upper="1" effort="1" velocity="1"/></joint></robot>`
	}
	find := func(out, re string) string {
		m := regexp.MustCompile(re).FindStringSubmatch(out)
		if m == nil {
			return ""
		}
		return m[1]
	}
	for _, c := range []struct {
		name, inertialRPY, root string
		originKept, inertiaKept bool
	}{
		{"as read", "0 0 0", "", true, true},
		{"inertial frame turned", "0.1 0.2 0.3", "", true, false},
		{"rooted at the child (its frame turns)", "0 0 0", "b", false, false},
	} {
		opts := &convert.Options{To: "urdf"}
		if c.root != "" {
			opts = opts.With(kin.RootOption, c.root)
		}
		out, res, err := ConvertBytes(context.Background(), reg, &convert.Input{Name: "r.urdf", Data: []byte(src(c.inertialRPY)), Options: opts})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeVerifyMismatch {
				t.Errorf("%s: %s", c.name, d.Message)
			}
		}
		text := string(out.Main)
		origin := find(text, `<joint name="j"[^>]*>(?:\s*<[^o][^>]*>)*\s*<origin xyz="[^"]*" rpy="([^"]*)"`)
		if kept := origin == "3.14159 -1.5708 3.14159"; kept != c.originKept {
			t.Errorf("%s: joint origin rpy %q (source's spelling kept: %v, want %v)", c.name, origin, kept, c.originKept)
		}
		products := find(text, `<link name="b">\s*<inertial>(?s:.*?)<inertia ([^/]*)/>`)
		want := `ixx="3.18766e-05" ixy="-1.07152e-06" ixz="-1.77295e-06" iyy="5.18361e-05" iyz="-7.00664e-06" izz="5.39657e-05"`
		if kept := strings.TrimSpace(products) == want; kept != c.inertiaKept {
			t.Errorf("%s: link b inertia %q (source's spelling kept: %v, want %v)", c.name, products, kept, c.inertiaKept)
		}
		if c.inertiaKept && !strings.Contains(text, `ixy="1.57e-09"`) {
			t.Errorf("%s: link a's product 1.57e-09 not kept:\n%s", c.name, text)
		}
	}
}

// TestEulerAnglesSurviveMJCF: a rotation spelled as fixed-axis X, Y, Z
// angles keeps its angles through MJCF (euler under eulerseq="XYZ") and
// back to URDF (rpy) from a URDF source, and from MJCF in degrees to
// MJCF, rather than being taken apart from a quaternion (which gives
// back other last bits); every step reads back with no verification
// difference.
func TestEulerAnglesSurviveMJCF(t *testing.T) {
	reg := all.Registry()
	convertTo := func(name, from, to string, data []byte) []byte {
		t.Helper()
		in := &convert.Input{Name: name, Data: data, Options: &convert.Options{From: from, To: to}}
		out, res, err := ConvertBytes(context.Background(), reg, in)
		if err != nil {
			t.Fatalf("%s → %s: %v", from, to, err)
		}
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeVerifyMismatch {
				t.Errorf("%s → %s: %s", from, to, d.Message)
			}
		}
		return out.Main
	}
	link := `<inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>`
	for _, rpy := range []string{"0.1 -0.2 0.5", "1.5708 0 3.14159265359", "-0.7 0.3 2.9"} {
		src := `<robot name="r"><link name="a">` + link + `</link><link name="b">` + link + `</link>` +
			`<joint name="j" type="revolute"><parent link="a"/><child link="b"/><origin xyz="0 0 0.2155" rpy="` + rpy + `"/>` +
			`<axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint></robot>`
		mj := convertTo("r.urdf", "urdf", "mjcf", []byte(src))
		if !strings.Contains(string(mj), `euler="`+rpy+`"`) || !strings.Contains(string(mj), `eulerseq="XYZ"`) {
			t.Errorf("rpy %s: MJCF output does not keep the angles:\n%s", rpy, mj)
		}
		back := convertTo("r.xml", "mjcf", "urdf", mj)
		if !strings.Contains(string(back), `rpy="`+rpy+`"`) {
			t.Errorf("rpy %s: URDF from its MJCF does not keep the angles:\n%s", rpy, back)
		}
	}
	deg := `<mujoco><compiler angle="degree" eulerseq="XYZ"/><worldbody><body name="a"><freejoint/>
  <inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/><geom type="box" size="0.1 0.1 0.1"/>
  <body name="b" pos="0 0 0.3" euler="10 20 30"><joint name="j" type="hinge" axis="0 0 1"/>
    <inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/><geom type="sphere" size="0.1"/></body></body></worldbody></mujoco>`
	// degrees to radians in float64 arithmetic, as MuJoCo converts them
	// (a constant expression would be exact, and differ in the last bit)
	rad := func(deg float64) float64 { return deg / 180 * math.Pi }
	want := fmt.Sprintf("%v %v %v", rad(10), rad(20), rad(30))
	mj := convertTo("d.xml", "mjcf", "mjcf", []byte(deg))
	if !strings.Contains(string(mj), `euler="`+want+`"`) {
		t.Errorf("MJCF in degrees: output does not keep the angles (%s):\n%s", want, mj)
	}
	// URDF output of it reads back the same rotation (no verification
	// difference); it spells the radians to 15 digits, as the URDF writer
	// spells every number a few ulps from a shorter decimal
	convertTo("d.xml", "mjcf", "urdf", []byte(deg))
}
