package urdf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestEmitSharedMeshOnce: a mesh with its data in the Graph (read from
// glTF, MJCF or Godot) that several shapes share is written to one file
// per way of writing it — once for every visual, once per scale for
// colliders, whose flat copies are thickened at their scale — and every
// shape names that file. Written per shape, a scene of 4,000 bodies
// drawing one mesh made 4,000 identical files.
func TestEmitSharedMeshOnce(t *testing.T) {
	tet := convert.Mesh{Name: "tet", Loaded: true, Scale: convert.Vec3{1, 1, 1},
		Positions: []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		Indices:   []uint32{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}}
	flat := convert.Mesh{Name: "flat", Loaded: true, Scale: convert.Vec3{1, 1, 1},
		Positions: []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}},
		Indices:   []uint32{0, 1, 2, 2, 1, 3}}
	cases := []struct {
		name      string
		mesh      convert.Mesh
		scales    []float64 // one body per scale, each drawing and colliding with the mesh
		wantFiles int
		wantThick int
	}{
		{"one scale", tet, []float64{1, 1, 1, 1}, 2, 0},
		{"two scales", tet, []float64{1, 2, 1, 2}, 3, 0},
		{"flat, thickened per use", flat, []float64{1, 1, 3}, 3, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := convert.NewGraph()
			mi := g.AddMesh(c.mesh)
			root := g.AddNode(convert.Node{Name: "base", Transform: convert.Identity(), Motion: &convert.Motion{Kind: convert.Static}}, -1)
			for k, s := range c.scales {
				mass := 1.0
				b := g.AddNode(convert.Node{Name: "b" + string(rune('a'+k)), Transform: convert.Identity(), Motion: &convert.Motion{Kind: convert.Dynamic, Mass: &mass}}, root)
				vs := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: mi})
				cs := g.AddShape(convert.Shape{Kind: convert.Convex, Mesh: mi})
				xf := convert.Identity()
				xf.S = convert.Vec3{s, s, s}
				g.AddNode(convert.Node{Name: "v" + string(rune('a'+k)), Transform: xf, Visual: &convert.Visual{Shape: vs}}, b)
				g.AddNode(convert.Node{Name: "c" + string(rune('a'+k)), Transform: xf, Collider: &convert.Collider{Shape: cs, Material: -1, Filter: -1}}, b)
			}
			out, diags, err := Emit(g, &convert.Options{OutputName: "out/robot.urdf"})
			if err != nil {
				t.Fatal(err)
			}
			if len(out.Files) != c.wantFiles {
				t.Errorf("%d mesh files %v, want %d", len(out.Files), out.SideFiles(), c.wantFiles)
			}
			named := 0
			for file := range out.Files {
				named += strings.Count(string(out.Main), `filename="`+file+`"`)
			}
			if want := 2 * len(c.scales); named != want {
				t.Errorf("%d shapes name a written file, want %d:\n%s", named, want, out.Main)
			}
			thick := 0
			for _, d := range diags {
				if d.Code == convert.CodeMeshThickened {
					thick++
				}
			}
			if thick != c.wantThick {
				t.Errorf("%d mesh-thickened diagnostics, want %d (one per collider): %v", thick, c.wantThick, diags)
			}
		})
	}
}
