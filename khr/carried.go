package khr

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// decodeCarried gives the Graph the vehicle, wheel, thruster, seat and
// spawn-point attributes of the OMI extensions a KHR file carries, so
// other targets write them too (before, they vanished there); the raw
// JSON stays for a KHR round trip. The OMI objects' keys are the Graph's
// field names (JSON matching ignores case). An entry that cannot be read
// is left out with a diagnostic.
func (p *parser) decodeCarried() {
	doc, _ := p.g.Extras[CarriedKey].(map[string]json.RawMessage)
	lists := map[string][]json.RawMessage{}
	for name, key := range map[string]string{gltfx.OMIVehicleWheel: "wheels", gltfx.OMIVehicleThruster: "thrusters", gltfx.OMIVehicleHoverThruster: "hoverThrusters"} {
		var l map[string][]json.RawMessage
		if raw := doc[name]; raw != nil && json.Unmarshal(raw, &l) == nil {
			lists[name] = l[key]
		}
	}
	for i := range p.g.Nodes {
		n := &p.g.Nodes[i]
		carried, _ := n.Extras[CarriedKey].(map[string]json.RawMessage)
		for _, name := range carriedNames {
			raw := carried[name]
			if raw == nil {
				continue
			}
			at := fmt.Sprintf("%s.extensions.%s", p.file.Paths[i], name)
			if err := p.decodeOne(n, name, raw, lists); err != nil {
				p.diags.Add(convert.CodeFieldDropped, convert.VehicleSubject(i), at, "%s cannot be read (%v); it is kept for KHR output only", name, err).Affecting(convert.QVehicle)
			}
		}
		if v := n.Vehicle; v != nil && (v.PilotSeat < -1 || v.PilotSeat >= len(p.g.Nodes)) {
			v.PilotSeat = -1
		}
	}
}

// decodeOne reads one carried extension onto node n.
func (p *parser) decodeOne(n *convert.Node, name string, raw json.RawMessage, lists map[string][]json.RawMessage) error {
	// a node's wheel, thruster or hover thruster is an index into the
	// document-level list
	item := func(key string) (json.RawMessage, error) {
		var ref map[string]int
		if err := json.Unmarshal(raw, &ref); err != nil {
			return nil, err
		}
		k, ok := ref[key]
		if l := lists[name]; !ok || k < 0 || k >= len(l) {
			return nil, fmt.Errorf("%s %d is not in the document's list", key, k)
		}
		return withCurrentKeys(lists[name][k], legacyKeys[name]), nil
	}
	switch name {
	case gltfx.OMIVehicleBody:
		v := convert.DefaultVehicle()
		if err := json.Unmarshal(raw, &v); err != nil {
			return err
		}
		n.Vehicle = &v
	case gltfx.OMIVehicleWheel:
		r, err := item("wheel")
		if err != nil {
			return err
		}
		w := convert.DefaultWheel()
		if err := json.Unmarshal(r, &w); err != nil {
			return err
		}
		// physconv's KHR output lists the Graph's materials in order, as
		// its OMI output does, so the index names the same material
		var m struct{ PhysicsMaterial *int }
		w.Material = -1
		if json.Unmarshal(r, &m) == nil && m.PhysicsMaterial != nil && *m.PhysicsMaterial >= 0 && *m.PhysicsMaterial < len(p.g.Materials) {
			w.Material = *m.PhysicsMaterial
		}
		if !(w.Radius > 0) || !(w.Width > 0) || math.IsInf(w.Radius, 0) || math.IsInf(w.Width, 0) {
			return fmt.Errorf("radius %g and width %g must be positive", w.Radius, w.Width)
		}
		n.Wheel = &w
	case gltfx.OMIVehicleThruster:
		r, err := item("thruster")
		if err != nil {
			return err
		}
		t := convert.DefaultThruster()
		if err := json.Unmarshal(r, &t); err != nil {
			return err
		}
		n.Thruster = &t
	case gltfx.OMIVehicleHoverThruster:
		r, err := item("hoverThruster")
		if err != nil {
			return err
		}
		t := convert.DefaultHoverThruster()
		if err := json.Unmarshal(r, &t); err != nil {
			return err
		}
		n.HoverThruster = &t
	case gltfx.OMISeat:
		s := convert.Seat{Angle: math.Pi / 2}
		if err := json.Unmarshal(raw, &s); err != nil {
			return err
		}
		n.Seat = &s
	case gltfx.OMISpawnPoint:
		s := convert.SpawnPoint{}
		if err := json.Unmarshal(raw, &s); err != nil {
			return err
		}
		n.SpawnPoint = &s
	}
	return nil
}

// legacyKeys are the pre-2026 OMI keys of the listed objects (old → current).
var legacyKeys = map[string]map[string]string{
	gltfx.OMIVehicleWheel: {"maxForce": "maxPropulsionForce", "currentForceRatio": "targetPropulsionForceRatio",
		"currentSteeringRatio": "targetSteeringRatio"},
	gltfx.OMIVehicleThruster:      {"currentForceRatio": "targetForceRatio", "currentGimbalRatio": "targetGimbalRatio"},
	gltfx.OMIVehicleHoverThruster: {"currentForceRatio": "targetHoverRatio", "currentGimbalRatio": "targetGimbalRatio"},
}

// withCurrentKeys spells an object's legacy keys the current way where the
// current key is absent.
func withCurrentKeys(raw json.RawMessage, legacy map[string]string) json.RawMessage {
	var m map[string]json.RawMessage
	if len(legacy) == 0 || json.Unmarshal(raw, &m) != nil {
		return raw
	}
	for old, cur := range legacy {
		if v, ok := m[old]; ok {
			if _, has := m[cur]; !has {
				m[cur] = v
			}
			delete(m, old)
		}
	}
	out, err := json.Marshal(m)
	if err != nil {
		return raw
	}
	return out
}
