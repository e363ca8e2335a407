package gltfx

import (
	"bytes"
	"encoding/base64"
	"encoding/binary"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/qmuntal/gltf"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestMeshLook: a glTF mesh's primitives become the parts of its look, in
// MeshTriangles' order — each material's base colour (white when the
// material gives none), its base-colour texture (an image in a data URI or
// a file beside the document) with the primitive's coordinates turned V
// up; a primitive without a material has no colour; a texture whose
// coordinate set is missing is left out with the reason.
func TestMeshLook(t *testing.T) {
	d, png := lookDoc(t)
	_, idx, look, why, err := MeshTrianglesLook(d, 0)
	if err != nil {
		t.Fatal(err)
	}
	if look == nil {
		t.Fatal("no look")
	}
	if len(why) != 1 || !strings.Contains(why[0], "primitives[3]") || !strings.Contains(why[0], "TEXCOORD_1") {
		t.Errorf("reasons %q, want the missing TEXCOORD_1 of primitive 3", why)
	}
	white := [4]float64{1, 1, 1, 1}
	wants := []struct {
		color   *[4]float64
		texture string // image name, "" = none
	}{{&[4]float64{1, 0, 0, 0.5}, ""}, {&white, "wood grain.png"}, {nil, ""}, {&white, ""}, {&white, ""}}
	if len(look.Parts) != len(wants) {
		t.Fatalf("%d parts, want %d", len(look.Parts), len(wants))
	}
	for k, w := range wants {
		p := look.Parts[k]
		if p.Triangles != 1 || (p.Color == nil) != (w.color == nil) || p.Color != nil && *p.Color != *w.color {
			t.Errorf("part %d: %d triangles, colour %v; want 1, %v", k, p.Triangles, p.Color, w.color)
		}
		switch {
		case w.texture == "" && p.Texture != nil:
			t.Errorf("part %d: texture %q, want none", k, p.Texture.Name)
		case w.texture != "" && (p.Texture == nil || p.Texture.Name != w.texture):
			t.Errorf("part %d: texture %+v, want %s", k, p.Texture, w.texture)
		case p.Texture != nil:
			if data, err := p.Texture.Read(); err != nil || !bytes.Equal(data, png) {
				t.Errorf("part %d: texture reads %d bytes, %v", k, len(data), err)
			}
		}
	}
	if len(look.UV) != len(idx) {
		t.Fatalf("%d corner coordinates for %d corners", len(look.UV), len(idx))
	}
	// the textured primitive's corners, V up; the others' are unused zeros
	want := [][2]float64{{0, 1}, {1, 0.75}, {0.5, 0}}
	for c := range 3 {
		if look.UV[3+c] != want[c] {
			t.Errorf("corner %d UV %v, want %v", c, look.UV[3+c], want[c])
		}
	}
	if _, _, l, _, err := MeshTrianglesLook(d, 7); l != nil || err == nil {
		t.Error("a mesh out of range reads without an error")
	}
}

// TestDrawnVisuals: a drawn glTF node gets the mesh as one visual with
// its look for targets that draw a mesh's parts in their materials, and
// one visual per look (on child nodes, each with its colour, the textured
// one with its corners' coordinates) for targets with one colour per
// visual.
func TestDrawnVisuals(t *testing.T) {
	for _, oneLook := range []bool{false, true} {
		d, png := lookDoc(t)
		g, err := GraphFromDoc(d)
		if err != nil {
			t.Fatal(err)
		}
		var diags convert.Diagnostics
		DrawnVisuals(g, oneLook, &diags)
		if !diags.Has(convert.CodeTextureDropped) {
			t.Errorf("oneLook %v: the texture without coordinates is not reported", oneLook)
		}
		if !oneLook {
			v := g.Nodes[0].Visual
			if v == nil || len(g.Nodes[0].Children) != 0 {
				t.Fatalf("whole mesh: visual %v, %d children", v, len(g.Nodes[0].Children))
			}
			look, _, _ := g.Meshes[g.Shapes[v.Shape].Mesh].Look()
			if len(look.Parts) != 5 {
				t.Errorf("whole mesh: %d parts, want 5", len(look.Parts))
			}
			continue
		}
		// red; white textured; no colour; white (two primitives)
		white := [4]float64{1, 1, 1, 1}
		wants := []struct {
			color    *[4]float64
			textured bool
			tris     int
		}{{&[4]float64{1, 0, 0, 0.5}, false, 1}, {&white, true, 1}, {nil, false, 1}, {&white, false, 2}}
		kids := g.Nodes[0].Children
		if g.Nodes[0].Visual != nil || len(kids) != len(wants) {
			t.Fatalf("one look each: node visual %v, %d children, want %d", g.Nodes[0].Visual, len(kids), len(wants))
		}
		for k, w := range wants {
			n := g.Nodes[kids[k]]
			v := n.Visual
			m := g.Meshes[g.Shapes[v.Shape].Mesh]
			if n.Name != "robot_look"+string(rune('1'+k)) || len(m.Indices) != 3*w.tris || (v.Color == nil) != (w.color == nil) || v.Color != nil && *v.Color != *w.color || (v.Texture != nil) != w.textured {
				t.Errorf("look %d: %s, %d triangles, colour %v, texture %v; want %+v", k, n.Name, len(m.Indices)/3, v.Color, v.Texture != nil, w)
			}
			if !w.textured {
				continue
			}
			if data, _ := v.Texture.Read(); !bytes.Equal(data, png) {
				t.Errorf("look %d: texture bytes differ", k)
			}
			look, _, _ := m.Look()
			want := map[convert.Vec3][2]float64{{0, 0, 0}: {0, 1}, {1, 0, 0}: {1, 0.75}, {0, 1, 0}: {0.5, 0}}
			if look == nil || len(look.UV) != len(m.Indices) {
				t.Fatalf("look %d: no corner coordinates", k)
			}
			for c, vi := range m.Indices {
				if look.UV[c] != want[m.Positions[vi]] {
					t.Errorf("look %d corner %v: UV %v, want %v", k, m.Positions[vi], look.UV[c], want[m.Positions[vi]])
				}
			}
		}
	}
}

// lookDoc is a document whose one mesh has five one-triangle primitives:
// red, textured by a file (coordinates given), without a material,
// textured by a data URI through a coordinate set it lacks, and with a
// material that gives nothing.
func lookDoc(t *testing.T) (*Doc, []byte) {
	var buf bytes.Buffer
	binary.Write(&buf, binary.LittleEndian, [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}})
	binary.Write(&buf, binary.LittleEndian, [][2]float32{{0, 0}, {1, 0.25}, {0.5, 1}})
	b64 := base64.StdEncoding.EncodeToString(buf.Bytes())
	png := testenv.PNG(t, 4, 2)
	doc := `{"asset":{"version":"2.0"},"buffers":[{"uri":"data:application/octet-stream;base64,` + b64 + `","byteLength":60}],
	"bufferViews":[{"buffer":0,"byteLength":36},{"buffer":0,"byteOffset":36,"byteLength":24}],
	"accessors":[{"bufferView":0,"componentType":5126,"count":3,"type":"VEC3","min":[0,0,0],"max":[1,1,0]},
	  {"bufferView":1,"componentType":5126,"count":3,"type":"VEC2"}],
	"images":[{"uri":"data:image/png;base64,` + base64.StdEncoding.EncodeToString(png) + `"},{"uri":"wood%20grain.png"}],
	"textures":[{"source":0},{"source":1}],
	"materials":[{"pbrMetallicRoughness":{"baseColorFactor":[1,0,0,0.5]}},
	  {"pbrMetallicRoughness":{"baseColorTexture":{"index":1}}},
	  {"pbrMetallicRoughness":{"baseColorTexture":{"index":0,"texCoord":1}}},
	  {}],
	"meshes":[{"primitives":[
	  {"attributes":{"POSITION":0},"material":0},
	  {"attributes":{"POSITION":0,"TEXCOORD_0":1},"material":1},
	  {"attributes":{"POSITION":0}},
	  {"attributes":{"POSITION":0,"TEXCOORD_0":1},"material":2},
	  {"attributes":{"POSITION":0},"material":3}]}],
	"nodes":[{"mesh":0,"name":"robot"}],"scenes":[{"nodes":[0]}]}`
	d, err := Decode(&convert.Input{Name: "m.gltf", Data: []byte(doc), FS: fstest.MapFS{"wood grain.png": {Data: png}}, Dir: "."})
	if err != nil {
		t.Fatal(err)
	}
	return d, png
}

