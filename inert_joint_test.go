package physconv_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// Sources with joints (or tendons) whose two ends cannot move relative to
// each other: both in the world, both on static bodies, both in one body.
// Each also has a joint that does constrain something, which must stay.
var inertJointSources = []struct {
	name, file, data string
	// inert is, per target, how many joints or tendons are dropped as
	// constraining nothing; targets not listed drop none that way.
	inert map[string]int
}{
	{"mjcf tendons", "ropes.xml", `<mujoco model="ropes">
  <worldbody>
    <site name="w1"/>
    <site name="w2" pos="1 0 0"/>
    <site name="anchor" pos="0 0 2"/>
    <body name="ball" pos="0 0 1.5">
      <freejoint/>
      <geom type="sphere" size="0.1"/>
      <site name="b1"/>
      <site name="b2" pos="0.1 0 0"/>
    </body>
  </worldbody>
  <tendon>
    <spatial name="dofless" limited="true" range="0 0.5"><site site="w1"/><site site="w2"/></spatial>
    <spatial name="inbody" limited="true" range="0 0.05"><site site="b1"/><site site="b2"/></spatial>
    <spatial name="rope" limited="true" range="0 0.6"><site site="anchor"/><site site="b1"/></spatial>
  </tendon>
</mujoco>`, map[string]int{"khr": 2, "omi": 2}},
	{"omi static bodies", "walls.gltf", `{
  "asset": {"version": "2.0"},
  "extensionsUsed": ["OMI_physics_body", "OMI_physics_shape", "OMI_physics_joint"],
  "extensions": {
    "OMI_physics_shape": {"shapes": [{"type": "box", "box": {"size": [1, 1, 1]}}]},
    "OMI_physics_joint": {"physicsJoints": [{"limits": [{"linearAxes": [0, 1, 2], "min": 0, "max": 0}, {"angularAxes": [0, 1, 2], "min": 0, "max": 0}]}]}
  },
  "scene": 0,
  "scenes": [{"nodes": [0, 1, 2, 3, 5]}],
  "nodes": [
    {"name": "WallA", "extensions": {"OMI_physics_body": {"motion": {"type": "static"}, "collider": {"shape": 0}}}},
    {"name": "WallB", "translation": [2, 0, 0], "children": [4], "extensions": {"OMI_physics_body": {"motion": {"type": "static"}, "collider": {"shape": 0}}}},
    {"name": "Glue", "translation": [1, 0, 0], "extensions": {"OMI_physics_joint": {"joint": 0, "connectedNode": 0}}},
    {"name": "Box", "translation": [0, 3, 0], "extensions": {"OMI_physics_body": {"motion": {"type": "dynamic", "mass": 2}, "collider": {"shape": 0}}}},
    {"name": "Glue2", "translation": [-1, 0, 0], "extensions": {"OMI_physics_joint": {"joint": 0, "connectedNode": 0}}},
    {"name": "Hold", "translation": [0, 1, 0], "extensions": {"OMI_physics_joint": {"joint": 0, "connectedNode": 3}}}
  ]
}`, map[string]int{"khr": 2}},
	{"godot static bodies", "walls.tscn", `[gd_scene load_steps=2 format=3]

[sub_resource type="BoxShape3D" id="1"]

[node name="Root" type="Node3D"]

[node name="WallA" type="StaticBody3D" parent="."]

[node name="Shape" type="CollisionShape3D" parent="WallA"]
shape = SubResource("1")

[node name="WallB" type="StaticBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 2, 0, 0)

[node name="Shape" type="CollisionShape3D" parent="WallB"]
shape = SubResource("1")

[node name="Hinge" type="HingeJoint3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 1, 0, 0)
node_a = NodePath("../WallA")
node_b = NodePath("../WallB")

[node name="Pin" type="PinJoint3D" parent="."]
node_a = NodePath("../WallA")

[node name="Box" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 3, 0)
mass = 2.0

[node name="Shape" type="CollisionShape3D" parent="Box"]
shape = SubResource("1")

[node name="Ball" type="PinJoint3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 2.5, 0)
node_a = NodePath("../WallA")
node_b = NodePath("../Box")
`, map[string]int{"khr": 2}},
	{"khr joint in one body", "body.gltf", `{
  "asset": {"version": "2.0"},
  "extensionsUsed": ["KHR_physics_rigid_bodies", "KHR_implicit_shapes"],
  "extensions": {
    "KHR_implicit_shapes": {"shapes": [{"type": "box", "box": {"size": [1, 1, 1]}}]},
    "KHR_physics_rigid_bodies": {"physicsJoints": [{"limits": [{"linearAxes": [0, 1, 2], "min": 0, "max": 0}]}]}
  },
  "scene": 0,
  "scenes": [{"nodes": [0, 3]}],
  "nodes": [
    {"name": "Body", "children": [1, 2], "extensions": {"KHR_physics_rigid_bodies": {"motion": {"mass": 2}, "collider": {"geometry": {"shape": 0}}}}},
    {"name": "Pin", "translation": [1, 0, 0], "extensions": {"KHR_physics_rigid_bodies": {"joint": {"joint": 0, "connectedNode": 2}}}},
    {"name": "Other", "translation": [0, 1, 0]},
    {"name": "Anchor", "translation": [0, 1, 0], "extensions": {"KHR_physics_rigid_bodies": {"joint": {"joint": 0, "connectedNode": 2}}}}
  ]
}`, map[string]int{"khr": 1, "omi": 1, "godot": 1, "godot3": 1, "urdf": 1, "mjcf": 1}},
}

