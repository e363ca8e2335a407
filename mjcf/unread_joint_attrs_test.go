package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestUnreadJointAttributesSaid: a joint attribute that changes how
// MuJoCo moves the joint and that physconv does not read is named in a
// field-dropped warning, given on the joint or by its class, and not when
// it holds MuJoCo's default.
func TestUnreadJointAttributesSaid(t *testing.T) {
	for _, c := range []struct {
		class, joint, want string
	}{
		{"", `springdamper="0.1 1"`, `springdamper="0.1 1"`},
		{`<joint springdamper="0.2 0.7"/>`, ``, `springdamper="0.2 0.7"`},
		{"", `springdamper="0 0"`, ""},
		{"", `actuatorfrcrange="-1 1"`, `actuatorfrcrange="-1 1"`},
		{"", `actuatorgravcomp="true"`, `actuatorgravcomp="true"`},
		{"", `actuatorgravcomp="false"`, ""},
		{"", `stiffness="2" damping="0.1"`, ""},
	} {
		src := `<mujoco><default>` + c.class + `</default><worldbody><body><joint name="j" ` + c.joint + `/><geom size="0.1"/></body></worldbody></mujoco>`
		_, diags, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		got := ""
		for _, d := range diags {
			if d.Code == convert.CodeFieldDropped && strings.Contains(d.Message, "is not read") {
				got = d.Message
			}
		}
		if c.want == "" && got != "" || c.want != "" && !strings.Contains(got, "joint "+c.want+" is not read") {
			t.Errorf("%s %s: %q, want one naming %s", c.class, c.joint, got, c.want)
		}
	}
}
