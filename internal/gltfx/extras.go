package gltfx

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/physconv/physconv/convert"
)

// ExtrasKey is the key, inside a node's glTF `extras`, under which physconv
// keeps what the glTF physics extensions cannot say but other formats can:
// robot joint properties, mimic couplings, and (KHR) vehicle data without
// an OMI source. Physics engines ignore extras; physconv reads them back,
// so a round trip through glTF loses nothing.
const ExtrasKey = "physconv"

// JointExtras are joint properties from robot formats (URDF, MJCF).
type JointExtras struct {
	Effort   float64 `json:"effort,omitempty"`
	Velocity float64 `json:"velocity,omitempty"`
	Damping  float64 `json:"damping,omitempty"`
	Friction float64 `json:"friction,omitempty"`
	Armature float64 `json:"armature,omitempty"`
	// Actuator is the joint's command interface (convert.Joint.Actuator).
	Actuator string `json:"actuator,omitempty"`
	// Axes are each axis's own damping, armature and friction, where the
	// joints the joint stands for had different ones
	// (convert.ExtraAxisParams).
	Axes map[string][3]float64 `json:"axes,omitempty"`
}

// empty reports whether x says nothing.
func (x JointExtras) empty() bool {
	return x.Effort == 0 && x.Velocity == 0 && x.Damping == 0 && x.Friction == 0 && x.Armature == 0 && x.Actuator == "" && len(x.Axes) == 0
}

// MimicExtras ties a joint node's coordinate to another joint node's:
// value = Multiplier·leader + Offset.
type MimicExtras struct {
	Leader     int     `json:"leader"`
	Multiplier float64 `json:"multiplier"`
	Offset     float64 `json:"offset"`
}

// WheelExtras is the raycast-wheel tuning OMI_vehicle_wheel has no field
// for (convert.Wheel); absent = the engine's default.
type WheelExtras struct {
	RollInfluence      *float64 `json:"rollInfluence,omitempty"`
	RestLength         *float64 `json:"restLength,omitempty"`
	MaxSuspensionForce *float64 `json:"maxSuspensionForce,omitempty"`
	Brake              *float64 `json:"brake,omitempty"`
}

// PutWheelExtras keeps each wheel's tuning that OMI cannot say in its
// node's extras.
func (d *Doc) PutWheelExtras(g *convert.Graph, diags *convert.Diagnostics) {
	for i, n := range g.Nodes {
		if w := n.Wheel; w != nil {
			if x := (WheelExtras{w.RollInfluence, w.RestLength, w.MaxSuspensionForce, w.Brake}); x != (WheelExtras{}) {
				d.PutNodeExtra(i, "wheel", x, "wheel roll influence, suspension rest length, maximum suspension force or braking force", diags)
			}
		}
	}
}

// PutNodeExtra stores v under extras.physconv.name of node i, with an info
// diagnostic saying what is kept there (why). The node's other extras stay.
func (d *Doc) PutNodeExtra(i int, name string, v any, why string, diags *convert.Diagnostics) {
	p := "nodes[" + strconv.Itoa(i) + "].extras." + ExtrasKey + "." + name
	gn := d.GLTF.Nodes[i]
	extras, _ := gn.Extras.(map[string]any)
	if extras == nil {
		if gn.Extras != nil {
			diags.Add(convert.CodeFieldDropped, convert.NodeSubject(i), p, "%s cannot be kept: the node's extras are not an object", why).Affecting(convert.QJointParam, convert.QCoupling, convert.QVehicle, convert.QMass, convert.QInertia)
			return
		}
		extras = map[string]any{}
		gn.Extras = extras
	}
	pc, _ := extras[ExtrasKey].(map[string]any)
	if pc == nil {
		pc = map[string]any{}
		extras[ExtrasKey] = pc
	}
	pc[name] = v
	diags.Add(convert.CodeKeptInExtras, convert.NodeSubject(i), p, "the glTF physics extensions have no %s; kept in the node's extras, which physics engines ignore", why)
}

