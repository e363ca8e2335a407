package godot

import (
	"math"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// OMI vehicle data lives on Godot nodes as metadata/omi_* entries (what
// Emit writes) or as properties of the omi-godot scripts (what the OMI
// sample scenes use); both read the same.

// Values a Godot wheel flag stands for when no OMI metadata gives the
// number: Godot keeps steering angle and engine force on the vehicle
// script, not the wheel.
const (
	defaultSteeringAngle = 0.4    // rad
	defaultPropulsion    = 1000.0 // N
)

// omiNum reads metadata/omi_<key>, then the script property <key>.
func omiNum(n *node, key string) (float64, bool, error) {
	for _, k := range []string{"metadata/omi_" + key, key} {
		if v, ok := n.get(k); ok {
			f, err := v.float(k)
			return f, true, err
		}
	}
	return 0, false, nil
}

func omiBool(n *node, key string) (bool, bool, error) {
	for _, k := range []string{"metadata/omi_" + key, key} {
		if v, ok := n.get(k); ok {
			b, err := v.boolean(k)
			return b, true, err
		}
	}
	return false, false, nil
}

func omiVec(n *node, key string) (convert.Vec3, bool, error) {
	for _, k := range []string{"metadata/omi_" + key, key} {
		if v, ok := n.get(k); ok {
			x, err := v.vec3(k)
			return x, true, err
		}
	}
	return convert.Vec3{}, false, nil
}

func scriptPath(n *node) string {
	if v, ok := n.get("script"); ok {
		if r, ok := v.v.(tscn.Ref); ok && r.Kind == "ExtResource" {
			if res := v.doc.ext[r.ID]; res != nil {
				return strings.ToLower(res.resPath)
			}
		}
	}
	return ""
}

func (p *parser) vehicle(n *node, idx int) error {
	veh := &convert.Vehicle{MaxSpeed: -1, PilotSeat: -1, AngularDampeners: true, LinearDampeners: true}
	var err error
	read := func(key string, dst *convert.Vec3) {
		if v, ok, e := omiVec(n, key); e != nil {
			err = e
		} else if ok {
			*dst = v
		}
	}
	read("angular_activation", &veh.AngularActivation)
	read("linear_activation", &veh.LinearActivation)
	read("gyroscope_torque", &veh.GyroTorque)
	read("gyro_torque", &veh.GyroTorque)
	if v, ok, e := omiNum(n, "max_speed"); e != nil {
		return e
	} else if ok {
		veh.MaxSpeed = v
	}
	for key, dst := range map[string]*bool{"angular_dampeners": &veh.AngularDampeners, "linear_dampeners": &veh.LinearDampeners, "use_throttle": &veh.UseThrottle} {
		if v, ok, e := omiBool(n, key); e != nil {
			return e
		} else if ok {
			*dst = v
		}
	}
	for _, k := range []string{"metadata/omi_pilot_seat", "pilot_seat_node"} {
		if v, ok := n.get(k); ok {
			np, e := v.nodePath(k)
			if e != nil {
				return e
			}
			if target, _ := resolveNodePath(n, np); target != nil && np != "" {
				p.seatFixups = append(p.seatFixups, func() { veh.PilotSeat = p.index[target] })
			}
			break
		}
	}
	p.g.Nodes[idx].Vehicle = veh
	return err
}

func (p *parser) wheel(n *node, idx int) error {
	w := convert.DefaultWheel()
	w.Name = n.name
	var firstErr error
	get := func(k string) float64 {
		f, _, err := p.num(n, k)
		if err != nil && firstErr == nil {
			firstErr = err
		}
		return f
	}
	w.Radius = get("wheel_radius")
	w.SuspensionTravel = get("suspension_travel")
	// Godot's suspension stiffness and damping are per kilogram of the
	// chassis (suspensionScale)
	scale := suspensionScale(p.g, idx)
	w.SuspensionStiffness = get("suspension_stiffness") * scale
	w.SuspensionDampingCompression = get("damping_compression") * scale
	w.SuspensionDampingRebound = get("damping_relaxation") * scale
	steer, err1 := p.flag(n, "use_as_steering")
	traction, err2 := p.flag(n, "use_as_traction")
	if err := firstErr2(firstErr, err1, err2); err != nil {
		return err
	}
	omi := map[string]*float64{"max_steering_angle": &w.MaxSteeringAngle, "max_propulsion_force": &w.MaxPropulsionForce,
		"width": &w.Width, "braking_force": &w.BrakingForce, "propulsion_force_change_rate": &w.PropulsionForceChangeRate,
		"steering_change_rate": &w.SteeringChangeRate, "target_propulsion_force_ratio": &w.TargetPropulsionForceRatio,
		"target_steering_ratio": &w.TargetSteeringRatio}
	given := map[string]bool{}
	for key, dst := range omi {
		if v, ok := n.get("metadata/omi_" + key); ok {
			f, err := v.float(key)
			if err != nil {
				return err
			}
			*dst, given[key] = f, true
		}
	}
	if !given["max_steering_angle"] && steer {
		w.MaxSteeringAngle = defaultSteeringAngle
		p.note(convert.CodeGodotWheelDefault, convert.VehicleSubject(p.idx(n)), n, "steering wheel without a maximum angle; %g rad assumed", defaultSteeringAngle)
	}
	if !given["max_propulsion_force"] && traction {
		w.MaxPropulsionForce = defaultPropulsion
		p.note(convert.CodeGodotWheelDefault, convert.VehicleSubject(p.idx(n)), n, "traction wheel without a maximum force; %g N assumed", defaultPropulsion)
	}
	if !given["width"] {
		p.note(convert.CodeGodotWheelDefault, convert.VehicleSubject(p.idx(n)), n, "Godot wheels have no width; OMI's default %g m assumed", w.Width)
	}
	if !(w.Radius > 0) {
		return lineErr(n.file, n.line, "wheel %q radius must be positive", n.path())
	}
	if err := p.wheelTuning(n, &w); err != nil {
		return err
	}
	n.markRead(wheelKeys...)
	p.g.Nodes[idx].Wheel = &w
	t := &p.g.Nodes[idx].Transform
	t.T = t.T.Add(t.R.Rotate(convert.Vec3{0, -wheelRest(&w), 0}))
	return nil
}

// wheelRest is how far below its VehicleWheel3D node's origin a wheel's
// centre rests: the node is where the wheel bottoms out, and Godot's
// raycast holds the wheel the rest length further down its suspension
// (the node's -Y), compressed from there by the load. A Graph wheel node
// (OMI's) is the wheel's centre at rest: Parse moves the node down by it,
// Godot output up.
func wheelRest(w *convert.Wheel) float64 {
	if w.RestLength != nil {
		return *w.RestLength
	}
	return defaults4["VehicleWheel3D"]["wheel_rest_length"]
}

// wheelKeys are the VehicleWheel3D (Godot 3: VehicleWheel) properties the
// Graph's Wheel holds; both versions spell them alike.
var wheelKeys = []string{"use_as_traction", "use_as_steering", "wheel_radius", "suspension_travel",
	"suspension_stiffness", "damping_compression", "damping_relaxation", "wheel_roll_influence",
	"wheel_rest_length", "suspension_max_force", "wheel_friction_slip", "brake"}

// wheelTuning reads the raycast tuning OMI lacks (only when the scene sets
// it, so the engine default stays implicit), the tyre friction as the
// wheel's material (what omi-godot maps friction slip to), and the current
// engine force and steering as OMI target ratios of their maxima.
func (p *parser) wheelTuning(n *node, w *convert.Wheel) error {
	for key, dst := range map[string]**float64{"wheel_roll_influence": &w.RollInfluence,
		"wheel_rest_length": &w.RestLength, "suspension_max_force": &w.MaxSuspensionForce, "brake": &w.Brake} {
		if f, ok, err := p.num(n, key); err != nil {
			return err
		} else if ok {
			*dst = convert.Ptr(f)
		}
	}
	if f, ok, err := p.num(n, "wheel_friction_slip"); err != nil {
		return err
	} else if ok {
		w.Material = p.wheelMaterial(f)
	}
	for _, r := range []struct {
		key      string
		max      float64
		dst      *float64
		metadata string
	}{{"engine_force", w.MaxPropulsionForce, &w.TargetPropulsionForceRatio, "target_propulsion_force_ratio"},
		{"steering", w.MaxSteeringAngle, &w.TargetSteeringRatio, "target_steering_ratio"}} {
		f, ok, err := p.num(n, r.key)
		if err != nil {
			return err
		}
		if _, meta := n.get("metadata/omi_" + r.metadata); ok && meta {
			n.markRead(r.key) // the metadata ratio wins; Emit writes both
		} else if ok && r.max != 0 {
			*r.dst = f / r.max
			n.markRead(r.key)
		} // a force without a maximum stays a raw property
	}
	return nil
}

// wheelMaterial returns the Graph material whose friction is a wheel's
// friction slip.
func (p *parser) wheelMaterial(slip float64) int {
	mat := convert.Material{Name: "wheel friction slip", StaticFriction: slip, DynamicFriction: slip}
	if m, ok := p.findMaterial(mat); ok {
		return m
	}
	p.g.Materials = append(p.g.Materials, mat)
	return len(p.g.Materials) - 1
}

func firstErr2(errs ...error) error { return firstErr(errs...) }

// scriptedNode reads OMI thrusters carried by omi-godot scripts or by
// metadata on plain nodes.
func (p *parser) scriptedNode(n *node, idx int) error {
	script := scriptPath(n)
	_, hasMeta := n.get("metadata/omi_max_force")
	_, hasHover := n.get("metadata/omi_max_hover_energy")
	switch {
	case hasHover || strings.HasSuffix(script, "hover_thruster_3d.gd"):
		t := &convert.HoverThruster{Name: n.name, GimbalChangeRate: 1, HoverEnergyChangeRate: -1, LinearGimbalAdjustRatio: 0.5}
		fields := map[string]*float64{"max_hover_energy": &t.MaxHoverEnergy, "max_gimbal": &t.MaxGimbal,
			"gimbal_change_rate": &t.GimbalChangeRate, "hover_energy_change_rate": &t.HoverEnergyChangeRate,
			"linear_gimbal_adjust_ratio": &t.LinearGimbalAdjustRatio, "target_hover_ratio": &t.TargetHoverRatio}
		if err := readOMI(n, fields); err != nil {
			return err
		}
		if err := readGimbal(n, &t.TargetGimbalRatio); err != nil {
			return err
		}
		p.g.Nodes[idx].HoverThruster = t
	case hasMeta || strings.HasSuffix(script, "vehicle_thruster_3d.gd"):
		t := &convert.Thruster{Name: n.name, ForceChangeRate: -1, GimbalChangeRate: 1}
		fields := map[string]*float64{"max_force": &t.MaxForce, "max_gimbal": &t.MaxGimbal,
			"force_change_rate": &t.ForceChangeRate, "gimbal_change_rate": &t.GimbalChangeRate,
			"linear_gimbal_adjust_ratio": &t.LinearGimbalAdjustRatio, "target_force_ratio": &t.TargetForceRatio}
		if err := readOMI(n, fields); err != nil {
			return err
		}
		if err := readGimbal(n, &t.TargetGimbalRatio); err != nil {
			return err
		}
		p.g.Nodes[idx].Thruster = t
	}
	return nil
}

// readGimbal reads metadata/omi_target_gimbal_ratio (a Vector2), else the
// omi-godot scripts' target_gimbal_ratio or current_gimbal_ratio.
func readGimbal(n *node, dst *[2]float64) error {
	for _, key := range []string{"metadata/omi_target_gimbal_ratio", "target_gimbal_ratio", "current_gimbal_ratio"} {
		v, ok := n.get(key)
		if !ok {
			continue
		}
		f, err := v.floats(key, []string{"Vector2"}, 2)
		if err != nil {
			return err
		}
		*dst = [2]float64{f[0], f[1]}
		return nil
	}
	return nil
}

// scriptAliases are the omi-godot thruster scripts' own names (older and
// newer releases) for OMI fields, tried after the metadata and the OMI name.
var scriptAliases = map[string][]string{
	"max_gimbal":               {"max_gimbal_radians"},
	"gimbal_change_rate":       {"gimbal_radians_per_second"},
	"force_change_rate":        {"force_change_per_second"},
	"hover_energy_change_rate": {"hover_energy_change_per_second"},
	"target_force_ratio":       {"current_force_ratio"},
	"target_hover_ratio":       {"current_hover_ratio"},
}

func readOMI(n *node, fields map[string]*float64) error {
	for key, dst := range fields {
		if v, ok, err := omiNum(n, key); err != nil {
			return err
		} else if ok {
			*dst = v
			continue
		}
		for _, k := range scriptAliases[key] {
			if v, ok := n.get(k); ok {
				f, err := v.float(k)
				if err != nil {
					return err
				}
				*dst = f
				break
			}
		}
	}
	return nil
}

// seat reads an OMI seat from an Area3D (omi-godot pilot_seat_3d.gd or
// metadata). The script's defaults are the ones its scenes rely on.
func (p *parser) seat(n *node, idx int) error {
	_, hasMeta := n.get("metadata/omi_seat_back")
	if !hasMeta && !strings.HasSuffix(scriptPath(n), "seat_3d.gd") {
		return nil
	}
	s := &convert.Seat{Back: convert.Vec3{0, 0, -0.25}, Foot: convert.Vec3{0, -0.5, 0.25}, Knee: convert.Vec3{0, 0, 0.25}, Angle: math.Pi / 2}
	given := false
	for key, dst := range map[string]*convert.Vec3{"seat_back": &s.Back, "seat_foot": &s.Foot, "seat_knee": &s.Knee} {
		if v, ok, err := omiVec(n, key); err != nil {
			return err
		} else if ok {
			*dst, given = v, true
		}
	}
	if v, ok, err := omiNum(n, "seat_angle"); err != nil {
		return err
	} else if ok {
		s.Angle = v
	}
	if !given {
		p.note(convert.CodeGodotScriptDefaults, convert.VehicleSubject(p.idx(n)), n, "seat limits not stored in the scene; the omi-godot seat script's defaults are assumed")
	}
	p.g.Nodes[idx].Seat = s
	return nil
}

// suspensionScale is what Godot multiplies a wheel's suspension stiffness
// and damping by: the mass of the VehicleBody3D it is a child of (Godot's
// raycast vehicle, as Bullet's, scales the suspension force by the
// chassis mass), so the Graph's N/m and N·s/m are Godot's values times
// it. A wheel outside a body, which Godot does not simulate, keeps the
// factor OMI's mapping documents, 1000 (a 1,000 kg chassis).
func suspensionScale(g *convert.Graph, wheel int) float64 {
	if p := g.Nodes[wheel].Parent; p >= 0 {
		if m := g.Nodes[p].Motion; m != nil && m.Mass != nil && *m.Mass > 0 && !math.IsInf(*m.Mass, 1) {
			return *m.Mass
		}
	}
	return 1000
}
