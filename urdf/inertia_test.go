package urdf

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestInertiaTensors: a tensor whose principal moments are clearly
// negative is refused at the <inertia> line; a singular tensor (a moment
// that is zero up to rounding) is read with that moment at zero; every
// accepted tensor gives a Graph that validates.
func TestInertiaTensors(t *testing.T) {
	for _, c := range []struct {
		name string
		attr string // ixx … izz
		ok   bool
	}{
		{"diagonal", `ixx="1" ixy="0" ixz="0" iyy="2" iyz="0" izz="2.5"`, true},
		{"full positive definite", `ixx="2" ixy="0.5" ixz="0.1" iyy="2" iyz="-0.2" izz="3"`, true},
		{"indefinite, zero diagonal", `ixx="0" ixy="1" ixz="0" iyy="0" iyz="0" izz="0"`, false},
		{"indefinite, off-diagonal too large", `ixx="1" ixy="2" ixz="0" iyy="1" iyz="0" izz="1"`, false},
		{"singular: a rod's tensor rotated", `ixx="0.5" ixy="0.5" ixz="0" iyy="0.5" iyz="0" izz="1"`, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := fmt.Sprintf("<robot name=\"r\">\n<link name=\"a\"><inertial><mass value=\"1\"/>\n<inertia %s/></inertial></link>\n</robot>\n", c.attr)
			g, _, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(in)})
			if !c.ok {
				fe, isFE := err.(*convert.FormatError)
				if !isFE || fe.Line != 3 || !strings.Contains(err.Error(), "not positive semi-definite") {
					t.Fatalf("err = %v; want a format error at line 3 saying the tensor is not positive semi-definite", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := convert.Validate(g); err != nil {
				t.Fatalf("accepted tensor gives an invalid Graph: %v", err)
			}
			for _, n := range g.Nodes {
				if n.Motion == nil || n.Motion.InertiaDiagonal == nil {
					continue
				}
				for _, m := range n.Motion.InertiaDiagonal {
					if m < 0 {
						t.Errorf("moment %v negative in %v", m, *n.Motion.InertiaDiagonal)
					}
				}
			}
		})
	}
}
