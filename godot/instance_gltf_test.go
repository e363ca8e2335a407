package godot

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// randomGLTFChain writes a glTF whose scene is a chain of depth nodes with
// random translations, rotations and scales (some as matrices), and
// returns it with the names Godot's importer gives them and the world
// transform of the last one.
func randomGLTFChain(rng *rand.Rand, depth int) ([]byte, []string, convert.Transform) {
	type gnode struct {
		Name        string       `json:"name,omitempty"`
		Children    []int        `json:"children,omitempty"`
		Translation *[3]float64  `json:"translation,omitempty"`
		Rotation    *[4]float64  `json:"rotation,omitempty"`
		Scale       *[3]float64  `json:"scale,omitempty"`
		Matrix      *[16]float64 `json:"matrix,omitempty"`
	}
	var nodes []gnode
	var names []string
	world := convert.Identity()
	for k := 0; k < depth; k++ {
		t := convert.Identity()
		t.T = convert.Vec3{rng.Float64()*4 - 2, rng.Float64()*4 - 2, rng.Float64()*4 - 2}
		t.R = convert.Quat{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
		n := gnode{Name: fmt.Sprintf("n.%d", k)} // the dot is dropped on import
		names = append(names, fmt.Sprintf("n%d", k))
		if k == depth-1 {
			names[k] = "Node" // unnamed
			n.Name = ""
		}
		if rng.IntN(2) == 0 {
			m := t.Matrix4()
			n.Matrix = &m
		} else {
			tr, r := [3]float64(t.T), [4]float64(t.R)
			n.Translation, n.Rotation = &tr, &r
		}
		if k+1 < depth {
			n.Children = []int{k + 1}
		}
		nodes = append(nodes, n)
		world = world.Mul(t)
	}
	doc := map[string]any{"asset": map[string]any{"version": "2.0"}, "scene": 0,
		"scenes": []any{map[string]any{"nodes": []int{0}}}, "nodes": nodes}
	data, _ := json.Marshal(doc)
	return data, names, world
}

// TestInstancedGLTFBodies parents a body with a shape into the deepest
// node of an instanced glTF, directly and through an instanced .tscn (the
// glTF nested one level down), and checks the body keeps its shape, its
// world pose composes the glTF's transforms, an editable-children
// transform override applies, and Godot output references the glTF
// instead of dropping it and reads back with the same poses.
func TestInstancedGLTFBodies(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 1))
	for c := 0; c < 12; c++ {
		depth := 1 + rng.IntN(4)
		gltfData, names, world := randomGLTFChain(rng, depth)
		nested := c%2 == 1
		override := c%3 == 2
		fsys := fstest.MapFS{
			"project.godot": {Data: []byte("config_version=5\n")},
			"model.gltf":    {Data: gltfData},
			"middle.tscn": {Data: []byte("[gd_scene format=3]\n\n[ext_resource type=\"PackedScene\" path=\"res://model.gltf\" id=\"1\"]\n\n" +
				"[node name=\"Middle\" type=\"Node3D\"]\n\n[node name=\"Model\" parent=\".\" instance=ExtResource(\"1\")]\n")},
		}
		inst, prefix := "res://model.gltf", "Inst/"
		if nested {
			inst, prefix = "res://middle.tscn", "Inst/Model/"
		}
		holder := prefix + strings.Join(names, "/")
		scene := fmt.Sprintf("[gd_scene format=3]\n\n[ext_resource type=\"PackedScene\" path=%q id=\"1\"]\n\n[sub_resource type=\"CapsuleShape3D\" id=\"Cap\"]\n\n"+
			"[node name=\"Main\" type=\"Node3D\"]\n\n[node name=\"Inst\" parent=\".\" instance=ExtResource(\"1\")]\n\n", inst)
		if override {
			// editable children: the scene moves the glTF's deepest node
			scene += fmt.Sprintf("[node name=%q parent=%q]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 7, 0)\n\n", names[depth-1], strings.TrimSuffix(prefix+strings.Join(names[:depth-1], "/"), "/"))
		}
		scene += fmt.Sprintf("[node name=\"Bone\" type=\"RigidBody3D\" parent=%q]\nmass = 2.0\n\n[node name=\"Shape\" type=\"CollisionShape3D\" parent=%q]\nshape = SubResource(\"Cap\")\n", holder, holder+"/Bone")
		fsys["main.tscn"] = &fstest.MapFile{Data: []byte(scene)}
		name := fmt.Sprintf("depth%d_nested%v_override%v", depth, nested, override)
		t.Run(name, func(t *testing.T) {
			g, diags, err := Parse(&convert.Input{Name: "main.tscn", Data: fsys["main.tscn"].Data, FS: fsys, Dir: ".", Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range diags {
				if d.Code == convert.CodeGodotShapeOrphan || d.Code == convert.CodeGodotInstanceOpaque {
					t.Errorf("unexpected diagnostic: %v", d)
				}
			}
			bone, shapes := bodyAndShapes(g, "Bone")
			if bone < 0 || shapes != 1 {
				t.Fatalf("body Bone: index %d with %d shapes, want one capsule", bone, shapes)
			}
			want := world
			if override {
				want = g.WorldTransform(g.Nodes[g.Nodes[bone].Parent].Parent).Mul(convert.Transform{T: convert.Vec3{0, 7, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}})
				// the override replaces the deepest node's own transform
				own := g.Nodes[g.Nodes[bone].Parent].Transform
				if own.T != (convert.Vec3{0, 7, 0}) {
					t.Errorf("override: the glTF node's transform is %v, want the scene's (0, 7, 0)", own)
				}
			}
			got := g.WorldTransform(bone)
			if !closeTransform(got, want, 1e-9) {
				t.Errorf("body world pose %v, want %v", got, want)
			}
			out, _, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			text := string(out.Main)
			if !strings.Contains(text, "instance=ExtResource(") || !strings.Contains(text, inst) && !nested {
				t.Errorf("Godot output does not instance %s:\n%s", inst, text)
			}
			back, _, err := Parse(&convert.Input{Name: "back.tscn", Data: out.Main, FS: fsys, Dir: ".", Options: &convert.Options{}})
			if err != nil {
				t.Fatalf("re-parse: %v\n%s", err, text)
			}
			b2, s2 := bodyAndShapes(back, "Bone")
			if b2 < 0 || s2 != 1 {
				t.Fatalf("read back: body Bone %d with %d shapes\n%s", b2, s2, text)
			}
			if got2 := back.WorldTransform(b2); !closeTransform(got2, want, 1e-9) {
				t.Errorf("read back world pose %v, want %v\n%s", got2, want, text)
			}
		})
	}
}

func bodyAndShapes(g *convert.Graph, name string) (int, int) {
	for i := range g.Nodes {
		if g.Nodes[i].Name == name && g.Nodes[i].Motion != nil {
			n := 0
			for k := range g.Nodes {
				if g.Nodes[k].Collider != nil && g.BodyOf(k) == i {
					n++
				}
			}
			return i, n
		}
	}
	return -1, 0
}

func closeTransform(a, b convert.Transform, tol float64) bool {
	pa, pb := a.Matrix4(), b.Matrix4()
	for k := range pa {
		if math.Abs(pa[k]-pb[k]) > tol {
			return false
		}
	}
	return true
}

// TestOpaqueInstanceKeepsStructure: a body parented into a scene this
// reader does not expand (.scn, a missing .glb) keeps its shapes under it
// (stand-ins take the unknown nodes' place), and Godot output still
// instances the file.
func TestOpaqueInstanceKeepsStructure(t *testing.T) {
	for _, file := range []string{"res://ragdoll.scn", "res://missing.glb", "res://broken.gltf"} {
		t.Run(file, func(t *testing.T) {
			scene := fmt.Sprintf("[gd_scene format=3]\n\n[ext_resource type=\"PackedScene\" path=%q id=\"1\"]\n\n[sub_resource type=\"CapsuleShape3D\" id=\"Cap\"]\n\n"+
				"[node name=\"Main\" type=\"Node3D\"]\n\n[node name=\"Inst\" parent=\".\" instance=ExtResource(\"1\")]\n\n"+
				"[node name=\"Skeleton3D\" parent=\"Inst/Armature\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0)\n\n"+
				"[node name=\"Bone\" type=\"RigidBody3D\" parent=\"Inst/Armature/Skeleton3D\"]\n\n"+
				"[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"Inst/Armature/Skeleton3D/Bone\"]\nshape = SubResource(\"Cap\")\n", file)
			fsys := fstest.MapFS{"project.godot": {Data: []byte("config_version=5\n")}, "broken.gltf": {Data: []byte("{not json")}}
			g, diags, err := Parse(&convert.Input{Name: "main.tscn", Data: []byte(scene), FS: fsys, Dir: ".", Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range diags {
				if d.Code == convert.CodeGodotShapeOrphan {
					t.Errorf("false diagnostic: %v", d)
				}
			}
			bone, shapes := bodyAndShapes(g, "Bone")
			if bone < 0 || shapes != 1 {
				t.Fatalf("body Bone %d with %d shapes, want one", bone, shapes)
			}
			if w := g.WorldTransform(bone).T; w != (convert.Vec3{0, 3, 0}) {
				t.Errorf("body at %v, want the overridden (0, 3, 0)", w)
			}
			out, _, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			text := string(out.Main)
			for _, want := range []string{"path=\"" + file + "\"", "instance=ExtResource(", "parent=\"Inst/Armature\"", "parent=\"Inst/Armature/Skeleton3D/Bone\""} {
				if !strings.Contains(text, want) {
					t.Errorf("Godot output lacks %s:\n%s", want, text)
				}
			}
			if strings.Contains(text, "name=\"Armature\"") {
				t.Errorf("Godot output writes the instance's own node Armature:\n%s", text)
			}
		})
	}
}

// TestInstancedGLTFImportedNodes: a ragdoll parents physical bones under
// the Skeleton3D Godot's importer makes from a skin, which is not in the
// glTF's node tree; the scene still reads, every capsule stays on its
// bone, and Godot output does not write the importer's nodes itself.
func TestInstancedGLTFImportedNodes(t *testing.T) {
	gltf := `{"asset":{"version":"2.0"},"scene":0,"scenes":[{"nodes":[0]}],"nodes":[{"name":"Armature","rotation":[0.7071068,0,0,0.7071068],"children":[1]},{"name":"pelvis","translation":[0,1,0]}]}`
	var b strings.Builder
	b.WriteString("[gd_scene format=3]\n\n[ext_resource type=\"PackedScene\" path=\"res://doll.glb\" id=\"1\"]\n\n[sub_resource type=\"CapsuleShape3D\" id=\"Cap\"]\n\n")
	b.WriteString("[node name=\"Main\" type=\"Node3D\"]\n\n[node name=\"Doll\" parent=\".\" instance=ExtResource(\"1\")]\n\n")
	b.WriteString("[node name=\"Skeleton3D\" parent=\"Doll/Armature\"]\nmetadata/x = 1\n\n")
	const bones = 18
	for k := 0; k < bones; k++ {
		fmt.Fprintf(&b, "[node name=\"Bone%d\" type=\"PhysicalBone3D\" parent=\"Doll/Armature/Skeleton3D/PhysicalBoneSimulator3D\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, %d, 0)\n\n", k, k)
		fmt.Fprintf(&b, "[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"Doll/Armature/Skeleton3D/PhysicalBoneSimulator3D/Bone%d\"]\nshape = SubResource(\"Cap\")\n\n", k)
	}
	fsys := fstest.MapFS{"project.godot": {Data: []byte("config_version=5\n")}, "doll.glb": {Data: []byte(gltf)}}
	g, _, err := Parse(&convert.Input{Name: "main.tscn", Data: []byte(b.String()), FS: fsys, Dir: ".", Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	for k := 0; k < bones; k++ {
		i, shapes := bodyAndShapes(g, fmt.Sprintf("Bone%d", k))
		if i < 0 || shapes != 1 {
			t.Fatalf("Bone%d: body %d with %d shapes", k, i, shapes)
		}
		// the Armature's rotation (90° about X) carries the bone
		if w := g.WorldTransform(i).T; math.Abs(w[2]-float64(k)) > 1e-6 || math.Abs(w[1]) > 1e-6 {
			t.Errorf("Bone%d at %v, want (0, 0, %d)", k, w, k)
		}
	}
	out, _, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	text := string(out.Main)
	if strings.Contains(text, "name=\"Armature\"") || strings.Contains(text, "name=\"PhysicalBoneSimulator3D\" type") {
		t.Errorf("output writes the instance's nodes:\n%.1500s", text)
	}
	if !strings.Contains(text, "parent=\"Doll/Armature/Skeleton3D/PhysicalBoneSimulator3D\"") {
		t.Errorf("bones are not under the instance's skeleton:\n%.1500s", text)
	}
}
