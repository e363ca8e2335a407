package physconv_test

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// paddleScene is a KHR scene: a 1 × 0.2 × 0.2 m box "Paddle" at height 1
// whose motion is infinite mass (KHR's 0) with the given inertia diagonal
// (0: infinite) and gravity factor, and a 1 kg ball dropped on its +X
// half from 0.5 m above it.
func paddleScene(inertia [3]float64, gravityFactor float64, velocity [3]float64) []byte {
	return fmt.Appendf(nil, `{"asset":{"version":"2.0"},"extensionsUsed":["KHR_physics_rigid_bodies","KHR_implicit_shapes"],
"extensions":{"KHR_implicit_shapes":{"shapes":[{"type":"box","box":{"size":[1,0.2,0.2]}},{"type":"sphere","sphere":{"radius":0.1}}]}},
"scene":0,"scenes":[{"nodes":[0,1]}],
"nodes":[
{"name":"Paddle","translation":[0,1,0],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":0,"inertiaDiagonal":[%g,%g,%g],"gravityFactor":%g,"linearVelocity":[%g,%g,%g]},"collider":{"geometry":{"shape":0}}}}},
{"name":"Ball","translation":[0.4,1.5,0],"extensions":{"KHR_physics_rigid_bodies":{"motion":{"mass":1},"collider":{"geometry":{"shape":1}}}}}]}`,
		inertia[0], inertia[1], inertia[2], gravityFactor, velocity[0], velocity[1], velocity[2])
}

