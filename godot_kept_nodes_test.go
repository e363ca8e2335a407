package physconv_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestGodotSoftBodyKeptSaid: a SoftBody3D and a CollisionPolygon3D were
// said to be "not converted" though Godot output of the same version
// writes them as they were; the other version and other formats have
// none of them. The warning now says so, and holds for every target: the
// node's class is in the same version's output and in no other.
func TestGodotSoftBodyKeptSaid(t *testing.T) {
	reg := all.Registry()
	scenes := map[int]string{
		4: `[gd_scene load_steps=2 format=3]

[sub_resource type="BoxMesh" id="1"]

[node name="Root" type="Node3D"]

[node name="Soft" type="SoftBody3D" parent="."]
mesh = SubResource("1")
pressure_coefficient = 0.5

[node name="Poly" type="CollisionPolygon3D" parent="."]
polygon = PackedVector2Array(0, 0, 1, 0, 0, 1)
`,
		3: `[gd_scene load_steps=2 format=2]

[sub_resource type="CubeMesh" id=1]

[node name="Root" type="Spatial"]

[node name="Soft" type="SoftBody" parent="."]
mesh = SubResource( 1 )
pressure_coefficient = 0.5

[node name="Poly" type="CollisionPolygon" parent="."]
polygon = PoolVector2Array( 0, 0, 1, 0, 0, 1 )
`}
	classes := map[int][]string{4: {`type="SoftBody3D"`, `type="CollisionPolygon3D"`}, 3: {`type="SoftBody"`, `type="CollisionPolygon"`}}
	for v, scene := range scenes {
		for _, to := range []string{"godot", "godot3", "mjcf"} {
			out, res := convertIn(t, reg, fstest.MapFS{"s.tscn": {Data: []byte(scene)}}, "s.tscn", to)
			said := 0
			for _, d := range res.Diagnostics {
				if d.Code == convert.CodeGodotUnsupportedNode {
					said++
					if !strings.Contains(d.Message, "kept only by Godot output of the same Godot version") {
						t.Errorf("Godot %d to %s: %s", v, to, d.Message)
					}
				}
			}
			if said != 2 {
				t.Errorf("Godot %d to %s: %d godot-unsupported-node, want 2", v, to, said)
			}
			same := to == "godot" && v == 4 || to == "godot3" && v == 3
			for _, c := range classes[v] {
				if strings.Contains(string(out.Main), c) != same {
					t.Errorf("Godot %d to %s: %s written %v, want %v", v, to, c, !same, same)
				}
			}
		}
	}
}
