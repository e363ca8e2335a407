package physconv_test

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// motorScene is an arm held by a Generic6DOFJoint3D to a static base,
// free to turn about Z and to slide along X, with a motor on one of them
// (target 2) and that axis's limit on or off.
func motorScene(kind string, limited bool) string {
	limits := "angular_limit_z/enabled = false\nlinear_limit_x/enabled = false\n"
	if limited {
		limits = "angular_limit_z/lower_angle = -3.0\nangular_limit_z/upper_angle = 3.0\nlinear_limit_x/lower_distance = -3.0\nlinear_limit_x/upper_distance = 3.0\n"
	}
	motor := "angular_motor_z"
	if kind == "linear" {
		motor = "linear_motor_x"
	}
	return `[gd_scene load_steps=2 format=3]

[sub_resource type="BoxShape3D" id="1"]
size = Vector3(1, 0.2, 0.2)

[node name="Root" type="Node3D"]

[node name="Base" type="StaticBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0)

[node name="Joint" type="Generic6DOFJoint3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0)
node_a = NodePath("../Base")
node_b = NodePath("../Arm")
` + limits + motor + `/enabled = true
` + motor + `/target_velocity = 2.0
` + motor + `/force_limit = 100.0

[node name="Arm" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 1, 0)
gravity_scale = 0.0

[node name="Shape" type="CollisionShape3D" parent="Arm"]
shape = SubResource("1")
`
}

// TestGodotInertMotors: GodotPhysics3D, Godot 4's default engine, runs no
// Generic6DOFJoint3D linear motor, and an angular one only on an axis
// whose limit is on; Jolt Physics runs both. They were read as drives
// whatever the engine, and in every other format the arm turned or slid
// where Godot holds it still. Under GodotPhysics3D such a motor is now not
// a drive (godot-motor-inert); under Jolt, and with the limit on, it is.
// In Godot 4.6, after 30 steps, the arm has turned -1 rad, slid 1 m or
// not moved; the MJCF output drives it at -2 rad/s or 2 m/s, or holds it
// still in MuJoCo.
func TestGodotInertMotors(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	type run struct {
		label, dir string
		kind       string
		moves      bool
	}
	var runs []run
	for _, engine := range []string{"", "Jolt Physics"} {
		project := testenv.Godot4Project
		if engine != "" {
			project += "\n[physics]\n\n3d/physics_engine=\"" + engine + "\"\n"
		}
		for _, kind := range []string{"angular", "linear"} {
			for _, limited := range []bool{false, true} {
				if engine != "" && limited {
					continue // Jolt runs them without a limit already
				}
				label := engine + "/" + kind
				if limited {
					label += "/limited"
				}
				moves := engine != "" || kind == "angular" && limited
				scene := motorScene(kind, limited)
				fsys := fstest.MapFS{"project.godot": {Data: []byte(project)}, "m.tscn": {Data: []byte(scene)}}
				out, res := convertIn(t, reg, fsys, "m.tscn", "mjcf")
				inert := false
				for _, d := range res.Diagnostics {
					inert = inert || d.Code == convert.CodeGodotMotorInert
				}
				if inert == moves {
					t.Errorf("%s: godot-motor-inert said %v, want %v", label, inert, !moves)
				}
				if m := mismatches(res); len(m) > 0 {
					t.Errorf("%s: %v", label, m)
				}
				wrote := strings.Contains(string(out.Main), "<velocity") || strings.Contains(string(out.Main), "<general")
				if wrote != moves {
					t.Errorf("%s: an actuator written %v, want %v:\n%s", label, wrote, moves, out.Main)
				}
				d := filepath.Join(dir, strings.NewReplacer("/", "-", " ", "").Replace(label))
				if err := os.MkdirAll(d, 0o755); err != nil {
					t.Fatal(err)
				}
				for name, data := range map[string]string{"project.godot": project, "m.tscn": scene, "m.xml": string(out.Main)} {
					if err := os.WriteFile(filepath.Join(d, name), []byte(data), 0o644); err != nil {
						t.Fatal(err)
					}
				}
				runs = append(runs, run{label, d, kind, moves})
			}
		}
	}
	testenv.Oracle(t, "godot4-inspect")
	testenv.Oracle(t, "mj-inspect")
	for _, r := range runs {
		scene, err := os.ReadFile(filepath.Join(r.dir, "m.tscn"))
		if err != nil {
			t.Fatal(err)
		}
		project, _ := os.ReadFile(filepath.Join(r.dir, "project.godot"))
		pose := testenv.GodotPoses(t, "godot4-inspect", string(scene), 30, map[string]string{"project.godot": string(project)})["Arm"]
		godot := pose.Origin[0]
		if r.kind == "angular" {
			godot = 2 * math.Atan2(pose.Quat[2], pose.Quat[3])
		}
		want := 0.0
		if r.moves && r.kind == "angular" {
			want = -1
		} else if r.moves {
			want = 1
		}
		if math.Abs(godot-want) > 0.1 {
			t.Errorf("%s: after 0.5 s Godot %.3f, want %.0f", r.label, godot, want)
		}
		if r.moves {
			// the drive read turns the arm as Godot does: a velocity
			// target of -2 rad/s (1 rad in 0.5 s) or 2 m/s
			want := "2"
			if r.kind == "angular" {
				want = "-2"
			}
			if model, _ := os.ReadFile(filepath.Join(r.dir, "m.xml")); !strings.Contains(string(model), `ctrl="`+want+`"`) {
				t.Errorf("%s: the MJCF output's keyframe does not drive at %s:\n%s", r.label, want, model)
			}
			continue
		}
		// held still in MuJoCo too (0.5 s at its 2 ms step)
		arm := testenv.MuJoCoBodies(t, filepath.Join(r.dir, "m.xml"), "--steps", "250")["Arm"]
		if mj := math.Max(math.Abs(arm.Xpos[0]), math.Abs(2*math.Atan2(arm.Xquat[3], arm.Xquat[0]))); mj > 1e-9 {
			t.Errorf("%s: the arm moves in MuJoCo (%v %v), held still in Godot", r.label, arm.Xpos, arm.Xquat)
		}
	}
}
