package physconv_test

import (
	"fmt"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestURDFSplitJointContacts: URDF has one axis per joint, so a joint of
// several axes (an MJCF body's two hinges, a ball) is written through
// dummy links. MuJoCo skips contacts between a body and its parent only;
// through the dummy links the source's parent and child are two links
// apart, so their colliders touch in MuJoCo's import of the URDF, and an
// arm whose capsule overlaps its parent's jammed (stuck where the source
// swings down; Gymnasium's humanoid's feet 0.75 m off in 100 steps). The
// URDF writer says so (joint-split-contacts) when both links have
// colliders that may touch; where it says nothing MuJoCo moves the URDF
// as the source.
func TestURDFSplitJointContacts(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	for i, c := range []struct {
		name       string
		joints     string
		baseGeom   string
		armGeom    string
		warned     bool
		movesAlike bool
		stepped    bool // MuJoCo 2.2 goes unstable on the ball's jammed chain of three hinges
	}{
		{"two hinges, overlapping", `<joint name="jx" axis="1 0 0"/><joint name="jy" axis="0 1 0"/>`, `<geom type="capsule" fromto="0 -0.2 0 0 0.2 0" size="0.1"/>`, `<geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.08"/>`, true, false, true},
		{"ball, overlapping", `<joint name="b" type="ball"/>`, `<geom type="capsule" fromto="0 -0.2 0 0 0.2 0" size="0.1"/>`, `<geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.08"/>`, true, false, false},
		{"two hinges, parent only drawn", `<joint name="jx" axis="1 0 0"/><joint name="jy" axis="0 1 0"/>`, `<geom type="capsule" fromto="0 -0.2 0 0 0.2 0" size="0.1" contype="0" conaffinity="0"/>`, `<geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.08"/>`, false, true, true},
		{"one hinge, overlapping", `<joint name="jy" axis="0 1 0"/>`, `<geom type="capsule" fromto="0 -0.2 0 0 0.2 0" size="0.1"/>`, `<geom type="capsule" fromto="0 0 0 0.4 0 0" size="0.08"/>`, false, true, true},
	} {
		// the base hangs from the world on a hinge of its own, so that it
		// is a body (a body welded to the world is the world's)
		src := `<mujoco><worldbody><body name="base" pos="0 0 1"><joint name="hang" axis="0 0 1"/><inertial pos="0 0 0" mass="1" diaginertia="0.1 0.1 0.1"/>` + c.baseGeom +
			`<body name="arm" pos="0 0 0">` + c.joints + c.armGeom + `</body></body></worldbody></mujoco>`
		out, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "urdf")
		if got := res.Diagnostics.Has(convert.CodeJointSplitContacts); got != c.warned {
			t.Errorf("%s: joint-split-contacts said %v, want %v: %v", c.name, got, c.warned, res.Diagnostics)
		}
		if !c.stepped {
			continue
		}
		want := stepped(t, dir, fmt.Sprintf("src%d.xml", i), []byte(src), nil, 100, "--backend", "c")
		got := stepped(t, dir, fmt.Sprintf("out%d.urdf", i), out.Main, nil, 100, "--backend", "c")
		d := apart(got["arm"].COM(), want["arm"].COM())
		if alike := d < 1e-3; alike != c.movesAlike {
			t.Errorf("%s: after 100 steps the arm's centre of mass is %.4g m from the source's in MuJoCo's import of the URDF (alike %v, want %v)", c.name, d, alike, c.movesAlike)
		}
	}
}
