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
