package godot

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// TestEmitPointCloudVisual: a convex visual of vertices only (an MJCF mesh
// given by its vertices) is drawn as its hull, as MuJoCo draws it; flat
// points as their outline, points on a line not at all.
func TestEmitPointCloudVisual(t *testing.T) {
	cube := []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 0, 1}, {1, 0, 1}, {0, 1, 1}, {1, 1, 1}}
	flat := []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}
	line := []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {3, 0, 0}}
	for _, c := range []struct {
		name    string
		points  []convert.Vec3
		indices int64 // index_count of the ArrayMesh, 0 = no mesh
	}{{"cube", cube, 36}, {"tetrahedron", append(cube[:3:3], cube[4]), 12},
		{"triangle", cube[:3:3], 3}, {"flat", flat, 6}, {"line", line, 0}} {
		t.Run(c.name, func(t *testing.T) {
			g := convert.NewGraph()
			m := g.AddMesh(convert.Mesh{Name: c.name, Positions: c.points, Loaded: true, Scale: convert.Vec3{1, 1, 1}})
			s := g.AddShape(convert.Shape{Kind: convert.Convex, Mesh: m})
			body := g.AddNode(convert.Node{Name: "body", Motion: &convert.Motion{Kind: convert.Static}}, -1)
			g.AddNode(convert.Node{Name: "v", Transform: convert.Identity(), Visual: &convert.Visual{Shape: s}}, body)
			out, _, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			doc, err := tscn.Decode(out.Main)
			if err != nil {
				t.Fatal(err)
			}
			var count int64
			for i := range doc.Sections {
				sec := &doc.Sections[i]
				if sec.Tag != "sub_resource" || sec.AttrString("type") != "ArrayMesh" {
					continue
				}
				v, _ := sec.Prop("_surfaces")
				for _, s := range v.(tscn.Array) {
					for _, e := range s.(tscn.Dict) {
						if e.Key == "index_count" {
							count, _ = e.Value.(int64)
						}
					}
				}
			}
			if count != c.indices {
				t.Errorf("index_count %d, want %d:\n%s", count, c.indices, out.Main)
			}
			if has := strings.Contains(string(out.Main), `type="MeshInstance3D"`); has != (c.indices > 0) {
				t.Errorf("MeshInstance3D written: %v, want %v", has, c.indices > 0)
			}
		})
	}
}
