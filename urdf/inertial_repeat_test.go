package urdf

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// A link with more than one <inertial> is read as ROS readers read it:
// the first is the link's, each later one is ignored with a warning at
// its line. Robot exports carry such links (a fingertip with a CAD
// estimate after the measured values); the reader refused them.
func TestRepeatedInertialFirstWins(t *testing.T) {
	inertial := func(mass, z float64) string {
		return fmt.Sprintf(`<inertial><origin xyz="0 0 %g"/><mass value="%g"/><inertia ixx="%g" iyy="%g" izz="%g" ixy="0" ixz="0" iyz="0"/></inertial>`,
			z, mass, mass*1e-3, mass*2e-3, mass*2.5e-3)
	}
	for extra := 1; extra <= 3; extra++ {
		for _, kind := range []string{"revolute", "fixed"} {
			var more strings.Builder
			for k := 0; k < extra; k++ {
				more.WriteString("\n    " + inertial(float64(k+2), 0.1*float64(k+1)))
			}
			src := `<robot name="r">
  <link name="base">` + inertial(1, 0) + `</link>
  <link name="tip">
    ` + inertial(0.031, 0.02) + more.String() + `
    <collision><geometry><box size="0.1 0.1 0.1"/></geometry></collision>
  </link>
  <joint name="j" type="` + kind + `"><parent link="base"/><child link="tip"/><axis xyz="0 1 0"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
</robot>`
			g, diags, err := parseURDF(t, src)
			if err != nil {
				t.Fatalf("%d extra, %s: %v", extra, kind, err)
			}
			tip := -1
			for i, n := range g.Nodes {
				if n.Name == "tip" && n.Motion != nil {
					tip = i
				}
			}
			if tip < 0 {
				t.Fatalf("%d extra, %s: no tip body", extra, kind)
			}
			m := g.Nodes[tip].Motion
			if m.MassOr(0) != 0.031 || *m.CenterOfMass != (convert.Vec3{0, 0, 0.02}) {
				t.Errorf("%d extra, %s: tip mass %v at %v, want the first inertial's 0.031 at z 0.02", extra, kind, m.MassOr(0), *m.CenterOfMass)
			}
			var lines []int
			for _, d := range diags {
				if d.Code == convert.CodeElementIgnored {
					lines = append(lines, d.Line)
					if d.Subject != convert.NodeSubject(tip) || !d.Quantities.Has(convert.QMass) {
						t.Errorf("%d extra, %s: diagnostic %+v", extra, kind, d)
					}
				}
			}
			if len(lines) != extra || lines[0] != 5 {
				t.Errorf("%d extra, %s: warnings at lines %v, want %d from line 5", extra, kind, lines, extra)
			}
		}
	}
}
