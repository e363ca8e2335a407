package gltfx

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
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

// TestAddVisualsPartLooks: a mesh file's parts are drawn in their own
// looks — a textured part its image times its own colour (an MTL's Kd
// with map_Kd), a coloured part its colour, a part with neither the
// visual's colour — one primitive each.
func TestAddVisualsPartLooks(t *testing.T) {
	g := convert.NewGraph()
	pos := []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}}
	idx := []uint32{0, 1, 2, 1, 3, 2, 0, 2, 3}
	tint, red, blue := [4]float64{1, 0.5, 0.5, 1}, [4]float64{1, 0, 0, 1}, [4]float64{0, 0, 1, 1}
	png := testenv.PNG(t, 2, 2)
	im := &convert.Image{Name: "skin.png", File: "skin.png", Read: func() ([]byte, error) { return png, nil }}
	uv := [][2]float64{{0, 0}, {1, 0}, {0, 1}, {1, 0}, {1, 1}, {0, 1}, {0, 0}, {0, 1}, {1, 1}}
	look := &convert.MeshLook{Parts: []convert.MeshPart{{Triangles: 1, Color: &tint, Texture: im}, {Triangles: 1, Color: &red}, {Triangles: 1}}, UV: uv}
	m := g.AddMesh(convert.Mesh{Name: "parts", Positions: pos, Indices: idx, Loaded: true, Scale: convert.Vec3{1, 1, 1},
		Look: func() (*convert.MeshLook, convert.Diagnostics, error) { return look, nil, nil }})
	sh := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: m})
	g.AddNode(convert.Node{Name: "n", Transform: convert.Identity(), Visual: &convert.Visual{Shape: sh, Color: &blue}}, -1)
	d, err := DocFromGraph(g)
	if err != nil {
		t.Fatal(err)
	}
	AddVisuals(d, g)
	mesh := d.GLTF.Meshes[*d.GLTF.Nodes[0].Mesh]
	if len(mesh.Primitives) != 3 {
		t.Fatalf("%d primitives, want 3", len(mesh.Primitives))
	}
	for k, want := range []struct {
		color    [4]float64
		textured bool
	}{{tint, true}, {red, false}, {blue, false}} {
		mat := d.GLTF.Materials[*mesh.Primitives[k].Material]
		pbr := mat.PBRMetallicRoughness
		if *pbr.BaseColorFactor != want.color || (pbr.BaseColorTexture != nil) != want.textured {
			t.Errorf("primitive %d: colour %v, textured %v; want %v, %v", k, *pbr.BaseColorFactor, pbr.BaseColorTexture != nil, want.color, want.textured)
		}
	}
}

// TestSurfaceHashIsFNV: a surface's hash is hash/fnv's FNV-64a over its
// float32 bytes in the documented order, for generated surfaces with and
// without texture coordinates (the inline form must not drift from it).
func TestSurfaceHashIsFNV(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for trial := 0; trial < 200; trial++ {
		var s Surface
		for i := rng.IntN(30); i > 0; i-- {
			s.Positions = append(s.Positions, convert.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()})
			s.Normals = append(s.Normals, convert.Vec3{rng.Float64(), -rng.Float64(), 0})
			if trial%2 == 0 {
				s.UV = append(s.UV, [2]float64{rng.Float64(), rng.Float64()})
			}
			s.Indices = append(s.Indices, uint32(rng.IntN(1<<20)))
		}
		h := fnv.New64a()
		put := func(x uint32) { h.Write(binary.LittleEndian.AppendUint32(nil, x)) }
		for _, vs := range [][]convert.Vec3{s.Positions, s.Normals} {
			for _, v := range vs {
				for _, c := range v {
					put(math.Float32bits(float32(c)))
				}
			}
			h.Write([]byte{0xff})
		}
		for _, v := range s.UV {
			put(math.Float32bits(float32(v[0])))
			put(math.Float32bits(float32(v[1])))
		}
		h.Write([]byte{0xfe})
		for _, i := range s.Indices {
			put(i)
		}
		if got, want := s.hash(), h.Sum64(); got != want {
			t.Fatalf("surface %d: hash %x, FNV-64a %x", trial, got, want)
		}
	}
}

// TestAddVisualsNumbersImagesOfOneName: images of different files that
// share a name are written as textures/skin.png, skin_2.png, skin_3.png …
// (one file, however many visuals use it, once), also for files with no
// path (an image a mesh file embeds) and for 500 files of one name.
func TestAddVisualsNumbersImagesOfOneName(t *testing.T) {
	png := testenv.PNG(t, 2, 2)
	files := []string{"a/skin.png", "b/skin.png", "a/skin.png", "", "c/skin.png"}
	for k := 0; k < 500; k++ {
		files = append(files, fmt.Sprintf("many/%d/skin.png", k))
	}
	g := convert.NewGraph()
	pos := []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}
	uv := [][2]float64{{0, 0}, {1, 0}, {0, 1}}
	for k, file := range files {
		im := &convert.Image{Name: "skin.png", File: file, Read: func() ([]byte, error) { return png, nil }}
		look := &convert.MeshLook{Parts: []convert.MeshPart{{Triangles: 1, Texture: im}}, UV: uv}
		m := g.AddMesh(convert.Mesh{Name: fmt.Sprintf("m%d", k), Positions: pos, Indices: []uint32{0, 1, 2}, Loaded: true, Scale: convert.Vec3{1, 1, 1},
			Look: func() (*convert.MeshLook, convert.Diagnostics, error) { return look, nil, nil }})
		sh := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: m})
		g.AddNode(convert.Node{Name: fmt.Sprintf("n%d", k), Transform: convert.Identity(), Visual: &convert.Visual{Shape: sh}}, -1)
	}
	d, err := DocFromGraph(g)
	if err != nil {
		t.Fatal(err)
	}
	AddVisuals(d, g)
	var uris []string
	for _, im := range d.GLTF.Images {
		uris = append(uris, im.URI)
	}
	if len(uris) != len(files)-1 {
		t.Fatalf("%d images for %d files: %v", len(uris), len(files)-1, uris[:min(len(uris), 6)])
	}
	for k, uri := range uris {
		want := "textures/skin.png"
		if k > 0 {
			want = fmt.Sprintf("textures/skin_%d.png", k+1)
		}
		if uri != want {
			t.Fatalf("image %d at %q, want %q", k, uri, want)
		}
	}
}
