package godot

import (
	"encoding/binary"
	"fmt"
	"math"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
	"github.com/physconv/physconv/internal/tscn"
)

// addSub appends a sub_resource and returns its reference.
func (e *emitter) addSub(class string, props []tscn.Prop) tscn.Ref {
	n := len(e.sub) + 1
	id := class + "_" + strconv.Itoa(n)
	ref := tscn.Ref{Kind: "SubResource", ID: id}
	s := tscn.Section{Tag: "sub_resource", Attrs: []tscn.Prop{{Key: "type", Value: class}, {Key: "id", Value: id}}, Props: props}
	if e.v == 3 {
		id = fmt.Sprint(n)
		ref = tscn.Ref{Kind: "SubResource", ID: id, IntID: true}
		s.Attrs[1].Value = int64(n)
	}
	e.sub = append(e.sub, s)
	return ref
}

func (e *emitter) addExt(class, p string) tscn.Ref {
	return e.addExtTagged(class, p, "mesh")
}

// addExtTagged is addExt with the tag Godot 4 ids carry after their number.
// A file is declared once however many nodes refer to it.
func (e *emitter) addExtTagged(class, p, tag string) tscn.Ref {
	key := class + "\x00" + p
	if ref, ok := e.extRefs[key]; ok {
		return ref
	}
	n := len(e.ext) + 1
	id := fmt.Sprintf("%d_%s", n, tag)
	ref := tscn.Ref{Kind: "ExtResource", ID: id}
	s := tscn.Section{Tag: "ext_resource", Attrs: []tscn.Prop{{Key: "type", Value: class}, {Key: "path", Value: p}, {Key: "id", Value: id}}}
	if e.v == 3 {
		ref = tscn.Ref{Kind: "ExtResource", ID: fmt.Sprint(n), IntID: true}
		s.Attrs = []tscn.Prop{{Key: "path", Value: p}, {Key: "type", Value: class}, {Key: "id", Value: int64(n)}}
	}
	e.ext = append(e.ext, s)
	if e.extRefs == nil {
		e.extRefs = map[string]tscn.Ref{}
	}
	e.extRefs[key] = ref
	return ref
}

func floatsValue(name string, xs []float64) tscn.Value {
	args := make([]tscn.Value, len(xs))
	for i, x := range xs {
		args[i] = x
	}
	return &tscn.Call{Name: name, Args: args}
}

// shapeRef writes a Graph shape as a Godot shape resource (once per shape,
// and once per mesh: shapes made of one mesh the same way, as links that
// reuse a mesh file have, share one resource rather than repeat its
// points).
func (e *emitter) shapeRef(si int, where string) tscn.Value {
	key := fmt.Sprint(si)
	if id, ok := e.shapeIDs[key]; ok {
		return e.refFromID(id)
	}
	if e.shapeUsers == nil {
		e.shapeUsers = e.g.ShapeUsers()
	}
	users := append([]convert.Subject(nil), e.shapeUsers[si]...)
	for k, u := range users {
		if from, ok := e.hoisted[u.Node]; ok {
			users[k] = convert.ColliderSubject(from, u.Body)
		}
	}
	sh := e.g.Shapes[si]
	id, at, found := e.meshShapes.lookup(e.g, sh)
	if found {
		e.meshShapeNotes(sh, users, where)
		e.shapeIDs[key] = id
		return e.refFromID(id)
	}
	g3 := e.v == 3
	var class string
	var props []tscn.Prop
	add := func(k string, v tscn.Value) { props = append(props, tscn.Prop{Key: k, Value: v}) }
	switch sh.Kind {
	case convert.Box:
		if g3 {
			class = "BoxShape"
			add("extents", e.vec(sh.Size.Scale(0.5)))
		} else {
			class = "BoxShape3D"
			add("size", e.vec(sh.Size))
		}
	case convert.Sphere:
		class = pick(g3, "SphereShape", "SphereShape3D")
		add("radius", sh.Radius)
	case convert.Capsule:
		r := sh.RadiusTop
		class = pick(g3, "CapsuleShape", "CapsuleShape3D")
		add("radius", r)
		if g3 {
			add("height", sh.Height)
		} else {
			add("height", sh.Height+2*r)
		}
	case convert.Cylinder:
		class = pick(g3, "CylinderShape", "CylinderShape3D")
		add("radius", sh.RadiusTop)
		add("height", sh.Height)
	case convert.Plane:
		class = pick(g3, "PlaneShape", "WorldBoundaryShape3D")
		add("plane", &tscn.Call{Name: "Plane", Args: []tscn.Value{0.0, 1.0, 0.0, 0.0}})
	case convert.Ray:
		class = pick(g3, "RayShape", "SeparationRayShape3D")
		add("length", sh.Height)
	case convert.Convex, convert.TriMesh:
		m := e.g.Meshes[sh.Mesh]
		if !m.Loaded || len(m.Positions) == 0 {
			e.diags.AddAll(convert.CodeShapeDropped, users, where, "mesh %q is a file reference without loaded vertices; the collider is dropped", m.File)
			return nil
		}
		scale := m.Scale
		if scale == (convert.Vec3{}) {
			scale = convert.Vec3{1, 1, 1}
		}
		arr := pick(g3, "PoolVector3Array", "PackedVector3Array")
		var xs []float64
		e.meshShapeNotes(sh, users, where)
		if sh.Kind == convert.Convex {
			class = pick(g3, "ConvexPolygonShape", "ConvexPolygonShape3D")
			xs = make([]float64, 0, 3*len(m.Positions))
			for _, p := range m.Positions {
				p = p.Mul(scale)
				xs = append(xs, p[0], p[1], p[2])
			}
			add("points", floatsValue(arr, xs))
		} else {
			class = pick(g3, "ConcavePolygonShape", "ConcavePolygonShape3D")
			xs = make([]float64, 0, 3*len(m.Indices))
			for t := 0; t+2 < len(m.Indices); t += 3 {
				// Godot's front faces wind clockwise.
				for _, k := range []uint32{m.Indices[t], m.Indices[t+2], m.Indices[t+1]} {
					p := m.Positions[k].Mul(scale)
					xs = append(xs, p[0], p[1], p[2])
				}
			}
			add("data", floatsValue(arr, xs))
			if sh.Extras["godot.backface_collision"] == true {
				add("backface_collision", true)
			}
		}
	case convert.Heightfield:
		f := sh.Field
		class = pick(g3, "HeightMapShape", "HeightMapShape3D")
		if _, scaled := cellScale(sh); scaled && e.v == 3 {
			e.diags.AddAll(convert.CodeShapeApproximated, users, where, "height field spacing is not 1 m; Godot's height maps use 1 m cells, so its extent changes")
		}
		add("map_width", int64(f.Columns))
		add("map_depth", int64(f.Rows))
		add("map_data", floatsValue(pick(g3, "PoolRealArray", "PackedFloat32Array"), f.Heights))
	default:
		e.diags.AddAll(convert.CodeShapeDropped, users, where, "shape kind %q cannot be written; the collider is dropped", sh.Kind)
		return nil
	}
	if mg, ok := sh.Extras[extraMargin].(float64); ok {
		add("margin", mg) // the collision margin; Godot 3's Bullet weighs hulls by it
	}
	ref := e.addSub(class, props)
	e.shapeIDs[key] = ref.ID
	e.meshShapes.record(at, sh, ref.ID)
	return ref
}

