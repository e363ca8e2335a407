package inspect

import (
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// kindJoint is the report of a joint of a kin kind between two bodies,
// its special axis and range as LimitsFor takes them, at anchor.
func kindJoint(name, a, b, kind string, axis convert.Vec3, lo, hi float64, anchor convert.Vec3) JointReport {
	limits, frame := kin.LimitsFor(kind, axis, lo, hi)
	j := JointReport{Name: name, BodyA: a, BodyB: b, Anchor: anchor, Frame: canonicalQuat(frame), Kind: kind, Limits: []LimitReport{}}
	for _, l := range limits {
		j.Limits = append(j.Limits, LimitReport{Linear: l.Linear, Angular: l.Angular, Min: Num(l.Min), Max: Num(l.Max), Stiffness: Num(l.Stiffness)})
	}
	return j
}

// chainReports is a universal joint "j" between bodies "a" and "b" (its
// blocked axis world X, so it turns about Y, over [-0.5, 1], and about
// Z), and a report of the same bodies with the joint written as URDF
// writes it: a hinge about Y from "a" to dummy body "d", then one about Z
// from "d" to "b", both at the joint's anchor; edit changes the second
// report's steps first.
func chainReports(edit func(steps []JointReport)) (want, got *Report) {
	at := convert.Vec3{1, 2, 3}
	u := kindJoint("j", "a", "b", kin.KindUniversal, convert.Vec3{1, 0, 0}, 0, 0, at)
	// the turn about Y is limited: frame A's axis 1 is Y here
	u.Limits = append(u.Limits, LimitReport{Angular: []int{1}, Min: -0.5, Max: 1, Stiffness: Num(math.Inf(1))})
	bodies := func(names ...string) []BodyReport {
		var out []BodyReport
		for _, n := range names {
			out = append(out, BodyReport{Name: n, Kind: convert.Dynamic})
		}
		return out
	}
	want = &Report{Bodies: bodies("a", "b"), Joints: []JointReport{u}}
	steps := []JointReport{
		kindJoint("j_0", "a", "d", kin.KindRevolute, convert.Vec3{0, 1, 0}, -0.5, 1, at),
		kindJoint("j", "d", "b", kin.KindContinuous, convert.Vec3{0, 0, 1}, math.Inf(-1), math.Inf(1), at),
	}
	if edit != nil {
		edit(steps)
	}
	got = &Report{Bodies: bodies("a", "b", "d"), Joints: steps}
	return want, got
}

// TestChainedJointComparesTheChain: a joint written as a chain of
// one-axis joints through a dummy body is compared as that chain: the
// faithful chain (in either direction through each step) differs only by
// the body the first report lacks, while a step about another axis,
// another range, another place or a missing axis is a difference in that
// quantity on the joint.
func TestChainedJointComparesTheChain(t *testing.T) {
	inf := math.Inf(1)
	at := convert.Vec3{1, 2, 3}
	cases := []struct {
		name string
		edit func(steps []JointReport)
		q    convert.Quantity // 0: no joint difference
		msg  string
	}{
		{"faithful", nil, 0, ""},
		{"second step reversed", func(s []JointReport) {
			s[1] = kindJoint("j", "b", "d", kin.KindContinuous, convert.Vec3{0, 0, -1}, -inf, inf, at)
		}, 0, ""},
		{"first step reversed, its range turned round", func(s []JointReport) {
			s[0] = kindJoint("j_0", "d", "a", kin.KindRevolute, convert.Vec3{0, 1, 0}, -1, 0.5, at)
		}, 0, ""},
		{"first step reversed, its range as written", func(s []JointReport) {
			s[0] = kindJoint("j_0", "d", "a", kin.KindRevolute, convert.Vec3{0, 1, 0}, -0.5, 1, at)
		}, convert.QLimit, "motions"},
		{"wrong axis", func(s []JointReport) {
			s[1] = kindJoint("j", "d", "b", kin.KindContinuous, convert.Vec3{1, 0, 0}, -inf, inf, at)
		}, convert.QAxis, `turn about [1 0 0]`},
		{"slightly turned axis", func(s []JointReport) {
			s[1] = kindJoint("j", "d", "b", kin.KindContinuous, convert.Vec3{0, 0.001, 1}.Normalize(), -inf, inf, at)
		}, convert.QAxis, "motions"},
		{"wrong range", func(s []JointReport) {
			s[0] = kindJoint("j_0", "a", "d", kin.KindRevolute, convert.Vec3{0, 1, 0}, -0.5, 0.9, at)
		}, convert.QLimit, "[-0.5, 0.9]"},
		{"a slide for a turn", func(s []JointReport) {
			s[1] = kindJoint("j", "d", "b", kin.KindPrismatic, convert.Vec3{0, 0, 1}, -inf, inf, at)
		}, convert.QAxis, "slide along"},
		{"an axis lost", func(s []JointReport) {
			s[1] = kindJoint("j", "d", "b", kin.KindFixed, convert.Vec3{}, 0, 0, at)
		}, convert.QAxis, "motions"},
		{"step elsewhere", func(s []JointReport) {
			s[1].Anchor = convert.Vec3{1, 2, 3.01}
		}, convert.QFrame, `step "j" at`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, got := chainReports(c.edit)
			Equate(want, got, 1e-9)
			if len(got.Joints) != 1 || got.Joints[0].chain == nil {
				t.Fatalf("the chain is not read as joint \"j\": %+v", got.Joints)
			}
			var joints []Difference
			for _, d := range Diff(want, got, 1e-9) {
				switch {
				case d.Element == "joint":
					joints = append(joints, d)
				case d.Element != "body" || d.Name != "d" || d.Missing != "first":
					t.Errorf("unexpected difference %s", d.Message)
				}
			}
			if c.q == 0 {
				if len(joints) > 0 {
					t.Errorf("the faithful chain differs: %v", joints)
				}
				return
			}
			if len(joints) != 1 || joints[0].Name != "j" || joints[0].Quantity != c.q || !strings.Contains(joints[0].Message, c.msg) {
				t.Errorf("want one %s difference on joint \"j\" saying %q, got %+v", c.q, c.msg, joints)
			}
		})
	}
}

