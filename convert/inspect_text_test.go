package convert

import (
	"bytes"
	"strings"
	"testing"
)

func TestWriteTextShowsBodiesAndJoints(t *testing.T) {
	g := NewGraph()
	base := g.AddNode(Node{Name: "base"}, -1)
	box := g.AddShape(Shape{Kind: Box, Size: Vec3{1, 1, 1}})
	g.AddNode(Node{Name: "ground", Collider: &Collider{Shape: box, Material: -1, Filter: -1}}, base)
	arm := g.AddNode(Node{Name: "arm", Transform: Transform{T: Vec3{0, 2, 0}, R: IdentityQuat(), S: Vec3{1, 1, 1}},
		Motion: &Motion{Kind: Dynamic, Mass: Ptr(2.0)}}, -1)
	g.AddNode(Node{Name: "arm-shape", Collider: &Collider{Shape: box, Material: -1, Filter: -1}}, arm)
	limits, frame := LimitsFor(KindRevolute, Vec3{0, 0, 1}, -0.5, 1)
	g.AddNode(Node{Name: "hinge", Transform: Transform{R: frame, S: Vec3{1, 1, 1}}, Joint: &Joint{Connected: arm, Limits: limits}}, base)
	done, diags := Complete(g, nil)
	var buf bytes.Buffer
	if err := Inspect(done, "khr", diags).WriteText(&buf); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	k := 2.0 / 6
	for _, want := range []string{
		"format: khr",
		"arm", "dynamic", "(0, 2, 0)", "given/computed/computed",
		"(" + fmtShort(k) + ", " + fmtShort(k) + ", " + fmtShort(k) + ")",
		"ground", "static",
		"hinge", "revolute", "(world)", "(0, 0, 1)", "-0.5",
		"mass-computed",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("text report lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "NaN") {
		t.Errorf("NaN in report:\n%s", out)
	}
}
