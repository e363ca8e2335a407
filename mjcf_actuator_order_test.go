package physconv_test

import (
	"fmt"
	"regexp"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
)

// TestMJCFActuatorOrderKept: controllers, policies and keyframes address
// MuJoCo's actuators by their place in the file. MJCF output wrote the
// actuators it keeps as MJCF (a gear other than 1, a tendon
// transmission) first and those it reads as joint drives after them, in
// the order of their joints, so a control vector drove other joints (a
// motor of gear 50 took the control meant for one of gear 1), and a motor
// on a joint another actuator drives was dropped without a word. Each
// actuator comes back in its place now, whatever its kind.
func TestMJCFActuatorOrderKept(t *testing.T) {
	reg := all.Registry()
	bodies := `<worldbody><body name="a" pos="0 0 1"><joint name="ja" axis="0 1 0" range="-1 1"/><geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03"/>` +
		`<body name="b" pos="0.3 0 0"><joint name="jb" axis="0 1 0" range="-1 1"/><geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03"/>` +
		`<body name="c" pos="0.3 0 0"><joint name="jc" type="slide" axis="1 0 0" range="-0.1 0.1"/><geom type="box" size="0.05 0.05 0.05"/></body></body></body></worldbody>` +
		`<tendon><fixed name="t"><joint joint="ja" coef="1"/><joint joint="jb" coef="1"/></fixed></tendon>`
	for _, actuators := range []string{
		`<motor name="mb" joint="jb" gear="1"/><motor name="ma" joint="ja" gear="50"/>`,
		`<position name="pc" joint="jc" kp="100"/><velocity name="vb" joint="jb" kv="3"/><motor name="mt" tendon="t" gear="2"/><position name="pa" joint="ja" kp="20"/>`,
		`<motor name="ta" tendon="t"/><motor name="mc" joint="jc"/><position name="pb" joint="jb" kp="5" ctrlrange="-1 1"/>`,
		// several actuators on one joint: none is dropped
		`<motor name="m0" joint="ja"/><motor name="m2" joint="ja" gear="2"/>`,
		`<position name="p" joint="jb" kp="50"/><motor name="m" joint="jb"/><velocity name="v" joint="jb" kv="3"/>`,
		`<velocity name="v" joint="jc" kv="2"/><motor name="m" joint="jc"/>`,
		`<motor name="m1" joint="ja"/><motor name="m2" joint="ja"/><motor name="m3" joint="ja"/>`,
		`<motor name="m1" joint="ja"/><position name="p" joint="ja" kp="5"/>`,
	} {
		src := `<mujoco>` + bodies + `<actuator>` + actuators + `</actuator></mujoco>`
		out, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "mjcf")
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s: %v", actuators, m)
		}
		names := regexp.MustCompile(`<(?:motor|position|velocity|general)\b[^>]*\bname="([^"]+)"`)
		want, got := names.FindAllStringSubmatch(src, -1), names.FindAllStringSubmatch(string(out.Main), -1)
		if fmt.Sprint(submatches(got)) != fmt.Sprint(submatches(want)) {
			t.Errorf("actuators written in the order %v, the source's %v", submatches(got), submatches(want))
		}
	}
}

// submatches is the first group of each match.
func submatches(ms [][]string) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m[1])
	}
	return out
}
