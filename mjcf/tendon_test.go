package mjcf

import (
	"errors"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// tendonModel has sites in the world and in bodies, a spatial tendon
// wrapping a geom with a side site and splitting at a pulley, and fixed
// tendons over one-axis joints (a hinge alone and a hinge of a body with
// two hinges at one anchor).
const tendonModel = `<mujoco model="arm">
  <default><tendon stiffness="2"/></default>
  <worldbody>
    <site name="s0" pos="0 0 1" size="0.02"/>
    <body name="upper" pos="0 0 1">
      <joint name="shoulder" type="hinge" axis="0 1 0"/>
      <geom name="shoulder_geom" type="cylinder" size="0.05 0.05" quat="0.7071 0.7071 0 0"/>
      <geom type="capsule" fromto="0 0 0 0.5 0 0" size="0.04"/>
      <site name="side" pos="0 0 0.1" size="0.01"/>
      <site name="s1" pos="0.3 0 0.05" rgba="1 0 0 1"/>
      <body name="lower" pos="0.5 0 0">
        <joint name="elbow_y" type="hinge" axis="0 1 0"/>
        <joint name="elbow_z" type="hinge" axis="0 0 1"/>
        <geom type="capsule" fromto="0 0 0 0.5 0 0" size="0.03"/>
        <site name="s2" pos="0.2 0 0"/>
        <site name="s3" pos="0.4 0 0"/>
      </body>
    </body>
  </worldbody>
  <tendon>
    <spatial name="flexor" limited="true" range="0.1 1.5" damping="0.5" frictionloss="0.1" springlength="0.9" width="0.01">
      <site site="s0"/>
      <geom geom="shoulder_geom" sidesite="side"/>
      <site site="s1"/>
      <pulley divisor="2"/>
      <site site="s1"/>
      <site site="s2"/>
      <pulley divisor="2"/>
      <site site="s1"/>
      <site site="s3"/>
    </spatial>
    <fixed name="sum" limited="true" range="-1 1" springlength="0.1 0.2">
      <joint joint="shoulder" coef="0.5"/>
      <joint joint="elbow_z" coef="-0.25"/>
    </fixed>
  </tendon>
</mujoco>`

func parseText(t *testing.T, text string) (*convert.Graph, convert.Diagnostics) {
	t.Helper()
	g, d, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(text), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	return g, d
}

// tendonDigest spells a graph's tendons with site world positions, geom
// and joint names, so two graphs with other node numbering compare.
func tendonDigest(g *convert.Graph) []string {
	var out []string
	round := func(v convert.Vec3) string {
		return fmt.Sprintf("(%.9f %.9f %.9f)", v[0]+0, v[1]+0, v[2]+0)
	}
	for _, t := range g.Tendons {
		s := fmt.Sprintf("%s %s [%g %g] k=%g c=%g f=%g a=%g m=%g", t.Name, t.Kind, t.Min, t.Max, t.Stiffness, t.Damping, t.FrictionLoss, t.Armature, t.Margin)
		if t.SpringLength != nil {
			s += fmt.Sprintf(" rest=%v", *t.SpringLength)
		}
		s += fmt.Sprint(" ", t.Extras[extraTendon])
		for _, p := range t.Path {
			switch {
			case p.Site >= 0:
				s += " site:" + g.Sites[p.Site].Name + round(g.SiteWorld(p.Site).T) + fmt.Sprint(g.Sites[p.Site].Radius)
			case p.Geom >= 0:
				s += " geom:" + g.Nodes[p.Geom].Name
				if p.SideSite >= 0 {
					s += "/" + g.Sites[p.SideSite].Name + round(g.SiteWorld(p.SideSite).T)
				}
			case p.Joint >= 0:
				names, _ := g.Nodes[p.Joint].Joint.Extras[extraJointNames].(map[string]string)
				name := names[p.JointAxis]
				if p.JointAxis == "" {
					for _, n := range names {
						name = n
					}
				}
				s += fmt.Sprintf(" joint:%s*%g", name, p.Coef)
			default:
				s += fmt.Sprintf(" pulley/%g", p.Divisor)
			}
		}
		out = append(out, s)
	}
	return out
}

// Tendons, their sites and every physical attribute survive MJCF → MJCF.
func TestTendonsRoundTrip(t *testing.T) {
	g, diags := parseText(t, tendonModel)
	if len(g.Tendons) != 2 || len(g.Sites) != 5 {
		t.Fatalf("read %d tendons, %d sites", len(g.Tendons), len(g.Sites))
	}
	for _, d := range diags {
		if d.Code == convert.CodeMjcfSectionKept || d.Code == convert.CodeNonPhysicsDropped {
			t.Errorf("tendons or sites reported as not converted: %s", d.Message)
		}
	}
	want := tendonDigest(g)
	if w := want[0]; !strings.Contains(w, "[0.1 1.5] k=2 c=0.5 f=0.1") || !strings.Contains(w, "rest=[0.9 0.9]") || !strings.Contains(w, "geom:shoulder_geom/side") || !strings.Contains(w, "pulley/2") {
		t.Fatalf("spatial tendon read as %s", w)
	}
	if w := want[1]; !strings.Contains(w, "joint:shoulder*0.5 joint:elbow_z*-0.25") || !strings.Contains(w, "rest=[0.1 0.2]") {
		t.Fatalf("fixed tendon read as %s", w)
	}
	// MuJoCo 2.2 has no spring dead band: the written tendon rests at its
	// initial length, which the emitter reports
	want[1] = strings.Replace(want[1], " rest=[0.1 0.2]", "", 1)
	back, text := emitParse(t, g)
	got := tendonDigest(back)
	for i := range want {
		if i >= len(got) || got[i] != want[i] {
			t.Errorf("tendon %d after MJCF → MJCF:\n got %v\nwant %s\n%s", i, got, want[i], text)
		}
	}
}

// Names a tendon cannot resolve, and ranges MuJoCo refuses, are errors
// at the element's line.
func TestTendonErrors(t *testing.T) {
	body := `<worldbody><site name="a"/><body name="b"><joint name="h" type="hinge"/><joint name="ball" type="ball"/><geom name="g" size="0.1"/><site name="c"/></body></worldbody>`
	cases := []struct{ tendon, want string }{
		{`<spatial><site site="a"/><site site="x"/></spatial>`, `unknown site "x"`},
		{`<spatial><site site="a"/><geom geom="nope"/><site site="c"/></spatial>`, `unknown geom "nope"`},
		{`<spatial><site site="a"/><geom geom="g" sidesite="zz"/><site site="c"/></spatial>`, `unknown site "zz"`},
		{`<fixed><joint joint="q" coef="1"/></fixed>`, `unknown joint "q"`},
		{`<fixed><joint joint="ball" coef="1"/></fixed>`, `must be a hinge or slide`},
		{`<spatial range="1 0" limited="true"><site site="a"/><site site="c"/></spatial>`, `lower bound`},
		{`<spatial range="0 0" limited="true"><site site="a"/><site site="c"/></spatial>`, `lower bound`},
		{`<spatial><site site="a"/><pulley divisor="0"/><site site="c"/></spatial>`, `divisor must be positive`},
		{`<spatial name="t"><site site="a"/><site site="c"/></spatial><spatial name="t"><site site="a"/><site site="c"/></spatial>`, `used twice`},
		{`<spatial/>`, `no path elements`},
		{`<fixed><site site="a"/></fixed>`, `not a path element`},
	}
	for _, c := range cases {
		text := "<mujoco>\n" + body + "\n<tendon>\n" + c.tendon + "\n</tendon></mujoco>"
		_, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(text), Options: &convert.Options{}})
		var fe *convert.FormatError
		if err == nil || !strings.Contains(err.Error(), c.want) || !errors.As(err, &fe) || fe.Line != 4 {
			t.Errorf("%s: error %v, want %q at its line", c.tendon, err, c.want)
		}
	}
	_, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(`<mujoco><worldbody><site name="a"/><site name="a"/></worldbody></mujoco>`), Options: &convert.Options{}})
	if err == nil || !strings.Contains(err.Error(), "used twice") {
		t.Errorf("duplicate site name: %v", err)
	}
}

