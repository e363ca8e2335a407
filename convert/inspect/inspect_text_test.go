package inspect

import (
	"bytes"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/convert/mass"
)

func TestWriteTextShowsBodiesAndJoints(t *testing.T) {
	g := convert.NewGraph()
	base := g.AddNode(convert.Node{Name: "base"}, -1)
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}})
	g.AddNode(convert.Node{Name: "ground", Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, base)
	arm := g.AddNode(convert.Node{Name: "arm", Transform: convert.Transform{T: convert.Vec3{0, 2, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
		Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(2.0)}}, -1)
	g.AddNode(convert.Node{Name: "arm-shape", Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, arm)
	limits, frame := kin.LimitsFor(kin.KindRevolute, convert.Vec3{0, 0, 1}, -0.5, 1)
	g.AddNode(convert.Node{Name: "hinge", Transform: convert.Transform{R: frame, S: convert.Vec3{1, 1, 1}}, Joint: &convert.Joint{Connected: arm, Limits: limits}}, base)
	done, diags := mass.Complete(g, nil)
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
