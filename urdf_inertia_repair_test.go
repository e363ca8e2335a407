package physconv_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// nonPhysicalLink is a URDF link whose tensor is built from principal
// moments about a random rotation; want are the moments a reader should
// keep (the given ones when physical), repaired says they are not.
type nonPhysicalLink struct {
	tensor   [6]float64 // ixx ixy ixz iyy iyz izz
	want     [3]float64
	repaired bool
}

// nonPhysicalLinks draws n tensors: a third physical, a third with a
// clearly negative principal moment (ROS robots carry such tensors from
// CAD exports), a third with one moment above the sum of the other two.
// want is worked out here from the rule, independently of the reader:
// a negative moment rises to the difference of the other two, a moment
// above their sum falls to it.
func nonPhysicalLinks(n int) []nonPhysicalLink {
	r := rand.New(rand.NewPCG(11, 29))
	links := make([]nonPhysicalLink, n)
	for i := range links {
		b, c := 0.05+r.Float64(), 0.05+r.Float64()
		var m [3]float64
		switch i % 3 {
		case 0:
			m = [3]float64{math.Abs(b-c) + 0.1*r.Float64()*min(b, c), b, c}
			links[i].want = m
		case 1:
			m = [3]float64{-(0.01 + 0.2*r.Float64()) * min(b, c), b, c}
			links[i].want = [3]float64{math.Abs(b - c), b, c}
			if links[i].want[0] < 1e-6*max(b, c) {
				links[i].want[0] = 1e-6 * max(b, c)
			}
			links[i].repaired = true
		case 2:
			m = [3]float64{(b + c) * (1.05 + r.Float64()), b, c}
			links[i].want = [3]float64{b + c, b, c}
			links[i].repaired = true
		}
		q := convert.Quat{r.NormFloat64(), r.NormFloat64(), r.NormFloat64(), r.NormFloat64()}.Normalize()
		rot := q.Mat()
		var t convert.Mat3
		for a := 0; a < 3; a++ {
			for e := 0; e < 3; e++ {
				for k := 0; k < 3; k++ {
					t[a][e] += rot[a][k] * m[k] * rot[e][k]
				}
			}
		}
		links[i].tensor = [6]float64{t[0][0], t[0][1], t[0][2], t[1][1], t[1][2], t[2][2]}
	}
	return links
}

// nonPhysicalURDF is a robot of the links, each hinged to a base.
func nonPhysicalURDF(links []nonPhysicalLink) string {
	var b strings.Builder
	b.WriteString("<robot name=\"cad\">\n<link name=\"base\"/>\n")
	for i, l := range links {
		t := l.tensor
		fmt.Fprintf(&b, "<link name=\"l%d\"><inertial><mass value=\"1.5\"/><inertia ixx=\"%v\" ixy=\"%v\" ixz=\"%v\" iyy=\"%v\" iyz=\"%v\" izz=\"%v\"/></inertial>\n", i, t[0], t[1], t[2], t[3], t[4], t[5])
		fmt.Fprintf(&b, "<collision><geometry><box size=\"0.1 0.2 0.3\"/></geometry></collision></link>\n")
		fmt.Fprintf(&b, "<joint name=\"j%d\" type=\"continuous\"><parent link=\"base\"/><child link=\"l%d\"/><origin xyz=\"%d 0 0\"/><axis xyz=\"0 0 1\"/></joint>\n", i, i, i)
	}
	b.WriteString("</robot>\n")
	return b.String()
}

// TestNonPhysicalURDFInertia: URDF tensors that are not a rigid body's
// (generated: negative moments, moments above the sum of the others,
// about random axes) convert to every format, each repaired link named by
// one inertia-repaired warning and none other, with nothing the read-back
// cannot explain; MuJoCo loads the MJCF written and finds the repaired
// moments (the physical ones as given) to 1e-9.
func TestNonPhysicalURDFInertia(t *testing.T) {
	links := nonPhysicalLinks(120)
	fsys := fstest.MapFS{"cad.urdf": &fstest.MapFile{Data: []byte(nonPhysicalURDF(links))}}
	reg := all.Registry()
	for _, to := range reg.Formats() {
		if to.Emit == nil {
			continue
		}
		t.Run(to.Name, func(t *testing.T) {
			out, res := convertIn(t, reg, fsys, "cad.urdf", to.Name)
			noMismatch(t, res, "")
			named := map[string]int{}
			for _, d := range res.Diagnostics {
				if d.Code == convert.CodeInertiaRepaired || d.Code == convert.CodeInertiaInvalid {
					_, rest, _ := strings.Cut(d.Message, `link "`)
					name, _, _ := strings.Cut(rest, `"`)
					named[name]++
					if d.Code != convert.CodeInertiaRepaired || d.Severity != convert.Warning {
						t.Errorf("%v", d)
					}
				}
			}
			for i, l := range links {
				if want := map[bool]int{true: 1}[l.repaired]; named[fmt.Sprintf("l%d", i)] != want {
					t.Errorf("link l%d (repaired %v) named by %d diagnostics", i, l.repaired, named[fmt.Sprintf("l%d", i)])
				}
			}
			if to.Name != "mjcf" {
				return
			}
			p := testenv.WriteFiles(t, t.TempDir(), "out.xml", out.Main, out.Files)
			bodies := testenv.MuJoCoBodies(t, p)
			found := 0
			for name, b := range bodies {
				var i int
				if _, err := fmt.Sscanf(name, "l%d", &i); err != nil || i >= len(links) {
					continue
				}
				found++
				got, want := b.Inertia[:], links[i].want[:]
				got, want = slices.Clone(got), slices.Clone(want)
				slices.Sort(got)
				slices.Sort(want)
				for k := range got {
					// MuJoCo diagonalises in float64 (its eig3 iterates to
					// about 1e-10 relative of the largest moment)
					if math.Abs(got[k]-want[k]) > 1e-9*want[2] {
						t.Errorf("l%d: MuJoCo's moments %v, want %v", i, b.Inertia, links[i].want)
						break
					}
				}
			}
			if found != len(links) {
				t.Errorf("MuJoCo has %d of the %d links", found, len(links))
			}
		})
	}
}
