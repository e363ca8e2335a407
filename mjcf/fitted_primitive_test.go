package mjcf

import (
	"errors"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestFittedPrimitiveRefused: what MuJoCo cannot fit to a mesh is refused
// at the geom (a plane, fromto beside a mesh), and a mesh of shell
// inertia, whose box MuJoCo takes from its surface, is reported as not
// supported; the fits MuJoCo makes are in TestPrimitivesFittedToMeshes.
func TestFittedPrimitiveRefused(t *testing.T) {
	for _, c := range []struct {
		mesh, geom, want string
		unsupported      bool
	}{
		{`<mesh name="c" vertex="0 0 0 1 0 0 0 1 0 0 0 1"/>`, `<geom type="ellipsoid" mesh="c"/><geom type="plane" mesh="c" size="1 1 1"/>`, "cannot be fitted to a mesh", false},
		{`<mesh name="c" vertex="0 0 0 1 0 0 0 1 0 0 0 1"/>`, `<geom type="capsule" mesh="c" fromto="0 0 0 1 0 0"/>`, "fromto cannot be used with a mesh geom", false},
		{`<mesh name="c" inertia="shell" vertex="0 0 0 1 0 0 0 1 0 0 0 1"/>`, `<geom type="box" mesh="c"/>`, "shell inertia is not supported", true},
	} {
		src := "<mujoco>\n  <asset>" + c.mesh + "</asset>\n  <worldbody>\n    " + c.geom + "\n  </worldbody>\n</mujoco>\n"
		_, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
		var ue *convert.UnsupportedError
		var fe *convert.FormatError
		atLine := errors.As(err, &ue) && strings.HasPrefix(ue.Path, "geom@4") || errors.As(err, &fe) && fe.Line == 4
		if err == nil || !strings.Contains(err.Error(), c.want) || errors.As(err, &ue) != c.unsupported || !atLine {
			t.Errorf("%s: err = %v; want one at line 4 saying %q", c.geom, err, c.want)
		}
	}
}
