package godot

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// wheelScene is a vehicle with one wheel carrying props, in Godot 4 or 3
// spelling.
func wheelScene(v int, props string) string {
	if v == 3 {
		return "[gd_scene format=2]\n\n[node name=\"Car\" type=\"VehicleBody\"]\n\n[node name=\"W\" type=\"VehicleWheel\" parent=\".\"]\n" + props
	}
	return "[gd_scene format=3]\n\n[node name=\"Car\" type=\"VehicleBody3D\"]\n\n[node name=\"W\" type=\"VehicleWheel3D\" parent=\".\"]\n" + props
}

func wheelOf(t *testing.T, g *convert.Graph) (*convert.Wheel, int) {
	t.Helper()
	for i := range g.Nodes {
		if w := g.Nodes[i].Wheel; w != nil {
			return w, i
		}
	}
	t.Fatal("no wheel")
	return nil, -1
}

func ptrEq(a, b *float64) bool { return (a == nil) == (b == nil) && (a == nil || *a == *b) }

// TestWheelTuningAcrossVersions: every VehicleWheel3D property Godot 3 and
// Godot 4 share reaches the other version (and the same one) with its
// value, and none is reported as not applying.
func TestWheelTuningAcrossVersions(t *testing.T) {
	cases := []struct {
		name, props string
		roll, rest  *float64
		maxForce    *float64
		brake       *float64
		slip        float64 // -1: no material
		engine      float64 // the engine_force written back
		steer       float64
	}{
		{"defaults", "", nil, nil, nil, nil, -1, 0, 0},
		{"truck", "use_as_traction = true\nuse_as_steering = true\nwheel_roll_influence = 0.4\nwheel_friction_slip = 1.0\n",
			convert.Ptr(0.4), nil, nil, nil, 1, 0, 0},
		{"tuned", "wheel_rest_length = 0.3\nsuspension_max_force = 9000.0\nwheel_friction_slip = 2.5\nbrake = 40.0\n",
			nil, convert.Ptr(0.3), convert.Ptr(9000.0), convert.Ptr(40.0), 2.5, 0, 0},
		{"driven", "use_as_traction = true\nuse_as_steering = true\nengine_force = 250.0\nsteering = 0.2\nmetadata/omi_max_propulsion_force = 500.0\n",
			nil, nil, nil, nil, -1, 250, 0.2},
	}
	for _, c := range cases {
		for _, from := range []int{4, 3} {
			for _, to := range []int{4, 3} {
				t.Run(fmt.Sprintf("%s/%d-%d", c.name, from, to), func(t *testing.T) {
					props := c.props
					if from == 3 {
						props = strings.ReplaceAll(props, "metadata/omi_max_propulsion_force = 500.0\n", "__meta__ = {\"omi_max_propulsion_force\": 500.0}\n")
					}
					g := parseText(t, wheelScene(from, props))
					out, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(to)))
					if err != nil {
						t.Fatal(err)
					}
					for _, d := range diags {
						if d.Code == convert.CodeGodotPropsDropped && strings.Contains(d.Path, "W") {
							t.Errorf("wheel property reported as not applying: %s", d.Message)
						}
					}
					back := parseText(t, string(out.Main))
					w, _ := wheelOf(t, back)
					if !ptrEq(w.RollInfluence, c.roll) || !ptrEq(w.RestLength, c.rest) || !ptrEq(w.MaxSuspensionForce, c.maxForce) || !ptrEq(w.Brake, c.brake) {
						t.Errorf("tuning roll %v rest %v max force %v brake %v, want %v %v %v %v", w.RollInfluence, w.RestLength, w.MaxSuspensionForce, w.Brake, c.roll, c.rest, c.maxForce, c.brake)
					}
					slip := -1.0
					if w.Material >= 0 {
						slip = back.Materials[w.Material].DynamicFriction
					}
					if slip != c.slip {
						t.Errorf("friction slip %g, want %g\n%s", slip, c.slip, out.Main)
					}
					if got := w.TargetPropulsionForceRatio * w.MaxPropulsionForce; got != c.engine {
						t.Errorf("engine force %g, want %g", got, c.engine)
					}
					if got := w.TargetSteeringRatio * w.MaxSteeringAngle; got != c.steer {
						t.Errorf("steering %g, want %g", got, c.steer)
					}
					for _, key := range []string{"wheel_roll_influence", "wheel_friction_slip", "engine_force", "brake"} {
						if want := strings.Count(c.props, key+" ="); strings.Count(string(out.Main), key+" =") != want {
							t.Errorf("%s written %d times, want %d\n%s", key, strings.Count(string(out.Main), key+" ="), want, out.Main)
						}
					}
				})
			}
		}
	}
}

