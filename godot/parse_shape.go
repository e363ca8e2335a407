package godot

import (
	"encoding/binary"
	"math"
	"math/big"
	"path"
	"path/filepath"
	"strings"
	"sync"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/meshio"
	"github.com/physconv/physconv/internal/tscn"
)

// resourceOf resolves a SubResource/ExtResource value to the section that
// holds the resource's properties, loading .tres files as needed. It
// returns nil (with a diagnostic) for missing external files.
func (p *parser) resourceOf(v value, key string, n *node) (*resource, *tscn.Section, *doc, error) {
	r, ok := v.v.(tscn.Ref)
	if !ok {
		return nil, nil, nil, v.typeErr(key, "a SubResource or ExtResource")
	}
	if r.Kind == "SubResource" {
		res := v.doc.sub[r.ID]
		return res, res.section, v.doc, nil
	}
	res := v.doc.ext[r.ID]
	if res.section != nil {
		return res, res.section, res.owner, nil
	}
	if res.missing {
		return res, nil, nil, nil
	}
	lower := strings.ToLower(res.path)
	if strings.HasSuffix(lower, ".tscn") || strings.HasSuffix(lower, ".scn") {
		return nil, nil, nil, lineErr(v.doc.file, v.line, "%s %s is a scene, not a resource", key, res.resPath)
	}
	if !strings.HasSuffix(lower, ".tres") {
		res.missing = true
		p.note(convert.CodeGodotResourceUnreadable, convert.NodeSubject(p.idx(n)), n, "%s %s is not a text resource (.tres), which physconv reads; what it defines is dropped", key, res.resPath)
		return res, nil, nil, nil
	}
	d, err := p.l.open(res.path)
	if err != nil {
		if fe, ok := err.(*convert.FormatError); ok {
			return nil, nil, nil, fe
		}
		res.missing = true
		p.note(convert.CodeGodotResourceMissing, convert.NodeSubject(p.idx(n)), n, "%s %s cannot be read (%v)", key, res.resPath, err)
		return res, nil, nil, nil
	}
	if d.tscn.Header.Tag != "gd_resource" {
		return nil, nil, nil, lineErr(d.file, d.tscn.Header.Line, "%s is used as a resource but is a scene", res.resPath)
	}
	for i := range d.tscn.Sections {
		if d.tscn.Sections[i].Tag == "resource" {
			res.section = &d.tscn.Sections[i]
			res.owner = d
			if c := d.tscn.Header.AttrString("type"); c != "" {
				res.class = classOf(d.version, c)
			}
			return res, res.section, d, nil
		}
	}
	return nil, nil, nil, lineErr(d.file, d.tscn.Header.Line, "resource file has no [resource] section")
}

// prop reads one property of a resource section as a value.
func prop(s *tscn.Section, d *doc, key string) (value, bool) {
	v, ok := s.Prop(key)
	return value{v: v, doc: d, line: s.PropLine(key)}, ok
}

// resNum reads a numeric resource property or its class default.
func resNum(s *tscn.Section, d *doc, class, key string) (float64, error) {
	if v, ok := prop(s, d, key); ok {
		return v.float(key)
	}
	def, _ := defaultOf(d.version, class, key)
	return def, nil
}

// flatBoxMesh is the rectangle of a box with one side of zero length:
// two triangles facing the positive direction of that side's axis.
func flatBoxMesh(name string, size convert.Vec3) convert.Mesh {
	k := 0 // the axis of no thickness
	for i := range size {
		if size[i] == 0 {
			k = i
		}
	}
	u, v := (k+1)%3, (k+2)%3 // u × v = the k axis
	corner := func(su, sv float64) convert.Vec3 {
		var p convert.Vec3
		p[u], p[v] = su*size[u]/2, sv*size[v]/2
		return p
	}
	return convert.Mesh{Name: name, Loaded: true, Scale: convert.Vec3{1, 1, 1},
		Positions: []convert.Vec3{corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)},
		Indices:   []uint32{0, 1, 2, 0, 2, 3}}
}

