package mjcf

import (
	"fmt"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestExcludesBesideOneSidedMasks: an <exclude> beside a one-sided
// contype/conaffinity geom (whose masks need crosswise filters) is
// written back as the source has it, and MuJoCo keeps the pair apart as
// in the source; the writer's check said the output kept apart colliders
// that collide in the source (two collision-filter-widened warnings per
// exclude in a humanoid's kitchen scenes). Each scene moves in MuJoCo 3.3.8
// and 2.2.2 as the source does.
func TestExcludesBesideOneSidedMasks(t *testing.T) {
	wall := `<geom name="wall" type="box" size="1 1 0.1" pos="0 0 -0.5" contype="0" conaffinity="1"/>`
	scenes := []struct{ name, bodies, excludes string }{
		{"a jointed pair", `<body name="wrist" pos="0 0 1"><freejoint/><geom type="sphere" size="0.1"/>
  <body name="elbow" pos="0.15 0 0"><joint type="hinge" axis="0 0 1"/><geom type="sphere" size="0.1"/></body></body>`,
			`<exclude body1="wrist" body2="elbow"/>`},
		{"two free bodies, one on the other", `<body name="low" pos="0 0 0"><freejoint/><geom type="box" size="0.2 0.2 0.1"/></body>
<body name="high" pos="0.05 0 0.35"><freejoint/><geom type="box" size="0.2 0.2 0.1"/></body>`,
			`<exclude body1="high" body2="low"/>`},
		{"three, two pairs", `<body name="a" pos="0 0 0"><freejoint/><geom type="sphere" size="0.1"/></body>
<body name="b" pos="0 0 0.3"><freejoint/><geom type="sphere" size="0.1"/></body>
<body name="c" pos="0 0 0.6"><freejoint/><geom type="sphere" size="0.1"/></body>`,
			`<exclude body1="b" body2="a"/><exclude body1="b" body2="c"/>`},
	}
	for _, sc := range scenes {
		for _, withWall := range []bool{true, false} {
			floor := ""
			if withWall {
				floor = wall
			}
			src := "<mujoco><worldbody>" + floor + sc.bodies + "</worldbody><contact>" + sc.excludes + "</contact></mujoco>"
			what := fmt.Sprintf("%s (one-sided wall %v)", sc.name, withWall)
			out, diags := readWrite(t, src)
			if diags.Has(convert.CodeCollisionFilterWidened) {
				t.Errorf("%s: %v\n%s", what, diags, out.Main)
			}
			for _, backend := range [][]string{nil, {"--backend", "c"}} {
				sameInMuJoCo(t, fmt.Sprintf("%s %v", what, backend), src, 300, backend...)
			}
		}
	}
}
