package godot

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// Extras keys this format owns.
const (
	extraClass         = convert.ExtraGodotClass // node class as written
	extraLayerMask     = "godot.layerMask"       // a body's or area's collision_layer and collision_mask
	extraMaterialRef   = "godot.materialRef"     // a body's physics material unread (binary): its res:// path
	extraCapsuleSphere = "godot.capsuleSphere"   // shape: a sphere read from a capsule with no cylinder part
	extraVersion       = "godot.version"         // Godot major version of the source
	extraMargin        = "godot.margin"          // float64: a shape's collision margin
	extraProps         = "godot.props"           // []tscn.Prop: reference-free properties kept for a Godot round trip
	extraGroups        = "godot.groups"          // []string
	extraAttachment    = "godot.attachment"      // true on frame-B nodes Parse adds for joints
	extraConns         = "godot.connections"
	extraLayers        = "godot.layer_names"   // map[int]string from project.godot
	extraMeshPath      = "godot.path"          // mesh resource path as written (res://…)
	extraSegments      = "godot.segments"      // []tscn.Prop: a primitive mesh's own subdivision (radial_segments, rings)
	extraStatedBox     = "godot.aabb"          // [2]convert.Vec3: the box an ArrayMesh's surfaces state (lo, hi)
	extraInstance      = "godot.instance"      // instanced scene path (unexpanded, or a glTF whose nodes are read)
	extraInstanced     = "godot.instanced"     // convert.Transform: the node comes from an instanced glTF, which gives it this transform
	extraInstanceDrawn = "godot.instanceDrawn" // true: the node's visual is the mesh its instanced glTF draws (the instance writes it)
)

// Parse reads a Godot 3 or 4 text scene into a Graph.
func Parse(in *convert.Input) (*convert.Graph, convert.Diagnostics, error) {
	var diags convert.Diagnostics
	l := newLoader(in, &diags)
	d, err := l.decode("", in.Data)
	if err != nil {
		return nil, diags, err
	}
	root, err := l.scene(d)
	if err != nil {
		return nil, diags, err
	}
	p := &parser{l: l, g: convert.NewGraph(), diags: &diags, index: map[*node]int{},
		shapes: map[*tscn.Section]shapeRef{}, materials: map[*tscn.Section]int{}, filters: map[[2]int64]int{},
		removed: map[*node]bool{}, processModes: map[*node]float64{}}
	// about one Graph node per scene node: grown once rather than
	// doubling (and copying every node) a dozen times in a large scene
	p.g.Reserve(len(d.tscn.Sections), 0)
	p.index = make(map[*node]int, len(d.tscn.Sections))
	p.proj = l.settings()
	proj := p.proj
	p.g.Damping, p.g.Gravity = proj.damping, proj.gravity
	p.g.DefaultGravity = DefaultGravity
	p.g.GravityFromProject = proj.gravity != nil
	if l.in.Options != nil && l.in.Options.DefaultProject {
		p.g.Damping, p.g.Gravity, p.g.GravityFromProject = DefaultDamping, nil, false
	}
	if len(proj.layers) > 0 {
		p.g.Extras[extraLayers] = proj.layers
	}
	if err := p.walk(root, -1); err != nil {
		return nil, diags, err
	}
	p.settleFilters()
	p.engineInertia()
	p.engineInertia3()
	// world poses from here on come from one cache: every change below
	// keeps the world pose of the node it moves
	p.frames = p.g.Frames(-1)
	for _, j := range p.joints {
		if err := p.joint(j); err != nil {
			return nil, diags, err
		}
	}
	p.g.DropMoved(p.movedFrom)
	p.movedFrom = nil
	p.motorDampings()
	if err := p.couplings(); err != nil {
		return nil, diags, err
	}
	for _, fix := range p.seatFixups {
		fix()
	}
	p.connections(d)
	return p.g, diags, nil
}

// shapeRef is a Graph shape with the alignment its node needs (Godot 3
// capsules lie along Z, planes carry their own normal and offset).
type shapeRef struct {
	index int
	align *convert.Transform
}

type parser struct {
	// frames caches world poses once the node tree is built (joints)
	frames *convert.Frames
	// drawings are the meshes of instanced glTF files (gltfDrawing)
	drawings gltfDrawings
	// classValues holds each class name boxed once (classValue)
	classValues map[string]any
	l           *loader
	// proj is the scene's project settings, read once
	proj      projectSettings
	g         *convert.Graph
	diags     *convert.Diagnostics
	index     map[*node]int
	shapes    map[*tscn.Section]shapeRef
	materials map[*tscn.Section]int
	// movedFrom lists the parents (-1: the roots) reparent took nodes
	// from, whose lists Graph.DropMoved then mends.
	movedFrom []int
	// materialFinder finds a Graph material by value (equal materials
	// from different sections are one).
	materialFinder convert.MaterialFinder
	// arrayMeshes are the ArrayMesh sub-resources read as visual meshes,
	// so the nodes sharing one share its mesh
	arrayMeshes map[*tscn.Section]arrayMeshRead
	filters     map[[2]int64]int
	// removed are the bodies and areas out of the physics (processOff);
	// processModes the process_mode each node has, inherited or its own
	removed      map[*node]bool
	processModes map[*node]float64
	joints       []*node
	seatFixups   []func()
	// engineBodies are the Godot 4 dynamic bodies, whose mass properties
	// the project's physics engine completes (engineInertia).
	engineBodies []*node
	// partialInertia holds the Godot 4 bodies whose inertia gives some
	// moments and leaves others zero, for Godot to compute.
	partialInertia map[*node]convert.Vec3
	// engineBodies3 are the Godot 3 dynamic bodies, whose inertia Bullet
	// computes (engineInertia3).
	engineBodies3 []*node
}

// note reports a diagnostic about subj at scene node n.
func (p *parser) note(code convert.Code, subj convert.Subject, n *node, format string, args ...any) *convert.Diagnostic {
	return p.l.note(code, subj, n.file, n.line, n.path(), format, args...)
}

// idx is the Graph node of scene node n, or -1 before it is added.
func (p *parser) idx(n *node) int {
	if i, ok := p.index[n]; ok {
		return i
	}
	return -1
}

