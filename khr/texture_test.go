package khr

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

func image1(name string, data []byte, err error) *convert.Image {
	return &convert.Image{Name: name, File: name, Read: func() ([]byte, error) { return data, err }}
}

// texturedGraph has a textured box, a mesh whose file gives two parts (a
// red one and a textured one, with coordinates), and boxes whose textures
// cannot be carried: missing, a GIF, a PNG with a broken header.
func texturedGraph(t *testing.T) *convert.Graph {
	g := convert.NewGraph()
	skin := image1("tex/skin.png", testenv.PNG(t, 4, 2), nil)
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}, Mesh: -1})
	body := g.AddNode(convert.Node{Name: "Body", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1},
		Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1}}, -1)
	g.AddNode(convert.Node{Name: "Skinned", Visual: &convert.Visual{Shape: box, Texture: skin}}, body)
	quad := convert.Mesh{Name: "quad.obj", File: "quad.obj", Scale: convert.Vec3{1, 1, 1}, Loaded: true,
		Positions: []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}},
		Indices:   []uint32{0, 1, 2, 0, 2, 3}}
	quad.Look = func() (*convert.MeshLook, convert.Diagnostics, error) {
		return &convert.MeshLook{
			Parts: []convert.MeshPart{{Triangles: 1, Color: &[4]float64{1, 0, 0, 1}}, {Triangles: 1, Texture: skin}},
			UV:    [][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}},
		}, nil, nil
	}
	mesh := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: g.AddMesh(quad)})
	g.AddNode(convert.Node{Name: "Quad", Visual: &convert.Visual{Shape: mesh, Color: &[4]float64{0, 0, 1, 1}}}, body)
	// a mesh file whose own image is missing is drawn in the visual's colour
	gone := quad
	gone.Name = "gone.obj"
	gone.Look = func() (*convert.MeshLook, convert.Diagnostics, error) {
		return &convert.MeshLook{Parts: []convert.MeshPart{{Triangles: 2, Texture: image1("gone_skin.png", nil, os.ErrNotExist)}},
			UV: [][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 0}, {1, 1}, {0, 1}}}, nil, nil
	}
	goneShape := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: g.AddMesh(gone)})
	g.AddNode(convert.Node{Name: "QuadGone", Visual: &convert.Visual{Shape: goneShape, Color: &[4]float64{0, 1, 0, 1}}}, body)
	gif := append([]byte("GIF89a"), make([]byte, 20)...)
	for name, im := range map[string]*convert.Image{
		"Missing": image1("gone.png", nil, os.ErrNotExist),
		"Gif":     image1("anim.gif", gif, nil),
		"Broken":  image1("broken.png", []byte("\x89PNG\r\n\x1a\n\x00\x00"), nil),
	} {
		g.AddNode(convert.Node{Name: name, Visual: &convert.Visual{Shape: box, Color: &[4]float64{0, 1, 0, 1}, Texture: im}}, body)
	}
	return g
}

type texDoc struct {
	Meshes []struct {
		Primitives []struct {
			Attributes map[string]int `json:"attributes"`
			Material   *int           `json:"material"`
		} `json:"primitives"`
	} `json:"meshes"`
	Materials []struct {
		PBR struct {
			BaseColorFactor  []float64 `json:"baseColorFactor"`
			BaseColorTexture *struct {
				Index int `json:"index"`
			} `json:"baseColorTexture"`
		} `json:"pbrMetallicRoughness"`
	} `json:"materials"`
	Accessors []struct {
		Count int    `json:"count"`
		Type  string `json:"type"`
	} `json:"accessors"`
	Textures []struct {
		Sampler *int `json:"sampler"`
		Source  *int `json:"source"`
	} `json:"textures"`
	Images []struct {
		URI        string `json:"uri"`
		MimeType   string `json:"mimeType"`
		BufferView *int   `json:"bufferView"`
	} `json:"images"`
	Nodes []struct {
		Name string `json:"name"`
		Mesh *int   `json:"mesh"`
	} `json:"nodes"`
}

