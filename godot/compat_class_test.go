package godot

import (
	"encoding/json"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/mass"
)

// compatScene is a Godot 4 scene of every body, shape and joint class
// physconv reads, each named %[1]s...: the test fills in either the Godot
// 4 name or the Godot 3 name Godot 4 still loads it by.
const compatScene = `[gd_scene format=3]

[ext_resource type="{BoxShape3D}" path="res://box.tres" id="1"]

[sub_resource type="{SphereShape3D}" id="s"]
radius = 0.3

[sub_resource type="{CapsuleShape3D}" id="c"]
radius = 0.2
height = 1.0

[sub_resource type="{CylinderShape3D}" id="y"]
radius = 0.25
height = 0.5

[sub_resource type="{ConvexPolygonShape3D}" id="v"]
points = PackedVector3Array(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1)

[sub_resource type="{WorldBoundaryShape3D}" id="p"]

[node name="Root" type="{Node3D}"]

[node name="Ground" type="{StaticBody3D}" parent="."]

[node name="Plane" type="{CollisionShape3D}" parent="Ground"]
shape = SubResource("p")

[node name="Box" type="{CollisionShape3D}" parent="Ground"]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 4, 0.5, 0)
shape = ExtResource("1")

[node name="Ball" type="{RigidBody3D}" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0)
mass = 2.0

[node name="Shape" type="{CollisionShape3D}" parent="Ball"]
shape = SubResource("s")

[node name="Pill" type="{RigidBody3D}" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 3, 0)

[node name="Shape" type="{CollisionShape3D}" parent="Pill"]
shape = SubResource("c")

[node name="Can" type="{RigidBody3D}" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 2, 3, 0)

[node name="Shape" type="{CollisionShape3D}" parent="Can"]
shape = SubResource("y")

[node name="Rock" type="{RigidBody3D}" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 3, 3, 0)

[node name="Shape" type="{CollisionShape3D}" parent="Rock"]
shape = SubResource("v")

[node name="Mover" type="{CharacterBody3D}" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 5, 3, 0)

[node name="Shape" type="{CollisionShape3D}" parent="Mover"]
shape = SubResource("s")

[node name="Zone" type="{Area3D}" parent="."]

[node name="Shape" type="{CollisionShape3D}" parent="Zone"]
shape = SubResource("s")

[node name="Pin" type="{PinJoint3D}" parent="."]
node_a = NodePath("../Ball")
node_b = NodePath("../Pill")

[node name="Hinge" type="{HingeJoint3D}" parent="."]
node_a = NodePath("../Pill")
node_b = NodePath("../Can")
angular_limit/enable = true

[node name="Slider" type="{SliderJoint3D}" parent="."]
node_a = NodePath("../Can")
node_b = NodePath("../Rock")

[node name="Cone" type="{ConeTwistJoint3D}" parent="."]
node_a = NodePath("../Rock")
node_b = NodePath("../Ground")

[node name="Six" type="{Generic6DOFJoint3D}" parent="."]
node_a = NodePath("../Ball")
node_b = NodePath("../Ground")
`

const compatBox = `[gd_resource type="{BoxShape3D}" format=3]

[resource]
size = Vector3(1, 2, 3)
`

// TestGodot3ClassNamesInGodot4Scene: Godot 4 loads the Godot 3 name of
// each class it renamed (StaticBody, CollisionShape, SphereShape, ...) as
// the renamed class, so a Godot 4 scene spelling them has the same bodies,
// shapes and joints as one spelling the Godot 4 names, and says nothing
// about them.
func TestGodot3ClassNamesInGodot4Scene(t *testing.T) {
	godot3Name := map[string]string{}
	for c3, c4 := range class3to4 {
		godot3Name[c4] = c3
	}
	fill := func(text string, godot3 bool) string {
		for c4, c3 := range godot3Name {
			name := c4
			if godot3 {
				name = c3
			}
			text = strings.ReplaceAll(text, "{"+c4+"}", name)
		}
		return text
	}
	read := func(godot3 bool) (string, convert.Diagnostics) {
		t.Helper()
		scene := fill(compatScene, godot3)
		if strings.Contains(scene, "{") {
			t.Fatalf("a class of the scene has no Godot 3 name: %s", scene[strings.Index(scene, "{"):][:30])
		}
		fsys := fstest.MapFS{
			"project.godot": {Data: []byte("config_version=5\n")},
			"box.tres":      {Data: []byte(fill(compatBox, godot3))},
			"s.tscn":        {Data: []byte(scene)},
		}
		in := &convert.Input{Name: "s.tscn", Data: fsys["s.tscn"].Data, FS: fsys, Dir: ".", Options: &convert.Options{}}
		g, diags, err := Parse(in)
		if err != nil {
			t.Fatalf("godot3 names %v: %v", godot3, err)
		}
		mass.CompleteInPlace(g, in.Options)
		out, err := json.Marshal(inspect.Inspect(g, "godot", nil))
		if err != nil {
			t.Fatal(err)
		}
		return string(out), diags
	}
	want, wantDiags := read(false)
	got, gotDiags := read(true)
	if got != want {
		t.Errorf("a Godot 4 scene read differently with Godot 3 class names:\n%s\nwant\n%s", got, want)
	}
	if len(gotDiags) != len(wantDiags) {
		t.Errorf("diagnostics with Godot 3 class names %v, with Godot 4 names %v", gotDiags, wantDiags)
	}
	for _, kind := range []string{`"kind":"dynamic"`, `"kind":"static"`, `"shape":"box"`, `"shape":"capsule"`, `"shape":"cylinder"`, `"shape":"convex"`, `"shape":"plane"`, `"kind":"revolute"`} {
		if !strings.Contains(got, kind) {
			t.Errorf("the scene read with Godot 3 class names has no %s", kind)
		}
	}
}