// class4 returns the Godot 4 name of a node's class.
func class4(n *node) string {
	if n.version == 3 {
		if c, ok := class3to4[n.class]; ok {
			return c
		}
	}
	return n.class
}

// num reads a numeric property or its class default.
func (p *parser) num(n *node, key string) (float64, bool, error) {
	if v, ok := n.get(key); ok {
		f, err := v.float(key)
		return f, true, err
	}
	def, _ := defaultOf(n.version, n.class, key)
	return def, false, nil
}

func (p *parser) flag(n *node, key string) (bool, error) {
	if v, ok := n.get(key); ok {
		return v.boolean(key)
	}
	def, _ := defaultOf(n.version, n.class, key)
	return def != 0, nil
}

// walk adds the scene tree under root (root itself under parent) to the
// Graph, each node before its children and children in order. It keeps
// its own stack rather than recursing, since a chain of bodies nests
// thousands of levels deep.
func (p *parser) walk(root *node, parent int) error {
	type pending struct {
		n      *node
		parent int
	}
	stack := []pending{{root, parent}}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		idx, err := p.addNode(top.n, top.parent)
		if err != nil {
			return err
		}
		for k := len(top.n.children) - 1; k >= 0; k-- {
			stack = append(stack, pending{top.n.children[k], idx})
		}
	}
	return nil
}

// classValue returns a class name as a value of a node's extras, made once
// per class: a scene has a few classes and thousands of nodes.
func (p *parser) classValue(class string) any {
	v, ok := p.classValues[class]
	if !ok {
		if p.classValues == nil {
			p.classValues = map[string]any{}
		}
		v = class
		p.classValues[class] = v
	}
	return v
}

// addNode adds scene node n under Graph node parent, with its attributes
// and kept properties, and returns its index.
func (p *parser) addNode(n *node, parent int) (int, error) {
	gn := convert.Node{Name: n.name, Transform: convert.Identity(), Extras: map[string]any{}}
	if n.xf != nil {
		gn.Transform = *n.xf
	}
	// a 2D node's transform (a HUD's CanvasLayer) places nothing in 3D
	if v, ok := n.get("transform"); ok && tscn.TypeName(v.v) != "Transform2D" {
		t, skew, err := v.transform("transform")
		if err == errDegenerate {
			p.note(convert.CodeGodotTransformDegenerate, convert.NodeSubject(len(p.g.Nodes)), n, "transform has a zero scale; identity used")
		} else if err != nil {
			return 0, err
		} else {
			gn.Transform = t
			if skew {
				p.note(convert.CodeGodotTransformSkew, convert.NodeSubject(len(p.g.Nodes)), n, "transform basis is sheared; kept as rotation and scale only")
			}
		}
	}
	if n.class != "" {
		gn.Extras[extraClass] = p.classValue(n.class)
	}
	gn.Extras[extraVersion] = n.version
	if len(n.groups) > 0 {
		gn.Extras[extraGroups] = n.groups
	}
	switch {
	case n.instance != "" && n.attrs != nil:
		gn.Extras[extraInstance] = n.instance
	case n.gltf != "" && n.attrs != nil:
		gn.Extras[extraInstance] = n.gltf
	case n.gltf != "":
		// brought in by an instanced glTF: written as part of the
		// instance, with the transform the glTF gives it
		gn.Extras[extraInstanced] = *n.xf
	case n.instance != "":
		// a stand-in for a node of an unexpanded instance
		gn.Extras[extraInstanced] = convert.Identity()
	}
	if parent >= 0 {
		// a parent turned onto its shape's frame (align) has its
		// children counter-turned; they are read after it
		if a, ok := p.g.Nodes[parent].Extras["godot.align"].(convert.Transform); ok {
			gn.Transform = a.Inverse().Mul(gn.Transform)
		}
	}
	idx := p.g.AddNode(gn, parent)
	if parent < 0 && p.g.Name == "" {
		p.g.Name = n.name // the scene's root node names the document
	}
	p.index[n] = idx
	if n.gltfMesh != nil {
		p.gltfDrawing(n.gltfMesh, n, idx)
	}
	if err := p.attributes(n, idx); err != nil {
		return 0, err
	}
	p.keepProps(n, idx)
	return idx, nil
}

// physicsKeys are read into Graph attributes; keepProps skips them.
var physicsKeys = map[string]bool{
	"transform": true, "mass": true, "weight": true, "center_of_mass_mode": true, "center_of_mass": true,
	"inertia": true, "linear_velocity": true, "angular_velocity": true, "gravity_scale": true,
	"freeze": true, "freeze_mode": true, "mode": true, "physics_material_override": true,
	"collision_layer": true, "collision_mask": true, "shape": true, "node_a": true, "node_b": true,
	"nodes/node_a": true, "nodes/node_b": true, couplingMeta: true, "exclude_nodes_from_collision": true, "collision/exclude_nodes": true,
	"mesh": true, "script": true, "disabled": true,
}

// motionKey marks motionKeys, read into a body's Motion (an Area3D's
// damping of the same names is kept as it is).
var motionKey = func() map[string]bool {
	m := map[string]bool{}
	for _, k := range motionKeys {
		m[k] = true
	}
	return m
}()

