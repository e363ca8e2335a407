package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestUnknownNameAfterDroppedMaker: a reference to a name no element has
// is refused at its line; when a <composite> or <flexcomp> (which make
// bodies, sites and joints physconv does not read) was dropped, the error
// names it as the likely maker, for every kind of reference.
func TestUnknownNameAfterDroppedMaker(t *testing.T) {
	const maker = `
    <composite type="cable" count="5 1 1" size="1"><geom type="capsule" size=".005"/></composite>`
	refs := []struct {
		name, section, msg string
	}{
		{"connect", `<equality><connect body1="B_last" body2="b" anchor="0 0 0"/></equality>`, `unknown body1 "B_last"`},
		{"weld", `<equality><weld body1="b" body2="B_first"/></equality>`, `unknown body2 "B_first"`},
		{"joint equality", `<equality><joint joint1="J_1" joint2="j"/></equality>`, `unknown joint1 "J_1"`},
		{"exclude", `<contact><exclude body1="B_last" body2="b"/></contact>`, `unknown body in exclude ("B_last", "b")`},
		{"spatial tendon", `<tendon><spatial><site site="S_last"/><site site="s"/></spatial></tendon>`, `unknown site "S_last"`},
		{"fixed tendon", `<tendon><fixed><joint joint="J_2" coef="1"/></fixed></tendon>`, `unknown joint "J_2"`},
	}
	for _, r := range refs {
		for _, withMaker := range []bool{false, true} {
			doc := `<mujoco>
  <worldbody>
    <body name="b"><joint name="j"/><geom size=".1"/><site name="s"/></body>`
			if withMaker {
				doc += maker
			}
			doc += "\n  </worldbody>\n  " + r.section + "\n</mujoco>\n"
			line := strings.Count(doc[:strings.Index(doc, r.section)], "\n") + 1
			_, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(doc), Options: &convert.Options{}})
			fe, ok := err.(*convert.FormatError)
			if !ok || fe.Line != line || !strings.Contains(err.Error(), r.msg) {
				t.Errorf("%s (maker %v): err = %v; want line %d saying %s", r.name, withMaker, err, line, r.msg)
				continue
			}
			if hint := strings.Contains(err.Error(), "<composite> at line 4 would have made"); hint != withMaker {
				t.Errorf("%s (maker %v): err = %v; hint %v", r.name, withMaker, err, hint)
			}
		}
	}
}
