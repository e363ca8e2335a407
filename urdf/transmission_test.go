package urdf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// armURDF is a base with one revolute joint "j" (effort 7) and one fixed
// joint "f", plus the given actuation elements.
func armURDF(actuation string) string {
	return `<robot name="arm">
  <link name="base"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <link name="b"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  <joint name="j" type="revolute"><parent link="base"/><child link="a"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="7" velocity="1"/></joint>
  <joint name="f" type="fixed"><parent link="a"/><child link="b"/></joint>
` + actuation + `
</robot>`
}

func parseArm(t *testing.T, actuation string) (*convert.Graph, convert.Diagnostics) {
	t.Helper()
	g, diags, err := Parse(&convert.Input{Name: "arm.urdf", Data: []byte(armURDF(actuation)), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	return g, diags
}

func jointNamed(g *convert.Graph, name string) *convert.Joint {
	for i := range g.Nodes {
		if g.Nodes[i].Name == name && g.Nodes[i].Joint != nil {
			return g.Nodes[i].Joint
		}
	}
	return nil
}

// Simple transmissions in both forms set the joint's actuator interface.
func TestTransmissionInterfaces(t *testing.T) {
	ros1 := func(joint, jointIface, actIface string) string {
		s := `<transmission name="t"><type>transmission_interface/SimpleTransmission</type><joint name="` + joint + `">`
		if jointIface != "" {
			s += `<hardwareInterface>` + jointIface + `</hardwareInterface>`
		}
		s += `</joint><actuator name="m">`
		if actIface != "" {
			s += `<hardwareInterface>` + actIface + `</hardwareInterface>`
		}
		return s + `<mechanicalReduction>30</mechanicalReduction></actuator></transmission>`
	}
	cases := []struct {
		name, actuation, want, code string
	}{
		{"ros1 position", ros1("j", "PositionJointInterface", ""), "position", ""},
		{"ros1 prefixed velocity", ros1("j", "hardware_interface/VelocityJointInterface", ""), "velocity", ""},
		{"ros1 interface on the actuator", ros1("j", "", "hardware_interface/EffortJointInterface"), "effort", ""},
		{"ros1 no interface (PR2 form)", `<transmission name="t" type="SimpleTransmission"><actuator name="m"/><joint name="j"/><mechanicalReduction>-79</mechanicalReduction></transmission>`, "effort", ""},
		{"ros2 position", `<ros2_control name="s" type="system"><hardware><plugin>x/Y</plugin></hardware><joint name="j"><command_interface name="position"/><state_interface name="position"/></joint></ros2_control>`, "position", ""},
		{"ros2 first command interface wins", `<ros2_control name="s" type="system"><joint name="j"><state_interface name="position"/><command_interface name="velocity"><param name="min">-1</param></command_interface><command_interface name="effort"/></joint></ros2_control>`, "velocity", ""},
		{"differential kept", `<transmission name="t"><type>transmission_interface/DifferentialTransmission</type><joint name="j"/><joint name="f"/></transmission>`, "", "transmission-kept"},
		{"fixed joint", ros1("f", "PositionJointInterface", ""), "", "transmission-kept"},
		{"unknown joint", ros1("nope", "PositionJointInterface", ""), "", "transmission-kept"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g, diags := parseArm(t, c.actuation)
			if got := jointNamed(g, "j").Actuator; got != c.want {
				t.Errorf("actuator %q, want %q", got, c.want)
			}
			if c.code != "" && !diags.Has(convert.Code(c.code)) {
				t.Errorf("no %s diagnostic: %v", c.code, diags)
			}
			if c.code == "" && diags.Has("element-kept") {
				t.Errorf("an understood transmission is reported as kept: %v", diags)
			}
			if g.Name != "arm" {
				t.Errorf("document name %q, want arm", g.Name)
			}
			// URDF → URDF writes the element back once and adds none
			out, _, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if n, want := strings.Count(string(out.Main), "<transmission ")+strings.Count(string(out.Main), "<ros2_control "), 1; n != want {
				t.Errorf("%d actuation elements written, want %d:\n%s", n, want, out.Main)
			}
		})
	}
}

// Drives and actuator interfaces of a Graph that did not come from URDF
// become simple transmissions; what a transmission cannot hold (gains,
// targets) is reported.
func TestDrivesBecomeTransmissions(t *testing.T) {
	cases := []struct {
		name   string
		joint  convert.Joint
		iface  string
		warned bool
	}{
		{"position drive", convert.Joint{Drives: []convert.Drive{{Type: "angular", Mode: "force", MaxForce: 9, PositionTarget: convert.Ptr(0.2), Stiffness: 50, Damping: 2}}}, "PositionJointInterface", true},
		{"velocity drive", convert.Joint{Drives: []convert.Drive{{Type: "angular", Mode: "force", MaxForce: 9, VelocityTarget: convert.Ptr(1.0), Damping: 2}}}, "VelocityJointInterface", true},
		{"effort interface", convert.Joint{Actuator: convert.ActuateEffort, Effort: 3}, "EffortJointInterface", false},
		{"none", convert.Joint{}, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := convert.NewGraph()
			g.Name = "two bodies"
			a := body(g, "a", 1, convert.Vec3{})
			b := body(g, "b", 1, convert.Vec3{1, 0, 0})
			limits, frame := kin.LimitsFor(kin.KindRevolute, convert.Vec3{0, 0, 1}, -1, 1)
			conn := g.AddNode(convert.Node{Name: "hinge_b", Transform: convert.Transform{R: frame, S: convert.Vec3{1, 1, 1}}}, b)
			j := c.joint
			j.Connected, j.Limits = conn, limits
			g.AddNode(convert.Node{Name: "hinge", Transform: convert.Transform{T: convert.Vec3{1, 0, 0}, R: frame, S: convert.Vec3{1, 1, 1}}, Joint: &j}, a)
			out, diags, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			text := string(out.Main)
			if !strings.Contains(text, `<robot name="two bodies">`) {
				t.Errorf("robot not named after the document:\n%s", text)
			}
			if c.iface == "" {
				if strings.Contains(text, "<transmission") {
					t.Errorf("unactuated joint got a transmission:\n%s", text)
				}
				return
			}
			if !strings.Contains(text, "<hardwareInterface>hardware_interface/"+c.iface+"</hardwareInterface>") || !strings.Contains(text, `<joint name="hinge">`) {
				t.Errorf("no %s transmission on hinge:\n%s", c.iface, text)
			}
			if diags.Has("drive-gains-dropped") != c.warned {
				t.Errorf("drive-gains-dropped reported: %v, want %v (%v)", !c.warned, c.warned, diags)
			}
			back, _, err := Parse(&convert.Input{Name: "x.urdf", Data: out.Main, Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			want := map[string]string{"PositionJointInterface": "position", "VelocityJointInterface": "velocity", "EffortJointInterface": "effort"}[c.iface]
			if got := jointNamed(back, "hinge"); got == nil || got.Actuator != want {
				t.Errorf("read back as %+v, want actuator %q", got, want)
			}
		})
	}
}
