package physconv_test

import (
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// fallingBallGodot is a Godot 4 ball of 1 kg at 10 m, undamped, falling
// under the project's default gravity (Godot's 9.8 m/s²).
var fallingBallGodot = dampedScene("linear_damp_mode = 1\nangular_damp_mode = 1")

// TestEngineDefaultGravity: a scene that sets no gravity falls under its
// engine's default, which is 9.8 m/s² in Godot and 9.81 in MuJoCo, URDF
// simulators and glTF physics. Each output fell under its own engine's
// default, 0.1 % off, said by nothing. The source's default is now the
// scene's gravity where the target's differs, written as the target can:
// MJCF's option gravity, every body's gravity factor (glTF, Godot), or a
// warning (URDF); where the two defaults agree, nothing is written or
// said. Read back, every output has the source's gravity.
func TestEngineDefaultGravity(t *testing.T) {
	reg := all.Registry()
	sources := map[string]struct{ name, text string }{
		"godot": {"scene.tscn", fallingBallGodot},
		"khr":   {"ball.gltf", fallingBall["khr"]},
		"mjcf":  {"ball.xml", fallingBall["mjcf"]},
	}
	for _, c := range []struct {
		from, to string
		code     convert.Code // said about gravity beside engine-gravity; "" none
		written  string       // in the output; "" nothing about gravity
	}{
		{"godot", "mjcf", "", `gravity="0 0 -9.8"`},
		{"godot", "khr", convert.CodeGravityAsFactors, `"gravityFactor": 0.998980632008155`},
		{"godot", "omi", "", `"gravity": 9.8`},
		{"godot", "urdf", convert.CodeGravityDropped, ""},
		{"godot", "godot", "", ""},
		{"godot", "godot3", "", ""},
		{"mjcf", "godot", convert.CodeGravityAsFactors, "gravity_scale = 1.0010204081632652"},
		{"khr", "godot3", convert.CodeGravityAsFactors, "gravity_scale = 1.0010204081632652"},
		{"khr", "mjcf", "", ""},
		{"mjcf", "urdf", "", ""},
	} {
		src := sources[c.from]
		fsys := fstest.MapFS{src.name: {Data: []byte(src.text)}}
		out, res := convertIn(t, reg, fsys, src.name, c.to)
		engine := c.from == "godot" && c.to != "godot" && c.to != "godot3" || c.from != "godot" && strings.HasPrefix(c.to, "godot")
		said, saidEngine := convert.Code(""), false
		for _, d := range res.Diagnostics {
			switch d.Code {
			case convert.CodeEngineGravity:
				saidEngine = true
			case convert.CodeGravityAsFactors, convert.CodeGravityDropped, convert.CodeGravityFactorsAsScene:
				said = d.Code
			case convert.CodeVerifyMismatch:
				t.Errorf("%s → %s: %v", c.from, c.to, d)
			}
		}
		if saidEngine != engine || said != c.code {
			t.Errorf("%s → %s: said engine-gravity %v and %q, want %v and %q", c.from, c.to, saidEngine, said, engine, c.code)
		}
		text := string(out.Main)
		if c.written != "" && !strings.Contains(text, c.written) {
			t.Errorf("%s → %s: no %q in\n%s", c.from, c.to, c.written, text)
		}
		if c.written == "" && (strings.Contains(text, "gravity") && c.to != "urdf") {
			t.Errorf("%s → %s: gravity written where the engines agree:\n%s", c.from, c.to, text)
		}
	}
}

// TestEngineDefaultGravityInEngines drops the ball for a second in its
// source engine and its output in the other, and reads the gravity each
// fell under from how far it fell (both integrate velocity first, then
// position): the same to a part in a million.
func TestEngineDefaultGravityInEngines(t *testing.T) {
	testenv.Oracle(t, "godot4-inspect")
	testenv.Oracle(t, "mj-inspect")
	reg := all.Registry()
	files := map[string]string{"project.godot": testenv.Godot4Project}
	// how far a body falls from rest in n steps of dt at gravity g is
	// g·dt²·n(n+1)/2; MuJoCo reports the poses its last step began from,
	// those of n − 1 steps
	gravityOf := func(fell, dt float64, n int) float64 { return 2 * fell / (dt * dt * float64(n) * float64(n+1)) }
	godotFell := func(scene string) float64 {
		return 10 - testenv.GodotOrigins(t, "godot4-inspect", scene, 60, files)["Ball"][1]
	}
	mujocoFell := func(model []byte) float64 {
		return 10 - stepped(t, t.TempDir(), "ball.xml", model, nil, 500)["Ball"].Xpos[2]
	}

	fsys := fstest.MapFS{"scene.tscn": {Data: []byte(fallingBallGodot)}}
	mj, _ := convertIn(t, reg, fsys, "scene.tscn", "mjcf")
	source, output := gravityOf(godotFell(fallingBallGodot), 1.0/60, 60), gravityOf(mujocoFell(mj.Main), 0.002, 499)
	if math.Abs(source-9.8) > 1e-4 || math.Abs(output-source) > 1e-6*source {
		t.Errorf("Godot → MJCF: the source fell under %.6f m/s² in Godot, its output under %.6f in MuJoCo", source, output)
	}

	fsys = fstest.MapFS{"ball.xml": {Data: []byte(fallingBall["mjcf"])}}
	scene, _ := convertIn(t, reg, fsys, "ball.xml", "godot")
	source, output = gravityOf(mujocoFell([]byte(fallingBall["mjcf"])), 0.002, 499), gravityOf(godotFell(string(scene.Main)), 1.0/60, 60)
	if math.Abs(source-9.81) > 1e-4 || math.Abs(output-source) > 1e-6*source {
		t.Errorf("MJCF → Godot: the source fell under %.6f m/s² in MuJoCo, its output under %.6f in Godot", source, output)
	}
}