// shapeFrom maps a shape resource to a Graph shape (one per resource).
func (p *parser) shapeFrom(v value, key string, n *node) (shapeRef, error) {
	res, s, d, err := p.resourceOf(v, key, n)
	if err != nil || s == nil {
		return shapeRef{index: -1}, err
	}
	if ref, ok := p.shapes[s]; ok {
		return ref, nil
	}
	class := res.class
	c4 := class
	if d.version == 3 {
		if x, ok := class3to4[class]; ok {
			c4 = x
		}
	}
	sh := convert.Shape{Name: res.id}
	var align *convert.Transform
	positive := func(what string, xs ...float64) error {
		for _, x := range xs {
			if !(x > 0) || math.IsInf(x, 0) {
				return lineErr(d.file, s.Line, "%s %s must be positive, got %v", class, what, x)
			}
		}
		return nil
	}
	switch c4 {
	case "BoxShape3D":
		if d.version == 3 {
			e := convert.Vec3{1, 1, 1}
			if v, ok := prop(s, d, "extents"); ok {
				if e, err = v.vec3("extents"); err != nil {
					return shapeRef{}, err
				}
			}
			sh.Size = e.Scale(2)
		} else {
			sh.Size = convert.Vec3{1, 1, 1}
			if v, ok := prop(s, d, "size"); ok {
				if sh.Size, err = v.vec3("size"); err != nil {
					return shapeRef{}, err
				}
			}
		}
		sh.Kind = convert.Box
		var flat []float64 // the sides that are not zero
		for _, x := range sh.Size {
			if x != 0 {
				flat = append(flat, x)
			}
		}
		if err = positive("size", flat...); err != nil || len(flat) == 3 {
			break
		}
		if len(flat) < 2 {
			p.note(convert.CodeShapeDropped, p.g.ColliderSubject(p.idx(n)), n, "%s size %v (line %d) has no area; the collider is dropped", class, sh.Size, s.Line).
				Affecting(convert.QShape, convert.QMass, convert.QCenterOfMass, convert.QInertia)
			return shapeRef{index: -1}, nil
		}
		// a box of no thickness, which Godot takes (a floor): its
		// rectangle, colliding on both faces as the box does
		p.note(convert.CodeShapeFlatRead, p.g.ColliderSubject(p.idx(n)), n, "%s size %v (line %d) has no thickness: read as its rectangle, a flat triangle mesh colliding on both faces", class, sh.Size, s.Line)
		sh.Mesh = p.g.AddMesh(flatBoxMesh(res.id, sh.Size))
		sh.Kind, sh.Size = convert.TriMesh, convert.Vec3{}
		sh.Extras = map[string]any{"godot.backface_collision": true}
	case "SphereShape3D":
		sh.Kind = convert.Sphere
		if sh.Radius, err = resNum(s, d, class, "radius"); err == nil {
			err = positive("radius", sh.Radius)
		}
	case "CapsuleShape3D":
		sh.Kind = convert.Capsule
		r, err1 := resNum(s, d, class, "radius")
		h, err2 := resNum(s, d, class, "height")
		if err = firstErr(err1, err2); err != nil {
			break
		}
		if err = positive("radius", r); err != nil {
			break
		}
		sh.RadiusTop, sh.RadiusBottom = r, r
		if d.version == 3 {
			sh.Height = h // cylinder part, along Z
			a := convert.Transform{R: convert.AxisAngle(convert.Vec3{1, 0, 0}, math.Pi/2), S: convert.Vec3{1, 1, 1}}
			align = &a
		} else {
			sh.Height = h - 2*r // Godot 4 height is the full length
		}
		if sh.Height <= 0 {
			// no cylinder between the caps: a sphere
			align = nil
			sh.Kind, sh.RadiusTop, sh.RadiusBottom, sh.Height = convert.Sphere, 0, 0, 0
			sh.Radius = capsuleSphere(d.version, r, h)
			err = positive("radius (the capsule is a sphere)", sh.Radius)
			// Godot's own physics still gives it a capsule's moments, by
			// its bounding box (godotPhysicsMass)
			sh.Extras = map[string]any{extraCapsuleSphere: true}
		}
	case "CylinderShape3D":
		sh.Kind = convert.Cylinder
		r, err1 := resNum(s, d, class, "radius")
		h, err2 := resNum(s, d, class, "height")
		if err = firstErr(err1, err2); err == nil {
			err = positive("radius and height", r, h)
		}
		sh.RadiusTop, sh.RadiusBottom, sh.Height = r, r, h
	case "SeparationRayShape3D":
		sh.Kind = convert.Ray
		if sh.Height, err = resNum(s, d, class, "length"); err == nil {
			err = positive("length", sh.Height)
		}
	case "ConvexPolygonShape3D", "ConcavePolygonShape3D":
		key := "points"
		if c4 == "ConcavePolygonShape3D" {
			key = "data"
		}
		pts := []float64{}
		if v, ok := prop(s, d, key); ok {
			if pts, err = v.floats(key, []string{"PackedVector3Array", "PoolVector3Array"}, -1); err != nil {
				return shapeRef{}, err
			}
		}
		if len(pts)%3 != 0 {
			return shapeRef{}, lineErr(d.file, s.PropLine(key), "%s %s has %d numbers, not whole Vector3s", class, key, len(pts))
		}
		mesh := convert.Mesh{Name: res.id, Loaded: true, Scale: convert.Vec3{1, 1, 1}}
		for i := 0; i+2 < len(pts); i += 3 {
			mesh.Positions = append(mesh.Positions, convert.Vec3{pts[i], pts[i+1], pts[i+2]})
		}
		sh.Kind = convert.Convex
		if c4 == "ConcavePolygonShape3D" {
			sh.Kind = convert.TriMesh
			if len(mesh.Positions)%3 != 0 {
				return shapeRef{}, lineErr(d.file, s.PropLine(key), "%s data has %d vertices, not whole triangles", class, len(mesh.Positions))
			}
			// Godot's front faces wind clockwise; the Graph's counter-clockwise.
			for i := 0; i+2 < len(mesh.Positions); i += 3 {
				mesh.Indices = append(mesh.Indices, uint32(i), uint32(i+2), uint32(i+1))
			}
			if v, ok := prop(s, d, "backface_collision"); ok && v.v == true {
				sh.Extras = map[string]any{"godot.backface_collision": true}
			}
		}
		if len(mesh.Positions) < 3 {
			// an empty shape a script fills at run time: Godot loads it,
			// and it collides with nothing
			p.note(convert.CodeShapeDropped, p.g.ColliderSubject(p.idx(n)), n, "%s (line %d) has %d points, so it collides with nothing; the collider is dropped", class, s.Line, len(mesh.Positions)).
				Affecting(convert.QShape, convert.QMass, convert.QCenterOfMass, convert.QInertia)
			return shapeRef{index: -1}, nil
		}
		if sh.Kind == convert.Convex {
			mesh.Indices = convert.HullIndices(mesh.Positions)
		}
		sh.Mesh = p.g.AddMesh(mesh)
	case "WorldBoundaryShape3D":
		sh.Kind = convert.Plane
		sh.DoubleSided = false
		plane := []float64{0, 1, 0, 0}
		if v, ok := prop(s, d, "plane"); ok {
			if plane, err = v.floats("plane", []string{"Plane"}, 4); err != nil {
				return shapeRef{}, err
			}
		}
		nrm := convert.Vec3{plane[0], plane[1], plane[2]}
		if nrm.Len() == 0 {
			return shapeRef{}, lineErr(d.file, s.PropLine("plane"), "plane normal is zero")
		}
		nrm = nrm.Normalize()
		if nrm != (convert.Vec3{0, 1, 0}) || plane[3] != 0 {
			a := convert.Transform{T: nrm.Scale(plane[3]), R: rotationBetween(convert.Vec3{0, 1, 0}, nrm), S: convert.Vec3{1, 1, 1}}
			align = &a
		}
	case "HeightMapShape3D":
		w, err1 := resNum(s, d, class, "map_width")
		dp, err2 := resNum(s, d, class, "map_depth")
		if err = firstErr(err1, err2); err != nil {
			break
		}
		data := []float64{}
		if v, ok := prop(s, d, "map_data"); ok {
			if data, err = v.floats("map_data", []string{"PackedFloat32Array", "PoolRealArray", "PackedFloat64Array"}, -1); err != nil {
				return shapeRef{}, err
			}
		}
		if w < 2 || dp < 2 || w != math.Trunc(w) || dp != math.Trunc(dp) {
			return shapeRef{}, lineErr(d.file, s.Line, "HeightMapShape map_width %g and map_depth %g: each must be a whole number, at least 2", w, dp)
		}
		if w*dp != float64(len(data)) {
			// compared as floats: the product of two large sizes wraps as an int
			return shapeRef{}, lineErr(d.file, s.Line, "HeightMapShape %.0f×%.0f needs %s heights, has %d", w, dp, exactProduct(w, dp), len(data))
		}
		cols, rows := int(w), int(dp)
		f := &convert.HeightField{Columns: cols, Rows: rows, SizeX: float64(cols - 1), SizeZ: float64(rows - 1), Heights: data,
			MinY: math.Inf(1), MaxY: math.Inf(-1)}
		for _, h := range data {
			f.MinY, f.MaxY = math.Min(f.MinY, h), math.Max(f.MaxY, h)
		}
		sh.Kind, sh.Field = convert.Heightfield, f
	default:
		p.note(convert.CodeShapeDropped, p.g.ColliderSubject(p.idx(n)), n, "shape class %s is not supported; the collider is dropped", class)
		return shapeRef{index: -1}, nil
	}
	if err != nil {
		return shapeRef{}, err
	}
	if v, ok := prop(s, d, "margin"); ok {
		mg, err := v.float("margin")
		if err != nil {
			return shapeRef{}, err
		}
		if sh.Extras == nil {
			sh.Extras = map[string]any{}
		}
		sh.Extras[extraMargin] = mg
	}
	ref := shapeRef{index: p.g.AddShape(sh), align: align}
	p.shapes[s] = ref
	return ref, nil
}

