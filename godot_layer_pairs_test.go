package physconv_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// layerObject is one object of a generated Godot scene: its class, layer
// and mask.
type layerObject struct {
	class       string // StaticBody3D, RigidBody3D, CharacterBody3D, Area3D
	layer, mask uint32
}

// layerScene writes objects as a Godot 4 scene, each with one sphere, a
// layer and mask left out when they are Godot's default (1 and 1).
func layerScene(objs []layerObject) string {
	var b strings.Builder
	b.WriteString("[gd_scene load_steps=2 format=3]\n\n[sub_resource type=\"SphereShape3D\" id=\"s\"]\nradius = 0.5\n\n[node name=\"Root\" type=\"Node3D\"]\n")
	for k, o := range objs {
		fmt.Fprintf(&b, "\n[node name=\"O%d\" type=%q parent=\".\"]\ntransform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, %d, 0, 0)\n", k, o.class, 3*k)
		if o.layer != 1 || o.mask != 1 {
			fmt.Fprintf(&b, "collision_layer = %d\ncollision_mask = %d\n", o.layer, o.mask)
		}
		if o.class == "RigidBody3D" {
			b.WriteString("gravity_scale = 0.0\n")
		}
		fmt.Fprintf(&b, "\n[node name=\"Shape\" type=\"CollisionShape3D\" parent=\"O%d\"]\nshape = SubResource(\"s\")\n", k)
	}
	return b.String()
}

// responds: a rigid body is pushed by what its mask meets, an area
// detects it; static and character bodies are not moved by contacts.
func (o layerObject) responds() bool { return o.class == "RigidBody3D" || o.class == "Area3D" }

// godotPairs is Godot 4's rule: an object that responds pairs with
// another when its mask meets the other's layer.
func godotPairs(a, b layerObject) bool {
	return a.responds() && a.mask&b.layer != 0 || b.responds() && b.mask&a.layer != 0
}

// filtersByObject lists the filter of each object's shape in g, by the
// name of its object ("O3"), for colliders and triggers alike.
func filtersByObject(t *testing.T, g *convert.Graph) map[string]convert.Filter {
	t.Helper()
	out := map[string]convert.Filter{}
	owner := func(i int) string { // the object "O<k>" the node lies in
		for ; i >= 0; i = g.Nodes[i].Parent {
			if n := g.Nodes[i].Name; len(n) > 1 && n[0] == 'O' && strings.Trim(n[1:], "0123456789") == "" {
				return n
			}
		}
		return ""
	}
	for i, n := range g.Nodes {
		f := -1
		switch {
		case n.Collider != nil && n.Collider.Shape >= 0:
			f = n.Collider.Filter
		case n.Trigger != nil && n.Trigger.Shape >= 0:
			f = n.Trigger.Filter
		default:
			continue
		}
		flt := convert.Filter{}
		if f >= 0 {
			flt = g.Filters[f]
		}
		out[owner(i)] = flt
	}
	return out
}

// TestGodotLayersPairAsGodot: a Godot object pairs with another when the
// mask of one that responds (a rigid body, an area) meets the other's
// layer; a static or character body's own mask plays no part. Read as
// glTF filters (each side must accept the other), a floor on the default
// layer read as no filter at all met no ball of layers 1 and 2, and a
// ball whose mask missed a box that scanned it did not touch it: balls
// fell through floors in MuJoCo and glTF, said by nothing. Generated
// scenes of every kind of object, layer and mask: the filters read pair
// every two objects one of which responds as Godot does, and so does
// every target read back (no verify-mismatch); a pair Godot pushes one
// way only is said to targets that push both.
func TestGodotLayersPairAsGodot(t *testing.T) {
	reg := all.Registry()
	rng := rand.New(rand.NewPCG(17, 3))
	classes := []string{"StaticBody3D", "RigidBody3D", "RigidBody3D", "CharacterBody3D", "Area3D"}
	layers := []uint32{1, 1, 2, 3, 4, 5, 0}
	for c := 0; c < 40; c++ {
		objs := make([]layerObject, 2+rng.IntN(4))
		for k := range objs {
			objs[k] = layerObject{classes[rng.IntN(len(classes))], layers[rng.IntN(len(layers))], layers[rng.IntN(len(layers))]}
		}
		scene := layerScene(objs)
		fsys := fstest.MapFS{"s.tscn": {Data: []byte(scene)}}
		_, g := parseIn(t, reg, fsys, "s.tscn")
		checkGodotPairs(t, fmt.Sprintf("scene %d", c), objs, filtersByObject(t, g))
		oneSided := false
		for a := range objs {
			for b := range objs {
				if objs[a].class == "RigidBody3D" && objs[b].class == "RigidBody3D" && objs[a].mask&objs[b].layer != 0 && objs[b].mask&objs[a].layer == 0 {
					oneSided = true
				}
			}
		}
		for _, to := range []string{"khr", "mjcf", "godot"} {
			out, res := convertIn(t, reg, fsys, "s.tscn", to)
			if to == "khr" {
				// and back into Godot: the same pairs (a mask of 0 came
				// back as 1)
				rt, _ := convertIn(t, reg, outputFS(out, "s.gltf"), "s.gltf", "godot")
				_, back := parseIn(t, reg, fstest.MapFS{"r.tscn": {Data: rt.Main}}, "r.tscn")
				checkGodotPairs(t, fmt.Sprintf("scene %d through glTF and back", c), objs, filtersByObject(t, back))
			}
			widened := false
			for _, d := range res.Diagnostics {
				switch d.Code {
				case convert.CodeVerifyMismatch:
					t.Errorf("scene %d → %s: %v", c, to, d)
				case convert.CodeCollisionFilterWidened:
					widened = true
				}
			}
			if want := oneSided && to != "godot"; widened != want {
				t.Errorf("scene %d → %s: collision-filter-widened said %v, want %v (pushed one way only: %v)\n%s", c, to, widened, want, oneSided, scene)
			}
		}
	}
}

