package godot

import (
	"fmt"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestJointToItselfDropped: a joint whose two ends name one body (a
// rigid body, or a static one) was refused, the whole file with it; Godot
// 4 loads such a scene and makes no joint (Godot 3 too, with an error
// printed), so the body moves as if the joint were not there. It is now
// dropped with godot-joint-unconnected, in both versions and every joint
// class, and the rest of the scene is read.
func TestJointToItselfDropped(t *testing.T) {
	scenes := map[int]string{
		4: `[gd_scene load_steps=2 format=3]

[sub_resource type="BoxShape3D" id="b"]

[node name="Root" type="Node3D"]

[node name="Arm" type="%s" parent="."]

[node name="CS" type="CollisionShape3D" parent="Arm"]
shape = SubResource("b")

[node name="J" type="%s" parent="."]
node_a = NodePath("../Arm")
node_b = NodePath("../Arm")
`,
		3: `[gd_scene load_steps=2 format=2]

[sub_resource type="BoxShape" id=1]

[node name="Root" type="Spatial"]

[node name="Arm" type="%s" parent="."]

[node name="CS" type="CollisionShape" parent="Arm"]
shape = SubResource( 1 )

[node name="J" type="%s" parent="."]
nodes/node_a = NodePath("../Arm")
nodes/node_b = NodePath("../Arm")
`}
	bodies := map[int][]string{4: {"RigidBody3D", "StaticBody3D"}, 3: {"RigidBody", "StaticBody"}}
	joints := map[int][]string{4: {"HingeJoint3D", "PinJoint3D", "Generic6DOFJoint3D"}, 3: {"HingeJoint", "PinJoint", "Generic6DOFJoint"}}
	for v, scene := range scenes {
		for _, body := range bodies[v] {
			for _, joint := range joints[v] {
				label := fmt.Sprintf("godot%d/%s/%s", v, body, joint)
				g, diags, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(fmt.Sprintf(scene, body, joint)), Options: &convert.Options{}})
				if err != nil {
					t.Fatalf("%s: %v", label, err)
				}
				for i := range g.Nodes {
					if g.Nodes[i].Joint != nil {
						t.Errorf("%s: a joint is read (node %s)", label, g.NodeLabel(i))
					}
				}
				if !diags.Has(convert.CodeGodotJointUnconnected) {
					t.Errorf("%s: dropped without godot-joint-unconnected: %v", label, diags)
				}
			}
		}
	}
}
