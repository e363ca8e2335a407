package godot

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// TestArrayMeshRoundTrip: an ArrayMesh written to either Godot version
// is read back as the same triangles (positions, and indices in the
// source's winding), one mesh for the nodes sharing it, and written again
// to the other version unchanged.
func TestArrayMeshRoundTrip(t *testing.T) {
	for _, verts := range []int{4, 1<<16 + 1} { // 16-bit and 32-bit indices in both versions
		for _, from := range []int{4, 3} {
			t.Run(fmt.Sprintf("%d vertices from Godot %d", verts, from), func(t *testing.T) {
				src := tetraVisuals(verts)
				out, _, err := Emit(src, (&convert.Options{}).With(VersionOption, strconv.Itoa(from)))
				if err != nil {
					t.Fatal(err)
				}
				g := parseVisualScene(t, string(out.Main))
				checkSameTriangles(t, src, g)
				out2, _, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(7-from)))
				if err != nil {
					t.Fatal(err)
				}
				checkSameTriangles(t, src, parseVisualScene(t, string(out2.Main)))
			})
		}
	}
}

// checkSameTriangles requires every visual of g to be one mesh with the
// triangles of src's mesh 0.
func checkSameTriangles(t *testing.T, src, g *convert.Graph) {
	t.Helper()
	want := src.Meshes[0]
	meshes := map[int]bool{}
	for _, n := range g.Nodes {
		if n.Visual != nil {
			meshes[g.Shapes[n.Visual.Shape].Mesh] = true
		}
	}
	if len(meshes) != 1 {
		t.Fatalf("visuals use %d meshes, want 1 shared", len(meshes))
	}
	for mi := range meshes {
		got := g.Meshes[mi]
		if len(got.Positions) != len(want.Positions) || fmt.Sprint(got.Indices) != fmt.Sprint(want.Indices) {
			t.Fatalf("%d vertices, indices %v; want %d, %v", len(got.Positions), head(got.Indices), len(want.Positions), head(want.Indices))
		}
		for i, p := range want.Positions {
			if got.Positions[i] != p {
				t.Fatalf("vertex %d: %v, want %v", i, got.Positions[i], p)
			}
		}
	}
}

func head(x []uint32) []uint32 {
	if len(x) > 12 {
		return x[:12]
	}
	return x
}

// TestArrayMeshCorpus: the ArrayMeshes of Godot's own demos (Godot 4:
// base64 streams with normals and tangents beside the positions; Godot 3:
// half-float positions interleaved with compressed normals) are read with
// the bounds Godot stored for each surface when it imported them.
func TestArrayMeshCorpus(t *testing.T) {
	for _, c := range []struct {
		project, scene string
		tol            float64
	}{
		{"godot/demo_truck_town", "vehicles/trailer_truck.tscn", 1e-5},
		{"godot3/demo_truck_town_3x", "car_base.tscn", 2e-3}, // half floats
	} {
		t.Run(c.project, func(t *testing.T) {
			in := corpusInput(t, c.project, c.scene)
			parsed, err := tscn.Decode(in.Data)
			if err != nil {
				t.Fatal(err)
			}
			d := &doc{version: 4, file: c.scene}
			if strings.HasPrefix(c.project, "godot3") {
				d.version = 3
			}
			n := 0
			for i := range parsed.Sections {
				s := &parsed.Sections[i]
				if s.Tag != "sub_resource" || s.AttrString("type") != "ArrayMesh" {
					continue
				}
				n++
				m, why, err := arrayMeshTriangles(s, d)
				if err != nil || why != "" {
					t.Fatalf("line %d: %v %s", s.Line, err, why)
				}
				lo, hi := storedBounds(t, s, d.version)
				glo, ghi := meshBounds(m.Positions)
				for k := 0; k < 3; k++ {
					if math.Abs(glo[k]-lo[k]) > c.tol || math.Abs(ghi[k]-hi[k]) > c.tol {
						t.Errorf("line %d: vertices span %v..%v, Godot stored %v..%v", s.Line, glo, ghi, lo, hi)
						break
					}
				}
				if len(m.Indices) == 0 || len(m.Indices)%3 != 0 {
					t.Errorf("line %d: %d indices", s.Line, len(m.Indices))
				}
			}
			if n == 0 {
				t.Fatal("no ArrayMesh in the scene")
			}
			// and through the parser: the visuals are kept
			g, diags, err := Parse(in)
			if err != nil {
				t.Fatal(err)
			}
			for _, dg := range diags {
				if dg.Code == convert.CodeVisualDropped && strings.Contains(dg.Message, "ArrayMesh") {
					t.Errorf("ArrayMesh visual dropped: %v", dg)
				}
			}
			meshes := 0
			for _, nd := range g.Nodes {
				if nd.Visual != nil && g.Shapes[nd.Visual.Shape].Kind == convert.TriMesh && g.Meshes[g.Shapes[nd.Visual.Shape].Mesh].Loaded {
					meshes++
				}
			}
			if meshes == 0 {
				t.Error("no triangle-mesh visual read")
			}
		})
	}
}

