package mjcf

import (
	"errors"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestFittedPrimitiveRefused: a primitive geom fitted to a mesh (a box
// with mesh= and no size, as MuJoCo sizes it from the mesh) is refused as
// unsupported, naming the geom, rather than as a zero-size geom.
func TestFittedPrimitiveRefused(t *testing.T) {
	src := "<mujoco>\n  <asset><mesh name=\"c\" vertex=\"0 0 0 1 0 0 0 1 0 0 0 1\"/></asset>\n  <worldbody><body><freejoint/>\n    <geom type=\"box\" mesh=\"c\"/>\n  </body></worldbody>\n</mujoco>\n"
	_, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
	var ue *convert.UnsupportedError
	if !errors.As(err, &ue) || ue.Path != "geom@4" || !strings.Contains(err.Error(), "fitting a primitive to a mesh") {
		t.Fatalf("err = %v; want an unsupported error at geom@4 about fitting", err)
	}
}
