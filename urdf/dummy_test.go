package urdf

import (
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/internal/testenv"
)

// dummyFixture is a Y-up Graph with one joint of each kind URDF lacks,
// hanging one body from a static base each: ball, universal, cylindrical
// (limited slide, free turn), cone-twist (0.4 rad cone, ±0.3 twist) and
// generic (a limited slide on X plus a free turn about Y). Joint frames are
// tilted so axes are not the coordinate axes.
func dummyFixture() (*convert.Graph, map[string]int) {
	g := convert.NewGraph()
	base := g.AddNode(convert.Node{Name: "base", Transform: convert.Identity(), Motion: &convert.Motion{Kind: convert.Static}}, -1)
	inf := math.Inf(1)
	hard := func(lin, ang []int, lo, hi float64) convert.Limit {
		return convert.Limit{Linear: lin, Angular: ang, Min: lo, Max: hi, Stiffness: inf}
	}
	type fixture struct {
		name   string
		class  kin.JointClass
		limits []convert.Limit
		dofs   int // one-axis URDF joints expected
	}
	tilt := convert.Vec3{1, 2, 3}.Normalize()
	fixtures := []fixture{
		{name: "ball", class: kin.JointClass{Kind: kin.KindBall, Axis: tilt}, dofs: 3},
		{name: "universal", class: kin.JointClass{Kind: kin.KindUniversal, Axis: tilt}, dofs: 2},
		{name: "cylindrical", class: kin.JointClass{Kind: kin.KindCylindrical, Axis: tilt, Lower: -0.2, Upper: 0.2,
			AngularLower: math.Inf(-1), AngularUpper: inf}, dofs: 2},
		{name: "cone", class: kin.JointClass{Kind: kin.KindConeTwist, Axis: tilt, Lower: -0.3, Upper: 0.3, Cone: 0.4}, dofs: 3},
		{name: "generic", limits: []convert.Limit{hard([]int{1, 2}, nil, 0, 0), hard([]int{0}, nil, -0.1, 0.1), hard(nil, []int{0, 2}, 0, 0)}, dofs: 2},
	}
	want := map[string]int{}
	for k, f := range fixtures {
		limits, frame := f.limits, convert.IdentityQuat()
		if limits == nil {
			limits, frame = f.class.Limits()
		}
		at := convert.Vec3{float64(k), 1, 0.5}
		jt := convert.Identity()
		jt.T, jt.R = at, convert.AxisAngle(convert.Vec3{0, 0, 1}, 0.3).Mul(frame).Normalize()
		bt := convert.Identity()
		bt.T = at
		b := g.AddNode(convert.Node{Name: f.name + "_body", Transform: bt, Motion: &convert.Motion{Kind: convert.Dynamic,
			Mass: convert.Ptr(1 + float64(k)), CenterOfMass: &convert.Vec3{0, -0.2, 0}, InertiaDiagonal: &convert.Vec3{0.01, 0.02, 0.03}}}, -1)
		// frame B coincides with frame A at rest
		cb := jt
		cb.T = convert.Vec3{}
		conn := g.AddNode(convert.Node{Name: f.name + "_b", Transform: cb}, b)
		g.AddNode(convert.Node{Name: f.name, Transform: jt, Joint: &convert.Joint{Connected: conn, Limits: limits}}, base)
		want[f.name] = f.dofs
	}
	return g, want
}