// A tendon whose joint the output cuts (or whose site is gone) is dropped
// with a diagnostic naming it, never written dangling.
func TestTendonDanglingDropped(t *testing.T) {
	g, _ := parseText(t, tendonModel)
	g.Tendons[1].Path[0].Joint = g.Tendons[1].Path[1].Joint
	g.Tendons[1].Path[0].JointAxis = "linear1" // an axis no joint was written for
	out, diags, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out.Main), `name="sum"`) {
		t.Fatalf("dangling tendon written:\n%s", out.Main)
	}
	found := false
	for _, d := range diags {
		found = found || d.Code == convert.CodeTendonDropped && d.Subject == convert.TendonSubject(1)
	}
	if !found {
		t.Fatalf("no tendon-dropped diagnostic: %v", diags)
	}
	if math.IsInf(g.Tendons[0].Max, 0) {
		t.Fatal("spatial tendon lost its limit")
	}
}

// An equality holding a fixed tendon of two hinges at its length is the
// coupling q2 = −c1/c2·q1 + a0/c2, written back as that equality; other
// tendon equalities stay MJCF data.
func TestTendonEqualityCoupling(t *testing.T) {
	cases := []struct {
		c1, c2, a0   float64
		extra        string // more attributes of the equality
		coupled      bool
		mult, offset float64
	}{
		{1, -1, 0, "", true, 1, 0},
		{0.5, 0.5, 0, "", true, -1, 0},
		{2, -0.5, 0.1, "", true, 4, -0.2},
		{1, 1, 0, ` tendon2="other"`, false, 0, 0},
	}
	for _, c := range cases {
		text := fmt.Sprintf(`<mujoco><worldbody><body name="a"><joint name="j1" type="hinge"/><geom size="0.1"/>
<body name="b" pos="0 0 -0.3"><joint name="j2" type="hinge"/><geom size="0.1"/></body></body></worldbody>
<tendon><fixed name="t"><joint joint="j1" coef="%g"/><joint joint="j2" coef="%g"/></fixed>
<fixed name="other"><joint joint="j1" coef="1"/></fixed></tendon>
<equality><tendon tendon1="t" polycoef="%g 0 0 0 0"%s/></equality></mujoco>`, c.c1, c.c2, c.a0, c.extra)
		g, _ := parseText(t, text)
		if !c.coupled {
			if len(g.Couplings) != 0 {
				t.Errorf("%+v: coupled %+v", c, g.Couplings)
			}
			continue
		}
		if len(g.Couplings) != 1 {
			t.Fatalf("%+v: %d couplings", c, len(g.Couplings))
		}
		cp := g.Couplings[0]
		if g.Nodes[cp.Follower].Name != "j2" || g.Nodes[cp.Leader].Name != "j1" || math.Abs(cp.Multiplier-c.mult) > 1e-12 || math.Abs(cp.Offset-c.offset) > 1e-12 {
			t.Errorf("%+v: coupling %+v (follower %s)", c, cp, g.Nodes[cp.Follower].Name)
		}
		// written back as the tendon's equality, which MuJoCo weighs by
		// the tendon's coefficients
		want := fmt.Sprintf(`<tendon tendon1="t" polycoef="%g 1 0 0 0"/>`, c.a0)
		if _, text := emitParse(t, g); !strings.Contains(text, want) || !strings.Contains(text, `<fixed name="t">`) || strings.Contains(text, `joint1=`) {
			t.Errorf("%+v: coupling or tendon not written (want %s):\n%s", c, want, text)
		}
	}
}
