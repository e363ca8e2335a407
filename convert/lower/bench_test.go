package lower_test

import (
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/urdf"
)

// BenchmarkLower lowers 1,000 bodies, each with a tapered capsule, an
// ellipsoid and a triangle mesh, to URDF's row (all three change).
func BenchmarkLower(b *testing.B) {
	g := convert.NewGraph()
	mesh := cube()
	for i := 0; i < 1000; i++ {
		body := g.AddNode(convert.Node{Name: "b", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}}, -1)
		for _, s := range []convert.Shape{
			{Kind: convert.Capsule, Height: 1, RadiusTop: 0.1, RadiusBottom: 0.2, Mesh: -1},
			{Kind: convert.Ellipsoid, Size: convert.Vec3{0.1, 0.2, 0.3}, Mesh: -1},
			{Kind: convert.TriMesh, Mesh: g.AddMesh(mesh)},
		} {
			g.AddNode(convert.Node{Name: "c", Collider: &convert.Collider{Shape: g.AddShape(s), Material: -1, Filter: -1}}, body)
		}
	}
	b.ResetTimer()
	for b.Loop() {
		if _, d := lower.Lower(g, &urdf.Capabilities); len(d) != 3000 {
			b.Fatalf("%d diagnostics", len(d))
		}
	}
}
