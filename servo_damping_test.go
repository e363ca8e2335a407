package physconv_test

import (
	"fmt"
	"math"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// TestServoKeepsJointDamping: a joint's damping beside a force-limited
// servo is not the servo's. MJCF output folded the joint's damping into
// the servo's kv, where the force range clamped it: a hinge held by a
// weak position servo fell to 2.12 rad where MuJoCo holds the source at
// 0.094. Springs (joint stiffness) and servos with no force limit still
// may carry it (the same force either way). Each model moves in MuJoCo
// as its source, written to MJCF and through glTF.
func TestServoKeepsJointDamping(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	reg := all.Registry()
	for _, c := range []struct{ name, joint, actuator string }{
		{"position servo, force range", `damping="5"`, `<position name="a" joint="j" kp="20" forcerange="-0.3 0.3"/>`},
		{"position servo, kv, force range", `damping="2"`, `<position name="a" joint="j" kp="20" kv="1" forcerange="-0.5 0.5"/>`},
		{"general affine, force range", `damping="3"`, `<general name="a" joint="j" gainprm="15" biastype="affine" biasprm="0 -15 0" forcerange="-0.4 0.4"/>`},
		{"position servo, no force range", `damping="5"`, `<position name="a" joint="j" kp="2"/>`},
		{"spring", `damping="0.5" stiffness="4"`, ``},
	} {
		model := fmt.Sprintf(`<mujoco><compiler angle="radian" autolimits="true"/>
<worldbody><body name="b" pos="0 0 1"><joint name="j" type="hinge" axis="0 1 0" %s/>
<geom type="capsule" size="0.05" fromto="0 0 0 0.3 0 0" mass="1"/></body></worldbody>
<actuator>%s</actuator></mujoco>`, c.joint, c.actuator)
		dir := t.TempDir()
		want := testenv.MuJoCoBodies(t, testenv.WriteFiles(t, dir, "src.xml", []byte(model), nil), "--steps", "200")["b"].Xquat
		fsys := fstest.MapFS{"s.xml": {Data: []byte(model)}}
		gltf, _ := convertIn(t, reg, fsys, "s.xml", "khr")
		gfs := outputFS(gltf, "s.gltf")
		for _, via := range []struct {
			name string
			fsys fstest.MapFS
			file string
		}{{"MJCF", fsys, "s.xml"}, {"glTF", gfs, "s.gltf"}} {
			out, res := convertIn(t, reg, via.fsys, via.file, "mjcf")
			for _, d := range mismatches(res) {
				t.Errorf("%s via %s: %v", c.name, via.name, d)
			}
			got := testenv.MuJoCoBodies(t, testenv.WriteFiles(t, t.TempDir(), "out.xml", out.Main, out.Files), "--steps", "200")["b"].Xquat
			if a, b := 2*math.Atan2(got[2], got[0]), 2*math.Atan2(want[2], want[0]); math.Abs(a-b) > 1e-6 {
				t.Errorf("%s via %s: hinge at %.6f rad after 200 steps, source at %.6f\n%s", c.name, via.name, a, b, out.Main)
			}
		}
	}
}
