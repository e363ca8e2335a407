package lower_test

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/khr"
)

// TestTendonAsJointSaysWhatItLoses: a limited two-site tendon written as
// a distance joint keeps only the bounds; each of its spring, damping,
// friction loss, armature, limit margin and limit softness changes how
// the pair moves and is named in a warning. The margin and the softness
// went without a word (a ball on a soft tendon came out 0.28 m off after
// 300 steps). A tendon with none of them gets no warning.
func TestTendonAsJointSaysWhatItLoses(t *testing.T) {
	cases := []struct {
		name string
		set  func(*convert.Tendon)
		want string // in the warning; "" = no warning
	}{
		{"bare", func(*convert.Tendon) {}, ""},
		{"stiffness", func(t *convert.Tendon) { t.Stiffness = 50 }, "stiffness 50 N/m"},
		{"damping", func(t *convert.Tendon) { t.Damping = 20 }, "damping 20 N·s/m"},
		{"friction loss", func(t *convert.Tendon) { t.FrictionLoss = 0.5 }, "friction loss 0.5 N"},
		{"armature", func(t *convert.Tendon) { t.Armature = 0.1 }, "armature 0.1 kg"},
		{"margin", func(t *convert.Tendon) { t.Margin = 0.1 }, "limit margin 0.1 m"},
		{"softness", func(t *convert.Tendon) {
			t.Solver = &convert.JointSolver{Class: "MuJoCo tendon", Params: []convert.SolverParam{{Key: "solreflimit.0", Value: 0.2}}}
		}, "MuJoCo tendon solver parameters (solreflimit.0 0.2)"},
	}
	for _, c := range cases {
		g := ropeGraph(func(*convert.Graph) convert.Tendon {
			tn := convert.Tendon{Name: "rope", Kind: convert.SpatialTendon, Path: []convert.TendonPoint{convert.SitePoint(0), convert.SitePoint(1)}, Min: 0, Max: 0.5}
			c.set(&tn)
			return tn
		})
		_, diags := lower.Lower(g, &khr.Capabilities)
		var warned []string
		for _, d := range diags {
			if d.Subject.Kind == convert.SubjectTendon && d.Severity >= convert.Warning {
				warned = append(warned, d.Message)
			}
		}
		switch {
		case c.want == "" && len(warned) > 0:
			t.Errorf("%s: warned %q", c.name, warned)
		case c.want != "" && (len(warned) != 1 || !strings.Contains(warned[0], c.want)):
			t.Errorf("%s: warnings %q, want one naming %q", c.name, warned, c.want)
		}
	}
}
