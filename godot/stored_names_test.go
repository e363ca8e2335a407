package godot

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// TestStoredNodeNames: a scene stores node names a user cannot type but
// Godot's editor writes itself — @CSGBox3D10@19582 for a node it named,
// a quote — and Godot loads them; they are read in both versions, as the
// parent of a body and in a joint's node path, and written back under
// the names a user could type (an @ or a quote as an underscore).
// Names that would break a node path (a slash, a colon, a leading %, "."
// and "..") stay errors at their line.
func TestStoredNodeNames(t *testing.T) {
	for _, v := range []int{3, 4} {
		for _, name := range []string{"@Body@2", "@CSGBox3D10@19582", "A@b", `say "hi"`} {
			// physconv writes an @ or a quote as an underscore, as Godot's
			// editor would make such a name
			written := strings.NewReplacer(`"`, "_", "@", "_").Replace(name)
			body, joint, shape := "RigidBody3D", "HingeJoint3D", "BoxShape3D"
			header, ref := "[gd_scene format=3]", `SubResource("1")`
			if v == 3 {
				body, joint, shape = "RigidBody", "HingeJoint", "BoxShape"
				header, ref = "[gd_scene load_steps=2 format=2]", "SubResource( 1 )"
			}
			quoted := tscn.EncodeValue(name)
			src := fmt.Sprintf(`%s

[sub_resource type="%s" id="1"]

[node name="Root" type="Spatial"]

[node name=%s type="%s" parent="."]
mass = 2.0

[node name="Shape" type="CollisionShape" parent=%s]
shape = %s

[node name="Hinge" type="%s" parent="."]
nodes/node_a = NodePath(%s)
`, header, shape, quoted, body, tscn.EncodeValue(name), ref, joint, tscn.EncodeValue("../"+name))
			if v == 4 {
				src = strings.ReplaceAll(src, `"Spatial"`, `"Node3D"`)
				src = strings.ReplaceAll(src, `"CollisionShape"`, `"CollisionShape3D"`)
				src = strings.ReplaceAll(src, "nodes/node_a", "node_a")
			}
			g, diags, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(src), Options: &convert.Options{}})
			if err != nil {
				t.Errorf("Godot %d, %q: %v", v, name, err)
				continue
			}
			b := bodyNamed(g, name)
			if b < 0 || *g.Nodes[b].Motion.Mass != 2 {
				t.Errorf("Godot %d, %q: no body of 2 kg by that name", v, name)
				continue
			}
			if jointNamed(g, "Hinge") < 0 || diags.Has(convert.CodeGodotJointUnconnected) {
				t.Errorf("Godot %d, %q: the hinge's path to the body is not followed: %v", v, name, diags)
			}
			out, _, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(v)))
			if err != nil {
				t.Fatal(err)
			}
			back, _, err := Parse(&convert.Input{Name: "o.tscn", Data: out.Main, Options: &convert.Options{}})
			if err != nil {
				t.Fatalf("Godot %d, %q: the output does not read back: %v\n%s", v, name, err, out.Main)
			}
			if bodyNamed(back, written) < 0 {
				t.Errorf("Godot %d, %q: written under another name\n%s", v, name, out.Main)
			}
		}
	}
	for _, name := range []string{"A/B", "a:b", "%u", ".", ".."} {
		src := "[gd_scene format=3]\n\n[node name=\"Root\" type=\"Node3D\"]\n\n[node name=" + tscn.EncodeValue(name) + " type=\"Node3D\" parent=\".\"]\n"
		_, _, err := Parse(&convert.Input{Name: "s.tscn", Data: []byte(src), Options: &convert.Options{}})
		var fe *convert.FormatError
		if !errors.As(err, &fe) || fe.Line != 5 || !strings.Contains(err.Error(), "invalid node name") {
			t.Errorf("%q: err = %v, want an invalid name at line 5", name, err)
		}
	}
}

func bodyNamed(g *convert.Graph, name string) int {
	for i, n := range g.Nodes {
		if n.Motion != nil && n.Name == name {
			return i
		}
	}
	return -1
}

func jointNamed(g *convert.Graph, name string) int {
	for i, n := range g.Nodes {
		if n.Joint != nil && n.Name == name {
			return i
		}
	}
	return -1
}
