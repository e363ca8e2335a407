package urdf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestZeroSizeGeometry: a primitive of zero size (PyBullet's laikago
// marks its toes with a visual sphere of radius 0, Atlas and Cassie keep
// collision spheres of radius 0 as placeholders; urdfdom takes them) is
// left out at its line, the link read: a visual with visual-dropped, a
// collision, which has no volume and which MuJoCo refuses, with
// shape-dropped. Any negative size is refused at its line.
func TestZeroSizeGeometry(t *testing.T) {
	for _, c := range []struct {
		elem, shape string
		refused     bool
	}{
		{"visual", `<sphere radius="0.0"/>`, false},
		{"visual", `<box size="0 0.1 0.1"/>`, false},
		{"visual", `<cylinder radius="0.1" length="0"/>`, false},
		{"visual", `<capsule radius="0" length="0.2"/>`, false},
		{"visual", `<sphere radius="-0.1"/>`, true},
		{"visual", `<box size="0.1 -1 0.1"/>`, true},
		{"collision", `<sphere radius="0.0"/>`, false},
		{"collision", `<box size="0 0.1 0.1"/>`, false},
		{"collision", `<cylinder radius="0.1" length="0"/>`, false},
		{"collision", `<drake:ellipsoid a="0.1" b="0" c="0.1"/>`, false},
		{"collision", `<sphere radius="-1"/>`, true},
	} {
		doc := "<robot name=\"r\">\n<link name=\"toe\">\n<inertial><mass value=\"1\"/><inertia ixx=\"1\" iyy=\"1\" izz=\"1\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial>\n" +
			"<" + c.elem + "><geometry>\n" + c.shape + "\n</geometry></" + c.elem + ">\n<collision><geometry><sphere radius=\"0.03\"/></geometry></collision>\n</link>\n</robot>\n"
		g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(doc), Options: &convert.Options{}})
		if c.refused {
			fe, ok := err.(*convert.FormatError)
			if !ok || fe.Line != 5 || !strings.Contains(err.Error(), "must be positive") {
				t.Errorf("%s %s: err = %v, want a refusal at line 5", c.elem, c.shape, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s %s: %v", c.elem, c.shape, err)
		}
		code := convert.CodeVisualDropped
		if c.elem == "collision" {
			code = convert.CodeShapeDropped
		}
		dropped := diags.OfCode(code)
		if len(dropped) != 1 || dropped[0].Line != 5 || !strings.Contains(dropped[0].Message, `link "toe"`) {
			t.Errorf("%s %s: %s %v", c.elem, c.shape, code, dropped)
		}
		visuals, colliders := 0, 0
		for _, n := range g.Nodes {
			if n.Visual != nil {
				visuals++
			}
			if n.Collider != nil {
				colliders++
			}
		}
		if visuals != 0 || colliders != 1 {
			t.Errorf("%s %s: %d visuals and %d colliders, want none and the toe's sphere", c.elem, c.shape, visuals, colliders)
		}
	}
}
