package crosscheck

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// tetraGLTF is a glTF model of one node drawing a red tetrahedron, its
// buffer inline, as game kits ship their models (there as .glb); with
// animated, an animation moves the node.
func tetraGLTF(t *testing.T, animated bool) string {
	var buf bytes.Buffer
	for _, v := range [][3]float32{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}} {
		if err := binary.Write(&buf, binary.LittleEndian, v); err != nil {
			t.Fatal(err)
		}
	}
	for _, i := range []uint16{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3} {
		if err := binary.Write(&buf, binary.LittleEndian, i); err != nil {
			t.Fatal(err)
		}
	}
	// an animation's key times and translations
	for _, x := range []float32{0, 1, 0, 0.5, 0, 0, 1, 0} {
		if err := binary.Write(&buf, binary.LittleEndian, x); err != nil {
			t.Fatal(err)
		}
	}
	data := base64.StdEncoding.EncodeToString(buf.Bytes())
	animation := ""
	if animated {
		animation = `"animations": [{"channels": [{"sampler": 0, "target": {"node": 1, "path": "translation"}}],
  "samplers": [{"input": 2, "output": 3}]}],`
	}
	return fmt.Sprintf(`{"asset": {"version": "2.0"}, "scene": 0, "scenes": [{"nodes": [0]}], %s
 "nodes": [{"name": "Body", "children": [1]}, {"name": "Hull", "mesh": 0, "translation": [0, 0.5, 0]}],
 "meshes": [{"name": "hull", "primitives": [{"attributes": {"POSITION": 0}, "indices": 1, "material": 0}]}],
 "materials": [{"pbrMetallicRoughness": {"baseColorFactor": [1, 0, 0, 1]}}],
 "accessors": [{"bufferView": 0, "componentType": 5126, "count": 4, "type": "VEC3", "min": [0, 0, 0], "max": [1, 1, 1]},
  {"bufferView": 1, "componentType": 5123, "count": 12, "type": "SCALAR"},
  {"bufferView": 2, "componentType": 5126, "count": 2, "type": "SCALAR", "min": [0], "max": [1]},
  {"bufferView": 3, "componentType": 5126, "count": 2, "type": "VEC3"}],
 "bufferViews": [{"buffer": 0, "byteOffset": 0, "byteLength": 48}, {"buffer": 0, "byteOffset": 48, "byteLength": 24},
  {"buffer": 0, "byteOffset": 72, "byteLength": 8}, {"buffer": 0, "byteOffset": 80, "byteLength": 24}],
 "buffers": [{"byteLength": 104, "uri": "data:application/octet-stream;base64,%s"}]}`, animation, data)
}

// TestGodotInstancedModelsDrawn: a Godot scene that instances a glTF
// model (a vehicle kit's car, twice, one under a rigid body) is drawn in
// every other format: each instance's mesh node is a visual of the
// model's triangles at the instance's place. Other formats drew nothing
// of it, and said nothing. The Godot output still instances the file
// rather than writing the model again, and reads back as the source.
func TestGodotInstancedModelsDrawn(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"project.godot":   "config_version=5\n",
		"models/car.gltf": tetraGLTF(t, false),
		"scenes/race.tscn": `[gd_scene format=3]

[ext_resource type="PackedScene" path="res://models/car.gltf" id="1_car"]

[sub_resource type="BoxShape3D" id="box"]

[node name="Race" type="Node3D"]

[node name="Car" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 2, 1, 0)

[node name="Shape" type="CollisionShape3D" parent="Car"]
shape = SubResource("box")

[node name="Model" parent="Car" instance=ExtResource("1_car")]

[node name="Parked" parent="." instance=ExtResource("1_car")]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, -3, 0, 0)
`,
	}
	writeProject(t, dir, files)
	src := filepath.Join(dir, "scenes", "race.tscn")
	reg := all.Registry()
	in, err := physconv.OpenInput(src, nil, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, g, _, err := physconv.ParseGraph(context.Background(), reg, in)
	if err != nil {
		t.Fatal(err)
	}
	frames := g.Frames(-1)
	var drawnAt []convert.Vec3
	for i, n := range g.Nodes {
		if n.Visual == nil {
			continue
		}
		m := g.Meshes[g.Shapes[n.Visual.Shape].Mesh]
		if len(m.Indices) != 12 || m.Look == nil {
			t.Errorf("node %s: visual of %d indices", n.Name, len(m.Indices))
		}
		drawnAt = append(drawnAt, frames.World(i).T)
	}
	if len(drawnAt) != 2 {
		t.Fatalf("%d drawn nodes, want the two instances' hulls", len(drawnAt))
	}
	// an animated model is drawn still, and said to be
	animated := filepath.Join(dir, "models", "walker.gltf")
	if err := os.WriteFile(animated, []byte(tetraGLTF(t, true)), 0o644); err != nil {
		t.Fatal(err)
	}
	scene := filepath.Join(dir, "scenes", "walk.tscn")
	if err := os.WriteFile(scene, []byte("[gd_scene format=3]\n\n[ext_resource type=\"PackedScene\" path=\"res://models/walker.gltf\" id=\"1_w\"]\n\n[node name=\"Walk\" type=\"Node3D\"]\n\n[node name=\"Walker\" parent=\".\" instance=ExtResource(\"1_w\")]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := physconv.ConvertFile(context.Background(), reg, scene, filepath.Join(t.TempDir(), "walk.xml"), &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := res.Diagnostics.OfCode(convert.CodeAnimationDropped); len(d) != 1 || !strings.Contains(d[0].Message, "1 animation(s)") {
		t.Errorf("the animated model: animation-dropped %v", d)
	}
	for _, to := range []string{"mjcf", "urdf", "khr", "godot"} {
		out := filepath.Join(t.TempDir(), "race"+map[string]string{"urdf": ".urdf", "mjcf": ".xml", "khr": ".gltf", "godot": ".tscn"}[to])
		res, err := physconv.ConvertFile(context.Background(), reg, src, out, &convert.Options{To: to})
		if err != nil {
			t.Fatalf("→ %s: %v", to, err)
		}
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeVerifyMismatch || d.Code == convert.CodeVisualDropped {
				t.Errorf("→ %s: %s", to, d.Message)
			}
		}
		text, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		switch to {
		case "godot":
			if bytes.Contains(text, []byte("MeshInstance3D")) || strings.Count(string(text), `instance=ExtResource`) != 2 {
				t.Errorf("→ godot: the model is written again, or not instanced twice:\n%s", text)
			}
		case "khr":
			if n := readGLTFJSON(t, out).sceneMeshNodes(); n != 2 {
				t.Errorf("→ khr: %d mesh nodes, want 2", n)
			}
		default:
			// the output read back draws two meshes of the model
			if n := meshVisuals(t, out, 12); n != 2 {
				t.Errorf("→ %s: %d visuals of the model, want 2", to, n)
			}
		}
	}
}