// TestDummyLinksLoadInMuJoCo: joint kinds URDF lacks become chains of
// one-axis joints through light dummy links; urdfdom accepts the file and
// MuJoCo loads it (it rejects massless moving links), with one MuJoCo joint
// per degree of freedom, the bodies' masses, and every chain step at the
// joint's anchor.
func TestDummyLinksLoadInMuJoCo(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	g, dofs := dummyFixture()
	out, diags, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"joint-kind-unsupported", "dummy-link-mass", "joint-limit-approximated"} {
		if !diags.Has(convert.Code(code)) {
			t.Errorf("missing diagnostic %s", code)
		}
	}
	r, err := Decode(out.Main)
	if err != nil {
		t.Fatal(err)
	}
	anchors := map[string]convert.Vec3{}
	for _, j := range r.Joints {
		if j.Parent == "base" {
			anchors[j.Child] = j.Origin.XYZ
		}
	}
	for _, l := range r.Links {
		if strings.Contains(l.Name, "_dummy") && (l.Inertial == nil || l.Inertial.Mass != dummyMass || l.Inertial.IXX != dummyInertia) {
			t.Errorf("dummy link %q inertial = %+v", l.Name, l.Inertial)
		}
	}
	file := writeOutput(t, t.TempDir(), out)
	urdfCheck(t, file)
	res, code := testenv.RunOracle(t, "mj-inspect", "--backend", "c", "--keep-static", "--compact", file)
	if code != 0 {
		t.Fatalf("MuJoCo rejects the URDF: %s\n%s", res, out.Main)
	}
	var m struct {
		Bodies []struct {
			Name string       `json:"name"`
			Mass float64      `json:"mass"`
			XPos convert.Vec3 `json:"xpos"`
		} `json:"bodies"`
		Joints []struct {
			Name string `json:"name"`
			Type string `json:"type"`
		} `json:"joints"`
	}
	if err := json.Unmarshal(res, &m); err != nil {
		t.Fatal(err)
	}
	perJoint := map[string]int{}
	for _, j := range m.Joints {
		for name := range dofs {
			if j.Name == name || strings.HasPrefix(j.Name, name+"_") {
				perJoint[name]++
				if j.Type != "hinge" && j.Type != "slide" {
					t.Errorf("MuJoCo joint %q is a %s", j.Name, j.Type)
				}
			}
		}
	}
	for name, n := range dofs {
		if perJoint[name] != n {
			t.Errorf("joint %q: %d MuJoCo joints, want %d", name, perJoint[name], n)
		}
	}
	mass := map[string]float64{}
	for _, b := range m.Bodies {
		mass[b.Name] = b.Mass
	}
	for _, n := range g.Nodes {
		if n.Motion == nil || n.Motion.Mass == nil {
			continue
		}
		if got := mass[n.Name]; math.Abs(got-*n.Motion.Mass) > 1e-12 {
			t.Errorf("MuJoCo mass of %q = %v, want %v", n.Name, got, *n.Motion.Mass)
		}
	}
	// Each chain starts at its joint's anchor, (k, 1, 0.5) in the base link
	// (whose frame is the base node's, Y-up).
	for i, name := range []string{"ball", "universal", "cylindrical", "cone", "generic"} {
		var first convert.Vec3
		found := false
		for child, at := range anchors {
			if child == name+"_body" || strings.HasPrefix(child, name+"_dummy") {
				first, found = at, true
			}
		}
		if want := (convert.Vec3{float64(i), 1, 0.5}); !found || first.Sub(want).Len() > 1e-12 {
			t.Errorf("joint %q chain starts at %v, want %v", name, first, want)
		}
	}
}

// TestDummyChainUnboundedSlide: a slide a dummy chain writes for a free
// linear axis gets URDF's ±1e9 m bounds, and says so on the joint, as a
// prismatic joint of its own does; a bounded slide says nothing.
func TestDummyChainUnboundedSlide(t *testing.T) {
	for _, free := range []bool{true, false} {
		g := convert.NewGraph()
		base := g.AddNode(convert.Node{Name: "base", Transform: convert.Identity(), Motion: &convert.Motion{Kind: convert.Static}}, -1)
		lo, hi := -0.2, 0.3
		if free {
			lo, hi = math.Inf(-1), math.Inf(1)
		}
		limits, frame := kin.LimitsFor(kin.KindCylindrical, convert.Vec3{0, 1, 0}, lo, hi)
		b := g.AddNode(convert.Node{Name: "pill", Transform: convert.Identity(), Motion: &convert.Motion{Kind: convert.Dynamic,
			Mass: convert.Ptr(1.0), CenterOfMass: &convert.Vec3{}, InertiaDiagonal: &convert.Vec3{0.01, 0.01, 0.01}}}, -1)
		jt := convert.Identity()
		jt.R = frame
		conn := g.AddNode(convert.Node{Name: "axle_b", Transform: jt}, b)
		j := g.AddNode(convert.Node{Name: "axle", Transform: jt, Joint: &convert.Joint{Connected: conn, Limits: limits}}, base)
		out, diags, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		said := diags.OfCode(convert.CodeLimitUnbounded)
		if !free {
			if len(said) > 0 {
				t.Errorf("bounded slide: %v", said)
			}
			continue
		}
		if len(said) != 1 || said[0].Subject != convert.JointSubject(j) || !strings.Contains(said[0].Message, `"axle"`) {
			t.Errorf("free slide: want one limit-unbounded warning on joint \"axle\", got %v", said)
		}
		if !strings.Contains(string(out.Main), `lower="-1e+09" upper="1e+09"`) {
			t.Errorf("free slide not written with ±1e9 m:\n%s", out.Main)
		}
	}
}
