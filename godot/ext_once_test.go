package godot

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestExtResourceDeclaredOnce: a file several nodes refer to (a material
// kept by its path) is declared once in the written scene, however many
// nodes use it (nine declarations of one material were written for a
// gun whose parts share it).
func TestExtResourceDeclaredOnce(t *testing.T) {
	dir := t.TempDir()
	parts := "[gd_scene load_steps=4 format=2]\n\n[ext_resource path=\"res://mat.tres\" type=\"Material\" id=1]\n\n[sub_resource type=\"CubeMesh\" id=1]\n\n[sub_resource type=\"BoxShape\" id=2]\n\n[node name=\"R\" type=\"Spatial\"]\n"
	for _, b := range []string{"A", "B", "C"} {
		parts += "\n[node name=\"" + b + "\" type=\"RigidBody\" parent=\".\"]\n\n[node name=\"S\" type=\"CollisionShape\" parent=\"" + b + "\"]\nshape = SubResource( 2 )\n\n[node name=\"V\" type=\"MeshInstance\" parent=\"" + b + "\"]\nmesh = SubResource( 1 )\nmaterial_override = ExtResource( 1 )\n"
	}
	for name, data := range map[string]string{"project.godot": "config_version=4\n", "mat.tres": "[gd_resource type=\"SpatialMaterial\" format=2]\n\n[resource]\nalbedo_color = Color( 1, 0, 0, 1 )\n", "s.tscn": parts} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	in, err := convert.OpenFile(filepath.Join(dir, "s.tscn"), &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := Emit(g, (&convert.Options{}).With(VersionOption, "3"))
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(out.Main), "res://mat.tres"); n != 1 {
		t.Errorf("mat.tres declared %d times:\n%s", n, out.Main)
	}
	if n := strings.Count(string(out.Main), "material_override = ExtResource( 1 )"); n != 3 {
		t.Errorf("%d nodes use it, want 3:\n%s", n, out.Main)
	}
}
