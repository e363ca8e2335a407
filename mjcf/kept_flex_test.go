package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestKeptFlexNamesBodies: a kept <flex> names one body per vertex in one
// attribute; it is written back when every body it names is written, and
// dropped, said, when one is not.
func TestKeptFlexNamesBodies(t *testing.T) {
	for _, c := range []struct {
		bodies string
		kept   bool
	}{{"a b", true}, {"a  b a", true}, {"a ghost", false}} {
		src := `<mujoco>
  <worldbody>
    <body name="a" pos="0 0 1"><inertial pos="0 0 0" mass="0.01" diaginertia="1e-6 1e-6 1e-6"/><joint type="slide" axis="0 0 1"/></body>
    <body name="b" pos="0.1 0 1"><inertial pos="0 0 0" mass="0.01" diaginertia="1e-6 1e-6 1e-6"/><joint type="slide" axis="0 0 1"/></body>
  </worldbody>
  <deformable>
    <flex name="f" dim="1" radius="0.003" body="` + c.bodies + `" vertex="0 0 0  0 0 0" element="0 1"/>
  </deformable>
</mujoco>`
		out, diags := readWrite(t, src)
		written := strings.Contains(string(out.Main), `<flex body="`+c.bodies+`"`)
		if written != c.kept || diags.Has(convert.CodeMjcfSectionDropped) == c.kept {
			t.Errorf("body=%q: written %v, want %v (%v)\n%s", c.bodies, written, c.kept, diags, out.Main)
		}
	}
}
