package physconv_test

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// armMotorScene is a Godot 4 scene of an Arm (a 1 × 0.1 × 0.1 m box of 1 kg)
// turned about its end by a motor of joint class, from a Post that is
// static or, when dynamic, a second such box on the other side.
func armMotorScene(class, motor string, dynamicPost bool) string {
	post := staticPost
	if dynamicPost {
		post = `[node name="Post" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, -0.5, 1, 0)
gravity_scale = 0.0
linear_damp_mode = 1
angular_damp_mode = 1

[node name="Shape" type="CollisionShape3D" parent="Post"]
shape = SubResource("1")
`
	}
	return godotArmScene(post, "1, 0, 0, 0, 1, 0, 0, 0, 1, 0.5, 1, 0", "gravity_scale = 0.0\n", `[node name="Joint" type="`+class+`" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0)
node_a = NodePath("../Post")
node_b = NodePath("../Arm")
exclude_nodes_from_collision = true
`+motor)
}

const joltProject = "config_version=5\n\n[physics]\n\n3d/physics_engine=\"Jolt Physics\"\n"

// TestGodotMotorAsServo: a Godot motor has a target velocity and a limit
// but no gain; the engine solves it as a velocity constraint, each
// physics step applying the impulse that reaches the target, within
// max_impulse (a hinge's, an impulse per step) or force_limit. It was
// read as a velocity drive of damping 0, which every other format runs
// as no force at all (an MJCF <velocity kv="0">), and a hinge's
// max_impulse as a torque, 60 times too small. A motor is now read as the
// velocity drive that reaches its target in one step: damping the
// joint's effective inertia (its effective mass, for a slide) times the
// project's physics rate, the hinge's limit max_impulse times the rate;
// written back to Godot, that drive is the motor it came from, unsaid.
func TestGodotMotorAsServo(t *testing.T) {
	reg := all.Registry()
	armEnd := (1+0.01)/12.0 + 0.25 // the arm's moment about its end
	for _, c := range []struct {
		name, class, motor, project string
		dynamicPost                 bool
		damping, maxForce           float64
		// back: lines of the scene written back from the MJCF output (""
		// the motor's own), at Godot's default rate of 60 Hz; a motor of
		// another rate is said to lose its damping (dropped) and keeps its
		// torque
		back    string
		dropped bool
	}{
		{"hinge", "HingeJoint3D", "motor/enable = true\nmotor/target_velocity = 1.5\nmotor/max_impulse = 0.01\n", testenv.Godot4Project, false, armEnd * 60, 0.6, "", false},
		{"hinge at 120 Hz", "HingeJoint3D", "motor/enable = true\nmotor/target_velocity = 1.5\nmotor/max_impulse = 0.01\n",
			"config_version=5\n\n[physics]\n\ncommon/physics_ticks_per_second=120\n", false, armEnd * 120, 1.2, "motor/max_impulse = 0.02", true},
		{"hinge between moving bodies", "HingeJoint3D", "motor/enable = true\nmotor/target_velocity = 1.5\nmotor/max_impulse = 0.01\n", testenv.Godot4Project, true, armEnd / 2 * 60, 0.6, "", false},
		{"generic angular", "Generic6DOFJoint3D", "angular_limit_z/enabled = false\nangular_motor_z/enabled = true\nangular_motor_z/target_velocity = 1.5\nangular_motor_z/force_limit = 0.6\n", joltProject, false, armEnd * 60, 0.6,
			"type=\"HingeJoint3D\"\nmotor/target_velocity = 1.5\nmotor/max_impulse = 0.01", false}, // one free angle: a hinge
		{"generic linear", "Generic6DOFJoint3D", "linear_limit_x/enabled = false\nlinear_motor_x/enabled = true\nlinear_motor_x/target_velocity = 0.5\nlinear_motor_x/force_limit = 2.0\n", joltProject, false, 1 * 60, 2, "", false},
	} {
		fsys := fstest.MapFS{"scene.tscn": {Data: []byte(armMotorScene(c.class, c.motor, c.dynamicPost))}, "project.godot": {Data: []byte(c.project)}}
		_, g := parseIn(t, reg, fsys, "scene.tscn")
		var drives []convert.Drive
		for _, n := range g.Nodes {
			if n.Joint != nil {
				drives = append(drives, n.Joint.Drives...)
			}
		}
		if len(drives) != 1 {
			t.Fatalf("%s: drives %+v, want one", c.name, drives)
		}
		d := drives[0]
		if math.Abs(d.Damping-c.damping) > 1e-9*c.damping || math.Abs(d.MaxForce-c.maxForce) > 1e-9*c.maxForce {
			t.Errorf("%s: read as damping %g, force limit %g; want %g, %g", c.name, d.Damping, d.MaxForce, c.damping, c.maxForce)
		}
		// MJCF runs the drive as a velocity servo of that gain
		mj, _ := convertIn(t, reg, fsys, "scene.tscn", "mjcf")
		kv := regexp.MustCompile(`<velocity [^>]*kv="([^"]+)"`).FindStringSubmatch(string(mj.Main))
		if kv == nil {
			t.Fatalf("%s: no velocity actuator:\n%s", c.name, mj.Main)
		}
		if v, _ := strconv.ParseFloat(kv[1], 64); math.Abs(v-c.damping) > 1e-9*c.damping {
			t.Errorf("%s: MJCF kv %s, want %g", c.name, kv[1], c.damping)
		}
		// and back in Godot it is the motor it was, with nothing dropped
		back, res := convertIn(t, reg, outputFS(mj, "out.xml"), "out.xml", "godot")
		dropped := false
		for _, diag := range res.Diagnostics {
			switch diag.Code {
			case convert.CodeGodotMotorGainsDropped:
				dropped = true
			case convert.CodeGodotDriveApproximated, convert.CodeVerifyMismatch:
				t.Errorf("%s: written back: %v", c.name, diag)
			}
		}
		if dropped != c.dropped {
			t.Errorf("%s: written back at 60 Hz, damping dropped %v, want %v", c.name, dropped, c.dropped)
		}
		want := c.back
		if want == "" {
			want = c.motor
		}
		for _, line := range strings.Split(want, "\n") {
			if line != "" && !strings.Contains(string(back.Main), line) {
				t.Errorf("%s: written back without %q:\n%s", c.name, line, back.Main)
			}
		}
	}
}

