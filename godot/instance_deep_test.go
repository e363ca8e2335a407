package godot

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// TestDeepInstanceOverrideStaysInPlace moves the deepest node of an
// instanced glTF (editable children) whose path from the scene root holds
// more names than a Godot 3 parent path is allowed before nodes are
// lifted: Godot 3 output lifted the override to the scene root under a
// new name, where it overrides nothing and the file did not read back.
// An instance's node is named by its place in the instance, so it stays
// there in both versions and reads back to the same world pose.
func TestDeepInstanceOverrideStaysInPlace(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 7))
	for c := 0; c < 12; c++ {
		depth := 6 + rng.IntN(6)
		gltfData, names, _ := randomGLTFChain(rng, depth)
		holders := 1 + rng.IntN(3)
		var b strings.Builder
		b.WriteString("[gd_scene format=3]\n\n[ext_resource type=\"PackedScene\" path=\"res://model.gltf\" id=\"1\"]\n\n[node name=\"Main\" type=\"Node3D\"]\n\n")
		parent := "."
		for h := 0; h < holders; h++ {
			fmt.Fprintf(&b, "[node name=\"Group%d\" type=\"Node3D\" parent=%q]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, %d, 0, 0)\n\n", h, parent, h+1)
			parent = strings.TrimPrefix(parent+"/"+fmt.Sprintf("Group%d", h), "./")
		}
		fmt.Fprintf(&b, "[node name=\"Inst\" parent=%q instance=ExtResource(\"1\")]\n\n", parent)
		holder := parent + "/Inst"
		if depth > 1 {
			holder += "/" + strings.Join(names[:depth-1], "/")
		}
		fmt.Fprintf(&b, "[node name=%q parent=%q]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, %d, 0)\n", names[depth-1], holder, 3+c)
		fsys := fstest.MapFS{"project.godot": {Data: []byte("config_version=5\n")}, "model.gltf": {Data: gltfData}}
		g, _, err := Parse(&convert.Input{Name: "main.tscn", Data: []byte(b.String()), FS: fsys, Dir: ".", Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("case %d: %v\n%s", c, err, b.String())
		}
		deepest := nodeNamed(t, g, names[depth-1])
		want := g.WorldTransform(deepest)
		for _, v := range []int{4, 3} {
			out, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(v)))
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range diags {
				if d.Code == convert.CodeNameChanged && d.Subject.Node == deepest {
					t.Errorf("case %d, Godot %d: the instance's node is renamed: %s", c, v, d.Message)
				}
			}
			back, _, err := Parse(&convert.Input{Name: "back.tscn", Data: out.Main, FS: fsys, Dir: ".", Options: &convert.Options{}})
			if err != nil {
				t.Fatalf("case %d, Godot %d: does not read back: %v\n%s", c, v, err, out.Main)
			}
			i := nodeNamed(t, back, names[depth-1])
			if got := back.WorldTransform(i); !closeTransform(got, want, 1e-9) {
				t.Errorf("case %d, Godot %d: overridden node at %v, want %v", c, v, got, want)
			}
		}
	}
}
