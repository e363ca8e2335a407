package urdf

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// TestInertiaTensors: a tensor that is not a rigid body's (a clearly
// negative principal moment, one above the sum of the other two, a
// negative diagonal term) is read, as ROS tools read it, with its
// principal moments repaired about the same axes and an inertia-repaired
// warning naming the link; a tensor with no positive moment is computed
// instead (inertia-invalid); a singular tensor (a moment that is zero up
// to rounding) is read with that moment at zero; moments below those of
// the link's mass a micrometre from the axis (exporters' noise for a
// point mass: 2.4e-35 off the diagonal, -5e-20 on it) and not physical
// are read as a point mass; every tensor gives a Graph that validates,
// with moments that satisfy the triangle inequality.
func TestInertiaTensors(t *testing.T) {
	const (
		kept     = ""
		repaired = convert.CodeInertiaRepaired
		invalid  = convert.CodeInertiaInvalid
	)
	for _, c := range []struct {
		name  string
		mass  string
		attr  string       // ixx … izz
		code  convert.Code // the diagnostic, if any
		point bool         // read as zero moments
		want  []float64    // the principal moments read, in any order (nil: not checked)
	}{
		{"diagonal", "1", `ixx="1" ixy="0" ixz="0" iyy="2" iyz="0" izz="2.5"`, kept, false, []float64{1, 2, 2.5}},
		{"full positive definite", "1", `ixx="2" ixy="0.5" ixz="0.1" iyy="2" iyz="-0.2" izz="3"`, kept, false, nil},
		{"indefinite, zero diagonal", "1", `ixx="0" ixy="1" ixz="0" iyy="0" iyz="0" izz="0"`, repaired, false, []float64{1, 1e-6, 1}},
		{"indefinite, off-diagonal too large", "1", `ixx="1" ixy="2" ixz="0" iyy="1" iyz="0" izz="1"`, repaired, false, []float64{2, 1, 3}},
		// TIAGo's antenna link: moments -3.53e-8, 3.50e-8, 9.09e-8
		{"indefinite, small but not noise", "0.000001", `ixx="0.00000002371" ixy="0.00000006119" ixz="0.00000001179" iyy="0.00000002833" iyz="0.00000000774" izz="0.00000003849"`, repaired, false, nil},
		{"singular: a rod's tensor rotated", "1", `ixx="0.5" ixy="0.5" ixz="0" iyy="0.5" iyz="0" izz="1"`, kept, false, nil},
		{"point mass, off-diagonal noise", "1.33687", `ixx="0" ixy="0" ixz="2.40741e-35" iyy="0" iyz="0" izz="0"`, repaired, true, nil},
		{"point mass, negative diagonal noise", "0.526", `ixx="-5.42101e-20" ixy="0" ixz="0" iyy="-5.42101e-20" iyz="0" izz="0"`, repaired, true, nil},
		{"tiny but physical: kept as given", "2", `ixx="1e-15" ixy="0" ixz="0" iyy="1e-15" iyz="0" izz="1e-15"`, kept, false, []float64{1e-15, 1e-15, 1e-15}},
		{"light link: the same off-diagonal is no noise", "1e-30", `ixx="0" ixy="0" ixz="2.40741e-35" iyy="0" iyz="0" izz="0"`, repaired, false, []float64{2.40741e-35, 2.40741e-35 * 1e-6, 2.40741e-35}},
		{"light link: a negative diagonal is no noise", "1e-10", `ixx="-5.42101e-20" ixy="0" ixz="0" iyy="-5.42101e-20" iyz="0" izz="0"`, invalid, false, nil},
		{"negative diagonal term beside real moments", "1", `ixx="-0.01" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.3"`, repaired, false, []float64{0.2, 0.1, 0.3}},
		{"above the sum of the other two", "1", `ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.5"`, repaired, false, []float64{0.1, 0.1, 0.2}},
		{"negative diagonal noise beside real moments", "1", `ixx="-1e-20" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"`, kept, false, nil},
	} {
		t.Run(c.name, func(t *testing.T) {
			in := fmt.Sprintf("<robot name=\"r\">\n<link name=\"a\"><inertial><mass value=%q/>\n<inertia %s/></inertial></link>\n</robot>\n", c.mass, c.attr)
			g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(in)})
			if err != nil {
				t.Fatal(err)
			}
			if err := convert.Validate(g); err != nil {
				t.Fatalf("the tensor gives an invalid Graph: %v", err)
			}
			link := slices.IndexFunc(g.Nodes, func(n convert.Node) bool { return n.Name == "a" })
			var codes []convert.Code
			for _, d := range diags {
				if d.Code == repaired || d.Code == invalid {
					codes = append(codes, d.Code)
					if !strings.Contains(d.Message, `link "a"`) || d.Subject != convert.BodySubject(link) || d.Line != 2 {
						t.Errorf("diagnostic does not name the link: %v", d)
					}
				}
			}
			if want := []convert.Code{c.code}; c.code == kept && len(codes) > 0 || c.code != kept && !slices.Equal(codes, want) {
				t.Errorf("diagnostics %v, want %q", codes, c.code)
			}
			g, _ = mass.Complete(g, &convert.Options{})
			m := g.Nodes[link].Motion
			if m == nil || m.InertiaDiagonal == nil {
				t.Fatal("no inertia read")
			}
			d := *m.InertiaDiagonal
			if c.point != (d == convert.Vec3{}) {
				t.Errorf("moments %v; point mass %v", d, c.point)
			}
			if fixed, problem := mass.RepairInertia(d); problem != "" && !c.point {
				t.Errorf("moments %v read are not physical (%s; %v)", d, problem, fixed)
			}
			if c.want != nil {
				got, want := d[:], slices.Clone(c.want)
				got = slices.Clone(got)
				slices.Sort(got)
				slices.Sort(want)
				for k := range got {
					if math.Abs(got[k]-want[k]) > 1e-12*math.Abs(want[k]) {
						t.Errorf("moments %v, want %v", d, c.want)
						break
					}
				}
			}
		})
	}
}