func firstErr(errs ...error) error {
	for _, e := range errs {
		if e != nil {
			return e
		}
	}
	return nil
}

// rotationBetween returns the shortest rotation taking unit a to unit b.
func rotationBetween(a, b convert.Vec3) convert.Quat {
	c := a.Cross(b)
	d := a.Dot(b)
	if d < -1+1e-12 {
		axis := convert.Vec3{1, 0, 0}.Cross(a)
		if axis.Len() < 1e-6 {
			axis = convert.Vec3{0, 0, 1}.Cross(a)
		}
		return convert.AxisAngle(axis, math.Pi)
	}
	return convert.Quat{c[0], c[1], c[2], 1 + d}.Normalize()
}

// materialOf maps a body's physics material (Godot 4 override, or Godot 3
// body friction/bounce) to a Graph material. Bodies without one get
// Godot's default material (friction 1, bounce 0), which differs from the
// Graph's default.
func (p *parser) materialOf(body *node) (int, error) {
	return p.materialFrom(body, "physics_material_override")
}

// materialFrom is materialOf for the material in property key (a
// GridMap's is physics_material).
func (p *parser) materialFrom(body *node, property string) (int, error) {
	var s *tscn.Section
	var d *doc
	named := false // a material is named, read or not
	if v, ok := body.get(property); ok && v.v != nil && !(body.version == 3 && body.class == "KinematicBody") {
		named = true
		var err error
		var res *resource
		res, s, d, err = p.resourceOf(v, property, body)
		if err != nil {
			return -1, err
		}
		if res != nil && s == nil && res.resPath != "" && property == "physics_material_override" {
			// a binary .phymat, unread: Godot output names it again
			if i := p.idx(body); i >= 0 {
				if p.g.Nodes[i].Extras == nil {
					p.g.Nodes[i].Extras = map[string]any{}
				}
				p.g.Nodes[i].Extras[extraMaterialRef] = res.resPath
			}
		}
	}
	key := s
	if key == nil {
		key = godotDefaultMaterial
	}
	if m, ok := p.materials[key]; ok && s != nil {
		return m, nil
	}
	mat := convert.Material{Name: "Godot default", StaticFriction: 1, DynamicFriction: 1, FrictionCombine: "minimum"}
	rough, absorbent := false, false
	if s != nil {
		mat.Name = ""
		if v, ok := prop(s, d, "resource_name"); ok {
			mat.Name, _ = v.str("resource_name")
		}
		fr, err1 := resNum(s, d, "PhysicsMaterial", "friction")
		bo, err2 := resNum(s, d, "PhysicsMaterial", "bounce")
		if err := firstErr(err1, err2); err != nil {
			return -1, err
		}
		mat.StaticFriction, mat.DynamicFriction, mat.Restitution = fr, fr, bo
		if v, ok := prop(s, d, "rough"); ok {
			rough, _ = v.boolean("rough")
		}
		if v, ok := prop(s, d, "absorbent"); ok {
			absorbent, _ = v.boolean("absorbent")
		}
	} else if body.version == 3 && !named {
		var err error
		if mat, err = p.godot3BodyMaterial(body); err != nil {
			return -1, err
		}
	}
	if rough {
		mat.FrictionCombine = "maximum"
		p.note(convert.CodeGodotMaterialRough, convert.BodySubject(p.idx(body)), body, "rough material: Godot lets its friction win against other bodies; read as friction combine \"maximum\"")
	}
	if absorbent {
		mat.RestitutionCombine = "minimum"
		p.note(convert.CodeGodotMaterialAbsorbent, convert.BodySubject(p.idx(body)), body, "absorbent material: Godot subtracts its bounce; read as restitution combine \"minimum\"")
	}
	if m, ok := p.findMaterial(mat); ok {
		p.materials[key] = m
		return m, nil
	}
	p.g.Materials = append(p.g.Materials, mat)
	m := len(p.g.Materials) - 1
	p.materials[key] = m
	return m, nil
}

