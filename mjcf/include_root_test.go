package mjcf

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestIncludedFileTopLevel: an included file's top-level element is
// dropped whatever its name (<mujocoinclude> by convention, <mujoco>, any
// other), as MuJoCo drops it, and its children are read in its place
// with the same mass MuJoCo finds; a <mujocoinclude> converted on its own
// is refused saying it is a part, as MuJoCo refuses it.
func TestIncludedFileTopLevel(t *testing.T) {
	for _, root := range []string{"mujocoinclude", "mujoco", "parts"} {
		t.Run(root, func(t *testing.T) {
			part := fmt.Sprintf("<%s>\n  <default><geom size=\"0.2\"/></default>\n  <worldbody><body name=\"b\"><freejoint/><geom/></body></worldbody>\n</%s>\n", root, root)
			model := "<mujoco>\n  <include file=\"part.xml\"/>\n</mujoco>\n"
			fsys := fstest.MapFS{"part.xml": {Data: []byte(part)}}
			g, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(model), FS: fsys, Dir: ".", Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			mass := -1.0
			for _, n := range g.Nodes {
				if n.Name == "b" && n.Motion != nil && n.Motion.Mass != nil {
					mass = *n.Motion.Mass
				}
			}
			want := 4.0 / 3 * math.Pi * 0.2 * 0.2 * 0.2 * 1000 // MuJoCo's default density
			if math.Abs(mass-want) > 1e-12*want {
				t.Errorf("body b mass %v, want %v", mass, want)
			}
			dir := t.TempDir()
			testenv.WriteFiles(t, dir, "part.xml", []byte(part), nil)
			p := testenv.WriteFiles(t, dir, "m.xml", []byte(model), nil)
			if out, code := testenv.RunOracle(t, "mj-inspect", "--compact", p); code == 0 {
				var r struct {
					TotalMass float64 `json:"total_mass"`
				}
				if err := json.Unmarshal(out, &r); err != nil || math.Abs(r.TotalMass-mass) > 1e-9*mass {
					t.Errorf("MuJoCo's mass %v (%v), ours %v", r.TotalMass, err, mass)
				}
			} else {
				t.Errorf("MuJoCo refuses the model: %s", out)
			}
		})
	}
	_, _, err := Parse(&convert.Input{Name: "part.xml", Data: []byte("\n<mujocoinclude><worldbody/></mujocoinclude>\n"), Options: &convert.Options{}})
	if fe, ok := err.(*convert.FormatError); !ok || fe.Line != 2 || !strings.Contains(err.Error(), "convert the model that includes it") {
		t.Errorf("a part converted alone: %v", err)
	}
}
