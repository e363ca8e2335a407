package urdf

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// An <inertial> without <inertia>, or with Isaac Gym's <density> in
// place of a <mass>, is read as Isaac Gym reads it: what it gives is
// kept, what it lacks is computed from the link's collisions (at its own
// density), with a warning; the reader refused such links. The table
// checks each combination against the solid box the collision is.
func TestIncompleteInertial(t *testing.T) {
	const a, b, c = 0.2, 0.25, 0.4 // box size
	off := convert.Vec3{0.1, -0.05, 0.3}
	volume := a * b * c
	boxInertia := func(m float64) convert.Vec3 {
		return convert.Vec3{m / 12 * (b*b + c*c), m / 12 * (a*a + c*c), m / 12 * (a*a + b*b)}
	}
	given := `<inertia ixx="0.01" iyy="0.02" izz="0.025" ixy="0" ixz="0" iyz="0"/>`
	cases := []struct {
		name, inertial string
		mass           float64
		com            convert.Vec3
		inertia        convert.Vec3 // diagonal about the centre of mass, link axes
		lacks          string       // in the warning; "" = none expected
	}{
		{"mass only", `<mass value="3"/>`, 3, off, boxInertia(3), "no <inertia>"},
		{"mass and origin", `<origin xyz="0 0 0.3"/><mass value="3"/>`, 3, convert.Vec3{0, 0, 0.3}, convert.Vec3{}, "no <inertia>"},
		{"density only", `<density value="500"/>`, 500 * volume, off, boxInertia(500 * volume), "no <mass> (it gives a <density> of 500 kg/m³) nor <inertia>"},
		{"density and inertia", `<origin xyz="0.1 -0.05 0.3"/><density value="800"/>` + given, 800 * volume, off, convert.Vec3{0.01, 0.02, 0.025}, "no <mass> (it gives a <density> of 800 kg/m³)"},
		{"mass and density", `<mass value="2"/><density value="800"/>` + given, 2, convert.Vec3{}, convert.Vec3{0.01, 0.02, 0.025}, ""},
	}
	for _, tc := range cases {
		src := fmt.Sprintf(`<robot name="r">
  <link name="box">
    <collision><origin xyz="%g %g %g"/><geometry><box size="%g %g %g"/></geometry></collision>
    <inertial>%s</inertial>
  </link>
</robot>`, off[0], off[1], off[2], a, b, c, tc.inertial)
		g, diags, err := parseURDF(t, src)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		g, _ = mass.Complete(g, &convert.Options{Density: 1234}) // the link's own density wins
		var m *convert.Motion
		for _, n := range g.Nodes {
			if n.Name == "box" {
				m = n.Motion
			}
		}
		if m == nil || m.Mass == nil || m.CenterOfMass == nil {
			t.Errorf("%s: no mass properties: %+v", tc.name, m)
			continue
		}
		near := func(x, y float64) bool { return math.Abs(x-y) <= 1e-12*math.Max(1, math.Abs(y)) }
		if !near(*m.Mass, tc.mass) {
			t.Errorf("%s: mass %v, want %v", tc.name, *m.Mass, tc.mass)
		}
		for k := 0; k < 3; k++ {
			if !near(m.CenterOfMass[k], tc.com[k]) {
				t.Errorf("%s: centre of mass %v, want %v", tc.name, *m.CenterOfMass, tc.com)
				break
			}
		}
		// the expected tensor about the centre of mass, link axes: the
		// given diagonal, or the box's own moved to the centre of mass
		var want convert.Mat3
		if tc.inertia != (convert.Vec3{}) {
			want = convert.Diag(tc.inertia)
		} else {
			want = convert.Diag(boxInertia(tc.mass))
			d := off.Sub(tc.com)
			for r := 0; r < 3; r++ {
				for k := 0; k < 3; k++ {
					shift := -d[r] * d[k]
					if r == k {
						shift += d.Dot(d)
					}
					want[r][k] += tc.mass * shift
				}
			}
		}
		tensor, _ := m.InertiaTensor()
	compare:
		for r := 0; r < 3; r++ {
			for k := 0; k < 3; k++ {
				if math.Abs(tensor[r][k]-want[r][k]) > 1e-12*math.Max(1, math.Abs(want[r][k])) {
					t.Errorf("%s: inertia %v, want %v", tc.name, tensor, want)
					break compare
				}
			}
		}
		var warned []string
		for _, d := range diags {
			if d.Code == convert.CodeInertialIncomplete {
				warned = append(warned, d.Message)
				if d.Line != 4 {
					t.Errorf("%s: warning at line %d", tc.name, d.Line)
				}
			}
		}
		switch {
		case tc.lacks == "" && len(warned) > 0:
			t.Errorf("%s: unexpected warning %v", tc.name, warned)
		case tc.lacks != "" && (len(warned) != 1 || !strings.Contains(warned[0], tc.lacks+":")):
			t.Errorf("%s: warnings %q, want one saying %q", tc.name, warned, tc.lacks)
		}
	}
	for _, bad := range []string{`<origin xyz="0 0 1"/>`, `<density value="0"/>`, `<density value="-5"/>`, `<density value="nan"/>`, `<density value="1e7"/>`, `<density/>`} {
		src := `<robot name="r">
  <link name="box">
    <collision><geometry><box size="1 1 1"/></geometry></collision>
    <inertial>` + bad + `</inertial>
  </link>
</robot>`
		_, _, err := parseURDF(t, src)
		if fe, ok := err.(*convert.FormatError); !ok || fe.Line != 4 {
			t.Errorf("%s: want an error at line 4, got %v", bad, err)
		}
	}
}