// meshShapeNotes says, for the colliders of one shape, how its mesh is
// written; shapes that share a resource each get the note.
func (e *emitter) meshShapeNotes(sh convert.Shape, users []convert.Subject, where string) {
	if m := e.g.Meshes[sh.Mesh]; sh.Kind == convert.Convex && len(m.Indices) > 0 {
		e.diags.AddAll(convert.CodeGodotConvexPoints, users, where, "convex mesh written as its %d points: Godot builds their hull itself, so the mesh's own triangles are not kept (the shape is the same)", len(m.Positions))
	}
}

func (e *emitter) refFromID(id string) tscn.Value {
	return tscn.Ref{Kind: "SubResource", ID: id, IntID: e.v == 3}
}

func pick(g3 bool, a, b string) string {
	if g3 {
		return a
	}
	return b
}

// materialProps writes physics_material_override for a body whose
// colliders use the given Graph materials.
func (e *emitter) materialProps(i int, mats []int) []tscn.Prop {
	if len(mats) == 0 {
		return nil
	}
	m := mats[0]
	for _, x := range mats[1:] {
		if x != m {
			e.note(convert.CodeGodotMaterialMerged, convert.BodySubject(i), e.name(i), "colliders of one body use different materials; Godot keeps one per body, the first is used")
			break
		}
	}
	mat := convert.DefaultMaterial()
	own := e.engineFriction()
	if m >= 0 {
		mat = e.g.Materials[m]
	} else if mat.DynamicFriction != own {
		e.note(convert.CodeGodotMaterialDefault, convert.BodySubject(i), e.name(i), "colliders without a physics material get glTF's default (friction %g, restitution 0) written out, since Godot's own default is friction %g", mat.DynamicFriction, own)
	}
	rough := mat.FrictionCombine == "maximum"
	absorbent := mat.RestitutionCombine == "minimum"
	if ref, ok := e.g.Nodes[i].Extras[extraMaterialRef].(string); ok && m >= 0 && mat.Name == "Godot default" {
		// the source's material is a binary resource physconv does not
		// read (said when read): named again, it keeps its values
		return []tscn.Prop{{Key: "physics_material_override", Value: e.addExtTagged("PhysicsMaterial", ref, "material")}}
	}
	if mat.DynamicFriction == own && mat.StaticFriction == own && mat.Restitution == 0 && !rough && !absorbent &&
		(mat.FrictionCombine == "" || mat.FrictionCombine == "minimum") {
		if mat.FrictionCombine == "" {
			e.combineDefault(i)
		}
		return nil // Godot's own default material
	}
	if mat.StaticFriction != mat.DynamicFriction {
		e.note(convert.CodeGodotFrictionStaticDropped, convert.BodySubject(i), e.name(i), "Godot has one friction; dynamic friction %g used, static %g dropped", mat.DynamicFriction, mat.StaticFriction)
	}
	switch mat.FrictionCombine {
	case "":
		e.combineDefault(i)
	case "minimum":
	case "maximum":
		e.note(convert.CodeGodotCombineApproximated, convert.BodySubject(i), e.name(i), "friction combine \"maximum\" written as a rough material (its friction wins)").WithSeverity(convert.Info)
	default:
		e.note(convert.CodeGodotCombineApproximated, convert.BodySubject(i), e.name(i), "friction combine %q has no Godot equivalent; Godot takes the minimum", mat.FrictionCombine)
	}
	switch mat.RestitutionCombine {
	case "":
		if mat.Restitution != 0 {
			e.note(convert.CodeGodotCombineDefault, convert.BodySubject(i), e.name(i), "restitution combine mode not given; Godot adds the bounces of both bodies")
		}
	case "minimum":
	default:
		e.note(convert.CodeGodotCombineApproximated, convert.BodySubject(i), e.name(i), "restitution combine %q has no Godot equivalent; Godot adds bounces", mat.RestitutionCombine)
	}
	// Every body sharing a material is told what changed for it, not
	// only the first to write the resource.
	key := fmt.Sprintf("%g/%g/%v/%v", mat.DynamicFriction, mat.Restitution, rough, absorbent)
	if id, ok := e.matIDs[key]; ok {
		return []tscn.Prop{{Key: "physics_material_override", Value: e.refFromID(id)}}
	}
	var props []tscn.Prop
	if mat.Name != "" && mat.Name != "Godot default" {
		props = append(props, tscn.Prop{Key: "resource_name", Value: mat.Name})
	}
	props = append(props, tscn.Prop{Key: "friction", Value: mat.DynamicFriction})
	if rough {
		props = append(props, tscn.Prop{Key: "rough", Value: true})
	}
	if mat.Restitution != 0 {
		props = append(props, tscn.Prop{Key: "bounce", Value: mat.Restitution})
	}
	if absorbent {
		props = append(props, tscn.Prop{Key: "absorbent", Value: true})
	}
	ref := e.addSub("PhysicsMaterial", props)
	e.matIDs[key] = ref.ID
	return []tscn.Prop{{Key: "physics_material_override", Value: ref}}
}