var godotDefaultMaterial = &tscn.Section{Tag: "default"}

// godot3BodyMaterial is the material of a Godot 3 body without a
// PhysicsMaterial. Godot 3 leaves its friction to the engine then:
// Bullet's is 0.5, GodotPhysics' 1 (a KinematicBody never has a
// material). The body's own friction and bounce, deprecated, make a
// material only when they differ from a new PhysicsMaterial's (friction
// 1, bounce 0): friction = 1 alone keeps the engine's 0.5, bounce = 0.1
// alone gives friction 1. Both engines combine frictions by their
// minimum.
func (p *parser) godot3BodyMaterial(body *node) (convert.Material, error) {
	own := convert.Material{StaticFriction: 1, DynamicFriction: 1, FrictionCombine: "minimum"}
	made := false
	if body.class != "KinematicBody" {
		for _, k := range []string{"friction", "bounce"} {
			v, ok := body.get(k)
			if !ok {
				continue
			}
			f, err := v.float(k)
			if err != nil {
				return convert.Material{}, err
			}
			if k == "friction" {
				own.StaticFriction, own.DynamicFriction = f, f
				made = made || f != 1
			} else {
				own.Restitution = f
				made = made || f != 0
			}
		}
	}
	if made {
		return own, nil
	}
	f := godot3EngineFriction(p.engine3())
	return convert.Material{Name: "Godot default", StaticFriction: f, DynamicFriction: f, FrictionCombine: "minimum"}, nil
}

