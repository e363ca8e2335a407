package omi

import (
	"fmt"
	"strconv"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/gltfx"
)

// Parse reads a .gltf/.glb with OMI physics extensions (every revision)
// into a Graph. Node i of the Graph is glTF node i; stage-1 joints add one
// attachment node per joint after the file's own nodes.
func Parse(in *convert.Input) (*convert.Graph, convert.Diagnostics, error) {
	d, err := gltfx.Decode(in)
	if err != nil {
		return nil, nil, err
	}
	g, err := gltfx.GraphFromDoc(d)
	if err != nil {
		return nil, nil, err
	}
	raw, diags, err := decodeDoc(d)
	if err != nil {
		return nil, nil, err
	}
	d.ReleaseTree() // every extension is decoded
	p := &parser{g: g, raw: raw, doc: d, meshes: map[int]int{}}
	p.diags = append(append(p.diags, d.Diags...), diags...)
	if err := p.run(); err != nil {
		return nil, nil, err
	}
	if err := p.readExtras(); err != nil {
		return nil, nil, err
	}
	if in.Options.Bool(gltfx.CollisionNamesOption) {
		if err := gltfx.ApplyNameHints(d, g, &p.diags); err != nil {
			return nil, nil, err
		}
	}
	return g, p.diags, nil
}

// readExtras restores joint properties and mimic couplings the emitter kept
// in node extras (gltfx.ExtrasKey).
func (p *parser) readExtras() error {
	for i := range p.doc.GLTF.Nodes {
		extras, names, path := p.doc.NodeExtras(i)
		for _, name := range names {
			handled, err := gltfx.ReadRobotExtra(p.g, i, name, extras[name], path+"."+name, &p.diags)
			if err != nil {
				return err
			}
			if !handled {
				p.diags.Add(convert.CodeFieldDropped, convert.NodeSubject(i), path+"."+name, "unknown physconv data %q ignored", name).WithSeverity(convert.Info)
			}
		}
	}
	return nil
}

// parser maps a rawDoc onto the Graph built from the same document.
type parser struct {
	g      *convert.Graph
	raw    *rawDoc
	doc    *gltfx.Doc
	diags  convert.Diagnostics
	meshes map[int]int // glTF mesh → Graph mesh
	// colliderBase is the Graph index of OMI_collider collider 0 (they
	// follow OMI_physics_shape shapes).
	colliderBase int
}

func (p *parser) run() error {
	for _, m := range p.raw.Materials {
		p.g.Materials = append(p.g.Materials, gltfx.ParseMaterial(m))
	}
	for _, f := range p.raw.Filters {
		p.g.Filters = append(p.g.Filters, gltfx.ParseFilter(f))
	}
	for _, s := range p.raw.Shapes {
		gs, err := p.shape(s)
		if err != nil {
			return err
		}
		p.g.AddShape(gs)
	}
	p.colliderBase = len(p.g.Shapes)
	if len(p.raw.Colliders) > 0 {
		p.diags.Add(convert.CodeLegacyForm, convert.DocumentSubject(), "extensions."+extCollider, "OMI_collider (archived 2023) read as OMI_physics_shape shapes")
	}
	for _, s := range p.raw.Colliders {
		gs, err := p.shape(s)
		if err != nil {
			return err
		}
		p.g.AddShape(gs)
	}
	for i := range p.raw.Nodes {
		if err := p.body(i); err != nil {
			return err
		}
	}
	for i := range p.raw.Nodes {
		if err := p.legacyShapes(i); err != nil {
			return err
		}
	}
	for i := range p.raw.Nodes {
		p.checkTriggerNodes(i)
	}
	if err := p.joints(); err != nil {
		return err
	}
	for i := range p.raw.Nodes {
		p.vehicle(i)
	}
	p.gravity()
	return nil
}