// engineFriction is the friction Godot gives a body without a physics
// material: 1, or in Godot 3 its engine's (Bullet's 0.5 unless the
// output's project chooses GodotPhysics).
func (e *emitter) engineFriction() float64 {
	if e.v == 3 {
		return godot3EngineFriction(e.engine3)
	}
	return 1
}

// kinematicMaterial3 says what a Godot 3 KinematicBody, which has no
// physics material, loses of its colliders' material: it touches others
// with its engine's friction and no bounce.
func (e *emitter) kinematicMaterial3(i int, mats []int) {
	own := e.engineFriction()
	for _, m := range mats {
		mat := convert.DefaultMaterial()
		if m >= 0 {
			mat = e.g.Materials[m]
		}
		switch {
		case mat.DynamicFriction != own || mat.StaticFriction != own || mat.Restitution != 0 ||
			mat.FrictionCombine != "" && mat.FrictionCombine != "minimum" || mat.RestitutionCombine != "" && mat.RestitutionCombine != "minimum":
			e.note(convert.CodeGodot3KinematicMaterial, convert.BodySubject(i), e.name(i), "a Godot 3 KinematicBody has no physics material: it touches others with the engine's friction %g and no bounce, not its colliders' friction %g and restitution %g", own, mat.DynamicFriction, mat.Restitution)
			return
		case mat.FrictionCombine == "":
			e.combineDefault(i) // the engine's friction, combined as Godot combines it
			return
		}
	}
}

// filterProps writes collision_layer/collision_mask for a Graph filter.
func (e *emitter) filterProps(f int, i int) []tscn.Prop {
	if f < 0 || f >= len(e.g.Filters) {
		if m := e.unfilteredMask(); m != 1 {
			return []tscn.Prop{{Key: "collision_layer", Value: int64(1)}, {Key: "collision_mask", Value: int64(m)}}
		}
		return nil
	}
	flt := e.g.Filters[f]
	layer, mask := e.filterLayerMask(f)
	n := &e.g.Nodes[i]
	still := n.Trigger == nil && (n.Motion == nil || n.Motion.Kind != convert.Dynamic)
	if still && len(flt.CollideWith) > 0 && !slices.ContainsFunc(flt.CollideWith, func(s string) bool { return !isScanName(s) }) {
		// a static or kinematic body's filter of scan systems only
		// (scanFilters): no pair depends on its mask, which a
		// character's script moves by, so it is the source's, or Godot's
		// default (a rigid body's mask is what it scans: none here)
		mask = 1
		if lm, ok := n.Extras[extraLayerMask].([2]int64); ok && lm[0] == int64(layer) {
			mask = uint32(lm[1])
		}
	}
	if [2]int64{int64(layer), int64(mask)} == defaultLayerMask {
		return nil
	}
	return []tscn.Prop{{Key: "collision_layer", Value: int64(layer)}, {Key: "collision_mask", Value: int64(mask)}}
}

