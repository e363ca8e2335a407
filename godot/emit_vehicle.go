package godot

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// OMI vehicle values Godot has no property for are written as
// metadata/omi_* so a round trip keeps every parameter.

func (e *emitter) meta(key string, v tscn.Value) tscn.Prop {
	return tscn.Prop{Key: "metadata/omi_" + key, Value: v}
}

func (e *emitter) vehicleProps(i int) []tscn.Prop {
	v := e.g.Nodes[i].Vehicle
	props := []tscn.Prop{
		e.meta("angular_activation", e.vec(v.AngularActivation)),
		e.meta("linear_activation", e.vec(v.LinearActivation)),
		e.meta("gyro_torque", e.vec(v.GyroTorque)),
		e.meta("max_speed", v.MaxSpeed),
		e.meta("angular_dampeners", v.AngularDampeners),
		e.meta("linear_dampeners", v.LinearDampeners),
		e.meta("use_throttle", v.UseThrottle),
	}
	if v.PilotSeat >= 0 {
		if _, ok := e.paths[v.PilotSeat]; ok {
			props = append(props, e.meta("pilot_seat", tscn.NodePath(e.relPathTo(i, v.PilotSeat))))
		}
	}
	if e.v == 3 {
		return metaDict(props)
	}
	return props
}

// metaDict folds metadata/* properties into Godot 3's __meta__ dictionary.
func metaDict(props []tscn.Prop) []tscn.Prop {
	var out []tscn.Prop
	var d tscn.Dict
	for _, p := range props {
		if k, ok := cutMeta(p.Key); ok {
			d = append(d, tscn.Entry{Key: k, Value: p.Value})
			continue
		}
		out = append(out, p)
	}
	if len(d) > 0 {
		out = append(out, tscn.Prop{Key: "__meta__", Value: d})
	}
	return out
}

func cutMeta(k string) (string, bool) {
	const prefix = "metadata/"
	if len(k) > len(prefix) && k[:len(prefix)] == prefix {
		return k[len(prefix):], true
	}
	return "", false
}

func (e *emitter) wheelProps(i int) []tscn.Prop {
	w := e.g.Nodes[i].Wheel
	if p := e.g.Nodes[i].Parent; p < 0 || e.g.Nodes[p].Motion == nil {
		e.note(convert.CodeGodotWheelOrphan, convert.VehicleSubject(i), e.name(i), "VehicleWheel3D works only as a direct child of a VehicleBody3D")
	}
	// Godot's suspension values are per kilogram of the chassis
	scale := suspensionScale(e.g, i)
	props := []tscn.Prop{
		{Key: "use_as_traction", Value: w.MaxPropulsionForce > 0},
		{Key: "use_as_steering", Value: w.MaxSteeringAngle > 0},
		{Key: "wheel_radius", Value: w.Radius},
		{Key: "suspension_travel", Value: w.SuspensionTravel},
		{Key: "suspension_stiffness", Value: w.SuspensionStiffness / scale},
		{Key: "damping_compression", Value: w.SuspensionDampingCompression / scale},
		{Key: "damping_relaxation", Value: w.SuspensionDampingRebound / scale},
		e.meta("width", w.Width),
		e.meta("max_steering_angle", w.MaxSteeringAngle),
		e.meta("max_propulsion_force", w.MaxPropulsionForce),
		e.meta("braking_force", w.BrakingForce),
		e.meta("propulsion_force_change_rate", w.PropulsionForceChangeRate),
		e.meta("steering_change_rate", w.SteeringChangeRate),
		e.meta("target_propulsion_force_ratio", w.TargetPropulsionForceRatio),
		e.meta("target_steering_ratio", w.TargetSteeringRatio),
	}
	for _, t := range []struct {
		key string
		v   *float64
	}{{"wheel_roll_influence", w.RollInfluence}, {"wheel_rest_length", w.RestLength}, {"suspension_max_force", w.MaxSuspensionForce}, {"brake", w.Brake}} {
		if t.v != nil {
			props = append(props, tscn.Prop{Key: t.key, Value: *t.v})
		}
	}
	if w.TargetPropulsionForceRatio != 0 {
		props = append(props, tscn.Prop{Key: "engine_force", Value: w.TargetPropulsionForceRatio * w.MaxPropulsionForce})
	}
	if w.TargetSteeringRatio != 0 {
		props = append(props, tscn.Prop{Key: "steering", Value: w.TargetSteeringRatio * w.MaxSteeringAngle})
	}
	if w.Material >= 0 && w.Material < len(e.g.Materials) {
		// Godot's tyre friction is one coefficient (omi-godot maps the
		// wheel material's friction to it); restitution does not apply.
		m := e.g.Materials[w.Material]
		props = append(props, tscn.Prop{Key: "wheel_friction_slip", Value: m.DynamicFriction})
		if m.StaticFriction != m.DynamicFriction || m.Restitution != 0 {
			e.note(convert.CodeGodotWheelMaterialDropped, convert.VehicleSubject(i), e.name(i), "a wheel has one friction (friction slip %g, the material's dynamic friction); its static friction %g and restitution %g are dropped", m.DynamicFriction, m.StaticFriction, m.Restitution)
		}
	}
	if e.v == 3 {
		return metaDict(props)
	}
	return props
}

