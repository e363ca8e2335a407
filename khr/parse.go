package khr

import (
	"encoding/json"
	"fmt"
	"math"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// NodeKey is the convert.Shape.Extras key holding the glTF node a mesh
// collider's geometry.node pointed at, so a KHR emitter in "node" mode can
// point at the same node again.
const NodeKey = "khr.node"

// CarriedKey holds, in Node.Extras and Graph.Extras, the raw JSON of OMI
// vehicle/seat/spawn extensions found in a KHR file (map name → JSON), so
// writing KHR again keeps them.
const CarriedKey = "gltf.carried"

// carriedNames are OMI extensions a KHR file may hold next to KHR physics
// for what KHR cannot express; they are carried, not interpreted.
var carriedNames = []string{gltfx.OMIVehicleBody, gltfx.OMIVehicleWheel, gltfx.OMIVehicleThruster,
	gltfx.OMIVehicleHoverThruster, gltfx.OMISeat, gltfx.OMISpawnPoint}

// Parse reads a .gltf/.glb with KHR physics (any revision) into a Graph.
func Parse(in *convert.Input) (*convert.Graph, convert.Diagnostics, error) {
	d, err := gltfx.Decode(in)
	if err != nil {
		return nil, nil, err
	}
	g, diags, err := parseDoc(d)
	if err == nil && !in.Options.ForReport {
		err = restoreSceneGravity(d, g)
	}
	if err == nil && in.Options.Bool(gltfx.CollisionNamesOption) {
		if err = gltfx.ApplyNameHints(d, g, &diags); err != nil {
			g = nil
		}
	}
	return g, append(append(convert.Diagnostics(nil), d.Diags...), diags...), err
}

// parseDoc maps a decoded document into a Graph.
func parseDoc(d *gltfx.Doc) (*convert.Graph, convert.Diagnostics, error) {
	f, diags, err := decodeDoc(d)
	if err != nil {
		return nil, nil, err
	}
	d.ReleaseTree() // the physics extensions are decoded: before the Graph is built
	g, err := gltfx.GraphFromDoc(d)
	if err != nil {
		return nil, nil, err
	}
	p := &parser{doc: d, file: f, g: g, diags: &diags,
		implicit: map[int]int{}, meshShapes: map[meshKey]int{}, meshes: map[int]int{}}
	if f.BodyExt != gltfx.KHRPhysicsRigidBodies || f.ShapeExt != gltfx.KHRImplicitShapes {
		if f.hasPhysics() {
			diags.Add(convert.CodeLegacyRevision, convert.DocumentSubject(), "extensions", "read the %s + %s revision as KHR_physics_rigid_bodies + KHR_implicit_shapes", f.BodyExt, f.ShapeExt)
		}
	}
	p.documentLevel()
	for i, n := range f.Nodes {
		if n == nil {
			continue
		}
		if err := p.node(i, n); err != nil {
			return nil, nil, err
		}
	}
	if err := p.checkJoints(); err != nil {
		return nil, nil, err
	}
	p.checkTriggers()
	p.carry()
	p.decodeCarried()
	if err := p.readExtras(); err != nil {
		return nil, nil, err
	}
	return g, diags, nil
}

func (f *File) hasPhysics() bool {
	for _, n := range f.Nodes {
		if n != nil {
			return true
		}
	}
	return len(f.Shapes) > 0
}

type meshKey struct {
	node, mesh int
	hull       bool
}

type parser struct {
	doc   *gltfx.Doc
	file  *File
	g     *convert.Graph
	diags *convert.Diagnostics

	implicit   map[int]int     // KHR shape → Graph shape
	meshShapes map[meshKey]int // mesh geometry → Graph shape
	meshes     map[int]int     // glTF mesh (or -1-node for node geometry) → Graph mesh
}

func (p *parser) documentLevel() {
	for _, m := range p.file.Doc.PhysicsMaterials {
		p.g.Materials = append(p.g.Materials, gltfx.ParseMaterial(m))
	}
	for _, f := range p.file.Doc.CollisionFilters {
		p.g.Filters = append(p.g.Filters, gltfx.ParseFilter(f))
	}
}

func (p *parser) node(i int, n *NodeExt) error {
	gn := &p.g.Nodes[i]
	path := p.file.Paths[i]
	if n.Motion != nil {
		gn.Motion = p.motion(n.Motion)
	}
	if c := n.Collider; c != nil {
		shape, err := p.geometryShape(i, c.Geometry, path+".collider.geometry")
		if err != nil {
			return err
		}
		if shape >= 0 {
			gn.Collider = &convert.Collider{Shape: shape, Material: deref(c.PhysicsMaterial), Filter: deref(c.CollisionFilter)}
		}
	}
	if t := n.Trigger; t != nil {
		tr := &convert.Trigger{Shape: -1, Nodes: append([]int(nil), t.Nodes...), Filter: deref(t.CollisionFilter)}
		if t.Geometry != nil {
			shape, err := p.geometryShape(i, *t.Geometry, path+".trigger.geometry")
			if err != nil {
				return err
			}
			tr.Shape = shape
		}
		if tr.Shape >= 0 || len(tr.Nodes) > 0 {
			gn.Trigger = tr
		}
	}
	if j := n.Joint; j != nil {
		if j.ConnectedNode == i {
			return convert.Errorf(path+".joint.connectedNode", "a joint cannot connect node %d to itself", i)
		}
		gn.Joint = p.joint(j)
	}
	return nil
}

func deref(i *int) int {
	if i == nil {
		return -1
	}
	return *i
}

func (p *parser) motion(m *Motion) *convert.Motion {
	gm := &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}
	if m.IsKinematic {
		gm.Kind = convert.Kinematic
	}
	if m.Mass != nil {
		gm.Mass = convert.Ptr(zeroIsInfinite(*m.Mass))
		gm.MassSource = convert.Given
	}
	if m.CenterOfMass != nil {
		gm.CenterOfMass = convert.Ptr(convert.Vec3(*m.CenterOfMass))
		gm.CenterOfMassSource = convert.Given
	}
	if m.InertiaDiagonal != nil {
		d := *m.InertiaDiagonal
		gm.InertiaDiagonal = &convert.Vec3{zeroIsInfinite(d[0]), zeroIsInfinite(d[1]), zeroIsInfinite(d[2])}
		gm.InertiaSource = convert.Given
		if m.InertiaOrientation != nil {
			gm.InertiaOrientation = convert.Ptr(convert.Quat(*m.InertiaOrientation).Normalize())
		}
	}
	if p.file.LegacyDefaults() {
		// KHR_rigid_bodies and MSFT_rigid_bodies gave every motion
		// property a default instead of leaving it to the engine.
		if gm.Mass == nil {
			gm.Mass, gm.MassSource = convert.Ptr(1.0), convert.Default
		}
		if gm.CenterOfMass == nil {
			gm.CenterOfMass, gm.CenterOfMassSource = &convert.Vec3{}, convert.Default
		}
		if gm.InertiaDiagonal == nil {
			gm.InertiaDiagonal, gm.InertiaSource = &convert.Vec3{1, 1, 1}, convert.Default
		}
	}
	if m.LinearVelocity != nil {
		gm.LinearVelocity = convert.Vec3(*m.LinearVelocity)
	}
	if m.AngularVelocity != nil {
		gm.AngularVelocity = convert.Vec3(*m.AngularVelocity)
	}
	if m.GravityFactor != nil {
		gm.GravityFactor = *m.GravityFactor
	}
	return gm
}

