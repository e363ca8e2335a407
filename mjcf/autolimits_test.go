package mjcf

import (
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// jointLimit is the range the Graph gives MJCF joint j's own axis (a
// hinge's or slide's, a ball's cone), and whether it has one.
func jointLimit(t *testing.T, g *convert.Graph, name, kind string) (lo, hi float64, limited bool) {
	t.Helper()
	for _, n := range g.Nodes {
		if n.Joint == nil || n.Name != name {
			continue
		}
		for _, l := range n.Joint.Limits {
			var own bool
			switch kind {
			case "hinge":
				own = len(l.Linear) == 0 && len(l.Angular) == 1
			case "slide":
				own = len(l.Angular) == 0 && len(l.Linear) == 1
			case "ball":
				own = len(l.Angular) == 3
			}
			if own {
				return l.Min, l.Max, true
			}
		}
		return 0, 0, false
	}
	t.Fatalf("no joint %q", name)
	return
}

// TestJointLimitsAsMuJoCo: whether a joint is limited, and its range, as
// MuJoCo's compiler reads limited ("true", "false", "auto" — the default)
// and range, each given on the joint, by its class, a parent class or a
// body's childclass, under compiler autolimits (on by default) or not:
// "auto" limits when range[0] < range[1]; without autolimits a range
// other than 0 0 needs limited; a limited hinge or slide needs
// range[0] < range[1], a limited ball range[0] = 0; a free joint is never
// limited. Angles are degrees unless the compiler says radian.
func TestJointLimitsAsMuJoCo(t *testing.T) {
	const deg = math.Pi / 180
	const defaults = `<default>
    <default class="off"><joint limited="false"/></default>
    <default class="on"><joint limited="true"/>
      <default class="on_auto"><joint limited="auto"/></default>
      <default class="on_inherited"/>
    </default>
    <default class="ranged"><joint range="-20 30"/></default>
    <default class="zero"><joint range="0 0"/></default>
  </default>`
	cases := []struct {
		name, compiler, joint, body string
		kind                        string // hinge unless given
		err                         string // the error wanted, if any
		limited                     bool
		lo, hi                      float64
	}{
		{name: "nothing", joint: ``},
		{name: "range", joint: `range="-20 30"`, limited: true, lo: -20 * deg, hi: 30 * deg},
		{name: "range, limited false", joint: `range="-20 30" limited="false"`},
		{name: "range, limited true", joint: `range="-20 30" limited="true"`, limited: true, lo: -20 * deg, hi: 30 * deg},
		{name: "range, limited auto", joint: `range="-20 30" limited="auto"`, limited: true, lo: -20 * deg, hi: 30 * deg},
		{name: "reversed range, auto", joint: `range="30 -20"`},
		{name: "empty range, auto", joint: `range="5 5"`},
		{name: "reversed range, limited true", joint: `range="30 -20" limited="true"`, err: "lower bound must be below"},
		{name: "zero range, limited true", joint: `range="0 0" limited="true"`, err: "lower bound must be below"},
		{name: "limited true without range", joint: `limited="true"`, err: "lower bound must be below"},
		{name: "range from class", joint: `class="ranged"`, limited: true, lo: -20 * deg, hi: 30 * deg},
		{name: "range from class, limited false", joint: `class="ranged" limited="false"`},
		{name: "class limited false, range", joint: `class="off" range="0 1"`},
		{name: "class limited false, limited true", joint: `class="off" range="0 1" limited="true"`, limited: true, lo: 0, hi: 1 * deg},
		{name: "class limited true, limited false", joint: `class="on" range="0 1" limited="false"`},
		{name: "class limited true, range", joint: `class="on" range="0 1"`, limited: true, lo: 0, hi: 1 * deg},
		{name: "class limited true, no range", joint: `class="on"`, err: "lower bound must be below"},
		{name: "child class limited auto, range", joint: `class="on_auto" range="0 1"`, limited: true, lo: 0, hi: 1 * deg},
		{name: "child class limited auto, no range", joint: `class="on_auto"`},
		{name: "parent class limited true, range", joint: `class="on_inherited" range="-1 2"`, limited: true, lo: -1 * deg, hi: 2 * deg},
		{name: "body childclass", body: `childclass="ranged"`, joint: ``, limited: true, lo: -20 * deg, hi: 30 * deg},
		{name: "body childclass, limited false", body: `childclass="ranged"`, joint: `limited="false"`},
		{name: "zero range from class", joint: `class="zero"`},
		{name: "radian", compiler: `angle="radian"`, joint: `range="-0.5 1"`, limited: true, lo: -0.5, hi: 1},

		{name: "autolimits off: nothing", compiler: `autolimits="false"`, joint: ``},
		{name: "autolimits off: range", compiler: `autolimits="false"`, joint: `range="-20 30"`, err: "has range but not limited"},
		{name: "autolimits off: range, limited auto", compiler: `autolimits="false"`, joint: `range="-20 30" limited="auto"`, err: "has range but not limited"},
		{name: "autolimits off: reversed range", compiler: `autolimits="false"`, joint: `range="30 -20"`, err: "has range but not limited"},
		{name: "autolimits off: range from class", compiler: `autolimits="false"`, joint: `class="ranged"`, err: "has range but not limited"},
		{name: "autolimits off: zero range", compiler: `autolimits="false"`, joint: `range="0 0"`},
		{name: "autolimits off: zero range from class", compiler: `autolimits="false"`, joint: `class="zero"`},
		{name: "autolimits off: range, limited true", compiler: `autolimits="false"`, joint: `range="-20 30" limited="true"`, limited: true, lo: -20 * deg, hi: 30 * deg},
		{name: "autolimits off: range, limited false", compiler: `autolimits="false"`, joint: `range="-20 30" limited="false"`},
		{name: "autolimits off: class limited true, range", compiler: `autolimits="false"`, joint: `class="on" range="0 1"`, limited: true, lo: 0, hi: 1 * deg},
		{name: "autolimits off: class limited false, range", compiler: `autolimits="false"`, joint: `class="off" range="0 1"`},
		{name: "autolimits on: range", compiler: `autolimits="true"`, joint: `range="-20 30"`, limited: true, lo: -20 * deg, hi: 30 * deg},

		{name: "slide range", kind: "slide", joint: `range="-0.1 0.2"`, limited: true, lo: -0.1, hi: 0.2},
		{name: "slide empty range, limited true", kind: "slide", joint: `range="0.2 0.2" limited="true"`, err: "lower bound must be below"},
		{name: "ball range", kind: "ball", joint: `range="0 45"`, limited: true, lo: 0, hi: 45 * deg},
		{name: "ball range from class", kind: "ball", joint: `class="ranged"`, err: "must start at 0"},
		{name: "ball range below 0", kind: "ball", joint: `range="-10 45"`, err: "must start at 0"},
		{name: "ball range below 0, limited false", kind: "ball", joint: `range="-10 45" limited="false"`},
		{name: "ball reversed range, auto", kind: "ball", joint: `range="45 -10"`},
		{name: "ball limited true without range", kind: "ball", joint: `limited="true"`, limited: true, lo: 0, hi: 0},
		{name: "free joint", kind: "free", joint: `class="ranged" limited="true"`},
		{name: "free joint, autolimits off", compiler: `autolimits="false"`, kind: "free", joint: `class="ranged"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			kind := c.kind
			if kind == "" {
				kind = "hinge"
			}
			text := "<mujoco>\n  <compiler " + c.compiler + "/>\n  " + defaults + "\n  <worldbody>\n    <body name=\"b\" " + c.body +
				">\n      <joint name=\"j\" type=\"" + kind + "\" " + c.joint + "/>\n      <geom size=\"0.1\"/>\n    </body>\n  </worldbody>\n</mujoco>"
			g, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(text), Options: &convert.Options{}})
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want %q\n%s", err, c.err, text)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			if kind == "free" {
				for _, n := range g.Nodes {
					if n.Joint != nil && n.Name == "j" {
						t.Errorf("a free joint read as joint %q", n.Name)
					}
				}
				return
			}
			lo, hi, limited := jointLimit(t, g, "j", kind)
			if limited != c.limited || limited && (math.Abs(lo-c.lo) > 1e-15 || math.Abs(hi-c.hi) > 1e-15) {
				t.Errorf("limited %v [%g, %g], want %v [%g, %g]\n%s", limited, lo, hi, c.limited, c.lo, c.hi, text)
			}
		})
	}
}

// TestTendonLimitsAsMuJoCo: a tendon's limited and range read as a
// joint's are (MuJoCo's checklimited and islimited).
func TestTendonLimitsAsMuJoCo(t *testing.T) {
	cases := []struct {
		name, compiler, tendon string
		err                    string
		limited                bool
		lo, hi                 float64
	}{
		{name: "range", tendon: `range="-1 1"`, limited: true, lo: -1, hi: 1},
		{name: "reversed range, auto", tendon: `range="1 -1"`},
		{name: "zero range, auto", tendon: `range="0 0"`},
		{name: "reversed range, limited true", tendon: `range="1 -1" limited="true"`, err: "lower bound must be below"},
		{name: "range, limited false", tendon: `range="-1 1" limited="false"`},
		{name: "autolimits off: range", compiler: `autolimits="false"`, tendon: `range="-1 1"`, err: "has range but not limited"},
		{name: "autolimits off: zero range", compiler: `autolimits="false"`, tendon: `range="0 0"`},
		{name: "autolimits off: range, limited true", compiler: `autolimits="false"`, tendon: `range="-1 1" limited="true"`, limited: true, lo: -1, hi: 1},
		{name: "range from class", tendon: `class="t"`, limited: true, lo: -2, hi: 3},
		{name: "autolimits off: range from class", compiler: `autolimits="false"`, tendon: `class="t"`, err: "has range but not limited"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			text := `<mujoco><compiler ` + c.compiler + `/><default><default class="t"><tendon range="-2 3"/></default></default>
<worldbody><body name="b"><joint name="h" type="hinge"/><geom size="0.1"/></body></worldbody>
<tendon><fixed name="f" ` + c.tendon + `><joint joint="h" coef="1"/></fixed></tendon></mujoco>`
			g, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(text), Options: &convert.Options{}})
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Fatalf("error %v, want %q\n%s", err, c.err, text)
				}
				return
			}
			if err != nil {
				t.Fatalf("%v\n%s", err, text)
			}
			if len(g.Tendons) != 1 {
				t.Fatalf("%d tendons", len(g.Tendons))
			}
			tn := g.Tendons[0]
			limited := !math.IsInf(tn.Min, -1) || !math.IsInf(tn.Max, 1)
			if limited != c.limited || limited && (tn.Min != c.lo || tn.Max != c.hi) {
				t.Errorf("tendon [%g, %g], want limited %v [%g, %g]", tn.Min, tn.Max, c.limited, c.lo, c.hi)
			}
		})
	}
}

// TestActuatorLimitsAsMuJoCo: an actuator's force and control ranges are
// limits as a joint's range is: forcelimited and ctrllimited "auto" (the
// default) limit under compiler autolimits when range[0] < range[1], so
// a range of 0 0 or one in the wrong order bounds nothing (a drive of
// zero force, or a target clamped to 0, before).
func TestActuatorLimitsAsMuJoCo(t *testing.T) {
	inf := math.Inf(1)
	cases := []struct {
		compiler, act string
		maxForce      float64
		target        float64 // the keyframe's control is 0.5
	}{
		{``, `<position joint="j" kp="2" forcerange="-3 3"/>`, 3, 0.5},
		{``, `<position joint="j" kp="2" forcerange="0 0"/>`, inf, 0.5},
		{``, `<position joint="j" kp="2" forcerange="3 -3"/>`, inf, 0.5},
		{``, `<position joint="j" kp="2" forcerange="-3 3" forcelimited="false"/>`, inf, 0.5},
		{`autolimits="false"`, `<position joint="j" kp="2" forcerange="-3 3" forcelimited="true"/>`, 3, 0.5},
		{`autolimits="false"`, `<position joint="j" kp="2" forcerange="-3 3" forcelimited="false"/>`, inf, 0.5},
		{``, `<position joint="j" kp="2" ctrlrange="0 0.2"/>`, inf, 0.2},
		{``, `<position joint="j" kp="2" ctrlrange="0 0"/>`, inf, 0.5},
		{``, `<position joint="j" kp="2" ctrlrange="0.2 0"/>`, inf, 0.5},
		{`autolimits="false"`, `<position joint="j" kp="2" ctrlrange="0 0.2" ctrllimited="true"/>`, inf, 0.2},
		{`autolimits="false"`, `<position joint="j" kp="2" ctrlrange="0 0.2" ctrllimited="false"/>`, inf, 0.5},
	}
	for _, c := range cases {
		src := `<mujoco><compiler ` + c.compiler + `/><worldbody><body name="b"><joint name="j" type="hinge" axis="0 1 0"/><geom type="sphere" size="0.1"/></body></worldbody><actuator>` +
			c.act + `</actuator><keyframe><key name="drive_targets" ctrl="0.5"/></keyframe></mujoco>`
		g, _, err := Parse(&convert.Input{Name: "a.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s: %v", c.act, err)
		}
		var drives []convert.Drive
		for _, n := range g.Nodes {
			if n.Joint != nil {
				drives = append(drives, n.Joint.Drives...)
			}
		}
		if len(drives) != 1 {
			t.Errorf("%s %s: drives %+v, want one", c.compiler, c.act, drives)
			continue
		}
		if d := drives[0]; d.MaxForce != c.maxForce || d.PositionTarget == nil || *d.PositionTarget != c.target {
			t.Errorf("%s %s: force %g target %v, want %g and %g", c.compiler, c.act, d.MaxForce, d.PositionTarget, c.maxForce, c.target)
		}
	}
}