// nativeProps are engine properties of classes often scripted (casts,
// soft bodies); a scripted node keeps them, since a script variable
// cannot take their names.
var nativeProps = func() map[string]map[string]bool {
	set := func(keys ...string) map[string]bool {
		m := map[string]bool{}
		for _, k := range keys {
			m[k] = true
		}
		return m
	}
	casts := []string{"enabled", "exclude_parent", "collision_mask", "collide_with_areas", "collide_with_bodies",
		"debug_shape_custom_color", "debug_shape_thickness", "hit_from_inside", "hit_back_faces"}
	m := map[string]map[string]bool{
		"RayCast3D":   set(append(casts, "target_position")...),
		"RayCast":     set(append(casts, "cast_to")...),
		"ShapeCast3D": set(append(casts, "shape", "target_position", "margin", "max_results")...),
		"SoftBody3D": set("mesh", "total_mass", "simulation_precision", "linear_stiffness", "pressure_coefficient",
			"damping_coefficient", "drag_coefficient", "collision_layer", "collision_mask", "parent_collision_ignore",
			"pinned_points", "ray_pickable", "disable_mode"),
		"": set("visible", "rotation_edit_mode", "rotation_order", "top_level"), // every Node3D
	}
	// bodies and areas, often scripted (pickable objects, triggers): what
	// every collision object has, and each class's own, under both
	// versions' names
	object := slices.Concat(objectProps, []string{"collision_priority", "disable_mode"})
	rigid := slices.Concat(rigidProps, []string{"max_contacts_reported", "contacts_reported"}, object)
	area := slices.Concat(areaProps, object)
	for _, c := range []string{"RigidBody3D", "RigidBody", "VehicleBody3D", "VehicleBody"} {
		m[c] = set(rigid...)
	}
	for _, c := range []string{"StaticBody3D", "StaticBody", "AnimatableBody3D", "CharacterBody3D", "KinematicBody"} {
		m[c] = set(object...)
	}
	m["Area3D"], m["Area"] = set(area...), set(area...)
	return m
}()

// Engine properties of collision objects that Godot 3 and Godot 4 name
// alike: every collision object's, a rigid body's and an area's. A
// scripted node keeps them (nativeProps), and they carry between the
// versions (crossVersionProps).
var (
	objectProps = []string{"input_ray_pickable", "input_capture_on_drag"}
	rigidProps  = []string{"can_sleep", "sleeping", "contact_monitor"}
	areaProps   = []string{"monitoring", "monitorable", "priority"}
)

func nativeProp(class, key string) bool { return nativeProps[class][key] || nativeProps[""][key] }

// ownResource names properties that read as Graph attributes on other
// classes but are these classes' own data, kept for a Godot round trip: a
// soft body's mesh is its body, not a visual, and its layers no Graph
// collider's; a shape cast's shape sweeps, it does not collide.
var ownResource = func() map[string]map[string]bool {
	m := map[string]map[string]bool{
		"SoftBody3D":  {"mesh": true, "collision_layer": true, "collision_mask": true},
		"SoftBody":    {"mesh": true, "collision_layer": true, "collision_mask": true},
		"ShapeCast3D": {"shape": true, "collision_mask": true},
		// a cast's mask chooses what it hits; it is no body's filter
		"RayCast3D": {"collision_mask": true}, "RayCast": {"collision_mask": true},
	}
	// a CSG shape's collision (use_collision) is built at run time and is
	// no Graph collider: its layers, and a polygon's mode (extruded, spun
	// or along a path: the shape itself), are its own
	for _, c := range []string{"CSGBox3D", "CSGSphere3D", "CSGCylinder3D", "CSGMesh3D", "CSGCombiner3D", "CSGTorus3D",
		"CSGBox", "CSGSphere", "CSGCylinder", "CSGMesh", "CSGCombiner", "CSGTorus"} {
		m[c] = map[string]bool{"collision_layer": true, "collision_mask": true}
	}
	for _, c := range []string{"CSGPolygon3D", "CSGPolygon"} {
		m[c] = map[string]bool{"collision_layer": true, "collision_mask": true, "mode": true}
	}
	return m
}()

// godot3Material reports a Godot 3 body's own friction and bounce, which
// its colliders' material takes (materialOf) and Godot output writes as
// a PhysicsMaterial.
func godot3Material(n *node, k string) bool {
	return n.version == 3 && (k == "friction" || k == "bounce") && (n.class == "StaticBody" || n.class == "RigidBody")
}

// keepProps stores the reference-free properties of a node so a Godot
// round trip keeps what the Graph does not model (damping, axis locks,
// solver parameters, non-physics nodes); properties that reference
// resources are not carried.
func (p *parser) keepProps(n *node, idx int) {
	var kept []tscn.Prop
	var dropped []string
	sv, scripted := n.get("script")
	scripted = scripted && sv.v != nil
	lossy := map[string]bool{}
	for _, k := range lossyKeys {
		lossy[k] = true
	}
	for _, k := range n.order {
		v := n.props[k]
		if physicsKeys[k] && !ownResource[n.class][k] || n.read[k] || godot3Material(n, k) || motionKey[k] && p.g.Nodes[idx].Motion != nil || strings.HasPrefix(k, "metadata/omi_") || isJointKey(n.class, k) {
			continue
		}
		if scripted && !lossy[k] && !nativeProp(n.class, k) {
			continue // may be a script variable, unknown without the script
		}
		if hasRef(v.v) {
			c, ok := captureRefs(v.v, v.doc, 0)
			if !ok {
				dropped = append(dropped, k)
				continue
			}
			kept = append(kept, tscn.Prop{Key: k, Value: c})
			continue
		}
		kept = append(kept, tscn.Prop{Key: k, Value: v.v})
	}
	if len(kept) > 0 {
		p.g.Nodes[idx].Extras[extraProps] = kept
	}
	if len(dropped) > 0 {
		p.note(convert.CodeGodotResourceDropped, convert.NodeSubject(p.idx(n)), n, "properties referencing resources are not carried over: %s", strings.Join(dropped, ", "))
	}
	if n.class == "AnimationPlayer" || n.class == "AnimationTree" {
		p.note(convert.CodeAnimationDropped, convert.NodeSubject(p.idx(n)), n, "%s is not carried over: other formats have no animation (Godot output keeps the node)", n.class)
	}
	if v, ok := n.get("script"); ok && v.v != nil {
		p.note(convert.CodeGodotScriptDropped, convert.NodeSubject(p.idx(n)), n, "script %s is not carried over (physics it sets at run time is not seen)", p.refPath(v))
	}
}

func (p *parser) refPath(v value) string {
	if r, ok := v.v.(tscn.Ref); ok && r.Kind == "ExtResource" {
		if res := v.doc.ext[r.ID]; res != nil {
			return res.resPath
		}
	}
	return tscn.EncodeValue(v.v)
}