// godot3EngineFriction is the friction a Godot 3 engine gives a body
// without a material: btCollisionObject's default in Bullet, the body's
// in GodotPhysics ("" is the default engine, Bullet).
func godot3EngineFriction(engine string) float64 {
	if engine == engineGodotPhysics3 {
		return 1
	}
	return 0.5
}

func (p *parser) findMaterial(m convert.Material) (int, bool) {
	if i, ok := p.materialFinder.Find(p.g, m); ok {
		return i, true
	}
	return -1, false
}

// meshFile lets the writers of other formats read a mesh file a scene
// names that Godot imports as a mesh (OBJ; Godot's own .mesh and .res
// are binary resources, left as references): its triangles on demand
// and its bytes to copy beside the output. Otherwise they could only
// drop the visual (MJCF) or name the file where it lies relative to the
// scene, which from the output's folder it is not (URDF).
func (p *parser) meshFile(m *convert.Mesh) {
	if strings.ToLower(path.Ext(m.File)) != ".obj" {
		return
	}
	in, file := p.l.in, m.File
	if _, err := in.Stat(file); err != nil {
		return // reported as the reference it stays
	}
	var once sync.Once
	var decoded *meshio.Mesh
	var data []byte
	var readErr error
	load := func() {
		if data, readErr = in.Open(file); readErr == nil {
			decoded, readErr = meshio.DecodeCached(in.Decoded(), file, data, nil)
		}
	}
	m.Decode = func() ([]convert.Vec3, []uint32, error) {
		once.Do(load)
		if readErr != nil {
			return nil, nil, readErr
		}
		return decoded.Positions, decoded.Indices, nil
	}
	m.Source = func() ([]byte, string, convert.Vec3, error) {
		once.Do(load)
		return data, "obj", convert.Vec3{1, 1, 1}, readErr
	}
	if loc, err := in.Locate(file); err == nil {
		if filepath.IsAbs(loc) {
			m.SourceFile = loc
		} else if in.Root != "" {
			m.SourceFile = filepath.Join(in.Root, filepath.FromSlash(loc))
		}
	}
}

