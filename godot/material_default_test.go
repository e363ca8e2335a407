package godot

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestDefaultMaterialCombineNoted: a material equal to Godot's default
// (friction 1, no bounce) is not written, but when the source gave no
// friction combine rule Godot's own (minimum) applies, and that is said,
// whether the material is written or not.
func TestDefaultMaterialCombineNoted(t *testing.T) {
	for _, c := range []struct {
		name    string
		mat     convert.Material
		written bool
		noted   bool
	}{
		{"Godot default, no rule", convert.Material{StaticFriction: 1, DynamicFriction: 1}, false, true},
		{"Godot default, minimum", convert.Material{StaticFriction: 1, DynamicFriction: 1, FrictionCombine: "minimum"}, false, false},
		{"other friction, no rule", convert.Material{StaticFriction: 0.5, DynamicFriction: 0.5}, true, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := convert.NewGraph()
			g.Materials = []convert.Material{c.mat}
			box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}, Mesh: -1})
			g.AddNode(convert.Node{Name: "Floor", Motion: &convert.Motion{Kind: convert.Static},
				Collider: &convert.Collider{Shape: box, Material: 0, Filter: -1}}, -1)
			out, diags, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			noted := false
			for _, d := range diags {
				noted = noted || d.Code == convert.CodeGodotCombineDefault
			}
			written := strings.Contains(string(out.Main), "PhysicsMaterial")
			if noted != c.noted || written != c.written {
				t.Errorf("noted %v (want %v), material written %v (want %v)\n%s", noted, c.noted, written, c.written, out.Main)
			}
		})
	}
}
