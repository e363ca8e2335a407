package urdf

import (
	"fmt"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestVisualColorUnreadable: a visual's own <color> that is not four
// numbers (robot-learning assets write "0.87, 0.72, 0.53 1") is dropped
// with a warning at its line, as urdfdom drops the material and keeps the
// link; the visual then takes a robot-level material of the same name,
// if any, as urdfdom does. A robot-level material with such a colour is
// refused, as urdfdom refuses the robot.
func TestVisualColorUnreadable(t *testing.T) {
	link := func(material string) string {
		return "<robot name=\"r\">\n%s<link name=\"a\">\n<visual><geometry><box size=\"1 1 1\"/></geometry>\n" + material + "\n</visual>\n<collision><geometry><box size=\"1 1 1\"/></geometry></collision>\n</link>\n</robot>\n"
	}
	for _, c := range []struct {
		global, material string
		color            *[4]float64
		warned           bool
	}{
		{"", `<material name="wood"><color rgba="0.87, 0.72, 0.53 1"/></material>`, nil, true},
		{"", `<material name="wood"><color rgba="0.5 0.5"/></material>`, nil, true},
		{`<material name="wood"><color rgba="0.1 0.2 0.3 1"/></material>` + "\n", `<material name="wood"><color rgba="0.87, 0.72, 0.53 1"/></material>`, &[4]float64{0.1, 0.2, 0.3, 1}, true},
		{"", `<material name="wood"><color rgba="0.87 0.72 0.53 1"/></material>`, &[4]float64{0.87, 0.72, 0.53, 1}, false},
	} {
		src := []byte(fmt.Sprintf(link(c.material), c.global))
		g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: src, Options: &convert.Options{}})
		if err != nil {
			t.Errorf("%s: %v", c.material, err)
			continue
		}
		dropped := diags.OfCode(convert.CodeFieldDropped)
		if c.warned != (len(dropped) == 1) {
			t.Errorf("%s: field-dropped %v", c.material, dropped)
		}
		for _, n := range g.Nodes {
			if n.Visual == nil {
				continue
			}
			got := n.Visual.Color
			if (got == nil) != (c.color == nil) || got != nil && *got != *c.color {
				t.Errorf("%s (global %q): colour %v, want %v", c.material, c.global, got, c.color)
			}
		}
	}
	bad := "<robot name=\"r\">\n<material name=\"wood\"><color rgba=\"0.87, 0.72, 0.53 1\"/></material>\n<link name=\"a\"/>\n</robot>\n"
	if _, _, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(bad), Options: &convert.Options{}}); err == nil {
		t.Error("a robot-level material with a malformed colour is read")
	}
}
