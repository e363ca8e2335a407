package gltfx

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/qmuntal/gltf"
)

// TestAddVisualsSharesSurfaces: visuals of generated primitives (many of
// one size, signed zeros, a plane too small to draw) get the accessors
// of the first visual whose tessellated surface is the same, and a
// diagnostic for each one without a surface, as if every visual were
// tessellated and looked up by content.
func TestAddVisualsSharesSurfaces(t *testing.T) {
	negZero := math.Copysign(0, -1)
	forms := []convert.Shape{
		{Kind: convert.Box, Size: convert.Vec3{0.1, 0.2, 0.3}},
		{Kind: convert.Box, Size: convert.Vec3{0.1, 0.2, negZero}},
		{Kind: convert.Box, Size: convert.Vec3{0.1, 0.2, 0}},
		{Kind: convert.Sphere, Radius: 0.05},
		{Kind: convert.Sphere, Radius: 0.05 + 1e-17},
		{Kind: convert.Cylinder, RadiusTop: 0.04, RadiusBottom: 0.04, Height: 0.2},
		{Kind: convert.Capsule, RadiusTop: 0.03, RadiusBottom: 0.03, Height: 0.1},
		{Kind: convert.Ellipsoid, Size: convert.Vec3{0.1, 0.05, 0.02}},
		{Kind: convert.Plane, SizeX: 1, SizeZ: 2},
		{Kind: convert.Plane, SizeX: 0, SizeZ: 2},
	}
	r := rand.New(rand.NewPCG(5, 6))
	g := convert.NewGraph()
	d := NewDoc()
	for i := range 300 {
		sh := forms[r.IntN(len(forms))]
		sh.Name = "s" + string(rune('a'+i%26))
		g.AddNode(convert.Node{Name: "n", Visual: &convert.Visual{Shape: g.AddShape(sh)}}, -1)
		d.GLTF.Nodes = append(d.GLTF.Nodes, &gltf.Node{})
	}
	AddVisuals(d, g)

	first := map[uint64]int{} // surface hash → its POSITION accessor
	undrawn := 0
	for i, n := range g.Nodes {
		surf, ok := Tessellate(g.Shapes[n.Visual.Shape])
		if !ok || len(surf.Indices) == 0 {
			undrawn++
			if d.GLTF.Nodes[i].Mesh != nil {
				t.Fatalf("node %d: a mesh for a surface that cannot be drawn", i)
			}
			continue
		}
		want, seen := first[surf.hash()]
		if !seen {
			want = 3 * len(first)
			first[surf.hash()] = want
		}
		m := d.GLTF.Meshes[*d.GLTF.Nodes[i].Mesh]
		if got := m.Primitives[0].Attributes["POSITION"]; got != want {
			t.Fatalf("node %d (%+v): POSITION accessor %d, want %d", i, g.Shapes[n.Visual.Shape], got, want)
		}
	}
	if len(d.GLTF.Accessors) != 3*len(first) {
		t.Errorf("%d accessors for %d surfaces", len(d.GLTF.Accessors), len(first))
	}
	dropped := 0
	for _, x := range d.Diags {
		if x.Code == convert.CodeVisualDropped {
			dropped++
		}
	}
	if dropped != undrawn || undrawn == 0 {
		t.Errorf("%d visual-dropped diagnostics, want %d (> 0)", dropped, undrawn)
	}
}
