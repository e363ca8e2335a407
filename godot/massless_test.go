package godot

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// A massless moving body is written with the near-zero stand-in and a
// diagnostic, in Godot 4 and 3, not left to Godot's 1 kg default.
func TestMasslessBodyStandIn(t *testing.T) {
	for _, version := range []string{"4", "3"} {
		g := convert.NewGraph()
		g.AddNode(convert.Node{Name: "link", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(0.0),
			CenterOfMass: &convert.Vec3{}, InertiaDiagonal: &convert.Vec3{}}}, -1)
		opts := &convert.Options{}
		opts.SetOption(VersionOption.Name, version)
		out, diags, err := Emit(g, opts)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out.Main), "mass = 1e-09") || !diags.Has(convert.CodeMasslessBody) {
			t.Errorf("godot %s: massless body written as\n%s\n%v", version, out.Main, diags)
		}
		back := parseText(t, string(out.Main))
		for _, n := range back.Nodes {
			if n.Motion != nil && n.Motion.MassOr(1) > 1e-6 {
				t.Errorf("godot %s: read back with mass %v", version, n.Motion.MassOr(1))
			}
		}
	}
}