// TestChainedJointExplained: the diagnostic that says a joint was written
// as a chain (joint-kind-unsupported, on the joint) explains the dummy
// body the chain passes through, and the step's name taking a source
// body's name changes nothing; it does not explain a step about the wrong
// axis.
func TestChainedJointExplained(t *testing.T) {
	g := convert.NewGraph()
	dyn := func() *convert.Motion { return &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1} }
	a := g.AddNode(convert.Node{Name: "a", Motion: dyn()}, -1)
	b := g.AddNode(convert.Node{Name: "b", Motion: dyn()}, a)
	conn := g.AddNode(convert.Node{Name: "j:B"}, b)
	j := g.AddNode(convert.Node{Name: "j", Joint: &convert.Joint{Connected: conn}}, a)
	var diags convert.Diagnostics
	diags.Add(convert.CodeJointKindUnsupported, convert.JointSubject(j), "", "written as 2 one-axis joints through dummy links")
	for _, c := range []struct {
		name       string
		edit       func(steps []JointReport)
		unexplains string // the quantity of the one unexplained difference; "" for none
	}{
		{"faithful", nil, ""},
		{"a step named like a body", func(s []JointReport) { s[0].Name = "b" }, ""},
		{"wrong axis", func(s []JointReport) {
			s[1] = kindJoint("j", "d", "b", kin.KindContinuous, convert.Vec3{1, 0, 0}, math.Inf(-1), math.Inf(1), s[1].Anchor)
		}, "axis"},
	} {
		want, got := chainReports(c.edit)
		x := NewExplainer(g, want, got, diags)
		x.Prepare()
		Equate(want, got, 1e-9)
		var left []string
		for _, d := range DiffDeferred(want, got, 1e-9) {
			if !x.Explains(d) {
				left = append(left, d.QuantityName)
			}
		}
		if want := c.unexplains; len(left) > 1 || want == "" && len(left) > 0 || want != "" && (len(left) == 0 || left[0] != want) {
			t.Errorf("%s: unexplained %v, want %q", c.name, left, want)
		}
	}
}

// TestChainedJointsOnlyWhenClear: a chain is read as a joint only between
// the joint's two bodies, through bodies the first report lacks, when it
// is the only such chain; its steps keep their names when one of them is
// a joint of the first report.
func TestChainedJointsOnlyWhenClear(t *testing.T) {
	for _, c := range []struct {
		name string
		edit func(want, got *Report)
	}{
		{"through a known body", func(want, got *Report) {
			want.Bodies = append(want.Bodies, BodyReport{Name: "d", Kind: convert.Dynamic})
		}},
		{"two chains", func(want, got *Report) {
			got.Bodies = append(got.Bodies, BodyReport{Name: "e", Kind: convert.Dynamic})
			for _, s := range got.Joints[:2] {
				s.Name += "'"
				s.BodyA, s.BodyB = strings.ReplaceAll(s.BodyA, "d", "e"), strings.ReplaceAll(s.BodyB, "d", "e")
				got.Joints = append(got.Joints, s)
			}
		}},
		{"a step is another joint", func(want, got *Report) {
			want.Joints = append(want.Joints, JointReport{Name: "j_0", BodyA: "x", BodyB: "y", Kind: kin.KindFixed})
		}},
		{"the dummy body branches", func(want, got *Report) {
			got.Bodies = append(got.Bodies, BodyReport{Name: "e", Kind: convert.Dynamic})
			got.Joints = append(got.Joints, JointReport{Name: "k", BodyA: "d", BodyB: "e", Kind: kin.KindFixed})
		}},
	} {
		want, got := chainReports(nil)
		c.edit(want, got)
		Equate(want, got, 1e-9)
		for _, j := range got.Joints {
			if j.chain != nil {
				t.Errorf("%s: read as a chain: %+v", c.name, j)
			}
		}
	}
}
