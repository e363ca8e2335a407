package mjcf

import (
	"fmt"
	"strings"
	"testing"
)

// TestFreeJointKeepsItsName: a named <freejoint> (a free body, no Graph
// joint) is written back under its name, so an actuator driving it
// stays (it was renamed body_free and the actuator dropped as naming a
// joint the output lacks); a free joint's margin (with a parameter that
// makes it a joint of type free) is written back too. The outputs load
// and move in MuJoCo as the sources do.
func TestFreeJointKeepsItsName(t *testing.T) {
	for k, c := range []struct{ joint, actuator, want string }{
		{`<freejoint name="myfree"/>`, `<motor name="lift" joint="myfree" gear="0 0 1 0 0 0"/>`, `<freejoint name="myfree"/>`},
		{`<freejoint/>`, ``, `<freejoint name="ball%d_free"/>`},
		{`<joint name="j%d" type="free" margin="0.01" frictionloss="0.001"/>`, `<motor joint="j%d" gear="1 0 0 0 0 0"/>`, `<joint name="j%d" type="free" frictionloss="0.001" margin="0.01"/>`},
		{`<joint name="n%d" type="free"/>`, `<general joint="n%d" gear="0 0 0 0 0 1"/>`, `<freejoint name="n%d"/>`},
	} {
		fill := func(s string) string {
			if strings.Contains(s, "%d") {
				return fmt.Sprintf(s, k)
			}
			return s
		}
		src := fmt.Sprintf(`<mujoco><worldbody><geom type="plane" size="2 2 0.1"/>
  <body name="ball%d" pos="0 0 1">%s<geom type="sphere" size="0.1"/></body>
</worldbody><actuator>%s</actuator></mujoco>`, k, fill(c.joint), fill(c.actuator))
		out, diags := readWrite(t, src)
		if !strings.Contains(string(out.Main), fill(c.want)) {
			t.Errorf("case %d: want %s in\n%s", k, fill(c.want), out.Main)
		}
		if c.actuator != "" && !strings.Contains(string(out.Main), `joint="`) {
			t.Errorf("case %d: the actuator is gone (%v)\n%s", k, diags, out.Main)
		}
		sameInMuJoCo(t, fmt.Sprintf("case %d", k), src, 200, "--backend", "c")
	}
}
