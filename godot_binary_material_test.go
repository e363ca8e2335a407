package physconv_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestBinaryPhysicsMaterialKept: a body's physics material saved as a
// binary resource (.phymat, .res), which physconv does not read, was
// left out of Godot output, so a Godot round trip gave the body Godot's
// default friction and bounce (a basketball's -0.84/0.84 became 1/0).
// Godot output now names the resource again, in both Godot versions;
// other formats still say they drop it.
func TestBinaryPhysicsMaterialKept(t *testing.T) {
	reg := all.Registry()
	scene := `[gd_scene load_steps=3 format=3]

[ext_resource type="PhysicsMaterial" path="res://ball.phymat" id="1_mat"]

[sub_resource type="SphereShape3D" id="1"]

[node name="Root" type="Node3D"]

[node name="Ball" type="RigidBody3D" parent="."]
physics_material_override = ExtResource("1_mat")

[node name="Shape" type="CollisionShape3D" parent="Ball"]
shape = SubResource("1")
`
	fsys := fstest.MapFS{"scene.tscn": {Data: []byte(scene)}, "ball.phymat": {Data: []byte("RSRC\x00binary")}, "project.godot": {Data: []byte("config_version=5\n")}}
	for _, to := range []string{"godot", "godot3", "khr"} {
		in := &convert.Input{Name: "scene.tscn", Data: fsys["scene.tscn"].Data, FS: fsys, Dir: ".", Options: &convert.Options{From: "godot", To: to, OutputName: "out.tscn"}}
		out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
		if err != nil {
			t.Fatal(err)
		}
		if !res.Diagnostics.Has(convert.CodeGodotResourceUnreadable) || res.Diagnostics.Has(convert.CodeVerifyMismatch) {
			t.Errorf("%s: %v", to, res.Diagnostics)
		}
		text := string(out.Main)
		kept := strings.Contains(text, `res://ball.phymat`) && strings.Contains(text, "physics_material_override = ExtResource(")
		if kept != (to != "khr") {
			t.Errorf("%s: the material named again: %v\n%s", to, kept, text)
		}
	}
}
