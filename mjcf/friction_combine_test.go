package mjcf

import (
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// MuJoCo combines the frictions of two geoms by their maximum; a material
// with another rule (or none, glTF's default) reads back as "maximum",
// and Emit says so. A "maximum" material needs no word.
func TestFrictionCombineIsMaximum(t *testing.T) {
	for _, c := range []struct {
		combine string
		said    bool
	}{{"", true}, {"average", true}, {"maximum", false}} {
		g := convert.NewGraph()
		g.Materials = []convert.Material{{StaticFriction: 0.4, DynamicFriction: 0.4, FrictionCombine: c.combine}}
		b := g.AddNode(convert.Node{Name: "b", Transform: rigidAt(0, 1, 0), Motion: dynamicBody(1)}, -1)
		g.Nodes[b].Collider = &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.1}), Material: 0, Filter: -1}
		_, diags, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if diags.Has("friction-combine-maximum") != c.said {
			t.Errorf("combine %q: friction-combine-maximum said %v, want %v", c.combine, !c.said, c.said)
		}
		back, _ := emitParse(t, g)
		r := inspect.Inspect(back, "mjcf", nil)
		if m := r.Bodies[0].Colliders[0].Material; m == nil || m.FrictionCombine != "maximum" || m.DynamicFriction != 0.4 {
			t.Errorf("combine %q: read back %+v, want friction 0.4 combined by maximum", c.combine, m)
		}
	}
}