// TestInertJointsLeftOut: a joint that constrains nothing — a limited
// tendon between two sites fixed in the world or in one body (MJCF),
// a joint between the world and a static body or between two static
// bodies (OMI, Godot: static bodies are colliders without motion in
// KHR), a joint between two frames of one body (KHR) — is left out with
// a diagnostic naming it, in every target whose files cannot hold it: no
// writer produces a joint its own reader refuses. Every output reads
// back without a verify-mismatch, no joint read back joins a body (or
// the world) to itself, and the joint that does constrain something is
// kept.
func TestInertJointsLeftOut(t *testing.T) {
	reg := all.Registry()
	for _, src := range inertJointSources {
		for _, to := range []string{"mjcf", "urdf", "godot", "godot3", "khr", "omi"} {
			t.Run(src.name+"/"+to, func(t *testing.T) {
				fsys := fstest.MapFS{src.file: {Data: []byte(src.data)}}
				out, res := convertIn(t, reg, fsys, src.file, to)
				inert := 0
				for _, d := range res.Diagnostics {
					switch {
					case d.Code == convert.CodeVerifyMismatch:
						t.Errorf("verify-mismatch: %s", d.Message)
					case strings.Contains(d.Message, "constrains nothing"):
						inert++
						if d.Code != convert.CodeJointSameBody && d.Code != convert.CodeTendonDropped {
							t.Errorf("%s names an inert joint with code %s", d, d.Code)
						}
					}
				}
				if inert != src.inert[to] {
					t.Errorf("%d joints or tendons left out as constraining nothing, want %d; diagnostics:\n%v", inert, src.inert[to], res.Diagnostics)
				}
				g := readOutput(t, reg, to, out)
				joints := 0
				for i, n := range g.Nodes {
					j := n.Joint
					if j == nil {
						continue
					}
					joints++
					b := -1
					if j.Connected >= 0 {
						b = g.BodyOf(j.Connected)
					}
					if a := g.BodyOf(i); a == b {
						t.Errorf("joint %s read back joins body %d to itself", g.NodeLabel(i), a)
					}
				}
				if joints == 0 && (to == "khr" || to == "omi") {
					t.Errorf("no joint read back: the joint that constrains something was lost")
				}
			})
		}
	}
}

// readOutput reads an in-memory output, its side files beside it, as
// format to; it fails the test when the output does not read back.
func readOutput(t *testing.T, reg *convert.Registry, to string, out *convert.Output) *convert.Graph {
	t.Helper()
	name := "out" + emitExt[to]
	files := fstest.MapFS{name: {Data: out.Main}}
	for rel, data := range out.Files {
		files[rel] = &fstest.MapFile{Data: data}
	}
	back, err := physconv.NewInput(files, name, &convert.Options{From: to})
	if err != nil {
		t.Fatal(err)
	}
	_, g, _, err := physconv.ParseGraph(context.Background(), reg, back)
	if err != nil {
		t.Fatalf("the %s output does not read back: %v", to, err)
	}
	return g
}
