package godot

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestSkipVisualData: with Options.SkipVisualData a visual
// ArrayMesh's data is left unread (the visual keeps a mesh without
// triangles) and its malformed data goes unreported, while the forms that
// drop the visual still do, what the surfaces say besides their data is
// still checked, and the physics (a convex collider's points, a concave
// one's faces) is read in full. Without the option every malformed array
// is an error, as it always was.
func TestSkipVisualData(t *testing.T) {
	tri := "0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 0"
	idx := "0, 0, 2, 0, 1, 0"
	g4 := func(format, data, index string) string {
		return fmt.Sprintf(`_surfaces = [{"format": %s, "primitive": 3, "vertex_count": 3, "vertex_data": PackedByteArray(%s), "index_count": 3, "index_data": PackedByteArray(%s)}]`, format, data, index)
	}
	cases := []struct {
		name, version, mesh string
		errOff, errOn       string // "" none
		dropped             bool
	}{
		{"readable", "3", g4("34359742465", tri, idx), "", "", false},
		{"not bytes", "3", g4("34359742465", "300, 1", idx), "not a byte", "", false},
		{"malformed list", "3", g4("34359742465", "0, , 1", idx), "expected a value", "", false},
		{"malformed index list", "3", g4("34359742465", tri, "0 0"), "expected ','", "", false},
		{"short vertex data", "3", g4("34359742465", "0, 0, 0, 0", idx), "bytes of vertex_data", "", false},
		{"compressed", "3", g4("34896613377", tri, idx), "", "", true},
		{"compressed and malformed", "3", g4("34896613377", "0, , 1", idx), "expected a value", "", true},
		{"no format", "3", `_surfaces = [{"primitive": 3, "vertex_data": PackedByteArray(` + tri + `)}]`, `"format" must be a whole number`, `"format" must be a whole number`, false},
		{"base64", "3", g4("34359742465", `"AAAAAA=="`, idx), "bytes of vertex_data", "bytes of vertex_data", false},
		{"Godot 3", "2", `surfaces/0 = {"format": 2194432, "primitive": 4, "vertex_count": 3, "array_data": PoolByteArray(` + tri + `), "array_index_data": PoolByteArray(1 2)}`, "expected ','", "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			scene := fmt.Sprintf(`[gd_scene load_steps=4 format=%s]

[sub_resource type="ArrayMesh" id="m"]
%s

[sub_resource type="ConvexPolygonShape3D" id="convex"]
points = PackedVector3Array(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1)

[sub_resource type="ConcavePolygonShape3D" id="concave"]
data = PackedVector3Array(0, 0, 0, 0, 1, 0, 1, 0, 0)

[node name="Root" type="RigidBody3D"]
mass = 2.0

[node name="Hull" type="CollisionShape3D" parent="."]
shape = SubResource("convex")

[node name="Vis" type="MeshInstance3D" parent="."]
mesh = SubResource("m")

[node name="Ground" type="StaticBody3D" parent="."]

[node name="Faces" type="CollisionShape3D" parent="Ground"]
shape = SubResource("concave")
`, c.version, c.mesh)
			if c.version == "2" {
				scene = strings.NewReplacer("RigidBody3D", "RigidBody", "StaticBody3D", "StaticBody", "CollisionShape3D", "CollisionShape",
					"MeshInstance3D", "MeshInstance", "PolygonShape3D", "PolygonShape", "PackedVector3Array", "PoolVector3Array").Replace(scene)
			}
			read := func(skip bool) (*convert.Graph, error) {
				g, _, err := Parse(&convert.Input{Name: "vis.tscn", Data: []byte(scene), Options: &convert.Options{SkipVisualData: skip}})
				return g, err
			}
			off, err := read(false)
			if !matches(err, c.errOff) {
				t.Fatalf("without the option: error %v, want %q", err, c.errOff)
			}
			on, err := read(true)
			if !matches(err, c.errOn) {
				t.Fatalf("with the option: error %v, want %q", err, c.errOn)
			}
			if on == nil {
				return
			}
			var vis *convert.Visual
			for _, n := range on.Nodes {
				if n.Visual != nil {
					vis = n.Visual
				}
			}
			if c.dropped != (vis == nil) {
				t.Fatalf("visual %+v, dropped %v wanted", vis, c.dropped)
			}
			if vis != nil {
				m := on.Meshes[on.Shapes[vis.Shape].Mesh]
				if m.Loaded || len(m.Positions) != 0 || len(m.Indices) != 0 {
					t.Errorf("visual mesh: loaded %v, %d vertices, %d indices; want it unread", m.Loaded, len(m.Positions), len(m.Indices))
				}
			}
			for _, shape := range []convert.ShapeKind{convert.Convex, convert.TriMesh} {
				got := colliderMesh(on, shape)
				if got == nil || len(got.Positions) != 3+btoi(shape == convert.Convex) {
					t.Errorf("%v collider mesh %+v not read", shape, got)
				}
				if off != nil && !reflect.DeepEqual(got.Positions, colliderMesh(off, shape).Positions) {
					t.Errorf("%v collider read differently with the option", shape)
				}
			}
		})
	}
}

func matches(err error, want string) bool {
	if want == "" {
		return err == nil
	}
	return err != nil && strings.Contains(err.Error(), want)
}

// colliderMesh is the mesh of g's first collider of kind k.
func colliderMesh(g *convert.Graph, k convert.ShapeKind) *convert.Mesh {
	for _, n := range g.Nodes {
		if n.Collider != nil && g.Shapes[n.Collider.Shape].Kind == k {
			return &g.Meshes[g.Shapes[n.Collider.Shape].Mesh]
		}
	}
	return nil
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}
