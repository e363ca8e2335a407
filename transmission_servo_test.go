package physconv_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestTransmissionServosWarned: a URDF transmission names a joint's
// actuator interface, not a controller; MJCF output gives a position or
// velocity interface a servo with default gains, which at zero control
// holds the joint at 0 or brakes it (a pendulum that swings to 2 rad in
// MuJoCo's import of the URDF stays at 0.002), and said so only per joint
// by an info. It is now said once by a warning; an effort interface (a
// motor, free at zero control), --actuators none, and servos the user
// asks for with --actuators are not.
func TestTransmissionServosWarned(t *testing.T) {
	reg := all.Registry()
	robot := func(iface string) string {
		trans := ""
		if iface != "" {
			trans = fmt.Sprintf(`<transmission name="t"><type>transmission_interface/SimpleTransmission</type>
  <joint name="hinge"><hardwareInterface>hardware_interface/%sJointInterface</hardwareInterface></joint>
  <actuator name="m"><mechanicalReduction>1</mechanicalReduction></actuator></transmission>`, iface)
		}
		return `<robot name="r"><link name="base"><inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial></link>
<link name="arm"><inertial><origin xyz="0.25 0 0"/><mass value="1"/><inertia ixx="0.001" iyy="0.02" izz="0.02" ixy="0" ixz="0" iyz="0"/></inertial></link>
<joint name="hinge" type="revolute"><parent link="base"/><child link="arm"/><axis xyz="0 1 0"/><limit lower="-3" upper="3" effort="150" velocity="3"/></joint>
` + trans + `</robot>`
	}
	for _, c := range []struct {
		iface, actuators string
		warned           bool
	}{
		{"Position", "", true},
		{"Velocity", "", true},
		{"Effort", "", false},
		{"Position", "none", false},
		{"", "position", false},
	} {
		opts := &convert.Options{From: "urdf", To: "mjcf", OutputName: "r.xml"}
		if c.actuators != "" {
			opts.SetOption("actuators", c.actuators)
		}
		_, res, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "r.urdf", Data: []byte(robot(c.iface)), Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		warned := 0
		for _, d := range res.Diagnostics.OfCode(convert.CodeActuatorDefaultGains) {
			if d.Severity == convert.Warning && strings.Contains(d.Message, "hinge") {
				warned++
			}
		}
		if want := map[bool]int{true: 1, false: 0}[c.warned]; warned != want {
			t.Errorf("%s interface, --actuators %q: %d warnings, want %d: %v", c.iface, c.actuators, warned, want, res.Diagnostics)
		}
	}
}
