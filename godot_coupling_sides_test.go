package physconv_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// couplingSidesCases couple joints from the world, which Godot takes the
// other way round (the body as A), with each other and with a joint
// between two bodies: the leader from the world, the follower from the
// world, both, and a slide leading a hinge.
var couplingSidesCases = []struct{ name, equality string }{
	{"leader-world", `<joint joint1="ab" joint2="wa" polycoef="0.1 0.5 0 0 0"/>`},
	{"follower-world", `<joint joint1="wa" joint2="ab" polycoef="0.1 0.5 0 0 0"/>`},
	{"both-world", `<joint joint1="wc" joint2="wa" polycoef="0.1 -0.7 0 0 0"/>`},
	{"slide-leads", `<joint joint1="ab" joint2="ws" polycoef="0.2 3 0 0 0"/>`},
}

// TestGodotCouplingSides: Godot has no joint from the world to a body; it
// takes the body as A and the world as B, so the joint measures its
// coordinate with the other sign. Limits and motors were written so, but
// a coupling's metadata kept the source's factors, and the joints turned
// the wrong way against each other once read back (0.11 m in 300 MuJoCo
// steps). Each coupling's factors are now written in the written joints'
// senses: MJCF through Godot and back steps in MuJoCo as the source does,
// and neither conversion reports a difference.
func TestGodotCouplingSides(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	for _, c := range couplingSidesCases {
		src := `<mujoco><worldbody>` +
			`<body name="a" pos="0 0 1"><joint name="wa" axis="0 1 0"/><geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03"/>` +
			`<body name="b" pos="0.3 0 0"><joint name="ab" axis="0 1 0"/><geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03"/></body></body>` +
			`<body name="c" pos="1 0 1"><joint name="wc" axis="1 0 0"/><geom type="capsule" fromto="0 0 0 0 0.3 0" size="0.03"/></body>` +
			`<body name="s" pos="-1 0 1"><joint name="ws" type="slide" axis="0 0 1"/><geom type="box" size="0.05 0.05 0.05"/></body>` +
			`</worldbody><equality>` + c.equality + `</equality></mujoco>`
		godot, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "godot")
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s to Godot: %v", c.name, m)
		}
		back, res := convertIn(t, reg, outputFS(godot, "out.tscn"), "out.tscn", "mjcf")
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s from Godot: %v", c.name, m)
		}
		testenv.Oracle(t, "mj-inspect")
		srcFile, backFile := filepath.Join(dir, c.name+"-src.xml"), filepath.Join(dir, c.name+"-back.xml")
		if err := os.WriteFile(srcFile, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(backFile, back.Main, 0o644); err != nil {
			t.Fatal(err)
		}
		want := testenv.MuJoCoBodies(t, srcFile, "--backend", "c", "--steps", "300")
		got := testenv.MuJoCoBodies(t, backFile, "--backend", "c", "--steps", "300")
		for _, name := range []string{"a", "b", "c", "s"} {
			at, w := got[name].COM(), want[name].COM()
			if d := math.Hypot(math.Hypot(at[0]-w[0], at[1]-w[1]), at[2]-w[2]); d > 1e-6 {
				t.Errorf("%s: body %s's centre of mass at %v after 300 steps through Godot, the source's at %v", c.name, name, at, w)
			}
		}
	}
}
