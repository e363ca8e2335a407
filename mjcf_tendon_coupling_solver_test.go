package physconv_test

import (
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestTendonCouplingSolverWarned: an equality holding a fixed tendon of
// two joints at its length is read as a coupling of the joints, as a
// joint equality is; the joint equality's own softness (solref, solimp)
// was said to be dropped, the tendon's was not (dm_control's manipulator
// gripper: solref .005 .5 became MuJoCo's .02 1). Both are warned now,
// and neither is when the equality keeps MuJoCo's defaults.
func TestTendonCouplingSolverWarned(t *testing.T) {
	reg := all.Registry()
	for _, c := range []struct {
		equality string
		warned   bool
	}{
		{`<tendon tendon1="t" solref="0.005 0.5"/>`, true},
		{`<tendon tendon1="t" solimp="0.95 0.99 0.001"/>`, true},
		{`<tendon tendon1="t"/>`, false},
		{`<joint joint1="jb" joint2="ja" solref="0.005 0.5"/>`, true},
	} {
		src := `<mujoco><worldbody><body name="a" pos="0 0 1"><joint name="ja" axis="0 1 0"/><geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03"/>` +
			`<body name="b" pos="0.3 0 0"><joint name="jb" axis="0 1 0"/><geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03"/></body></body></worldbody>` +
			`<tendon><fixed name="t"><joint joint="ja" coef="-0.5"/><joint joint="jb" coef="0.5"/></fixed></tendon>` +
			`<equality>` + c.equality + `</equality></mujoco>`
		_, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "mjcf")
		warned := false
		for _, d := range res.Diagnostics {
			warned = warned || d.Code == convert.CodeJointSolverDropped && d.Severity == convert.Warning
		}
		if warned != c.warned {
			t.Errorf("%s: solver dropped warned %v, want %v (%v)", c.equality, warned, c.warned, res.Diagnostics)
		}
	}
}
