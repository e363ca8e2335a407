package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/kin"
)

// A free joint between two bodies (a nested body cannot have a
// <freejoint>) is written as three slides and a ball and reads back as one
// free joint under its own name.
func TestFreeJointBetweenBodies(t *testing.T) {
	g := convert.NewGraph()
	a := g.AddNode(convert.Node{Name: "a", Transform: rigidAt(0, 1, 0), Motion: dynamicBody(2)}, -1)
	b := g.AddNode(convert.Node{Name: "b", Transform: rigidAt(1, 0, 0), Motion: dynamicBody(1)}, a)
	conn := g.AddNode(convert.Node{Name: "loose_b", Transform: rigidAt(0.5, 0, 0)}, b)
	g.AddNode(convert.Node{Name: "loose", Transform: rigidAt(1.5, 0, 0), Joint: &convert.Joint{Connected: conn}}, a)
	back, text := emitParse(t, g)
	if !strings.Contains(text, `type="ball"`) {
		t.Fatalf("expected slides and a ball:\n%s", text)
	}
	r := inspect.Inspect(back, "mjcf", nil)
	if len(r.Joints) != 1 || r.Joints[0].Name != "loose" || r.Joints[0].Kind != kin.KindFree || r.Joints[0].BodyA != "a" || r.Joints[0].BodyB != "b" {
		t.Errorf("joints %+v, want one free joint \"loose\" from a to b", r.Joints)
	}
	for _, body := range r.Bodies {
		if body.Name != "a" && body.Name != "b" {
			t.Errorf("extra body %q", body.Name)
		}
	}
}

// Per-axis MJCF joints written for one Graph joint read back under that
// joint's name; a file's own names are kept for MJCF output.
func TestSplitJointKeepsName(t *testing.T) {
	g := convert.NewGraph()
	a := g.AddNode(convert.Node{Name: "a", Transform: rigidAt(0, 1, 0), Motion: dynamicBody(2)}, -1)
	b := g.AddNode(convert.Node{Name: "b", Transform: rigidAt(1, 0, 0), Motion: dynamicBody(1)}, a)
	limits, frame := kin.LimitsFor(kin.KindCylindrical, convert.Vec3{0, 1, 0}, -0.2, 0.3)
	conn := g.AddNode(convert.Node{Name: "slide_b", Transform: convert.Transform{R: frame, S: convert.Vec3{1, 1, 1}}}, b)
	g.AddNode(convert.Node{Name: "slide", Transform: convert.Transform{T: convert.Vec3{1, 0, 0}, R: frame, S: convert.Vec3{1, 1, 1}},
		Joint: &convert.Joint{Connected: conn, Limits: limits}}, a)
	back, text := emitParse(t, g)
	r := inspect.Inspect(back, "mjcf", nil)
	if len(r.Joints) != 1 || r.Joints[0].Name != "slide" || r.Joints[0].Kind != kin.KindCylindrical {
		t.Errorf("joints %+v, want cylindrical \"slide\"\n%s", r.Joints, text)
	}
	again, _, err := Emit(back, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{`name="slide_linear0"`, `name="slide_angular0"`} {
		if !strings.Contains(string(again.Main), name) {
			t.Errorf("MJCF → MJCF lost joint %s:\n%s", name, again.Main)
		}
	}
}
