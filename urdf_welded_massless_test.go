package physconv_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestURDFMasslessWeldedLink: a massless body that cannot move (an MJCF
// body without joints in the world body, wrapping a model to tilt it) got
// a stand-in mass in URDF output with a warning that simulators reject
// massless moving links. It keeps the stand-in (without a mass, readers
// take it for a frame of the world and drop it as a body), and an info
// says why; a massless link that moves still gets the warning. The floor plane the wrapper
// holds, drawn finite and colliding infinite, is said of twice, each
// message naming which plane it is. MuJoCo moves the URDF as the source.
func TestURDFMasslessWeldedLink(t *testing.T) {
	reg := all.Registry()
	src := `<mujoco><worldbody><body name="wrap" euler="0.2 0 0"><geom name="floor" type="plane" size="5 5 0.1"/>` +
		`<body name="cart" pos="0 0 0.5"><joint name="s" type="slide" axis="1 0 0"/>` +
		`<body name="bob" pos="0 0 0.3"><joint name="h" axis="0 1 0"/><geom type="sphere" size="0.1"/></body>` +
		`<geom type="box" size="0.1 0.1 0.1"/></body></body></worldbody></mujoco>`
	out, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "urdf")
	var planes []string
	for _, d := range res.Diagnostics {
		switch d.Code {
		case convert.CodeMasslessBody:
			if d.Severity != convert.Info || !strings.Contains(d.Message, "fixed to the world") {
				t.Errorf("a link that does not move said of as moving: %v", d)
			}
		case convert.CodeShapeApproximated:
			if strings.Contains(d.Message, "plane") {
				planes = append(planes, d.Message)
			}
		}
	}
	drawn, colliding := false, false
	for _, m := range planes {
		drawn = drawn || strings.Contains(m, "the drawn 10 × 10 plane")
		colliding = colliding || strings.Contains(m, "the colliding infinite plane")
	}
	if len(planes) != 2 || !drawn || !colliding {
		t.Errorf("plane messages %q: want one for the drawn plane and one for the colliding one", planes)
	}
	moving := strings.Replace(src, `<geom type="box" size="0.1 0.1 0.1"/>`, `<inertial pos="0 0 0" mass="0" diaginertia="0 0 0"/>`, 1)
	_, mres := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(moving)}}, "src.xml", "urdf")
	moved := false
	for _, d := range mres.Diagnostics {
		moved = moved || d.Code == convert.CodeMasslessBody && d.Severity == convert.Warning
	}
	if !moved {
		t.Errorf("a massless moving cart gets no massless-body warning: %v", mres.Diagnostics)
	}
	if m := mismatches(res); len(m) > 0 {
		t.Errorf("read back: %v", m)
	}
	dir := t.TempDir()
	want := stepped(t, dir, "src.xml", []byte(src), nil, 300, "--backend", "c")
	got := stepped(t, dir, "out.urdf", out.Main, nil, 300, "--backend", "c")
	for _, body := range []string{"cart", "bob"} {
		if d := apart(got[body].COM(), want[body].COM()); d > 1e-3 {
			t.Errorf("%s: %.4g m from the source's after 300 steps", body, d)
		}
	}
}
