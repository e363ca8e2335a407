package urdf

import (
	"errors"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestUnknownGeometry: a <geometry> whose shape is none URDF defines (nor
// an extension read here: Bullet's <cdf>, Drake's other shapes) made the
// reader refuse the robot, which urdfdom reads without that visual or
// collision. It is left out, said at its line (a collider by a warning),
// the rest of the link kept.
func TestUnknownGeometry(t *testing.T) {
	for _, c := range []struct {
		element, shape string
		code           convert.Code
		severity       convert.Severity
	}{
		{"collision", `<cdf filename="x.cdf"/>`, convert.CodeShapeDropped, convert.Warning},
		{"collision", `<drake:torus/>`, convert.CodeShapeDropped, convert.Warning},
		{"visual", `<cdf filename="x.cdf"/>`, convert.CodeVisualDropped, convert.Info},
	} {
		src := "<robot name=\"r\">\n<link name=\"a\">\n<inertial><mass value=\"1\"/><inertia ixx=\"0.1\" iyy=\"0.1\" izz=\"0.1\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial>\n" +
			"<collision><geometry><box size=\"1 1 1\"/></geometry></collision>\n" +
			"<" + c.element + "><geometry>\n" + c.shape + "\n</geometry></" + c.element + ">\n</link>\n</robot>\n"
		g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s %s: %v", c.element, c.shape, err)
		}
		if d := diags.OfCode(c.code); len(d) != 1 || d[0].Line != 6 || d[0].Severity != c.severity {
			t.Errorf("%s %s: %s %v, want one %v at line 6", c.element, c.shape, c.code, d, c.severity)
		}
		colliders, visuals := 0, 0
		for _, n := range g.Nodes {
			if n.Collider != nil {
				colliders++
			}
			if n.Visual != nil {
				visuals++
			}
		}
		if colliders != 1 || visuals != 0 {
			t.Errorf("%s %s: %d colliders and %d visuals read, want the box alone", c.element, c.shape, colliders, visuals)
		}
	}
}

// TestVisualWithoutGeometry: a <visual> without a <geometry> made the
// reader refuse the robot, which urdfdom and MuJoCo read without it; it
// is left out, said at its line. A <collision> without one is still
// refused at its line (MuJoCo refuses it).
func TestVisualWithoutGeometry(t *testing.T) {
	src := "<robot name=\"r\">\n<link name=\"a\">\n<inertial><mass value=\"1\"/><inertia ixx=\"0.1\" iyy=\"0.1\" izz=\"0.1\" ixy=\"0\" ixz=\"0\" iyz=\"0\"/></inertial>\n" +
		"<collision><geometry><box size=\"1 1 1\"/></geometry></collision>\n" +
		"<visual><material name=\"red\"><color rgba=\"1 0 0 1\"/></material></visual>\n</link>\n</robot>\n"
	g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(src), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	if d := diags.OfCode(convert.CodeVisualDropped); len(d) != 1 || d[0].Line != 5 {
		t.Errorf("visual-dropped %v, want one at line 5", d)
	}
	for _, n := range g.Nodes {
		if n.Visual != nil {
			t.Errorf("a visual read: %+v", n)
		}
	}
	bad := strings.Replace(src, "<collision><geometry><box size=\"1 1 1\"/></geometry></collision>", "<collision><origin xyz=\"0 0 0\"/></collision>", 1)
	_, _, err = Parse(&convert.Input{Name: "r.urdf", Data: []byte(bad), Options: &convert.Options{}})
	var fe *convert.FormatError
	if !errors.As(err, &fe) || fe.Line != 4 || !strings.Contains(err.Error(), "<collision> needs a <geometry>") {
		t.Errorf("a collision without geometry: %v, want refused at line 4", err)
	}
}
