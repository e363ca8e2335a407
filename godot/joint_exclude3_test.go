package godot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestGodot3JointExcludeDefault: a Godot 3 joint keeps its two bodies
// from colliding unless the scene says otherwise (Joint's
// collision/exclude_nodes is true by default, as in Godot 4); a joint
// that does not store the property was read as letting them collide, and
// every output then jammed jointed parts that overlap (wheels in their
// car, planks of a bridge). For each Godot 3 joint class, with and
// without the property, the Graph's joint and a Godot 3 and Godot 4
// scene written from it say what the source says.
func TestGodot3JointExcludeDefault(t *testing.T) {
	for _, class := range []string{"PinJoint", "HingeJoint", "SliderJoint", "ConeTwistJoint", "Generic6DOFJoint"} {
		for _, stored := range []string{"", "true", "false"} {
			line := ""
			if stored != "" {
				line = "collision/exclude_nodes = " + stored + "\n"
			}
			scene := fmt.Sprintf(`[gd_scene load_steps=2 format=2]

[sub_resource type="BoxShape" id=1]

[node name="Root" type="Spatial"]

[node name="A" type="RigidBody" parent="."]

[node name="S" type="CollisionShape" parent="A"]
shape = SubResource( 1 )

[node name="B" type="RigidBody" parent="."]
transform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 1.5, 0, 0 )

[node name="S" type="CollisionShape" parent="B"]
shape = SubResource( 1 )

[node name="J" type="%s" parent="."]
transform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0 )
nodes/node_a = NodePath("../A")
nodes/node_b = NodePath("../B")
%s`, class, line)
			g, _, err := Parse(&convert.Input{Name: "j.tscn", Data: []byte(scene), Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			collide := stored == "false"
			for _, n := range g.Nodes {
				if n.Joint != nil && n.Joint.EnableCollision != collide {
					t.Errorf("%s, collision/exclude_nodes %q: the bodies collide %v in the Graph", class, stored, n.Joint.EnableCollision)
				}
			}
			for _, v := range []int{3, 4} {
				out, _, err := Emit(g, (&convert.Options{}).With(VersionOption, fmt.Sprint(v)))
				if err != nil {
					t.Fatal(err)
				}
				key := map[int]string{3: "collision/exclude_nodes = false", 4: "exclude_nodes_from_collision = false"}[v]
				if strings.Contains(string(out.Main), key) != collide {
					t.Errorf("%s, collision/exclude_nodes %q: Godot %d output:\n%s", class, stored, v, out.Main)
				}
			}
		}
	}
}
