package physconv_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestGodotJointFieldsNamed: Godot joints hold no effort or velocity
// limit, damping, friction or armature; the warning named all five for a
// joint that had only some. It names those the joint has now.
func TestGodotJointFieldsNamed(t *testing.T) {
	reg := all.Registry()
	for _, c := range []struct {
		joint        string
		want, absent []string
	}{
		{`<limit lower="-1" upper="1" effort="3" velocity="2"/>`, []string{"effort and velocity:"}, []string{"damping", "friction", "armature"}},
		{`<limit lower="-1" upper="1" effort="0" velocity="0"/><dynamics damping="0.5"/>`, []string{"damping:"}, []string{"effort", "velocity", "friction"}},
		{`<limit lower="-1" upper="1" effort="1" velocity="0"/><dynamics damping="0.5" friction="0.1"/>`, []string{"effort, damping and friction:"}, []string{"velocity", "armature"}},
	} {
		src := `<robot name="r"><link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>` +
			`<link name="b"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial></link>` +
			`<joint name="j" type="revolute"><parent link="a"/><child link="b"/><axis xyz="1 0 0"/>` + c.joint + `</joint></robot>`
		_, res := convertIn(t, reg, fstest.MapFS{"r.urdf": {Data: []byte(src)}}, "r.urdf", "godot")
		var msg string
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeJointFieldDropped {
				msg = d.Message
			}
		}
		for _, w := range c.want {
			if !strings.Contains(msg, w) {
				t.Errorf("%s: %q does not say %q", c.joint, msg, w)
			}
		}
		for _, n := range c.absent {
			if strings.Contains(msg, n) {
				t.Errorf("%s: %q names %q, which the joint does not have", c.joint, msg, n)
			}
		}
	}
}
