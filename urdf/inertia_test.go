package urdf

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestInertiaTensors: a tensor whose principal moments are clearly
// negative is refused at the <inertia> line; a singular tensor (a moment
// that is zero up to rounding) is read with that moment at zero; moments
// below those of the link's mass a micrometre from the axis (exporters'
// noise for a point mass: 2.4e-35 off the diagonal, -5e-20 on it) and
// not physical are read as a point mass with an inertia-repaired
// diagnostic (tiny physical ones are kept), while the same
// numbers on a lighter link, where they are not negligible, are refused;
// every accepted tensor gives a Graph that validates.
func TestInertiaTensors(t *testing.T) {
	for _, c := range []struct {
		name   string
		mass   string
		attr   string // ixx … izz
		ok     bool
		refuse string // what the error says when !ok
		point  bool   // read as zero moments, with a diagnostic
	}{
		{"diagonal", "1", `ixx="1" ixy="0" ixz="0" iyy="2" iyz="0" izz="2.5"`, true, "", false},
		{"full positive definite", "1", `ixx="2" ixy="0.5" ixz="0.1" iyy="2" iyz="-0.2" izz="3"`, true, "", false},
		{"indefinite, zero diagonal", "1", `ixx="0" ixy="1" ixz="0" iyy="0" iyz="0" izz="0"`, false, "not positive semi-definite", false},
		{"indefinite, off-diagonal too large", "1", `ixx="1" ixy="2" ixz="0" iyy="1" iyz="0" izz="1"`, false, "not positive semi-definite", false},
		{"indefinite, small but not noise", "0.000001", `ixx="0.00000002371" ixy="0.00000006119" ixz="0.00000001179" iyy="0.00000002833" iyz="0.00000000774" izz="0.00000003849"`, false, "not positive semi-definite", false},
		{"singular: a rod's tensor rotated", "1", `ixx="0.5" ixy="0.5" ixz="0" iyy="0.5" iyz="0" izz="1"`, true, "", false},
		{"point mass, off-diagonal noise", "1.33687", `ixx="0" ixy="0" ixz="2.40741e-35" iyy="0" iyz="0" izz="0"`, true, "", true},
		{"point mass, negative diagonal noise", "0.526", `ixx="-5.42101e-20" ixy="0" ixz="0" iyy="-5.42101e-20" iyz="0" izz="0"`, true, "", true},
		{"tiny but physical: kept as given", "2", `ixx="1e-15" ixy="0" ixz="0" iyy="1e-15" iyz="0" izz="1e-15"`, true, "", false},
		{"light link: the same off-diagonal is no noise", "1e-30", `ixx="0" ixy="0" ixz="2.40741e-35" iyy="0" iyz="0" izz="0"`, false, "not positive semi-definite", false},
		{"light link: the same negative diagonal is no noise", "1e-10", `ixx="-5.42101e-20" ixy="0" ixz="0" iyy="-5.42101e-20" iyz="0" izz="0"`, false, "negative diagonal term", false},
		{"negative diagonal noise beside real moments", "1", `ixx="-1e-20" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"`, true, "", false},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := fmt.Sprintf("<robot name=\"r\">\n<link name=\"a\"><inertial><mass value=%q/>\n<inertia %s/></inertial></link>\n</robot>\n", c.mass, c.attr)
			g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(in)})
			if !c.ok {
				fe, isFE := err.(*convert.FormatError)
				if !isFE || fe.Line != 3 || !strings.Contains(err.Error(), c.refuse) {
					t.Fatalf("err = %v; want a format error at line 3 saying %q", err, c.refuse)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := convert.Validate(g); err != nil {
				t.Fatalf("accepted tensor gives an invalid Graph: %v", err)
			}
			repaired := 0
			for _, d := range diags {
				if d.Code == convert.CodeInertiaRepaired {
					repaired++
				}
			}
			if want := map[bool]int{true: 1}[c.point]; repaired != want {
				t.Errorf("%d inertia-repaired diagnostics, want %d: %v", repaired, want, diags)
			}
			for _, n := range g.Nodes {
				if n.Motion == nil || n.Motion.InertiaDiagonal == nil {
					continue
				}
				d := *n.Motion.InertiaDiagonal
				if c.point && d != (convert.Vec3{}) {
					t.Errorf("moments %v; want a point mass", d)
				}
				if !c.point && d == (convert.Vec3{}) {
					t.Errorf("moments read as zero")
				}
				for _, m := range d {
					if m < 0 {
						t.Errorf("moment %v negative in %v", m, d)
					}
				}
			}
		})
	}
}
