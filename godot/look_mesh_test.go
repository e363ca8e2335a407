package godot

import (
	"bytes"
	"encoding/json"
	"strconv"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/internal/tscn"
)

// lookedGraph is a static body drawing one mesh file of four triangles in
// three parts: red, textured (its coordinates V up), and two with no
// material of their own, which the visual's blue draws.
func lookedGraph(t *testing.T) *convert.Graph {
	g := convert.NewGraph()
	body := g.AddNode(convert.Node{Name: "body", Motion: &convert.Motion{Kind: convert.Static}}, -1)
	pos := []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}, {0, 0, 1}}
	idx := []uint32{0, 1, 2, 1, 3, 2, 0, 4, 1, 0, 2, 4}
	red := [4]float64{1, 0, 0, 1}
	im := memImage("wood grain.png", testenv.PNG(t, 4, 2))
	uv := make([][2]float64, len(idx))
	for k := range uv {
		uv[k] = [2]float64{float64(k%2) * 0.5, float64(k%3) / 3}
	}
	look := &convert.MeshLook{Parts: []convert.MeshPart{{Triangles: 1, Color: &red}, {Triangles: 1, Texture: im}, {Triangles: 2}}, UV: uv}
	m := g.AddMesh(convert.Mesh{Name: "parts", Positions: pos, Indices: idx, Loaded: true, Scale: convert.Vec3{1, 1, 1},
		Look: func() (*convert.MeshLook, convert.Diagnostics, error) { return look, nil, nil }})
	sh := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: m})
	blue := [4]float64{0, 0, 1, 1}
	g.AddNode(convert.Node{Name: "parts", Transform: convert.Identity(), Visual: &convert.Visual{Shape: sh, Color: &blue}}, body)
	return g
}

// TestEmitMeshLook: a mesh whose file gives its parts their own materials
// is written as one ArrayMesh surface per look, each with its material —
// the part's colour, its texture (Godot 4; Godot 3 draws the colour and
// says texture-dropped), or the visual's colour for parts without one —
// and no material_override over them; reading the scene back gives the
// parts their looks again.
func TestEmitMeshLook(t *testing.T) {
	for _, version := range []int{4, 3} {
		t.Run("Godot "+strconv.Itoa(version), func(t *testing.T) {
			out, diags, err := Emit(lookedGraph(t), (&convert.Options{}).With(VersionOption, strconv.Itoa(version)))
			if err != nil {
				t.Fatal(err)
			}
			if got := diags.Has(convert.CodeTextureDropped); got != (version == 3) {
				t.Errorf("texture-dropped %v, want %v", got, version == 3)
			}
			doc, err := tscn.Decode(out.Main)
			if err != nil {
				t.Fatal(err)
			}
			if v := nodeProp(doc, "parts", "material_override"); v != nil {
				t.Errorf("material_override %v over the surfaces' own", v)
			}
			fsys := fstest.MapFS{"robot.tscn": {Data: out.Main}}
			g, _, err := Parse(&convert.Input{Name: "robot.tscn", Data: out.Main, FS: fsys, Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			var look *convert.MeshLook
			for _, n := range g.Nodes {
				if n.Visual != nil && n.Name == "parts" {
					m := g.Meshes[g.Shapes[n.Visual.Shape].Mesh]
					if m.Look == nil {
						t.Fatal("the mesh reads back without its looks")
					}
					look, _, _ = m.Look()
				}
			}
			if look == nil {
				t.Fatal("no visual read back")
			}
			type want struct {
				tris     int
				color    *[4]float64
				textured bool
			}
			red, white, blue := [4]float64{1, 0, 0, 1}, [4]float64{1, 1, 1, 1}, [4]float64{0, 0, 1, 1}
			wants := []want{{1, &red, false}, {1, &white, true}, {2, &blue, false}}
			if version == 3 {
				// the textured part, its texture dropped, has no material
				wants[1] = want{1, nil, false}
			}
			if len(look.Parts) != len(wants) {
				t.Fatalf("%d parts read back, want %d: %+v", len(look.Parts), len(wants), look.Parts)
			}
			for k, w := range wants {
				p := look.Parts[k]
				if p.Triangles != w.tris || (p.Color == nil) != (w.color == nil) || p.Color != nil && *p.Color != *w.color || (p.Texture != nil) != w.textured {
					t.Errorf("part %d: %d triangles, colour %v, texture %v; want %+v", k, p.Triangles, p.Color, p.Texture != nil, w)
				}
				if p.Texture != nil {
					if data, err := p.Texture.Read(); err != nil || !bytes.Equal(data, testenv.PNG(t, 4, 2)) {
						t.Errorf("part %d texture reads %d bytes, %v", k, len(data), err)
					}
				}
			}
		})
	}
}

// TestEmitMeshLookOracle: Godot 4.6 loads the three-surface mesh with no
// error and draws each surface with its material.
func TestEmitMeshLookOracle(t *testing.T) {
	raw, code := inspectEmitted(t, lookedGraph(t))
	var rep struct {
		oracleReport
		Errors int `json:"engine_error_count"`
		Nodes  []struct {
			Name  string `json:"name"`
			Props struct {
				Mesh *struct {
					Class    string `json:"class"`
					Surfaces int    `json:"surface_count"`
				} `json:"mesh"`
			} `json:"props"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil || code != 0 || rep.Errors != 0 || len(rep.Missing) != 0 {
		t.Fatalf("Godot did not load the scene cleanly (exit %d, %v):\n%s", code, err, raw)
	}
	for _, n := range rep.Nodes {
		if n.Name == "parts" {
			if m := n.Props.Mesh; m == nil || m.Class != "ArrayMesh" || m.Surfaces != 3 {
				t.Errorf("mesh %+v, want an ArrayMesh of 3 surfaces", m)
			}
			return
		}
	}
	t.Error("no MeshInstance3D named parts")
}
