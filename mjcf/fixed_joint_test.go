package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/kin"
)

// MJCF has no fixed joint element: the child body simply has no joints.
// The Graph joint's name and frame do not survive, and Emit says so.
func TestFixedJointIsImplicit(t *testing.T) {
	g := convert.NewGraph()
	a := g.AddNode(convert.Node{Name: "a", Transform: rigidAt(0, 1, 0), Motion: dynamicBody(2)}, -1)
	b := g.AddNode(convert.Node{Name: "b", Transform: rigidAt(1, 1, 0), Motion: dynamicBody(1)}, -1)
	limits, _ := kin.LimitsFor(kin.KindFixed, convert.Vec3{}, 0, 0)
	cb := g.AddNode(convert.Node{Name: "glue_b", Transform: rigidAt(-0.5, 0, 0)}, b)
	g.AddNode(convert.Node{Name: "glue", Transform: rigidAt(0.5, 0, 0), Joint: &convert.Joint{Connected: cb, Limits: limits}}, a)
	_, diags, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range diags {
		if d.Code == "fixed-joint-implicit" && d.Path == "glue" {
			found = true
		}
	}
	if !found {
		t.Errorf("fixed joint written implicitly without a diagnostic: %v", diags)
	}
	back, text := emitParse(t, g)
	r := inspect.Inspect(back, "mjcf", nil)
	if len(r.Joints) != 1 || r.Joints[0].Kind != kin.KindFixed || r.Joints[0].BodyA != "a" || r.Joints[0].BodyB != "b" {
		t.Errorf("joints %+v, want one weld of b to a\n%s", r.Joints, text)
	}
}

// A joint to the world that restrains nothing is the body's <freejoint>,
// which reads back as a free body without a Graph joint; Emit says so.
func TestFreeJointToWorldIsImplicit(t *testing.T) {
	g := convert.NewGraph()
	b := g.AddNode(convert.Node{Name: "b", Transform: rigidAt(1, 1, 0), Motion: dynamicBody(1)}, -1)
	cb := g.AddNode(convert.Node{Name: "loose_b"}, b)
	g.AddNode(convert.Node{Name: "loose", Transform: rigidAt(1, 1, 0), Joint: &convert.Joint{Connected: cb}}, -1)
	_, diags, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if !diags.Has("free-joint-implicit") {
		t.Errorf("free joint to the world written as <freejoint> without a diagnostic: %v", diags)
	}
	back, text := emitParse(t, g)
	if !strings.Contains(text, `<freejoint name="loose"/>`) {
		t.Errorf("want <freejoint name=\"loose\"/>:\n%s", text)
	}
	if r := inspect.Inspect(back, "mjcf", nil); len(r.Joints) != 0 || len(r.Bodies) != 1 || r.Bodies[0].Kind != convert.Dynamic {
		t.Errorf("want one free dynamic body and no joint: %+v", r)
	}
}
