package godot

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// A scene of several roots hangs them from a root named after the
// document (characters Godot forbids in node names replaced), and the
// root node's name reads back as the document name.
func TestRootNamedAfterDocument(t *testing.T) {
	for _, c := range []struct{ name, root string }{{"my robot/1", "my robot_1"}, {"", "Root"}} {
		g := convert.NewGraph()
		g.Name = c.name
		box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}})
		for _, n := range []string{"a", "b"} {
			g.AddNode(convert.Node{Name: n, Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(1.0)},
				Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, -1)
		}
		out, _, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out.Main), `[node name="`+c.root+`" type="Node3D"]`) {
			t.Errorf("want root %q:\n%s", c.root, out.Main)
		}
		back, _, err := Parse(&convert.Input{Name: "x.tscn", Data: out.Main, Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		if back.Name != c.root {
			t.Errorf("document name read back as %q, want %q", back.Name, c.root)
		}
	}
}
