package physconv_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestCouplingSoftness: an equality holding a joint at a linear function
// of another, or a fixed tendon of two joints at its length, is read as
// a coupling of the joints; its softness (solref, solimp) is the
// coupling's. MJCF output dropped it, warned (a soft shoulder coupling of
// MyoSuite's arm moved a finger 4 cm in 300 steps): it is kept now, and
// MuJoCo moves the output as the source. A tendon's equality is written
// back as one: MuJoCo weighs its residual by the tendon's coefficients,
// and as a joint equality a soft one moved otherwise (8 mm in 300
// steps). A target with no form for it (URDF's mimic) names it as
// dropped, and nothing is said of an equality that keeps MuJoCo's
// defaults.
func TestCouplingSoftness(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	for i, c := range []struct {
		equality string
		soft     bool
	}{
		{`<tendon tendon1="t" solref="0.005 0.5"/>`, true},
		{`<tendon tendon1="t" solimp="0.95 0.99 0.001"/>`, true},
		{`<tendon tendon1="t"/>`, false},
		{`<joint joint1="jb" joint2="ja" solref="0.5 1" solimp="0.5 0.6 0.01"/>`, true},
		{`<joint joint1="jb" joint2="ja" polycoef="0.1 2 0 0 0"/>`, false},
	} {
		src := `<mujoco><worldbody><body name="a" pos="0 0 1"><joint name="ja" axis="0 1 0"/><geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03"/>` +
			`<body name="b" pos="0.3 0 0"><joint name="jb" axis="0 1 0" stiffness="20"/><geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.03"/></body></body></worldbody>` +
			`<tendon><fixed name="t"><joint joint="ja" coef="-0.5"/><joint joint="jb" coef="0.5"/></fixed></tendon>` +
			`<equality>` + c.equality + `</equality></mujoco>`
		fsys := fstest.MapFS{"src.xml": {Data: []byte(src)}}
		out, res := convertIn(t, reg, fsys, "src.xml", "mjcf")
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeJointSolverDropped {
				t.Errorf("%s: MJCF output drops the coupling's softness: %v", c.equality, d)
			}
		}
		_, ures := convertIn(t, reg, fsys, "src.xml", "urdf")
		warned := false
		for _, d := range ures.Diagnostics {
			warned = warned || d.Code == convert.CodeJointSolverDropped && d.Severity == convert.Warning
		}
		if warned != c.soft {
			t.Errorf("%s: URDF output warned of the softness %v, want %v", c.equality, warned, c.soft)
		}
		if strings.HasPrefix(c.equality, "<tendon") && !strings.Contains(string(out.Main), `<tendon tendon1="t"`) {
			t.Errorf("%s: the output writes the tendon's equality as a joint equality", c.equality)
		}
		want := stepped(t, dir, fmt.Sprintf("src%d.xml", i), []byte(src), nil, 300, "--backend", "c")
		got := stepped(t, dir, fmt.Sprintf("out%d.xml", i), out.Main, nil, 300, "--backend", "c")
		for _, body := range []string{"a", "b"} {
			if w, g := want[body].COM(), got[body].COM(); apart(g, w) > 1e-6 {
				t.Errorf("%s: body %s at %v after 300 steps, the source's at %v", c.equality, body, g, w)
			}
		}
	}
}
