package physconv_test

import (
	"context"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestGodotDefaultDamping: Godot slows every body by its project's
// default damping (0.1/s, linear and angular) unless the body replaces
// it; glTF, MJCF and URDF bodies have no damping. Their Godot output now
// replaces the default with the body's own (linear_damp_mode = 1 in
// Godot 4, linear_damp in Godot 3), and a ball dropped in Godot 4.6 falls
// as the source's does, undamped (it fell 2 % short in a second); a Godot
// scene written back to Godot keeps adding to the project's default, as
// it did.
func TestGodotDefaultDamping(t *testing.T) {
	reg := all.Registry()
	const src = `{
 "asset":{"version":"2.0"},
 "extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
 "extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"sphere","sphere":{"radius":0.5}}]}},
 "scene":0,"scenes":[{"nodes":[0]}],
 "nodes":[{"name":"Ball","translation":[0,10,0],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},"collider":{"geometry":{"shape":0}}}}}]
}`
	convertTo := func(name string, data []byte, from, to, out string) string {
		o, res, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: name, Data: data,
			Options: &convert.Options{From: from, To: to, OutputName: out}})
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range res.Diagnostics {
			if d.Code == convert.CodeVerifyMismatch || d.Code == convert.CodeDampingApproximated {
				t.Errorf("%s to %s: %v", from, to, d)
			}
		}
		return string(o.Main)
	}
	g4 := convertTo("ball.gltf", []byte(src), "khr", "godot", "ball.tscn")
	for _, want := range []string{"linear_damp_mode = 1", "angular_damp_mode = 1"} {
		if !strings.Contains(g4, want) {
			t.Errorf("Godot 4 output without %q:\n%s", want, g4)
		}
	}
	g3 := convertTo("ball.gltf", []byte(src), "khr", "godot3", "ball.tscn")
	for _, want := range []string{"linear_damp = 0", "angular_damp = 0"} {
		if !strings.Contains(g3, want) {
			t.Errorf("Godot 3 output without %q:\n%s", want, g3)
		}
	}
	// a Godot scene's bodies add to the project's default, as before
	if again := convertTo("ball.tscn", []byte(strings.ReplaceAll(strings.ReplaceAll(g4, "linear_damp_mode = 1\n", ""), "angular_damp_mode = 1\n", "")), "godot", "godot", "again.tscn"); strings.Contains(again, "damp") {
		t.Errorf("a Godot scene's default damping written out:\n%s", again)
	}

	testenv.Oracle(t, "godot4-inspect")
	const steps = 60
	at := testenv.GodotOrigins(t, "godot4-inspect", g4, steps, map[string]string{"project.godot": testenv.Godot4Project})
	// semi-implicit Euler at 60 Hz, undamped: y = 10 − g·dt²·n(n+1)/2
	dt := 1.0 / 60
	want := 10 - 9.8*dt*dt*steps*(steps+1)/2
	ball, ok := at["."] // the only body is the scene's root
	if y := ball[1]; !ok || math.Abs(y-want) > 0.01 {
		t.Errorf("Godot 4: the ball after %d steps at y %.4f, want %.4f (undamped)", steps, y, want)
	}
}