// zeroIsInfinite maps KHR's 0 (infinite mass or moment) to +Inf.
func zeroIsInfinite(x float64) float64 {
	if x == 0 {
		return math.Inf(1)
	}
	return x
}

// geometryShape returns the Graph shape of a collider/trigger geometry on
// node i, or -1 when the shape is dropped (with a diagnostic).
func (p *parser) geometryShape(i int, geo Geometry, path string) (int, error) {
	switch {
	case geo.Shape != nil:
		s := p.file.Shapes[*geo.Shape]
		if s.Mesh >= 0 {
			return p.meshShape(meshKey{node: -1, mesh: s.Mesh, hull: s.ConvexHull}, path)
		}
		return p.implicitShape(*geo.Shape, path), nil
	case geo.Mesh != nil:
		return p.meshShape(meshKey{node: -1, mesh: *geo.Mesh, hull: geo.ConvexHull}, path)
	case geo.Node != nil:
		return p.meshShape(meshKey{node: *geo.Node, mesh: -1, hull: geo.ConvexHull}, path)
	}
	return -1, nil
}

func (p *parser) implicitShape(k int, path string) int {
	if gs, ok := p.implicit[k]; ok {
		return gs
	}
	s := p.file.Shapes[k]
	gs := convert.Shape{Name: s.Name, Mesh: -1}
	switch {
	case s.Box != nil:
		gs.Kind, gs.Size = convert.Box, convert.Vec3(s.Box.Size)
	case s.Sphere != nil:
		gs.Kind, gs.Radius = convert.Sphere, s.Sphere.Radius
	case s.Capsule != nil:
		gs.Kind, gs.Height, gs.RadiusTop, gs.RadiusBottom = convert.Capsule, s.Capsule.Height, s.Capsule.RadiusTop, s.Capsule.RadiusBottom
		gs.Radius = math.Max(gs.RadiusTop, gs.RadiusBottom)
	case s.Cylinder != nil:
		gs.Kind, gs.Height, gs.RadiusTop, gs.RadiusBottom = convert.Cylinder, s.Cylinder.Height, s.Cylinder.RadiusTop, s.Cylinder.RadiusBottom
		gs.Radius = math.Max(gs.RadiusTop, gs.RadiusBottom)
	case s.Plane != nil:
		gs.Kind, gs.DoubleSided = convert.Plane, s.Plane.DoubleSided
		if s.Plane.SizeX != nil {
			gs.SizeX = *s.Plane.SizeX
		}
		if s.Plane.SizeZ != nil {
			gs.SizeZ = *s.Plane.SizeZ
		}
	default:
		p.diags.Add(convert.CodeShapeDropped, convert.SourceSubject(k), path, "shape %d has type %q, which physconv does not know; the collider is dropped", k, s.Type)
		p.implicit[k] = -1
		return -1
	}
	p.implicit[k] = p.g.AddShape(gs)
	return p.implicit[k]
}