func hasRef(v tscn.Value) bool {
	switch x := v.(type) {
	case tscn.Ref, *tscn.Object:
		return true
	case *tscn.Call:
		for _, a := range x.Args {
			if hasRef(a) {
				return true
			}
		}
	case tscn.Array:
		for _, a := range x {
			if hasRef(a) {
				return true
			}
		}
	case tscn.Dict:
		for _, e := range x {
			if hasRef(e.Key) || hasRef(e.Value) {
				return true
			}
		}
	}
	return false
}

// attributes maps a node's class to Graph attributes.
func (p *parser) attributes(n *node, idx int) error {
	c := class4(n)
	switch c {
	case "RigidBody3D", "VehicleBody3D", "StaticBody3D", "AnimatableBody3D", "CharacterBody3D", "PhysicalBone3D":
		if err := p.body(n, idx, c); err != nil {
			return err
		}
		if c == "VehicleBody3D" {
			return p.vehicle(n, idx)
		}
		if c == "PhysicalBone3D" {
			p.note(convert.CodeGodotPhysicalBone, convert.BodySubject(p.idx(n)), n, "PhysicalBone3D read as a rigid body; its bone joint needs the skeleton and is dropped")
		}
	case "Area3D":
		if err := p.processOff(n, nil); err != nil {
			return err
		}
		p.g.Nodes[idx].Trigger = &convert.Trigger{Shape: -1, Filter: -1}
		if err := p.filterOf(n, idx); err != nil {
			return err
		}
		if err := p.spaceOverrides(n, idx); err != nil {
			return err
		}
		return p.seat(n, idx)
	case "CollisionShape3D":
		return p.collisionShape(n, idx)
	case "PinJoint3D", "HingeJoint3D", "SliderJoint3D", "ConeTwistJoint3D", "Generic6DOFJoint3D":
		p.joints = append(p.joints, n)
	case "VehicleWheel3D":
		return p.wheel(n, idx)
	case "MeshInstance3D":
		return p.visual(n, idx)
	case "RayCast3D":
		return p.scriptedNode(n, idx) // omi-godot hover thrusters are ray casts
	case "GridMap":
		return p.gridMap(n, idx)
	case "RigidBody2D", "StaticBody2D", "CharacterBody2D", "AnimatableBody2D", "KinematicBody2D", "Area2D",
		"PinJoint2D", "GrooveJoint2D", "DampedSpringJoint2D", "PhysicalBone2D", "VehicleBody2D":
		// a 2D scene's physics: nothing of it reaches the Graph, which
		// holds 3D bodies; said rather than left out silently
		p.note(convert.CodeGodotUnsupportedNode, convert.NodeSubject(p.idx(n)), n, "%s is 2D physics, which is not converted (physconv converts 3D rigid bodies)", n.class)
		return p.scriptedNode(n, idx)
	case "SoftBody3D", "CollisionPolygon3D", "SpringArm3D", "ShapeCast3D":
		// kept as written by Godot output of the same version, as any
		// node of a class the Graph has no form for
		switch c {
		case "SoftBody3D":
			p.note(convert.CodeGodotUnsupportedNode, convert.NodeSubject(p.idx(n)), n, "%s is kept only by Godot output of the same Godot version (a soft body has no rigid-body equivalent: other formats and the other version have none of it)", n.class)
		case "CollisionPolygon3D":
			p.note(convert.CodeGodotUnsupportedNode, convert.NodeSubject(p.idx(n)), n, "%s collision is kept only by Godot output of the same Godot version (an extruded polygon is not converted: other formats and the other version have none of its shapes)", n.class)
		}
	default:
		if strings.HasPrefix(c, "CSG") {
			if v, ok := n.get("use_collision"); ok && v.v == true {
				p.note(convert.CodeGodotUnsupportedNode, convert.NodeSubject(p.idx(n)), n, "%s collision is kept only by Godot output of the same Godot version (CSG geometry is built at run time; other formats and the other version have none of its shapes)", n.class)
			}
		}
		return p.scriptedNode(n, idx)
	}
	return nil
}

// rigidClass reports the Godot 4 classes of rigid bodies (Godot 3's map
// onto them): those with mass properties, freeze and velocities of their
// own.
func rigidClass(c string) bool {
	return c == "RigidBody3D" || c == "VehicleBody3D" || c == "PhysicalBone3D"
}

// body reads the mass properties and motion of a physics body.
func (p *parser) body(n *node, idx int, c string) error {
	m := &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}
	switch c {
	case "StaticBody3D":
		m.Kind = convert.Static
	case "AnimatableBody3D", "CharacterBody3D":
		m.Kind = convert.Kinematic
	}
	if n.version == 3 && (c == "RigidBody3D" || c == "VehicleBody3D") {
		mode, _, err := p.num(n, "mode")
		if err != nil {
			return err
		}
		switch mode {
		case 1:
			m.Kind = convert.Static
		case 2:
			// Character: a dynamic body that never rotates
			m.LockAngular = [3]bool{true, true, true}
		case 3:
			m.Kind = convert.Kinematic
		}
	}
	if n.version == 4 && rigidClass(c) {
		frozen, err := p.flag(n, "freeze")
		if err != nil {
			return err
		}
		if frozen {
			fm, _, err := p.num(n, "freeze_mode")
			if err != nil {
				return err
			}
			m.Kind = convert.Static
			if fm == 1 {
				m.Kind = convert.Kinematic
			}
		}
	}
	if err := p.processOff(n, m); err != nil {
		return err
	}
	if m.Kind == convert.Dynamic || rigidClass(c) {
		if err := p.mass(n, m, c); err != nil {
			return err
		}
	}
	if err := p.locksAndDamping(n, m); err != nil {
		return err
	}
	if n.version == 4 && m.Kind == convert.Dynamic {
		p.engineBodies = append(p.engineBodies, n)
	}
	if n.version == 3 && m.Kind == convert.Dynamic {
		p.engineBodies3 = append(p.engineBodies3, n)
	}
	p.g.Nodes[idx].Motion = m
	// only rigid bodies have velocities: on a static, kinematic or
	// character body these names are a script's variables
	if rigidClass(c) {
		if err := p.velocities(n, idx, m); err != nil {
			return err
		}
	}
	p.lossyProps(n, c)
	return p.filterOf(n, idx)
}

