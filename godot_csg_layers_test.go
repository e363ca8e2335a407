package physconv_test

import (
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// TestGodotCSGKeepsItsOwn: a CSG shape's collision is built at run time
// and is no Graph collider; Godot output of the same version writes the
// node as it was, but left out its collision_layer and collision_mask
// (read as a body's filter) and a CSGPolygon3D's mode (read as a Godot 3
// rigid body's): a floor on layer 2 caught a box it let fall in the
// source, and a tube along a path became a slab. They are the node's own
// now, in both versions; in Godot 4.6 the box falls through the floor in
// the output as in the source.
func TestGodotCSGKeepsItsOwn(t *testing.T) {
	reg := all.Registry()
	scenes := map[string]struct{ text, to string }{
		"godot4": {`[gd_scene load_steps=2 format=3]

[sub_resource type="BoxShape3D" id="b"]
size = Vector3(0.5, 0.5, 0.5)

[node name="Root" type="Node3D"]

[node name="Floor" type="CSGBox3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -0.5, 0)
use_collision = true
collision_layer = 2
collision_mask = 2
size = Vector3(10, 1, 10)

[node name="Tube" type="CSGPolygon3D" parent="."]
use_collision = true
collision_layer = 4
polygon = PackedVector2Array(0, 0, 0, 1, 1, 1, 1, 0)
mode = 1

[node name="Box" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0)

[node name="CS" type="CollisionShape3D" parent="Box"]
shape = SubResource("b")
`, "godot"},
		"godot3": {`[gd_scene load_steps=2 format=2]

[node name="Root" type="Spatial"]

[node name="Floor" type="CSGBox" parent="."]
use_collision = true
collision_layer = 2
collision_mask = 2

[node name="Tube" type="CSGPolygon" parent="."]
use_collision = true
collision_layer = 4
polygon = PoolVector2Array( 0, 0, 0, 1, 1, 1, 1, 0 )
mode = 1
`, "godot3"},
	}
	for label, sc := range scenes {
		out, res := convertIn(t, reg, fstest.MapFS{"s.tscn": {Data: []byte(sc.text)}}, "s.tscn", sc.to)
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s: %v", label, m)
		}
		text := strings.ReplaceAll(string(out.Main), " ", "")
		for _, want := range []string{"collision_layer=2", "collision_mask=2", "collision_layer=4", "mode=1"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: %s is not written:\n%s", label, want, out.Main)
			}
		}
		if label != "godot4" {
			continue
		}
		testenv.Oracle(t, "godot4-inspect")
		files := map[string]string{"project.godot": testenv.Godot4Project}
		want := testenv.GodotOrigins(t, "godot4-inspect", sc.text, 120, files)["Box"]
		got := testenv.GodotOrigins(t, "godot4-inspect", string(out.Main), 120, files)["Box"]
		if math.Abs(got[1]-want[1]) > 1e-3 || want[1] > -10 {
			t.Errorf("%s: the box after 120 steps at y %.3f, the source's %.3f (falls through the floor)", label, got[1], want[1])
		}
	}
}