// TestLostLooks: what a drawn mesh's look holds beyond the base colour
// and its texture is named — each material's other maps and extensions,
// once per material; the document's animations; skinned nodes — and a
// material only an undrawn mesh uses is not.
func TestLostLooks(t *testing.T) {
	d := &Doc{GLTF: &gltf.Document{
		Animations: []*gltf.Animation{{}, {}},
		Materials: []*gltf.Material{
			{Name: "plain", PBRMetallicRoughness: &gltf.PBRMetallicRoughness{BaseColorTexture: &gltf.TextureInfo{}}},
			{Name: "rich", NormalTexture: &gltf.NormalTexture{}, EmissiveFactor: [3]float64{1, 0, 0},
				PBRMetallicRoughness: &gltf.PBRMetallicRoughness{MetallicRoughnessTexture: &gltf.TextureInfo{}},
				Extensions:           gltf.Extensions{"KHR_materials_ior": nil}},
			{Name: "unused", OcclusionTexture: &gltf.OcclusionTexture{}},
		},
		Meshes: []*gltf.Mesh{
			{Primitives: []*gltf.Primitive{{Material: gltf.Index(0)}, {Material: gltf.Index(1)}, {Material: gltf.Index(1)}}},
			{Primitives: []*gltf.Primitive{{Material: gltf.Index(2)}}},
		},
	}}
	var diags convert.Diagnostics
	lostLooks(d, map[int][]convert.Visual{0: nil}, 3, &diags)
	var got []string
	for _, dg := range diags {
		got = append(got, string(dg.Code)+" "+dg.Path+": "+dg.Message)
	}
	want := []string{
		"animation-dropped animations: 2 animation(s) are not carried: this format has none",
		"animation-dropped skins: 3 skinned mesh node(s) are drawn in their bind pose",
		`shader-dropped materials[1]: material "rich": metallic-roughness map, normal map, emission, KHR_materials_ior not carried; drawn with its base colour and texture`,
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("diagnostics\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
