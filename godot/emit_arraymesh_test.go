package godot

import (
	"encoding/binary"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// tetraVisuals is a Graph of one static body with two visuals sharing one
// mesh (as a robot's repeated links do) and one visual with another mesh.
func tetraVisuals(nVerts int) *convert.Graph {
	g := convert.NewGraph()
	pos := []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 2, 0}, {0, 0, 3}}
	idx := []uint32{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}
	for len(pos) < nVerts { // unused vertices push the count past 16-bit indices
		pos = append(pos, convert.Vec3{0.5, 0.5, 0.5})
	}
	m := g.AddMesh(convert.Mesh{Name: "tetra", Positions: pos, Indices: idx, Loaded: true, Scale: convert.Vec3{1, 1, 1}})
	s := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: m})
	body := g.AddNode(convert.Node{Name: "body", Motion: &convert.Motion{Kind: convert.Static}}, -1)
	for _, name := range []string{"a", "b"} {
		g.AddNode(convert.Node{Name: name, Transform: convert.Identity(), Visual: &convert.Visual{Shape: s}}, body)
	}
	return g
}

// TestEmitArrayMesh: a visual mesh from a non-Godot source is written as
// one ArrayMesh sub-resource whose vertex and index bytes decode to the
// mesh (windings reversed, Godot's front faces being clockwise), with
// 16-bit indices up to 65536 vertices and 32-bit beyond.
func TestEmitArrayMesh(t *testing.T) {
	for _, c := range []struct {
		name   string
		verts  int
		stride int
	}{{"16-bit indices", 4, 2}, {"32-bit indices", 1<<16 + 1, 4}} {
		t.Run(c.name, func(t *testing.T) {
			g := tetraVisuals(c.verts)
			out, _, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			doc, err := tscn.Decode(out.Main)
			if err != nil {
				t.Fatal(err)
			}
			var surfaces []tscn.Dict
			for i := range doc.Sections {
				s := &doc.Sections[i]
				if s.Tag == "sub_resource" && s.AttrString("type") == "ArrayMesh" {
					v, _ := s.Prop("_surfaces")
					arr, _ := v.(tscn.Array)
					for _, v := range arr {
						surfaces = append(surfaces, v.(tscn.Dict))
					}
				}
			}
			if len(surfaces) != 1 {
				t.Fatalf("%d ArrayMesh surfaces, want 1 shared by both visuals", len(surfaces))
			}
			if n := strings.Count(string(out.Main), `type="MeshInstance3D"`); n != 2 {
				t.Errorf("%d MeshInstance3D, want 2", n)
			}
			get := func(k string) tscn.Value {
				for _, e := range surfaces[0] {
					if e.Key == k {
						return e.Value
					}
				}
				t.Fatalf("surface has no %q", k)
				return nil
			}
			bytesOf := func(k string) []byte {
				b, ok := get(k).(*tscn.Call).ByteArgs()
				if !ok {
					t.Fatalf("%s is not a byte array of numbers", k)
				}
				return b
			}
			want := g.Meshes[0]
			vd := bytesOf("vertex_data")
			if len(vd) != 12*len(want.Positions) || get("vertex_count") != int64(len(want.Positions)) {
				t.Fatalf("%d vertex bytes for %d vertices", len(vd), len(want.Positions))
			}
			for i, p := range want.Positions[:4] {
				for k := 0; k < 3; k++ {
					if got := math.Float32frombits(binary.LittleEndian.Uint32(vd[12*i+4*k:])); float64(got) != p[k] {
						t.Fatalf("vertex %d: %v, want %v", i, got, p)
					}
				}
			}
			id := bytesOf("index_data")
			if len(id) != c.stride*len(want.Indices) {
				t.Fatalf("%d index bytes, want %d×%d", len(id), c.stride, len(want.Indices))
			}
			for i := range want.Indices {
				var got uint32
				if c.stride == 2 {
					got = uint32(binary.LittleEndian.Uint16(id[2*i:]))
				} else {
					got = binary.LittleEndian.Uint32(id[4*i:])
				}
				tri, corner := i/3*3, i%3
				src := want.Indices[tri+[3]int{0, 2, 1}[corner]]
				if got != src {
					t.Fatalf("index %d: %d, want %d (winding reversed)", i, got, src)
				}
			}
		})
	}
}

// TestEmitArrayMeshOracle: Godot 4 loads the written ArrayMesh with no
// error or missing dependency, and reports the mesh's bounds.
func TestEmitArrayMeshOracle(t *testing.T) {
	raw, code := inspectEmitted(t, tetraVisuals(4))
	var rep struct {
		oracleReport
		Nodes []struct {
			Class string `json:"class"`
			Props struct {
				Mesh *struct {
					Class string `json:"class"`
					AABB  struct {
						Position, Size [3]float64
					} `json:"aabb"`
					Surfaces int `json:"surface_count"`
				} `json:"mesh"`
			} `json:"props"`
		} `json:"nodes"`
	}
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatalf("godot4-inspect output: %v\n%s", err, raw)
	}
	if code != 0 || !rep.OK || rep.EngineErrors != 0 || len(rep.Missing) != 0 {
		t.Fatalf("godot4-inspect rejected the scene (exit %d): %s", code, raw)
	}
	meshes := 0
	for _, n := range rep.Nodes {
		if n.Class != "MeshInstance3D" {
			continue
		}
		meshes++
		m := n.Props.Mesh
		if m == nil || m.Class != "ArrayMesh" || m.Surfaces != 1 || m.AABB.Position != [3]float64{} || m.AABB.Size != [3]float64{1, 2, 3} {
			t.Errorf("MeshInstance3D mesh %+v, want an ArrayMesh of 1 surface, bounds 0..(1,2,3)", m)
		}
	}
	if meshes != 2 {
		t.Errorf("Godot built %d MeshInstance3D, want 2", meshes)
	}
}