// gravity sets the world's gravity the document gives, and names each
// trigger's gravity field, which the Graph does not hold (OMI output of
// the same document keeps it on its node).
func (p *parser) gravity() {
	if w := p.raw.Gravity; w != nil {
		v := convert.Vec3(*w)
		p.g.Gravity = &v
	}
	for i := range p.raw.Nodes {
		if gv := p.raw.Nodes[i].GravityVolume; gv != nil {
			p.diags.Add(convert.CodeGravityVolumeKept, convert.NodeSubject(i), nodePath(i, extGravity),
				"the %s gravity field (%g m/s²) of %q has no Graph form: kept in OMI output; in other formats the bodies in it fall under the world's gravity", gv.Type, gv.Gravity, p.doc.GLTF.Nodes[i].Name)
		}
	}
}

// mesh returns the Graph mesh holding glTF mesh i's triangles.
func (p *parser) mesh(i int) (int, error) {
	if k, ok := p.meshes[i]; ok {
		return k, nil
	}
	pos, idx, err := gltfx.MeshTriangles(p.doc, i)
	if err != nil {
		return -1, err
	}
	name := p.doc.GLTF.Meshes[i].Name
	k := p.g.AddMesh(convert.Mesh{Name: name, Positions: pos, Indices: idx, Loaded: true,
		Scale: convert.Vec3{1, 1, 1}, Extras: map[string]any{gltfx.MeshKey: i}})
	p.meshes[i] = k
	return k, nil
}

func nodePath(i int, ext string) string {
	return "nodes[" + strconv.Itoa(i) + "].extensions." + ext
}

// body maps a node's OMI_physics_body (current or typed legacy form).
func (p *parser) body(i int) error {
	b := p.raw.Nodes[i].Body
	if b == nil {
		return nil
	}
	n := &p.g.Nodes[i]
	path := nodePath(i, extBody)
	if t := b.Typed; t != nil {
		return p.typedBody(i, t)
	}
	if m := b.Motion; m != nil {
		n.Motion = p.motion(i, m, path+".motion")
	}
	if c := b.Collider; c != nil {
		n.Collider = &convert.Collider{Shape: c.Shape, Material: c.PhysicsMaterial, Filter: c.CollisionFilter}
	}
	if t := b.Trigger; t != nil {
		n.Trigger = &convert.Trigger{Shape: t.Shape, Nodes: t.Nodes, Filter: t.CollisionFilter}
		if t.Shape < 0 && len(t.Nodes) == 0 {
			p.diags.Add(convert.CodeLegacyForm, p.g.TriggerSubject(i), path+".trigger",
				"empty trigger read as the pre-2024 implicit compound of its descendant trigger shapes")
		}
		if t.Shape >= 0 && len(t.Nodes) > 0 {
			p.diags.Add(convert.CodeTriggerShapeAndNodes, p.g.TriggerSubject(i), path+".trigger",
				"trigger has both shape and nodes (the schema allows one); both are kept")
		}
	}
	return nil
}

