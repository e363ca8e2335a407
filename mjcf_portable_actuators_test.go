package physconv_test

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestPositionActuatorMuJoCo3Attributes: MuJoCo 3's inheritrange (the
// control range is the joint's, scaled about its middle) and dampratio
// were copied into MJCF output, which MuJoCo 2.2 then refused. An
// inheritrange is read as the control range it stands for: MuJoCo 3
// moves the output as the source, and MuJoCo 2.2 loads it. A dampratio,
// whose damping MuJoCo derives from the model's inertia, is dropped with
// a warning.
func TestPositionActuatorMuJoCo3Attributes(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	for i, c := range []struct {
		actuator string
		warned   string // a warning naming it; "" none
	}{
		{`<position name="p" joint="j" kp="20" inheritrange="1"/>`, ""},
		{`<position name="p" joint="j" kp="20" inheritrange="0.5"/>`, ""},
		{`<position name="p" joint="j" kp="20" dampratio="1"/>`, "dampratio"},
	} {
		src := `<mujoco><compiler angle="radian"/><worldbody><body name="arm" pos="0 0 1">` +
			`<joint name="j" type="hinge" axis="0 1 0" range="0.5 1.5" damping="0.1"/>` +
			`<geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03"/></body></worldbody>` +
			`<actuator>` + c.actuator + `</actuator></mujoco>`
		out, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "mjcf")
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s: %v", c.actuator, m)
		}
		if s := string(out.Main); strings.Contains(s, "inheritrange") || strings.Contains(s, "dampratio") {
			t.Errorf("%s: written as is:\n%s", c.actuator, s)
		}
		warned := false
		for _, d := range res.Diagnostics {
			warned = warned || c.warned != "" && d.Severity >= convert.Warning && strings.Contains(d.Message, c.warned)
		}
		if warned != (c.warned != "") {
			t.Errorf("%s: warned %v (%v)", c.actuator, warned, res.Diagnostics)
		}
		stepped(t, dir, fmt.Sprintf("out%d.xml", i), out.Main, nil, 0, "--backend", "c") // MuJoCo 2.2 loads it
		if c.warned != "" {
			continue
		}
		want := stepped(t, dir, fmt.Sprintf("src%d.xml", i), []byte(src), nil, 300)["arm"].Xquat
		got := stepped(t, dir, fmt.Sprintf("out%d.xml", i), out.Main, nil, 300)["arm"].Xquat
		for k := range want {
			if math.Abs(got[k]-want[k]) > 1e-9 {
				t.Errorf("%s: the arm at %v after 300 steps in MuJoCo 3, the source's at %v", c.actuator, got, want)
				break
			}
		}
	}
}
