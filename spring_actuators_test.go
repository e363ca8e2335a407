package physconv_test

import (
	"fmt"
	"strings"
	"testing"
)

// springActuatedArm is an MJCF arm as robot models have them (a mobile
// manipulator's wrist): hinges with a joint stiffness toward their
// springref and, on some, a position actuator as well, or a velocity
// actuator, or a motor; so a joint carries two or three drives on its
// one axis.
func springActuatedArm(seed uint64, n int) string {
	r, num := seeded(seed, 53)
	var body, act strings.Builder
	for k := 0; k < n; k++ {
		fmt.Fprintf(&body, `<body name="b%d" pos="0 0 %g" euler="%g %g %g">`, k, num(0.1, 0.3), num(-1, 1), num(-1, 1), num(-1, 1))
		stiffness := ""
		if r.IntN(3) > 0 {
			stiffness = fmt.Sprintf(` stiffness="%g" springref="%g"`, num(1, 50), num(-0.5, 0.5))
		}
		fmt.Fprintf(&body, `<joint name="j%d" type="hinge" axis="%g %g 1" range="-2 2"%s/>`, k, num(-1, 1), num(-1, 1), stiffness)
		fmt.Fprintf(&body, `<geom type="capsule" size="0.03" fromto="0 0 0 0 0 %g" mass="%g"/>`, num(0.1, 0.3), num(0.5, 2))
		switch r.IntN(4) {
		case 0:
			fmt.Fprintf(&act, `<position joint="j%d" kp="%g"/>`, k, num(5, 100))
		case 1:
			fmt.Fprintf(&act, `<position joint="j%d" kp="%g"/><velocity joint="j%d" kv="%g"/>`, k, num(5, 100), k, num(0.5, 5))
		case 2:
			fmt.Fprintf(&act, `<motor joint="j%d" gear="%g" ctrlrange="-1 1"/>`, k, num(1, 10))
		}
	}
	return `<mujoco model="arm"><worldbody>` + body.String() + strings.Repeat("</body>", n) +
		`</worldbody><actuator>` + act.String() + `</actuator></mujoco>`
}

// A joint's stiffness and a position actuator on it are two springs on
// one axis; Godot's Generic6DOFJoint3D holds one spring per axis and kept
// the last written, dropping the other unsaid (a mobile manipulator's
// forearm roll read back with 32 N·m/rad of its 42). They are written as
// their sum, which pulls the same at every angle and speed, and go to
// every format without a verify-mismatch. 30 generated arms of 6 hinges.
func TestSpringsOnOneAxisEveryFormat(t *testing.T) {
	noMismatchOnSeeds(t, "arm.xml", 30, func(seed uint64) string { return springActuatedArm(seed, 6) })
}
