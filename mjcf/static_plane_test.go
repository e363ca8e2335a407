package mjcf

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestPlaneInBodyWeldedToWorld: a body without joints, directly in the
// world body or below others without joints, is one MuJoCo keeps still
// (its weld id is the world's): it may hold a plane, and need not have
// mass. The reader makes it a Graph body welded to the world; the writer
// keeps its plane (it was dropped as the plane of a moving body, and a
// ball fell through the floor) and writes no mass stand-in for it. A
// ball dropped on the plane rests where the source's rests, in both
// MuJoCo versions.
func TestPlaneInBodyWeldedToWorld(t *testing.T) {
	for depth := 1; depth <= 3; depth++ {
		open, close := "", ""
		for k := range depth {
			open += fmt.Sprintf(`<body name="room%d" pos="0.1 0 -0.2" euler="0 0 %d">`, k, 10*k)
			close += "</body>"
		}
		src := `<mujoco><worldbody>` + open + `<geom name="floor" type="plane" size="3 3 0.1"/>` + close + `
  <body name="ball" pos="0.3 0.2 0.5"><freejoint/><geom type="sphere" size="0.1" mass="1"/></body>
</worldbody></mujoco>`
		out, diags := readWrite(t, src)
		if !strings.Contains(string(out.Main), `type="plane"`) || diags.Has(convert.CodeShapeDropped) || diags.Has(convert.CodeMasslessBody) || diags.Has(convert.CodePointMassInertia) {
			t.Errorf("depth %d: %v\n%s", depth, diags, out.Main)
		}
		for _, backend := range [][]string{nil, {"--backend", "c"}} {
			sameInMuJoCo(t, fmt.Sprintf("depth %d %v", depth, backend), src, 400, backend...)
		}
	}
}
