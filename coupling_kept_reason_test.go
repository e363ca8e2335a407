package physconv_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestCouplingKeptSaysWhy: an MJCF joint equality other formats cannot
// hold says why. A linear coupling of a hinge that shares its body with a
// slide was said not to be "a linear coupling of two one-axis joints",
// though both are one-axis joints in MuJoCo: it is the Graph that holds
// the body's joints as one joint of several axes. Each reason names what
// stands in the way, and a coupling of two lone hinges is kept as one.
func TestCouplingKeptSaysWhy(t *testing.T) {
	reg := all.Registry()
	body := func(joints string) string {
		return `<mujoco><worldbody><body name="a" pos="0 0 1">` + joints + `<geom type="box" size="0.1 0.1 0.3" mass="1"/>` +
			`<body name="b" pos="0 0 0.6"><joint name="h2" type="hinge" axis="0 1 0"/><geom type="box" size="0.1 0.1 0.3" mass="1"/></body></body></worldbody>`
	}
	for _, c := range []struct {
		name, model, want string
	}{
		{"shared body", body(`<joint name="tx" type="slide" axis="1 0 0"/><joint name="tilt" type="hinge" axis="0 1 0"/>`) +
			`<equality><joint joint1="h2" joint2="tilt" polycoef="0 1 0 0 0"/></equality></mujoco>`, `couples joint "tilt", which other formats hold as part of a joint of several axes`},
		{"ball", body(`<joint name="tilt" type="ball"/>`) +
			`<equality><joint joint1="tilt" joint2="h2" polycoef="0 1 0 0 0"/></equality></mujoco>`, `couples joint "tilt", which other formats hold as part of a joint of several axes`},
		{"quadratic", body(`<joint name="tilt" type="hinge" axis="0 1 0"/>`) +
			`<equality><joint joint1="h2" joint2="tilt" polycoef="0 1 0.5 0 0"/></equality></mujoco>`, "not a linear coupling (its polycoef has higher powers)"},
		{"coupled", body(`<joint name="tilt" type="hinge" axis="0 1 0"/>`) +
			`<equality><joint joint1="h2" joint2="tilt" polycoef="0 1 0 0 0"/></equality></mujoco>`, ""},
	} {
		_, res := convertIn(t, reg, fstest.MapFS{"m.xml": {Data: []byte(c.model)}}, "m.xml", "khr")
		var kept []string
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeConstraintKept {
				kept = append(kept, d.Message)
			}
		}
		switch {
		case c.want == "" && len(kept) > 0:
			t.Errorf("%s: the coupling is kept for MJCF only: %v", c.name, kept)
		case c.want != "" && (len(kept) != 1 || !strings.Contains(kept[0], c.want)):
			t.Errorf("%s: constraint-kept %q, want it to say %q", c.name, kept, c.want)
		}
	}
}
