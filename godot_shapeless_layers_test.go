package physconv_test

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestShapelessLayers: a Godot body or area without shapes of its own
// (a base scene whose shapes an inheriting scene or a script adds) kept
// no collision layer and mask in Godot output: the Graph keeps filters on
// colliders, and there were none, so every such object came out on
// layer 1 with mask 1 (XR tools' pickable and hand scenes). They are now
// written back as the source gave them, in both Godot versions, and a
// body with shapes is written from its colliders' filter as before.
func TestShapelessLayers(t *testing.T) {
	reg := all.Registry()
	scene := `[gd_scene load_steps=2 format=3]

[sub_resource type="BoxShape3D" id="1"]

[node name="Root" type="Node3D"]
`
	classes := []string{"AnimatableBody3D", "RigidBody3D", "StaticBody3D", "Area3D", "CharacterBody3D"}
	for k, class := range classes {
		scene += fmt.Sprintf("\n[node name=%q type=%q parent=\".\"]\ncollision_layer = %d\ncollision_mask = %d\n", class, class, 1<<(k+3), 1<<(k+10)|1)
	}
	scene += "\n[node name=\"Shaped\" type=\"RigidBody3D\" parent=\".\"]\ncollision_layer = 2\ncollision_mask = 3\n\n[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"Shaped\"]\nshape = SubResource(\"1\")\n"
	for _, to := range []string{"godot", "godot3"} {
		out, _, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "s.tscn", Data: []byte(scene),
			Options: &convert.Options{From: "godot", To: to, OutputName: "out.tscn"}})
		if err != nil {
			t.Fatal(err)
		}
		text := string(out.Main)
		for k, class := range classes {
			want := fmt.Sprintf("collision_layer = %d\ncollision_mask = %d\n", 1<<(k+3), 1<<(k+10)|1)
			at := strings.Index(text, "[node name=\""+class+"\"")
			end := strings.Index(text[at+1:], "\n[")
			if at < 0 || end < 0 || !strings.Contains(text[at:at+1+end], want) {
				t.Errorf("%s: %s without %q:\n%s", to, class, want, text)
			}
		}
		if n := strings.Count(text, "collision_layer = 2\n"); n != 1 {
			t.Errorf("%s: the shaped body's layer written %d times:\n%s", to, n, text)
		}
		if to != "godot" {
			continue
		}
		// in the engine
		testenv.Oracle(t, "godot4-inspect")
		dir := t.TempDir()
		file := testenv.WriteFiles(t, dir, "scene.tscn", out.Main, map[string][]byte{"project.godot": []byte(testenv.Godot4Project)})
		raw, code := testenv.RunOracle(t, "godot4-inspect", "--compact", file)
		var rep struct {
			Nodes []struct {
				Name  string `json:"name"`
				State struct {
					Layer int `json:"collision_layer"`
					Mask  int `json:"collision_mask"`
				} `json:"physics_state"`
			} `json:"nodes"`
		}
		if err := json.Unmarshal(raw, &rep); err != nil || code != 0 {
			t.Fatalf("godot4-inspect exit %d: %v\n%s", code, err, raw)
		}
		for _, n := range rep.Nodes {
			for k, class := range classes {
				if n.Name == class && (n.State.Layer != 1<<(k+3) || n.State.Mask != 1<<(k+10)|1) {
					t.Errorf("in Godot 4.6 %s has layer %d mask %d", class, n.State.Layer, n.State.Mask)
				}
			}
		}
	}
}
