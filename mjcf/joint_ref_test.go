package mjcf

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/internal/propgen"
)

// refJoint parses a one-body model with the given joints and returns the
// Graph and its one joint node.
func refJoint(t *testing.T, compiler, joints, extra string) (*convert.Graph, int, convert.Diagnostics) {
	t.Helper()
	src := fmt.Sprintf(`<mujoco><compiler %s/><worldbody><body name="b" pos="0 0 1">%s
<geom type="sphere" size="0.1" mass="1"/></body></worldbody>%s</mujoco>`, compiler, joints, extra)
	g, diags, err := Parse(&convert.Input{Name: "ref.xml", Data: []byte(src), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	for i, n := range g.Nodes {
		if n.Joint != nil {
			return g, i, diags
		}
	}
	t.Fatal("no joint")
	return nil, -1, nil
}

// TestJointRefRebased: the Graph measures a joint from the pose in the
// file (MuJoCo's qpos = ref), so range, springref and position targets
// shift by −ref in the axis' own sense; MJCF output writes ref back with
// the source's range, springref and target.
func TestJointRefRebased(t *testing.T) {
	d := math.Pi / 180
	for _, tc := range []struct {
		name, compiler, joints, extra string
		// want: the limited axis, its Graph range, the spring target and
		// the position drive target (NaN = none)
		angular      bool
		lo, hi       float64
		spring, goal float64
		// ref and range written back, in radians or metres
		ref, rlo, rhi float64
	}{
		{name: "hinge in degrees", compiler: `angle="degree"`, joints: `<joint name="j" axis="0 1 0" ref="58" range="50 170" limited="true"/>`,
			angular: true, lo: -8 * d, hi: 112 * d, spring: math.NaN(), goal: math.NaN(), ref: 58 * d, rlo: 50 * d, rhi: 170 * d},
		{name: "hinge in radians with spring", compiler: `angle="radian" autolimits="true"`, joints: `<joint name="j" axis="1 0 0" ref="0.5" range="-1 1" stiffness="3" springref="0.25"/>`,
			angular: true, lo: -1.5, hi: 0.5, spring: -0.25, goal: math.NaN(), ref: 0.5, rlo: -1, rhi: 1},
		{name: "negative axis", compiler: `angle="radian" autolimits="true"`, joints: `<joint name="j" axis="0 0 -1" ref="0.5" range="0 2"/>`,
			angular: true, lo: -0.5, hi: 1.5, spring: math.NaN(), goal: math.NaN(), ref: 0.5, rlo: 0, rhi: 2},
		{name: "slide ignores angle unit", compiler: `angle="degree" autolimits="true"`, joints: `<joint name="j" type="slide" axis="0 0 1" ref="0.1" range="-0.2 0.4" stiffness="50" springref="0.3"/>`,
			lo: -0.3, hi: 0.3, spring: 0.2, goal: math.NaN(), ref: 0.1, rlo: -0.2, rhi: 0.4},
		{name: "position actuator target", compiler: `angle="radian" autolimits="true"`, joints: `<joint name="j" axis="0 1 0" ref="0.3" range="-1 1"/>`,
			extra:   `<actuator><position name="p" joint="j" kp="10"/></actuator><keyframe><key name="drive_targets" ctrl="0.7"/></keyframe>`,
			angular: true, lo: -1.3, hi: 0.7, spring: math.NaN(), goal: 0.4, ref: 0.3, rlo: -1, rhi: 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, jn, diags := refJoint(t, tc.compiler, tc.joints, tc.extra)
			if !diags.Has(convert.CodeJointRefRebased) {
				t.Errorf("missing joint-ref-rebased: %v", diags)
			}
			c := kin.Classify(g.Nodes[jn].Joint)
			if math.Abs(c.Lower-tc.lo) > 1e-12 || math.Abs(c.Upper-tc.hi) > 1e-12 {
				t.Errorf("Graph range [%v, %v], want [%v, %v]", c.Lower, c.Upper, tc.lo, tc.hi)
			}
			var spring, goal = math.NaN(), math.NaN()
			for _, dr := range g.Nodes[jn].Joint.Drives {
				if _, act := actuatorExtras(g.Nodes[jn].Joint.Extras)[0]; act {
					goal = *dr.PositionTarget
				} else {
					spring = *dr.PositionTarget
				}
			}
			if !(math.IsNaN(tc.spring) && math.IsNaN(spring) || math.Abs(spring-tc.spring) < 1e-12) ||
				!(math.IsNaN(tc.goal) && math.IsNaN(goal) || math.Abs(goal-tc.goal) < 1e-12) {
				t.Errorf("spring target %v, drive target %v, want %v and %v", spring, goal, tc.spring, tc.goal)
			}
			back, text := writtenBack(t, g)
			el := findJoint(t, text, "j")
			if got := attrFloat(el, "ref"); math.Abs(got-tc.ref) > 1e-12 {
				t.Errorf("written ref %v, want %v\n%s", got, tc.ref, text)
			}
			if r, _ := floatsOf(el.AttrOr("range", "")); len(r) != 2 || math.Abs(r[0]-tc.rlo) > 1e-12 || math.Abs(r[1]-tc.rhi) > 1e-12 {
				t.Errorf("written range %v, want [%v %v]", r, tc.rlo, tc.rhi)
			}
			if !math.IsNaN(tc.spring) {
				if got := attrFloat(el, "springref"); math.Abs(got-(tc.spring+tc.ref)) > 1e-12 {
					t.Errorf("written springref %v, want %v", got, tc.spring+tc.ref)
				}
			}
			if !math.IsNaN(tc.goal) && !strings.Contains(string(text), fmt.Sprintf(`ctrl="%s"`, fmtFloat(tc.goal+tc.ref))) {
				t.Errorf("keyframe target is not %v\n%s", tc.goal+tc.ref, text)
			}
			for i, n := range back.Nodes {
				if n.Joint != nil {
					bc := kin.Classify(n.Joint)
					if math.Abs(bc.Lower-c.Lower) > 1e-12 || math.Abs(bc.Upper-c.Upper) > 1e-12 {
						t.Errorf("read back: node %d range [%v, %v], want [%v, %v]", i, bc.Lower, bc.Upper, c.Lower, c.Upper)
					}
					break
				}
			}
		})
	}
}

// findJoint returns the written <joint> named name.
func findJoint(t *testing.T, doc []byte, name string) *Element {
	t.Helper()
	root, err := Decode(doc)
	if err != nil {
		t.Fatal(err)
	}
	var found *Element
	var walk func(e *Element)
	walk = func(e *Element) {
		if e.Name == "joint" && e.AttrOr("name", "") == name {
			found = e
		}
		for _, c := range e.Children {
			walk(c)
		}
	}
	walk(root)
	if found == nil {
		t.Fatalf("no joint %q in\n%s", name, doc)
	}
	return found
}

func attrFloat(e *Element, name string) float64 {
	v, ok := floatsOf(e.AttrOr(name, "0"))
	if !ok || len(v) != 1 {
		return math.NaN()
	}
	return v[0]
}

// TestGeneratedRobotsKeepTheirTree: for random robots (propgen), the
// kinematic tree is the file's own: every loop cut is a <connect>, no
// joint is reversed, every free top body roots its own tree; and MJCF
// written and read back has the same joints, limits and refs.
func TestGeneratedRobotsKeepTheirTree(t *testing.T) {
	for seed := uint64(1); seed <= 150; seed++ {
		r := propgen.GenerateRobot(seed)
		g, _, err := Parse(&convert.Input{Name: fmt.Sprintf("robot%d.xml", seed), Data: []byte(r.XML), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, r.XML)
		}
		tr, diags := kin.BuildTree(g, kin.TreeOptions{})
		if diags.Has(convert.CodeTreeRootChosen) {
			t.Errorf("seed %d: %v", seed, diags)
		}
		if len(tr.Loops) != r.Closures {
			t.Errorf("seed %d: %d loops, want %d", seed, len(tr.Loops), r.Closures)
		}
		for _, l := range tr.Loops {
			if _, ok := g.Nodes[l.Node].Joint.Extras["mjcf.equality"]; !ok {
				t.Errorf("seed %d: loop cut at %q, not at a <connect>", seed, g.Nodes[l.Node].Name)
			}
		}
		floating := 0
		for _, l := range tr.Links {
			if l.Joint.Kind == kin.Floating {
				floating++
			}
			if l.Joint.Reversed {
				t.Errorf("seed %d: joint %q reversed", seed, g.Nodes[l.Joint.Node].Name)
			}
		}
		if floating != r.Free {
			t.Errorf("seed %d: %d floating roots, want %d", seed, floating, r.Free)
		}
		out, _, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		back, _, err := Parse(&convert.Input{Name: "back.xml", Data: out.Main, Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, out.Main)
		}
		want, got := robotJoints(g), robotJoints(back)
		if len(want) != len(got) {
			t.Errorf("seed %d: %d joints read back, want %d", seed, len(got), len(want))
			continue
		}
		for name, w := range want {
			if g := got[name]; g != w {
				t.Errorf("seed %d: joint %q read back as %s, want %s", seed, name, g, w)
			}
		}
	}
}

// robotJoints describes each MJCF joint of a Graph by name: kind, range
// (rounded to 1e-9) and ref.
func robotJoints(g *convert.Graph) map[string]string {
	out := map[string]string{}
	round := func(v float64) float64 { return math.Round(v*1e9) / 1e9 }
	for _, n := range g.Nodes {
		j := n.Joint
		if j == nil {
			continue
		}
		names, _ := j.Extras[extraJointNames].(map[string]string)
		refs, _ := j.Extras[extraJointRefs].(map[string]float64)
		for key, name := range names {
			lo, hi := math.Inf(-1), math.Inf(1)
			for _, l := range j.Limits {
				axes := l.Angular
				if strings.HasPrefix(key, "linear") {
					axes = l.Linear
				}
				for _, a := range axes {
					if key == "angular" || fmt.Sprint(a) == key[len(key)-1:] {
						lo, hi = math.Max(lo, l.Min), math.Min(hi, l.Max)
					}
				}
			}
			out[name] = fmt.Sprintf("%s [%v %v] ref %v", key, round(lo), round(hi), round(refs[key]))
		}
	}
	return out
}
