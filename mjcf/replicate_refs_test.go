package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestReplicateReferrersRefused: an element naming elements of two
// different <replicate>s, or one inside nested replicates, has no single
// copy per replica; it is refused at its line.
func TestReplicateReferrersRefused(t *testing.T) {
	for _, c := range []struct{ name, body, refer, says string }{
		{"two replicates", `<replicate count="2"><body name="a"><joint/><geom size="0.1"/><site name="s"/></body></replicate>
    <replicate count="3"><body name="b"><joint/><geom size="0.1"/><site name="u"/></body></replicate>`,
			`<spatial><site site="s"/><site site="u"/></spatial>`, "another <replicate>"},
		{"nested replicates", `<replicate count="2"><replicate count="2"><body name="a"><joint/><geom size="0.1"/><site name="s"/></body></replicate></replicate>`,
			`<spatial><site site="s"/><site site="s"/></spatial>`, "nested <replicate>s"},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := "<mujoco>\n  <worldbody>\n    " + c.body + "\n  </worldbody>\n  <tendon>\n    " + c.refer + "\n  </tendon>\n</mujoco>\n"
			_, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
			if err == nil || !strings.Contains(err.Error(), c.says) {
				t.Fatalf("err = %v; want a refusal saying %q", err, c.says)
			}
		})
	}
}

// TestReplicatedNamesSharedByKinds: MuJoCo names each kind of element
// apart, so a body, its joint and its geom in a <replicate> may share a
// name; the actuators and excludes naming them get one copy per replica,
// with the replica's name, as they do for names no other element has
// (this name once counted as an element of nested replicates and was
// refused).
func TestReplicatedNamesSharedByKinds(t *testing.T) {
	for _, shared := range []bool{false, true} {
		g, j, x := "xg", "yj", "yg"
		if shared {
			g, j, x = "x", "y", "y"
		}
		src := `<mujoco><worldbody><replicate count="3" offset="0.5 0 0" sep="-">
  <body name="x" pos="0 0 1"><freejoint/><geom name="` + g + `" size="0.1"/>
    <body name="y" pos="0 0 0.3"><joint name="` + j + `" axis="1 0 0"/><geom name="` + x + `" type="capsule" size="0.05 0.1"/></body>
  </body></replicate></worldbody>
  <contact><exclude body1="x" body2="y"/></contact>
  <actuator><motor joint="` + j + `" name="m"/></actuator>
</mujoco>`
		gr, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("shared %v: %v", shared, err)
		}
		out, _, err := Emit(gr, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i := range 3 {
			s := itoa(i)
			for _, want := range []string{`<exclude body1="x-` + s + `" body2="y-` + s + `"/>`, `name="m-` + s + `" joint="` + j + `-` + s + `"`} {
				if !strings.Contains(string(out.Main), want) {
					t.Errorf("shared %v: output lacks %s:\n%s", shared, want, out.Main)
				}
			}
		}
	}
}
