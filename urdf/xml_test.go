package urdf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestCleanNumbers: values that went through the Z-up/Y-up change come
// back as the source wrote them, not a few ulps off
// (axis="0 1.0000000000000002 0" for "0 1 0").
func TestCleanNumbers(t *testing.T) {
	in := `<?xml version="1.0"?>
<robot name="r">
  <link name="a"/>
  <link name="b">
    <inertial><origin xyz="0.05 0 1.1"/><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.2" iyz="0" izz="0.3"/></inertial>
  </link>
  <joint name="j" type="revolute">
    <origin xyz="0.05 0 1.1" rpy="0 0 1.5707963267948966"/>
    <parent link="a"/><child link="b"/><axis xyz="0 1 0"/>
    <limit lower="-1" upper="1" effort="1" velocity="1"/>
  </joint>
</robot>
`
	g, _, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(in)})
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<axis xyz="0 1 0"/>`, `xyz="0.05 0 1.1"`, `<limit lower="-1" upper="1" effort="1" velocity="1"/>`} {
		if !strings.Contains(string(out.Main), want) {
			t.Errorf("output lacks %s:\n%s", want, out.Main)
		}
	}
}

// TestDeclarationVersions: any version and encoding in the XML
// declaration, and a byte-order mark, are accepted with lines unchanged.
func TestDeclarationVersions(t *testing.T) {
	for _, decl := range []string{
		`<?xml version="1.0"?>`,
		`<?xml version="0.0"?>`,
		`<?xml version="1.1" encoding="ISO-8859-1"?>`,
		"\xef\xbb\xbf<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
	} {
		in := decl + "\n<robot name=\"r\">\n  <link name=\"a\"/>\n  <link name=\"a\"/>\n</robot>\n"
		_, err := Decode([]byte(in))
		if err == nil || !strings.Contains(err.Error(), "duplicate link") {
			t.Errorf("%q: %v; want the duplicate link error", decl, err)
			continue
		}
		if fe := err.(*convert.FormatError); fe.Line != 4 {
			t.Errorf("%q: error on line %d, want 4", decl, fe.Line)
		}
	}
}