// storedBounds is the union of the "aabb" Godot stored with each surface.
func storedBounds(t *testing.T, s *tscn.Section, version int) (lo, hi convert.Vec3) {
	t.Helper()
	lo, hi = convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, convert.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	var dicts []tscn.Dict
	if version == 3 {
		for k := 0; ; k++ {
			v, ok := s.Prop(fmt.Sprintf("surfaces/%d", k))
			if !ok {
				break
			}
			dicts = append(dicts, v.(tscn.Dict))
		}
	} else {
		v, _ := s.Prop("_surfaces")
		for _, x := range v.(tscn.Array) {
			dicts = append(dicts, x.(tscn.Dict))
		}
	}
	for _, dict := range dicts {
		for _, e := range dict {
			if e.Key != "aabb" {
				continue
			}
			f, ok := e.Value.(*tscn.Call).Floats()
			if !ok || len(f) != 6 {
				t.Fatalf("surface aabb %v", e.Value)
			}
			for k := 0; k < 3; k++ {
				lo[k], hi[k] = math.Min(lo[k], f[k]), math.Max(hi[k], f[k]+f[k+3])
			}
		}
	}
	return lo, hi
}

func meshBounds(ps []convert.Vec3) (lo, hi convert.Vec3) {
	lo, hi = convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, convert.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, p := range ps {
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = math.Min(lo[k], p[k]), math.Max(hi[k], p[k])
		}
	}
	return lo, hi
}

