package mjcf

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// MuJoCo collides with a plane over its whole extent whatever its size
// (the size draws it): every plane reads as infinite, and MJCF output
// writes its drawing size back unchanged.
func TestPlanesAreInfinite(t *testing.T) {
	for _, size := range []string{"", "0 0 1", "5 5 0.1", "100 2 3", "0.5 0.5 0.01"} {
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