func (p *parser) mass(n *node, m *convert.Motion, c string) error {
	mass, given, err := p.num(n, "mass")
	if err != nil {
		return err
	}
	if !given {
		if v, ok := n.get("weight"); ok && n.version == 3 {
			w, err := v.float("weight")
			if err != nil {
				return err
			}
			mass, given = w/9.8, true
		}
	}
	if !(mass > 0) || math.IsInf(mass, 0) {
		return lineErr(n.file, n.line, "node %q: mass %v must be a positive number", n.path(), mass)
	}
	m.Mass = convert.Ptr(mass)
	m.MassSource = convert.Given
	if !given {
		m.MassSource = convert.Default
		p.note(convert.CodeGodotMassDefault, convert.BodySubject(p.idx(n)), n, "no mass given; Godot's default for %s, %g kg, applies", n.class, mass)
	}
	if g, ok := n.get("gravity_scale"); ok {
		if m.GravityFactor, err = g.float("gravity_scale"); err != nil {
			return err
		}
	}
	if n.version == 3 {
		// Godot 3 has no centre-of-mass property: the body origin is it
		m.CenterOfMass, m.CenterOfMassSource = &convert.Vec3{}, convert.Default
		p.note(convert.CodeGodot3ComOrigin, convert.BodySubject(p.idx(n)), n, "Godot 3 puts the centre of mass at the body origin, not at the shapes' centroid")
	}
	if n.version == 4 {
		mode, _, err := p.num(n, "center_of_mass_mode")
		if err != nil {
			return err
		}
		if mode == 1 {
			com := convert.Vec3{}
			if v, ok := n.get("center_of_mass"); ok {
				if com, err = v.vec3("center_of_mass"); err != nil {
					return err
				}
			}
			m.CenterOfMass = &com
			m.CenterOfMassSource = convert.Given
		}
		if v, ok := n.get("inertia"); ok {
			in, err := v.vec3("inertia")
			if err != nil {
				return err
			}
			switch {
			case in[0] > 0 && in[1] > 0 && in[2] > 0:
				m.InertiaDiagonal = &in
				m.InertiaSource = convert.Given
			case in != convert.Vec3{}:
				// completed in engineInertia, as Godot completes it
				if p.partialInertia == nil {
					p.partialInertia = map[*node]convert.Vec3{}
				}
				p.partialInertia[n] = in
			}
		}
	}
	return nil
}

// velocities converts Godot's global-frame velocities to node space.
func (p *parser) velocities(n *node, idx int, m *convert.Motion) error {
	var rot *convert.Quat // found for the first velocity only
	for _, k := range []string{"linear_velocity", "angular_velocity"} {
		v, ok := n.get(k)
		if !ok {
			continue
		}
		if rot == nil {
			r := p.g.WorldTransform(idx).R.Conj()
			rot = &r
		}
		vel, err := v.vec3(k)
		if err != nil {
			return err
		}
		// Godot holds a locked axis still (Godot 3's Character mode every
		// angular one): a velocity along it is gone at the first step
		locks := m.LockAngular
		if k == "linear_velocity" {
			locks = m.LockLinear
		}
		for a, locked := range locks {
			if locked {
				vel[a] = 0
			}
		}
		if k == "linear_velocity" {
			m.LinearVelocity = rot.Rotate(vel)
		} else {
			m.AngularVelocity = rot.Rotate(vel)
		}
	}
	return nil
}

// lossyKeys are body properties with no Graph equivalent; they are kept
// for Godot output and reported because other formats lose them.
var lossyKeys = []string{"constant_force", "constant_torque", "constant_linear_velocity", "constant_angular_velocity"}

// motionKeys are the body properties locksAndDamping reads into Motion.
var motionKeys = []string{"linear_damp", "angular_damp", "linear_damp_mode", "angular_damp_mode", "lock_rotation",
	"axis_lock_linear_x", "axis_lock_linear_y", "axis_lock_linear_z",
	"axis_lock_angular_x", "axis_lock_angular_y", "axis_lock_angular_z", "custom_integrator", "continuous_cd"}

// locksAndDamping reads axis locks, damping and the custom integrator.
// Godot 3's damping of -1 means the project default; any other value
// replaces it. Godot 4 adds its damping to the default unless the damp
// mode is Replace (1).
func (p *parser) locksAndDamping(n *node, m *convert.Motion) error {
	for k := range 3 {
		var err error
		if m.LockLinear[k], err = p.flag(n, motionKeys[5+k]); err != nil { // axis_lock_linear_x, y, z
			return err
		}
		lock, err := p.flag(n, motionKeys[8+k]) // axis_lock_angular_x, y, z
		if err != nil {
			return err
		}
		m.LockAngular[k] = m.LockAngular[k] || lock
	}
	if lock, err := p.flag(n, "lock_rotation"); err != nil {
		return err
	} else if lock {
		// Godot 4's lock_rotation zeroes the inverse inertia: nothing
		// turns the body, and a spin it has goes on (axis locks would
		// stop it); whatever inertia was given is not used
		inf := convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
		m.InertiaDiagonal, m.InertiaSource = &inf, convert.Given
		if m.InertiaOrientation == nil {
			m.InertiaOrientation = convert.Ptr(convert.IdentityQuat())
		}
		delete(p.partialInertia, n)
	}
	var err error
	if m.CustomIntegrator, err = p.flag(n, "custom_integrator"); err != nil {
		return err
	}
	if m.ContinuousCollision, err = p.flag(n, "continuous_cd"); err != nil {
		return err
	}
	if asleep, err := p.flag(n, "sleeping"); err != nil {
		return err
	} else if asleep && n.version == 3 && m.Kind == convert.Dynamic {
		p.note(convert.CodeGodotStartsAsleep, convert.BodySubject(p.idx(n)), n, "the body starts asleep in Godot 3 (sleeping = true): it stays where it is until something touches it; no other format, nor Godot 4, starts a body asleep, so it falls from the start there (a Godot 3 scene written from this one keeps it)")
	}
	for _, d := range []struct {
		key, modeKey string
		value        *float64
		replace      *bool
	}{{"linear_damp", "linear_damp_mode", &m.LinearDamping, &m.ReplaceLinearDamping}, {"angular_damp", "angular_damp_mode", &m.AngularDamping, &m.ReplaceAngularDamping}} {
		v, given, err := p.num(n, d.key)
		if err != nil {
			return err
		}
		if n.version == 3 {
			if given && v >= 0 {
				*d.value, *d.replace = v, true
			}
			continue
		}
		mode, _, err := p.num(n, d.modeKey)
		if err != nil {
			return err
		}
		*d.value, *d.replace = v, mode == 1
	}
	if m.LinearDamping < 0 || m.AngularDamping < 0 || math.IsNaN(m.LinearDamping+m.AngularDamping) || math.IsInf(m.LinearDamping+m.AngularDamping, 0) {
		return lineErr(n.file, n.line, "node %q: damping must be a non-negative number", n.path())
	}
	return nil
}