// layerMask returns a filter's Godot collision layer and mask.
func (e *emitter) layerMask(flt convert.Filter) (layer, mask uint32) {
	e.assignBits()
	layer = e.mask(flt.Systems)
	if layer == 0 && len(flt.Systems) > 0 && !slices.ContainsFunc(flt.Systems, func(s string) bool { return !convert.IsBodySystem(s) }) {
		// only bodies' own systems, none with a layer: the default
		// layer, as a collider without a filter has, rather than none
		// (which collides only with what masks it)
		layer = 1
	}
	mask = uint32(0xffffffff)
	if len(flt.CollideWith) > 0 {
		mask = e.mask(flt.CollideWith)
	}
	if len(flt.NotCollideWith) > 0 {
		mask &^= e.mask(flt.NotCollideWith)
	}
	return layer, mask
}

func (e *emitter) mask(names []string) uint32 {
	var m uint32
	for _, n := range names {
		if b, ok := e.bits[n]; ok {
			m |= 1 << (b - 1)
		}
	}
	return m
}

// assignBits maps collision system names to Godot's 32 layers. Names the
// output's project (or the source project) gives a layer keep that bit,
// "Layer N" keeps bit N, others take free bits in name order. The table is
// reported once, since names no project.godot knows read back as
// "Layer N".
func (e *emitter) assignBits() {
	if e.bits != nil {
		return
	}
	e.bits = map[string]int{}
	names := map[string]bool{}
	for _, f := range e.g.Filters {
		for _, l := range [][]string{f.Systems, f.CollideWith, f.NotCollideWith} {
			for _, n := range l {
				// a scan system says what a mask meets, not a layer
				names[n] = !isScanName(n)
			}
		}
	}
	used := map[int]bool{}
	source, _ := e.g.Extras[extraLayers].(map[int]string)
	for _, table := range []map[int]string{e.projectLayers, source} {
		for _, b := range sortedInts(table) {
			n := table[b]
			if _, done := e.bits[n]; names[n] && !done && !used[b] {
				e.bits[n], used[b] = b, true
			}
		}
	}
	// Bits the output's project names for other systems stay free of
	// unrelated names while others remain.
	reserved := map[int]bool{}
	for b, n := range e.projectLayers {
		reserved[b] = n != ""
	}
	var rest []string
	for _, n := range sortedKeys(names) {
		if _, ok := e.bits[n]; ok || !names[n] {
			continue
		}
		var b int
		if _, err := fmt.Sscanf(n, "Layer %d", &b); err == nil && b >= 1 && b <= 32 && !used[b] && !reserved[b] && fmt.Sprintf("Layer %d", b) == n {
			e.bits[n], used[b] = b, true
			continue
		}
		rest = append(rest, n)
	}
	// named systems before bodies' own ("body:<name>", from MJCF
	// excludes), which only keep a few pairs apart and would otherwise
	// take the layers first ("b" sorts early)
	sort.SliceStable(rest, func(i, j int) bool { return !convert.IsBodySystem(rest[i]) && convert.IsBodySystem(rest[j]) })
	var table, exhausted []string
	for _, n := range rest {
		b := freeBit(used, reserved)
		if b == 0 {
			exhausted = append(exhausted, n)
			continue
		}
		e.bits[n], used[b] = b, true
		table = append(table, fmt.Sprintf("%s=%d", n, b))
	}
	if len(exhausted) > 0 {
		shown := exhausted[:min(len(exhausted), 4)]
		more := ""
		if len(exhausted) > len(shown) {
			more = fmt.Sprintf(" and %d more", len(exhausted)-len(shown))
		}
		e.layerNote(convert.CodeGodotLayersExhausted, "%d collision systems get no layer, Godot has 32: %q%s; colliders whose only systems are bodies' own take the default layer 1, colliding with the bodies they were kept apart from", len(exhausted), shown, more)
	}
	if len(table) > 0 {
		e.layerNote(convert.CodeGodotLayerAssigned, "collision systems mapped to Godot layers: %s (name them under [layer_names] in project.godot to keep the names)", strings.Join(table, ", "))
	}
}

// layerNote keeps a note on the system layers for filterLayout, which
// gives it only when those layers are written.
func (e *emitter) layerNote(code convert.Code, format string, args ...any) {
	var ds convert.Diagnostics
	ds.Add(code, convert.DocumentSubject(), "", format, args...)
	e.layerNotes = append(e.layerNotes, ds...)
}