// heldControl rewrites an MJCF model's velocity actuators as the general
// actuators that hold their keyframe control: what a controller keeping
// each actuator at its "drive_targets" value makes MuJoCo do.
func heldControl(t *testing.T, model string) string {
	t.Helper()
	key := regexp.MustCompile(`<key name="drive_targets" ctrl="([^"]*)"`).FindStringSubmatch(model)
	if key == nil {
		t.Fatalf("no drive_targets keyframe:\n%s", model)
	}
	ctrl := strings.Fields(key[1])
	k := 0
	velocity := regexp.MustCompile(`<velocity ([^>]*)kv="([^"]+)"([^>]*)/>`)
	return velocity.ReplaceAllStringFunc(model, func(el string) string {
		m := velocity.FindStringSubmatch(el)
		kv, _ := strconv.ParseFloat(m[2], 64)
		c, _ := strconv.ParseFloat(ctrl[k], 64)
		k++
		return fmt.Sprintf(`<general %sgainprm="0" biastype="affine" biasprm="%v 0 %v"%s/>`, m[1], kv*c, -kv, m[3])
	})
}

// TestGodotMotorInMuJoCo spins the arm with a hinge motor in Jolt Physics,
// free and held to its torque limit, and its MJCF output with the
// keyframe's control held in MuJoCo: after a second the arm has turned as
// far in both.
func TestGodotMotorInMuJoCo(t *testing.T) {
	testenv.Oracle(t, "godot4-inspect")
	testenv.Oracle(t, "mj-inspect")
	reg := all.Registry()
	for _, impulse := range []string{"20.0", "0.01"} {
		scene := armMotorScene("HingeJoint3D", "motor/enable = true\nmotor/target_velocity = 1.5\nmotor/max_impulse = "+impulse+"\n", false)
		q := testenv.GodotPoses(t, "godot4-inspect", scene, 60, map[string]string{"project.godot": joltProject})["Arm"].Quat
		want := 2 * math.Atan2(q[2], q[3]) // about Godot's Z
		fsys := fstest.MapFS{"scene.tscn": {Data: []byte(scene)}, "project.godot": {Data: []byte(joltProject)}}
		mj, _ := convertIn(t, reg, fsys, "scene.tscn", "mjcf")
		arm := stepped(t, t.TempDir(), "arm.xml", []byte(heldControl(t, string(mj.Main))), mj.Files, 500)["Arm"]
		got := 2 * math.Atan2(-arm.Xquat[2], arm.Xquat[0]) // Godot's Z is MuJoCo's −Y
		if math.Abs(got-want) > 0.03 {
			t.Errorf("max_impulse %s: the arm turned %.4f rad in MuJoCo, %.4f in Jolt Physics", impulse, got, want)
		}
	}
}
