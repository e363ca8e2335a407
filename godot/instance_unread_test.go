package godot

import (
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// TestInstanceUnreadWarned: an instanced scene that does not exist makes
// Godot refuse the whole scene; one physconv does not read (a binary
// .scn) holds physics a target other than Godot loses (a platformer's
// level: a ball fell through where the level stood). Both were an info;
// they are warnings now, and an unread instance kept as a reference in a
// Godot output stays an info.
func TestInstanceUnreadWarned(t *testing.T) {
	scene := func(ext string) string {
		return `[gd_scene load_steps=2 format=3]

[ext_resource type="PackedScene" path="res://level.` + ext + `" id="1"]

[node name="Main" type="Node3D"]

[node name="Level" parent="." instance=ExtResource("1")]

[node name="Ball" type="RigidBody3D" parent="."]
`
	}
	for _, c := range []struct {
		name, ext, to string
		files         fstest.MapFS
		want          convert.Code
	}{
		{"missing, to MJCF", "tscn", "mjcf", nil, convert.CodeGodotInstanceUnread},
		{"missing, to Godot", "tscn", "godot", nil, convert.CodeGodotInstanceUnread},
		{"binary, to KHR", "scn", "khr", fstest.MapFS{"level.scn": {Data: []byte("RSCC\x00binary")}}, convert.CodeGodotInstanceUnread},
		{"binary, to Godot", "scn", "godot", fstest.MapFS{"level.scn": {Data: []byte("RSCC\x00binary")}}, convert.CodeGodotInstanceOpaque},
		{"binary, inspected", "scn", "", fstest.MapFS{"level.scn": {Data: []byte("RSCC\x00binary")}}, convert.CodeGodotInstanceOpaque},
	} {
		fsys := fstest.MapFS{"project.godot": {Data: []byte("config_version=5\n")}, "main.tscn": {Data: []byte(scene(c.ext))}}
		for n, f := range c.files {
			fsys[n] = f
		}
		_, diags, err := Parse(&convert.Input{Name: "main.tscn", Data: fsys["main.tscn"].Data, FS: fsys, Dir: ".", Options: &convert.Options{To: c.to}})
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		other := convert.CodeGodotInstanceOpaque
		if c.want == other {
			other = convert.CodeGodotInstanceUnread
		}
		if !diags.Has(c.want) || diags.Has(other) {
			t.Errorf("%s: diagnostics %v, want %s", c.name, diags, c.want)
		}
	}
}