// freeBit returns the lowest layer bit not used, preferring ones the
// project does not name; 0 when all 32 are taken.
func freeBit(used, reserved map[int]bool) int {
	for _, avoid := range []bool{true, false} {
		for b := 1; b <= 32; b++ {
			if !used[b] && !(avoid && reserved[b]) {
				return b
			}
		}
	}
	return 0
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// meshNode writes node i's visual as a MeshInstance3D (primitive mesh or
// mesh file) named name under parent; name "" returns only the properties
// of the node's own MeshInstance3D.
func (e *emitter) meshNode(i int, name, parent string) (tscn.Section, bool) {
	v := e.g.Nodes[i].Visual
	if v.Shape < 0 || v.Shape >= len(e.g.Shapes) {
		return tscn.Section{}, false
	}
	sh := e.g.Shapes[v.Shape]
	g3 := e.v == 3
	var mesh tscn.Value
	var ok bool
	kept := name == "" && e.keepsMaterial(i)
	looked := false // the mesh's surfaces carry their own materials
	var tex *convert.Image
	if !kept {
		// a Godot source's own material draws its texture as it was
		tex = e.visualTexture(i, v)
	}
	if tex != nil && sh.Kind != convert.TriMesh && sh.Kind != convert.Convex {
		// Godot's primitive meshes map an image their own way (BoxMesh
		// as a 3×2 atlas); the primitive is drawn with the mapping the
		// glTF output has, as an ArrayMesh.
		if mesh, ok = e.uvMesh(i, v.Shape); !ok {
			tex = nil
		}
	}
	switch {
	case mesh != nil:
	case sh.Kind == convert.Box:
		// both versions' size is the full extent
		mesh = e.addSub(pick(g3, "CubeMesh", "BoxMesh"), []tscn.Prop{{Key: "size", Value: e.vec(sh.Size)}})
	case sh.Kind == convert.Sphere:
		// Godot divides the meridian into rings+1 steps: the default 32
		// misses the equator and draws the sphere 0.1% narrow; 31 hits it.
		// A Godot source's sphere is drawn as it drew it.
		segments, kept := sh.Extras[extraSegments].([]tscn.Prop)
		if !kept {
			segments = []tscn.Prop{{Key: "rings", Value: int64(sphereRings)}}
		}
		mesh = e.addSub("SphereMesh", append([]tscn.Prop{{Key: "radius", Value: sh.Radius}, {Key: "height", Value: 2 * sh.Radius}}, segments...))
	case sh.Kind == convert.Ellipsoid && sh.Size[0] == sh.Size[2]:
		// a SphereMesh of a height other than twice its radius (the
		// lowering keeps no other ellipsoid)
		segments, kept := sh.Extras[extraSegments].([]tscn.Prop)
		if !kept {
			segments = []tscn.Prop{{Key: "rings", Value: int64(sphereRings)}}
		}
		mesh = e.addSub("SphereMesh", append([]tscn.Prop{{Key: "radius", Value: sh.Size[0]}, {Key: "height", Value: 2 * sh.Size[1]}}, segments...))
	case sh.Kind == convert.Cylinder:
		segments, _ := sh.Extras[extraSegments].([]tscn.Prop)
		mesh = e.addSub("CylinderMesh", append([]tscn.Prop{{Key: "top_radius", Value: sh.RadiusTop}, {Key: "bottom_radius", Value: sh.RadiusBottom}, {Key: "height", Value: sh.Height}}, segments...))
	case sh.Kind == convert.Plane:
		mesh = e.addSub("PlaneMesh", []tscn.Prop{{Key: "size", Value: &tscn.Call{Name: "Vector2", Args: []tscn.Value{sh.SizeX, sh.SizeZ}}}})
	case sh.Kind == convert.Capsule:
		r := math.Max(sh.RadiusTop, sh.RadiusBottom)
		segments, _ := sh.Extras[extraSegments].([]tscn.Prop)
		if g3 {
			// Godot 3's capsule lies along Z (the node is turned by
			// capsuleAlign3) and mid_height is its cylinder part.
			mesh = e.addSub("CapsuleMesh", append([]tscn.Prop{{Key: "radius", Value: r}, {Key: "mid_height", Value: sh.Height}}, segments...))
		} else {
			mesh = e.addSub("CapsuleMesh", append([]tscn.Prop{{Key: "radius", Value: r}, {Key: "height", Value: sh.Height + 2*r}}, segments...))
		}
	case sh.Kind == convert.TriMesh || sh.Kind == convert.Convex:
		m := e.g.Meshes[sh.Mesh]
		p, _ := m.Extras[extraMeshPath].(string)
		if p == "" && tex != nil {
			if mesh, ok = e.uvMesh(i, v.Shape); ok {
				break
			}
			tex = nil
		}
		if p == "" && tex == nil && !kept {
			if mesh, looked = e.lookMesh(i, sh.Mesh, v.Color); looked {
				break
			}
		}
		if p == "" {
			if mesh, ok = e.arrayMesh(sh.Mesh); !ok {
				return tscn.Section{}, false
			}
			break
		}
		ext := strings.ToLower(path.Ext(p))
		if ext != ".res" && ext != ".mesh" && ext != ".tres" && ext != ".obj" {
			return tscn.Section{}, false
		}
		if from, _ := m.Extras[extraVersion].(int); g3 && from == 4 {
			e.note(convert.CodeVisualDropped, e.g.VisualSubject(i), e.name(i), "mesh %s is a Godot 4 resource, which Godot 3 cannot load; the visual is left out", p)
			return tscn.Section{}, false
		}
		id, ok := e.meshIDs[p]
		if !ok {
			r := e.addExt("ArrayMesh", p)
			id = r.ID
			e.meshIDs[p] = id
		}
		mesh = tscn.Ref{Kind: "ExtResource", ID: id, IntID: g3}
	default:
		return tscn.Section{}, false
	}
	s := tscn.Section{}
	if name != "" {
		s = e.sectionFor(name, e.cls("MeshInstance3D"), parent)
	} else {
		s.Attrs = []tscn.Prop{{Key: "type", Value: "MeshInstance3D"}}
	}
	s.Props = append(s.Props, tscn.Prop{Key: "mesh", Value: mesh})
	switch {
	case kept, looked:
	case tex != nil:
		s.Props = append(s.Props, tscn.Prop{Key: "material_override", Value: e.textureMaterial(v.Color, tex)})
	case v.Color != nil:
		s.Props = append(s.Props, tscn.Prop{Key: "material_override", Value: e.colorMaterial(*v.Color)})
	}
	return s, true
}

// lookMesh writes mesh mi of node i's visual as an ArrayMesh of one
// surface per look of its parts (a mesh file's materials, a glTF mesh's
// primitives), each with its material: the part's texture (Godot 4) and
// colour, or for a part without either, base, the visual's own colour. ok is false when the mesh
// has no look that names a colour or texture, or no triangles.
func (e *emitter) lookMesh(i, mi int, base *[4]float64) (tscn.Value, bool) {
	m := &e.g.Meshes[mi]
	if m.Look == nil {
		return nil, false
	}
	key := fmt.Sprintf("lookmesh#%d", mi)
	if base != nil {
		key += fmt.Sprintf("#%v", *base)
	}
	if id, ok := e.meshIDs[key]; ok {
		return e.refFromID(id), true
	}
	pos, idx, ok, err := m.Triangles()
	if !ok || err != nil || len(idx) < 3 {
		return nil, false
	}
	look, diags, err := m.Look()
	for _, dg := range diags {
		if dg.Subject.IsZero() {
			dg.Subject = e.g.VisualSubject(i)
		}
		e.diags = append(e.diags, dg)
	}
	if err != nil || look == nil || !slices.ContainsFunc(look.Parts, func(p convert.MeshPart) bool { return p.Color != nil || p.Texture != nil }) {
		return nil, false
	}
	surfs, parts := gltfx.LookSurfaces(pos, idx, look, false)
	var out []tscn.Dict
	for k, sf := range surfs {
		if len(sf.Indices) < 3 {
			continue
		}
		var material tscn.Value
		tex := parts[k].Texture
		if tex != nil {
			tex = e.visualTexture(i, &convert.Visual{Texture: tex})
		}
		// a part's texture is its own material (times its own colour);
		// a part without one is drawn in the visual's colour
		c := parts[k].Color
		if c == nil && parts[k].Texture == nil {
			c = base
		}
		uv := sf.UV
		switch {
		case tex != nil:
			material = e.textureMaterial(c, tex)
		case c != nil:
			material = e.colorMaterial(*c)
			uv = nil
		default:
			uv = nil
		}
		// each surface states the whole mesh's box, so Godot's box of
		// the mesh (their union) is the source's
		out = append(out, e.surface(sf.Positions, sf.Indices, uv, material, e.statedBox(mi)))
	}
	if len(out) == 0 {
		return nil, false
	}
	ref := e.surfacesMesh(out)
	e.meshIDs[key] = ref.ID
	return ref, true
}

// sphereRings is the SphereMesh ring count written: an odd count puts a
// ring on the equator.
const sphereRings = 31

// visualMaterialKeys are the MeshInstance properties that give a mesh its
// material, per Godot version.
var visualMaterialKeys = map[int][]string{
	3: {"material_override", "material/0"},
	4: {"material_override", "surface_material_override/0"},
}

// keepsMaterial reports a Godot node whose source material is written
// back among its kept properties (same class and version): it carries the
// colour and whatever else the material sets, so none is written over it.
func (e *emitter) keepsMaterial(i int) bool {
	if !e.sameVersion(i) {
		return false
	}
	kept, _ := e.g.Nodes[i].Extras[extraProps].([]tscn.Prop)
	for _, p := range kept {
		for _, k := range visualMaterialKeys[e.v] {
			if p.Key == k {
				return true
			}
		}
	}
	return false
}

// colorMaterial writes a visual colour as a StandardMaterial3D
// (SpatialMaterial in Godot 3), once per colour; a colour with alpha
// below 1 turns transparency on, or Godot would draw it opaque.
func (e *emitter) colorMaterial(c [4]float64) tscn.Value {
	key := fmt.Sprintf("color#%v", c)
	if id, ok := e.meshIDs[key]; ok {
		return e.refFromID(id)
	}
	props := []tscn.Prop{{Key: "albedo_color", Value: &tscn.Call{Name: "Color", Args: []tscn.Value{c[0], c[1], c[2], c[3]}}}}
	if c[3] < 1 {
		if e.v == 3 {
			props = append([]tscn.Prop{{Key: "flags_transparent", Value: true}}, props...)
		} else {
			props = append([]tscn.Prop{{Key: "transparency", Value: int64(1)}}, props...)
		}
	}
	ref := e.addSub(pick(e.v == 3, "SpatialMaterial", "StandardMaterial3D"), props)
	e.meshIDs[key] = ref.ID
	return ref
}

// arrayMesh writes the triangles of a mesh from another format (STL, OBJ,
// COLLADA: files Godot cannot load outside its editor) into the scene as
// an ArrayMesh sub-resource, once per mesh; ok is false when the mesh has
// no triangles. Godot faces are clockwise from the front, so each
// triangle's winding is reversed. Normals are left to Godot. Godot 3
// keeps a surface as one interleaved vertex array (here positions only)
// under surfaces/0, Godot 4 as streams under _surfaces.
func (e *emitter) arrayMesh(mi int) (tscn.Value, bool) {
	key := fmt.Sprintf("mesh#%d", mi)
	if id, ok := e.meshIDs[key]; ok {
		return e.refFromID(id), true
	}
	pos, idx, ok, _ := e.g.Meshes[mi].Triangles()
	if ok && len(idx) == 0 {
		// a convex point cloud (an MJCF mesh of vertices only) is drawn
		// as its hull, as MuJoCo draws it
		idx = convert.HullIndices(pos)
	}
	if !ok || len(idx) < 3 || len(pos) == 0 {
		return nil, false
	}
	ref := e.surfaceMesh(pos, idx, nil, e.statedBox(mi))
	e.meshIDs[key] = ref.ID
	return ref, true
}

// statedBox is the box a Godot source states for mesh mi (all its
// surfaces), zero when none or when the mesh is scaled: it holds the mesh
// as the source has it, unscaled.
func (e *emitter) statedBox(mi int) [2]convert.Vec3 {
	stated, _ := e.g.Meshes[mi].Extras[extraStatedBox].([2]convert.Vec3)
	if e.g.Meshes[mi].Scale != (convert.Vec3{1, 1, 1}) {
		return [2]convert.Vec3{}
	}
	return stated
}

// surfaceMesh writes triangles (counter-clockwise, reversed for Godot) as
// an ArrayMesh sub-resource; uv, one pair per vertex with V down as Godot
// has it, goes into the Godot 4 attribute stream (nil: none). The box
// written holds the vertices and stated, the box a Godot source's mesh
// states (zero: none), so Godot keeps the source's box.
func (e *emitter) surfaceMesh(pos []convert.Vec3, idx []uint32, uv [][2]float64, stated [2]convert.Vec3) tscn.Ref {
	return e.surfacesMesh([]tscn.Dict{e.surface(pos, idx, uv, nil, stated)})
}

// surfacesMesh writes an ArrayMesh sub-resource of surfaces: Godot 3
// keeps each under surfaces/N, Godot 4 all under _surfaces.
func (e *emitter) surfacesMesh(surfaces []tscn.Dict) tscn.Ref {
	if e.v == 3 {
		props := make([]tscn.Prop, len(surfaces))
		for k, sf := range surfaces {
			props[k] = tscn.Prop{Key: fmt.Sprintf("surfaces/%d", k), Value: sf}
		}
		return e.addSub("ArrayMesh", props)
	}
	arr := make(tscn.Array, len(surfaces))
	for k, sf := range surfaces {
		arr[k] = sf
	}
	return e.addSub("ArrayMesh", []tscn.Prop{{Key: "_surfaces", Value: arr}})
}

// surface is one ArrayMesh surface of triangles (counter-clockwise,
// reversed for Godot) drawn with material (nil: the mesh's default); uv
// and stated as for surfaceMesh.
func (e *emitter) surface(pos []convert.Vec3, idx []uint32, uv [][2]float64, material tscn.Value, stated [2]convert.Vec3) tscn.Dict {
	g3 := e.v == 3
	lo := convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := lo.Neg()
	if stated != ([2]convert.Vec3{}) {
		lo, hi = stated[0], stated[1]
	}
	vdata := make([]byte, 0, 12*len(pos))
	for _, p := range pos {
		for c := 0; c < 3; c++ {
			f := float32(p[c])
			lo[c], hi[c] = math.Min(lo[c], float64(f)), math.Max(hi[c], float64(f))
			vdata = binary.LittleEndian.AppendUint32(vdata, math.Float32bits(f))
		}
	}
	// the index size follows the vertex count: Godot 4 uses 16 bits up to
	// 65536 vertices, Godot 3 below 65536
	wide := len(pos) > 1<<16
	if g3 {
		wide = len(pos) >= 1<<16
	}
	idata := make([]byte, 0, 4*len(idx))
	for t := 0; t+2 < len(idx); t += 3 {
		for _, v := range [3]uint32{idx[t], idx[t+2], idx[t+1]} {
			if wide {
				idata = binary.LittleEndian.AppendUint32(idata, v)
			} else {
				idata = binary.LittleEndian.AppendUint16(idata, uint16(v))
			}
		}
	}
	size := hi.Sub(lo)
	aabb := &tscn.Call{Name: "AABB", Args: []tscn.Value{lo[0], lo[1], lo[2], size[0], size[1], size[2]}}
	nIdx := int64(len(idx) / 3 * 3)
	var surface tscn.Dict
	if g3 {
		const formatVertexIndex3 = 1<<0 | 1<<8 // Godot 3: uncompressed positions, indices
		surface = tscn.Dict{
			{Key: "aabb", Value: aabb},
			{Key: "array_data", Value: &tscn.Call{Name: "PoolByteArray", Bytes: vdata}},
			{Key: "array_index_data", Value: &tscn.Call{Name: "PoolByteArray", Bytes: idata}},
			{Key: "blend_shape_data", Value: tscn.Array{}},
			{Key: "format", Value: int64(formatVertexIndex3)},
			{Key: "index_count", Value: nIdx},
			{Key: "primitive", Value: int64(4)}, // Godot 3 triangles
			{Key: "skeleton_aabb", Value: tscn.Array{}},
			{Key: "vertex_count", Value: int64(len(pos))},
		}
		if material != nil {
			surface = append(surface, tscn.Entry{Key: "material", Value: material})
		}
	} else {
		const formatVertexIndexV2 = 1<<0 | 1<<12 | 1<<35 // positions, indices, mesh format version 2
		const formatTexUV = 1 << 4
		format := int64(formatVertexIndexV2)
		surface = tscn.Dict{{Key: "aabb", Value: aabb}}
		if len(uv) == len(pos) {
			// the attribute stream holds, per vertex, the UV as two
			// float32 (no colour, no UV2 before it)
			format |= formatTexUV
			adata := make([]byte, 0, 8*len(uv))
			for _, t := range uv {
				for c := 0; c < 2; c++ {
					adata = binary.LittleEndian.AppendUint32(adata, math.Float32bits(float32(t[c])))
				}
			}
			surface = append(surface, tscn.Entry{Key: "attribute_data", Value: &tscn.Call{Name: "PackedByteArray", Bytes: adata}})
		}
		surface = append(surface, tscn.Dict{
			{Key: "format", Value: format},
			{Key: "index_count", Value: nIdx},
			{Key: "index_data", Value: &tscn.Call{Name: "PackedByteArray", Bytes: idata}},
		}...)
		if material != nil {
			surface = append(surface, tscn.Entry{Key: "material", Value: material})
		}
		surface = append(surface, tscn.Dict{
			{Key: "primitive", Value: int64(3)},
			{Key: "vertex_count", Value: int64(len(pos))},
			{Key: "vertex_data", Value: &tscn.Call{Name: "PackedByteArray", Bytes: vdata}},
		}...)
	}
	return surface
}

// cellScale is the scale that gives a Godot height map, whose cells are
// 1 m, the height field's own spacing; scaled reports one other than 1.
// Godot 4 output writes it on the CollisionShape3D that holds the map
// (its heights are the field's, so the scale along y is 1).
func cellScale(sh convert.Shape) (s convert.Vec3, scaled bool) {
	f := sh.Field
	if sh.Kind != convert.Heightfield || f == nil || f.Columns < 2 || f.Rows < 2 {
		return convert.Vec3{1, 1, 1}, false
	}
	s = convert.Vec3{f.SizeX / float64(f.Columns-1), 1, f.SizeZ / float64(f.Rows-1)}
	return s, math.Abs(s[0]-1) > 1e-9 || math.Abs(s[2]-1) > 1e-9
}

// combineDefault says that body i's friction combine rule was not given
// and Godot takes the minimum: a warning when the scene's colliders have
// different frictions (glTF's rule, the average, gives others where two
// of them touch), else an info.
func (e *emitter) combineDefault(i int) {
	if e.frictions == nil {
		lo, hi, _ := e.g.FrictionRange()
		e.frictions = &[2]float64{lo, hi}
	}
	if lo, hi := e.frictions[0], e.frictions[1]; hi > lo {
		e.note(convert.CodeGodotCombineDefault, convert.BodySubject(i), e.name(i), "friction combine mode not given; Godot combines friction by taking the minimum, and the scene's frictions differ (%g to %g): where two of them touch, the smaller one acts (glTF's rule takes their average)", lo, hi).WithSeverity(convert.Warning)
		return
	}
	e.note(convert.CodeGodotCombineDefault, convert.BodySubject(i), e.name(i), "friction combine mode not given; Godot combines friction by taking the minimum")
}
