package physconv_test

import (
	"math"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
)

// TestPlaneSlabHoldsBodies: MuJoCo's plane is a half-space. URDF has no
// plane, and a 1 mm box centred on it let a pebble of 1 cm fall through
// (it ended 0.96 m below the floor); the slab under the plane holds it,
// and a ball dropped from 20 m (20 m/s at the floor), where the source's
// plane holds both.
func TestPlaneSlabHoldsBodies(t *testing.T) {
	reg := all.Registry()
	src := `<mujoco><worldbody><geom name="floor" type="plane" size="0 0 1"/>` +
		`<body name="pebble" pos="0 0 0.2"><freejoint/><geom size=".01"/></body>` +
		`<body name="dropped" pos="1 0 20"><freejoint/><geom size=".05"/></body>` +
		`</worldbody></mujoco>`
	out, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "urdf")
	if m := mismatches(res); len(m) > 0 {
		t.Errorf("%v", m)
	}
	dir := t.TempDir()
	want := stepped(t, dir, "src.xml", []byte(src), nil, 1500, "--backend", "c")
	got := stepped(t, dir, "out.urdf", out.Main, nil, 1500, "--backend", "c")
	for name, r := range map[string]float64{"pebble": 0.01, "dropped": 0.05} {
		w, g := want[name].Xpos[2], got[name].Xpos[2]
		if math.Abs(w-r) > 2e-3 {
			t.Fatalf("%s: the source's rests at %v, want about %v", name, w, r)
		}
		if math.Abs(g-w) > 2e-3 {
			t.Errorf("%s: at height %v after 1,500 steps from the URDF, the source's at %v", name, g, w)
		}
	}
}
