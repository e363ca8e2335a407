package physconv_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
)

// A scene of static geometry only (no body: the link that holds it, the
// world's, is made while the geometry is written) goes to URDF with every
// piece on that link, capsules as three pieces: the writer sized its
// lists before the link existed and failed on such scenes.
func TestStaticOnlySceneToURDF(t *testing.T) {
	reg := all.Registry()
	for _, n := range []int{1, 2, 7} {
		var b strings.Builder
		b.WriteString("<mujoco>\n  <worldbody>\n")
		for k := 0; k < n; k++ {
			fmt.Fprintf(&b, "    <geom type=\"capsule\" size=\"0.05 0.2\" pos=\"%d 0 0\"/>\n    <geom type=\"box\" size=\"0.1 0.1 0.1\" pos=\"%d 1 0\"/>\n", k, k)
		}
		b.WriteString("  </worldbody>\n</mujoco>\n")
		fsys := fstest.MapFS{"scene.xml": {Data: []byte(b.String())}}
		out, res := convertIn(t, reg, fsys, "scene.xml", "urdf")
		for _, d := range mismatches(res) {
			t.Errorf("%d pairs: %s", n, d.Message)
		}
		if got := strings.Count(string(out.Main), "<collision"); got != 4*n {
			t.Errorf("%d pairs: %d collisions written, want %d (a capsule is three)\n%s", n, got, 4*n, out.Main)
		}
	}
}