// checkGodotPairs reports the pairs of objects, one of which responds,
// that the filters got pair otherwise than Godot.
func checkGodotPairs(t *testing.T, what string, objs []layerObject, got map[string]convert.Filter) {
	t.Helper()
	for a := range objs {
		for b := range objs {
			na, nb := fmt.Sprint("O", a), fmt.Sprint("O", b)
			if a == b || !objs[a].responds() && !objs[b].responds() {
				continue
			}
			if want := godotPairs(objs[a], objs[b]); convert.FiltersCollide(got[na], got[nb]) != want {
				t.Errorf("%s: %s %+v and %s %+v pair: %v, Godot: %v (filters %+v, %+v)", what, na, objs[a], nb, objs[b], !want, want, got[na], got[nb])
			}
		}
	}
}

// TestGodotLayersKeptThroughGodot: Godot output writes back every rigid
// body's layer and mask, and a static or character body's too (its mask
// moves a character by script), default or not.
func TestGodotLayersKeptThroughGodot(t *testing.T) {
	reg := all.Registry()
	objs := []layerObject{{"StaticBody3D", 1, 1}, {"CharacterBody3D", 2, 1}, {"RigidBody3D", 2, 3}, {"RigidBody3D", 4, 1}, {"StaticBody3D", 8, 0}}
	fsys := fstest.MapFS{"s.tscn": {Data: []byte(layerScene(objs))}}
	out, _ := convertIn(t, reg, fsys, "s.tscn", "godot")
	_, back := parseIn(t, reg, fstest.MapFS{"o.tscn": {Data: out.Main}}, "o.tscn")
	want := filtersByObject(t, back)
	if !strings.Contains(string(out.Main), "collision_layer = 8\ncollision_mask = 0") {
		t.Errorf("the static body of layer 8, mask 0 is not written so:\n%s", out.Main)
	}
	for k, o := range objs {
		name := fmt.Sprint("O", k)
		f := want[name]
		if o.layer == 1 && o.mask == 1 {
			continue
		}
		if !strings.Contains(f.Name, fmt.Sprintf("layer %d mask %d", o.layer, o.mask)) {
			t.Errorf("%s (%s, layer %d, mask %d) read back with filter %q", name, o.class, o.layer, o.mask, f.Name)
		}
	}
}

// TestGodotLayersInEngines: a ball of layers 1 and 2 drops onto a floor
// of the default layer, and of two balls on layer 2 the upper, whose mask
// meets layer 2, lands on the lower, whose mask does not: in Godot 4.6
// the balls rest on the floor and on each other, and so they do in
// MuJoCo, from the scene and from its glTF.
func TestGodotLayersInEngines(t *testing.T) {
	testenv.Oracle(t, "godot4-inspect")
	testenv.Oracle(t, "mj-inspect")
	reg := all.Registry()
	scene := `[gd_scene load_steps=3 format=3]

[sub_resource type="BoxShape3D" id="floor"]
size = Vector3(20, 1, 20)

[sub_resource type="SphereShape3D" id="ball"]
radius = 0.5

[node name="Root" type="Node3D"]

[node name="Floor" type="StaticBody3D" parent="."]

[node name="Shape" type="CollisionShape3D" parent="Floor"]
shape = SubResource("floor")

[node name="Lower" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0)
collision_layer = 2

[node name="Shape" type="CollisionShape3D" parent="Lower"]
shape = SubResource("ball")

[node name="Upper" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 4, 0)
collision_layer = 2
collision_mask = 3

[node name="Shape" type="CollisionShape3D" parent="Upper"]
shape = SubResource("ball")

[node name="Side" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 4, 2, 0)
collision_layer = 3
collision_mask = 3

[node name="Shape" type="CollisionShape3D" parent="Side"]
shape = SubResource("ball")
`
	want := map[string]float64{"Lower": 0.999, "Upper": 1.98, "Side": 0.999} // heights at rest
	at := testenv.GodotOrigins(t, "godot4-inspect", scene, 150, map[string]string{"project.godot": testenv.Godot4Project})
	for name, h := range want {
		if got := at[name][1]; got < h-0.03 || got > h+0.03 {
			t.Fatalf("Godot 4.6 (the source): %s at height %.3f, want %.3f", name, got, h)
		}
	}
	fsys := fstest.MapFS{"s.tscn": {Data: []byte(scene)}}
	gltf, _ := convertIn(t, reg, fsys, "s.tscn", "khr")
	for _, src := range []struct {
		name string
		fsys fstest.MapFS
	}{{"s.tscn", fsys}, {"s.gltf", fstest.MapFS{"s.gltf": {Data: gltf.Main}}}} {
		in, err := physconv.NewInput(src.fsys, src.name, &convert.Options{To: "mjcf", OutputName: "out.xml"})
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := physconv.ConvertBytes(context.Background(), reg, in)
		if err != nil {
			t.Fatal(err)
		}
		bodies := testenv.MuJoCoBodies(t, testenv.WriteFiles(t, t.TempDir(), "out.xml", out.Main, out.Files), "--steps", "1000")
		for name, h := range want {
			if got := bodies[name].Xpos[2]; got < h-0.03 || got > h+0.03 {
				t.Errorf("MuJoCo, from %s: %s at height %.3f, want %.3f (as in Godot)", src.name, name, got, h)
			}
		}
	}
}
