package crosscheck

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// excludedStack is three boxes dropped onto a floor, the lower two kept
// apart by an <exclude> (so the middle one falls through the lowest and
// the top box lands on the middle one), and the top one kept apart from a
// fourth box elsewhere: every box must land where the source's does.
const excludedStack = `<mujoco model="stack">
  <worldbody>
    <geom name="floor" type="plane" size="5 5 0.1"/>
    <body name="low" pos="0 0 0.2"><freejoint/><geom type="box" size="0.1 0.1 0.1" mass="1"/></body>
    <body name="mid" pos="0 0 0.5"><freejoint/><geom type="box" size="0.1 0.1 0.1" mass="1"/></body>
    <body name="top" pos="0 0 0.8"><freejoint/><geom type="box" size="0.1 0.1 0.1" mass="1"/></body>
    <body name="side" pos="2 0 0.2"><freejoint/><geom type="box" size="0.1 0.1 0.1" mass="1"/></body>
  </worldbody>
  <contact><exclude body1="low" body2="mid"/><exclude body1="top" body2="side"/></contact>
</mujoco>
`

// TestExcludedBodiesStillCollide: an MJCF <exclude> keeps two bodies
// apart and nothing else. Through glTF (a filter per body whose system is
// the body's own) and back, MuJoCo must move the boxes as it moves the
// source: the reader's filters once came back as contype 0, with which a
// geom collides with nothing, and the boxes fell through the floor.
func TestExcludedBodiesStillCollide(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	src := writtenSource(t, "stack.xml", excludedStack)
	dir := filepath.Dir(src)
	const steps = 400
	want := mjcfInspect(t, "--backend", "c", "--steps", "400", src)
	for _, via := range []string{"khr", "omi", "mjcf"} {
		mid := filepath.Join(dir, "via_"+via+map[string]string{"khr": ".gltf", "omi": ".gltf", "mjcf": ".xml"}[via])
		back := filepath.Join(dir, "back_"+via+".xml")
		for _, c := range [][2]string{{src, mid}, {mid, back}} {
			for _, d := range convertedFile(t, c[0], c[1]).Diagnostics {
				if d.Code == convert.CodeCollisionFilterWidened || d.Code == convert.CodeVerifyMismatch {
					t.Errorf("via %s, %s: %s", via, filepath.Base(c[1]), d)
				}
			}
		}
		got := mjcfInspect(t, "--backend", "c", "--steps", "400", back)
		for _, g := range got.Geoms {
			if g.Contype == 0 && g.Type == "box" {
				t.Errorf("via %s: a box geom of %s has contype 0: it collides with nothing", via, g.Body)
			}
		}
		for _, name := range []string{"low", "mid", "top", "side"} {
			w, g := afterSteps(t, want, name), afterSteps(t, got, name)
			if math.Abs(w[2]-g[2]) > 1e-6 || w[2] < 0 {
				t.Errorf("via %s: after %d steps %s is at height %.6g, the source's at %.6g", via, steps, name, g[2], w[2])
			}
		}
	}
}

// afterSteps is a body's world position after a model's steps.
func afterSteps(t *testing.T, m mjcfModel, body string) convert.Vec3 {
	t.Helper()
	if m.AfterSteps == nil {
		t.Fatal("no after_steps")
	}
	for _, b := range m.AfterSteps.Bodies {
		if b.Name == body {
			return b.XPos
		}
	}
	t.Fatalf("no body %s after steps", body)
	return convert.Vec3{}
}