// visual maps a MeshInstance3D to a Graph visual: primitive meshes become
// shapes, mesh files stay references (readable ones also carry their
// triangles, see meshFile).
func (p *parser) visual(n *node, idx int) error {
	v, ok := n.get("mesh")
	if !ok || v.v == nil {
		return nil
	}
	r, ok := v.v.(tscn.Ref)
	if !ok {
		return v.typeErr("mesh", "a SubResource or ExtResource")
	}
	if r.Kind == "ExtResource" {
		res := v.doc.ext[r.ID]
		mesh := convert.Mesh{Name: res.id, File: res.path, Scale: convert.Vec3{1, 1, 1},
			Extras: map[string]any{extraMeshPath: res.resPath, extraVersion: v.doc.version}}
		p.meshFile(&mesh)
		mi := p.g.AddMesh(mesh)
		color, tex, err := p.visualColor(n, &tscn.Section{}, v.doc)
		if err != nil {
			return err
		}
		p.g.Nodes[idx].Visual = &convert.Visual{Shape: p.g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: mi}), Color: color, Texture: tex}
		return nil
	}
	res := v.doc.sub[r.ID]
	s, d := res.section, v.doc
	num := func(key string, def float64) float64 {
		if x, ok := prop(s, d, key); ok {
			if f, err := x.float(key); err == nil {
				return f
			}
		}
		return def
	}
	vec := func(key string, def convert.Vec3) convert.Vec3 {
		if x, ok := prop(s, d, key); ok {
			if f, err := x.vec3(key); err == nil {
				return f
			}
		}
		return def
	}
	g3 := d.version == 3
	var sh convert.Shape
	var align *convert.Transform
	switch res.class {
	case "BoxMesh", "CubeMesh":
		def := convert.Vec3{1, 1, 1}
		if g3 {
			def = convert.Vec3{2, 2, 2}
		}
		sh = convert.Shape{Kind: convert.Box, Size: vec("size", def)}
	case "SphereMesh":
		r, h := num("radius", 0.5), num("height", 1)
		if g3 {
			r, h = num("radius", 1), num("height", 2)
		}
		if math.Abs(h-2*r) < 1e-9 {
			sh = convert.Shape{Kind: convert.Sphere, Radius: r}
		} else {
			sh = convert.Shape{Kind: convert.Ellipsoid, Size: convert.Vec3{r, h / 2, r}}
		}
	case "CapsuleMesh":
		if g3 {
			// along Z, mid_height the cylinder part (as CapsuleShape)
			r := num("radius", 1)
			sh = convert.Shape{Kind: convert.Capsule, RadiusTop: r, RadiusBottom: r, Height: num("mid_height", 1)}
			a := convert.Transform{R: convert.AxisAngle(convert.Vec3{1, 0, 0}, math.Pi/2), S: convert.Vec3{1, 1, 1}}
			align = &a
			break
		}
		r, h := num("radius", 0.5), num("height", 2)
		sh = convert.Shape{Kind: convert.Capsule, RadiusTop: r, RadiusBottom: r, Height: h - 2*r}
		if sh.Height <= 0 {
			sh = convert.Shape{Kind: convert.Sphere, Radius: capsuleSphere(4, r, h)}
		}
	case "CylinderMesh":
		def := 0.5
		hd := 2.0
		if g3 {
			def = 1
		}
		sh = convert.Shape{Kind: convert.Cylinder, RadiusTop: num("top_radius", def), RadiusBottom: num("bottom_radius", def), Height: num("height", hd)}
	case "PlaneMesh":
		// a 2×2 quad facing +Y unless turned (orientation) or offset
		size := []float64{2, 2}
		if x, ok := prop(s, d, "size"); ok {
			if f, err := x.floats("size", []string{"Vector2"}, 2); err == nil {
				size = f
			}
		}
		if num("orientation", 1) != 1 || vec("center_offset", convert.Vec3{}) != (convert.Vec3{}) || !(size[0] > 0 && size[1] > 0) {
			p.note(convert.CodeVisualDropped, p.g.VisualSubject(p.idx(n)), n, "PlaneMesh visual facing another axis, offset or empty is not carried over")
			return nil
		}
		sh = convert.Shape{Kind: convert.Plane, SizeX: size[0], SizeZ: size[1]}
	case "ArrayMesh":
		am, ok := p.arrayMeshes[s]
		if !ok {
			m, why, err := arrayMeshTriangles(s, d)
			if err != nil {
				return err
			}
			am = arrayMeshRead{mesh: -1, why: why}
			if why == "" {
				m.Name = res.id
				am.mesh = p.g.AddMesh(m)
			}
			if p.arrayMeshes == nil {
				p.arrayMeshes = map[*tscn.Section]arrayMeshRead{}
			}
			p.arrayMeshes[s] = am
		}
		if am.why != "" {
			p.note(convert.CodeVisualDropped, p.g.VisualSubject(p.idx(n)), n, "%s; the visual is not carried over", am.why)
			return nil
		}
		sh = convert.Shape{Kind: convert.TriMesh, Mesh: am.mesh}
	default:
		p.note(convert.CodeVisualDropped, p.g.VisualSubject(p.idx(n)), n, "%s visual is not carried over", res.class)
		return nil
	}
	if sh.Kind == convert.Box && !(sh.Size[0] > 0 && sh.Size[1] > 0 && sh.Size[2] > 0) ||
		sh.Kind == convert.Sphere && !(sh.Radius > 0) ||
		(sh.Kind == convert.Capsule || sh.Kind == convert.Cylinder) && !(sh.RadiusTop >= 0 && sh.RadiusBottom >= 0 && sh.Height > 0) {
		p.note(convert.CodeVisualDropped, p.g.VisualSubject(p.idx(n)), n, "%s visual has degenerate size; not carried over", res.class)
		return nil
	}
	color, tex, err := p.visualColor(n, s, d)
	if err != nil {
		return err
	}
	if align != nil {
		p.align(idx, *align)
	}
	if sh.Kind == convert.Sphere || sh.Kind == convert.Ellipsoid || sh.Kind == convert.Cylinder || sh.Kind == convert.Capsule {
		sh.Extras = map[string]any{extraSegments: segmentProps(s)}
	}
	p.g.Nodes[idx].Visual = &convert.Visual{Shape: p.g.AddShape(sh), Color: color, Texture: tex}
	return nil
}

