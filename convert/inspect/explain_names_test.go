package inspect

import (
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestExplainerLooksUpNamesByKind: a joint only the output has, named
// like a body of the source (URDF writes the hinges "tail1" and
// "tail_twist" of MJCF body "tail1", one Graph joint "tail1+tail_twist",
// as two joints through a dummy link), stands for the source's joint
// between the bodies it joins, which the writer's diagnostic names; the
// body of that name is not its subject. A body only the output has,
// named like a joint of the source, is likewise no subject of that
// joint's diagnostics.
func TestExplainerLooksUpNamesByKind(t *testing.T) {
	g := convert.NewGraph()
	dyn := func() *convert.Motion { return &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1} }
	torso := g.AddNode(convert.Node{Name: "torso", Motion: dyn()}, -1)
	tail := g.AddNode(convert.Node{Name: "tail1", Motion: dyn()}, torso)
	b := g.AddNode(convert.Node{Name: "tail1+tail_twist:B"}, tail)
	j := g.AddNode(convert.Node{Name: "tail1+tail_twist", Joint: &convert.Joint{Connected: b}}, torso)
	want := &Report{
		Bodies: []BodyReport{{Name: "torso", Kind: convert.Dynamic}, {Name: "tail1", Kind: convert.Dynamic}},
		Joints: []JointReport{{Name: "tail1+tail_twist", BodyA: "torso", BodyB: "tail1", Kind: "universal"}},
	}
	got := &Report{
		Bodies: []BodyReport{{Name: "torso", Kind: convert.Dynamic}, {Name: "tail1", Kind: convert.Dynamic}, {Name: "tail1_dummy", Kind: convert.Dynamic}},
		Joints: []JointReport{
			{Name: "tail1", BodyA: "torso", BodyB: "tail1_dummy", Kind: "continuous"},
			{Name: "tail_twist", BodyA: "tail1_dummy", BodyB: "tail1", Kind: "continuous"},
		},
	}
	var diags convert.Diagnostics
	diags.Add(convert.CodeJointKindUnsupported, convert.JointSubject(j), "", "URDF has no universal joint")
	x := NewExplainer(g, want, got, diags)
	d := Difference{Element: "joint", Name: "tail1", Missing: "first", Quantity: convert.QJointKind}
	if s := x.Subjects(d); len(s) == 0 || s[0] != convert.JointSubject(j) {
		t.Errorf("subjects of joint %q: %v, want the source joint %v first", d.Name, s, convert.JointSubject(j))
	}
	if !x.Explains(d) {
		t.Errorf("joint %q only the output has is not explained by the diagnostic on the joint it stands for", d.Name)
	}
	// and a body named like the source's joint is not that joint's body
	got.Bodies = append(got.Bodies, BodyReport{Name: "tail1+tail_twist", Kind: convert.Dynamic})
	x = NewExplainer(g, want, got, diags)
	for _, s := range x.Subjects(Difference{Element: "body", Name: "tail1+tail_twist", Missing: "first", Quantity: convert.QBodyKind}) {
		if s == convert.BodySubject(j) {
			t.Errorf("body %q only the output has: subject %v is the source's joint node", "tail1+tail_twist", s)
		}
	}
}
