package khr

import (
	"bytes"
	"encoding/json"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/godot"
	"github.com/physconv/physconv/internal/testenv"
)

// TestGodotTextureToGLTF: a Godot 4 MeshInstance3D drawn with an
// albedo_texture (a res:// Texture2D) over an ArrayMesh with TEX_UV
// reaches glTF as a baseColorTexture with TEXCOORD_0, its image copied
// beside the output, its colour as the factor.
func TestGodotTextureToGLTF(t *testing.T) {
	png := testenv.PNG(t, 4, 2)
	scene := `[gd_scene load_steps=4 format=3]

[ext_resource type="Texture2D" path="res://art/skin.png" id="1_t"]

[sub_resource type="ArrayMesh" id="m"]
_surfaces = [{
"aabb": AABB(0, 0, 0, 1, 1, 0),
"attribute_data": PackedByteArray(0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 128, 63, 0, 0, 128, 63, 0, 0, 0, 0, 0, 0, 0, 0),
"format": 34359742481,
"index_count": 3,
"index_data": PackedByteArray(0, 0, 2, 0, 1, 0),
"primitive": 3,
"vertex_count": 3,
"vertex_data": PackedByteArray(0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 128, 63, 0, 0, 0, 0)
}]

[sub_resource type="StandardMaterial3D" id="mat"]
albedo_color = Color(1, 0.5, 0.25, 1)
albedo_texture = ExtResource("1_t")

[node name="Root" type="Node3D"]

[node name="Vis" type="MeshInstance3D" parent="."]
mesh = SubResource("m")
material_override = SubResource("mat")
`
	fsys := fstest.MapFS{"project.godot": {Data: []byte("config_version=5\n")}, "scenes/s.tscn": {Data: []byte(scene)}, "art/skin.png": {Data: png}}
	g, _, err := godot.Parse(&convert.Input{Name: "s.tscn", Data: []byte(scene), FS: fsys, Dir: "scenes", Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	out, diags, err := Emit(g, &convert.Options{OutputName: "s.gltf"})
	if err != nil {
		t.Fatal(err)
	}
	if diags.Has(convert.CodeTextureDropped) {
		t.Fatalf("texture dropped: %v", diags)
	}
	if !bytes.Equal(out.Files["textures/skin.png"], png) {
		t.Fatalf("image not written beside the glTF (files %v)", out.SideFiles())
	}
	var d texDoc
	if err := json.Unmarshal(out.Main, &d); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, n := range d.Nodes {
		if n.Name != "Vis" || n.Mesh == nil {
			continue
		}
		prims := d.Meshes[*n.Mesh].Primitives
		if len(prims) != 1 || prims[0].Material == nil {
			t.Fatalf("Vis primitives %+v", prims)
		}
		pbr := d.Materials[*prims[0].Material].PBR
		if pbr.BaseColorTexture == nil || len(pbr.BaseColorFactor) != 4 || pbr.BaseColorFactor[1] != 0.5 {
			t.Errorf("Vis material %+v, want the texture times (1, 0.5, 0.25, 1)", pbr)
		}
		uv, ok := prims[0].Attributes["TEXCOORD_0"]
		if !ok || d.Accessors[uv].Count != 3 {
			t.Errorf("Vis TEXCOORD_0 %v (%v), want 3 coordinates", uv, ok)
		}
		found = true
	}
	if !found {
		t.Fatal("no mesh on Vis")
	}
}

// TestGodotWebPTextureDropped: an albedo_texture glTF cannot take (a WebP)
// is reported texture-dropped and the visual keeps its colour.
func TestGodotWebPTextureDropped(t *testing.T) {
	scene := `[gd_scene load_steps=3 format=3]

[ext_resource type="Texture2D" path="res://art/skin.webp" id="1_t"]

[sub_resource type="BoxMesh" id="m"]

[sub_resource type="StandardMaterial3D" id="mat"]
albedo_color = Color(1, 0.5, 0.25, 1)
albedo_texture = ExtResource("1_t")

[node name="Vis" type="MeshInstance3D"]
mesh = SubResource("m")
material_override = SubResource("mat")
`
	fsys := fstest.MapFS{"project.godot": {Data: []byte("config_version=5\n")}, "s.tscn": {Data: []byte(scene)}, "art/skin.webp": {Data: []byte("RIFF\x00\x00\x00\x00WEBPVP8 ")}}
	g, _, err := godot.Parse(&convert.Input{Name: "s.tscn", Data: []byte(scene), FS: fsys, Dir: ".", Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	if v := g.Nodes[0].Visual; v == nil || v.Texture == nil || v.Texture.Name != "res://art/skin.webp" {
		t.Fatalf("visual %+v, want the WebP as its texture", v)
	}
	out, diags, err := Emit(g, &convert.Options{OutputName: "s.gltf"})
	if err != nil {
		t.Fatal(err)
	}
	if !diags.Has(convert.CodeTextureDropped) || len(out.Files) != 1 {
		t.Fatalf("want texture-dropped and only the buffer beside the glTF: %v, files %v", diags, out.SideFiles())
	}
	var d texDoc
	if err := json.Unmarshal(out.Main, &d); err != nil {
		t.Fatal(err)
	}
	if len(d.Materials) != 1 || d.Materials[0].PBR.BaseColorTexture != nil || d.Materials[0].PBR.BaseColorFactor[1] != 0.5 {
		t.Errorf("materials %+v, want the colour alone", d.Materials)
	}
}
