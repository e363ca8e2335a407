package khr

import (
	"fmt"
	"math"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// File is the KHR physics content of one glTF document, read from any
// revision into the current form.
type File struct {
	// BodyExt and ShapeExt are the extension names the file uses
	// (KHR_physics_rigid_bodies / KHR_rigid_bodies / MSFT_rigid_bodies and
	// KHR_implicit_shapes / KHR_collision_shapes / MSFT_collision_primitives).
	BodyExt, ShapeExt string
	Doc               Document
	Shapes            []Shape
	// Nodes[i] is node i's extension, nil when absent.
	Nodes []*NodeExt
	// Paths[i] is the JSON path of Nodes[i], for diagnostics.
	Paths []string
}

// LegacyDefaults reports whether motion defaults of the 2023 revisions
// apply (mass 1, centre [0,0,0], inertia [1,1,1] when absent).
func (f *File) LegacyDefaults() bool { return f.BodyExt != gltfx.KHRPhysicsRigidBodies }

var bodyExts = []string{gltfx.KHRPhysicsRigidBodies, gltfx.KHRRigidBodies, gltfx.MSFTRigidBodies}
var shapeExts = []string{gltfx.KHRImplicitShapes, gltfx.KHRCollisionShapes, gltfx.MSFTCollisionPrimitives}

// decodeDoc reads the KHR physics extensions of d. Errors are FormatErrors
// with the JSON path; diagnostics report what was read but dropped.
func decodeDoc(d *gltfx.Doc) (*File, convert.Diagnostics, error) {
	var diags convert.Diagnostics
	f := &File{Nodes: make([]*NodeExt, len(d.GLTF.Nodes)), Paths: make([]string, len(d.GLTF.Nodes))}
	f.BodyExt = pickExtension(d, bodyExts, true)
	f.ShapeExt = pickExtension(d, shapeExts, false)
	dec := decoder{doc: d, file: f, diags: &diags}
	if v, ok := d.DocExtension(f.ShapeExt); ok {
		if err := dec.shapes(v); err != nil {
			return nil, nil, err
		}
	}
	if v, ok := d.DocExtension(f.BodyExt); ok {
		if err := dec.document(v); err != nil {
			return nil, nil, err
		}
	}
	for i := range d.GLTF.Nodes {
		v, ok := d.NodeExtension(i, f.BodyExt)
		if !ok {
			continue
		}
		if !v.IsObject() {
			return nil, nil, v.Errorf("", "must be an object, not %s", v.Kind())
		}
		n, err := dec.node(v)
		if err != nil {
			return nil, nil, err
		}
		f.Nodes[i], f.Paths[i] = n, v.Path()
	}
	return f, diags, nil
}

// pickExtension returns the first name of the lineage the document uses.
func pickExtension(d *gltfx.Doc, names []string, onNodes bool) string {
	for _, n := range names {
		if _, ok := d.DocExtension(n); ok {
			return n
		}
		if onNodes {
			for _, node := range d.GLTF.Nodes {
				if _, ok := node.Extensions[n]; ok {
					return n
				}
			}
		}
	}
	return names[0]
}

// physicsRules reads the schema shared with OMI; the 2023 revisions
// spelled limit springs springConstant/springDamping and wrote combine
// modes upper-case.
var physicsRules = gltfx.PhysicsRules{UpperCaseCombine: true, SpringKeys: true}

type decoder struct {
	doc   *gltfx.Doc
	file  *File
	diags *convert.Diagnostics
}

func (dc *decoder) shapes(v gltfx.Value) error {
	key := "shapes"
	if dc.file.ShapeExt == gltfx.MSFTCollisionPrimitives {
		key = "colliders"
	}
	items, err := v.Array(key)
	if err != nil {
		return err
	}
	for _, s := range items {
		sh, err := dc.shape(s)
		if err != nil {
			return err
		}
		dc.file.Shapes = append(dc.file.Shapes, sh)
	}
	return nil
}

func (dc *decoder) shape(s gltfx.Value) (Shape, error) {
	if !s.IsObject() {
		return Shape{}, s.Errorf("", "must be an object, not %s", s.Kind())
	}
	typ, err := s.String("type", "")
	if err != nil {
		return Shape{}, err
	}
	name, err := s.String("name", "")
	if err != nil {
		return Shape{}, err
	}
	sh := Shape{Type: typ, Name: name, Mesh: -1}
	sub, _, err := s.Object(typ)
	if err != nil && typ != "" {
		return Shape{}, err
	}
	nMeshes := len(dc.doc.GLTF.Meshes)
	switch typ {
	case "":
		return Shape{}, s.Errorf("type", "required property is missing")
	case "box":
		size, err := sub.Vec3("size", convert.Vec3{1, 1, 1})
		if err != nil {
			return Shape{}, err
		}
		for k, x := range size {
			if x <= 0 {
				return Shape{}, sub.Errorf("size", "component %d must be positive, not %v", k, x)
			}
		}
		sh.Box = &Box{Size: size}
	case "sphere":
		r, err := positive(sub, "radius", 0.5, false)
		if err != nil {
			return Shape{}, err
		}
		sh.Sphere = &Sphere{Radius: r}
	case "capsule", "cylinder":
		h, err := positive(sub, "height", 0.5, false)
		if err != nil {
			return Shape{}, err
		}
		rb, err := positive(sub, "radiusBottom", 0.25, true)
		if err != nil {
			return Shape{}, err
		}
		rt, err := positive(sub, "radiusTop", 0.25, true)
		if err != nil {
			return Shape{}, err
		}
		if rb == 0 && rt == 0 {
			return Shape{}, sub.Errorf("", "both radii are 0 (degenerate %s)", typ)
		}
		if typ == "capsule" {
			sh.Capsule = &Capsule{Height: h, RadiusBottom: rb, RadiusTop: rt}
		} else {
			sh.Cylinder = &Cylinder{Height: h, RadiusBottom: rb, RadiusTop: rt}
		}
	case "plane":
		p := &Plane{}
		if p.DoubleSided, err = sub.Bool("doubleSided", false); err != nil {
			return Shape{}, err
		}
		for _, k := range []string{"sizeX", "sizeZ"} {
			x, err := sub.OptFloat(k)
			if err != nil {
				return Shape{}, err
			}
			if x != nil && *x <= 0 {
				return Shape{}, sub.Errorf(k, "must be positive, not %v", *x)
			}
			if k == "sizeX" {
				p.SizeX = x
			} else {
				p.SizeZ = x
			}
		}
		sh.Plane = p
	case "convex", "trimesh", "mesh":
		if sh.Mesh, err = sub.Index("mesh", nMeshes, "meshes"); err != nil {
			return Shape{}, err
		}
		if sh.Mesh < 0 {
			return Shape{}, sub.Errorf("mesh", "required property is missing")
		}
		sh.ConvexHull = typ == "convex"
		if typ == "mesh" {
			if sh.ConvexHull, err = sub.Bool("convexHull", false); err != nil {
				return Shape{}, err
			}
			ext := s.Get("extensions").Get(gltfx.KHRPhysicsRigidBodies)
			if ext.Has("convexHull") {
				if sh.ConvexHull, err = ext.Bool("convexHull", false); err != nil {
					return Shape{}, err
				}
			}
			for _, k := range []string{"skin", "weights", "useNodeWeights"} {
				if sub.Has(k) {
					dc.diags.Add(convert.CodeFieldDropped, convert.SourceSubject(len(dc.file.Shapes)), sub.Get(k).Path(),
						"mesh deformation (%s) is not supported; the collider uses the undeformed mesh", k).Affecting(convert.QShape)
				}
			}
		}
	default:
		dc.diags.Add(convert.CodeShapeDropped, convert.SourceSubject(len(dc.file.Shapes)), s.Path(), "shape type %q is not known; colliders using it are dropped", typ)
	}
	return sh, nil
}

// positive reads a size that must be > 0 (or >= 0 when zeroOK).
func positive(v gltfx.Value, key string, def float64, zeroOK bool) (float64, error) {
	x, err := v.Float(key, def)
	if err != nil {
		return 0, err
	}
	if x < 0 || (x == 0 && !zeroOK) {
		return 0, v.Errorf(key, "must be positive, not %v", x)
	}
	return x, nil
}

func (dc *decoder) document(v gltfx.Value) error {
	if !v.IsObject() {
		return v.Errorf("", "must be an object, not %s", v.Kind())
	}
	mats, err := v.Array("physicsMaterials")
	if err != nil {
		return err
	}
	for _, m := range mats {
		mat, err := physicsRules.DecodeMaterial(m)
		if err != nil {
			return err
		}
		dc.file.Doc.PhysicsMaterials = append(dc.file.Doc.PhysicsMaterials, mat)
	}
	filters, err := v.Array("collisionFilters")
	if err != nil {
		return err
	}
	for _, fv := range filters {
		f, err := physicsRules.DecodeFilter(fv)
		if err != nil {
			return err
		}
		dc.file.Doc.CollisionFilters = append(dc.file.Doc.CollisionFilters, f)
	}
	jkey := "physicsJoints"
	if !v.Has(jkey) && v.Has("physicsJointLimits") {
		jkey = "physicsJointLimits"
	}
	joints, err := v.Array(jkey)
	if err != nil {
		return err
	}
	for _, jv := range joints {
		j, err := dc.jointDesc(jv)
		if err != nil {
			return err
		}
		dc.file.Doc.PhysicsJoints = append(dc.file.Doc.PhysicsJoints, j)
	}
	return nil
}

func (dc *decoder) jointDesc(v gltfx.Value) (JointDesc, error) {
	if !v.IsObject() {
		return JointDesc{}, v.Errorf("", "must be an object, not %s", v.Kind())
	}
	var j JointDesc
	var err error
	if j.Name, err = v.String("name", ""); err != nil {
		return j, err
	}
	limits, err := v.Array("limits")
	if err != nil {
		return j, err
	}
	for _, lv := range limits {
		l, err := physicsRules.DecodeLimit(lv)
		if err != nil {
			return j, err
		}
		if len(l.LinearAxes) == 0 && len(l.AngularAxes) == 0 {
			dc.diags.Add(convert.CodeJointLimitEmpty, convert.SourceSubject(-1), lv.Path(), "limit names no axes and restricts nothing; dropped")
			continue
		}
		j.Limits = append(j.Limits, l)
	}
	drives, err := v.Array("drives")
	if err != nil {
		return j, err
	}
	for _, dv := range drives {
		d, err := physicsRules.DecodeDrive(dv)
		if err != nil {
			return j, err
		}
		j.Drives = append(j.Drives, d)
	}
	return j, nil
}

func nonNegative(v gltfx.Value, key string) (*float64, error) {
	x, err := v.OptFloat(key)
	if err != nil {
		return nil, err
	}
	if x != nil && *x < 0 {
		return nil, v.Errorf(key, "must not be negative, not %v", *x)
	}
	return x, nil
}

func (dc *decoder) node(v gltfx.Value) (*NodeExt, error) {
	n := &NodeExt{}
	var err error
	if m, ok, err := v.Object("motion"); err != nil {
		return nil, err
	} else if ok {
		if n.Motion, err = decodeMotion(m); err != nil {
			return nil, err
		}
	}
	if c, ok, err := v.Object("collider"); err != nil {
		return nil, err
	} else if ok {
		if n.Collider, err = dc.collider(c); err != nil {
			return nil, err
		}
	}
	if t, ok, err := v.Object("trigger"); err != nil {
		return nil, err
	} else if ok {
		if n.Trigger, err = dc.trigger(t); err != nil {
			return nil, err
		}
	}
	if j, ok, err := v.Object("joint"); err != nil {
		return nil, err
	} else if ok {
		if n.Joint, err = dc.joint(j); err != nil {
			return nil, err
		}
	}
	return n, err
}

func decodeMotion(v gltfx.Value) (*Motion, error) {
	m := &Motion{}
	var err error
	if m.IsKinematic, err = v.Bool("isKinematic", false); err != nil {
		return nil, err
	}
	if m.Mass, err = nonNegative(v, "mass"); err != nil {
		return nil, err
	}
	vec := func(key string) (*[3]float64, error) {
		if !v.Has(key) {
			return nil, nil
		}
		x, err := v.Vec3(key, convert.Vec3{})
		a := [3]float64(x)
		return &a, err
	}
	if m.CenterOfMass, err = vec("centerOfMass"); err != nil {
		return nil, err
	}
	if m.InertiaDiagonal, err = vec("inertiaDiagonal"); err != nil {
		return nil, err
	}
	if m.InertiaDiagonal != nil {
		for k, x := range m.InertiaDiagonal {
			if x < 0 {
				return nil, v.Errorf("inertiaDiagonal", "component %d must not be negative, not %v", k, x)
			}
		}
	}
	if v.Has("inertiaOrientation") {
		q, err := v.Quat("inertiaOrientation", convert.IdentityQuat())
		if err != nil {
			return nil, err
		}
		l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
		if math.Abs(l-1) > 1e-3 {
			return nil, v.Errorf("inertiaOrientation", "must be a unit quaternion (length %v)", l)
		}
		a := [4]float64(q)
		m.InertiaOrientation = &a
	}
	if m.LinearVelocity, err = vec("linearVelocity"); err != nil {
		return nil, err
	}
	if m.AngularVelocity, err = vec("angularVelocity"); err != nil {
		return nil, err
	}
	if m.GravityFactor, err = v.OptFloat("gravityFactor"); err != nil {
		return nil, err
	}
	return m, nil
}

// geometry reads the current `geometry` object or a legacy shape
// reference (`shape`, MSFT `collider`) found on the collider/trigger.
func (dc *decoder) geometry(v gltfx.Value) (*Geometry, error) {
	nShapes := len(dc.file.Shapes)
	if g, ok, err := v.Object("geometry"); err != nil {
		return nil, err
	} else if ok {
		geo := &Geometry{}
		count := 0
		for _, f := range []struct {
			key  string
			n    int
			what string
			dst  **int
		}{
			{"shape", nShapes, "shapes", &geo.Shape},
			{"node", len(dc.doc.GLTF.Nodes), "nodes", &geo.Node},
			{"mesh", len(dc.doc.GLTF.Meshes), "meshes", &geo.Mesh},
		} {
			if !g.Has(f.key) {
				continue
			}
			count++
			i, err := g.Index(f.key, f.n, f.what)
			if err != nil {
				return nil, err
			}
			if i < 0 {
				return nil, g.Errorf(f.key, "index -1 is not valid")
			}
			*f.dst = &i
		}
		if count != 1 {
			return nil, g.Errorf("", "geometry must name exactly one of shape, node and mesh (it names %d)", count)
		}
		var err error
		geo.ConvexHull, err = g.Bool("convexHull", false)
		return geo, err
	}
	for _, key := range []string{"shape", "collider"} {
		if v.Has(key) {
			i, err := v.Index(key, nShapes, "shapes")
			if err != nil {
				return nil, err
			}
			if i < 0 {
				return nil, v.Errorf(key, "index -1 is not valid")
			}
			return &Geometry{Shape: &i}, nil
		}
	}
	return nil, nil
}

func (dc *decoder) collider(v gltfx.Value) (*Collider, error) {
	geo, err := dc.geometry(v)
	if err != nil {
		return nil, err
	}
	if geo == nil {
		return nil, v.Errorf("geometry", "required property is missing")
	}
	c := &Collider{Geometry: *geo}
	if c.PhysicsMaterial, err = optIndex(v, "physicsMaterial", len(dc.file.Doc.PhysicsMaterials), "physicsMaterials"); err != nil {
		return nil, err
	}
	c.CollisionFilter, err = optIndex(v, "collisionFilter", len(dc.file.Doc.CollisionFilters), "collisionFilters")
	return c, err
}

func optIndex(v gltfx.Value, key string, n int, what string) (*int, error) {
	i, err := v.Index(key, n, what)
	if err != nil || i < 0 {
		return nil, err
	}
	return &i, nil
}

func (dc *decoder) trigger(v gltfx.Value) (*Trigger, error) {
	geo, err := dc.geometry(v)
	if err != nil {
		return nil, err
	}
	t := &Trigger{Geometry: geo}
	if v.Has("nodes") {
		items, err := v.Array("nodes")
		if err != nil {
			return nil, err
		}
		for _, it := range items {
			i, err := it.AsIndex(len(dc.doc.GLTF.Nodes), "nodes")
			if err != nil {
				return nil, err
			}
			if i < 0 {
				return nil, it.Errorf("", "index -1 is not valid")
			}
			t.Nodes = append(t.Nodes, i)
		}
	}
	if geo == nil && t.Nodes == nil {
		return nil, v.Errorf("", "trigger needs geometry or nodes")
	}
	if t.CollisionFilter, err = optIndex(v, "collisionFilter", len(dc.file.Doc.CollisionFilters), "collisionFilters"); err != nil {
		return nil, err
	}
	return t, nil
}

func (dc *decoder) joint(v gltfx.Value) (*NodeJoint, error) {
	j := &NodeJoint{}
	var err error
	if !v.Has("connectedNode") {
		return nil, v.Errorf("connectedNode", "required property is missing")
	}
	if j.ConnectedNode, err = v.Index("connectedNode", len(dc.doc.GLTF.Nodes), "nodes"); err != nil {
		return nil, err
	}
	key := "joint"
	if !v.Has(key) && v.Has("jointLimits") {
		key = "jointLimits"
	}
	if !v.Has(key) {
		return nil, v.Errorf("joint", "required property is missing")
	}
	if j.Joint, err = v.Index(key, len(dc.file.Doc.PhysicsJoints), "physicsJoints"); err != nil {
		return nil, err
	}
	if j.ConnectedNode < 0 || j.Joint < 0 {
		return nil, v.Errorf("", "index -1 is not valid")
	}
	j.EnableCollision, err = v.Bool("enableCollision", false)
	return j, err
}

func (f *File) String() string {
	return fmt.Sprintf("%s+%s: %d shapes, %d materials, %d filters, %d joints",
		f.BodyExt, f.ShapeExt, len(f.Shapes), len(f.Doc.PhysicsMaterials), len(f.Doc.CollisionFilters), len(f.Doc.PhysicsJoints))
}