// TestWheelMaterialFriction: a wheel's material friction is Godot's friction
// slip; what a wheel cannot use (restitution, a different static
// friction) is reported.
func TestWheelMaterialFriction(t *testing.T) {
	for _, c := range []struct {
		m    convert.Material
		diag bool
	}{
		{convert.Material{StaticFriction: 0.8, DynamicFriction: 0.8}, false},
		{convert.Material{StaticFriction: 0.9, DynamicFriction: 0.7}, true},
		{convert.Material{StaticFriction: 0.7, DynamicFriction: 0.7, Restitution: 0.2}, true},
	} {
		g := convert.NewGraph()
		g.Materials = []convert.Material{c.m}
		b := g.AddNode(convert.Node{Name: "Car", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}, Vehicle: &convert.Vehicle{MaxSpeed: -1, PilotSeat: -1}}, -1)
		w := convert.DefaultWheel()
		w.Material = 0
		g.AddNode(convert.Node{Name: "W", Wheel: &w}, b)
		out, diags, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if want := fmt.Sprintf("wheel_friction_slip = %s", strconv.FormatFloat(c.m.DynamicFriction, 'g', -1, 64)); !strings.Contains(string(out.Main), want) {
			t.Errorf("%+v: no %q\n%s", c.m, want, out.Main)
		}
		if diags.Has(convert.CodeGodotWheelMaterialDropped) != c.diag {
			t.Errorf("%+v: material-dropped diagnostic %v, want %v", c.m, !c.diag, c.diag)
		}
	}
}

// TestHoverThrusterScripts: omi-godot hover thrusters are RayCast3D nodes
// with a script; both the older (current_*) and newer (target_*, *_radians)
// script variable names are read.
func TestHoverThrusterScripts(t *testing.T) {
	head := `[gd_scene format=3]

[ext_resource type="Script" path="res://addons/omi_extensions/vehicle/nodes/vehicle_hover_thruster_3d.gd" id="1"]
[ext_resource type="Script" path="res://addons/omi_extensions/vehicle/nodes/vehicle_thruster_3d.gd" id="2"]

[node name="Craft" type="VehicleBody3D"]
`
	scene := head + `
[node name="H1" type="RayCast3D" parent="."]
script = ExtResource("1")
max_hover_energy = 5000.0
max_gimbal = 0.25
current_hover_ratio = 0.5
current_gimbal_ratio = Vector2(0.1, 0.2)

[node name="H2" type="RayCast3D" parent="."]
target_position = Vector3(0, 0, -1000)
script = ExtResource("1")
max_hover_energy = 6000.0

[node name="T" type="Node3D" parent="."]
script = ExtResource("2")
max_force = 100.0
max_gimbal_radians = 0.125
gimbal_radians_per_second = 2.0
force_change_per_second = 50.0
target_force_ratio = 0.3
target_gimbal_ratio = Vector2(-0.5, 0)

[node name="Ray" type="RayCast3D" parent="."]
`
	g := parseText(t, scene)
	got := map[string]any{}
	for _, n := range g.Nodes {
		switch {
		case n.HoverThruster != nil:
			got[n.Name] = *n.HoverThruster
		case n.Thruster != nil:
			got[n.Name] = *n.Thruster
		}
	}
	want := map[string]any{
		"H1": convert.HoverThruster{Name: "H1", MaxHoverEnergy: 5000, MaxGimbal: 0.25, GimbalChangeRate: 1, HoverEnergyChangeRate: -1,
			LinearGimbalAdjustRatio: 0.5, TargetHoverRatio: 0.5, TargetGimbalRatio: [2]float64{0.1, 0.2}},
		"H2": convert.HoverThruster{Name: "H2", MaxHoverEnergy: 6000, GimbalChangeRate: 1, HoverEnergyChangeRate: -1, LinearGimbalAdjustRatio: 0.5},
		"T": convert.Thruster{Name: "T", MaxForce: 100, MaxGimbal: 0.125, GimbalChangeRate: 2, ForceChangeRate: 50,
			TargetForceRatio: 0.3, TargetGimbalRatio: [2]float64{-0.5, 0}},
	}
	if len(got) != len(want) {
		t.Fatalf("%d thrusters read, want %d: %v", len(got), len(want), got)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%s: %+v, want %+v", k, got[k], w)
		}
	}
}

// TestThrusterInertDiagnostic: Godot output of thrusters says they do not
// push without the omi-godot scripts.
func TestThrusterInertDiagnostic(t *testing.T) {
	for _, attr := range []func(n *convert.Node){
		func(n *convert.Node) { n.Thruster = &convert.Thruster{Name: "T", MaxForce: 10} },
		func(n *convert.Node) { n.HoverThruster = &convert.HoverThruster{Name: "T", MaxHoverEnergy: 10} },
	} {
		g := convert.NewGraph()
		b := g.AddNode(convert.Node{Name: "Ship", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}, Vehicle: &convert.Vehicle{MaxSpeed: -1, PilotSeat: -1}}, -1)
		n := convert.Node{Name: "T"}
		attr(&n)
		g.AddNode(n, b)
		for _, v := range []string{"4", "3"} {
			_, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, v))
			if err != nil {
				t.Fatal(err)
			}
			if !diags.Has(convert.CodeGodotThrusterInert) {
				t.Errorf("Godot %s: no %s diagnostic: %v", v, convert.CodeGodotThrusterInert, diags)
			}
		}
	}
}