// spaceOverrideKeys are an area's settings that change the gravity or
// damping of the bodies in it (Godot 4's three modes, Godot 3's one);
// any value but 0 (disabled) turns the override on.
var spaceOverrideKeys = []string{"gravity_space_override", "linear_damp_space_override", "angular_damp_space_override", "space_override"}

// spaceOverrides names an area that overrides gravity or damping in its
// volume (a zero-g room, a planet's pull, water): the Graph has no such
// field, so it is kept for Godot output and lost in other formats.
func (p *parser) spaceOverrides(n *node, idx int) error {
	var on []string
	for _, k := range spaceOverrideKeys {
		v, ok := n.get(k)
		if !ok {
			continue
		}
		mode, err := v.float(k)
		if err != nil {
			return err
		}
		if mode != 0 {
			on = append(on, k)
		}
	}
	if len(on) > 0 {
		p.note(convert.CodeGravityVolumeKept, convert.NodeSubject(idx), n, "area %q overrides the physics of the bodies in it (%s): kept in Godot output; in other formats they fall under the world's gravity and their own damping", n.path(), strings.Join(on, ", "))
	}
	return nil
}

// lossyProps reports the body properties of lossyKeys that n, of
// class, has: a force or torque that pushes a rigid body all along with
// a warning
// (every other format moves the body without it), the rest as kept.
func (p *parser) lossyProps(n *node, class string) {
	var found, pushing []string
	seen := map[string]bool{}
	for _, k := range lossyKeys {
		v, ok := n.get(k)
		if !ok || seen[k] {
			continue
		}
		seen[k] = true
		if f, err := v.vec3(k); err == nil && f != (convert.Vec3{}) && (k == "constant_force" || k == "constant_torque") && rigidClass(class) {
			pushing = append(pushing, fmt.Sprintf("%s %v", k, f))
			continue
		}
		found = append(found, k)
	}
	if len(pushing) > 0 {
		p.note(convert.CodeGodotConstantForce, convert.BodySubject(p.idx(n)), n, "%s pushes the body all along in Godot 4: Godot 4 output keeps it; no other format, nor Godot 3, has one, and there the body moves without it", strings.Join(pushing, " and "))
	}
	if len(found) > 0 {
		p.note(convert.CodeGodotPropertyKept, convert.BodySubject(p.idx(n)), n, "%s kept for Godot output only; other formats have no equivalent", strings.Join(found, ", "))
	}
}

// filterOf turns collision_layer/collision_mask into a Graph filter for
// the shapes under a body or area. Godot's default (layer 1, mask 1) gets
// one too: it is "collides with everything" only while no object has
// other layers (settleFilters).
func (p *parser) filterOf(n *node, idx int) error {
	layer, _, err := p.num(n, "collision_layer")
	if err != nil {
		return err
	}
	mask, _, err := p.num(n, "collision_mask")
	if err != nil {
		return err
	}
	key := [2]int64{int64(layer), int64(mask)}
	if key != defaultLayerMask {
		p.g.Nodes[idx].Extras[extraLayerMask] = key // for one without shapes
	}
	f, ok := p.filters[key]
	if !ok {
		f = len(p.g.Filters)
		p.g.Filters = append(p.g.Filters, convert.Filter{
			Name:        fmt.Sprintf("layer %d mask %d", key[0], key[1]),
			Systems:     p.bitNames(uint32(key[0])),
			CollideWith: p.bitNames(uint32(key[1])),
		})
		p.filters[key] = f
	}
	p.g.Nodes[idx].Extras["godot.filter"] = f
	if len(p.g.Filters[f].CollideWith) == 0 {
		// An empty CollideWith means "everything" in the Graph; Godot's
		// mask 0 means nothing.
		p.g.Filters[f].NotCollideWith = p.bitNames(0xffffffff)
	}
	return nil
}

// defaultLayerMask is Godot's collision_layer and collision_mask of a
// body or area that sets neither.
var defaultLayerMask = [2]int64{1, 1}

// settleFilters makes the filters read pair colliders as Godot does. A
// scene whose objects all keep the default layer and mask needs no
// filter: every pair collides. Otherwise each default object keeps its
// filter (layer 1, mask 1): read as none, it collided with a ball of
// layer 3 and mask 3 in glTF, and in MuJoCo the ball fell through the
// floor (a filter of no layer meets no mask). Where a pair differs from
// Godot's rule (an object that responds, a rigid body or an area, pairs
// with another when its mask meets the other's layer, so one side is
// enough, and a static body's own mask plays no part: a box of layer 3
// rests on a floor of mask 0), every filter is written with the layers
// it scans as systems too (scanFilters).
func (p *parser) settleFilters() {
	if len(p.filters) == 1 {
		if f, ok := p.filters[defaultLayerMask]; ok {
			p.dropFilter(f)
			return
		}
	}
	if len(p.g.Filters) > 0 && !p.pairsAsGodot() {
		p.scanFilters()
	}
}

// dropFilter removes the only filter, f, from every collider and trigger.
func (p *parser) dropFilter(f int) {
	for i := range p.g.Nodes {
		n := &p.g.Nodes[i]
		if c := n.Collider; c != nil && c.Filter == f {
			c.Filter = -1
		}
		if t := n.Trigger; t != nil && t.Filter == f {
			t.Filter = -1
		}
		delete(n.Extras, "godot.filter")
	}
	p.g.Filters = nil
	p.filters = map[[2]int64]int{}
}

