package godot

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/mass"
)

// TestGodot3LiftsDeepNodesToTheirBody: a body holding a chain of nested
// frames 30 deep (a welded chain written as one body), each frame with a
// collider, is written to Godot 3 with no parent path longer than
// maxPathDepth+1 names — the deep frames directly under the body, at the
// same world pose — and reads back as the same physics; Godot 4, which
// names deep nodes by their unique name instead, keeps the nesting.
func TestGodot3LiftsDeepNodesToTheirBody(t *testing.T) {
	g := convert.NewGraph()
	m := 2.0
	root := g.AddNode(convert.Node{Name: "scene", Transform: convert.Identity()}, -1)
	body := g.AddNode(convert.Node{Name: "body", Transform: convert.Identity(), Motion: &convert.Motion{Kind: convert.Dynamic, Mass: &m, GravityFactor: 1}}, root)
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.1, 0.1, 0.1}, Mesh: -1})
	parent := body
	for k := 0; k < 30; k++ {
		xf := convert.Identity()
		xf.T = convert.Vec3{0.1, 0, 0.02}
		xf.R = convert.AxisAngle(convert.Vec3{0, 0, 1}, 0.05)
		parent = g.AddNode(convert.Node{Name: "frame" + strconv.Itoa(k), Transform: xf}, parent)
		g.AddNode(convert.Node{Name: "shape" + strconv.Itoa(k), Transform: convert.Identity(), Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, parent)
	}
	g, _ = mass.Complete(g, &convert.Options{})
	parentAttr := regexp.MustCompile(`parent="([^"]*)"`)
	for _, version := range []int{3, 4} {
		out, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(version)))
		if err != nil {
			t.Fatal(err)
		}
		longest := 0
		for _, p := range parentAttr.FindAllStringSubmatch(string(out.Main), -1) {
			longest = max(longest, strings.Count(p[1], "/")+1)
		}
		lifted := diags.Has(convert.CodeGodot3NodesLifted)
		if version == 3 && (longest > maxPathDepth+1 || !lifted) {
			t.Errorf("Godot 3: longest parent path %d names (at most %d), godot3-nodes-lifted said: %v", longest, maxPathDepth+1, lifted)
		}
		if version == 4 && lifted {
			t.Errorf("Godot 4 lifted nodes: %v", diags)
		}
		back, _, err := Parse(&convert.Input{Name: "out.tscn", Data: out.Main, Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("Godot %d output does not read back: %v\n%s", version, err, out.Main)
		}
		back, _ = mass.Complete(back, &convert.Options{})
		want, got := inspect.Inspect(g, "godot", nil), inspect.Inspect(back, "godot", nil)
		inspect.Equate(want, got, 1e-9)
		for _, d := range inspect.Diff(want, got, 1e-9) {
			if d.Quantity == convert.QShape || d.Quantity == convert.QStructure {
				t.Errorf("Godot %d: %s", version, d.Message)
			}
		}
	}
}
