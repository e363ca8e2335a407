package khr

import (
	"encoding/json"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// readExtras restores what the emitter kept in node extras (gltfx.ExtrasKey):
// joint properties, mimic couplings and vehicle data without an OMI source.
func (p *parser) readExtras() error {
	for i := range p.doc.GLTF.Nodes {
		extras, names, path := p.doc.NodeExtras(i)
		for _, name := range names {
			raw, at := extras[name], path+"."+name
			handled, err := gltfx.ReadRobotExtra(p.g, i, name, raw, at, p.diags)
			if err != nil {
				return err
			}
			if !handled {
				if err := p.readVehicleExtra(&p.g.Nodes[i], name, raw, at); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// readVehicleExtra reads a vehicle attribute the emitter's extrasFallback
// wrote as the Graph's own JSON.
func (p *parser) readVehicleExtra(node *convert.Node, name string, raw json.RawMessage, path string) error {
	var v any
	switch name {
	case gltfx.OMIVehicleBody:
		node.Vehicle = new(convert.Vehicle)
		v = node.Vehicle
	case gltfx.OMIVehicleWheel:
		node.Wheel = new(convert.Wheel)
		v = node.Wheel
	case gltfx.OMIVehicleThruster:
		node.Thruster = new(convert.Thruster)
		v = node.Thruster
	case gltfx.OMIVehicleHoverThruster:
		node.HoverThruster = new(convert.HoverThruster)
		v = node.HoverThruster
	case gltfx.OMISeat:
		node.Seat = new(convert.Seat)
		v = node.Seat
	case gltfx.OMISpawnPoint:
		node.SpawnPoint = new(convert.SpawnPoint)
		v = node.SpawnPoint
	default:
		p.diags.Infof("field-dropped", path, "unknown physconv data %q ignored", name)
		return nil
	}
	if err := json.Unmarshal(raw, v); err != nil {
		return convert.Errorf(path, "cannot read physconv %s data: %v", name, err)
	}
	return nil
}
