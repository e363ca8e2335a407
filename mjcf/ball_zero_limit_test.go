package mjcf

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestBallLimitedToZero: a limited ball joint with no range (a class's
// limited="true" over a ball without one) is held at its initial
// orientation by MuJoCo's soft limit, which it takes, with its three
// degrees of freedom; read as fixed, the loss is said as a warning
// (joint-limit-approximated), not only by the info that a fixed joint is
// written as a weld. A range above 0 keeps the ball and says nothing.
func TestBallLimitedToZero(t *testing.T) {
	for _, c := range []struct {
		joint string
		said  bool
	}{
		{`<joint name="b" type="ball"/>`, true},
		{`<joint name="b" type="ball" range="0 0"/>`, true},
		{`<joint name="b" type="ball" range="0 0.5"/>`, false},
	} {
		src := `<mujoco>
  <default><joint limited="true"/></default>
  <worldbody>
    <body name="base" pos="0 0 1">
      <geom type="sphere" size="0.05"/>
      <body name="link" euler="0 60 0">
        ` + c.joint + `
        <geom type="capsule" fromto="0 0 0 0 0 -0.5" size="0.04"/>
      </body>
    </body>
  </worldbody>
</mujoco>`
		_, diags, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s: %v", c.joint, err)
		}
		said := false
		for _, d := range diags {
			said = said || d.Code == convert.CodeJointLimitApproximated && d.Severity == convert.Warning && strings.Contains(d.Message, "ball joint limited")
		}
		if said != c.said {
			t.Errorf("%s: said %v: %v", c.joint, said, diags)
		}
		if c.said {
			// MuJoCo takes it with the ball's three degrees of freedom
			file := testenv.WriteFiles(t, t.TempDir(), "m.xml", []byte(src), nil)
			raw, code := testenv.RunOracle(t, "mj-inspect", "--compact", filepath.Clean(file))
			if code != 0 || !strings.Contains(string(raw), `"nv":3`) {
				t.Errorf("%s: MuJoCo (%d): %.300s", c.joint, code, raw)
			}
		}
	}
}
