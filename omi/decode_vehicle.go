package omi

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// floatField is one optional number: its current key, the keys older
// revisions used for it, and whether it must be positive or non-negative.
type floatField struct {
	key     string
	legacy  []string
	dst     **float64
	min     float64
	minOpen bool // true: value must be > min; false: >= min
	noMin   bool
}

// readFloats reads optional numbers, taking a legacy key when the current
// one is absent and noting each legacy spelling met.
func readFloats(v gltfx.Value, fields []floatField, diags *convert.Diagnostics) error {
	for _, f := range fields {
		key := f.key
		if !v.Has(key) {
			for _, old := range f.legacy {
				if v.Has(old) {
					key = old
					diags.Add(convert.CodeLegacyForm, convert.DocumentSubject(), v.Get(old).Path(), "read the pre-2026 key %q as %q", old, f.key)
					break
				}
			}
		}
		x, err := v.OptFloat(key)
		if err != nil {
			return err
		}
		if x != nil && !f.noMin && (*x < f.min || f.minOpen && *x == f.min) {
			rel := ">="
			if f.minOpen {
				rel = ">"
			}
			return v.Errorf(key, "must be %s %v, not %v", rel, f.min, *x)
		}
		*f.dst = x
	}
	return nil
}

// decodeVehicle reads a node's OMI_vehicle_body.
func decodeVehicle(v gltfx.Value, n counts) (*rawVehicle, error) {
	if !v.IsObject() {
		return nil, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	r := &rawVehicle{}
	var err error
	if r.AngularActivation, err = optVec3(v, "angularActivation"); err != nil {
		return nil, err
	}
	if r.LinearActivation, err = optVec3(v, "linearActivation"); err != nil {
		return nil, err
	}
	if r.GyroTorque, err = optVec3(v, "gyroTorque"); err != nil {
		return nil, err
	}
	if r.MaxSpeed, err = v.OptFloat("maxSpeed"); err != nil {
		return nil, err
	}
	if r.PilotSeat, err = v.Index("pilotSeat", n.nodes, "nodes"); err != nil {
		return nil, err
	}
	for _, p := range []struct {
		key string
		dst **bool
	}{{"angularDampeners", &r.AngularDampeners}, {"linearDampeners", &r.LinearDampeners}, {"useThrottle", &r.UseThrottle}} {
		if v.Has(p.key) {
			b, err := v.Bool(p.key, false)
			if err != nil {
				return nil, err
			}
			*p.dst = &b
		}
	}
	return r, nil
}

// decodeWheels reads /extensions/OMI_vehicle_wheel.wheels.
func decodeWheels(v gltfx.Value, n counts, diags *convert.Diagnostics) ([]rawWheel, error) {
	return decodeObjects(v, "wheels", func(it gltfx.Value, w *rawWheel) error {
		var err error
		if w.Name, err = it.String("name", ""); err != nil {
			return err
		}
		if w.PhysicsMaterial, err = it.Index("physicsMaterial", n.materials, "physicsMaterials"); err != nil {
			return err
		}
		err = readFloats(it, []floatField{
			{key: "brakingForce", dst: &w.BrakingForce, noMin: true},
			{key: "maxPropulsionForce", legacy: []string{"maxForce"}, dst: &w.MaxPropulsionForce},
			{key: "maxSteeringAngle", dst: &w.MaxSteeringAngle},
			{key: "propulsionForceChangeRate", dst: &w.PropulsionForceChangeRate, noMin: true},
			{key: "radius", dst: &w.Radius, minOpen: true},
			{key: "steeringChangeRate", dst: &w.SteeringChangeRate, noMin: true},
			{key: "suspensionDampingCompression", dst: &w.SuspensionDampingCompression, minOpen: true},
			{key: "suspensionDampingRebound", dst: &w.SuspensionDampingRebound, minOpen: true},
			{key: "suspensionStiffness", dst: &w.SuspensionStiffness, minOpen: true},
			{key: "suspensionTravel", dst: &w.SuspensionTravel},
			{key: "targetPropulsionForceRatio", legacy: []string{"currentForceRatio"}, dst: &w.TargetPropulsionForceRatio, noMin: true},
			{key: "targetSteeringRatio", legacy: []string{"currentSteeringRatio"}, dst: &w.TargetSteeringRatio, noMin: true},
			{key: "width", dst: &w.Width, minOpen: true},
		}, diags)
		if err != nil {
			return err
		}
		return nil
	})
}

// decodeThrusters reads /extensions/OMI_vehicle_thruster.thrusters.
func decodeThrusters(v gltfx.Value, diags *convert.Diagnostics) ([]rawThruster, error) {
	return decodeObjects(v, "thrusters", func(it gltfx.Value, t *rawThruster) error {
		var err error
		if t.Name, err = it.String("name", ""); err != nil {
			return err
		}
		err = readFloats(it, []floatField{
			{key: "maxForce", dst: &t.MaxForce},
			{key: "maxGimbal", dst: &t.MaxGimbal},
			{key: "forceChangeRate", dst: &t.ForceChangeRate, noMin: true},
			{key: "gimbalChangeRate", dst: &t.GimbalChangeRate, noMin: true},
			{key: "linearGimbalAdjustRatio", dst: &t.LinearGimbalAdjustRatio},
			{key: "targetForceRatio", legacy: []string{"currentForceRatio"}, dst: &t.TargetForceRatio},
		}, diags)
		if err != nil {
			return err
		}
		if t.MaxForce == nil {
			return it.Errorf("maxForce", "is required")
		}
		if t.TargetGimbalRatio, err = gimbalRatio(it, diags); err != nil {
			return err
		}
		return nil
	})
}

// decodeHoverThrusters reads
// /extensions/OMI_vehicle_hover_thruster.hoverThrusters.
func decodeHoverThrusters(v gltfx.Value, diags *convert.Diagnostics) ([]rawHoverThruster, error) {
	return decodeObjects(v, "hoverThrusters", func(it gltfx.Value, t *rawHoverThruster) error {
		var err error
		if t.Name, err = it.String("name", ""); err != nil {
			return err
		}
		err = readFloats(it, []floatField{
			{key: "maxHoverEnergy", dst: &t.MaxHoverEnergy},
			{key: "maxGimbal", dst: &t.MaxGimbal},
			{key: "gimbalChangeRate", dst: &t.GimbalChangeRate, noMin: true},
			{key: "hoverEnergyChangeRate", dst: &t.HoverEnergyChangeRate, noMin: true},
			{key: "linearGimbalAdjustRatio", dst: &t.LinearGimbalAdjustRatio},
			{key: "targetHoverRatio", legacy: []string{"currentForceRatio"}, dst: &t.TargetHoverRatio},
		}, diags)
		if err != nil {
			return err
		}
		if t.MaxHoverEnergy == nil {
			return it.Errorf("maxHoverEnergy", "is required")
		}
		if t.TargetGimbalRatio, err = gimbalRatio(it, diags); err != nil {
			return err
		}
		return nil
	})
}

// gimbalRatio reads targetGimbalRatio (legacy currentGimbalRatio).
func gimbalRatio(v gltfx.Value, diags *convert.Diagnostics) (*[2]float64, error) {
	key := "targetGimbalRatio"
	if !v.Has(key) && v.Has("currentGimbalRatio") {
		key = "currentGimbalRatio"
		diags.Add(convert.CodeLegacyForm, convert.DocumentSubject(), v.Get(key).Path(), "read the pre-2026 key %q as %q", key, "targetGimbalRatio")
	}
	f, err := v.Floats(key)
	if err != nil || f == nil {
		return nil, err
	}
	if len(f) != 2 {
		return nil, v.Errorf(key, "must have 2 numbers, not %d", len(f))
	}
	return &[2]float64{f[0], f[1]}, nil
}

// decodeSeat reads a node's OMI_seat.
func decodeSeat(v gltfx.Value) (*rawSeat, error) {
	if !v.IsObject() {
		return nil, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	s := &rawSeat{}
	for _, p := range []struct {
		key string
		dst *[3]float64
	}{{"back", &s.Back}, {"foot", &s.Foot}, {"knee", &s.Knee}} {
		x, err := optVec3(v, p.key)
		if err != nil {
			return nil, err
		}
		if x == nil {
			return nil, v.Errorf(p.key, "is required")
		}
		*p.dst = *x
	}
	var err error
	if s.Angle, err = v.OptFloat("angle"); err != nil {
		return nil, err
	}
	return s, nil
}

// decodeSpawnPoint reads a node's OMI_spawn_point.
func decodeSpawnPoint(v gltfx.Value) (*rawSpawnPoint, error) {
	if !v.IsObject() {
		return nil, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	s := &rawSpawnPoint{}
	var err error
	if s.Title, err = v.String("title", ""); err != nil {
		return nil, err
	}
	if s.Team, err = v.String("team", ""); err != nil {
		return nil, err
	}
	if s.Group, err = v.String("group", ""); err != nil {
		return nil, err
	}
	return s, nil
}

// requiredArray reads an array member that must be present.
// decodeObjects reads the required array key of v, each item an object
// decoded by each into its element.
func decodeObjects[T any](v gltfx.Value, key string, each func(it gltfx.Value, t *T) error) ([]T, error) {
	items, err := requiredArray(v, key)
	if err != nil {
		return nil, err
	}
	out := make([]T, len(items))
	for i, it := range items {
		if !it.IsObject() {
			return nil, it.Errorf("", "must be an object, not %s", it.Kind())
		}
		if err := each(it, &out[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
}

func requiredArray(v gltfx.Value, key string) ([]gltfx.Value, error) {
	if !v.IsObject() {
		return nil, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	items, err := v.Array(key)
	if err != nil {
		return nil, err
	}
	if items == nil {
		return nil, v.Errorf(key, "is required")
	}
	return items, nil
}
