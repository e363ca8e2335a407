package godot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// A MeshInstance whose mesh is not carried over (a QuadMesh, the screen of
// a game's in-world panel) kept its surface material override, which
// Godot knows only on a mesh with that surface: Godot 4 reported the
// property unknown. Without a mesh written, no surface override is; the
// node's other kept properties stay. Both versions, each to itself.
func TestSurfaceOverrideNeedsAMesh(t *testing.T) {
	for _, v := range []int{4, 3} {
		format, mi, override, quad, mat := 3, "MeshInstance3D", "surface_material_override/0", "QuadMesh", "StandardMaterial3D"
		if v == 3 {
			format, mi, override, mat = 2, "MeshInstance", "material/0", "SpatialMaterial"
		}
		scene := fmt.Sprintf("[gd_scene load_steps=3 format=%d]\n\n[sub_resource type=%q id=\"q\"]\nsize = Vector2(3, 2)\n\n"+
			"[sub_resource type=%q id=\"m\"]\nalbedo_color = Color(1, 0, 0, 1)\n\n[node name=\"Root\" type=\"Node3D\"]\n\n"+
			"[node name=\"Screen\" type=%q parent=\".\"]\nmesh = SubResource(\"q\")\n%s = SubResource(\"m\")\ncast_shadow = 0\n",
			format, quad, mat, mi, override)
		if v == 3 {
			scene = strings.ReplaceAll(strings.Replace(scene, "Node3D", "Spatial", 1), `SubResource("q")`, "SubResource( 1 )")
			scene = strings.ReplaceAll(strings.ReplaceAll(scene, `id="q"`, "id=1"), `id="m"`, "id=2")
			scene = strings.ReplaceAll(scene, `SubResource("m")`, "SubResource( 2 )")
		}
		g, _, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(scene), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("Godot %d: %v\n%s", v, err, scene)
		}
		out, _, err := Emit(g, (&convert.Options{}).With(VersionOption, fmt.Sprint(v)))
		if err != nil {
			t.Fatal(err)
		}
		doc, err := tscn.Decode(out.Main)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, s := range doc.Sections {
			if s.Tag != "node" || s.AttrString("name") != "Screen" {
				continue
			}
			found = true
			if _, ok := s.Prop("mesh"); ok {
				continue // a writer that carries the quad over may keep it
			}
			if _, ok := s.Prop(override); ok {
				t.Errorf("Godot %d: %s written without a mesh:\n%s", v, override, out.Main)
			}
			if _, ok := s.Prop("cast_shadow"); !ok {
				t.Errorf("Godot %d: the node's other kept property is gone:\n%s", v, out.Main)
			}
		}
		if !found {
			t.Errorf("Godot %d: no Screen node written:\n%s", v, out.Main)
		}
	}
}