// bitNames lists the layer names of set bits ("Layer N" unless the
// project names it).
func (p *parser) bitNames(bits uint32) []string {
	var out []string
	for b := 0; b < 32; b++ {
		if bits&(1<<b) != 0 {
			out = append(out, p.layerName(b+1))
		}
	}
	return out
}

func (p *parser) layerName(n int) string {
	if s, ok := p.proj.layers[n]; ok && s != "" {
		return s
	}
	return fmt.Sprintf("Layer %d", n)
}

// owner returns the body or area a CollisionShape3D belongs to: its
// direct parent, as in Godot.
func (p *parser) ownerOf(n *node) (*node, string) {
	if n.parent == nil {
		return nil, ""
	}
	switch c := class4(n.parent); c {
	case "RigidBody3D", "VehicleBody3D", "StaticBody3D", "AnimatableBody3D", "CharacterBody3D", "PhysicalBone3D":
		return n.parent, "body"
	case "Area3D":
		return n.parent, "area"
	}
	return nil, ""
}

func (p *parser) collisionShape(n *node, idx int) error {
	owner, kind := p.ownerOf(n)
	if owner == nil {
		p.note(convert.CodeGodotShapeOrphan, p.g.ColliderSubject(p.idx(n)), n, "CollisionShape3D is not a direct child of a body or area; Godot ignores it, so it is dropped")
		return nil
	}
	if dis, err := p.flag(n, "disabled"); err != nil {
		return err
	} else if dis {
		p.note(convert.CodeGodotShapeDisabled, p.g.ColliderSubject(p.idx(n)), n, "disabled shape dropped")
		return nil
	}
	if p.removed[owner] {
		return nil // its object is out of the physics (processOff)
	}
	v, ok := n.get("shape")
	if !ok || v.v == nil {
		p.note(convert.CodeGodotShapeMissing, p.g.ColliderSubject(p.idx(n)), n, "CollisionShape3D has no shape; nothing collides here")
		return nil
	}
	ref, err := p.shapeFrom(v, "shape", n)
	if err != nil || ref.index < 0 {
		return err
	}
	if ref.align != nil {
		p.align(idx, *ref.align)
	}
	ownerIdx := p.index[owner]
	filter := -1
	if f, ok := p.g.Nodes[ownerIdx].Extras["godot.filter"].(int); ok {
		filter = f
	}
	switch kind {
	case "body":
		mat, err := p.materialOf(owner)
		if err != nil {
			return err
		}
		p.g.Nodes[idx].Collider = &convert.Collider{Shape: ref.index, Material: mat, Filter: filter}
	case "area":
		p.g.Nodes[idx].Trigger = &convert.Trigger{Shape: ref.index, Filter: filter}
		t := p.g.Nodes[ownerIdx].Trigger
		t.Nodes = append(t.Nodes, idx)
	}
	return nil
}

// align re-expresses a node so that its Graph frame is the shape's frame
// (node · align); a permutation of axes keeps TRS exact.
func (p *parser) align(idx int, a convert.Transform) {
	n := &p.g.Nodes[idx]
	t := n.Transform
	// Scale along the node's axes follows the rotation's axis permutation.
	rm := a.R.Mat()
	var s convert.Vec3
	for c := 0; c < 3; c++ {
		for row := 0; row < 3; row++ {
			if math.Abs(rm[row][c]) > 0.5 {
				s[c] = math.Abs(t.S[row])
			}
		}
	}
	if s == (convert.Vec3{}) || !isAxisPermutation(rm) {
		s = t.S
	}
	n.Transform = convert.Transform{T: t.Apply(a.T), R: t.R.Mul(a.R).Normalize(), S: s}
	inv := a.Inverse()
	for _, c := range n.Children {
		p.g.Nodes[c].Transform = inv.Mul(p.g.Nodes[c].Transform)
	}
	n.Extras["godot.align"] = a
}

func isAxisPermutation(m convert.Mat3) bool {
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			if v := math.Abs(m[r][c]); v > 1e-9 && math.Abs(v-1) > 1e-9 {
				return false
			}
		}
	}
	return true
}

// connections keeps [connection] sections as extras.
func (p *parser) connections(d *doc) {
	var out []map[string]string
	for _, s := range d.tscn.Sections {
		if s.Tag != "connection" {
			continue
		}
		c := map[string]string{}
		for _, a := range s.Attrs {
			if str, ok := a.Value.(string); ok {
				c[a.Key] = str
			} else {
				c[a.Key] = tscn.EncodeValue(a.Value)
			}
		}
		out = append(out, c)
	}
	if len(out) > 0 {
		p.g.Extras[extraConns] = out
	}
}

// DefaultDamping is the damping Godot 3 and 4 give every body by default
// (project settings physics/3d/default_linear_damp and
// default_angular_damp).
var DefaultDamping = convert.SceneDamping{Linear: 0.1, Angular: 0.1}

// projectSettings are what a scene's physics takes from its project.
type projectSettings struct {
	layers  map[int]string // 3D physics layer names
	damping convert.SceneDamping
	// gravity is the project's default gravity (m/s², scene axes) when it
	// sets one other than Godot's 9.8 m/s² down the Y axis.
	gravity *convert.Vec3
	// engine is physics/3d/physics_engine ("": not set)
	engine string
	// worldNodeB: physics/jolt_physics_3d/joints/world_node names Node B
	// (Jolt then attaches a joint's lone body as A)
	worldNodeB bool
	// ticks4 and ticks3 are the physics steps per second Godot 4
	// (common/physics_ticks_per_second) and Godot 3 (common/physics_fps)
	// run (0: not set, or no number of at least 1)
	ticks4, ticks3 float64
}

// DefaultGravity is the gravity Godot 3 and 4 give every body by default
// (project settings physics/3d/default_gravity, 9.8, times
// default_gravity_vector, which Godot does not normalise).
const DefaultGravity = 9.8

