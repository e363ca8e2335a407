package lower

import (
	"fmt"
	"math"

	"github.com/physconv/physconv/convert"
)

// Where the target has no vehicles but has joints (URDF, MJCF), a wheel
// on a dynamic body becomes what moves like it: a wheel body (a solid
// cylinder, axle = the wheel's X) on a spin hinge below a suspension
// carrier that slides along the wheel's Y against a spring with the
// wheel's stiffness, damping (the mean of compression and rebound) and
// travel (±). A raycast wheel has no mass, so the wheel takes
// wheelMassShare of its vehicle's mass and the carrier a tenth of that.
// Steering, propulsion and braking have no joint form here and are
// dropped with the raycast tuning (one diagnostic per wheel).
const wheelMassShare = 0.02

// jointWheels replaces each wheel on a dynamic body; wheels without one are
// left for vehicle() to drop.
func (l *lowerer) jointWheels() {
	g := l.g
	n := len(g.Nodes)
	for i := 0; i < n; i++ {
		w := g.Nodes[i].Wheel
		parent := g.Nodes[i].Parent
		if w == nil || parent < 0 || g.Nodes[i].Motion != nil {
			continue
		}
		vehicle := g.BodyOf(parent)
		if vehicle < 0 || g.Nodes[vehicle].Motion.Kind != convert.Dynamic {
			continue
		}
		l.jointWheel(i, parent, *w, vehicleMass(g.Nodes[vehicle].Motion))
	}
}

func vehicleMass(m *convert.Motion) float64 {
	if m.Mass != nil && *m.Mass > 0 && !math.IsInf(*m.Mass, 0) {
		return *m.Mass
	}
	return 1
}

func (l *lowerer) jointWheel(i, parent int, w convert.Wheel, vehicleMass float64) {
	g := l.g
	name := g.Nodes[i].Name
	at := g.Nodes[i].Transform
	inf := math.Inf(1)
	mw := wheelMassShare * vehicleMass
	ms := mw / 10
	r, width := w.Radius, w.Width
	cyl := convert.Vec3{mw * r * r / 2, mw * (3*r*r + width*width) / 12, mw * (3*r*r + width*width) / 12}
	body := func(m float64, inertia convert.Vec3) *convert.Motion {
		return &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(m), CenterOfMass: &convert.Vec3{}, InertiaDiagonal: &inertia,
			GravityFactor: 1, MassSource: convert.Default, CenterOfMassSource: convert.Default, InertiaSource: convert.Default}
	}
	carrier := g.AddNode(convert.Node{Name: name + "_carrier", Transform: at, Extras: map[string]any{},
		Motion: body(ms, cyl.Scale(0.1))}, parent)
	damping := (w.SuspensionDampingCompression + w.SuspensionDampingRebound) / 2
	g.AddNode(convert.Node{Name: name + "_suspension", Transform: at, Extras: map[string]any{}, Joint: &convert.Joint{
		Connected: carrier,
		Limits: []convert.Limit{{Linear: []int{0, 2}, Stiffness: inf}, {Angular: []int{0, 1, 2}, Stiffness: inf},
			{Linear: []int{1}, Min: -w.SuspensionTravel, Max: w.SuspensionTravel, Stiffness: inf}},
		Damping: damping, Extras: map[string]any{}}}, parent)
	spring := "stiffness dropped (no joint springs here)"
	if l.caps.Springs {
		j := g.Nodes[len(g.Nodes)-1].Joint
		j.Drives = []convert.Drive{{Type: "linear", Mode: "force", Axis: 1, MaxForce: inf, PositionTarget: convert.Ptr(0.0),
			Stiffness: w.SuspensionStiffness}}
		spring = fmt.Sprintf("stiffness %g N/m", w.SuspensionStiffness)
	}
	g.AddNode(convert.Node{Name: name + "_spin", Extras: map[string]any{}, Joint: &convert.Joint{
		Connected: i,
		Limits:    []convert.Limit{{Linear: []int{0, 1, 2}, Stiffness: inf}, {Angular: []int{1, 2}, Stiffness: inf}},
		Extras:    map[string]any{}}}, carrier)
	shape := g.AddShape(convert.Shape{Kind: convert.Cylinder, Name: name, Height: width, RadiusTop: r, RadiusBottom: r})
	g.AddNode(convert.Node{Name: name + "_tyre", Extras: map[string]any{},
		Transform: convert.Transform{R: convert.AxisAngle(convert.Vec3{0, 0, 1}, -math.Pi/2), S: convert.Vec3{1, 1, 1}},
		Collider:  &convert.Collider{Shape: shape, Material: w.Material, Filter: -1}}, i)
	node := &g.Nodes[i]
	node.Motion = body(mw, cyl)
	node.Wheel = nil
	l.diags.Add(convert.CodeWheelJointed, convert.VehicleSubject(i), g.NodeLabel(i),
		"wheel %s becomes a %g kg wheel body (radius %g m, width %g m) on a spin hinge below a %g kg carrier on a suspension slide (±%g m, %s, damping %g N·s/m); its steering, propulsion, braking and raycast tuning are dropped",
		name, mw, r, width, ms, w.SuspensionTravel, spring, damping)
}