// TestArrayMeshForms: forms the Graph cannot hold are reported and left
// out; data that contradicts itself is an error naming the file and line.
func TestArrayMeshForms(t *testing.T) {
	tri := "0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 0"
	cases := []struct {
		name, surface string
		dropped       bool
		err           string
	}{
		{"readable", `"format": 34359742465, "primitive": 3, "vertex_count": 3, "vertex_data": PackedByteArray(` + tri + `), "index_count": 3, "index_data": PackedByteArray(0, 0, 2, 0, 1, 0)`, false, ""},
		{"unindexed", `"format": 34359738369, "primitive": 3, "vertex_count": 3, "vertex_data": PackedByteArray(` + tri + `)`, false, ""},
		{"strip", `"format": 34359742465, "primitive": 4, "vertex_count": 3, "vertex_data": PackedByteArray(` + tri + `), "index_count": 3, "index_data": PackedByteArray(0, 0, 2, 0, 1, 0)`, true, ""},
		{"compressed", `"format": 34896613377, "primitive": 3, "vertex_count": 3, "vertex_data": PackedByteArray(` + tri + `)`, true, ""},
		{"short vertex data", `"format": 34359742465, "primitive": 3, "vertex_count": 5, "vertex_data": PackedByteArray(` + tri + `), "index_count": 3, "index_data": PackedByteArray(0, 0, 2, 0, 1, 0)`, false, "bytes of vertex_data for 5 vertices"},
		{"format 2, no room for positions", `"format": 34359742465, "primitive": 3, "vertex_count": 3, "vertex_data": PackedByteArray(0, 0, 0, 0, 0, 0, 0, 0, 0), "index_count": 3, "index_data": PackedByteArray(0, 0, 2, 0, 1, 0)`, false, "3 bytes a vertex leave no room for its position"},
		{"format 2, positions cut short", `"format": 34359742465, "primitive": 3, "vertex_count": 3, "vertex_data": PackedByteArray(` + strings.Repeat("0, ", 23) + `0), "index_count": 3, "index_data": PackedByteArray(0, 0, 2, 0, 1, 0)`, false, "8 bytes a vertex leave no room for its position"},
		{"index past the end", `"format": 34359742465, "primitive": 3, "vertex_count": 3, "vertex_data": PackedByteArray(` + tri + `), "index_count": 3, "index_data": PackedByteArray(0, 0, 9, 0, 1, 0)`, false, "past the 3 vertices"},
		{"not bytes", `"format": 34359742465, "primitive": 3, "vertex_count": 3, "vertex_data": PackedByteArray(300, 1), "index_count": 3, "index_data": PackedByteArray(0, 0, 2, 0, 1, 0)`, false, "not a byte"},
		{"no format", `"primitive": 3`, false, `"format" must be a whole number`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			scene := fmt.Sprintf(`[gd_scene load_steps=2 format=3]

[sub_resource type="ArrayMesh" id="m"]
_surfaces = [{%s}]

[node name="Root" type="Node3D"]

[node name="Vis" type="MeshInstance3D" parent="."]
mesh = SubResource("m")
`, c.surface)
			g, diags, err := Parse(&convert.Input{Name: "mesh.tscn", Data: []byte(scene), Options: &convert.Options{}})
			if c.err != "" {
				var fe *convert.FormatError
				if err == nil || !errors.As(err, &fe) || !strings.Contains(err.Error(), c.err) || fe.Line != 4 {
					t.Fatalf("error %v, want one at line 4 saying %q", err, c.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			vis := 0
			for _, n := range g.Nodes {
				if n.Visual != nil {
					vis++
				}
			}
			if c.dropped != (vis == 0) || c.dropped != diags.Has(convert.CodeVisualDropped) {
				t.Fatalf("%d visuals, diagnostics %v; dropped %v wanted", vis, diags, c.dropped)
			}
		})
	}
}

// TestArrayMeshStatedBox: a Godot round trip writes an ArrayMesh with the
// box its source surfaces state (Godot 3 states the box of the positions
// before it compresses them to half floats, so it can hold them by up to
// half a half-float step) together with the vertices; with no stated box
// the vertices' own.
func TestArrayMeshStatedBox(t *testing.T) {
	vertices := [2]convert.Vec3{{0, 0, 0}, {1, 2, 3}} // tetraVisuals' box
	cases := []struct {
		name   string
		stated string // AABB arguments, "" none
		want   [2]convert.Vec3
	}{
		{"wider", "-0.0004, -0.0001, 0, 1.0008, 2.0003, 3.0002", [2]convert.Vec3{{-0.0004, -0.0001, 0}, {1.0004, 2.0002, 3.0002}}},
		{"none", "", vertices},
		{"narrower", "0.1, 0.1, 0.1, 0.5, 0.5, 0.5", vertices},
	}
	aabb := regexp.MustCompile(`"aabb": AABB\([^)]*\),?\n`)
	for _, c := range cases {
		for _, from := range []int{3, 4} {
			for _, to := range []int{3, 4} {
				t.Run(fmt.Sprintf("%s %d→%d", c.name, from, to), func(t *testing.T) {
					out, _, err := Emit(tetraVisuals(4), (&convert.Options{}).With(VersionOption, strconv.Itoa(from)))
					if err != nil {
						t.Fatal(err)
					}
					stated := ""
					if c.stated != "" {
						stated = fmt.Sprintf("\"aabb\": AABB(%s),\n", c.stated)
					}
					src := aabb.ReplaceAllString(string(out.Main), stated)
					if src == string(out.Main) && stated == "" {
						t.Fatalf("no surface box to take out:\n%s", out.Main)
					}
					back, _, err := Emit(parseVisualScene(t, src), (&convert.Options{}).With(VersionOption, strconv.Itoa(to)))
					if err != nil {
						t.Fatal(err)
					}
					parsed, err := tscn.Decode(back.Main)
					if err != nil {
						t.Fatal(err)
					}
					for i := range parsed.Sections {
						s := &parsed.Sections[i]
						if s.Tag != "sub_resource" || s.AttrString("type") != "ArrayMesh" {
							continue
						}
						lo, hi := storedBounds(t, s, to)
						for k := 0; k < 3; k++ {
							if math.Abs(lo[k]-c.want[0][k]) > 1e-12 || math.Abs(hi[k]-c.want[1][k]) > 1e-12 {
								t.Fatalf("written box %v..%v, want %v..%v", lo, hi, c.want[0], c.want[1])
							}
						}
						return
					}
					t.Fatalf("no ArrayMesh written:\n%s", back.Main)
				})
			}
		}
	}
}