// PutDocExtra keeps v under name in the document's physconv extras (the
// glTF root's extras), which engines ignore and physconv reads back.
func (d *Doc) PutDocExtra(name string, v any) {
	extras, _ := d.GLTF.Extras.(map[string]any)
	if extras == nil {
		if d.GLTF.Extras != nil {
			return // a source's extras of another kind stay as they are
		}
		extras = map[string]any{}
		d.GLTF.Extras = extras
	}
	pc, _ := extras[ExtrasKey].(map[string]any)
	if pc == nil {
		pc = map[string]any{}
		extras[ExtrasKey] = pc
	}
	pc[name] = v
}

// DocExtra returns the document's physconv extra of that name as raw
// JSON, and the JSON path of it.
func (d *Doc) DocExtra(name string) (json.RawMessage, string, bool) {
	extras, _ := d.GLTF.Extras.(map[string]any)
	pc, _ := extras[ExtrasKey].(map[string]any)
	v, ok := pc[name]
	if !ok {
		return nil, "", false
	}
	raw, err := json.Marshal(v)
	return raw, "extras." + ExtrasKey + "." + name, err == nil
}

// NodeExtras returns node i's physconv extras as raw JSON by name, sorted
// names first, and the JSON path of the object.
func (d *Doc) NodeExtras(i int) (map[string]json.RawMessage, []string, string) {
	extras, ok := d.GLTF.Nodes[i].Extras.(map[string]any)
	if !ok {
		return nil, nil, ""
	}
	pc, ok := extras[ExtrasKey].(map[string]any)
	if !ok {
		return nil, nil, ""
	}
	out := map[string]json.RawMessage{}
	var names []string
	for name, v := range pc {
		raw, err := json.Marshal(v)
		if err != nil {
			continue
		}
		out[name] = raw
		names = append(names, name)
	}
	sort.Strings(names)
	return out, names, "nodes[" + strconv.Itoa(i) + "].extras." + ExtrasKey
}

// PutRobotExtras keeps in node extras what robot formats say and the glTF
// physics extensions cannot: every joint's robot properties, the Graph's
// mimic couplings, and massless bodies (glTF has no massless body: KHR's 0
// means infinite, OMI's is undefined). Node i of g must be node i of d.
func (d *Doc) PutRobotExtras(g *convert.Graph, diags *convert.Diagnostics) {
	for i, n := range g.Nodes {
		if n.Motion.IsMassless() && n.Motion.Kind != convert.Static {
			d.PutNodeExtra(i, "massless", true, fmt.Sprintf("massless body (a stand-in of %g kg is written for other readers)", convert.NearZeroMass), diags)
		}
	}
	for i, n := range g.Nodes {
		if j := n.Joint; j != nil {
			x := JointExtras{Effort: j.Effort, Velocity: j.Velocity, Damping: j.Damping, Friction: j.Friction, Armature: j.Armature, Actuator: j.Actuator}
			x.Axes, _ = j.Extras[convert.ExtraAxisParams].(map[string][3]float64)
			if !x.empty() {
				d.PutNodeExtra(i, "joint", x, "effort/velocity caps, joint damping, friction, armature or actuator interface", diags)
			}
		}
	}
	for _, c := range g.Couplings {
		d.PutNodeExtra(c.Follower, "mimic", MimicExtras{Leader: c.Leader, Multiplier: c.Multiplier, Offset: c.Offset},
			"joint coupling (mimic)", diags)
	}
}

// axisKey reports whether key names an axis ("linear0".."angular2").
func axisKey(key string) bool {
	switch key {
	case "linear0", "linear1", "linear2", "angular0", "angular1", "angular2":
		return true
	}
	return false
}

