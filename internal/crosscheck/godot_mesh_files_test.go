package crosscheck

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// tetraOBJ is a tetrahedron, as a Godot project keeps a model it imports.
const tetraOBJ = "v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n"

// TestGodotMeshFilesCarried: a Godot scene drawing models from mesh
// files in its project (an OBJ Godot imports, and a binary .mesh) goes to
// every format with every reference of the output resolving beside it,
// the OBJ drawn: URDF output named the model by its path from the scene
// (../models/tree.obj), which from the output's folder leads nowhere,
// and MJCF output dropped it. A .mesh, which no other format reads, is
// reported dropped, not named.
func TestGodotMeshFilesCarried(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"project.godot":    "config_version=5\n",
		"models/tree.obj":  tetraOBJ,
		"models/rock.mesh": "RSRC\x00binary",
		"levels/level.tscn": `[gd_scene format=3]

[ext_resource type="ArrayMesh" path="res://models/tree.obj" id="1_tree"]
[ext_resource type="ArrayMesh" path="res://models/rock.mesh" id="2_rock"]

[sub_resource type="BoxShape3D" id="box"]

[node name="Level" type="Node3D"]

[node name="Tree" type="StaticBody3D" parent="."]

[node name="Shape" type="CollisionShape3D" parent="Tree"]
shape = SubResource("box")

[node name="Model" type="MeshInstance3D" parent="Tree"]
mesh = ExtResource("1_tree")

[node name="Rock" type="StaticBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 3, 0, 0)

[node name="Shape" type="CollisionShape3D" parent="Rock"]
shape = SubResource("box")

[node name="Model" type="MeshInstance3D" parent="Rock"]
mesh = ExtResource("2_rock")
`,
	}
	writeProject(t, dir, files)
	src := filepath.Join(dir, "levels", "level.tscn")
	for _, to := range []string{"urdf", "mjcf", "khr", "omi", "godot"} {
		out := filepath.Join(t.TempDir(), "elsewhere", "level"+map[string]string{"urdf": ".urdf", "mjcf": ".xml", "khr": ".gltf", "omi": ".gltf", "godot": ".tscn"}[to])
		res, err := physconv.ConvertFile(context.Background(), all.Registry(), src, out, &convert.Options{To: to})
		if err != nil {
			t.Fatalf("→ %s: %v", to, err)
		}
		if to != "godot" {
			if _, missing := outputRefs(t, out); len(missing) > 0 {
				t.Errorf("→ %s: output references %q, not written beside it", to, missing)
			}
		}
		rockDropped := false
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeVerifyMismatch {
				t.Errorf("→ %s: %s", to, d.Message)
			}
			if (d.Code == convert.CodeShapeDropped || d.Code == convert.CodeVisualDropped) && strings.Contains(d.Message, "2_rock") {
				rockDropped = true
			}
		}
		if to == "godot" {
			continue
		}
		if !rockDropped {
			t.Errorf("→ %s: the binary .mesh model is not reported dropped: %v", to, res.Diagnostics)
		}
		// the tree is drawn: a mesh node of a glTF scene, or its four
		// triangles in the output read back
		if to == "khr" || to == "omi" {
			if n := readGLTFJSON(t, out).sceneMeshNodes(); n != 1 {
				t.Errorf("→ %s: %d mesh nodes in the scene, want the tree's", to, n)
			}
			continue
		}
		if n := meshVisuals(t, out, 12); n != 1 {
			t.Errorf("→ %s: the OBJ model is drawn %d times in the output, want once", to, n)
		}
	}
}

// writeProject writes files (slash paths under dir → contents), with
// the folders they need.
func writeProject(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// meshVisuals reads a written output back and counts its visuals drawn
// by a mesh of that many triangle corners (indices).
func meshVisuals(t *testing.T, out string, indices int) int {
	t.Helper()
	in, err := physconv.OpenInput(out, nil, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	_, g, _, err := physconv.ParseGraph(context.Background(), all.Registry(), in)
	if err != nil {
		t.Fatalf("reading %s back: %v", filepath.Base(out), err)
	}
	n := 0
	for _, node := range g.Nodes {
		if node.Visual == nil {
			continue
		}
		sh := g.Shapes[node.Visual.Shape]
		if sh.Kind != convert.TriMesh && sh.Kind != convert.Convex {
			continue
		}
		if _, idx, ok, err := g.Meshes[sh.Mesh].Triangles(); ok && err == nil && len(idx) == indices {
			n++
		}
	}
	return n
}
