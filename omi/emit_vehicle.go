package omi

import (
	"encoding/json"

	"github.com/physconv/physconv/convert"
)

// emitVehicles writes OMI_vehicle_body, the wheel/thruster/hover thruster
// arrays (identical settings shared), OMI_seat and OMI_spawn_point.
func (e *emitter) emitVehicles() error {
	wheels := sharedList[jsonWheel]{}
	thrusters := sharedList[jsonThruster]{}
	hovers := sharedList[jsonHoverThruster]{}
	for i := range e.g.Nodes {
		n := &e.g.Nodes[i]
		if v := n.Vehicle; v != nil {
			jv := jsonVehicle{PilotSeat: optIndex(v.PilotSeat), AngularDampeners: v.AngularDampeners,
				LinearDampeners: v.LinearDampeners, UseThrottle: v.UseThrottle}
			if v.AngularActivation != (convert.Vec3{}) {
				jv.AngularActivation = ptr([3]float64(v.AngularActivation))
			}
			if v.LinearActivation != (convert.Vec3{}) {
				jv.LinearActivation = ptr([3]float64(v.LinearActivation))
			}
			if v.GyroTorque != (convert.Vec3{}) {
				jv.GyroTorque = ptr([3]float64(v.GyroTorque))
			}
			if v.MaxSpeed != -1 {
				jv.MaxSpeed = ptr(v.MaxSpeed)
			}
			if err := e.doc.SetNodeExtension(i, extVehicle, jv); err != nil {
				return err
			}
		}
		if w := n.Wheel; w != nil {
			k := wheels.add(jsonWheel{Name: w.Name, BrakingForce: w.BrakingForce, MaxPropulsionForce: w.MaxPropulsionForce,
				MaxSteeringAngle: w.MaxSteeringAngle, PhysicsMaterial: optIndex(w.Material),
				PropulsionForceChangeRate: w.PropulsionForceChangeRate, Radius: w.Radius, SteeringChangeRate: w.SteeringChangeRate,
				SuspensionDampingCompression: w.SuspensionDampingCompression, SuspensionDampingRebound: w.SuspensionDampingRebound,
				SuspensionStiffness: w.SuspensionStiffness, SuspensionTravel: w.SuspensionTravel,
				TargetPropulsionForceRatio: w.TargetPropulsionForceRatio, TargetSteeringRatio: w.TargetSteeringRatio, Width: w.Width})
			if err := e.doc.SetNodeExtension(i, extWheel, map[string]int{"wheel": k}); err != nil {
				return err
			}
		}
		if t := n.Thruster; t != nil {
			k := thrusters.add(jsonThruster{Name: t.Name, MaxForce: t.MaxForce, MaxGimbal: t.MaxGimbal,
				ForceChangeRate: t.ForceChangeRate, GimbalChangeRate: t.GimbalChangeRate,
				LinearGimbalAdjustRatio: t.LinearGimbalAdjustRatio, TargetForceRatio: t.TargetForceRatio,
				TargetGimbalRatio: t.TargetGimbalRatio})
			if err := e.doc.SetNodeExtension(i, extThruster, map[string]int{"thruster": k}); err != nil {
				return err
			}
		}
		if t := n.HoverThruster; t != nil {
			k := hovers.add(jsonHoverThruster{Name: t.Name, MaxHoverEnergy: t.MaxHoverEnergy, MaxGimbal: t.MaxGimbal,
				GimbalChangeRate: t.GimbalChangeRate, HoverEnergyChangeRate: t.HoverEnergyChangeRate,
				LinearGimbalAdjustRatio: t.LinearGimbalAdjustRatio, TargetHoverRatio: t.TargetHoverRatio,
				TargetGimbalRatio: t.TargetGimbalRatio})
			if err := e.doc.SetNodeExtension(i, extHoverThruster, map[string]int{"hoverThruster": k}); err != nil {
				return err
			}
		}
		if s := n.Seat; s != nil {
			js := jsonSeat{Back: [3]float64(s.Back), Foot: [3]float64(s.Foot), Knee: [3]float64(s.Knee), Angle: s.Angle}
			if err := e.doc.SetNodeExtension(i, extSeat, js); err != nil {
				return err
			}
		}
		if s := n.SpawnPoint; s != nil {
			js := jsonSpawnPoint{Title: s.Title, Team: s.Team, Group: s.Group}
			if err := e.doc.SetNodeExtension(i, extSpawnPoint, js); err != nil {
				return err
			}
		}
	}
	for _, list := range []struct {
		ext, key string
		items    any
		n        int
	}{{extWheel, "wheels", wheels.items, len(wheels.items)}, {extThruster, "thrusters", thrusters.items, len(thrusters.items)},
		{extHoverThruster, "hoverThrusters", hovers.items, len(hovers.items)}} {
		if list.n > 0 {
			if err := e.doc.SetDocExtension(list.ext, map[string]any{list.key: list.items}); err != nil {
				return err
			}
		}
	}
	return nil
}

// sharedList collects document-level settings, sharing identical entries
// the way OMI files reference one wheel definition from several nodes.
type sharedList[T any] struct {
	items []T
	seen  map[string]int
}

func (l *sharedList[T]) add(v T) int {
	key, _ := json.Marshal(v)
	if k, ok := l.seen[string(key)]; ok {
		return k
	}
	if l.seen == nil {
		l.seen = map[string]int{}
	}
	l.seen[string(key)] = len(l.items)
	l.items = append(l.items, v)
	return len(l.items) - 1
}