// segmentProps are the subdivision properties a primitive mesh states
// (none: the engine's defaults, the same in Godot 3 and 4). Godot draws a
// round mesh as a polygon of them, a little inside the true shape (the
// default SphereMesh's 32 rings miss the equator), so a Godot round trip
// writes them back to draw the mesh the source draws.
func segmentProps(s *tscn.Section) []tscn.Prop {
	out := []tscn.Prop{}
	for _, k := range []string{"radial_segments", "rings"} {
		if v, ok := s.Prop(k); ok {
			if n, ok := v.(int64); ok {
				out = append(out, tscn.Prop{Key: k, Value: n})
			}
		}
	}
	return out
}

// visualColor is the albedo colour Godot draws a MeshInstance with: its
// material_override, else its first surface's override (material/0 in
// Godot 3), else the primitive mesh's own material; nil when none is a
// StandardMaterial3D (SpatialMaterial, ORMMaterial3D) Godot can be read
// from. A material that says nothing but the colour is marked read (with
// the ones it hides): the Graph carries all Godot draws, and Emit writes
// it back; a richer one is kept for a Godot round trip, and Emit writes
// no colour over it. tex is the material's albedo_texture when it is an
// image file (a Texture2D ext_resource), for other formats.
func (p *parser) visualColor(n *node, mesh *tscn.Section, d *doc) (c *[4]float64, tex *convert.Image, err error) {
	keys := []string{"material_override", "surface_material_override/0"}
	if n.version == 3 {
		keys[1] = "material/0"
	}
	var cands []value
	var from []string
	for _, k := range keys {
		if v, ok := n.get(k); ok && v.v != nil {
			cands, from = append(cands, v), append(from, k)
		}
	}
	if v, ok := prop(mesh, d, "material"); ok && v.v != nil {
		cands, from = append(cands, v), append(from, "")
	}
	if len(cands) == 0 {
		return nil, nil, nil
	}
	v, key := cands[0], from[0]
	if from[0] == "" {
		key = "material"
	}
	res, s, md, err := p.resourceOf(v, key, n)
	if err != nil || s == nil {
		return nil, nil, err
	}
	switch res.class {
	case "StandardMaterial3D", "ORMMaterial3D", "SpatialMaterial":
	default:
		// a shader decides the colour
		p.note(convert.CodeShaderDropped, convert.NodeSubject(p.idx(n)), n, "the visual is drawn by a %s, which other formats cannot draw: they show it in their default colour (Godot output keeps the material)", res.class)
		return nil, nil, nil
	}
	col := [4]float64{1, 1, 1, 1}
	if x, ok := prop(s, md, "albedo_color"); ok {
		f, err := x.floats("albedo_color", []string{"Color"}, -1)
		if err != nil {
			return nil, nil, err
		}
		if len(f) != 3 && len(f) != 4 {
			return nil, nil, x.typeErr("albedo_color", "Color(r, g, b, a)")
		}
		copy(col[:], f)
	}
	if x, ok := prop(s, md, "albedo_texture"); ok {
		tex = p.textureImage(x)
	}
	if from[0] != "" && res.path == "" && colourOnly(s) {
		// the materials it hides go with it: kept, they would be
		// taken for the one Godot draws
		for _, k := range from {
			if k != "" {
				n.markRead(k)
			}
		}
	}
	return &col, tex, nil
}

