package physconv_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// floorScene is a box of collision layer layer and mask mask dropped on a
// static floor of layer 1 and mask floorMask.
func floorScene(layer, mask, floorMask int) string {
	return fmt.Sprintf(`[gd_scene load_steps=3 format=3]

[sub_resource type="BoxShape3D" id="1"]

[sub_resource type="BoxShape3D" id="2"]
size = Vector3(10, 0.2, 10)

[node name="Root" type="Node3D"]

[node name="Cube" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0)
collision_layer = %d
collision_mask = %d

[node name="CollisionShape3D" type="CollisionShape3D" parent="Cube"]
shape = SubResource("1")

[node name="Floor" type="StaticBody3D" parent="."]
collision_mask = %d

[node name="CollisionShape3D" type="CollisionShape3D" parent="Floor"]
shape = SubResource("2")
`, layer, mask, floorMask)
}

// TestGodotStaticFilters: in Godot a rigid body collides with a static
// body when its mask meets the static body's layer, whatever the static
// body's own mask (a floor of mask 0, a common setting, still holds up
// what masks it). Read as glTF filters, which need both sides to accept,
// a floor of mask 0 accepted only colliders without a filter, so a box of
// layer 3 fell through it in glTF and MJCF output, said by nothing (and
// Godot output warned of collisions widened that the source has). The
// floor now accepts what Godot pairs it with: in Godot 4.6 and in MuJoCo
// the box rests on the floor; a box whose mask misses the floor's layer
// still falls through it.
func TestGodotStaticFilters(t *testing.T) {
	reg := all.Registry()
	for _, c := range []struct {
		layer, mask, floorMask int
		rests                  bool
	}{
		{4, 1, 0, true},
		{4, 1, 2, true},
		{1, 2, 1, false}, // the box's mask misses the floor's layer
		{4, 3, 0, true},
	} {
		name := fmt.Sprintf("box layer %d mask %d on a floor of mask %d", c.layer, c.mask, c.floorMask)
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			staticFilterCase(t, reg, name, c.layer, c.mask, c.floorMask, c.rests)
		})
	}
}

// staticFilterCase checks one box on one floor in every engine.
func staticFilterCase(t *testing.T, reg *convert.Registry, name string, layer, mask, floorMask int, rests bool) {
	ctx := context.Background()
	scene := floorScene(layer, mask, floorMask)
	pairs := map[string]bool{}
	for _, to := range []string{"khr", "mjcf", "godot"} {
		out, res, err := physconv.ConvertBytes(ctx, reg, &convert.Input{Name: "floor.tscn", Data: []byte(scene),
			Options: &convert.Options{From: "godot", To: to, OutputName: "out." + map[string]string{"khr": "gltf", "mjcf": "xml", "godot": "tscn"}[to]}})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeVerifyMismatch || d.Code == convert.CodeCollisionFilterWidened {
				t.Errorf("%s → %s: %v", name, to, d)
			}
		}
		if to == "mjcf" {
			testenv.Oracle(t, "mj-inspect")
			dir := t.TempDir()
			box := testenv.MuJoCoBodies(t, testenv.WriteFiles(t, dir, "out.xml", out.Main, out.Files), "--steps", "500")["Cube"]
			pairs["MuJoCo"] = box.Xpos[2] > 0.5
		}
		if to == "khr" {
			_, g, _, err := physconv.ParseGraph(ctx, reg, &convert.Input{Name: "out.gltf", Data: out.Main, Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			var filters []convert.Filter
			for _, n := range g.Nodes {
				if n.Collider != nil {
					f := convert.Filter{}
					if n.Collider.Filter >= 0 {
						f = g.Filters[n.Collider.Filter]
					}
					filters = append(filters, f)
				}
			}
			pairs["KHR"] = len(filters) == 2 && convert.FiltersCollide(filters[0], filters[1])
		}
	}
	testenv.Oracle(t, "godot4-inspect")
	at := testenv.GodotOrigins(t, "godot4-inspect", scene, 90, map[string]string{"project.godot": testenv.Godot4Project})
	pairs["Godot 4.6 (the source)"] = at["Cube"][1] > 0.3
	for where, got := range pairs {
		if got != rests {
			t.Errorf("%s: in %s the box rests on the floor: %v, want %v", name, where, got, rests)
		}
	}
}
