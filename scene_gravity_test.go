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

// TestGodotProjectGravity: a Godot scene's bodies fall under its
// project's default gravity (project.godot's 3d/default_gravity times
// 3d/default_gravity_vector; 9.8 m/s² down Y when it sets neither), which
// the reader took for Godot's default whatever the project said: a scene
// made for 20 m/s² fell at 9.8 or 9.81 in every output, said by nothing.
// The reader now carries a project's gravity as the scene's; formats with
// a scene gravity write it, the others as gravity factors or a warning,
// and Godot output leaves it to the project the scene is placed in (a
// scene of the same project, written in the other Godot version, falls
// as the source does).
func TestGodotProjectGravity(t *testing.T) {
	reg := all.Registry()
	strong := "config_version=5\n\n[physics]\n\n3d/default_gravity=20.0\n"
	sideways := "config_version=5\n\n[physics]\n\n3d/default_gravity_vector=Vector3(1, 0, 0)\n"
	godot3 := "config_version=4\n\n[physics]\n\n3d/default_gravity=4.9\n3d/default_gravity_vector=Vector3( 0, -2, 0 )\n"
	undamped := "linear_damp_mode = 1\nangular_damp_mode = 1"
	for _, c := range []struct {
		name, project, to string
		gravity           *convert.Vec3 // the source's, as inspect reports it
		code              convert.Code  // said about gravity; "" nothing
		written           string        // in the output; "" nothing asked
	}{
		{"default project to MJCF", "", "mjcf", nil, "", ""},
		{"no gravity set to MJCF", "config_version=5\n\n[physics]\n\n3d/default_linear_damp=0.1\n", "mjcf", nil, "", ""},
		{"strong gravity to MJCF", strong, "mjcf", &convert.Vec3{0, -20, 0}, "", `gravity="0 0 -20"`},
		{"strong gravity to Godot 4", strong, "godot", &convert.Vec3{0, -20, 0}, convert.CodeGravityFromProject, ""},
		{"strong gravity to Godot 3", strong, "godot3", &convert.Vec3{0, -20, 0}, convert.CodeGravityFromProject, ""},
		{"strong gravity to KHR", strong, "khr", &convert.Vec3{0, -20, 0}, convert.CodeGravityAsFactors, `"gravityFactor": 2.038735983690112`},
		{"strong gravity to URDF", strong, "urdf", &convert.Vec3{0, -20, 0}, convert.CodeGravityDropped, ""},
		{"sideways gravity to KHR", sideways, "khr", &convert.Vec3{9.8, 0, 0}, convert.CodeGravityDropped, ""},
		{"sideways gravity to MJCF", sideways, "mjcf", &convert.Vec3{9.8, 0, 0}, "", `gravity="9.8 0 0"`},
		{"vector not normalised to KHR", godot3, "khr", &convert.Vec3{0, -9.8, 0}, convert.CodeGravityAsFactors, `"gravityFactor": 0.998980632008155`},
	} {
		fsys := fstest.MapFS{"scene.tscn": {Data: []byte(dampedScene(undamped))}}
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
		if (src.Gravity == nil) != (c.gravity == nil) || (c.gravity != nil && *src.Gravity != *c.gravity) {
			t.Errorf("%s: source gravity %v, want %v", c.name, src.Gravity, c.gravity)
		}
		in = &convert.Input{Name: "scene.tscn", Data: fsys["scene.tscn"].Data, FS: fsys, Dir: ".", Options: opts}
		out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		var said convert.Code
		for _, d := range res.Diagnostics {
			switch d.Code {
			case convert.CodeGravityAsFactors, convert.CodeGravityDropped, convert.CodeGravityFactorsAsScene, convert.CodeGravityFromProject:
				said = d.Code
			case convert.CodeVerifyMismatch:
				t.Errorf("%s: %v", c.name, d)
			}
		}
		if said != c.code {
			t.Errorf("%s: said %q about gravity, want %q", c.name, said, c.code)
		}
		if c.written != "" && !strings.Contains(string(out.Main), c.written) {
			t.Errorf("%s: no %q in\n%s", c.name, c.written, out.Main)
		}
		if c.code == convert.CodeGravityFromProject && strings.Contains(string(out.Main), "gravity_scale") {
			t.Errorf("%s: the project's gravity scaled again:\n%s", c.name, out.Main)
		}
	}

	// a written scene is meant for a project with Godot's defaults, and is
	// verified so even when written beside a project that sets others
	fsys := fstest.MapFS{"ball.gltf": {Data: []byte(fallingBall["khr"])}, "project.godot": {Data: []byte(strong)}}
	in := &convert.Input{Name: "ball.gltf", Data: fsys["ball.gltf"].Data, FS: fsys, Dir: ".", Options: &convert.Options{From: "khr", To: "godot"}}
	_, res, err := physconv.ConvertBytes(context.Background(), reg, in)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range res.Diagnostics {
		if d.Code == convert.CodeVerifyMismatch {
			t.Errorf("glTF to Godot beside a project of 20 m/s²: %v", d)
		}
	}

	// in the engine: the source and its Godot output fall alike in their
	// project
	testenv.Oracle(t, "godot4-inspect")
	fsys = fstest.MapFS{"scene.tscn": {Data: []byte(dampedScene(undamped))}, "project.godot": {Data: []byte(strong)}}
	in = &convert.Input{Name: "scene.tscn", Data: fsys["scene.tscn"].Data, FS: fsys, Dir: ".", Options: &convert.Options{From: "godot", To: "godot"}}
	out, _, err := physconv.ConvertBytes(context.Background(), reg, in)
	if err != nil {
		t.Fatal(err)
	}
	fell := func(scene, project string) float64 {
		at := testenv.GodotOrigins(t, "godot4-inspect", scene, 60, map[string]string{"project.godot": project})
		return 10 - at["Ball"][1]
	}
	source, output := fell(dampedScene(undamped), strong), fell(string(out.Main), strong)
	want := fallAfter(20, 1.0/60, 0, 60)
	if math.Abs(source-want) > 1e-3 || math.Abs(output-source) > 1e-6 {
		t.Errorf("in Godot 4.6 the source fell %.5f m in 60 steps, its output %.5f; at 20 m/s² %.5f", source, output, want)
	}
}