func (e *emitter) thrusterProps(i int) []tscn.Prop {
	n := &e.g.Nodes[i]
	var props []tscn.Prop
	if t := n.Thruster; t != nil {
		props = append(props, e.meta("max_force", t.MaxForce), e.meta("max_gimbal", t.MaxGimbal),
			e.meta("force_change_rate", t.ForceChangeRate), e.meta("gimbal_change_rate", t.GimbalChangeRate),
			e.meta("linear_gimbal_adjust_ratio", t.LinearGimbalAdjustRatio), e.meta("target_force_ratio", t.TargetForceRatio),
			e.meta("target_gimbal_ratio", vec2(t.TargetGimbalRatio)))
	}
	if t := n.HoverThruster; t != nil {
		props = append(props, e.meta("max_hover_energy", t.MaxHoverEnergy), e.meta("max_gimbal", t.MaxGimbal),
			e.meta("gimbal_change_rate", t.GimbalChangeRate), e.meta("hover_energy_change_rate", t.HoverEnergyChangeRate),
			e.meta("linear_gimbal_adjust_ratio", t.LinearGimbalAdjustRatio), e.meta("target_hover_ratio", t.TargetHoverRatio),
			e.meta("target_gimbal_ratio", vec2(t.TargetGimbalRatio)))
	}
	if len(props) > 0 {
		e.note(convert.CodeGodotThrusterInert, convert.VehicleSubject(i), e.name(i), "Godot has no thruster node: the thruster is kept as metadata, and no force acts without the omi-godot thruster scripts")
	}
	if e.v == 3 {
		return metaDict(props)
	}
	return props
}

func (e *emitter) seatProps(i int) []tscn.Prop {
	s := e.g.Nodes[i].Seat
	if s == nil {
		return nil
	}
	props := []tscn.Prop{e.meta("seat_back", e.vec(s.Back)), e.meta("seat_foot", e.vec(s.Foot)),
		e.meta("seat_knee", e.vec(s.Knee)), e.meta("seat_angle", s.Angle)}
	if e.v == 3 {
		return metaDict(props)
	}
	return props
}

func vec2(v [2]float64) tscn.Value {
	return &tscn.Call{Name: "Vector2", Args: []tscn.Value{v[0], v[1]}}
}

// wheelsAtAttachment moves each wheel node from the wheel's centre at
// rest (the Graph's) up its suspension to where Godot's VehicleWheel3D
// node goes, the point it bottoms out at (wheelRest); what hangs below the
// wheel stays placed on the wheel, which Godot moves.
func (e *emitter) wheelsAtAttachment() {
	for i := range e.g.Nodes {
		if w := e.g.Nodes[i].Wheel; w != nil {
			t := &e.g.Nodes[i].Transform
			t.T = t.T.Add(t.R.Rotate(convert.Vec3{0, wheelRest(w), 0}))
		}
	}
}
