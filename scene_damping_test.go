package physconv_test

import (
	"context"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/testenv"
)

// fallingBall is one undamped dynamic ball, 10 m up, in each format that
// has no default damping.
var fallingBall = map[string]string{
	"khr": `{"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
 "extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"sphere","sphere":{"radius":0.5}}]}},
 "scene":0,"scenes":[{"nodes":[0]}],
 "nodes":[{"name":"Ball","translation":[0,10,0],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},"collider":{"geometry":{"shape":0}}}}}]}`,
	"mjcf": `<mujoco model="ball"><worldbody><body name="Ball" pos="0 0 10"><freejoint/>
 <geom type="sphere" size="0.5" mass="1"/></body></worldbody></mujoco>`,
}

// fallAfter is how far a body falls from rest in steps steps of dt under
// gravity g, integrated as Godot does (velocity first, then position),
// its velocity scaled by 1 − damping·dt each step.
func fallAfter(g, dt, damping float64, steps int) float64 {
	v, y := 0.0, 0.0
	for range steps {
		v = (v + g*dt) * max(1-damping*dt, 0)
		y += v * dt
	}
	return y
}

// TestSceneDampingToGodot: Godot slows every rigid body by its project's
// default damping (0.1/s) unless the body replaces it, and glTF and MJCF
// bodies have none; their Godot output fell 1.6 % short of the source in
// a second. Every dynamic body now replaces the default with the damping
// that slowed it in the source (Godot 4's damp mode Replace, Godot 3's
// damping), so the ball falls in Godot 4.6 as it does undamped, and the
// output reads back with the source's damping, none.
func TestSceneDampingToGodot(t *testing.T) {
	reg := all.Registry()
	for _, from := range []string{"khr", "mjcf"} {
		for _, to := range []string{"godot", "godot3"} {
			name := "ball." + map[string]string{"khr": "gltf", "mjcf": "xml"}[from]
			out, res, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: name, Data: []byte(fallingBall[from]),
				Options: &convert.Options{From: from, To: to, OutputName: "ball.tscn"}})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range res.Diagnostics {
				if d.Code == convert.CodeVerifyMismatch || d.Code == convert.CodeDampingDropped {
					t.Errorf("%s → %s: %v", from, to, d)
				}
			}
			scene := string(out.Main)
			want := []string{"linear_damp_mode = 1", "angular_damp_mode = 1"}
			if to == "godot3" {
				want = []string{"linear_damp = 0.0", "angular_damp = 0.0"}
			}
			for _, w := range want {
				if !strings.Contains(scene, w) {
					t.Errorf("%s → %s: no %q in\n%s", from, to, w, scene)
				}
			}
			back, err := physconv.InspectFile(context.Background(), reg, "-", strings.NewReader(scene), &convert.Options{From: to})
			if err != nil {
				t.Fatal(err)
			}
			if len(back.Bodies) != 1 || back.Bodies[0].Damping != nil {
				t.Errorf("%s → %s: read back %+v, want one undamped body", from, to, back.Bodies)
			}
			if to != "godot" {
				continue
			}
			testenv.Oracle(t, "godot4-inspect")
			at := testenv.GodotOrigins(t, "godot4-inspect", scene, 60, map[string]string{"project.godot": testenv.Godot4Project})
			ball, ok := at["Ball"]
			if !ok {
				ball, ok = at["."] // the scene's root
			}
			if !ok {
				t.Fatalf("%s → Godot 4: no Ball in %v", from, at)
			}
			fell := 10 - ball[1]
			// under the source's gravity, 9.81 m/s² (engine-gravity)
			undamped, damped := fallAfter(9.81, 1.0/60, 0, 60), fallAfter(9.81, 1.0/60, 0.1, 60)
			if math.Abs(fell-undamped) > 1e-3 {
				t.Errorf("%s → Godot 4: the ball fell %.4f m in 60 steps; undamped %.4f, with Godot's default damping %.4f", from, fell, undamped, damped)
			}
		}
	}
}

