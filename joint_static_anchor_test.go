package physconv_test

import (
	"context"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// pinnedArmGLTF is an arm pinned (a ball joint, collisions between the
// two sides off, glTF's default) to a static post that is a plain
// collider, the way glTF ropes and railings hang from their poles; the
// joint's frame on the post's side is a child node of the post, or the
// post itself.
func pinnedArmGLTF(onPost bool) string {
	connected, postChildren, nodes := "3", `,"children":[3]`, `,
  {"name":"PostPin","translation":[0,0.9,0]}`
	if onPost {
		connected, postChildren, nodes = "0", "", ""
	}
	return `{
 "asset":{"version":"2.0"},
 "extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
 "extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"box","box":{"size":[0.2,2,0.2]}},{"type":"box","box":{"size":[1,0.1,0.1]}}]},"KHR_physics_rigid_bodies":{"physicsJoints":[{"limits":[{"linearAxes":[0,1,2],"min":0,"max":0}]}]}},
 "scene":0,
 "scenes":[{"nodes":[0,1]}],
 "nodes":[
  {"name":"Post","translation":[0,1,0],"extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0}}}}` + postChildren + `},
  {"name":"Arm","translation":[0.45,1.9,0],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},"collider":{"geometry":{"shape":1}}}},"children":[2]},
  {"name":"Pin","translation":[-0.45,0,0],"extensions":{"KHR_physics_rigid_bodies":{"joint":{"connectedNode":` + connected + `,"joint":0}}}}` + nodes + `
 ]}`
}

// TestJointToStaticColliderKeepsApart: a joint whose other side is a
// static collider (no body: the world) keeps its body from colliding with
// that collider, as glTF engines do. Godot excludes a joint's two bodies
// only when the joint names both, and the arm's joint named the world:
// it collided with its post and stuck beside it (x 0.09 after 60 steps)
// instead of swinging down past it. The joint now names the post's
// StaticBody3D (node_b), and in Godot 4.6 the arm swings past the post.
func TestJointToStaticColliderKeepsApart(t *testing.T) {
	reg := all.Registry()
	for _, onPost := range []bool{false, true} {
		out, res, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "pin.gltf", Data: []byte(pinnedArmGLTF(onPost)),
			Options: &convert.Options{From: "khr", To: "godot", OutputName: "pin.tscn"}})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeVerifyMismatch {
				t.Errorf("on post %v: %v", onPost, d)
			}
		}
		scene := string(out.Main)
		if !strings.Contains(scene, `node_b = NodePath("../../Post")`) && !strings.Contains(scene, `node_a = NodePath("../../Post")`) {
			t.Fatalf("on post %v: the joint does not name the post:\n%s", onPost, scene)
		}
		// the scene read back names the post as the joint's other body
		back, _, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "pin.tscn", Data: out.Main,
			Options: &convert.Options{From: "godot", To: "godot", OutputName: "again.tscn"}})
		if err != nil || !strings.Contains(string(back.Main), `NodePath("../../Post")`) {
			t.Errorf("on post %v: Godot to Godot loses the post: %v\n%s", onPost, err, back.Main)
		}

		testenv.Oracle(t, "godot4-inspect")
		at := testenv.GodotOrigins(t, "godot4-inspect", scene, 60, map[string]string{"project.godot": testenv.Godot4Project})
		// pinned at its left end beside the post's top, the arm swings
		// down through the post's side: past it, x < -0.3
		if arm, ok := at["Arm"]; !ok || arm[0] > -0.3 {
			t.Errorf("on post %v: the arm after 60 steps at %v, want swung past the post (x < -0.3)", onPost, arm)
		}
	}
}
