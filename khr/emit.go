package khr

import (
	"encoding/json"
	"fmt"
	"math"
	"sort"
	"strconv"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// Emit writes g as glTF with the current KHR_physics_rigid_bodies +
// KHR_implicit_shapes. A Graph parsed from glTF keeps every non-physics
// part of its source document. the khr-geometry option picks geometry.mesh
// (default) or geometry.node for mesh colliders; bake-mass writes
// computed mass properties instead of leaving them to the engine.
func Emit(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
	if opts == nil {
		opts = &convert.Options{}
	}
	d, diags, err := emitDoc(g, opts)
	if err != nil {
		return nil, diags, err
	}
	glb, base := gltfx.OutputNames(opts.OutputName)
	out, err := gltfx.Encode(d, glb, base)
	return out, diags, err
}

// emitDoc builds the glTF document Emit encodes.
func emitDoc(g *convert.Graph, opts *convert.Options) (*gltfx.Doc, convert.Diagnostics, error) {
	mode := opts.Value(GeometryOption)
	switch mode {
	case "":
		mode = "mesh"
	case "mesh", "node":
	default:
		return nil, nil, fmt.Errorf("khr: unknown geometry mode %q (want mesh or node)", mode)
	}
	var diags convert.Diagnostics
	d, err := gltfx.DocFromGraph(g)
	if err != nil {
		return nil, diags, err
	}
	e := &emitter{g: g, doc: d, opts: opts, mode: mode, diags: &diags, src: gltfx.SourceDoc(g),
		shapeIndex: map[int]int{}, meshIndex: map[int]int{}, helperNode: map[int]int{}, jointIndex: map[string]int{}}
	d.Diags = nil
	gltfx.AddVisuals(d, g)
	if err := e.run(); err != nil {
		return nil, diags, err
	}
	convert.SceneDampingLoss(&diags, g, "KHR")
	return d, append(diags, d.Diags...), nil
}

type emitter struct {
	g     *convert.Graph
	doc   *gltfx.Doc
	src   *gltfx.Doc
	opts  *convert.Options
	mode  string
	diags *convert.Diagnostics

	shapes     []Shape
	shapeIndex map[int]int // Graph shape → KHR shape
	meshIndex  map[int]int // Graph mesh → glTF mesh
	helperNode map[int]int // glTF mesh → detached node holding it
	docExt     Document
	jointIndex map[string]int
}

func (e *emitter) run() error {
	for _, m := range e.g.Materials {
		e.docExt.PhysicsMaterials = append(e.docExt.PhysicsMaterials, gltfx.EmitMaterial(m))
	}
	for _, f := range e.g.Filters {
		e.docExt.CollisionFilters = append(e.docExt.CollisionFilters, gltfx.EmitFilter(f))
	}
	for i := range e.g.Nodes {
		ext, err := e.node(i)
		if err != nil {
			return err
		}
		if ext != nil {
			if err := e.doc.SetNodeExtension(i, gltfx.KHRPhysicsRigidBodies, ext); err != nil {
				return err
			}
		}
	}
	if len(e.shapes) > 0 {
		if err := e.doc.SetDocExtension(gltfx.KHRImplicitShapes, Shapes{Shapes: e.shapes}); err != nil {
			return err
		}
	}
	if len(e.docExt.PhysicsMaterials)+len(e.docExt.CollisionFilters)+len(e.docExt.PhysicsJoints) > 0 {
		if err := e.doc.SetDocExtension(gltfx.KHRPhysicsRigidBodies, e.docExt); err != nil {
			return err
		}
	}
	e.doc.PutRobotExtras(e.g, e.diags)
	if rec, ok := e.g.Extras[convert.ExtraGravityAsFactors].(convert.GravityAsFactors); ok {
		// the scene's gravity, which the bodies' factors carry for other
		// readers, kept for a reader that restores it
		e.doc.PutDocExtra(sceneGravityExtra, rec)
	}
	return e.carry()
}

func (e *emitter) node(i int) (*NodeExt, error) {
	n := e.g.Nodes[i]
	ext := &NodeExt{}
	p := "nodes[" + strconv.Itoa(i) + "]"
	if n.Motion != nil {
		ext.Motion = e.motion(n.Motion)
		lost := *n.Motion
		if n.Motion.Kind == convert.Dynamic && n.Motion.LockAngular == [3]bool{true, true, true} {
			// no rotation at all: KHR's zero (infinite) moments
			ext.Motion.InertiaDiagonal, ext.Motion.InertiaOrientation = &[3]float64{}, nil
			lost.LockAngular = [3]bool{}
			e.diags.Add(convert.CodeLockAsInertia, convert.BodySubject(i), p, "the body's rotation lock is written as infinite moments about all three axes")
		} else if principal, ok := e.principalLocks(i, n.Motion); ok && n.Motion.Kind == convert.Dynamic && n.Motion.InertiaDiagonal != nil && principal != [3]bool{} {
			// a rotation locked about principal axes: infinite moments there
			d := *n.Motion.InertiaDiagonal
			km := ext.Motion
			km.InertiaDiagonal = &[3]float64{infiniteIsZero(d[0]), infiniteIsZero(d[1]), infiniteIsZero(d[2])}
			for k, l := range principal {
				if l {
					km.InertiaDiagonal[k] = 0
				}
			}
			km.InertiaOrientation = nil
			if q := n.Motion.InertiaOrientation; q != nil {
				a := [4]float64(*q)
				km.InertiaOrientation = &a
			}
			lost.LockAngular = [3]bool{}
			e.diags.Add(convert.CodeLockAsInertia, convert.BodySubject(i), p, "the body's rotation locks are written as infinite moments about principal axes %v", principal)
		}
		convert.MotionLosses(e.diags, e.g, i, p, "KHR", &lost, false)
	}
	if c := n.Collider; c != nil {
		geo, err := e.geometry(i, c.Shape)
		if err != nil {
			return nil, err
		}
		if geo != nil {
			ext.Collider = &Collider{Geometry: *geo, PhysicsMaterial: index(c.Material), CollisionFilter: index(c.Filter)}
		} else {
			e.diags.Add(convert.CodeShapeDropped, e.g.ColliderSubject(i), p+".collider", "collider shape cannot be written; dropped")
		}
	}
	if t := n.Trigger; t != nil {
		tr := &Trigger{Nodes: t.Nodes, CollisionFilter: index(t.Filter)}
		if t.Shape >= 0 {
			geo, err := e.geometry(i, t.Shape)
			if err != nil {
				return nil, err
			}
			tr.Geometry = geo
		}
		if tr.Geometry != nil || len(tr.Nodes) > 0 {
			ext.Trigger = tr
		}
	}
	if j := n.Joint; j != nil {
		nj, err := e.joint(i, j)
		if err != nil {
			return nil, err
		}
		ext.Joint = nj
	}
	if ext.Motion == nil && ext.Collider == nil && ext.Trigger == nil && ext.Joint == nil {
		return nil, nil
	}
	return ext, nil
}

func index(i int) *int {
	if i < 0 {
		return nil
	}
	return &i
}

// keep reports whether a mass property from src is written: given and
// default values always, computed ones only with BakeMass.
func (e *emitter) keep(src convert.Source) bool {
	return src != convert.Computed || e.opts.Bool(gltfx.BakeMassOption)
}

func (e *emitter) motion(m *convert.Motion) *Motion {
	m = convert.NearZeroStandIn(m) // massless: see gltfx.PutRobotExtras
	km := &Motion{IsKinematic: m.Kind == convert.Kinematic}
	if m.Mass != nil && e.keep(m.MassSource) {
		km.Mass = convert.Ptr(infiniteIsZero(*m.Mass))
	}
	if m.CenterOfMass != nil && e.keep(m.CenterOfMassSource) {
		c := [3]float64(*m.CenterOfMass)
		km.CenterOfMass = &c
	}
	if m.InertiaDiagonal != nil && e.keep(m.InertiaSource) {
		d := *m.InertiaDiagonal
		km.InertiaDiagonal = &[3]float64{infiniteIsZero(d[0]), infiniteIsZero(d[1]), infiniteIsZero(d[2])}
		if q := m.InertiaOrientation; q != nil {
			a := [4]float64(*q)
			km.InertiaOrientation = &a
		}
	}
	if m.LinearVelocity != (convert.Vec3{}) {
		v := [3]float64(m.LinearVelocity)
		km.LinearVelocity = &v
	}
	if m.AngularVelocity != (convert.Vec3{}) {
		v := [3]float64(m.AngularVelocity)
		km.AngularVelocity = &v
	}
	if m.GravityFactor != 1 {
		km.GravityFactor = convert.Ptr(m.GravityFactor)
	}
	return km
}

// principalLocks is convert.PrincipalLocks of body i, whose world pose
// is only looked up (a walk to the root) when the body locks a rotation.
func (e *emitter) principalLocks(i int, m *convert.Motion) ([3]bool, bool) {
	if m.LockAngular == [3]bool{} {
		return [3]bool{}, true // as PrincipalLocks says of no lock
	}
	return convert.PrincipalLocks(e.g.WorldTransform(i).R, m)
}

// infiniteIsZero writes +Inf mass or moment as KHR's 0.
func infiniteIsZero(x float64) float64 {
	if math.IsInf(x, 1) {
		return 0
	}
	return x
}

// geometry writes Graph shape s, used on node i, as a KHR geometry.
func (e *emitter) geometry(i, s int) (*Geometry, error) {
	if s < 0 || s >= len(e.g.Shapes) {
		return nil, nil
	}
	sh := e.g.Shapes[s]
	switch sh.Kind {
	case convert.Convex, convert.TriMesh:
		return e.meshGeometry(i, sh)
	}
	k, ok := e.shapeIndex[s]
	if !ok {
		ks, ok := implicit(sh)
		if !ok {
			return nil, nil
		}
		e.shapes = append(e.shapes, ks)
		k = len(e.shapes) - 1
		e.shapeIndex[s] = k
	}
	return &Geometry{Shape: convert.Ptr(k)}, nil
}

// implicit writes a Graph primitive with every value explicit (KHR and OMI
// defaults differ).
func implicit(s convert.Shape) (Shape, bool) {
	ks := Shape{Type: string(s.Kind), Name: s.Name}
	switch s.Kind {
	case convert.Box:
		ks.Box = &Box{Size: [3]float64(s.Size)}
	case convert.Sphere:
		ks.Sphere = &Sphere{Radius: s.Radius}
	case convert.Capsule:
		ks.Capsule = &Capsule{Height: s.Height, RadiusBottom: s.RadiusBottom, RadiusTop: s.RadiusTop}
	case convert.Cylinder:
		ks.Cylinder = &Cylinder{Height: s.Height, RadiusBottom: s.RadiusBottom, RadiusTop: s.RadiusTop}
	case convert.Plane:
		ks.Plane = &Plane{DoubleSided: s.DoubleSided}
		if s.SizeX > 0 {
			ks.Plane.SizeX = convert.Ptr(s.SizeX)
		}
		if s.SizeZ > 0 {
			ks.Plane.SizeZ = convert.Ptr(s.SizeZ)
		}
	default:
		return ks, false
	}
	return ks, true
}

func (e *emitter) meshGeometry(i int, sh convert.Shape) (*Geometry, error) {
	hull := sh.Kind == convert.Convex
	if e.mode == "node" {
		if n, ok := sh.Extras[NodeKey].(int); ok && e.src != nil && n < len(e.doc.GLTF.Nodes) {
			return &Geometry{ConvexHull: hull, Node: convert.Ptr(n)}, nil
		}
	}
	m, err := e.gltfMesh(sh.Mesh)
	if err != nil || m < 0 {
		return nil, err
	}
	if e.mode == "mesh" {
		return &Geometry{ConvexHull: hull, Mesh: convert.Ptr(m)}, nil
	}
	if own := e.doc.GLTF.Nodes[i].Mesh; own != nil && *own == m && len(e.doc.GLTF.Nodes[i].Children) == 0 {
		return &Geometry{ConvexHull: hull, Node: convert.Ptr(i)}, nil
	}
	h, ok := e.helperNode[m]
	if !ok {
		h = e.doc.AddNode(-1, e.doc.GLTF.Meshes[m].Name+"_physicsMesh", convert.Identity())
		e.doc.GLTF.Nodes[h].Mesh = convert.Ptr(m)
		e.helperNode[m] = h
	}
	return &Geometry{ConvexHull: hull, Node: convert.Ptr(h)}, nil
}

// gltfMesh returns the glTF mesh for Graph mesh gm: the source document's
// own mesh when the Graph mesh came from it, else a new mesh.
func (e *emitter) gltfMesh(gm int) (int, error) {
	if m, ok := e.meshIndex[gm]; ok {
		return m, nil
	}
	mesh := e.g.Meshes[gm]
	m := -1
	if src, ok := mesh.Extras[gltfx.MeshKey].(int); ok && e.src != nil && src < len(e.doc.GLTF.Meshes) {
		m = src
	} else if len(mesh.Indices) > 0 {
		m = gltfx.AddMesh(e.doc, convert.MeshSubject(gm), mesh.Name, mesh.Positions, mesh.Indices)
	}
	e.meshIndex[gm] = m
	return m, nil
}

func (e *emitter) joint(i int, j *convert.Joint) (*NodeJoint, error) {
	p := "nodes[" + strconv.Itoa(i) + "].joint"
	if j.Connected < 0 || j.Connected >= len(e.g.Nodes) {
		return nil, convert.Errorf(p, "connected node %d does not exist", j.Connected)
	}
	var desc JointDesc
	desc.Name, _ = j.Extras["khr.jointName"].(string)
	for _, l := range j.Limits {
		for _, axes := range [][2][]int{{l.Linear, nil}, {nil, l.Angular}} {
			if len(axes[0]) == 0 && len(axes[1]) == 0 {
				continue
			}
			kl := gltfx.EmitLimit(l)
			kl.LinearAxes, kl.AngularAxes = axes[0], axes[1]
			desc.Limits = append(desc.Limits, kl)
		}
		if len(l.Linear) == 0 && len(l.Angular) == 0 {
			e.diags.Add(convert.CodeJointLimitEmpty, convert.JointSubject(i), p, "a limit without axes restricts nothing; dropped")
		}
	}
	for _, d := range j.Drives {
		desc.Drives = append(desc.Drives, gltfx.EmitDrive(d))
	}
	key, err := json.Marshal(desc)
	if err != nil {
		return nil, err
	}
	k, ok := e.jointIndex[string(key)]
	if !ok {
		e.docExt.PhysicsJoints = append(e.docExt.PhysicsJoints, desc)
		k = len(e.docExt.PhysicsJoints) - 1
		e.jointIndex[string(key)] = k
	}
	return &NodeJoint{ConnectedNode: j.Connected, Joint: k, EnableCollision: j.EnableCollision}, nil
}

// carry keeps what KHR cannot express but OMI can (vehicles, wheels,
// thrusters, seats, spawn points) as the OMI extensions next to KHR, taken
// from the Graph's carried JSON or the source document; without either it
// goes into the node's extras.
func (e *emitter) carry() error {
	usedDoc := map[string]bool{}
	for i := range e.g.Nodes {
		n := &e.g.Nodes[i]
		carried, _ := n.Extras[CarriedKey].(map[string]json.RawMessage)
		for _, name := range carriedNames {
			has := carried[name] != nil || graphHas(n, name)
			if !has {
				continue
			}
			raw := carried[name]
			if raw == nil && e.src != nil {
				if v, ok := e.src.NodeExtension(i, name); ok {
					raw = v.Raw()
				}
			}
			p := "nodes[" + strconv.Itoa(i) + "].extensions." + name
			if raw != nil {
				if err := e.doc.SetNodeExtension(i, name, raw); err != nil {
					return err
				}
				usedDoc[name] = true
				e.diags.Add(convert.CodeKeptAsOmiExtension, convert.VehicleSubject(i), p, "KHR physics has no %s; it is kept as the OMI extension, which KHR-only readers ignore", name)
				continue
			}
			if err := e.extrasFallback(i, name, n); err != nil {
				return err
			}
		}
	}
	docCarried, _ := e.g.Extras[CarriedKey].(map[string]json.RawMessage)
	names := make([]string, 0, len(usedDoc))
	for n := range usedDoc {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, name := range names {
		raw := docCarried[name]
		if raw == nil && e.src != nil {
			if v, ok := e.src.DocExtension(name); ok {
				raw = v.Raw()
			}
		}
		if raw != nil {
			if err := e.doc.SetDocExtension(name, raw); err != nil {
				return err
			}
		}
	}
	return nil
}

func graphHas(n *convert.Node, name string) bool {
	attr, ok := vehicleAttrs[name]
	return ok && attr.get(n) != nil
}

// extrasFallback stores a vehicle attribute with no OMI JSON to copy in
// the node's extras under "physconv".
func (e *emitter) extrasFallback(i int, name string, n *convert.Node) error {
	e.doc.PutNodeExtra(i, name, vehicleAttrs[name].get(n), name, e.diags)
	return nil
}