// ReadRobotExtra restores one "joint", "mimic" or "massless" entry written
// by PutRobotExtras, or a "wheel" entry written by PutWheelExtras, onto node i of g; handled is false for other names.
// Malformed entries are errors: they are physconv's own data.
func ReadRobotExtra(g *convert.Graph, i int, name string, raw json.RawMessage, path string, diags *convert.Diagnostics) (handled bool, err error) {
	node := &g.Nodes[i]
	switch name {
	case "massless":
		var on bool
		if err := json.Unmarshal(raw, &on); err != nil {
			return true, convert.Errorf(path, "cannot read physconv massless flag: %v", err)
		}
		if on && node.Motion != nil {
			// the stand-in's centre of mass is the source's (a massless
			// frame's stated one, which a joint or a later merge may use)
			m := node.Motion
			m.Mass, m.InertiaDiagonal, m.InertiaOrientation = convert.Ptr(0.0), &convert.Vec3{}, nil
			m.MassSource, m.InertiaSource = convert.Given, convert.Given
			if m.CenterOfMass == nil {
				m.CenterOfMass, m.CenterOfMassSource = &convert.Vec3{}, convert.Given
			}
		}
		return true, nil
	case "joint":
		if node.Joint == nil {
			diags.Add(convert.CodeFieldDropped, convert.NodeSubject(i), path, "joint properties on a node without a joint are ignored").Affecting(convert.QJointParam)
			return true, nil
		}
		var x JointExtras
		if err := json.Unmarshal(raw, &x); err != nil {
			return true, convert.Errorf(path, "cannot read physconv joint data: %v", err)
		}
		for _, v := range []float64{x.Effort, x.Velocity, x.Damping, x.Friction, x.Armature} {
			if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 {
				return true, convert.Errorf(path, "joint properties must be non-negative numbers")
			}
		}
		switch x.Actuator {
		case "", convert.ActuatePosition, convert.ActuateVelocity, convert.ActuateEffort:
		default:
			return true, convert.Errorf(path+".actuator", "joint actuator must be position, velocity or effort, not %q", x.Actuator)
		}
		for key, v := range x.Axes {
			if !axisKey(key) {
				return true, convert.Errorf(path+".axes", "an axis is linear0 to angular2, not %q", key)
			}
			for _, p := range v {
				if math.IsNaN(p) || math.IsInf(p, 0) || p < 0 {
					return true, convert.Errorf(path+".axes."+key, "axis damping, armature and friction must be non-negative numbers")
				}
			}
		}
		j := node.Joint
		j.Effort, j.Velocity, j.Damping, j.Friction, j.Armature = x.Effort, x.Velocity, x.Damping, x.Friction, x.Armature
		j.Actuator = x.Actuator
		if len(x.Axes) > 0 {
			if j.Extras == nil {
				j.Extras = map[string]any{}
			}
			j.Extras[convert.ExtraAxisParams] = x.Axes
		}
		return true, nil
	case "wheel":
		var x WheelExtras
		if err := json.Unmarshal(raw, &x); err != nil {
			return true, convert.Errorf(path, "cannot read physconv wheel data: %v", err)
		}
		if node.Wheel == nil {
			diags.Add(convert.CodeFieldDropped, convert.VehicleSubject(i), path, "wheel tuning on a node without a wheel is ignored").Affecting(convert.QVehicle)
			return true, nil
		}
		for _, v := range []*float64{x.RollInfluence, x.RestLength, x.MaxSuspensionForce, x.Brake} {
			if v != nil && (math.IsNaN(*v) || math.IsInf(*v, 0) || *v < 0) {
				return true, convert.Errorf(path, "wheel tuning must be non-negative numbers")
			}
		}
		w := node.Wheel
		w.RollInfluence, w.RestLength, w.MaxSuspensionForce, w.Brake = x.RollInfluence, x.RestLength, x.MaxSuspensionForce, x.Brake
		return true, nil
	case "mimic":
		var x MimicExtras
		if err := json.Unmarshal(raw, &x); err != nil {
			return true, convert.Errorf(path, "cannot read physconv mimic data: %v", err)
		}
		if node.Joint == nil || x.Leader < 0 || x.Leader >= len(g.Nodes) || g.Nodes[x.Leader].Joint == nil || x.Leader == i {
			return true, convert.Errorf(path+".leader", "mimic must tie a joint node to another joint node (leader %d)", x.Leader)
		}
		g.Couplings = append(g.Couplings, convert.Coupling{Follower: i, Leader: x.Leader, Multiplier: x.Multiplier, Offset: x.Offset})
		return true, nil
	}
	return false, nil
}
