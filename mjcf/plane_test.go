package mjcf

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// MuJoCo collides with a plane over its whole extent whatever its size
// (the size draws it): every plane reads as infinite, and MJCF output
// writes its drawing size back unchanged. Half extents of 0 or less draw
// it infinite (MuJoCo takes them; they were refused); only the grid
// spacing must be positive.
func TestPlanesAreInfinite(t *testing.T) {
	for _, size := range []string{"", "0 0 1", "5 5 0.1", "100 2 3", "0.5 0.5 0.01", "-1 -1 0.1", "-5 2 1", "0 -3 0.5"} {
		attr := ""
		if size != "" {
			attr = fmt.Sprintf(` size="%s"`, size)
		}
		g, _ := parseText(t, `<mujoco><worldbody><geom name="floor" type="plane"`+attr+`/></worldbody></mujoco>`)
		var sh *convert.Shape
		for _, n := range g.Nodes {
			if n.Collider != nil {
				sh = &g.Shapes[n.Collider.Shape]
			}
		}
		if sh == nil || sh.Kind != convert.Plane || sh.SizeX != 0 || sh.SizeZ != 0 {
			t.Fatalf("size %q: read as %+v, want an infinite plane", size, sh)
		}
		_, text := emitParse(t, g)
		want := size
		if want == "" {
			want = "0 0 1"
		}
		if !strings.Contains(text, `type="plane" size="`+want+`"`) {
			t.Errorf("size %q not written back:\n%s", size, text)
		}
	}
}

// A plane's grid spacing must be positive, as MuJoCo requires: refused at
// its line, whatever its half extents.
func TestPlaneSpacingMustBePositive(t *testing.T) {
	for _, size := range []string{"1 1 0", "1 1 -1", "-1 -1 -1", "0 0 0"} {
		_, _, err := Parse(&convert.Input{Name: "p.xml", Data: []byte("<mujoco><worldbody>\n<geom name=\"floor\" type=\"plane\" size=\"" + size + "\"/></worldbody></mujoco>")})
		var fe *convert.FormatError
		if !errors.As(err, &fe) || fe.Line != 2 || !strings.Contains(err.Error(), "grid spacing, must be positive") {
			t.Errorf("size %q: %v, want a refusal at line 2 saying the grid spacing must be positive", size, err)
		}
	}
}
