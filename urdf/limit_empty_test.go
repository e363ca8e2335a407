package urdf

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// TestEmptyLimitRange: lower = upper, or no <limit> at all (which
// urdfdom refuses and MuJoCo, Bullet and Isaac Gym read), leaves a
// revolute or prismatic joint no range; it is read as unlimited (MuJoCo's
// reading; SolidWorks exporters write 0 0 for joints without limits)
// with a warning, while a real range is kept. Lower > upper is unlimited
// too, as MuJoCo and Bullet read it (the bounds were swapped, limiting
// a joint both engines leave free).
func TestEmptyLimitRange(t *testing.T) {
	cases := []struct {
		typ          string
		lower, upper float64
		kind         string
		empty        bool
		missing      bool // no <limit> element
		inverted     bool // lower > upper: unlimited too
	}{
		{"revolute", 0, 0, kin.KindContinuous, true, true, false},
		{"prismatic", 0, 0, kin.KindPrismatic, true, true, false},
		{"revolute", 0, 0, kin.KindContinuous, true, false, false},
		{"revolute", 0.5, 0.5, kin.KindContinuous, true, false, false},
		{"prismatic", 0, 0, kin.KindPrismatic, true, false, false},
		{"revolute", -1, 1, kin.KindRevolute, false, false, false},
		{"prismatic", 0, 0.2, kin.KindPrismatic, false, false, false},
		{"revolute", 1, 0, kin.KindContinuous, false, false, true},
		{"prismatic", 0.2, -0.1, kin.KindPrismatic, false, false, true},
	}
	for _, c := range cases {
		src := fmt.Sprintf(`<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
<link name="b"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
<joint name="j" type="%s"><parent link="a"/><child link="b"/><axis xyz="1 0 0"/><limit lower="%g" upper="%g" effort="1" velocity="1"/></joint></robot>`, c.typ, c.lower, c.upper)
		if c.missing {
			src = strings.Replace(src, fmt.Sprintf(`<limit lower="%g" upper="%g" effort="1" velocity="1"/>`, c.lower, c.upper), "", 1)
		}
		g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		name := fmt.Sprintf("%s [%g, %g]", c.typ, c.lower, c.upper)
		if c.missing {
			name = c.typ + " without <limit>"
			if d := diags.OfCode(convert.CodeLimitEmpty); len(d) != 1 || d[0].Line != 3 {
				t.Errorf("%s: %v, want one warning at line 3", name, d)
			}
		}
		if diags.Has(convert.CodeLimitEmpty) != c.empty {
			t.Errorf("%s: %s said %v", name, convert.CodeLimitEmpty, !c.empty)
		}
		if diags.Has(convert.CodeLimitInverted) != c.inverted {
			t.Errorf("%s: %s said %v", name, convert.CodeLimitInverted, !c.inverted)
		}
		for _, n := range g.Nodes {
			if n.Joint == nil {
				continue
			}
			jc := kin.Classify(n.Joint)
			if jc.Kind != c.kind {
				t.Errorf("%s: kind %s, want %s", name, jc.Kind, c.kind)
			}
			lo, hi := jc.Lower, jc.Upper
			unlimited := c.empty || c.inverted
			if unlimited && !(math.IsInf(lo, -1) && math.IsInf(hi, 1)) || !unlimited && (lo != c.lower || hi != c.upper) {
				t.Errorf("%s: range [%v, %v]", name, lo, hi)
			}
		}
	}
}

// TestContinuousLimitIgnored: a continuous (or planar) joint has no range
// whatever its <limit> says, as the URDF specification and urdfdom read
// it; a range it gives (which MuJoCo's URDF import applies) is reported,
// bounds of 0 0 (no range to apply) are not. A planar joint's was
// ignored without a word.
func TestContinuousLimitIgnored(t *testing.T) {
	for _, c := range []struct {
		typ, limit string
		reported   bool
	}{
		{"continuous", `<limit lower="-1" upper="1" effort="1" velocity="1"/>`, true},
		{"continuous", `<limit lower="0" upper="0" effort="1" velocity="1"/>`, false},
		{"continuous", `<limit effort="1" velocity="1"/>`, false},
		{"continuous", ``, false},
		{"planar", `<limit lower="-1" upper="1" effort="1" velocity="1"/>`, true},
		{"planar", `<limit lower="0" upper="0" effort="1" velocity="1"/>`, false},
	} {
		src := `<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
<link name="b"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>
<joint name="j" type="` + c.typ + `"><parent link="a"/><child link="b"/><axis xyz="1 0 0"/>` + c.limit + `</joint></robot>`
		g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		if diags.Has(convert.CodeContinuousLimitIgnored) != c.reported {
			t.Errorf("%q: %s said %v", c.limit, convert.CodeContinuousLimitIgnored, !c.reported)
		}
		for _, n := range g.Nodes {
			if n.Joint != nil && c.typ == "planar" {
				if jc := kin.Classify(n.Joint); jc.Kind != kin.KindPlanar {
					t.Errorf("%q: %s, want planar", c.limit, jc.Kind)
				}
			} else if n.Joint != nil {
				if jc := kin.Classify(n.Joint); jc.Kind != kin.KindContinuous || !math.IsInf(jc.Lower, -1) || !math.IsInf(jc.Upper, 1) {
					t.Errorf("%q: %s [%v, %v], want continuous, unlimited", c.limit, jc.Kind, jc.Lower, jc.Upper)
				}
			}
		}
	}
}