// meshShape builds a convex or trimesh shape from a glTF mesh, or from a
// node's mesh together with its descendants' meshes (geometry.node).
func (p *parser) meshShape(k meshKey, path string) (int, error) {
	if gs, ok := p.meshShapes[k]; ok {
		return gs, nil
	}
	gm, err := p.graphMesh(k, path)
	if err != nil {
		return -1, err
	}
	kind := convert.TriMesh
	if k.hull {
		kind = convert.Convex
	}
	s := convert.Shape{Kind: kind, Mesh: gm}
	if k.node >= 0 {
		s.Extras = map[string]any{NodeKey: k.node}
	}
	if gm < 0 {
		p.meshShapes[k] = -1
		return -1, nil
	}
	p.meshShapes[k] = p.g.AddShape(s)
	return p.meshShapes[k], nil
}

func (p *parser) graphMesh(k meshKey, path string) (int, error) {
	cacheKey := k.mesh
	if k.node >= 0 {
		cacheKey = -2 - k.node
		// A node whose own mesh is the whole geometry shares that mesh.
		n := p.doc.GLTF.Nodes[k.node]
		if n.Mesh != nil && !p.hasMeshBelow(k.node) {
			if p.doc.GLTF.Nodes[k.node].Skin != nil {
				p.diags.Add(convert.CodeFieldDropped, convert.NodeSubject(k.node), path+".node", "%s is skinned; the collider uses the mesh in its bind pose", p.g.NodeLabel(k.node)).Affecting(convert.QShape)
			}
			return p.graphMesh(meshKey{node: -1, mesh: *n.Mesh}, path)
		}
	}
	if gm, ok := p.meshes[cacheKey]; ok {
		return gm, nil
	}
	var m convert.Mesh
	if k.node < 0 {
		pos, idx, err := gltfx.MeshTriangles(p.doc, k.mesh)
		if err != nil {
			return -1, err
		}
		m = convert.Mesh{Name: p.doc.GLTF.Meshes[k.mesh].Name, Positions: pos, Indices: idx, Loaded: true,
			Extras: map[string]any{gltfx.MeshKey: k.mesh}}
	} else {
		pos, idx, err := p.nodeTriangles(k.node, convert.Identity(), 0)
		if err != nil {
			return -1, err
		}
		m = convert.Mesh{Name: p.doc.GLTF.Nodes[k.node].Name, Positions: pos, Indices: idx, Loaded: true}
	}
	if len(m.Indices) == 0 {
		p.diags.Add(convert.CodeShapeDropped, convert.SourceSubject(-1), path, "the geometry has no triangles; the collider is dropped")
		p.meshes[cacheKey] = -1
		return -1, nil
	}
	p.meshes[cacheKey] = p.g.AddMesh(m)
	return p.meshes[cacheKey], nil
}

