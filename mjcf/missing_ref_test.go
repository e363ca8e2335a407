package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestKeptSectionMissingRef: a kept contact pair that names an element
// the output lacks is dropped with a warning that says which reference it
// is; it said only "an element the output does not have". (An actuator
// on a joint or tendon no element makes is refused, as MuJoCo refuses it:
// TestUnknownTransmissionTarget.)
func TestKeptSectionMissingRef(t *testing.T) {
	for _, c := range []struct{ section, want string }{
		{`<contact><pair geom1="g" geom2="missing"/></contact>`, `<pair> refers to geom2="missing"`},
	} {
		src := `<mujoco model="m"><worldbody><body name="b" pos="0 0 1"><joint name="j" type="hinge"/><geom name="g" type="box" size="0.1 0.1 0.1"/></body></worldbody>` + c.section + `</mujoco>`
		g, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s: %v", c.section, err)
		}
		_, diags, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatalf("%s: %v", c.section, err)
		}
		d := diags.OfCode(convert.CodeMjcfSectionDropped)
		if len(d) != 1 || d[0].Severity != convert.Warning || !strings.Contains(d[0].Message, c.want) {
			t.Errorf("%s: %v, want one warning saying %s", c.section, d, c.want)
		}
	}
}
