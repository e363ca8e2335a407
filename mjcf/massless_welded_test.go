package mjcf

import (
	"fmt"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestMasslessBodiesMuJoCoTakes: MuJoCo wants a mass only of a body that
// moves by joints of its own, and not even of that one when a child
// without joints has mass and moments (MuJoCo 2.2 looks at the direct
// children). Massless bodies it takes (a hand frame welded to an arm, a
// free kettle whose shell is a welded child) were written with a 1e-9 kg
// stand-in, said as "MuJoCo rejects massless moving bodies"; they are now
// written massless, and MuJoCo 3.3.8 and 2.2.2 load them and move them as
// the source. A massless body that moves by its own joints, with nothing
// welded to it that has mass (or only a point mass), still gets the
// stand-in and the warning, and the output loads.
func TestMasslessBodiesMuJoCoTakes(t *testing.T) {
	cases := []struct {
		name, bodies string
		standIn      bool
	}{
		{"hand welded to an arm", `<body name="arm" pos="0 0 1"><freejoint/><geom type="box" size="0.1 0.1 0.1"/>
  <body name="hand" pos="0.2 0 0"><site name="grip" size="0.01"/></body></body>`, false},
		{"free kettle held by its shell", `<body name="kettle" pos="1 0 1"><freejoint/>
  <body name="shell" pos="0.1 0 0"><geom type="box" size="0.1 0.2 0.1"/></body></body>`, false},
		{"hinged lid held by its handle", `<body name="base" pos="0 0 1"><freejoint/><geom type="box" size="0.3 0.3 0.1"/>
  <body name="lid" pos="0 0 0.1"><joint type="hinge" axis="0 1 0"/>
    <body name="handle" pos="0.2 0 0"><geom type="capsule" size="0.02 0.1" euler="0 90 0"/></body></body></body>`, false},
		{"free frame of a massless welded child", `<body name="frame" pos="0 0 1"><freejoint/>
  <body name="empty"><site name="s" size="0.01"/></body></body>`, true},
		{"hinged link whose child moves itself", `<body name="base" pos="0 0 1"><freejoint/><geom type="box" size="0.3 0.3 0.1"/>
  <body name="link" pos="0 0 0.1"><joint type="hinge" axis="0 1 0"/>
    <body name="tip" pos="0.2 0 0"><joint type="hinge" axis="0 1 0"/><geom type="sphere" size="0.05"/></body></body></body>`, true},
	}
	for _, c := range cases {
		src := "<mujoco><worldbody>" + c.bodies + "</worldbody></mujoco>"
		out, diags := readWrite(t, src)
		if got := diags.Has(convert.CodeMasslessBody); got != c.standIn {
			t.Errorf("%s: stand-in written %v, want %v: %v\n%s", c.name, got, c.standIn, diags, out.Main)
		}
		for _, backend := range [][]string{nil, {"--backend", "c"}} {
			if c.standIn {
				// the source is refused; the output loads
				testenv.MuJoCoBodies(t, testenv.WriteFiles(t, t.TempDir(), "o.xml", out.Main, out.Files), backend...)
				continue
			}
			sameInMuJoCo(t, fmt.Sprintf("%s %v", c.name, backend), src, 200, backend...)
		}
	}
}
