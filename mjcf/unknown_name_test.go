package mjcf

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestUnknownNameAfterDroppedMaker: a reference to a name no element has
// is refused at its line. When a <composite> or <flexcomp> (which make
// bodies, sites and joints physconv does not read) was dropped, the name
// is likely one it made, and MuJoCo takes the file: an equality or an
// exclude naming it is dropped with it, said at its line (field-dropped);
// a tendon, which would lose its path, is refused with the maker named.
func TestUnknownNameAfterDroppedMaker(t *testing.T) {
	const maker = `
    <composite type="cable" count="5 1 1" size="1"><geom type="capsule" size=".005"/></composite>`
	refs := []struct {
		name, section, msg string
		dropped            bool // with a maker: dropped, not refused
	}{
		{"connect", `<equality><connect body1="B_last" body2="b" anchor="0 0 0"/></equality>`, `unknown body1 "B_last"`, true},
		{"weld", `<equality><weld body1="b" body2="B_first"/></equality>`, `unknown body2 "B_first"`, true},
		{"joint equality", `<equality><joint joint1="J_1" joint2="j"/></equality>`, `unknown joint1 "J_1"`, true},
		{"exclude", `<contact><exclude body1="B_last" body2="b"/></contact>`, `unknown body in exclude ("B_last", "b")`, true},
		{"spatial tendon", `<tendon><spatial><site site="S_last"/><site site="s"/></spatial></tendon>`, `unknown site "S_last"`, false},
		{"fixed tendon", `<tendon><fixed><joint joint="J_2" coef="1"/></fixed></tendon>`, `unknown joint "J_2"`, false},
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
			_, diags, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(doc), Options: &convert.Options{}})
			if withMaker && r.dropped {
				said := false
				for _, d := range diags {
					said = said || d.Code == convert.CodeFieldDropped && strings.Contains(d.Message, "<composite> at line 4") && strings.HasSuffix(d.Path, fmt.Sprintf("@%d", line))
				}
				if err != nil || !said {
					t.Errorf("%s (maker): err = %v, dropped said %v: %v", r.name, err, said, diags)
				}
				continue
			}
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
