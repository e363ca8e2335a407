package godot

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestSkippedAsGodotSkips: what Godot loads without a word, physconv
// reads rather than refuses, and reads as Godot does. An empty convex or
// concave shape (a script fills it at run time) collides with nothing:
// its collider is dropped (shape-dropped) and its body kept. A node whose
// parent path names no node, or an override of a node the instanced
// scene does not have, is skipped with everything under it
// (godot-node-vanished, once per skipped subtree). Each scene's bodies are
// those Godot 4.6 has once it loaded the scene (which, asked for an empty
// shape's data, reports the shape unconfigured, and loads it).
func TestSkippedAsGodotSkips(t *testing.T) {
	base := "[gd_scene format=3]\n\n[node name=\"Base\" type=\"Node3D\"]\n\n[node name=\"Label\" type=\"Label3D\" parent=\".\"]\ntext = \"x\"\n"
	const box = "[sub_resource type=\"BoxShape3D\" id=\"box\"]\n\n"
	for _, c := range []struct {
		name, scene   string
		shapeDropped  int
		vanishedNotes int
	}{
		{"empty convex", "[gd_scene format=3]\n\n[sub_resource type=\"ConvexPolygonShape3D\" id=\"c\"]\n\n[node name=\"R\" type=\"Node3D\"]\n\n[node name=\"Floor\" type=\"StaticBody3D\" parent=\".\"]\n\n[node name=\"S\" type=\"CollisionShape3D\" parent=\"Floor\"]\nshape = SubResource(\"c\")\n\n[node name=\"Box\" type=\"RigidBody3D\" parent=\".\"]\nmass = 2.0\n", 1, 0},
		{"two points", "[gd_scene format=3]\n\n[sub_resource type=\"ConvexPolygonShape3D\" id=\"c\"]\npoints = PackedVector3Array(0, 0, 0, 1, 0, 0)\n\n[node name=\"R\" type=\"Node3D\"]\n\n[node name=\"Body\" type=\"RigidBody3D\" parent=\".\"]\n\n[node name=\"S\" type=\"CollisionShape3D\" parent=\"Body\"]\nshape = SubResource(\"c\")\n", 1, 0},
		{"empty concave", "[gd_scene format=3]\n\n[sub_resource type=\"ConcavePolygonShape3D\" id=\"c\"]\n\n[node name=\"R\" type=\"Node3D\"]\n\n[node name=\"Floor\" type=\"StaticBody3D\" parent=\".\"]\n\n[node name=\"S\" type=\"CollisionShape3D\" parent=\"Floor\"]\nshape = SubResource(\"c\")\n", 1, 0},
		{"missing parent", "[gd_scene format=3]\n\n" + box + "[node name=\"R\" type=\"Node3D\"]\n\n[node name=\"Lost\" type=\"RigidBody3D\" parent=\"Nowhere/Deeper\"]\nmass = 3.0\n\n[node name=\"S\" type=\"CollisionShape3D\" parent=\"Nowhere/Deeper/Lost\"]\nshape = SubResource(\"box\")\n\n[node name=\"Kept\" type=\"RigidBody3D\" parent=\".\"]\n\n[node name=\"S\" type=\"CollisionShape3D\" parent=\"Kept\"]\nshape = SubResource(\"box\")\n", 0, 1},
		{"vanished override", "[gd_scene format=3]\n\n[ext_resource type=\"PackedScene\" path=\"res://base.tscn\" id=\"1\"]\n\n" + box + "[node name=\"Derived\" instance=ExtResource(\"1\")]\n\n[node name=\"Ghost\" parent=\".\" index=\"1\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 5, 0)\n\n[node name=\"Lost\" type=\"RigidBody3D\" parent=\"Ghost\"]\n\n[node name=\"S\" type=\"CollisionShape3D\" parent=\"Ghost/Lost\"]\nshape = SubResource(\"box\")\n\n[node name=\"Kept\" type=\"RigidBody3D\" parent=\".\"]\n\n[node name=\"S\" type=\"CollisionShape3D\" parent=\"Kept\"]\nshape = SubResource(\"box\")\n", 0, 1},
		{"Godot 3 empty convex", "[gd_scene format=2]\n\n[sub_resource type=\"ConvexPolygonShape\" id=1]\n\n[node name=\"R\" type=\"Spatial\"]\n\n[node name=\"Body\" type=\"RigidBody\" parent=\".\"]\n\n[node name=\"S\" type=\"CollisionShape\" parent=\"Body\"]\nshape = SubResource( 1 )\n", 1, 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel() // the engine runs side by side
			dir := t.TempDir()
			for name, data := range map[string]string{"project.godot": "config_version=5\n", "base.tscn": base, "scene.tscn": c.scene} {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			in, err := convert.OpenFile(filepath.Join(dir, "scene.tscn"), &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			g, diags, err := Parse(in)
			if err != nil {
				t.Fatalf("refused: %v", err)
			}
			if n := countCode(diags, convert.CodeShapeDropped); n != c.shapeDropped {
				t.Errorf("%d shape-dropped, want %d: %v", n, c.shapeDropped, diags)
			}
			if n := countCode(diags, convert.CodeGodotNodeVanished); n != c.vanishedNotes {
				t.Errorf("%d godot-node-vanished, want %d: %v", n, c.vanishedNotes, diags)
			}
			var bodies []string
			for _, n := range g.Nodes {
				if n.Motion != nil {
					bodies = append(bodies, n.Name)
				}
			}
			if c.name == "Godot 3 empty convex" {
				if !slices.Equal(bodies, []string{"Body"}) {
					t.Errorf("bodies %v", bodies)
				}
				return // Godot 4 converts a Godot 3 scene as it loads it
			}
			raw, code := testenv.RunOracle(t, "godot4-inspect", "--compact", "--root", dir, filepath.Join(dir, "scene.tscn"))
			var rep struct {
				Nodes []struct {
					Name  string `json:"name"`
					Class string `json:"class"`
				} `json:"nodes"`
			}
			if err := json.Unmarshal(raw, &rep); err != nil || code != 0 {
				t.Fatalf("Godot refused the scene (%d): %v\n%.600s", code, err, raw)
			}
			var engine []string
			for _, n := range rep.Nodes {
				switch n.Class {
				case "RigidBody3D", "StaticBody3D":
					engine = append(engine, n.Name)
				}
			}
			if !slices.Equal(bodies, engine) {
				t.Errorf("bodies read %v, Godot's %v", bodies, engine)
			}
		})
	}
}

func countCode(ds convert.Diagnostics, c convert.Code) int {
	n := 0
	for _, d := range ds {
		if d.Code == c {
			n++
		}
	}
	return n
}