func (p *parser) hasMeshBelow(node int) bool {
	for _, c := range p.g.Nodes[node].Children {
		if p.doc.GLTF.Nodes[c].Mesh != nil || p.hasMeshBelow(c) {
			return true
		}
	}
	return false
}

// nodeTriangles gathers the mesh of node and its descendants, expressed in
// node's own frame (its own transform is not applied; the geometry sits at
// the collider node, as the 2026 geometry.mesh form does).
func (p *parser) nodeTriangles(node int, t convert.Transform, depth int) ([]convert.Vec3, []uint32, error) {
	var pos []convert.Vec3
	var idx []uint32
	if m := p.doc.GLTF.Nodes[node].Mesh; m != nil {
		mp, mi, err := gltfx.MeshTriangles(p.doc, *m)
		if err != nil {
			return nil, nil, err
		}
		for _, v := range mp {
			pos = append(pos, t.Apply(v))
		}
		idx = append(idx, mi...)
	}
	for _, c := range p.g.Nodes[node].Children {
		cp, ci, err := p.nodeTriangles(c, t.Mul(p.g.Nodes[c].Transform), depth+1)
		if err != nil {
			return nil, nil, err
		}
		base := uint32(len(pos))
		pos = append(pos, cp...)
		for _, x := range ci {
			idx = append(idx, base+x)
		}
	}
	return pos, idx, nil
}

func (p *parser) joint(j *NodeJoint) *convert.Joint {
	desc := p.file.Doc.PhysicsJoints[j.Joint]
	gj := &convert.Joint{Connected: j.ConnectedNode, EnableCollision: j.EnableCollision}
	for _, l := range desc.Limits {
		gj.Limits = append(gj.Limits, gltfx.ParseLimit(l))
	}
	for _, d := range desc.Drives {
		gj.Drives = append(gj.Drives, gltfx.ParseDrive(d))
	}
	if desc.Name != "" {
		gj.Extras = map[string]any{"khr.jointName": desc.Name}
	}
	return gj
}

// checkJoints rejects joints whose two frames both lie outside every body:
// such a joint constrains nothing.
func (p *parser) checkJoints() error {
	for i, n := range p.g.Nodes {
		if n.Joint == nil {
			continue
		}
		if p.g.BodyOf(i) < 0 && p.g.BodyOf(n.Joint.Connected) < 0 {
			return convert.Errorf(p.file.Paths[i]+".joint.connectedNode",
				"joint connects node %d and node %d, neither of which is in a body (no motion on it or an ancestor)", i, n.Joint.Connected)
		}
	}
	return nil
}

