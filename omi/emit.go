package omi

import (
	"encoding/json"
	"fmt"
	"math"
	"path"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// largeMoment stands in for an infinite moment of inertia (KHR's 0),
// which OMI cannot express (0 there means "compute"): a million times the
// largest finite moment (or the mass times 1 m²), large enough to lock the
// rotation yet small enough not to drown the finite moments in rounding.
func largeMoment(d [3]float64, m *convert.Motion) float64 {
	base := 0.0
	for _, x := range d {
		if !math.IsInf(x, 0) {
			base = math.Max(base, x)
		}
	}
	if base == 0 {
		base = 1
		if m.Mass != nil && !math.IsInf(*m.Mass, 0) && *m.Mass > 0 {
			base = *m.Mass
		}
	}
	return 1e6 * base
}

// Emit writes the Graph as glTF with the current OMI extensions. Every
// non-physics part of a glTF source is carried unchanged. Options.
// OutputName picks .glb or .gltf (buffers in <name>.bin, images beside
// it); without a name (standard output) the source's container is kept
// and a .gltf holds its buffers as data: URIs.
func Emit(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
	if opts == nil {
		opts = &convert.Options{}
	}
	e := &emitter{g: g.Clone(), opts: opts, shapeIndex: map[int]int{}, meshIndex: map[int]int{}}
	e.prepare()
	d, err := gltfx.DocFromGraph(e.g)
	if err != nil {
		return nil, nil, err
	}
	e.doc, d.Diags = d, nil
	gltfx.AddVisuals(d, e.g)
	if err := e.emit(); err != nil {
		return nil, nil, err
	}
	convert.SceneDampingLoss(&e.diags, e.g, "OMI")
	e.diags = append(e.diags, d.Diags...)
	glb, base := container(opts.OutputName, d.Binary)
	out, err := gltfx.Encode(d, glb, base)
	if err != nil {
		return nil, nil, err
	}
	return out, e.diags, nil
}

// container chooses .glb or .gltf and the side-file base name.
func container(outputName string, sourceBinary bool) (glb bool, base string) {
	if outputName == "" || outputName == "-" {
		return sourceBinary, ""
	}
	ext := strings.ToLower(path.Ext(filepath.ToSlash(outputName)))
	if ext == ".glb" {
		return true, ""
	}
	name := path.Base(filepath.ToSlash(outputName))
	return false, strings.TrimSuffix(name, path.Ext(name))
}

// emitter writes one Graph into a glTF document.
type emitter struct {
	g          *convert.Graph
	doc        *gltfx.Doc
	opts       *convert.Options
	diags      convert.Diagnostics
	shapeIndex map[int]int // Graph shape → OMI shape
	meshIndex  map[int]int // Graph mesh → glTF mesh
	// shapeUsers are the colliders and triggers of the shape being written.
	shapeUsers []convert.Subject
}

func nodeRef(i int) string { return "nodes[" + strconv.Itoa(i) + "]" }

// prepare adapts the Graph to what OMI can say: a joint's connected frame
// must lie in a body, so a connected node outside every body (KHR's world
// frame) becomes a static body of its own, which is the same physics.
func (e *emitter) prepare() {
	for i := range e.g.Nodes {
		j := e.g.Nodes[i].Joint
		if j == nil || j.Connected < 0 || j.Connected >= len(e.g.Nodes) {
			continue
		}
		if e.g.BodyOf(j.Connected) < 0 {
			e.g.Nodes[j.Connected].Motion = &convert.Motion{Kind: convert.Static, GravityFactor: 1}
			e.diags.Add(convert.CodeStaticBodyAdded, convert.BodySubject(j.Connected), nodeRef(j.Connected),
				"joint %q is attached to the world here; OMI needs a body on the connected side, so this node becomes a static body", e.g.Nodes[i].Name)
		}
	}
}

func (e *emitter) emit() error {
	if err := e.emitShapes(); err != nil {
		return err
	}
	e.emitBodyDoc()
	if err := e.emitGravity(); err != nil {
		return err
	}
	for i := range e.g.Nodes {
		if err := e.emitBody(i); err != nil {
			return err
		}
	}
	if err := e.emitJoints(); err != nil {
		return err
	}
	e.doc.PutRobotExtras(e.g, &e.diags)
	e.doc.PutWheelExtras(e.g, &e.diags)
	return e.emitVehicles()
}

// jsonWorldGravity is the document-level OMI_physics_gravity.
type jsonWorldGravity struct {
	Gravity   float64     `json:"gravity"`
	Direction *[3]float64 `json:"direction,omitempty"`
}

// emitGravity writes the world's gravity as its strength along a unit
// direction (left out when straight down, the default).
func (e *emitter) emitGravity() error {
	if e.g.Gravity == nil {
		return nil
	}
	v := *e.g.Gravity
	w := jsonWorldGravity{Gravity: v.Len()}
	if w.Gravity > 0 && (v[0] != 0 || v[2] != 0 || v[1] > 0) {
		d := [3]float64(v.Scale(1 / w.Gravity))
		w.Direction = &d
	}
	return e.doc.SetDocExtension(extGravity, w)
}

// usedShapes lists the Graph shapes referenced by colliders and triggers.
func (e *emitter) usedShapes() []bool {
	used := make([]bool, len(e.g.Shapes))
	for _, n := range e.g.Nodes {
		if n.Collider != nil && n.Collider.Shape >= 0 && n.Collider.Shape < len(used) {
			used[n.Collider.Shape] = true
		}
		if n.Trigger != nil && n.Trigger.Shape >= 0 && n.Trigger.Shape < len(used) {
			used[n.Trigger.Shape] = true
		}
	}
	return used
}

// emitShapes writes OMI_physics_shape in Graph order, explicit sizes only.
func (e *emitter) emitShapes() error {
	var shapes []jsonShape
	users := e.g.ShapeUsers()
	for i, used := range e.usedShapes() {
		if !used {
			continue
		}
		s := e.g.Shapes[i]
		path := fmt.Sprintf("shapes[%d]", i)
		e.shapeUsers = users[i]
		js := jsonShape{Type: string(s.Kind), Name: s.Name}
		switch s.Kind {
		case convert.Box:
			js.Box = &jsonBox{Size: [3]float64(s.Size)}
		case convert.Sphere:
			js.Sphere = &jsonSphere{Radius: s.Radius}
		case convert.Capsule:
			js.Capsule = &jsonRound{Height: s.Height, RadiusBottom: s.RadiusBottom, RadiusTop: s.RadiusTop}
		case convert.Cylinder:
			js.Cylinder = &jsonRound{Height: s.Height, RadiusBottom: s.RadiusBottom, RadiusTop: s.RadiusTop}
		case convert.Convex, convert.TriMesh:
			m, ok := e.mesh(s.Mesh, path)
			if !ok {
				continue
			}
			if s.Kind == convert.Convex {
				js.Convex = &jsonMeshRef{Mesh: m}
			} else {
				js.Trimesh = &jsonMeshRef{Mesh: m}
			}
		default:
			e.diags.AddAll(convert.CodeShapeDropped, e.shapeUsers, path, "%s shapes have no OMI form; the colliders using it are dropped", s.Kind)
			continue
		}
		e.shapeIndex[i] = len(shapes)
		shapes = append(shapes, js)
	}
	if len(shapes) == 0 {
		return nil
	}
	return e.doc.SetDocExtension(extShape, jsonShapeDoc{Shapes: shapes})
}

// mesh returns the glTF mesh for a Graph mesh: the source document's own
// mesh when it came from one, else a new mesh written into buffer 0.
func (e *emitter) mesh(m int, path string) (int, bool) {
	if k, ok := e.meshIndex[m]; ok {
		return k, true
	}
	if m < 0 || m >= len(e.g.Meshes) {
		e.diags.AddAll(convert.CodeShapeDropped, e.shapeUsers, path, "mesh shape has no mesh; the colliders using it are dropped")
		return -1, false
	}
	gm := e.g.Meshes[m]
	if src, ok := gm.Extras[gltfx.MeshKey].(int); ok && gltfx.SourceDoc(e.g) != nil && src < len(e.doc.GLTF.Meshes) {
		e.meshIndex[m] = src
		return src, true
	}
	if len(gm.Positions) == 0 || len(gm.Indices) < 3 {
		e.diags.AddAll(convert.CodeShapeDropped, e.shapeUsers, path, "mesh %q has no triangles loaded; the colliders using it are dropped", gm.Name)
		return -1, false
	}
	pos := gm.Positions
	if s := gm.Scale; s != (convert.Vec3{}) && s != (convert.Vec3{1, 1, 1}) {
		pos = make([]convert.Vec3, len(gm.Positions))
		for i, p := range gm.Positions {
			pos[i] = p.Mul(s)
		}
	}
	k := gltfx.AddMesh(e.doc, convert.MeshSubject(m), gm.Name, pos, gm.Indices)
	e.meshIndex[m] = k
	return k, true
}

// emitBodyDoc writes every material and filter, keeping Graph indices.
func (e *emitter) emitBodyDoc() {
	var doc jsonBodyDoc
	for _, m := range e.g.Materials {
		doc.PhysicsMaterials = append(doc.PhysicsMaterials, gltfx.EmitMaterial(m))
	}
	for _, f := range e.g.Filters {
		doc.CollisionFilters = append(doc.CollisionFilters, gltfx.EmitFilter(f))
	}
	if len(doc.PhysicsMaterials) > 0 || len(doc.CollisionFilters) > 0 {
		// SetDocExtension only fails on unmarshalable values; these are plain.
		_ = e.doc.SetDocExtension(extBody, doc)
	}
}

func optIndex(i int) *int {
	if i < 0 {
		return nil
	}
	return &i
}

// emitBody writes a node's OMI_physics_body.
func (e *emitter) emitBody(i int) error {
	n := &e.g.Nodes[i]
	var b jsonBody
	if n.Motion != nil {
		b.Motion = e.motion(i, n.Motion)
	}
	if c := n.Collider; c != nil {
		jc := &jsonCollider{PhysicsMaterial: optIndex(c.Material), CollisionFilter: optIndex(c.Filter)}
		if c.Shape >= 0 {
			k, ok := e.shapeIndex[c.Shape]
			if ok {
				jc.Shape = &k
			} else {
				jc = nil
			}
		}
		if jc != nil {
			b.Collider = jc
		}
	}
	if t := n.Trigger; t != nil {
		b.Trigger = e.trigger(i, t)
	}
	if b.Motion == nil && b.Collider == nil && b.Trigger == nil {
		return nil
	}
	return e.doc.SetNodeExtension(i, extBody, b)
}

// trigger writes a trigger; the implicit compound (`trigger: {}`) is
// written in the current explicit form listing the descendant triggers.
func (e *emitter) trigger(i int, t *convert.Trigger) *jsonTrigger {
	jt := &jsonTrigger{Nodes: t.Nodes}
	if t.Shape >= 0 {
		k, ok := e.shapeIndex[t.Shape]
		if !ok {
			return nil
		}
		jt.Shape = &k
	}
	if t.Shape < 0 && len(t.Nodes) == 0 {
		return nil
	}
	jt.CollisionFilter = optIndex(t.Filter)
	return jt
}

// motion writes the mass properties so an OMI reader gets the Graph's
// values: OMI assumes 1 kg and a centre of mass at the origin when they
// are absent from a dynamic body, and computes an absent inertia itself
// (and, on a kinematic or static body, an absent mass and centre of
// mass), so the inertia is always written with the mass, and the centre
// of mass of a body that is not dynamic even at the origin.
func (e *emitter) motion(i int, m *convert.Motion) *jsonMotion {
	m = convert.NearZeroStandIn(m) // massless: see gltfx.PutRobotExtras
	path := nodeRef(i)
	convert.MotionLosses(&e.diags, e.g, i, path, "OMI", m, false)
	jm := &jsonMotion{Type: string(m.Kind)}
	if m.Mass != nil {
		switch {
		case math.IsInf(*m.Mass, 1) && m.Kind == convert.Dynamic && !e.g.FeelsGravity(m):
			// forces still turn it; a kinematic body would not turn
			kg := 1e6 * convert.HeaviestMass(e.g)
			jm.Mass = ptr(kg)
			e.diags.Add(convert.CodeMassInfinite, convert.BodySubject(i), path, "infinite mass has no OMI form; written as %g kg, a million times the heaviest other body's, which contacts move by a millionth of what they move that one", kg).Affecting(convert.QMass)
		case math.IsInf(*m.Mass, 1) && m.Kind == convert.Dynamic:
			jm.Type = string(convert.Kinematic)
			e.diags.Add(convert.CodeMassInfinite, convert.BodySubject(i), path, "infinite mass has no OMI form; the dynamic body is written as kinematic")
		case math.IsInf(*m.Mass, 1):
		default:
			jm.Mass = ptr(*m.Mass)
		}
	} else if m.Kind == convert.Dynamic {
		e.diags.Add(convert.CodeMassDefaulted, convert.BodySubject(i), path, "mass is not known; OMI readers will assume 1 kg")
	}
	// The origin goes without saying for a dynamic body only: for a
	// kinematic or static one (an infinite mass is written kinematic) a
	// reader computes a missing centre of mass from the colliders, which
	// would move it wherever they do not balance at the origin.
	if c := m.CenterOfMass; c != nil && (*c != (convert.Vec3{}) || jm.Type != string(convert.Dynamic)) {
		jm.CenterOfMass = ptr([3]float64(*c))
	} else if c == nil && m.Kind == convert.Dynamic {
		e.diags.Add(convert.CodeCenterOfMassDefaulted, convert.BodySubject(i), path, "centre of mass is not known; OMI readers will put it at the body origin")
	}
	// The inertia goes with the mass whatever its source: a reader
	// computing it from the colliders would miss dropped or approximated
	// shapes and the source's own mass rules.
	if d := m.InertiaDiagonal; d != nil {
		diag := [3]float64(*d)
		big := largeMoment(diag, m)
		for k := range diag {
			if math.IsInf(diag[k], 1) {
				diag[k] = big
				e.diags.Add(convert.CodeInertiaInfinite, convert.BodySubject(i), path, "an infinite moment of inertia has no OMI form (0 means computed); written as %g", big)
			}
		}
		if diag[0] > 0 && diag[1] > 0 && diag[2] > 0 {
			jm.InertiaDiagonal = &diag
			if q := m.InertiaOrientation; q != nil && *q != convert.IdentityQuat() {
				jm.InertiaOrientation = ptr([4]float64(*q))
			}
		}
	}
	if v := m.LinearVelocity; v != (convert.Vec3{}) {
		jm.LinearVelocity = ptr([3]float64(v))
	}
	if v := m.AngularVelocity; v != (convert.Vec3{}) {
		jm.AngularVelocity = ptr([3]float64(v))
	}
	if m.GravityFactor != 1 {
		jm.GravityFactor = ptr(m.GravityFactor)
	}
	return jm
}

// emitJoints writes OMI_physics_joint, sharing identical joint settings.
func (e *emitter) emitJoints() error {
	var joints []jsonJoint
	seen := map[string]int{}
	for i := range e.g.Nodes {
		j := e.g.Nodes[i].Joint
		if j == nil {
			continue
		}
		path := nodeRef(i)
		if j.Connected < 0 || j.Connected >= len(e.g.Nodes) {
			e.diags.Add(convert.CodeJointDropped, convert.JointSubject(i), path, "joint has no connected node; dropped")
			continue
		}
		jj := jsonJoint{}
		for _, l := range j.Limits {
			jj.Limits = append(jj.Limits, gltfx.EmitLimit(l))
		}
		for _, d := range j.Drives {
			jj.Drives = append(jj.Drives, gltfx.EmitDrive(d))
		}
		key, _ := json.Marshal(jj)
		k, ok := seen[string(key)]
		if !ok {
			k = len(joints)
			seen[string(key)] = k
			joints = append(joints, jj)
		}
		if err := e.doc.SetNodeExtension(i, extJoint, jsonNodeJoint{Joint: k, ConnectedNode: j.Connected, EnableCollision: j.EnableCollision}); err != nil {
			return err
		}
	}
	if len(joints) == 0 {
		return nil
	}
	return e.doc.SetDocExtension(extJoint, jsonJointDoc{PhysicsJoints: joints})
}
