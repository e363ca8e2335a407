package physconv_test

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// loneJointScene is a Godot 4 scene of a dynamic Arm held to the world by
// a joint of one body, named as node_a or node_b ("lone"), or of two: the
// Arm and a StaticBody3D without shapes at the joint ("A" when the static
// body is node_a, "B" when node_b). limits are the joint's own lines.
func loneJointScene(class, limits, lone string) string {
	ends := ""
	switch lone {
	case "node_a":
		ends = "node_a = NodePath(\"../Arm\")\n"
	case "node_b":
		ends = "node_b = NodePath(\"../Arm\")\n"
	case "A":
		ends = "node_a = NodePath(\"../Post\")\nnode_b = NodePath(\"../Arm\")\n"
	case "B":
		ends = "node_a = NodePath(\"../Arm\")\nnode_b = NodePath(\"../Post\")\n"
	}
	return godotArmScene(staticPost, "0.866025, 0.5, 0, -0.5, 0.866025, 0, 0, 0, 1, 0.5, 1, 0", "", `[node name="Joint" type="`+class+`" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0)
`+ends+limits)
}

// godotArmScene is a Godot 4 scene of a Post (the node lines post), an
// undamped Arm of 1 kg, a 1 × 0.1 × 0.1 m box, at armAt (a Transform3D's
// numbers) with the further lines armProps, and the nodes rest (a joint).
func godotArmScene(post, armAt, armProps, rest string) string {
	return `[gd_scene load_steps=2 format=3]

[sub_resource type="BoxShape3D" id="1"]
size = Vector3(1, 0.1, 0.1)

[node name="Root" type="Node3D"]

` + post + `
[node name="Arm" type="RigidBody3D" parent="."]
transform = Transform3D(` + armAt + `)
` + armProps + `linear_damp_mode = 1
angular_damp_mode = 1

[node name="Shape" type="CollisionShape3D" parent="Arm"]
shape = SubResource("1")

` + rest
}

// staticPost is a StaticBody3D Post without shapes, 1 m up.
const staticPost = `[node name="Post" type="StaticBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0)
`

// loneJointProjects are Godot 4 projects by the engine they run and the
// side it gives a joint's lone body: GodotPhysics3D body A, Jolt Physics
// body B (the world is A) unless its world_node setting says Node B.
var loneJointProjects = []struct {
	name, project string
	loneSide      string // the two-body scene the engine makes of a lone joint
}{
	{"godot-physics", "config_version=5\n", "B"},
	{"jolt", "config_version=5\n\n[physics]\n\n3d/physics_engine=\"Jolt Physics\"\n", "A"},
	{"jolt-world-b", "config_version=5\n\n[physics]\n\n3d/physics_engine=\"Jolt Physics\"\njolt_physics_3d/joints/world_node=1\n", "B"},
}

var mjcfJointLine = regexp.MustCompile(`<(joint|velocity|motor|position|general|key) [^>]*>`)

// TestGodotLoneJointSides: a Godot joint naming one body (the world on
// its other side) is measured by GodotPhysics3D with the body as A and by
// Jolt Physics with the world as A, so its limits, springs and motors
// act with opposite signs in the two engines. The reader took every lone
// body as A: a hinge limited to [-1.2, 0.3] in a Jolt project stopped at
// -0.3 rad in Jolt and at -1.2 in every conversion. It now reads a lone
// joint as the two-body joint the project's engine makes of it (the same
// output, joint for joint), and the writer names both sides of a joint
// from the world, the world side a StaticBody3D without shapes, so each
// engine measures what the Graph says.
func TestGodotLoneJointSides(t *testing.T) {
	reg := all.Registry()
	classes := []struct{ class, limits string }{
		{"HingeJoint3D", "angular_limit/enable = true\nangular_limit/upper = 0.3\nangular_limit/lower = -1.2\n"},
		{"HingeJoint3D", "motor/enable = true\nmotor/target_velocity = 1.5\nmotor/max_impulse = 20.0\n"},
		{"SliderJoint3D", "linear_limit/upper_distance = 0.6\nlinear_limit/lower_distance = -0.1\n"},
		{"Generic6DOFJoint3D", "angular_limit_z/upper_angle = 0.3\nangular_limit_z/lower_angle = -1.2\nlinear_limit_x/upper_distance = 0.4\nlinear_limit_x/lower_distance = -0.1\n"},
	}
	convert := func(scene, project string) string {
		fsys := fstest.MapFS{"scene.tscn": {Data: []byte(scene)}, "project.godot": {Data: []byte(project)}}
		out, _ := convertIn(t, reg, fsys, "scene.tscn", "mjcf")
		return strings.Join(mjcfJointLine.FindAllString(string(out.Main), -1), "\n")
	}
	for _, c := range classes {
		for _, p := range loneJointProjects {
			want := convert(loneJointScene(c.class, c.limits, p.loneSide), p.project)
			other := convert(loneJointScene(c.class, c.limits, map[string]string{"A": "B", "B": "A"}[p.loneSide]), p.project)
			if want == other {
				t.Fatalf("%s: the two sides convert alike (%s); the case tells nothing", c.class, want)
			}
			for _, lone := range []string{"node_a", "node_b"} {
				if got := convert(loneJointScene(c.class, c.limits, lone), p.project); got != want {
					t.Errorf("%s %s in a %s project: MJCF joints and actuators\n%s\nwant those of the two-body joint %s makes of it\n%s",
						c.class, lone, p.name, got, p.name, want)
				}
			}
		}
	}
}

// TestGodotLoneJointInEngines steps the limited hinge of a lone body in
// each engine and its MJCF output in MuJoCo, and the Godot scene written
// back from that MJCF in both engines: the arm comes to rest against the
// limit its source engine gives it.
func TestGodotLoneJointInEngines(t *testing.T) {
	testenv.Oracle(t, "godot4-inspect")
	testenv.Oracle(t, "mj-inspect")
	reg := all.Registry()
	limits := "angular_limit/enable = true\nangular_limit/upper = 0.3\nangular_limit/lower = -1.2\n"
	for _, p := range loneJointProjects[:2] {
		scene := loneJointScene("HingeJoint3D", limits, "node_a")
		files := map[string]string{"project.godot": p.project}
		want := testenv.GodotOrigins(t, "godot4-inspect", scene, 120, files)["Arm"]
		fsys := fstest.MapFS{"scene.tscn": {Data: []byte(scene)}, "project.godot": {Data: []byte(p.project)}}
		mj, _ := convertIn(t, reg, fsys, "scene.tscn", "mjcf")
		bodies := stepped(t, t.TempDir(), "arm.xml", mj.Main, mj.Files, 1000)
		// MJCF is Z up: Godot's (x, y, z) is MuJoCo's (x, -z, y)
		at := bodies["Arm"].Xpos
		got := [3]float64{at[0], at[2], -at[1]}
		if d := apart(got, want); d > 0.06 {
			t.Errorf("%s: the arm rests at %.3f in MuJoCo, at %.3f in the source engine (%.3g m apart)", p.name, got, want, d)
		}
		back, _ := convertIn(t, reg, outputFS(mj, "arm.xml"), "arm.xml", "godot")
		for _, q := range loneJointProjects[:2] {
			got := testenv.GodotOrigins(t, "godot4-inspect", string(back.Main), 120, map[string]string{"project.godot": q.project})["Arm"]
			if d := apart(got, want); d > 0.06 {
				t.Errorf("%s source, written back, in a %s project: the arm rests at %.3f, the source's at %.3f (%.3g m apart)\n%s", p.name, q.name, got, want, d, fmt.Sprint(string(back.Main)))
			}
		}
	}
}