// A free body of infinite mass (KHR's zero mass) with finite moments
// cannot move its centre of mass, but forces turn it about its finite
// principal axes (the KHR sample's wheel: infinite mass, inertia [0 1 0]).
// MJCF welded it to the world, with a warning that it cannot move; Godot
// gave it its 1 kg default, free to be knocked away; URDF's output, read
// back fixed to the world, failed verification; OMI made it kinematic,
// which nothing turns. Now, when gravity does not act on it (whether it
// accelerates an infinite mass is left open by KHR and differs between
// engines), MJCF turns it on a hinge about its one finite axis (a ball
// joint for more) through its centre of mass, Godot locks its linear axes
// with a mass a million times the heaviest other body's, OMI keeps it
// dynamic with that mass, and every output reads back explained. MuJoCo and Godot 4 both
// turn the paddle the ball lands on, about Z, with its centre where it
// was.
func TestInfiniteMassTurnsAboutCenterOfMass(t *testing.T) {
	reg := all.Registry()
	open := func(scene []byte) fstest.MapFS { return fstest.MapFS{"paddle.gltf": {Data: scene}} }
	infMass := func(res []convert.Diagnostic) []convert.Diagnostic {
		var out []convert.Diagnostic
		for _, d := range res {
			if d.Code == convert.CodeMassInfinite {
				out = append(out, d)
			}
		}
		return out
	}
	for _, c := range []struct {
		name          string
		inertia       [3]float64
		gravityFactor float64
		joint         string // MJCF joint written for the paddle
		severity      convert.Severity
	}{
		{"one finite axis", [3]float64{0, 0, 0.1}, 0, `type="hinge" pos="0 0 0" axis="0 0 1"`, convert.Info},
		{"three finite axes", [3]float64{0.1, 0.2, 0.25}, 0, `type="ball" pos="0 0 0"`, convert.Info},
		{"two finite axes", [3]float64{0.1, 0, 0.1}, 0, `type="ball" pos="0 0 0"`, convert.Warning},
		{"feels gravity", [3]float64{0, 0, 0.1}, 1, "", convert.Warning},
	} {
		t.Run(c.name, func(t *testing.T) {
			scene := paddleScene(c.inertia, c.gravityFactor, [3]float64{})
			out, res := convertIn(t, reg, open(scene), "paddle.gltf", "mjcf")
			if m := mismatches(res); len(m) > 0 {
				t.Errorf("MJCF: %v", m)
			}
			body := string(out.Main)
			body = body[strings.Index(body, `<body name="Paddle"`):]
			body = body[:strings.Index(body, "</body>")]
			switch {
			case c.joint == "" && strings.Contains(body, "<joint"):
				t.Errorf("MJCF paddle feeling gravity has joints:\n%s", body)
			case c.joint != "" && !strings.Contains(body, c.joint):
				t.Errorf("MJCF paddle lacks joint %s:\n%s", c.joint, body)
			}
			ds := infMass(res.Diagnostics)
			if len(ds) == 0 {
				t.Fatalf("no %s diagnostic", convert.CodeMassInfinite)
			}
			for _, d := range ds {
				if d.Severity != c.severity {
					t.Errorf("MJCF: %s is %v, want %v: %s", d.Code, d.Severity, c.severity, d.Message)
				}
			}
			for _, to := range []string{"godot", "godot3", "urdf", "khr", "omi"} {
				if _, res := convertIn(t, reg, open(scene), "paddle.gltf", to); len(mismatches(res)) > 0 {
					t.Errorf("%s: %v", to, mismatches(res))
				}
			}
			godot, res := convertIn(t, reg, open(scene), "paddle.gltf", "godot")
			paddle := string(godot.Main)
			paddle = paddle[strings.Index(paddle, `[node name="Paddle"`):]
			paddle = paddle[:strings.Index(paddle, "\n\n")]
			locked := strings.Count(paddle, "axis_lock_linear_") == 3
			if locked != (c.gravityFactor == 0) || locked && !strings.Contains(paddle, "mass = 1e+06\n") {
				t.Errorf("Godot paddle (gravity factor %g):\n%s", c.gravityFactor, paddle)
			}
			if locked && len(infMass(res.Diagnostics)) != 1 || locked && infMass(res.Diagnostics)[0].Severity != convert.Info {
				t.Errorf("Godot: %v", infMass(res.Diagnostics))
			}
		})
	}

	// OMI has no infinite mass: a kinematic body does not turn, a body a
	// million times the heaviest other does, as good as infinite
	for _, gf := range []float64{0, 1} {
		omi, _ := convertIn(t, reg, open(paddleScene([3]float64{0, 0, 0.1}, gf, [3]float64{})), "paddle.gltf", "omi")
		var doc struct {
			Nodes []struct {
				Name       string
				Extensions struct {
					Body struct {
						Motion struct {
							Type string
							Mass *float64
						}
					} `json:"OMI_physics_body"`
				}
			}
		}
		if err := json.Unmarshal(omi.Main, &doc); err != nil {
			t.Fatal(err)
		}
		m := doc.Nodes[0].Extensions.Body.Motion
		if gf == 0 && (m.Type != "dynamic" || m.Mass == nil || *m.Mass != 1e6) || gf != 0 && m.Type != "kinematic" {
			t.Errorf("OMI paddle with gravity factor %g: %s of %v kg", gf, m.Type, m.Mass)
		}
	}

	// an initial velocity an infinite mass keeps is stopped by the locks
	moving := paddleScene([3]float64{0, 0, 0.1}, 0, [3]float64{0.5, 0, 0})
	_, res := convertIn(t, reg, open(moving), "paddle.gltf", "godot")
	if ds := infMass(res.Diagnostics); len(ds) != 1 || ds[0].Severity != convert.Warning || !strings.Contains(ds[0].Message, "initial velocity") {
		t.Errorf("Godot, moving paddle: %v", ds)
	}

	// the engines: the ball, landing after 0.25 s on the +X half, turns
	// the paddle about Z, clockwise seen from +Z, and the paddle's centre
	// stays put (0.4 s: 200 MuJoCo steps, 24 Godot steps)
	scene := paddleScene([3]float64{0, 0, 0.1}, 0, [3]float64{})
	mj, _ := convertIn(t, reg, open(scene), "paddle.gltf", "mjcf")
	after := stepped(t, t.TempDir(), "paddle.xml", mj.Main, nil, 200, "--backend", "c")["Paddle"]
	// MJCF is Z-up: glTF's Z is MJCF's -Y
	if d := apart(after.Xpos, [3]float64{0, 0, 1}); d > 1e-9 {
		t.Errorf("MuJoCo: the paddle moved %g m", d)
	}
	w, x, y, z := after.Xquat[0], after.Xquat[1], after.Xquat[2], after.Xquat[3]
	// the paddle body's frame is turned +90° about X (Y-up to Z-up); its
	// turn about the world's -Y is what remains
	turn := quatMul([4]float64{w, x, y, z}, [4]float64{math.Cos(math.Pi / 4), -math.Sin(math.Pi / 4), 0, 0})
	mjAngle := 2 * math.Atan2(-turn[2], turn[0])
	if mjAngle > -0.05 || math.Abs(turn[1])+math.Abs(turn[3]) > 1e-9 {
		t.Errorf("MuJoCo: paddle turned %v (%g rad about glTF's Z), want clockwise about Z only", turn, mjAngle)
	}
	gd, _ := convertIn(t, reg, open(scene), "paddle.gltf", "godot")
	poses := testenv.GodotPoses(t, "godot4-inspect", string(gd.Main), 24, map[string]string{"project.godot": testenv.Godot4Project})
	p := poses["Paddle"]
	if d := apart(p.Origin, [3]float64{0, 1, 0}); d > 1e-6 {
		t.Errorf("Godot 4: the paddle moved %g m", d)
	}
	gAngle := 2 * math.Atan2(p.Quat[2], p.Quat[3])
	if gAngle > -0.05 || math.Abs(p.Quat[0])+math.Abs(p.Quat[1]) > 1e-6 {
		t.Errorf("Godot 4: paddle turned %v (%g rad about Z), want clockwise about Z only", p.Quat, gAngle)
	}
	if math.Abs(mjAngle-gAngle) > 0.2*math.Abs(mjAngle) {
		t.Errorf("the paddle turned %.3f rad in MuJoCo, %.3f rad in Godot 4 (0.4 s)", mjAngle, gAngle)
	}
}

// quatMul multiplies quaternions [w x y z].
func quatMul(a, b [4]float64) [4]float64 {
	return [4]float64{
		a[0]*b[0] - a[1]*b[1] - a[2]*b[2] - a[3]*b[3],
		a[0]*b[1] + a[1]*b[0] + a[2]*b[3] - a[3]*b[2],
		a[0]*b[2] - a[1]*b[3] + a[2]*b[0] + a[3]*b[1],
		a[0]*b[3] + a[1]*b[2] - a[2]*b[1] + a[3]*b[0],
	}
}
