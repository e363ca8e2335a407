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

// octahedronGLTF is a static ground and a falling body, both colliding
// with a triangle-mesh octahedron (the ground's scaled flat), the body
// dynamic or kinematic.
func octahedronGLTF(motion string) string {
	return `{
 "asset":{"version":"2.0"},
 "extensionsUsed":["KHR_physics_rigid_bodies"],
 "buffers":[{"byteLength":120,"uri":"data:application/octet-stream;base64,AACAPwAAAAAAAAAAAACAvwAAAAAAAAAAAAAAAAAAgD8AAAAAAAAAAAAAgL8AAAAAAAAAAAAAAAAAAIA/AAAAAAAAAAAAAIC/AAACAAQAAgABAAQAAQADAAQAAwAAAAQAAgAAAAUAAQACAAUAAwABAAUAAAADAAUA"}],
 "bufferViews":[{"buffer":0,"byteOffset":0,"byteLength":72},{"buffer":0,"byteOffset":72,"byteLength":48}],
 "accessors":[{"bufferView":0,"componentType":5126,"count":6,"type":"VEC3","min":[-1,-1,-1],"max":[1,1,1]},{"bufferView":1,"componentType":5123,"count":24,"type":"SCALAR"}],
 "meshes":[{"primitives":[{"attributes":{"POSITION":0},"indices":1}]}],
 "scene":0,
 "scenes":[{"nodes":[0,1]}],
 "nodes":[
  {"name":"Ground","translation":[0,-0.5,0],"scale":[10,0.5,10],"mesh":0,"extensions":{"KHR_physics_rigid_bodies":{"collider":{"geometry":{"mesh":0}}}}},
  {"name":"Gem","translation":[0,3,0],"mesh":0,"extensions":{"KHR_physics_rigid_bodies":{"motion":` + motion + `,"collider":{"geometry":{"mesh":0}}}}}
 ]}`
}

// TestGodotDynamicBodyMeshAsHull: Godot collides triangle meshes
// (ConcavePolygonShape3D) only on bodies that do not move by dynamics —
// no two of them touch, and a rigid body's falls through a static one. A
// glTF body colliding with a triangle mesh was written with one and fell
// through the ground in Godot 4.6 (y −15.5 after 120 steps); its mesh is
// now its convex hull, said (shape-approximated), and it lands on the
// ground, which keeps its triangle mesh; an animated (kinematic) body
// keeps its mesh too, in Godot 4 and 3 output.
func TestGodotDynamicBodyMeshAsHull(t *testing.T) {
	reg := all.Registry()
	for _, c := range []struct {
		motion           string
		to               string
		concave, convex  int
		approximatedUses int
	}{
		{`{"mass":1}`, "godot", 1, 1, 1},
		{`{"mass":1}`, "godot3", 1, 1, 1},
		{`{"isKinematic":true}`, "godot", 1, 0, 0},
	} {
		src := octahedronGLTF(c.motion)
		out, res, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "gem.gltf", Data: []byte(src),
			Options: &convert.Options{From: "khr", To: c.to, OutputName: "gem.tscn"}})
		if err != nil {
			t.Fatal(err)
		}
		scene := string(out.Main)
		concave := strings.Count(scene, `type="ConcavePolygonShape`)
		convex := strings.Count(scene, `type="ConvexPolygonShape`)
		approximated := 0
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeShapeApproximated && strings.Contains(d.Message, "not dynamic") {
				approximated++
			}
			if d.Code == convert.CodeVerifyMismatch {
				t.Errorf("%s %s: %v", c.motion, c.to, d)
			}
		}
		if concave != c.concave || convex != c.convex || approximated != c.approximatedUses {
			t.Errorf("%s to %s: %d concave and %d convex shapes, %d shape-approximated; want %d, %d, %d\n%s", c.motion, c.to,
				concave, convex, approximated, c.concave, c.convex, c.approximatedUses, scene)
		}
		if c.to != "godot" || c.convex == 0 {
			continue
		}
		testenv.Oracle(t, "godot4-inspect")
		at := testenv.GodotOrigins(t, "godot4-inspect", scene, 120, map[string]string{"project.godot": testenv.Godot4Project})
		gem, ok := at["Gem"]
		// it lands on the ground (top at y 0) and rests on a tip or a face
		if y := gem[1]; !ok || y < 0.5 || y > 1.1 {
			t.Errorf("Godot 4: the gem after 120 steps at %v, want resting on the ground (y 0.5–1.1)", gem)
		}
	}
}
