package crosscheck

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// rollingSlope is a ball with torsional and rolling friction (condim 6)
// and a plain ball side by side on a slope: MuJoCo slows the first.
const rollingSlope = `<mujoco model="roll">
  <worldbody>
    <geom name="slope" type="box" size="3 1 0.1" euler="0 0.15 0"/>
    <body name="ball" pos="1.5 0 0.35"><freejoint/><geom type="sphere" size="0.1" mass="1" condim="6" friction="1 0.02 0.02"/></body>
    <body name="plain" pos="1.5 0.5 0.35"><freejoint/><geom type="sphere" size="0.1" mass="1"/></body>
  </worldbody>
</mujoco>
`

// TestRollingFrictionThroughURDF: an MJCF geom's torsional and rolling
// friction (used by MuJoCo from condim 4 and 6) are the Graph material's
// spinning and rolling friction, which URDF keeps (Bullet's <contact>) and
// MJCF output writes back with the condim that applies them: MuJoCo moves
// MJCF → URDF → MJCF as the source. They were read as sliding friction
// only, and the ball rolled away like the plain one. glTF has no such
// friction: the conversion says so.
func TestRollingFrictionThroughURDF(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	src := writtenSource(t, "roll.xml", rollingSlope)
	dir := filepath.Dir(src)
	convertTo := func(in, out string) *physconv.Result { return convertedFile(t, in, out) }
	mid, back := filepath.Join(dir, "roll.urdf"), filepath.Join(dir, "back.xml")
	convertTo(src, mid)
	convertTo(mid, back)
	want := mjcfInspect(t, "--backend", "c", "--steps", "1000", src)
	got := mjcfInspect(t, "--backend", "c", "--steps", "1000", back)
	ball, plain := afterSteps(t, want, "ball"), afterSteps(t, want, "plain")
	if plain[0]-ball[0] < 0.01 {
		t.Fatalf("in the source the ball (x %.6g) is not held back against the plain one (x %.6g)", ball[0], plain[0])
	}
	for _, name := range []string{"ball", "plain"} {
		w, g := afterSteps(t, want, name), afterSteps(t, got, name)
		for k := 0; k < 3; k++ {
			if math.Abs(w[k]-g[k]) > 1e-9 {
				t.Errorf("after 1,000 steps %s is at %v through URDF, at %v in the source", name, g, w)
				break
			}
		}
	}
	res := convertTo(src, filepath.Join(dir, "roll.gltf"))
	if !res.Diagnostics.Has(convert.CodeContactParamsDropped) {
		t.Errorf("to glTF: no %s diagnostic for the ball's rolling friction", convert.CodeContactParamsDropped)
	}
}
