package physconv_test

import (
	"encoding/json"
	"fmt"
	"math"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// carScene3 is a Godot 3 car of the given chassis mass on a floor: four
// wheels of suspension stiffness 40 and damping 0.88.
func carScene3(mass float64) string {
	return carScene3With(mass, "damping_compression = 0.88\ndamping_relaxation = 0.88\n")
}

// carScene3With is carScene3 with other wheel lines than the damping.
func carScene3With(mass float64, wheel string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[gd_scene load_steps=3 format=2]\n\n[sub_resource type=\"BoxShape\" id=1]\nextents = Vector3( 0.5, 0.25, 1 )\n\n"+
		"[sub_resource type=\"BoxShape\" id=2]\nextents = Vector3( 10, 0.5, 10 )\n\n[node name=\"Car\" type=\"Spatial\"]\n\n"+
		"[node name=\"Floor\" type=\"StaticBody\" parent=\".\"]\ntransform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, -0.5, 0 )\n\n"+
		"[node name=\"Shape\" type=\"CollisionShape\" parent=\"Floor\"]\nshape = SubResource( 2 )\n\n"+
		"[node name=\"Body\" type=\"VehicleBody\" parent=\".\"]\ntransform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0.8, 0 )\nmass = %g\n\n"+
		"[node name=\"Shape\" type=\"CollisionShape\" parent=\"Body\"]\nshape = SubResource( 1 )\n", mass)
	for k, at := range [][2]float64{{0.6, 0.8}, {-0.6, 0.8}, {0.6, -0.8}, {-0.6, -0.8}} {
		fmt.Fprintf(&b, "\n[node name=\"Wheel%d\" type=\"VehicleWheel\" parent=\"Body\"]\ntransform = Transform( 1, 0, 0, 0, 1, 0, 0, 0, 1, %g, -0.2, %g )\n"+
			"wheel_radius = 0.25\nsuspension_travel = 0.2\nsuspension_stiffness = 40.0\n%s", k, at[0], at[1], wheel)
	}
	return b.String()
}

// TestGodotSuspensionPerChassisKilogram: Godot's raycast vehicle
// multiplies a wheel's suspension force by the chassis mass, so its
// suspension stiffness and damping are per kilogram of the VehicleBody:
// a car sags as far whatever its mass. The reader took them as a fixed
// thousandth of N/m (a 1,000 kg chassis), so a 40 kg car's springs became
// 25 times too stiff in MJCF, URDF and glTF (and 880 N·s/m of damping on
// a 0.08 kg wheel carrier blew a round trip back to Godot 3 apart). They
// are the chassis mass times Godot's values now: Godot 3 holds the 40 kg
// and the 400 kg car at one height, MuJoCo the MJCF output of each at one
// height, sagging g/(4·40) on its four springs; Godot output of either
// gives the wheels back their own values.
func TestGodotSuspensionPerChassisKilogram(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	project := map[string]string{"project.godot": "config_version=4\n"}
	var godot, mujoco []float64
	for _, mass := range []float64{40, 400} {
		scene := carScene3(mass)
		fsys := fstest.MapFS{"car.tscn": {Data: []byte(scene)}, "project.godot": {Data: []byte(project["project.godot"])}}
		out, res := convertIn(t, reg, fsys, "car.tscn", "mjcf")
		for _, want := range []string{fmt.Sprintf(`stiffness="%g"`, 40*mass), fmt.Sprintf(`damping="%g"`, 0.88*mass)} {
			if n := strings.Count(string(out.Main), want); n != 4 {
				t.Errorf("%g kg: %d suspension slides with %s, want 4:\n%s", mass, n, want, out.Main)
			}
		}
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%g kg: %v", mass, m)
		}
		back, _ := convertIn(t, reg, fstest.MapFS{"car.tscn": {Data: []byte(scene)}}, "car.tscn", "godot")
		if n := strings.Count(string(back.Main), "suspension_stiffness = 40.0"); n != 4 {
			t.Errorf("%g kg: Godot output has %d wheels of stiffness 40:\n%s", mass, n, back.Main)
		}
		godot = append(godot, testenv.GodotOrigins(t, "godot3-inspect", scene, 300, project)["Body"][1])
		mujoco = append(mujoco, stepped(t, dir, fmt.Sprintf("car%g.xml", mass), out.Main, nil, 1500, "--backend", "c")["Body"].COM()[2])
	}
	if math.Abs(godot[0]-godot[1]) > 1e-3 {
		t.Fatalf("in Godot 3 the chassis rests at %v: not one height", godot)
	}
	if math.Abs(mujoco[0]-mujoco[1]) > 1e-3 {
		t.Errorf("in MuJoCo the MJCF outputs' chassis rest at %v, Godot 3 holds both at %.4f", mujoco, godot[0])
	}
	// the wheel nodes are 0.2 m below the chassis, the wheel centres rest
	// 0.15 m (Godot's rest length) below them; the springs carry it
	if sag, want := 0.25+0.2+0.15-mujoco[0], 9.81/(4*40); math.Abs(sag-want) > 0.05*want {
		t.Errorf("in MuJoCo the chassis sags %.4f m on its springs, want g/(4·40) = %.4f", sag, want)
	}
}

