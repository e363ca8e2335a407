package godot

import (
	"encoding/binary"
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// byteList spells little-endian float32s or uint32s as a PackedByteArray.
func byteList(words []uint32) string {
	b := make([]byte, 4*len(words))
	for i, w := range words {
		binary.LittleEndian.PutUint32(b[4*i:], w)
	}
	parts := make([]string, len(b))
	for i, x := range b {
		parts[i] = fmt.Sprint(x)
	}
	return "PackedByteArray(" + strings.Join(parts, ", ") + ")"
}

func f32s(xs ...float64) []uint32 {
	out := make([]uint32, len(xs))
	for i, x := range xs {
		out[i] = math.Float32bits(float32(x))
	}
	return out
}

// TestSurfaceCoordinatesPerCorner: an ArrayMesh whose surfaces differ in
// having texture coordinates gives every triangle corner one, (0, 0) for
// a surface without them, whichever surface comes first; a mesh with none
// has none.
func TestSurfaceCoordinatesPerCorner(t *testing.T) {
	surface := func(uv bool, u float64) string {
		format := 1 | 1<<12 // vertex, index
		s := fmt.Sprintf(`{"format": %d, "primitive": 3, "vertex_count": 3, "vertex_data": %s, "index_count": 3, "index_data": %s`,
			format|map[bool]int{true: 1 << 4}[uv], byteList(f32s(0, 0, 0, 1, 0, 0, 0, 1, 0)), byteList([]uint32{0, 1, 2}))
		if uv {
			s += `, "attribute_data": ` + byteList(f32s(u, 0.25, u, 0.5, u, 0.75))
		}
		return s + "}"
	}
	cases := []struct {
		name  string
		uvs   []bool
		want  [][2]float64 // per corner: triangles are rewound 0, 2, 1
		noUVs bool
	}{
		{"second has them", []bool{false, true}, [][2]float64{{0, 0}, {0, 0}, {0, 0}, {0.5, 0.75}, {0.5, 0.25}, {0.5, 0.5}}, false},
		{"first has them", []bool{true, false}, [][2]float64{{0.5, 0.75}, {0.5, 0.25}, {0.5, 0.5}, {0, 0}, {0, 0}, {0, 0}}, false},
		{"middle has them", []bool{false, true, false}, [][2]float64{{0, 0}, {0, 0}, {0, 0}, {0.5, 0.75}, {0.5, 0.25}, {0.5, 0.5}, {0, 0}, {0, 0}, {0, 0}}, false},
		{"all have them", []bool{true, true}, [][2]float64{{0.5, 0.75}, {0.5, 0.25}, {0.5, 0.5}, {0.5, 0.75}, {0.5, 0.25}, {0.5, 0.5}}, false},
		{"none has them", []bool{false, false}, nil, true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var surfs []string
			for _, uv := range c.uvs {
				surfs = append(surfs, surface(uv, 0.5))
			}
			scene := "[gd_scene load_steps=2 format=3]\n\n[sub_resource type=\"ArrayMesh\" id=\"m\"]\n_surfaces = [" + strings.Join(surfs, ", ") + "]\n\n" +
				"[node name=\"root\" type=\"Node3D\"]\n\n[node name=\"look\" type=\"MeshInstance3D\" parent=\".\"]\nmesh = SubResource(\"m\")\n"
			g, _, err := Parse(&convert.Input{Name: "uv.tscn", Data: []byte(scene), Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Meshes) != 1 {
				t.Fatalf("%d meshes, want 1", len(g.Meshes))
			}
			m := g.Meshes[0]
			if len(m.Indices) != 3*len(c.uvs) {
				t.Fatalf("%d indices, want %d", len(m.Indices), 3*len(c.uvs))
			}
			var got [][2]float64
			if m.Look != nil {
				look, _, err := m.Look()
				if err != nil {
					t.Fatal(err)
				}
				got = look.UV
			}
			if c.noUVs {
				if got != nil {
					t.Fatalf("coordinates %v, want none", got)
				}
				return
			}
			if fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Fatalf("coordinates %v, want %v", got, c.want)
			}
		})
	}
}