// motion applies OMI's motion defaults: a dynamic body without mass weighs
// 1 kg and has its centre of mass at the origin; a zero or absent inertia
// diagonal is left for Complete to compute.
func (p *parser) motion(i int, m *rawMotion, path string) *convert.Motion {
	out := &convert.Motion{Kind: convert.BodyKind(m.Type), GravityFactor: orDefault(m.GravityFactor, 1)}
	if m.Type == "" {
		out.Kind = convert.Dynamic
		p.diags.Add(convert.CodeMotionTypeMissing, convert.BodySubject(i), path, "motion has no type; read as dynamic")
	}
	dynamic := out.Kind == convert.Dynamic
	switch {
	case m.Mass != nil && *m.Mass > 0:
		out.Mass, out.MassSource = convert.Ptr(*m.Mass), convert.Given
	case m.Mass != nil && dynamic:
		p.diags.Add(convert.CodeMassZero, convert.BodySubject(i), path+".mass", "mass 0 has no meaning in OMI; the mass is computed from the colliders instead")
	case dynamic:
		out.Mass, out.MassSource = convert.Ptr(1.0), convert.Default
	}
	switch {
	case m.CenterOfMass != nil:
		out.CenterOfMass, out.CenterOfMassSource = convert.Ptr(convert.Vec3(*m.CenterOfMass)), convert.Given
	case dynamic:
		out.CenterOfMass, out.CenterOfMassSource = &convert.Vec3{}, convert.Default
	}
	if d := m.InertiaDiagonal; d != nil {
		switch {
		case d[0] > 0 && d[1] > 0 && d[2] > 0:
			out.InertiaDiagonal, out.InertiaSource = convert.Ptr(convert.Vec3(*d)), convert.Given
		case d[0] != 0 || d[1] != 0 || d[2] != 0:
			p.diags.Add(convert.CodeInertiaPartlyZero, convert.BodySubject(i), path+".inertiaDiagonal",
				"inertiaDiagonal %v has a zero moment (OMI: computed); the whole diagonal is computed instead", *d)
		}
	}
	if q := m.InertiaOrientation; q != nil {
		r := convert.Quat(*q).Normalize()
		out.InertiaOrientation = &r
		if m.OrientationInDiagonal {
			p.diags.Add(convert.CodeInertiaOrientationMisplaced, convert.BodySubject(i), path+".inertiaDiagonal",
				"4 numbers under inertiaDiagonal (a known exporter bug) read as inertiaOrientation")
		}
	}
	if v := m.LinearVelocity; v != nil {
		out.LinearVelocity = convert.Vec3(*v)
	}
	if v := m.AngularVelocity; v != nil {
		out.AngularVelocity = convert.Vec3(*v)
	}
	return out
}

// typedBody maps the typed OMI_physics_body of 2022–2023.
func (p *parser) typedBody(i int, t *rawTypedBody) error {
	n := &p.g.Nodes[i]
	path := nodePath(i, extBody)
	p.diags.Add(convert.CodeLegacyForm, convert.BodySubject(i), path+".type", "typed body %q (pre-2023-09 form) read as the current motion/trigger form", t.Type)
	kind := ""
	switch t.Type {
	case "static", "kinematic", "dynamic":
		kind = t.Type
	case "rigid":
		kind = "dynamic"
	case "character":
		kind = "kinematic"
		p.diags.Add(convert.CodeBodyKindApproximated, convert.BodySubject(i), path+".type", "character body read as kinematic (no character controller in the Graph)")
	case "vehicle":
		kind = "dynamic"
		if p.raw.Nodes[i].Vehicle == nil {
			n.Vehicle = defaultVehicle()
		}
	case "trigger":
		n.Trigger = &convert.Trigger{Shape: -1, Filter: -1}
		return nil
	}
	m := &rawMotion{Type: kind, Mass: t.Mass, CenterOfMass: t.CenterOfMass,
		LinearVelocity: t.LinearVelocity, AngularVelocity: t.AngularVelocity}
	n.Motion = p.motion(i, m, path)
	if it := t.InertiaTensor; it != nil {
		tensor := convert.Mat3{{it[0], it[1], it[2]}, {it[3], it[4], it[5]}, {it[6], it[7], it[8]}}
		if tensor != (convert.Mat3{}) {
			if it[1] != it[3] || it[2] != it[6] || it[5] != it[7] {
				p.diags.Add(convert.CodeInertiaAsymmetric, convert.BodySubject(i), path+".inertiaTensor", "inertiaTensor is not symmetric; its symmetric part is used")
			}
			moments, orient := mass.PrincipalAxes(tensor)
			if moments[0] <= 0 {
				return convert.Errorf(path+".inertiaTensor", "inertiaTensor is not positive definite (principal moments %v)", moments)
			}
			n.Motion.InertiaDiagonal, n.Motion.InertiaSource = &moments, convert.Given
			if orient != convert.IdentityQuat() {
				n.Motion.InertiaOrientation = &orient
			}
		}
	}
	return nil
}

