package mjcf

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/urdf"
)

// TestTinyInertiaLoads: a link whose principal moments are below MuJoCo's
// smallest for a fullinertia (1e-14; a logo or sensor link exported with
// rounding noise in its products) is written as principal moments, which
// MuJoCo 2.2.2 and 3.3.8 load with the moments the URDF gives; a tensor
// above it keeps the source's spelling.
func TestTinyInertiaLoads(t *testing.T) {
	for _, c := range []struct {
		moment, product float64
		spelled         bool
	}{
		{1.64e-15, -1.09e-47, false},
		{5e-15, 0, false},
		{9.9e-15, 1e-30, false},
		{2e-14, 1e-30, true},
		{1e-6, 0, true},
	} {
		robot := fmt.Sprintf(`<robot name="r"><link name="base"><inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial></link>
<link name="logo"><inertial><mass value="6.55e-08"/><inertia ixx="%g" ixy="0" ixz="%g" iyy="%g" iyz="%g" izz="%g"/></inertial></link>
<joint name="j" type="revolute"><parent link="base"/><child link="logo"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint></robot>`,
			c.moment, c.product, c.moment, c.product, c.moment)
		g, _, err := urdf.Parse(&convert.Input{Name: "r.urdf", Data: []byte(robot), Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Contains(string(out.Main), fmt.Sprintf(`fullinertia="%g`, c.moment)); got != c.spelled {
			t.Errorf("moment %g: fullinertia written %v, want %v\n%s", c.moment, got, c.spelled, out.Main)
		}
		p := testenv.WriteFiles(t, t.TempDir(), "o.xml", out.Main, nil)
		for _, backend := range [][]string{{"--backend", "c"}, nil} {
			logo := testenv.MuJoCoBodies(t, p, backend...)["logo"]
			for k := range 3 {
				if math.Abs(logo.Inertia[k]-c.moment) > 1e-9*c.moment {
					t.Errorf("moment %g (%v): MuJoCo's moments %v", c.moment, backend, logo.Inertia)
					break
				}
			}
		}
	}
}
