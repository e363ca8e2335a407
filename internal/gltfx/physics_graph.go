package gltfx

import (
	"math"

	"github.com/physconv/physconv/convert"
)

// Mapping of the shared physics objects (physics.go) to and from the
// Graph, with the schema defaults applied on the way in and left out on
// the way out.

// ParseMaterial applies the schema defaults. Absent combine modes stay ""
// (not given): OMI's README default is "average", which is also what KHR
// exporters mean by omitting them.
func ParseMaterial(m PhysicsMaterial) convert.Material {
	out := convert.DefaultMaterial()
	out.Name = m.Name
	out.StaticFriction = valueOr(m.StaticFriction, out.StaticFriction)
	out.DynamicFriction = valueOr(m.DynamicFriction, out.DynamicFriction)
	out.Restitution = valueOr(m.Restitution, out.Restitution)
	out.FrictionCombine, out.RestitutionCombine = m.FrictionCombine, m.RestitutionCombine
	return out
}

// EmitMaterial writes every value, so no reader's default is relied on.
func EmitMaterial(m convert.Material) PhysicsMaterial {
	return PhysicsMaterial{Name: m.Name, StaticFriction: convert.Ptr(m.StaticFriction),
		DynamicFriction: convert.Ptr(m.DynamicFriction), Restitution: convert.Ptr(m.Restitution),
		FrictionCombine: m.FrictionCombine, RestitutionCombine: m.RestitutionCombine}
}

// ParseFilter maps a filter one to one.
func ParseFilter(f CollisionFilter) convert.Filter {
	return convert.Filter{Name: f.Name, Systems: f.CollisionSystems,
		CollideWith: f.CollideWithSystems, NotCollideWith: f.NotCollideWithSystems}
}

// EmitFilter maps a filter one to one.
func EmitFilter(f convert.Filter) CollisionFilter {
	return CollisionFilter{Name: f.Name, CollisionSystems: f.Systems,
		CollideWithSystems: f.CollideWith, NotCollideWithSystems: f.NotCollideWith}
}

// ParseLimit applies the defaults: unbounded, hard, undamped. A negative
// stiffness is copied as read; a format that accepts one decides what it
// means.
func ParseLimit(l JointLimit) convert.Limit {
	return convert.Limit{Linear: append([]int(nil), l.LinearAxes...), Angular: append([]int(nil), l.AngularAxes...),
		Min: valueOr(l.Min, math.Inf(-1)), Max: valueOr(l.Max, math.Inf(1)),
		Stiffness: valueOr(l.Stiffness, math.Inf(1)), Damping: valueOr(l.Damping, 0)}
}

// EmitLimit leaves out the values that equal the defaults.
func EmitLimit(l convert.Limit) JointLimit {
	out := JointLimit{LinearAxes: l.Linear, AngularAxes: l.Angular}
	if !math.IsInf(l.Min, -1) {
		out.Min = convert.Ptr(l.Min)
	}
	if !math.IsInf(l.Max, 1) {
		out.Max = convert.Ptr(l.Max)
	}
	if !math.IsInf(l.Stiffness, 1) {
		out.Stiffness = convert.Ptr(l.Stiffness)
	}
	if l.Damping != 0 {
		out.Damping = convert.Ptr(l.Damping)
	}
	return out
}

// ParseDrive applies the defaults; a negative maxForce (accepted only
// under NegativeMeansAbsent) is not force-limited.
func ParseDrive(d JointDrive) convert.Drive {
	out := convert.Drive{Type: d.Type, Mode: d.Mode, Axis: d.Axis, MaxForce: math.Inf(1),
		PositionTarget: d.PositionTarget, VelocityTarget: d.VelocityTarget,
		Stiffness: valueOr(d.Stiffness, 0), Damping: valueOr(d.Damping, 0)}
	if d.MaxForce != nil && *d.MaxForce >= 0 {
		out.MaxForce = *d.MaxForce
	}
	return out
}

// EmitDrive leaves out the values that equal the defaults.
func EmitDrive(d convert.Drive) JointDrive {
	out := JointDrive{Type: d.Type, Mode: d.Mode, Axis: d.Axis,
		PositionTarget: d.PositionTarget, VelocityTarget: d.VelocityTarget}
	if !math.IsInf(d.MaxForce, 1) {
		out.MaxForce = convert.Ptr(d.MaxForce)
	}
	if d.Stiffness != 0 {
		out.Stiffness = convert.Ptr(d.Stiffness)
	}
	if d.Damping != 0 {
		out.Damping = convert.Ptr(d.Damping)
	}
	return out
}

func valueOr(p *float64, def float64) float64 {
	if p == nil {
		return def
	}
	return *p
}
