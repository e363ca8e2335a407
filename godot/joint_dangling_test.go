package godot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// A joint end whose node path names no node (a scene edited after the
// body was removed) is read as Godot reads it, as no body: the other end
// is joined to the world, or the joint joins nothing; with a warning
// naming the path. The reader refused the scene. Both versions' keys.
func TestJointPathToNoNode(t *testing.T) {
	cases := []struct {
		a, b     string
		joined   bool   // a joint joins body Box (to the world); else none is read
		dangling string // the path the warning names
	}{
		{"../Gone", "../Box", true, "../Gone"},
		{"../Box", "../Gone", true, "../Gone"},
		{"../Gone", "../AlsoGone", false, "../Gone"},
		{"../Box", "", true, ""},
	}
	for _, v := range []int{4, 3} {
		for _, tc := range cases {
			keyA, keyB, format, body, joint := "node_a", "node_b", 3, "RigidBody3D", "HingeJoint3D"
			if v == 3 {
				keyA, keyB, format, body, joint = "nodes/node_a", "nodes/node_b", 2, "RigidBody", "HingeJoint"
			}
			scene := fmt.Sprintf("[gd_scene format=%d]\n\n[node name=\"Main\" type=\"Spatial\"]\n\n[node name=\"Box\" type=%q parent=\".\"]\n\n"+
				"[node name=\"Hinge\" type=%q parent=\".\"]\n%s = NodePath(%q)\n%s = NodePath(%q)\n", format, body, joint, keyA, tc.a, keyB, tc.b)
			if v == 4 {
				scene = strings.Replace(scene, "Spatial", "Node3D", 1)
			}
			g, diags, err := Parse(&convert.Input{Name: "j.tscn", Data: []byte(scene), Options: &convert.Options{}})
			label := fmt.Sprintf("Godot %d, a %q b %q", v, tc.a, tc.b)
			if err != nil {
				t.Errorf("%s: %v", label, err)
				continue
			}
			var joints []int
			for i := range g.Nodes {
				if g.Nodes[i].Joint != nil {
					joints = append(joints, i)
				}
			}
			if got := len(joints) == 1; got != tc.joined {
				t.Errorf("%s: %d joints, want joined %v", label, len(joints), tc.joined)
			}
			if len(joints) == 1 {
				// body Box is one end; the other is the world
				j := joints[0]
				ends := []int{g.BodyOf(j), g.BodyOf(g.Nodes[j].Joint.Connected)}
				box := -1
				for i := range g.Nodes {
					if g.Nodes[i].Name == "Box" {
						box = i
					}
				}
				if !(ends[0] == box && ends[1] < 0 || ends[1] == box && ends[0] < 0) {
					t.Errorf("%s: the joint joins bodies %v, want Box (%d) and the world", label, ends, box)
				}
			}
			warned := false
			for _, d := range diags.OfCode(convert.CodeGodotJointUnconnected) {
				if tc.dangling != "" && strings.Contains(d.Message, fmt.Sprintf("%q does not name a node", tc.dangling)) {
					warned = true
				}
			}
			if warned != (tc.dangling != "") {
				t.Errorf("%s: warned %v about a path naming no node: %v", label, warned, diags)
			}
		}
	}
}
