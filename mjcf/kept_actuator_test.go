package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestKeptActuatorsThatPushWarn: an actuator with no Graph form is kept
// for MJCF output only, and was said by an info; one that pushes at zero
// control (a servo, a damper, a biased general actuator) holds its joint
// in MuJoCo, so every other format moved the joint freely where the
// source held it (a slider-crank's position servo, 6.7 cm after 200
// steps). It now warns (actuator-kept); a motor, which pushes only when
// driven, and an actuator of a group the option disables do not.
func TestKeptActuatorsThatPushWarn(t *testing.T) {
	for _, c := range []struct {
		option, actuator string
		warns            bool
	}{
		{"", `<position joint="hinge" kp="50" gear="2"/>`, true},
		{"", `<velocity joint="hinge" kv="3" gear="2"/>`, true},
		{"", `<damper joint="hinge" kv="3" ctrlrange="0 1"/>`, true},
		{"", `<general joint="hinge" gear="2" gainprm="10" biastype="affine" biasprm="0 -10 0"/>`, true},
		{"", `<position site="tip" kp="50"/>`, true},
		{"", `<motor joint="hinge" gear="2"/>`, false},
		{"", `<general joint="hinge" gear="2" gainprm="10"/>`, false},
		{`<option actuatorgroupdisable="1"/>`, `<position joint="hinge" kp="50" group="1"/>`, false},
		{`<option actuatorgroupdisable="1"/>`, `<position joint="hinge" kp="50" group="2"/>`, true},
	} {
		src := `<mujoco>` + c.option + `<worldbody><body name="arm" pos="0 0 1"><joint name="hinge" axis="0 1 0"/>
<geom type="capsule" fromto="0 0 0 0.5 0 0" size="0.02"/><site name="tip" pos="0.5 0 0"/></body></worldbody>
<actuator>` + c.actuator + `</actuator></mujoco>`
		_, diags, err := Parse(&convert.Input{Name: "a.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s: %v", c.actuator, err)
		}
		if got := diags.Has(convert.CodeActuatorKept); got != c.warns {
			t.Errorf("%s %s: actuator-kept %v, want %v (%v)", c.option, c.actuator, got, c.warns, diags)
		}
	}
}

// TestActuatorGroupDisableDropWarns: MJCF output leaves out
// <option actuatorgroupdisable> (MuJoCo 2.2 refuses it), which turns the
// disabled actuators back on: an arm its disabled servo should let fall
// was held (0.32 m apart after 200 steps), said by an info. It warns now.
func TestActuatorGroupDisableDropWarns(t *testing.T) {
	src := `<mujoco><option actuatorgroupdisable="1"/><worldbody><body name="arm" pos="0 0 1"><joint name="hinge" axis="0 1 0"/>
<geom type="capsule" fromto="0 0 0 0.5 0 0" size="0.02" mass="1"/></body></worldbody>
<actuator><position joint="hinge" kp="200" group="1"/></actuator></mujoco>`
	g, _, err := Parse(&convert.Input{Name: "a.xml", Data: []byte(src), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	out, diags, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	warned := false
	for _, d := range diags {
		if d.Code == convert.CodeSolverSettingsDropped && d.Severity == convert.Warning && strings.Contains(d.Message, "actuatorgroupdisable") {
			warned = true
		}
	}
	if !warned || strings.Contains(string(out.Main), "actuatorgroupdisable") {
		t.Errorf("warned %v; output:\n%s", warned, out.Main)
	}
}
