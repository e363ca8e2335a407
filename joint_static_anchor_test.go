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
// two sides off, glTF's default) to a static post, the way glTF ropes and
// railings hang from their poles. The post is a plain collider, the
// joint's frame on its side a child node of the post ("pin") or the post
// itself ("post"); or the post is a plain node whose child is the collider
// (a Godot StaticBody3D written to glTF, "parts"), the frame a child of
// the post.
func pinnedArmGLTF(variant string) string {
	post := `{"name":"Post","translation":[0,1,0],"extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0}}}},"children":[3]}`
	connected, more := "3", `,
  {"name":"PostPin","translation":[0,0.9,0]}`
	switch variant {
	case "post":
		post = `{"name":"Post","translation":[0,1,0],"extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0}}}}}`
		connected, more = "0", ""
	case "parts":
		post = `{"name":"Post","translation":[0,1,0],"children":[3,4]}`
		more += `,
  {"name":"PostShape","extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"shape":0}}}}}`
	}
	return `{
 "asset":{"version":"2.0"},
 "extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
 "extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"box","box":{"size":[0.2,2,0.2]}},{"type":"box","box":{"size":[1,0.1,0.1]}}]},"KHR_physics_rigid_bodies":{"physicsJoints":[{"limits":[{"linearAxes":[0,1,2],"min":0,"max":0}]}]}},
 "scene":0,
 "scenes":[{"nodes":[0,1]}],
 "nodes":[
  ` + post + `,
  {"name":"Arm","translation":[0.45,1.9,0],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},"collider":{"geometry":{"shape":1}}}},"children":[2]},
  {"name":"Pin","translation":[-0.45,0,0],"extensions":{"KHR_physics_rigid_bodies":{"joint":{"connectedNode":` + connected + `,"joint":0}}}}` + more + `
 ]}`
}

// TestJointToStaticColliderKeepsApart: a joint whose other side is a
// static collider (no body: the world) keeps its body from colliding with
// that collider, as glTF engines do. Godot excludes a joint's two bodies
// only when the joint names both, and the arm's joint named the world:
// it collided with its post and stuck beside it (x 0.09 after 60 steps)
// instead of swinging down past it. The joint now names the post's
// StaticBody3D (node_b), or, for a plain post node over its collider, the
// collider's StaticBody3D, and in Godot 4.6 the arm swings
// past the post; the scene reads back with the joint to a static body,
// which reports as a joint to the world, as the source's.
func TestJointToStaticColliderKeepsApart(t *testing.T) {
	reg := all.Registry()
	for _, onPost := range []string{"pin", "post", "parts"} {
		out, res, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "pin.gltf", Data: []byte(pinnedArmGLTF(onPost)),
			Options: &convert.Options{From: "khr", To: "godot", OutputName: "pin.tscn"}})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeVerifyMismatch {
				t.Errorf("post %s: %v", onPost, d)
			}
		}
		scene := string(out.Main)
		post := `NodePath("../../Post")`
		if onPost == "parts" {
			post = `NodePath("../../Post/PostShape")` // the post's collider, its StaticBody3D
		}
		if !strings.Contains(scene, "node_b = "+post) && !strings.Contains(scene, "node_a = "+post) {
			t.Fatalf("post %s: the joint does not name the post:\n%s", onPost, scene)
		}
		// the scene read back names the post as the joint's other body
		back, _, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "pin.tscn", Data: out.Main,
			Options: &convert.Options{From: "godot", To: "godot", OutputName: "again.tscn"}})
		if err != nil || !strings.Contains(string(back.Main), post) {
			t.Errorf("post %s: Godot to Godot loses the post: %v\n%s", onPost, err, back.Main)
		}

		testenv.Oracle(t, "godot4-inspect")
		at := testenv.GodotOrigins(t, "godot4-inspect", scene, 60, map[string]string{"project.godot": testenv.Godot4Project})
		// pinned at its left end beside the post's top, the arm swings
		// down through the post's side: past it, x < -0.3
		if arm, ok := at["Arm"]; !ok || arm[0] > -0.3 {
			t.Errorf("post %s: the arm after 60 steps at %v, want swung past the post (x < -0.3)", onPost, arm)
		}
	}
}
