package urdf

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// An <inertia> may leave out products of inertia, as models made for
// PyBullet do (`<inertia ixx="0.001" iyy="0.001" izz="0.001"/>`): each
// missing product is read as zero, with a warning naming those missing;
// the reader refused such files. A missing moment is still an error
// naming it. The table reads every subset of the products left out,
// the rest given, and checks the tensor read back.
func TestInertiaProductsLeftOut(t *testing.T) {
	products := [3]struct {
		name  string
		value float64
		i, j  int
	}{{"ixy", 0.001, 0, 1}, {"ixz", -0.002, 0, 2}, {"iyz", 0.0015, 1, 2}}
	for mask := 0; mask < 8; mask++ {
		attrs := `ixx="0.04" iyy="0.05" izz="0.06"`
		want := [3][3]float64{{0.04, 0, 0}, {0, 0.05, 0}, {0, 0, 0.06}}
		var missing []string
		for k, p := range products {
			if mask&(1<<k) != 0 {
				missing = append(missing, p.name)
				continue
			}
			attrs += fmt.Sprintf(` %s="%g"`, p.name, p.value)
			want[p.i][p.j], want[p.j][p.i] = p.value, p.value
		}
		src := fmt.Sprintf(`<robot name="r"><link name="a"><inertial><mass value="2"/><inertia %s/></inertial></link></robot>`, attrs)
		g, diags, err := parseURDF(t, src)
		if err != nil {
			t.Errorf("left out %v: %v", missing, err)
			continue
		}
		var warned []convert.Diagnostic
		for _, d := range diags {
			if d.Code == convert.CodeInertiaProductsDefaulted {
				warned = append(warned, d)
			}
		}
		switch {
		case len(missing) == 0 && len(warned) > 0:
			t.Errorf("nothing left out, yet: %v", warned)
		case len(missing) > 0 && (len(warned) != 1 || !strings.Contains(warned[0].Message, "has no "+strings.Join(missing, ", ")+":")):
			t.Errorf("left out %v: warnings %v", missing, warned)
		}
		body := -1
		for i, n := range g.Nodes {
			if n.Name == "a" {
				body = i
			}
		}
		tensor, ok := g.Nodes[body].Motion.InertiaTensor()
		if !ok {
			t.Fatalf("left out %v: no inertia read", missing)
		}
		for i := range 3 {
			for j := range 3 {
				if math.Abs(tensor[i][j]-want[i][j]) > 1e-15 {
					t.Errorf("left out %v: inertia[%d][%d] = %g, want %g", missing, i, j, tensor[i][j], want[i][j])
				}
			}
		}
	}
	for _, moment := range []string{"ixx", "iyy", "izz"} {
		attrs := strings.Replace(`ixx="0.04" iyy="0.05" izz="0.06"`, moment+`=`, "x"+moment+`=`, 1)
		src := fmt.Sprintf(`<robot name="r"><link name="a"><inertial><mass value="2"/><inertia %s/></inertial></link></robot>`, attrs)
		if _, _, err := parseURDF(t, src); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("needs the attribute %q", moment)) {
			t.Errorf("no %s: error %v, want one naming it", moment, err)
		}
	}
}
