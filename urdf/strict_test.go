package urdf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// Numbers urdfdom refuses are errors; the message does not echo a huge
// attribute whole.
func TestNumbersAsUrdfdom(t *testing.T) {
	link := func(mass string) string {
		return `<robot name="r"><link name="a"><inertial><mass value="` + mass + `"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link></robot>`
	}
	for _, v := range []string{"1_000", "0x1p3", "inf", "nan", "1e999", "1.0.0", strings.Repeat("9", 100_000)} {
		_, _, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(link(v)), Options: &convert.Options{}})
		if err == nil {
			t.Errorf("mass %.20q accepted", v)
			continue
		}
		if len(err.Error()) > 300 {
			t.Errorf("mass %.20q: %d-byte message", v, len(err.Error()))
		}
	}
	for v, want := range map[string]float64{"1000": 1000, "+8": 8, "8.": 8, ".5": 0.5, "2e1": 20, " 3 ": 3} {
		g, _, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(link(v)), Options: &convert.Options{}})
		if err != nil {
			t.Errorf("mass %q: %v", v, err)
			continue
		}
		var mass *float64
		for _, n := range g.Nodes {
			if n.Name == "a" && n.Motion != nil {
				mass = n.Motion.Mass
			}
		}
		if mass == nil || *mass != want {
			t.Errorf("mass %q read as %v", v, mass)
		}
	}
}

// A mimic that leads back to its own joint, or names a joint the robot
// does not have (urdfdom and MuJoCo read such a file), is dropped with a
// warning; the rest of the robot is read.
func TestMimicCycle(t *testing.T) {
	inert := `<inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>`
	joint := func(name, parent, child, mimic string) string {
		return `<joint name="` + name + `" type="revolute"><parent link="` + parent + `"/><child link="` + child + `"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/><mimic joint="` + mimic + `"/></joint>`
	}
	links := func(names ...string) string {
		s := ""
		for _, n := range names {
			s += `<link name="` + n + `">` + inert + `</link>`
		}
		return s
	}
	cases := []struct {
		name, joints string
		couplings    int
		says         string // what the warning says when couplings == 0
	}{
		{"unknown leader", links("a", "b") + joint("j1", "a", "b", "index_q1"), 0, `mimics joint "index_q1", which the robot does not have`},
		{"unknown leader beside a kept mimic", links("a", "b", "c") + joint("j1", "a", "b", "nosuch") + joint("j2", "b", "c", "j1"), 1, ""},
		{"self", links("a", "b") + joint("j1", "a", "b", "j1"), 0, "mimics itself"},
		{"two-cycle", links("a", "b", "c") + joint("j1", "a", "b", "j2") + joint("j2", "b", "c", "j1"), 0, "mimics itself"},
		{"three-cycle", links("a", "b", "c", "d") + joint("j1", "a", "b", "j2") + joint("j2", "b", "c", "j3") + joint("j3", "c", "d", "j1"), 0, "mimics itself"},
		{"chain", links("a", "b", "c", "d") + joint("j1", "a", "b", "j2") + joint("j2", "b", "c", "j3") + `<joint name="j3" type="revolute"><parent link="c"/><child link="d"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>`, 2, ""},
	}
	for _, c := range cases {
		g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(`<robot name="r">` + c.joints + `</robot>`), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if len(g.Couplings) != c.couplings {
			t.Errorf("%s: %d couplings, want %d", c.name, len(g.Couplings), c.couplings)
		}
		warned, dropped := false, 0
		for _, d := range diags {
			if d.Code == "mimic-dropped" {
				dropped++
				warned = warned || c.says != "" && strings.Contains(d.Message, c.says)
			}
		}
		if warned != (c.couplings == 0) || c.couplings == 0 && dropped == 0 {
			t.Errorf("%s: warning %v, %v", c.name, warned, diags)
		}
		if c.name == "unknown leader beside a kept mimic" && dropped != 1 {
			t.Errorf("%s: %d mimics dropped, want 1: %v", c.name, dropped, diags)
		}
	}
}
