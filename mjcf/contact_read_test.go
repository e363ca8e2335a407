package mjcf

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
)

// TestGeomContactRead: a geom's friction triple is its material's sliding
// friction, and its torsional and rolling coefficients where its condim
// lets MuJoCo use them; contact attributes without a Graph form that
// differ from MuJoCo's defaults (however spelled) are named by a
// diagnostic on the collider.
func TestGeomContactRead(t *testing.T) {
	cases := []struct {
		attrs             string
		slide, spin, roll float64
		kept              string // "": no diagnostic
	}{
		{``, 1, 0, 0, ""},
		{`friction="0.7 0.03 0.002"`, 0.7, 0, 0, ""},
		{`friction="0.7 0.03 0.002" condim="4"`, 0.7, 0.03, 0, ""},
		{`friction="0.7 0.03 0.002" condim="6"`, 0.7, 0.03, 0.002, ""},
		{`condim="6"`, 1, 0.005, 0.0001, ""},
		{`condim="1"`, 1, 0, 0, `condim="1"`},
		{`solref="0.02 1.0" solimp="0.9 0.95 0.001 0.5 2" margin="0" gap="0.0" priority="0" solmix="1"`, 1, 0, 0, ""},
		{`solref="0.05 1"`, 1, 0, 0, `solref="0.05 1"`},
		{`solimp="0.8 0.9 0.01" margin="0.02"`, 1, 0, 0, `solimp="0.8 0.9 0.01", margin="0.02"`},
		{`gap="0.01" priority="2" solmix="0.5"`, 1, 0, 0, `solmix="0.5", gap="0.01", priority="2"`},
	}
	for _, c := range cases {
		src := `<mujoco><worldbody><body name="b"><freejoint/><geom name="g" type="sphere" size="0.1" ` + c.attrs + `/></body></worldbody></mujoco>`
		g, diags, err := Parse(&convert.Input{Name: "c.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s: %v", c.attrs, err)
		}
		var col *convert.Collider
		for _, n := range g.Nodes {
			if n.Collider != nil {
				col = n.Collider
			}
		}
		if col == nil || col.Material < 0 {
			t.Fatalf("%s: no collider with a material", c.attrs)
		}
		m := g.Materials[col.Material]
		if m.StaticFriction != c.slide || m.DynamicFriction != c.slide || m.SpinningFriction != c.spin || m.RollingFriction != c.roll {
			t.Errorf("%s: friction %g/%g spinning %g rolling %g, want %g, %g, %g", c.attrs, m.StaticFriction, m.DynamicFriction, m.SpinningFriction, m.RollingFriction, c.slide, c.spin, c.roll)
		}
		kept := diags.OfCode(convert.CodeGeomContactKept)
		switch {
		case c.kept == "" && len(kept) > 0:
			t.Errorf("%s: unexpected %q", c.attrs, kept)
		case c.kept != "" && (len(kept) != 1 || !strings.Contains(kept[0].Message, "contact attributes "+c.kept+" have no Graph form")):
			t.Errorf("%s: diagnostics %q, want one naming %s", c.attrs, kept, c.kept)
		}
	}
}

// TestSolverAttributesCarried: joint and equality solver attributes
// that differ from MuJoCo's defaults (limit, friction and loop softness,
// limit margin) are the joint's MuJoCo solver parameters, which MJCF
// output writes back as they were and any other format names as dropped;
// the defaults, however spelled, are none.
func TestSolverAttributesCarried(t *testing.T) {
	cases := []struct {
		joint, eq        string
		jointKeys, loops string // the parameters, "key=value …"
	}{
		{``, ``, ``, ``},
		{`solreflimit="0.02 1.0" solimplimit="0.9 0.95 0.001"`, `solref="0.02 1"`, ``, ``},
		{`solreflimit="0.005 1" margin="0.01"`, ``, `margin.0=0.01 solreflimit.0=0.005 solreflimit.1=1`, ``},
		{`solimpfriction="0.8 0.9 0.01"`, `solimp="0.95 0.99 0.001"`, `solimpfriction.0=0.8 solimpfriction.1=0.9 solimpfriction.2=0.01`, `solimp.0=0.95 solimp.1=0.99 solimp.2=0.001`},
	}
	params := func(g *convert.Graph) (joint, loop string) {
		for _, n := range g.Nodes {
			j := n.Joint
			if j == nil || j.Solver == nil {
				continue
			}
			var kv []string
			for _, p := range j.Solver.Params {
				kv = append(kv, fmt.Sprintf("%s=%g", p.Key, p.Value))
			}
			switch j.Solver.Class {
			case solverJoint:
				joint = strings.Join(kv, " ")
			case solverEquality:
				loop = strings.Join(kv, " ")
			}
		}
		return joint, loop
	}
	for _, c := range cases {
		src := `<mujoco><worldbody><body name="a"><joint name="j" type="hinge" axis="0 1 0" ` + c.joint + `/><geom type="sphere" size="0.1"/>` +
			`<body name="b" pos="0 0 0.3"><joint type="hinge"/><geom type="sphere" size="0.1"/></body></body></worldbody>` +
			`<equality><connect body1="a" body2="b" anchor="0 0 0.3" ` + c.eq + `/></equality></mujoco>`
		g, _, err := Parse(&convert.Input{Name: "s.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s: %v", c.joint, err)
		}
		if j, l := params(g); j != c.jointKeys || l != c.loops {
			t.Errorf("%s / %s: joint %q loop %q, want %q and %q", c.joint, c.eq, j, l, c.jointKeys, c.loops)
		}
		back, _ := writtenBack(t, g)
		if j, l := params(back); j != c.jointKeys || l != c.loops {
			t.Errorf("%s / %s: written and read back, joint %q loop %q", c.joint, c.eq, j, l)
		}
		_, diags := lower.Lower(g, &convert.Capabilities{Loops: true, JointKinds: Capabilities.JointKinds})
		dropped := len(diags.OfCode(convert.CodeJointSolverDropped))
		if want := min(1, len(c.jointKeys)) + min(1, len(c.loops)); dropped != want {
			t.Errorf("%s / %s: %d joint-solver-dropped to a format without MuJoCo's solver, want %d", c.joint, c.eq, dropped, want)
		}
	}
}