// typedOwner returns the type of the nearest ancestor-or-self typed
// legacy body of node i, or "".
func (p *parser) typedOwner(i int) string {
	for seen := 0; i >= 0 && seen <= len(p.g.Nodes); seen++ {
		if i < len(p.raw.Nodes) {
			if b := p.raw.Nodes[i].Body; b != nil && b.Typed != nil {
				return b.Typed.Type
			}
			if b := p.raw.Nodes[i].Body; b != nil && b.Motion != nil {
				return b.Motion.Type
			}
		}
		i = p.g.Nodes[i].Parent
	}
	return ""
}

// legacyShapes attaches node-level OMI_physics_shape (2023-06 … 2023-09)
// and OMI_collider shapes: solid, unless the shape is flagged isTrigger or
// belongs to a typed "trigger" body.
func (p *parser) legacyShapes(i int) error {
	rn := p.raw.Nodes[i]
	type ref struct {
		shape   int
		trigger bool
		path    string
	}
	var refs []ref
	if rn.ShapeRef >= 0 {
		refs = append(refs, ref{rn.ShapeRef, false, nodePath(i, extShape)})
	}
	if rn.ColliderRef >= 0 {
		refs = append(refs, ref{p.colliderBase + rn.ColliderRef, p.raw.Colliders[rn.ColliderRef].IsTrigger, nodePath(i, extCollider)})
	}
	n := &p.g.Nodes[i]
	for _, r := range refs {
		if r.path == nodePath(i, extShape) {
			p.diags.Add(convert.CodeLegacyForm, convert.NodeSubject(i), r.path, "node-level shape reference (pre-2023-09 form) read as a collider or trigger")
		}
		if r.trigger || p.typedOwner(i) == "trigger" {
			if n.Trigger != nil && n.Trigger.Shape >= 0 {
				return convert.Errorf(r.path, "node already has trigger shape %d", n.Trigger.Shape)
			}
			filter := -1
			if n.Trigger != nil {
				filter = n.Trigger.Filter
			}
			n.Trigger = &convert.Trigger{Shape: r.shape, Filter: filter}
			continue
		}
		if n.Collider != nil && n.Collider.Shape >= 0 {
			return convert.Errorf(r.path, "node already has collider shape %d", n.Collider.Shape)
		}
		n.Collider = &convert.Collider{Shape: r.shape, Material: -1, Filter: -1}
	}
	return nil
}

// checkTriggerNodes warns about compound trigger members that are not
// descendant trigger shapes (the README's MUSTs; kept as given).
func (p *parser) checkTriggerNodes(i int) {
	t := p.g.Nodes[i].Trigger
	if t == nil {
		return
	}
	for k, c := range t.Nodes {
		path := fmt.Sprintf("%s.trigger.nodes[%d]", nodePath(i, extBody), k)
		if !p.isAncestor(i, c) {
			p.diags.Add(convert.CodeTriggerMemberInvalid, p.g.TriggerSubject(i), path, "%s is not a descendant of the compound trigger %s", p.g.NodeLabel(c), p.g.NodeLabel(i))
		} else if ct := p.g.Nodes[c].Trigger; ct == nil || ct.Shape < 0 {
			p.diags.Add(convert.CodeTriggerMemberInvalid, p.g.TriggerSubject(i), path, "%s has no trigger shape", p.g.NodeLabel(c))
		}
	}
}

// isAncestor reports whether a is a proper ancestor of n.
func (p *parser) isAncestor(a, n int) bool {
	for seen, i := 0, p.g.Nodes[n].Parent; i >= 0 && seen <= len(p.g.Nodes); seen++ {
		if i == a {
			return true
		}
		i = p.g.Nodes[i].Parent
	}
	return false
}
