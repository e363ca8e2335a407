package omi

import (
	"math"

	"github.com/physconv/physconv/convert"
)

// Defaults of the OMI vehicle extensions (2026-02 revision).
const (
	defaultSeatAngle        = math.Pi / 2
	defaultGimbalChangeRate = 1.0
	defaultHoverGimbalRatio = 0.5 // hover thruster linearGimbalAdjustRatio
)

func defaultVehicle() *convert.Vehicle {
	v := convert.DefaultVehicle()
	return &v
}

// vehicle maps OMI_vehicle_body, the wheel/thruster references, OMI_seat
// and OMI_spawn_point of node i.
func (p *parser) vehicle(i int) {
	rn := p.raw.Nodes[i]
	n := &p.g.Nodes[i]
	if v := rn.Vehicle; v != nil {
		out := defaultVehicle()
		if v.AngularActivation != nil {
			out.AngularActivation = *v.AngularActivation
		}
		if v.LinearActivation != nil {
			out.LinearActivation = *v.LinearActivation
		}
		if v.GyroTorque != nil {
			out.GyroTorque = *v.GyroTorque
		}
		out.MaxSpeed = orDefault(v.MaxSpeed, -1)
		out.PilotSeat = v.PilotSeat
		out.AngularDampeners = boolOr(v.AngularDampeners, true)
		out.LinearDampeners = boolOr(v.LinearDampeners, true)
		out.UseThrottle = boolOr(v.UseThrottle, false)
		n.Vehicle = out
		if n.Motion == nil || n.Motion.Kind != convert.Dynamic {
			p.diags.Add(convert.CodeVehicleNotDynamic, convert.VehicleSubject(i), nodePath(i, extVehicle), "OMI_vehicle_body belongs on a node with a dynamic motion")
		}
	}
	if rn.Wheel >= 0 {
		w := p.raw.Wheels[rn.Wheel]
		out := convert.DefaultWheel()
		out.Name = w.Name
		out.BrakingForce = orDefault(w.BrakingForce, out.BrakingForce)
		out.MaxPropulsionForce = orDefault(w.MaxPropulsionForce, out.MaxPropulsionForce)
		out.MaxSteeringAngle = orDefault(w.MaxSteeringAngle, out.MaxSteeringAngle)
		out.Material = w.PhysicsMaterial
		out.PropulsionForceChangeRate = orDefault(w.PropulsionForceChangeRate, out.PropulsionForceChangeRate)
		out.Radius = orDefault(w.Radius, out.Radius)
		out.SteeringChangeRate = orDefault(w.SteeringChangeRate, out.SteeringChangeRate)
		out.SuspensionDampingCompression = orDefault(w.SuspensionDampingCompression, out.SuspensionDampingCompression)
		out.SuspensionDampingRebound = orDefault(w.SuspensionDampingRebound, out.SuspensionDampingRebound)
		out.SuspensionStiffness = orDefault(w.SuspensionStiffness, out.SuspensionStiffness)
		out.SuspensionTravel = orDefault(w.SuspensionTravel, out.SuspensionTravel)
		out.TargetPropulsionForceRatio = orDefault(w.TargetPropulsionForceRatio, 0)
		out.TargetSteeringRatio = orDefault(w.TargetSteeringRatio, 0)
		out.Width = orDefault(w.Width, out.Width)
		n.Wheel = &out
	}
	if rn.Thruster >= 0 {
		t := p.raw.Thrusters[rn.Thruster]
		n.Thruster = &convert.Thruster{Name: t.Name, MaxForce: *t.MaxForce,
			MaxGimbal:               orDefault(t.MaxGimbal, 0),
			ForceChangeRate:         orDefault(t.ForceChangeRate, -1),
			GimbalChangeRate:        orDefault(t.GimbalChangeRate, defaultGimbalChangeRate),
			LinearGimbalAdjustRatio: orDefault(t.LinearGimbalAdjustRatio, 0),
			TargetForceRatio:        orDefault(t.TargetForceRatio, 0),
		}
		if t.TargetGimbalRatio != nil {
			n.Thruster.TargetGimbalRatio = *t.TargetGimbalRatio
		}
	}
	if rn.HoverThruster >= 0 {
		t := p.raw.HoverThrusters[rn.HoverThruster]
		n.HoverThruster = &convert.HoverThruster{Name: t.Name, MaxHoverEnergy: *t.MaxHoverEnergy,
			MaxGimbal:               orDefault(t.MaxGimbal, 0),
			GimbalChangeRate:        orDefault(t.GimbalChangeRate, defaultGimbalChangeRate),
			HoverEnergyChangeRate:   orDefault(t.HoverEnergyChangeRate, -1),
			LinearGimbalAdjustRatio: orDefault(t.LinearGimbalAdjustRatio, defaultHoverGimbalRatio),
			TargetHoverRatio:        orDefault(t.TargetHoverRatio, 0),
		}
		if t.TargetGimbalRatio != nil {
			n.HoverThruster.TargetGimbalRatio = *t.TargetGimbalRatio
		}
	}
	if s := rn.Seat; s != nil {
		n.Seat = &convert.Seat{Back: s.Back, Foot: s.Foot, Knee: s.Knee, Angle: orDefault(s.Angle, defaultSeatAngle)}
	}
	if s := rn.SpawnPoint; s != nil {
		n.SpawnPoint = &convert.SpawnPoint{Title: s.Title, Team: s.Team, Group: s.Group}
	}
}

func boolOr(b *bool, def bool) bool {
	if b == nil {
		return def
	}
	return *b
}