// embeddedImage is the PNG a PortableCompressedTexture2D sub-resource
// holds in Godot's lossless form (see textureSub), nil for any other
// texture or data.
func embeddedImage(d *doc, id string) *convert.Image {
	res := d.sub[id]
	if res == nil || res.class != "PortableCompressedTexture2D" || res.section == nil {
		return nil
	}
	var data []byte
	name := "texture"
	for _, pr := range res.section.Props {
		switch pr.Key {
		case "resource_name":
			if s, ok := pr.Value.(string); ok && s != "" {
				name = s
			}
		case "_data":
			c, ok := pr.Value.(*tscn.Call)
			if !ok || c.Name != "PackedByteArray" {
				return nil
			}
			if data, ok = c.ByteArgs(); !ok {
				return nil
			}
		}
	}
	const header = 24 // the 20-byte header and the first level's size
	if len(data) < header+4 || binary.LittleEndian.Uint16(data) != portableLossless || binary.LittleEndian.Uint16(data[2:]) != portablePNG {
		return nil
	}
	size := int(binary.LittleEndian.Uint32(data[20:]))
	if size < 4 || size > len(data)-header || string(data[header:header+4]) != "PNG " {
		return nil
	}
	png := data[header+4 : header+size]
	return &convert.Image{Name: name + ".png", File: d.file + "::" + id, Read: func() ([]byte, error) { return png, nil }}
}

// colourOnly reports a material whose properties are all ones the Graph's
// visual colour stands for.
func colourOnly(s *tscn.Section) bool {
	for _, p := range s.Props {
		switch p.Key {
		case "albedo_color", "transparency", "flags_transparent", "resource_name":
		default:
			return false
		}
	}
	return true
}

// textureImage is the image a material's texture property names: a
// Texture2D (StreamTexture in Godot 3) ext_resource whose path is an
// image file, read through the input, or a PortableCompressedTexture2D
// sub-resource holding a PNG; nil for anything else (another texture
// sub-resource, a .tres), which stays with the kept material.
func (p *parser) textureImage(x value) *convert.Image {
	r, ok := x.v.(tscn.Ref)
	if ok && r.Kind == "SubResource" {
		return embeddedImage(x.doc, r.ID)
	}
	if !ok || r.Kind != "ExtResource" {
		return nil
	}
	res := x.doc.ext[r.ID]
	if res == nil {
		return nil
	}
	switch strings.ToLower(path.Ext(res.path)) {
	case ".png", ".jpg", ".jpeg", ".webp", ".bmp", ".tga", ".svg":
		// the image formats Godot imports as textures; each writer
		// takes what its format can draw and reports the rest
	default:
		return nil
	}
	file := res.path
	im := &convert.Image{Name: res.resPath, File: file, Read: func() ([]byte, error) { return p.l.in.Open(file) }}
	if loc, err := p.l.in.Locate(file); err == nil {
		im.File = loc
		if filepath.IsAbs(loc) {
			im.SourceFile = loc
		} else if p.l.in.Root != "" {
			im.SourceFile = filepath.Join(p.l.in.Root, filepath.FromSlash(loc))
		}
	}
	return im
}

// capsuleSphere is the radius of a capsule with no cylinder between its
// caps, which is a sphere (the Graph's capsules have a positive height):
// Godot 3's CapsuleShape of height 0, or Godot 4's whose full height is at
// most twice its radius; Godot 4 then shrinks the radius to half the
// height (it sets the radius, then the height, as a scene lists them).
func capsuleSphere(version int, r, h float64) float64 {
	if version != 3 {
		return math.Min(r, h/2)
	}
	return r
}

// exactProduct spells the product of two whole numbers exactly (a
// float64 product of two large sizes is rounded).
func exactProduct(a, b float64) string {
	p := new(big.Float).SetPrec(128).SetFloat64(a)
	return p.Mul(p, new(big.Float).SetPrec(128).SetFloat64(b)).Text('f', 0)
}