// TestTexturesToGLTF: textures become image, sampler, texture and
// baseColorTexture with TEXCOORD_0; a mesh file's parts become one
// primitive each; images that cannot be carried are reported and the
// visual keeps its colour; glTF-Validator finds no error in .gltf (image
// beside it) or .glb (image embedded).
func TestTexturesToGLTF(t *testing.T) {
	g := texturedGraph(t)
	dir := t.TempDir()
	for _, name := range []string{"tex.gltf", "tex.glb"} {
		out, diags, err := Emit(g, &convert.Options{OutputName: name})
		if err != nil {
			t.Fatal(err)
		}
		dropped := map[string]bool{}
		for _, d := range diags {
			if d.Code == convert.CodeTextureDropped {
				dropped[strings.Trim(d.Path[strings.Index(d.Path, " ")+1:], `"`)] = true
			}
		}
		for _, n := range []string{"Missing", "Gif", "Broken", "QuadGone"} {
			if !dropped[n] {
				t.Errorf("%s: no texture-dropped for %s (%v)", name, n, diags)
			}
		}
		if len(dropped) != 4 {
			t.Errorf("%s: texture-dropped for %v, want 4 nodes", name, dropped)
		}
		p := testenv.WriteFiles(t, dir, name, out.Main, out.Files)
		js := out.Main
		if name == "tex.glb" {
			if _, ok := out.Files["textures/skin.png"]; ok {
				t.Error("glb: the image is written beside it, not embedded")
			}
			js = js[20 : 20+binary.LittleEndian.Uint32(js[12:16])]
		} else if !bytes.Equal(out.Files["textures/skin.png"], testenv.PNG(t, 4, 2)) {
			t.Errorf("gltf: textures/skin.png not written beside it (files %v)", out.SideFiles())
		}
		var d texDoc
		if err := json.Unmarshal(js, &d); err != nil {
			t.Fatal(err)
		}
		if len(d.Images) != 1 || len(d.Textures) != 1 {
			t.Fatalf("%s: %d images, %d textures, want 1 each", name, len(d.Images), len(d.Textures))
		}
		if im := d.Images[0]; name == "tex.glb" && (im.BufferView == nil || im.MimeType != "image/png" || im.URI != "") ||
			name == "tex.gltf" && im.URI != "textures/skin.png" {
			t.Errorf("%s: image %+v", name, im)
		}
		meshOf := map[string]int{}
		for _, n := range d.Nodes {
			if n.Mesh != nil {
				meshOf[n.Name] = *n.Mesh
			}
		}
		textured := func(prim int, mesh int) bool {
			pr := d.Meshes[mesh].Primitives[prim]
			if pr.Material == nil {
				return false
			}
			m := d.Materials[*pr.Material]
			return m.PBR.BaseColorTexture != nil && m.PBR.BaseColorTexture.Index == 0
		}
		checkUV := func(mesh, prim int) {
			pr := d.Meshes[mesh].Primitives[prim]
			uv, ok := pr.Attributes["TEXCOORD_0"]
			if !ok {
				t.Errorf("%s: mesh %d primitive %d has a texture and no TEXCOORD_0", name, mesh, prim)
				return
			}
			if a := d.Accessors[uv]; a.Type != "VEC2" || a.Count != d.Accessors[pr.Attributes["POSITION"]].Count {
				t.Errorf("%s: TEXCOORD_0 %+v for %d positions", name, a, d.Accessors[pr.Attributes["POSITION"]].Count)
			}
		}
		box := meshOf["Skinned"]
		if len(d.Meshes[box].Primitives) != 1 || !textured(0, box) {
			t.Errorf("%s: the textured box is not drawn with its texture", name)
		} else {
			checkUV(box, 0)
		}
		q := meshOf["Quad"]
		if n := len(d.Meshes[q].Primitives); n != 2 {
			t.Fatalf("%s: quad has %d primitives, want one per part (2)", name, n)
		}
		red := d.Materials[*d.Meshes[q].Primitives[0].Material].PBR
		if red.BaseColorTexture != nil || len(red.BaseColorFactor) != 4 || red.BaseColorFactor[0] != 1 || red.BaseColorFactor[2] != 0 {
			t.Errorf("%s: the red part's material %+v", name, red)
		}
		if _, ok := d.Meshes[q].Primitives[0].Attributes["TEXCOORD_0"]; ok {
			t.Errorf("%s: the untextured part carries TEXCOORD_0", name)
		}
		if !textured(1, q) {
			t.Errorf("%s: the quad's second part is not textured", name)
		} else {
			checkUV(q, 1)
		}
		for _, n := range []string{"Missing", "Gif", "Broken", "QuadGone"} {
			m := meshOf[n]
			pr := d.Meshes[m].Primitives[0]
			if textured(0, m) || pr.Material == nil || d.Materials[*pr.Material].PBR.BaseColorFactor[1] != 1 {
				t.Errorf("%s: %s is not drawn in its green without texture", name, n)
			}
		}
		testenv.Oracle(t, "gltf-validate")
		if report, code := testenv.RunOracle(t, "gltf-validate", "--summary", p); code != 0 || !bytes.Contains(report, []byte(`"numErrors":0,`)) || !bytes.Contains(report, []byte(`"numWarnings":0,`)) {
			t.Errorf("%s: gltf-validate: %s", name, report)
		}
	}
}
