package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestEqualityDefaultsAndSolverOptions: an equality constraint of any kind
// reads the defaults' <equality> (solref, solimp) from its class, as
// MuJoCo does: a connect or weld keeps them, as a joint coupling does
// (its softness is the coupling's), and each moves alike in MuJoCo 2.2.2
// after 300 steps. The solver options both MuJoCo versions read
// (noslip_iterations and tolerance, solver, jacobian) are written back.
func TestEqualityDefaultsAndSolverOptions(t *testing.T) {
	model := func(option, defaults, equality string) string {
		return `<mujoco>
  ` + option + `
  <default>` + defaults + `</default>
  <worldbody>
    <body name="a" pos="0 0 1">
      <joint name="ha" type="hinge" axis="0 1 0"/>
      <geom type="capsule" fromto="0 0 0 0.5 0 0" size="0.02" mass="1" contype="0" conaffinity="0"/>
      <body name="b" pos="0.5 0 0">
        <joint name="hb" type="hinge" axis="0 1 0"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.5" size="0.02" mass="1" contype="0" conaffinity="0"/>
      </body>
    </body>
    <body name="c" pos="0.5 0 0.5">
      <joint name="hc" type="hinge" axis="0 1 0"/>
      <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.02" mass="1" contype="0" conaffinity="0"/>
    </body>
  </worldbody>
  <equality>
    ` + equality + `
  </equality>
</mujoco>`
	}
	for _, c := range []struct{ name, defaults, equality string }{
		{"connect, main class", `<equality solref="0.005 1"/>`, `<connect body1="b" body2="c" anchor="0 0 -0.5"/>`},
		{"connect, named class", `<default class="stiff"><equality solref="0.004 1" solimp="0.95 0.99 0.001"/></default>`, `<connect class="stiff" body1="b" body2="c" anchor="0 0 -0.5"/>`},
		{"weld", `<equality solref="0.05 0.5"/>`, `<weld body1="b" body2="c"/>`},
		{"joint coupling", `<equality solref="0.1 0.3"/>`, `<joint joint1="hb" joint2="hc" polycoef="0 0.5 0 0 0"/>`},
	} {
		sameInMuJoCo(t, c.name, model("", c.defaults, c.equality), 300, "--backend", "c")
	}
	g, diags, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(model("", `<equality solref="0.1 0.3"/>`, `<joint joint1="hb" joint2="hc" polycoef="0 0.5 0 0 0"/>`)), Options: &convert.Options{}})
	if err != nil || diags.Has(convert.CodeJointSolverDropped) || len(g.Couplings) != 1 || g.Couplings[0].Solver == nil || g.Couplings[0].Solver.Text() != "solref.0 0.1, solref.1 0.3" {
		t.Errorf("a joint coupling's default solref: %v, %v, %+v", err, diags, g.Couplings)
	}
	option := `<option noslip_iterations="20" noslip_tolerance="1e-07" solver="CG" jacobian="dense"/>`
	g, _, err = Parse(&convert.Input{Name: "m.xml", Data: []byte(model(option, "", `<connect body1="b" body2="c" anchor="0 0 -0.5"/>`)), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out.Main), option) {
		t.Errorf("solver options not written back as %s:\n%s", option, out.Main)
	}
	if raw, code := testenv.RunOracle(t, "mj-inspect", "--backend", "c", "--compact", testenv.WriteFiles(t, t.TempDir(), "o.xml", out.Main, nil)); code != 0 {
		t.Errorf("MuJoCo 2.2.2 refuses them: %s", raw)
	}
}