// dampedScene is a Godot 4 rigid ball, with body properties props.
func dampedScene(props string) string {
	return `[gd_scene load_steps=2 format=3]

[sub_resource type="SphereShape3D" id="1"]
radius = 0.5

[node name="Root" type="Node3D"]

[node name="Ball" type="RigidBody3D" parent="."]
transform = Transform3D(1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 10, 0)
mass = 1.0
` + props + `

[node name="Shape" type="CollisionShape3D" parent="Ball"]
shape = SubResource("1")
`
}

// TestGodotSceneDefaultDamping: a Godot scene's bodies are slowed by its
// project's default damping (project.godot's 3d/default_linear_damp and
// default_angular_damp, 0.1/s when the project sets none): the reader
// now carries it, inspect reports it, formats without body damping say
// they drop it, and Godot 3, whose damping replaces the default, is
// written the sum.
func TestGodotSceneDefaultDamping(t *testing.T) {
	reg := all.Registry()
	undampedProject := "config_version=5\n\n[physics]\n\n3d/default_linear_damp=0.0\n3d/default_angular_damp=0.25\n"
	for _, c := range []struct {
		name, props, project string
		damping              *[2]inspect.Num
		to                   string
		dropped              string // damping-dropped message part; "" none
		written              string // in the output; "" nothing asked
	}{
		{"default project to KHR", "", "", &[2]inspect.Num{0.1, 0.1}, "khr", "the scene's default damping (linear 0.1, angular 0.1 1/s", ""},
		{"default project to MJCF", "", "", &[2]inspect.Num{0.1, 0.1}, "mjcf", "the scene's default damping (linear 0.1, angular 0.1 1/s", ""},
		{"own damping to URDF", "linear_damp = 0.5", "", &[2]inspect.Num{0.6, 0.1}, "urdf", "linear 0.6 and angular 0.1 1/s are dropped", ""},
		{"replaced damping to KHR", "linear_damp_mode = 1\nlinear_damp = 0.5\nangular_damp_mode = 1", "", &[2]inspect.Num{0.5, 0}, "khr", "linear 0.5 and angular 0 1/s are dropped", ""},
		{"replaced by nothing to KHR", "linear_damp_mode = 1\nangular_damp_mode = 1", "", nil, "khr", "", ""},
		{"undamped project to KHR", "", undampedProject, &[2]inspect.Num{0, 0.25}, "khr", "the scene's default damping (linear 0, angular 0.25 1/s", ""},
		{"own damping to Godot 3", "linear_damp = 0.5", "", &[2]inspect.Num{0.6, 0.1}, "godot3", "", "linear_damp = 0.6"},
		{"undamped project to Godot 4", "", undampedProject, &[2]inspect.Num{0, 0.25}, "godot", "", "angular_damp = 0.25"},
	} {
		fsys := fstest.MapFS{"scene.tscn": {Data: []byte(dampedScene(c.props))}}
		if c.project != "" {
			fsys["project.godot"] = &fstest.MapFile{Data: []byte(c.project)}
		}
		opts := &convert.Options{From: "godot", To: c.to}
		in := &convert.Input{Name: "scene.tscn", Data: fsys["scene.tscn"].Data, FS: fsys, Dir: ".", Options: opts}
		_, g, _, err := physconv.ParseGraph(context.Background(), reg, in)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		src := inspect.Inspect(g, "godot", nil)
		if len(src.Bodies) != 1 || (src.Bodies[0].Damping == nil) != (c.damping == nil) || (c.damping != nil && *src.Bodies[0].Damping != *c.damping) {
			t.Errorf("%s: source reads %+v, want damping %v", c.name, src.Bodies, c.damping)
		}
		in = &convert.Input{Name: "scene.tscn", Data: fsys["scene.tscn"].Data, FS: fsys, Dir: ".", Options: opts}
		out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		said := ""
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeDampingDropped {
				said += d.Message + "\n"
			}
			if d.Code == convert.CodeVerifyMismatch {
				t.Errorf("%s: %v", c.name, d)
			}
		}
		if (said == "") != (c.dropped == "") || !strings.Contains(said, c.dropped) {
			t.Errorf("%s: damping-dropped said %q; want %q", c.name, said, c.dropped)
		}
		if c.written != "" && !strings.Contains(string(out.Main), c.written) {
			t.Errorf("%s: no %q in\n%s", c.name, c.written, out.Main)
		}
	}
}