// checkTriggers warns about compound trigger members that are not
// triggers themselves.
func (p *parser) checkTriggers() {
	for i, n := range p.g.Nodes {
		if n.Trigger == nil {
			continue
		}
		for k, c := range n.Trigger.Nodes {
			if p.g.Nodes[c].Trigger == nil {
				p.diags.Add(convert.CodeTriggerMemberInvalid, p.g.TriggerSubject(i), fmt.Sprintf("%s.trigger.nodes[%d]", p.file.Paths[i], k),
					"%s is listed in a compound trigger but has no trigger of its own; it adds no volume", p.g.NodeLabel(c))
			}
		}
	}
}

// carry keeps OMI vehicle/seat/spawn extensions found in a KHR file.
func (p *parser) carry() {
	for i, n := range p.doc.GLTF.Nodes {
		if len(n.Extensions) == 0 {
			continue // most nodes of a large scene
		}
		for _, name := range carriedNames {
			if v, ok := p.doc.NodeExtension(i, name); ok {
				gn := &p.g.Nodes[i]
				if gn.Extras == nil {
					gn.Extras = map[string]any{}
				}
				c, _ := gn.Extras[CarriedKey].(map[string]json.RawMessage)
				if c == nil {
					c = map[string]json.RawMessage{}
					gn.Extras[CarriedKey] = c
				}
				c[name] = v.Raw()
				p.diags.Add(convert.CodeExtensionCarried, convert.VehicleSubject(i), v.Path(), "%s is not KHR physics; it is kept unchanged", name)
			}
		}
	}
	docLevel := map[string]json.RawMessage{}
	for _, name := range carriedNames {
		if v, ok := p.doc.DocExtension(name); ok {
			docLevel[name] = v.Raw()
		}
	}
	if len(docLevel) > 0 {
		p.g.Extras[CarriedKey] = docLevel
	}
	for _, name := range []string{gltfx.OMIPhysicsBody, gltfx.OMIPhysicsShape, gltfx.OMIPhysicsJoint, gltfx.OMICollider, gltfx.OMIPhysicsGravity} {
		used := false
		if _, ok := p.doc.DocExtension(name); ok {
			used = true
		}
		for _, n := range p.doc.GLTF.Nodes {
			if _, ok := n.Extensions[name]; ok {
				used = true
				break
			}
		}
		if used {
			p.diags.Add(convert.CodeExtensionIgnored, convert.DocumentSubject(), "extensions."+name, "the file also has %s physics; reading it as KHR ignores that (use --from omi)", name)
		}
	}
}

// sceneGravityExtra names the document extra that keeps a scene gravity
// written as every body's gravity factor (convert.GravityAsFactors).
const sceneGravityExtra = "sceneGravity"

// restoreSceneGravity gives the Graph back the scene gravity physconv
// wrote as gravity factors, and the bodies their own factors, so that a
// Godot scene's project gravity, through KHR, is its project's again and
// not Earth's times a factor. A verification's read-back leaves the
// factors as every other reader takes them.
func restoreSceneGravity(d *gltfx.Doc, g *convert.Graph) error {
	raw, at, ok := d.DocExtra(sceneGravityExtra)
	if !ok {
		return nil
	}
	var rec convert.GravityAsFactors
	if err := json.Unmarshal(raw, &rec); err != nil {
		return convert.Errorf(at, "cannot read physconv scene gravity: %v", err)
	}
	f := rec.Factor
	if !(f > 0) || math.IsInf(f, 0) || !rec.Gravity.Finite() {
		return nil // a zero-gravity scene: the factors hold it exactly
	}
	for i := range g.Nodes {
		if m := g.Nodes[i].Motion; m != nil && m.Kind != convert.Static {
			m.GravityFactor /= f
		}
	}
	v := rec.Gravity
	g.Gravity, g.GravityFromProject = &v, rec.FromProject
	return nil
}