// TestGodotWheelRestLength: a VehicleWheel3D node is where its wheel
// bottoms out; Godot's raycast holds the wheel's centre the rest length
// (0.15 m unless given) further down the suspension, and the load
// compresses it from there. A Graph (OMI) wheel node is the wheel's centre
// at rest, and the reader left it at the Godot node: other formats placed
// the wheels the rest length too high, and MuJoCo held the MJCF output's
// chassis 15 cm lower than Godot 3 holds the source's. The reader moves
// the node down by the rest length now, Godot output moves it back: with
// critically damped springs MuJoCo rests the chassis within a centimetre
// of Godot 3, and a Godot 3 → OMI → Godot 3 round trip keeps the wheels
// where they were.
func TestGodotWheelRestLength(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	project := map[string]string{"project.godot": "config_version=4\n"}
	for _, c := range []struct {
		rest  string
		below float64 // the wheel centre below the node, at rest
	}{{"", 0.15}, {"wheel_rest_length = 0.3\n", 0.3}} {
		// 12 per kilogram is about critical damping for 40 per kilogram
		scene := carScene3With(40, "damping_compression = 12.0\ndamping_relaxation = 12.0\n"+c.rest)
		fsys := fstest.MapFS{"car.tscn": {Data: []byte(scene)}, "project.godot": {Data: []byte(project["project.godot"])}}
		omi, _ := convertIn(t, reg, fsys, "car.tscn", "omi")
		var doc struct {
			Nodes []struct {
				Name        string     `json:"name"`
				Translation [3]float64 `json:"translation"`
			} `json:"nodes"`
		}
		if err := json.Unmarshal(omi.Main, &doc); err != nil {
			t.Fatal(err)
		}
		wheelsAt := 0
		for _, n := range doc.Nodes {
			if strings.HasPrefix(n.Name, "Wheel") {
				wheelsAt++
				if y := n.Translation[1]; math.Abs(y-(-0.2-c.below)) > 1e-12 {
					t.Errorf("rest %g: OMI wheel %s at y %v, want %v", c.below, n.Name, y, -0.2-c.below)
				}
			}
		}
		if wheelsAt != 4 {
			t.Errorf("rest %g: %d wheel nodes in the OMI output", c.below, wheelsAt)
		}
		back, res := convertIn(t, reg, fstest.MapFS{"car.gltf": {Data: omi.Main}}, "car.gltf", "godot3")
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("rest %g: %v", c.below, m)
		}
		wheels := testenv.GodotOrigins(t, "godot3-inspect", string(back.Main), 0, project)
		src := testenv.GodotOrigins(t, "godot3-inspect", scene, 0, project)
		for k := 0; k < 4; k++ {
			name := fmt.Sprintf("Body/Wheel%d", k)
			if d := math.Hypot(wheels[name][1]-src[name][1], wheels[name][0]-src[name][0]); d > 1e-9 {
				t.Errorf("rest %g: after Godot 3 → OMI → Godot 3 wheel %d is at %v, was at %v", c.below, k, wheels[name], src[name])
			}
		}
		out, _ := convertIn(t, reg, fsys, "car.tscn", "mjcf")
		godot := testenv.GodotOrigins(t, "godot3-inspect", scene, 600, project)["Body"][1]
		mujoco := stepped(t, dir, fmt.Sprintf("car%g.xml", c.below), out.Main, nil, 2500, "--backend", "c")["Body"].COM()[2]
		if math.Abs(godot-mujoco) > 0.01 {
			t.Errorf("rest %g: the chassis rests at %.4f m in MuJoCo (MJCF output), at %.4f m in Godot 3 (source)", c.below, mujoco, godot)
		}
	}
}
