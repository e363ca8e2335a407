package godot

import (
	"fmt"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// TestColliderAndTrigger writes a node that is both a collider and a
// trigger (glTF allows it; a Godot node is one or the other) and reads it
// back: both shapes must be there, at the same place, on the same body.
func TestColliderAndTrigger(t *testing.T) {
	const scene = `[gd_scene format=3]

[sub_resource type="BoxShape3D" id="Box"]
size = Vector3(1, 2, 3)

[node name="Root" type="Node3D"]

[node name="Body" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2, 0)

[node name="Shape" type="CollisionShape3D" parent="Body"]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 0, 0)
shape = SubResource("Box")

[node name="Static" type="StaticBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 3, 0, 0)

[node name="StaticShape" type="CollisionShape3D" parent="Static"]
shape = SubResource("Box")
`
	for _, where := range []string{"Body", "Shape", "Static"} {
		for _, version := range []int{4, 3} {
			t.Run(fmt.Sprintf("%s/godot%d", where, version), func(t *testing.T) {
				g := parseText(t, scene)
				// The Graph puts a body's own shape on the body node, and
				// a static body's on the static node.
				n := &g.Nodes[nodeNamed(t, g, where)]
				if n.Collider == nil || n.Collider.Shape < 0 {
					for _, c := range n.Children {
						if g.Nodes[c].Collider != nil && g.Nodes[c].Collider.Shape >= 0 {
							n = &g.Nodes[c]
							break
						}
					}
				}
				if n.Collider == nil || n.Collider.Shape < 0 {
					t.Fatalf("%s has no collider", where)
				}
				n.Trigger = &convert.Trigger{Shape: n.Collider.Shape, Filter: -1}
				emit := Emit
				if version == 3 {
					emit = emitGodot3
				}
				out, _, err := emit(g, &convert.Options{})
				if err != nil {
					t.Fatal(err)
				}
				back := parseText(t, string(out.Main))
				want, got := inspect.Inspect(g, "godot", nil), inspect.Inspect(back, "godot", nil)
				inspect.Equate(want, got, 1e-9)
				for _, d := range inspect.Diff(want, got, 1e-9) {
					if d.Quantity == convert.QShape || d.Quantity == convert.QTrigger {
						t.Errorf("%s\n%s", d.Message, out.Main)
					}
				}
				colliders, triggers := 0, 0
				for _, b := range got.Bodies {
					colliders += len(b.Colliders)
					triggers += len(b.Triggers)
				}
				if colliders != 2 || triggers != 1 {
					t.Errorf("read back %d colliders and %d triggers, want 2 and 1\n%s", colliders, triggers, out.Main)
				}
			})
		}
	}
}
