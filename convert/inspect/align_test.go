package inspect

import (
	"math"
	"testing"

	"github.com/physconv/physconv/convert"
)

func body(name string, m float64, com convert.Vec3) BodyReport {
	return BodyReport{Name: name, Kind: convert.Dynamic, Mass: num(m), CenterOfMass: &com}
}

func TestAlignPairsRenamedElements(t *testing.T) {
	cases := []struct {
		name      string
		a, b      []BodyReport
		wantNames []string // b's body names after Align
	}{
		{"case and characters", []BodyReport{body("Cube.006", 1, convert.Vec3{})}, []BodyReport{body("cube_006", 1, convert.Vec3{})}, []string{"Cube.006"}},
		{"duplicate suffix", []BodyReport{body("Floor", 1, convert.Vec3{}), body("Floor#2", 1, convert.Vec3{1, 0, 0})},
			[]BodyReport{body("Floor", 1, convert.Vec3{}), body("Floor_2", 1, convert.Vec3{1, 0, 0})}, []string{"Floor", "Floor#2"}},
		{"numbered in another order", []BodyReport{body("j", 1, convert.Vec3{}), body("j#2", 1, convert.Vec3{1, 0, 0})},
			[]BodyReport{body("j#2", 1, convert.Vec3{}), body("j", 1, convert.Vec3{1, 0, 0})}, []string{"j", "j#2"}},
		{"unnamed, by mass and place", []BodyReport{body("node3", 2, convert.Vec3{0, 1, 0})}, []BodyReport{body("Body", 2, convert.Vec3{0, 1, 0})}, []string{"node3"}},
		{"ambiguous stays", []BodyReport{body("a", 1, convert.Vec3{}), body("b", 1, convert.Vec3{})},
			[]BodyReport{body("x", 1, convert.Vec3{}), body("y", 1, convert.Vec3{})}, []string{"x", "y"}},
		{"mass differs: paired by name, reported", []BodyReport{body("arm", 1, convert.Vec3{})}, []BodyReport{body("arm", 2, convert.Vec3{})}, []string{"arm"}},
	}
	for _, c := range cases {
		a, b := &Report{Bodies: c.a}, &Report{Bodies: c.b}
		Align(a, b, 1e-9)
		for k, want := range c.wantNames {
			if got := b.Bodies[k].Name; got != want {
				t.Errorf("%s: body %d named %q, want %q", c.name, k, got, want)
			}
		}
	}
}

func TestExplainerMatchesBySubjectAndQuantity(t *testing.T) {
	g := convert.NewGraph()
	m := 1.0
	b := g.AddNode(convert.Node{Name: "arm", Motion: &convert.Motion{Kind: convert.Dynamic, Mass: &m, GravityFactor: 1}}, -1)
	cap := g.AddShape(convert.Shape{Kind: convert.Capsule, Height: 1, RadiusTop: 0.1, RadiusBottom: 0.1, Mesh: -1})
	c := g.AddNode(convert.Node{Name: "capsule", Collider: &convert.Collider{Shape: cap, Material: -1, Filter: -1}}, b)
	var diags convert.Diagnostics
	diags.Add(convert.CodeCapsuleSplit, g.ColliderSubject(c), "", "split")
	want := &Report{Bodies: []BodyReport{body("arm", 1, convert.Vec3{})}}
	x := NewExplainer(g, want, &Report{}, diags)
	for _, tc := range []struct {
		d    Difference
		want bool
	}{
		// the capsule gone, and a sphere only the output has on its body
		{Difference{Element: "body", Name: "arm", Node: "capsule", Quantity: convert.QShape, Missing: "second"}, true},
		{Difference{Element: "body", Name: "arm", Node: "capsule#3", Quantity: convert.QShape, Missing: "first"}, true},
		// the body's mass: a collider diagnostic about shape only does not explain it
		{Difference{Element: "body", Name: "arm", Quantity: convert.QMass}, false},
		// another body's shape is not explained by this collider's diagnostic
		{Difference{Element: "body", Name: "leg", Node: "x", Quantity: convert.QShape, Missing: "first"}, false},
	} {
		if got := x.Explains(tc.d); got != tc.want {
			t.Errorf("%+v: explained %v, want %v", tc.d, got, tc.want)
		}
	}
}

func TestGenericJointsCompareInWorldTerms(t *testing.T) {
	lim := LimitReport{Linear: []int{0}, Min: -1, Max: 2, Stiffness: Num(math.Inf(1))}
	x := JointReport{Name: "j", BodyA: "a", BodyB: "b", Kind: "generic", Frame: convert.IdentityQuat(), Limits: []LimitReport{lim}}
	// the same limit along world X, numbered 2 in a frame turned 90° about Y
	y := x
	y.Frame = convert.AxisAngle(convert.Vec3{0, 1, 0}, math.Pi/2)
	l2 := lim
	l2.Linear = []int{2}
	y.Limits = []LimitReport{l2}
	r := func(j JointReport) *Report { return &Report{Joints: []JointReport{j}} }
	if d := CompareReports(r(x), r(y), 1e-9); len(d) != 0 {
		t.Errorf("same limit in another frame: %v", d)
	}
	// bodies swapped: the range reverses
	z := x
	z.BodyA, z.BodyB = "b", "a"
	l3 := lim
	l3.Min, l3.Max = -2, 1
	z.Limits = []LimitReport{l3}
	if d := CompareReports(r(x), r(z), 1e-9); len(d) != 0 {
		t.Errorf("swapped bodies, reversed range: %v", d)
	}
	z.Limits = []LimitReport{lim}
	if d := CompareReports(r(x), r(z), 1e-9); len(d) != 1 {
		t.Errorf("swapped bodies, same range must differ: %v", d)
	}
}
