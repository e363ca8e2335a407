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

// vehicleAttr reaches one Graph vehicle attribute of a node: get returns
// it (nil when absent), create makes a new one and returns it.
type vehicleAttr struct {
	get    func(n *convert.Node) any
	create func(n *convert.Node) any
}

// vehicleAttrs are the attributes KHR carries as OMI extensions, or in
// extras when there is no OMI JSON to copy, by extension name.
var vehicleAttrs = map[string]vehicleAttr{
	gltfx.OMIVehicleBody: {
		func(n *convert.Node) any { return nilIfNone(n.Vehicle) },
		func(n *convert.Node) any { n.Vehicle = new(convert.Vehicle); return n.Vehicle }},
	gltfx.OMIVehicleWheel: {
		func(n *convert.Node) any { return nilIfNone(n.Wheel) },
		func(n *convert.Node) any { n.Wheel = new(convert.Wheel); return n.Wheel }},
	gltfx.OMIVehicleThruster: {
		func(n *convert.Node) any { return nilIfNone(n.Thruster) },
		func(n *convert.Node) any { n.Thruster = new(convert.Thruster); return n.Thruster }},
	gltfx.OMIVehicleHoverThruster: {
		func(n *convert.Node) any { return nilIfNone(n.HoverThruster) },
		func(n *convert.Node) any { n.HoverThruster = new(convert.HoverThruster); return n.HoverThruster }},
	gltfx.OMISeat: {
		func(n *convert.Node) any { return nilIfNone(n.Seat) },
		func(n *convert.Node) any { n.Seat = new(convert.Seat); return n.Seat }},
	gltfx.OMISpawnPoint: {
		func(n *convert.Node) any { return nilIfNone(n.SpawnPoint) },
		func(n *convert.Node) any { n.SpawnPoint = new(convert.SpawnPoint); return n.SpawnPoint }},
}

// nilIfNone turns a nil pointer into a nil interface.
func nilIfNone[T any](p *T) any {
	if p == nil {
		return nil
	}
	return p
}

// readVehicleExtra reads a vehicle attribute the emitter's extrasFallback
// wrote as the Graph's own JSON.
func (p *parser) readVehicleExtra(node *convert.Node, name string, raw json.RawMessage, path string) error {
	attr, ok := vehicleAttrs[name]
	if !ok {
		p.diags.Add(convert.CodeFieldDropped, convert.SourceSubject(-1), path, "unknown physconv data %q ignored", name).WithSeverity(convert.Info)
		return nil
	}
	if err := json.Unmarshal(raw, attr.create(node)); err != nil {
		return convert.Errorf(path, "cannot read physconv %s data: %v", name, err)
	}
	return nil
}
