package mjcf

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// Structure MuJoCo refuses is an error naming the element; numbers are
// read as MuJoCo reads them.
func TestStructureMuJoCoRefuses(t *testing.T) {
	cases := []struct {
		name, xml, want string
	}{
		{"equality joint twice", `<mujoco><worldbody><body name="a"><joint name="j" type="hinge"/><geom size="1"/></body></worldbody><equality><joint joint1="j" joint2="j"/></equality></mujoco>`, `joint "j" is repeated`},
		{"connect body twice", `<mujoco><worldbody><body name="a"><joint name="j" type="hinge"/><geom size="1"/></body></worldbody><equality><connect body1="a" body2="a" anchor="0 0 0"/></equality></mujoco>`, `body "a" is repeated`},
		{"weld world to world", `<mujoco><worldbody><body name="a"><joint/><geom size="1"/></body></worldbody><equality><weld body1="world"/></equality></mujoco>`, `body "world" is repeated`},
		{"free joint below the top", `<mujoco><worldbody><body name="a"><freejoint/><geom size="1"/><body name="b"><freejoint/><geom size="1"/></body></body></worldbody></mujoco>`, "top-level body"},
		{"free joint by type below the top", `<mujoco><worldbody><body name="a"><geom size="1"/><body name="b"><joint type="free"/><geom size="1"/></body></body></worldbody></mujoco>`, "top-level body"},
		{"plane in a moving body", `<mujoco><worldbody><body name="a"><joint/><geom type="plane" size="1 1 1"/></body></worldbody></mujoco>`, "static bodies"},
		{"plane below a moving body", `<mujoco><worldbody><body name="a"><freejoint/><geom size="1"/><body name="b"><geom type="plane" size="1 1 1"/></body></body></worldbody></mujoco>`, "static bodies"},
		{"geom name twice", `<mujoco><worldbody><body name="a"><freejoint/><geom name="g" size="1"/><geom name="g" size="1"/></body></worldbody></mujoco>`, `geom name "g" is used twice`},
		{"hex float", `<mujoco><worldbody><body><joint/><geom size="0x1p-3"/></body></worldbody></mujoco>`, "finite decimal"},
		{"underscore number", `<mujoco><worldbody><body><joint/><geom size="1_0"/></body></worldbody></mujoco>`, "finite decimal"},
		{"include twice", `<mujoco><include file="inc.xml"/><worldbody><include file="inc.xml"/></worldbody></mujoco>`, "included a second time"},
	}
	fsys := fstest.MapFS{"inc.xml": {Data: []byte(`<mujoco><default><geom size="1"/></default></mujoco>`)}}
	for _, c := range cases {
		_, _, err := Parse(&convert.Input{Name: "t.xml", Data: []byte(c.xml), FS: fsys, Dir: ".", Options: &convert.Options{}})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want %q", c.name, err, c.want)
		}
	}
	// What MuJoCo accepts stays accepted.
	for name, xml := range map[string]string{
		"plane in the world":        `<mujoco><worldbody><geom type="plane" size="1 1 1"/><body><freejoint/><geom size="1"/></body></worldbody></mujoco>`,
		"plane in a static body":    `<mujoco><worldbody><body><geom type="plane" size="1 1 1"/></body></worldbody></mujoco>`,
		"equality of two joints":    `<mujoco><worldbody><body name="a"><joint name="j" type="hinge"/><geom size="1"/><body><joint name="k" type="hinge"/><geom size="1"/></body></body></worldbody><equality><joint joint1="j" joint2="k"/></equality></mujoco>`,
		"replicated geom names":     `<mujoco><worldbody><replicate count="3" offset="1 0 0"><body name="b"><freejoint/><geom name="g" size="1"/></body></replicate></worldbody></mujoco>`,
		"one include":               `<mujoco><include file="inc.xml"/><worldbody><body><freejoint/><geom/></body></worldbody></mujoco>`,
		"signed and exponent sizes": `<mujoco><worldbody><body><freejoint/><geom size="+1.5e-1"/></body></worldbody></mujoco>`,
	} {
		if _, _, err := Parse(&convert.Input{Name: "t.xml", Data: []byte(xml), FS: fsys, Dir: ".", Options: &convert.Options{}}); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}
