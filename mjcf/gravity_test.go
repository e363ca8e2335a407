package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestGravity: <option gravity> and <flag gravity="disable"> become the
// Graph's scene gravity in its Y-up axes (MuJoCo's default leaves it
// unset), and MJCF output writes it back in MJCF's axes.
func TestGravity(t *testing.T) {
	cases := []struct {
		option string
		want   *convert.Vec3
	}{
		{``, nil},
		{`<option gravity="0 0 -9.81"/>`, nil},
		{`<option gravity="0 0 -1.62"/>`, &convert.Vec3{0, -1.62, 0}},
		{`<option gravity="0 0 0"/>`, &convert.Vec3{}},
		{`<option gravity="1 2 3"/>`, &convert.Vec3{1, 3, -2}},
		{`<option><flag gravity="disable"/></option>`, &convert.Vec3{}},
		{`<option gravity="0 0 -3"><flag gravity="enable"/></option>`, &convert.Vec3{0, -3, 0}},
	}
	for _, c := range cases {
		src := `<mujoco>` + c.option + `<worldbody><body name="b"><freejoint/><geom size="0.1"/></body></worldbody></mujoco>`
		g, _, err := Parse(&convert.Input{Name: "g.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s: %v", c.option, err)
		}
		if (g.Gravity == nil) != (c.want == nil) || g.Gravity != nil && *g.Gravity != *c.want {
			t.Errorf("%s: gravity %v, want %v", c.option, g.Gravity, c.want)
			continue
		}
		back, text := writtenBack(t, g)
		if (back.Gravity == nil) != (c.want == nil) || back.Gravity != nil && *back.Gravity != *c.want {
			t.Errorf("%s: read back as %v\n%s", c.option, back.Gravity, text)
		}
		if c.want != nil && strings.Count(string(text), "gravity=") != 1 {
			t.Errorf("%s: the output says gravity other than once:\n%s", c.option, text)
		}
	}
}
