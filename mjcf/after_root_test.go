package mjcf

import (
	"encoding/json"
	"math"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestContentAfterModelIgnored: content after a file's top-level
// element, a model's or an included part's (a stray </mujoco>, as in a
// published humanoid's scene, or a second element), is passed over as
// MuJoCo passes it over, with a warning at its file and line; the model
// reads as without it, with the mass MuJoCo finds.
func TestContentAfterModelIgnored(t *testing.T) {
	part := "<mujocoinclude>\n  <worldbody><body name=\"b\" pos=\"0 0 1\"><freejoint/><geom size=\"0.2\"/></body></worldbody>\n</mujocoinclude>\n"
	model := "<mujoco>\n  <include file=\"part.xml\"/>\n  <worldbody><geom type=\"plane\" size=\"1 1 1\"/></worldbody>\n</mujoco>\n"
	tails := []struct {
		model, part string
		lines       map[string]int // file ("" = the model) → line of the warning
	}{
		{"", "", map[string]int{}},
		{"</mujoco>\n", "", map[string]int{"": 5}},
		{"\n<mujoco><worldbody><body name=\"x\"/></worldbody></mujoco>", "", map[string]int{"": 6}},
		{"", "</mujocoinclude>\n", map[string]int{"part.xml": 4}},
		{"</mujoco>", "<!-- end -->\n</mujoco>\n", map[string]int{"": 5, "part.xml": 5}},
	}
	want := 4.0 / 3 * math.Pi * 0.2 * 0.2 * 0.2 * 1000
	for _, c := range tails {
		fsys := fstest.MapFS{"part.xml": {Data: []byte(part + c.part)}}
		g, diags, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(model + c.model), FS: fsys, Dir: ".", Options: &convert.Options{}})
		if err != nil {
			t.Errorf("tail %q, part tail %q: %v", c.model, c.part, err)
			continue
		}
		got := map[string]int{}
		for _, d := range diags.OfCode(convert.CodeXMLAfterRootIgnored) {
			got[d.File] = d.Line
		}
		if len(got) != len(c.lines) {
			t.Errorf("tail %q, part tail %q: warnings %v, want %v", c.model, c.part, got, c.lines)
		}
		for f, line := range c.lines {
			if got[f] != line {
				t.Errorf("tail %q, part tail %q: warnings %v, want %v", c.model, c.part, got, c.lines)
			}
		}
		bodies, mass := 0, 0.0
		for _, n := range g.Nodes {
			if n.Motion != nil && n.Motion.Mass != nil {
				bodies++
				mass += *n.Motion.Mass
			}
		}
		if bodies != 1 || math.Abs(mass-want) > 1e-12*want {
			t.Errorf("tail %q, part tail %q: %d bodies of %v kg, want one of %v", c.model, c.part, bodies, mass, want)
		}
		dir := t.TempDir()
		testenv.WriteFiles(t, dir, "part.xml", []byte(part+c.part), nil)
		p := testenv.WriteFiles(t, dir, "m.xml", []byte(model+c.model), nil)
		out, code := testenv.RunOracle(t, "mj-inspect", "--compact", p)
		var r struct {
			TotalMass float64 `json:"total_mass"`
		}
		if code != 0 || json.Unmarshal(out, &r) != nil || math.Abs(r.TotalMass-mass) > 1e-9*want {
			t.Errorf("tail %q, part tail %q: MuJoCo reads %s", c.model, c.part, out)
		}
	}
}