// settings are the scene's project settings: Godot's defaults when it
// has no project.godot.
func (l *loader) settings() projectSettings {
	if l.project == nil {
		return projectSettings{damping: DefaultDamping}
	}
	return readProject(l.project)
}

// readProject reads, in one pass over a project.godot file, the
// [layer_names] 3d_physics/layer_N entries and the [physics] settings a
// scene's physics depends on: 3d/default_linear_damp,
// default_angular_damp, default_gravity and default_gravity_vector (a
// damping that is no non-negative number, a gravity that is no finite
// number or vector, leaves Godot's default, as Godot's own reading does
// not apply it either), 3d/physics_engine, Jolt's joints/world_node and
// the physics rate.
func readProject(data []byte) projectSettings {
	out := projectSettings{layers: map[int]string{}, damping: DefaultDamping}
	magnitude, direction := DefaultGravity, convert.Vec3{0, -1, 0}
	section := ""
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "[") {
			section = strings.Trim(line, "[]")
			continue
		}
		k, v, ok := strings.Cut(line, "=")
		if !ok {
			continue
		}
		k, v = strings.TrimSpace(k), strings.TrimSpace(v)
		switch section {
		case "layer_names":
			var n int
			if _, err := fmt.Sscanf(k, "3d_physics/layer_%d", &n); err == nil && n >= 1 && n <= 32 {
				out.layers[n] = strings.Trim(v, `"`)
			}
		case "physics":
			switch k {
			case "3d/physics_engine":
				out.engine = strings.Trim(v, `"`)
			case "jolt_physics_3d/joints/world_node":
				out.worldNodeB = strings.Trim(v, `"`) != "0"
			case "common/physics_ticks_per_second", "common/physics_fps":
				if f, err := strconv.ParseFloat(strings.Trim(v, `"`), 64); err == nil && f >= 1 && !math.IsInf(f, 1) {
					if k == "common/physics_fps" {
						out.ticks3 = f
					} else {
						out.ticks4 = f
					}
				}
			}
			var to *float64
			switch k {
			case "3d/default_linear_damp":
				to = &out.damping.Linear
			case "3d/default_angular_damp":
				to = &out.damping.Angular
			}
			if f, err := strconv.ParseFloat(v, 64); to != nil && err == nil && f >= 0 && !math.IsInf(f, 0) {
				*to = f
			}
			switch k {
			case "3d/default_gravity":
				if f, err := strconv.ParseFloat(v, 64); err == nil && isFinite(f) {
					magnitude = f
				}
			case "3d/default_gravity_vector":
				if d, ok := projectVector(v); ok {
					direction = d
				}
			}
		}
	}
	if magnitude != DefaultGravity || direction != (convert.Vec3{0, -1, 0}) {
		var gv convert.Vec3
		for i := range gv {
			if gv[i] = direction[i] * magnitude; gv[i] == 0 {
				gv[i] = 0 // not -0
			}
		}
		out.gravity = &gv
	}
	return out
}

// projectVector reads a Vector3 literal of a project setting.
func projectVector(v string) (convert.Vec3, bool) {
	d, err := tscn.Decode([]byte("[gd_resource type=\"Resource\" format=3]\n[resource]\nv = " + v + "\n"))
	if err != nil || len(d.Sections) != 1 {
		return convert.Vec3{}, false
	}
	val, _ := d.Sections[0].Prop("v")
	c, ok := val.(*tscn.Call)
	if !ok || c.Name != "Vector3" {
		return convert.Vec3{}, false
	}
	f, ok := c.Floats()
	if !ok || len(f) != 3 {
		return convert.Vec3{}, false
	}
	if !isFinite(f[0]) || !isFinite(f[1]) || !isFinite(f[2]) {
		return convert.Vec3{}, false
	}
	return convert.Vec3{f[0], f[1], f[2]}, true
}

func sortedInts(m map[int]string) []int {
	var out []int
	for k := range m {
		out = append(out, k)
	}
	sort.Ints(out)
	return out
}

// processOff reads a Godot 4 body or area that is disabled (process_mode
// Disabled, its own or inherited):
// Godot takes it out of the physics (disable_mode Remove, the default),
// and it neither moves nor collides, read as a static body (m) without
// colliders or an area without shapes; or makes it static (Make Static);
// or keeps it (Keep Active). It was read as an active body, which fell
// in every other format where Godot holds it.
func (p *parser) processOff(n *node, m *convert.Motion) error {
	if n.version != 4 {
		return nil
	}
	mode, err := p.processMode(n)
	if err != nil {
		return err
	}
	if mode != processDisabled {
		return nil // When Paused stops its processing, not its physics
	}
	dm, _, err := p.num(n, "disable_mode")
	if err != nil {
		return err
	}
	how := map[float64]string{0: "Remove", 1: "Make Static", 2: "Keep Active"}[dm]
	switch {
	case dm == 0:
		p.removed[n] = true
		if m != nil {
			m.Kind = convert.Static
		}
		p.note(convert.CodeGodotProcessOff, convert.NodeSubject(p.idx(n)), n, "process_mode Disabled takes this %s out of the running game (disable_mode %s): Godot takes it out of the physics, so it is read as neither moving nor colliding", n.class, how)
	case dm == 1 && m != nil && m.Kind != convert.Static:
		m.Kind = convert.Static
		p.note(convert.CodeGodotProcessOff, convert.NodeSubject(p.idx(n)), n, "process_mode Disabled takes this %s out of the running game (disable_mode %s): Godot makes it static, and so it is read", n.class, how)
	}
	return nil
}

// processMode is node n's process_mode, its parent's where it inherits
// (0), found once per node: a walk up from every body of a deep chain of
// nested bodies would be quadratic.
func (p *parser) processMode(n *node) (float64, error) {
	if n == nil {
		return 0, nil
	}
	if m, ok := p.processModes[n]; ok {
		return m, nil
	}
	m, _, err := p.num(n, "process_mode")
	if err != nil {
		return 0, err
	}
	if m == 0 {
		if m, err = p.processMode(n.parent); err != nil {
			return 0, err
		}
	}
	p.processModes[n] = m
	return m, nil
}

// processDisabled is Godot 4's process_mode Disabled (0 inherits the
// parent's).
const processDisabled = 4
