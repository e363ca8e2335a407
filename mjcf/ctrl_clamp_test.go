package mjcf

import (
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestDriveTargetClampedToControlRange: MuJoCo clamps a limited control
// to its range, so a position servo whose range leaves out the control
// it is given (0 without a keyframe) holds its joint at the nearer end:
// the drive's target is the clamped control.
func TestDriveTargetClampedToControlRange(t *testing.T) {
	cases := []struct {
		act, key string
		want     float64
	}{
		{`<position joint="j" kp="2" ctrlrange="0.3 1"/>`, ``, 0.3},
		{`<position joint="j" kp="2" ctrlrange="-1 -0.2"/>`, ``, -0.2},
		{`<position joint="j" kp="2" ctrlrange="0.3 1" ctrllimited="false"/>`, ``, 0},
		{`<position joint="j" kp="2"/>`, ``, 0},
		{`<position joint="j" kp="2" ctrlrange="0.3 1"/>`, `<keyframe><key name="drive_targets" ctrl="2"/></keyframe>`, 1},
		{`<position joint="j" kp="2" ctrlrange="0.3 1"/>`, `<keyframe><key name="drive_targets" ctrl="0.5"/></keyframe>`, 0.5},
	}
	for _, c := range cases {
		src := `<mujoco><worldbody><body name="b"><joint name="j" type="hinge" axis="0 1 0"/><geom type="sphere" size="0.1"/></body></worldbody><actuator>` +
			c.act + `</actuator>` + c.key + `</mujoco>`
		g, _, err := Parse(&convert.Input{Name: "a.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s: %v", c.act, err)
		}
		var got *float64
		for _, n := range g.Nodes {
			if n.Joint != nil {
				for _, d := range n.Joint.Drives {
					got = d.PositionTarget
				}
			}
		}
		if got == nil || *got != c.want {
			t.Errorf("%s %s: target %v, want %g", c.act, c.key, got, c.want)
		}
	}
}
