package godot

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// node writes node i (and the helper children Godot needs: a
// CollisionShape3D under a body that carries its own shape, a mesh child
// for a visual on a physics node).
func (e *emitter) node(i int) {
	g := e.g
	n := &g.Nodes[i]
	p := e.paths[i]
	parent := ""
	if i != e.root {
		parent = e.parentRef(i)
	}
	name := e.names[i]
	if e.instancedNode(i, name, parent) {
		return
	}
	class, props := e.classOf(i)
	if class == "CollisionShape3D" && e.v == 4 && n.Collider != nil && n.Collider.Shape >= 0 {
		if _, scaled := cellScale(e.g.Shapes[n.Collider.Shape]); scaled {
			// a scale on this node would stretch what hangs below it too
			e.note(convert.CodeShapeApproximated, e.g.ColliderSubject(i), name, "height field spacing is not 1 m; Godot's height maps use 1 m cells, so its extent changes")
		}
	}
	s := e.sectionFor(name, e.cls(class), parent)
	if i == e.root && e.root >= 0 {
		s = e.sectionFor(name, e.cls(class), "")
	}
	if res, ok := n.Extras[extraInstance].(string); ok && strings.HasPrefix(res, "res://") {
		// the instanced scene is referenced, as the source did
		s = e.sectionFor(name, "", parent)
		s.Attrs = append(s.Attrs, tscn.Prop{Key: "instance", Value: e.addExt("PackedScene", res)})
	}
	// room for the transform, unique_name_in_owner and the class's
	// properties: one list rather than a copy at each append
	s.Props = make([]tscn.Prop, 0, 2+len(props))
	// A Control or plain Node has no 3D pose (a rebased parent still
	// counter-turns it in the Graph).
	if t := e.emittedTransform(i); !isIdentityTransform(t) && spatial(class) {
		s.Props = append(s.Props, tscn.Prop{Key: "transform", Value: e.transformValue(t)})
	}
	if e.anchored[i] {
		s.Props = append(s.Props, tscn.Prop{Key: "unique_name_in_owner", Value: true})
	}
	s.Props = append(s.Props, props...)
	s.Props = append(s.Props, e.ownLayers(i, s.Props)...)
	e.keptProps(i, class, &s)
	e.out = append(e.out, s)
	// Children Godot needs that the Graph keeps on the node itself.
	if (n.Collider != nil && n.Collider.Shape >= 0 || n.Trigger != nil && n.Trigger.Shape >= 0) && e.ownsShapeChild(i) && class != "CollisionShape3D" {
		shape := -1
		if n.Collider != nil && n.Collider.Shape >= 0 {
			shape = n.Collider.Shape
		} else {
			shape = n.Trigger.Shape
		}
		e.shapeChild(name, name+"Shape", p, shape, e.ownShapeFrame(i))
	}
	if colliderAndTrigger(n) {
		// One Godot node is a collider or an area, never both: the
		// trigger gets an Area3D of its own beside the collider's shape.
		areaParent, at := p, e.ownShapeFrame(i)
		if class == "CollisionShape3D" {
			areaParent, at = parent, n.Transform
		}
		area := e.sectionFor(name+"Trigger", e.cls("Area3D"), areaParent)
		area.Props = append(area.Props, e.filterProps(n.Trigger.Filter, i)...)
		e.out = append(e.out, area)
		e.shapeChild(name, name+"TriggerShape", e.childPath(areaParent, name+"Trigger"), n.Trigger.Shape, at)
	}
	if n.Visual != nil && class != "MeshInstance3D" {
		if sec, ok := e.meshNode(i, name+"Mesh", p); ok {
			at := e.ownShapeFrame(i)
			if e.v == 3 && e.g.Shapes[n.Visual.Shape].Kind == convert.Capsule {
				at = at.Mul(capsuleAlign3)
			}
			if !isIdentityTransform(at) {
				sec.Props = append([]tscn.Prop{{Key: "transform", Value: e.transformValue(at)}}, sec.Props...)
			}
			e.out = append(e.out, sec)
		}
	}
}

// shapeChild writes a CollisionShape3D for shape at frame at below
// parentPath; owner names the shape's resources.
func (e *emitter) shapeChild(owner, name, parentPath string, shape int, at convert.Transform) {
	cs := e.sectionFor(name, e.cls("CollisionShape3D"), parentPath)
	if e.v == 3 && e.g.Shapes[shape].Kind == convert.Capsule {
		at = at.Mul(capsuleAlign3)
	}
	if sc, scaled := cellScale(e.g.Shapes[shape]); scaled && e.v == 4 {
		// the height map's cells at the field's spacing; the node holds
		// nothing else for the scale to stretch
		at = at.Mul(convert.Transform{R: convert.IdentityQuat(), S: sc})
	}
	if !isIdentityTransform(at) {
		cs.Props = append(cs.Props, tscn.Prop{Key: "transform", Value: e.transformValue(at)})
	}
	if ref := e.shapeRef(shape, owner); ref != nil {
		cs.Props = append(cs.Props, tscn.Prop{Key: "shape", Value: ref})
	}
	e.out = append(e.out, cs)
}

// colliderAndTrigger reports a node that is both a collider and a trigger
// with shapes of their own (glTF allows both on one node).
func colliderAndTrigger(n *convert.Node) bool {
	return n.Collider != nil && n.Collider.Shape >= 0 && n.Trigger != nil && n.Trigger.Shape >= 0
}

// classOf decides a node's Godot class and its physics properties.
func (e *emitter) classOf(i int) (string, []tscn.Prop) {
	g := e.g
	n := &g.Nodes[i]
	var props []tscn.Prop
	add := func(k string, v tscn.Value) { props = append(props, tscn.Prop{Key: k, Value: v}) }
	switch {
	case n.Motion != nil:
		class := e.bodyClass(i)
		props = append(props, e.bodyProps(i, class)...)
		if n.Vehicle != nil {
			props = append(props, e.vehicleProps(i)...)
		}
		return class, props
	case n.Joint != nil:
		class, props := e.jointProps(i)
		return class, append(props, e.couplingProps(i)...)
	case n.Trigger != nil && !colliderAndTrigger(n) && (n.Trigger.Shape < 0 || e.ownsShapeChild(i)):
		f := n.Trigger.Filter
		for _, c := range n.Trigger.Nodes {
			if c >= 0 && c < len(g.Nodes) && g.Nodes[c].Trigger != nil && f < 0 {
				f = g.Nodes[c].Trigger.Filter
			}
		}
		props = append(props, e.filterProps(f, i)...)
		props = append(props, e.seatProps(i)...)
		return "Area3D", props
	case n.Collider != nil && n.Collider.Shape >= 0 && e.parentIsBody(i):
		if ref := e.shapeRef(n.Collider.Shape, e.names[i]); ref != nil {
			add("shape", ref)
		}
		return "CollisionShape3D", props
	case n.Trigger != nil && n.Trigger.Shape >= 0 && !colliderAndTrigger(n):
		if ref := e.shapeRef(n.Trigger.Shape, e.names[i]); ref != nil {
			add("shape", ref)
		}
		return "CollisionShape3D", props
	case n.Collider != nil && n.Collider.Shape >= 0:
		// A collider without a body: a static body of its own.
		props = append(props, e.materialProps(i, []int{n.Collider.Material})...)
		props = append(props, e.filterProps(n.Collider.Filter, i)...)
		return "StaticBody3D", props
	case n.Wheel != nil:
		return "VehicleWheel3D", e.wheelProps(i)
	case n.Visual != nil:
		if sec, ok := e.meshNode(i, "", ""); ok {
			if strings.HasPrefix(sec.AttrString("type"), "MeshInstance") {
				return "MeshInstance3D", sec.Props
			}
		}
	}
	props = append(props, e.thrusterProps(i)...)
	props = append(props, e.seatProps(i)...)
	if c, ok := n.Extras[extraClass].(string); ok && len(props) == 0 {
		c4 := c
		if x, ok := class3to4[c]; ok {
			c4 = x
		}
		switch {
		case e.sameVersion(i) && e.v == 3:
			return c4, props
		case e.sameVersion(i):
			return c, props
		case crossVersionProps[c4] != nil:
			return c4, props // a class both versions have, its properties renamed
		}
	}
	return "Node3D", props
}

func (e *emitter) sameVersion(i int) bool {
	v, _ := e.g.Nodes[i].Extras[extraVersion].(int)
	return v == e.v
}

// keptProps writes back the properties Parse kept for a Godot round trip
// when the node keeps its class and Godot version.
func (e *emitter) keptProps(i int, class string, s *tscn.Section) {
	n := &e.g.Nodes[i]
	kept, ok := n.Extras[extraProps].([]tscn.Prop)
	if !ok || len(kept) == 0 {
		return
	}
	src, _ := n.Extras[extraClass].(string)
	if c4, ok := class3to4[src]; ok {
		src = c4 // compared by the Godot 4 name
	}
	if src != class {
		e.note(convert.CodeGodotPropsDropped, convert.NodeSubject(i), e.name(i), "%d Godot properties of the source (%s) do not apply to %s in Godot %d and are dropped", len(kept), src, class, e.v)
		return
	}
	if !e.sameVersion(i) {
		var dropped, areaDropped []string
		var area []tscn.Prop
		if class == "Area3D" {
			kept, area, areaDropped = areaCrossVersion(kept, e.v)
		}
		kept, dropped = crossVersion(kept, class, e.v)
		kept, dropped = append(kept, area...), append(dropped, areaDropped...)
		if len(dropped) > 0 {
			e.note(convert.CodeGodotPropsDropped, convert.NodeSubject(i), e.name(i), "Godot properties of the source (%s) have no Godot %d form and are dropped: %s", src, e.v, strings.Join(dropped, ", "))
		}
	}
	have := map[string]bool{}
	for _, p := range s.Props {
		have[p.Key] = true
	}
	have["unique_name_in_owner"] = true // refFor decides
	for _, p := range kept {
		if class == "MeshInstance3D" && !have["mesh"] && surfaceOverride(p.Key) {
			continue // no mesh written (a visual not carried over): no surface to override
		}
		if !have[p.Key] {
			s.Props = append(s.Props, tscn.Prop{Key: p.Key, Value: e.restoreRefs(p.Value)})
		}
	}
}

// surfaceOverride reports a mesh surface's material override (Godot 4's
// surface_material_override/N, Godot 3's material/N), which Godot knows
// only on a MeshInstance with a mesh of that many surfaces.
func surfaceOverride(key string) bool {
	for _, prefix := range []string{"surface_material_override/", "material/"} {
		if rest, ok := strings.CutPrefix(key, prefix); ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
			return true
		}
	}
	return false
}

// crossVersionProps are kept properties that mean the same in Godot 3 and
// Godot 4, per Godot 4 class: Godot 3 name → Godot 4 name (a ray cast's
// cast_to became target_position, in the same node-local sense).
var crossVersionProps = func() map[string]map[string]string {
	same := func(m map[string]string, keys ...string) map[string]string {
		for _, k := range keys {
			m[k] = k
		}
		return m
	}
	// a rigid body's contact reporting is contacts_reported in Godot 3
	rigid := func() map[string]string {
		return same(map[string]string{"contacts_reported": "max_contacts_reported"}, slices.Concat(rigidProps, objectProps)...)
	}
	// a static body's conveyor velocities, a vehicle's controls and a
	// character's locks have both versions' forms
	return map[string]map[string]string{
		"RayCast3D": {"cast_to": "target_position", "enabled": "enabled", "exclude_parent": "exclude_parent",
			"collision_mask": "collision_mask", "collide_with_areas": "collide_with_areas", "collide_with_bodies": "collide_with_bodies"},
		"RigidBody3D":   rigid(),
		"VehicleBody3D": same(rigid(), "engine_force", "brake", "steering"),
		"StaticBody3D":  same(map[string]string{}, slices.Concat(objectProps, []string{"constant_linear_velocity", "constant_angular_velocity"})...),
		"CharacterBody3D": same(map[string]string{"collision/safe_margin": "safe_margin",
			"move_lock_x": "axis_lock_linear_x", "move_lock_y": "axis_lock_linear_y", "move_lock_z": "axis_lock_linear_z"}, objectProps...),
		"Area3D": same(map[string]string{}, slices.Concat(areaProps, objectProps)...),
	}
}()

// crossVersion renames kept properties for Godot version v (the source
// being the other one) and lists those without a counterpart.
func crossVersion(kept []tscn.Prop, class string, v int) (out []tscn.Prop, dropped []string) {
	names := map[string]string{}
	for k3, k4 := range crossVersionProps[class] {
		if v == 4 {
			names[k3] = k4
		} else {
			names[k4] = k3
		}
	}
	for _, p := range kept {
		if to, ok := names[p.Key]; ok {
			out = append(out, tscn.Prop{Key: to, Value: p.Value})
		} else {
			dropped = append(dropped, p.Key)
		}
	}
	return out, dropped
}

// areaCrossVersion carries an Area3D's gravity and damping overrides to
// Godot version v, the source being the other one: Godot 3 overrides
// gravity and damping with one space_override and takes gravity_vec as the
// direction, or the centre of point gravity; Godot 4 has an override each
// and names the two vectors apart. rest are the properties it leaves to
// crossVersion; dropped those with no counterpart (an override of damping
// other than gravity's, a point gravity's falloff).
func areaCrossVersion(kept []tscn.Prop, v int) (rest, out []tscn.Prop, dropped []string) {
	value := map[string]tscn.Value{}
	for _, p := range kept {
		value[p.Key] = p.Value
	}
	point, _ := value["gravity_point"].(bool)
	isZero := func(x tscn.Value) bool { f, ok := tscn.Number(x); return ok && f == 0 }
	add := func(key string, x tscn.Value) { out = append(out, tscn.Prop{Key: key, Value: x}) }
	for _, p := range kept {
		switch k := p.Key; {
		case k == "gravity" || k == "gravity_point" || k == "linear_damp" || k == "angular_damp":
			add(k, p.Value)
		case v == 3 && k == "gravity_space_override":
			add("space_override", p.Value)
		case v == 3 && (k == "linear_damp_space_override" || k == "angular_damp_space_override"):
			if fmt.Sprint(p.Value) != fmt.Sprint(value["gravity_space_override"]) {
				dropped = append(dropped, k+" (Godot 3 overrides damping as it does gravity)")
			}
		case v == 3 && k == "gravity_point_center" && point, v == 3 && k == "gravity_direction" && !point:
			add("gravity_vec", p.Value)
		case v == 3 && (k == "gravity_point_center" || k == "gravity_direction"):
			// the other kind of gravity's vector: not in effect
		case v == 3 && k == "gravity_point_unit_distance", v == 4 && k == "gravity_distance_scale":
			if !isZero(p.Value) {
				dropped = append(dropped, k)
			}
		case v == 4 && k == "space_override":
			add("gravity_space_override", p.Value)
			add("linear_damp_space_override", p.Value)
			add("angular_damp_space_override", p.Value)
		case v == 4 && k == "gravity_vec":
			add(pick(point, "gravity_point_center", "gravity_direction"), p.Value)
		default:
			rest = append(rest, p)
		}
	}
	if mode, ok := value["gravity_space_override"]; v == 3 && ok && !isZero(mode) {
		// Godot 3 overrides damping too, where Godot 4 left it alone
		for _, k := range []string{"linear_damp_space_override", "angular_damp_space_override"} {
			if _, ok := value[k]; !ok {
				dropped = append(dropped, k+" (none: Godot 3 overrides damping as it does gravity)")
			}
		}
	}
	return rest, out, dropped
}

func (e *emitter) bodyClass(i int) string {
	n := &e.g.Nodes[i]
	src, _ := n.Extras[extraClass].(string)
	if e.v == 4 || n.Extras[extraVersion] == 3 {
		if c, ok := class3to4[src]; ok {
			src = c
		}
	}
	switch n.Motion.Kind {
	case convert.Static:
		return "StaticBody3D"
	case convert.Kinematic:
		if src == "CharacterBody3D" {
			return src
		}
		return "AnimatableBody3D"
	}
	if n.Vehicle != nil || src == "VehicleBody3D" {
		return "VehicleBody3D"
	}
	return "RigidBody3D"
}

// bodyProps writes mass properties, velocities, material and layers.
func (e *emitter) bodyProps(i int, class string) []tscn.Prop {
	g := e.g
	n := &g.Nodes[i]
	m := n.Motion
	var props []tscn.Prop
	add := func(k string, v tscn.Value) { props = append(props, tscn.Prop{Key: k, Value: v}) }
	if m.Kind == convert.Kinematic && (m.Mass != nil || m.CenterOfMass != nil || m.InertiaDiagonal != nil) {
		e.note(convert.CodeGodotKinematicMassDropped, convert.BodySubject(i), e.name(i), "%s has no mass properties (it moves as if infinitely heavy); the body's mass, centre of mass and inertia are not written", e.cls(class))
	}
	if m.Kind == convert.Dynamic {
		if m.IsMassless() {
			// Godot refuses a zero mass and would use its 1 kg default
			e.note(convert.CodeMasslessBody, convert.BodySubject(i), e.name(i), "Godot bodies cannot be massless; a stand-in of %g kg and %g kg·m² is written instead of Godot's 1 kg default", convert.NearZeroMass, convert.NearZeroInertia)
			m = convert.NearZeroStandIn(m)
		}
		if m.Mass != nil {
			if e.infiniteMassLocked(i, m) {
				kg := 1e6 * e.heaviestMass()
				add("mass", kg)
				if v := m.LinearVelocity; v != (convert.Vec3{}) {
					e.note(convert.CodeMassInfinite, convert.BodySubject(i), e.name(i), "infinite mass is written as linear axis locks, which keep the centre of mass in place, and a mass of %g kg, as good as infinite to Godot's contact solver; the locks stop the body's initial velocity %v m/s, which an infinite mass keeps", kg, v).Affecting(convert.QMass, convert.QVelocity)
				} else {
					e.note(convert.CodeMassInfinite, convert.BodySubject(i), e.name(i), "infinite mass is written as linear axis locks, which keep the centre of mass in place, and a mass of %g kg, as good as infinite to Godot's contact solver (which uses a locked body's mass)", kg).Affecting(convert.QMass).WithSeverity(convert.Info)
				}
			} else if math.IsInf(*m.Mass, 1) || *m.Mass <= 0 {
				e.note(convert.CodeMassInfinite, convert.BodySubject(i), e.name(i), "Godot bodies cannot have infinite or zero mass; the Godot default is used")
			} else {
				add("mass", *m.Mass)
			}
		}
		if m.GravityFactor != 1 {
			add("gravity_scale", m.GravityFactor)
		}
		if m.CenterOfMass != nil {
			if e.v == 4 {
				add("center_of_mass_mode", int64(1))
				add("center_of_mass", e.vec(*m.CenterOfMass))
			} else if *m.CenterOfMass != (convert.Vec3{}) {
				e.note(convert.CodeGodotComDropped, convert.BodySubject(i), e.name(i), "Godot 3 has no centre-of-mass property; the engine puts it at the body origin")
			}
		}
		if d := m.InertiaDiagonal; d != nil {
			locked := lockedMoments(*d, e.frames.World(i).R, m)
			switch {
			case e.v == 3 && e.bulletExact[i]:
				// Godot 3 computes this very inertia from the shapes
			case e.v == 3:
				e.note(convert.CodeGodotInertiaDropped, convert.BodySubject(i), e.name(i), "Godot 3 has no inertia property; the engine computes it from the shapes")
			case infiniteInertia(m) && e.v == 4 && !e.jointed(i):
				// written as lock_rotation (locksAndDamping), which is
				// infinite inertia
			case rotationLocked(m):
				// written as angular axis locks (locksAndDamping)
				e.note(convert.CodeGodotInertiaAsLocks, convert.BodySubject(i), e.name(i), "the body cannot rotate: its inertia %v is written as angular axis locks", *d)
			case e.engineInertia[i]:
				// Godot computes this inertia, principal axes included.
			case locked > 0:
				// infinite moments about world axes are written as locks of
				// those axes (locksAndDamping) and moments as good as
				// infinite, the others as they are
				w := *d
				for k := range w {
					if math.IsInf(w[k], 1) {
						w[k] = locked
					}
				}
				add("inertia", e.vec(w))
				e.note(convert.CodeGodotInertiaAsLocks, convert.BodySubject(i), e.name(i), "inertia %v: its infinite moments are written as angular axis locks and moments of %g, as good as infinite to Godot's solver", *d, locked)
			case math.IsInf(d[0], 0) || math.IsInf(d[1], 0) || math.IsInf(d[2], 0) || d[0] <= 0 || d[1] <= 0 || d[2] <= 0:
				e.note(convert.CodeGodotInertiaDropped, convert.BodySubject(i), e.name(i), "inertia %v has infinite or zero moments, which Godot cannot store; Godot computes it", *d)
			default:
				add("inertia", e.vec(*d))
			}
		}
	}
	if m.Kind == convert.Dynamic {
		props = append(props, e.locksAndDamping(i, m)...)
	}
	rot := e.frames.World(i).R
	moving := m.LinearVelocity != (convert.Vec3{}) || m.AngularVelocity != (convert.Vec3{})
	switch {
	case moving && m.Kind != convert.Dynamic:
		// AnimatableBody3D/StaticBody3D have no velocity of their own
		// (constant_*_velocity only drags what touches them).
		e.note(convert.CodeGodotVelocityDropped, convert.BodySubject(i), e.name(i), "Godot %s bodies move only by animation or script; the initial velocity (linear %v, angular %v) is dropped", m.Kind, m.LinearVelocity, m.AngularVelocity)
	case moving:
		if m.LinearVelocity != (convert.Vec3{}) {
			add("linear_velocity", e.vec(rot.Rotate(m.LinearVelocity)))
		}
		if m.AngularVelocity != (convert.Vec3{}) {
			add("angular_velocity", e.vec(rot.Rotate(m.AngularVelocity)))
		}
	}
	if n.Transform.S != (convert.Vec3{1, 1, 1}) {
		e.note(convert.CodeGodotBodyScaled, convert.BodySubject(i), e.name(i), "Godot does not support scaled physics bodies; the scale %v is written but the engine may reset it", n.Transform.S)
	}
	// Godot keeps material and layers per body; the Graph per collider.
	var mats, filters []int
	for _, c := range e.bodyColliders(i) {
		mats = append(mats, g.Nodes[c].Collider.Material)
		filters = append(filters, g.Nodes[c].Collider.Filter)
	}
	if e.v == 3 && e.cls(class) == "KinematicBody" {
		e.kinematicMaterial3(i, mats)
	} else {
		props = append(props, e.materialProps(i, mats)...)
	}
	f := -1
	for k, x := range filters {
		if k == 0 {
			f = x
		} else if x != f {
			e.note(convert.CodeGodotFilterMerged, convert.BodySubject(i), e.name(i), "colliders of one body use different collision filters; Godot keeps one per body, the first is used")
			break
		}
	}
	props = append(props, e.filterProps(f, i)...)
	return props
}

// ownLayers writes back the collision layer and mask a Godot source gave
// body or area i when nothing written for it says them (props): one
// without shapes of its own (those of an inherited scene, or added at run
// time) has no collider to carry a filter.
func (e *emitter) ownLayers(i int, props []tscn.Prop) []tscn.Prop {
	lm, ok := e.g.Nodes[i].Extras[extraLayerMask].([2]int64)
	if !ok || slices.ContainsFunc(props, func(p tscn.Prop) bool { return p.Key == "collision_layer" || p.Key == "collision_mask" }) {
		return nil
	}
	return []tscn.Prop{{Key: "collision_layer", Value: lm[0]}, {Key: "collision_mask", Value: lm[1]}}
}

// bodyColliders lists the collider nodes that belong to body i.
func (e *emitter) bodyColliders(i int) []int {
	var out []int
	var walk func(k int)
	walk = func(k int) {
		n := &e.g.Nodes[k]
		if k != i && n.Motion != nil {
			return
		}
		if n.Collider != nil && n.Collider.Shape >= 0 {
			out = append(out, k)
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(i)
	return out
}

// lockedMoments is the moment written for the infinite principal moments
// of inertia d (KHR's zero) of a body turned by world, when every one is
// about a world axis, which Godot then locks too, and the others are
// finite and positive: a million times the largest of those. Godot's
// contact solver still uses a locked axis's moment (it zeroes the
// turning only afterwards), and a million times the free moments turns a
// body as a moment a million times larger again does, to 1e-7 rad. 0
// otherwise.
func lockedMoments(d convert.Vec3, world convert.Quat, m *convert.Motion) float64 {
	if _, ok := convert.WorldLocks(world, m); !ok {
		return 0
	}
	largest, infinite := 0.0, 0
	for _, v := range d {
		switch {
		case math.IsInf(v, 1):
			infinite++
		case v > 0 && !math.IsInf(v, 0):
			largest = max(largest, v)
		default:
			return 0
		}
	}
	if infinite == 0 || infinite == 3 {
		return 0
	}
	return 1e6 * largest
}

// locksAndDamping writes axis locks, damping and the custom integrator.
// Godot 3 writes all three angular locks as mode Character and has no
// damp mode: its damping always replaces the project default.
func (e *emitter) locksAndDamping(i int, m *convert.Motion) []tscn.Prop {
	var props []tscn.Prop
	add := func(k string, v tscn.Value) { props = append(props, tscn.Prop{Key: k, Value: v}) }
	ang := m.LockAngular
	switch {
	case infiniteInertia(m) && e.v == 4 && !e.jointed(i):
		// Godot 4's lock_rotation is infinite inertia: nothing turns the
		// body, and it keeps the spin it has (axis locks would stop it).
		// A joint to such a body (or the world) has no angular mass to
		// act on, which GodotPhysics3D reports as an error: a jointed
		// body keeps the locks
		add("lock_rotation", true)
	case infiniteInertia(m) && e.bulletExact[i]:
		// Godot 3's Bullet gives a body without a shape of volume no
		// inertia, which is infinite inertia
	default:
		if inf, _ := convert.WorldLocks(e.frames.World(i).R, m); inf != [3]bool{} {
			// infinite moments about world axes (KHR's zero inertia) lock them
			for k := range ang {
				ang[k] = ang[k] || inf[k]
			}
		}
		if rotationLocked(m) {
			ang = [3]bool{true, true, true}
		}
	}
	character := e.v == 3 && ang == [3]bool{true, true, true}
	if character {
		add("mode", int64(2))
	}
	infMass := e.infiniteMassLocked(i, m)
	for k, a := range []string{"x", "y", "z"} {
		if m.LockLinear[k] || infMass {
			add("axis_lock_linear_"+a, true)
		}
		if ang[k] && !character {
			add("axis_lock_angular_"+a, true)
		}
	}
	if m.CustomIntegrator {
		add("custom_integrator", true)
	}
	if m.ContinuousCollision {
		add("continuous_cd", true)
	}
	// the lowering made the scene's default damping Godot's
	linDamp, angDamp := e.g.BodyDamping(m)
	for _, d := range []struct {
		key          string
		value, total float64
		replace      bool
	}{{"linear_damp", m.LinearDamping, linDamp, m.ReplaceLinearDamping}, {"angular_damp", m.AngularDamping, angDamp, m.ReplaceAngularDamping}} {
		switch {
		case e.v == 4:
			if d.replace {
				add(d.key+"_mode", int64(1))
			}
			if d.value != 0 {
				add(d.key, d.value)
			}
		case d.replace || d.value != 0:
			// Godot 3's damping replaces the default: the sum
			add(d.key, d.total)
		}
	}
	return props
}

// rotationLocked reports a body that cannot rotate: all three angular
// axes locked, or all three moments infinite (KHR's zero inertia).
func rotationLocked(m *convert.Motion) bool {
	return m.LockAngular == [3]bool{true, true, true} || infiniteInertia(m)
}

// jointed reports whether a joint holds body i (found for all bodies at
// once).
func (e *emitter) jointed(i int) bool {
	if e.jointedBodies == nil {
		e.jointedBodies = map[int]bool{}
		g := e.g
		for k := range g.Nodes {
			if j := g.Nodes[k].Joint; j != nil {
				e.jointedBodies[g.BodyOf(k)] = true
				if j.Connected >= 0 && j.Connected < len(g.Nodes) {
					e.jointedBodies[g.BodyOf(j.Connected)] = true
				}
			}
		}
	}
	return e.jointedBodies[i]
}

// infiniteMassLocked reports a dynamic body of infinite mass (KHR's zero)
// that no joint holds and that feels no gravity: its linear axes are locked, which keeps its centre
// of mass where it is as an infinite mass does (Godot turns a body about
// its centre of mass), and it is written with a mass as good as
// infinite. Any other keeps Godot's default mass, with a warning.
func (e *emitter) infiniteMassLocked(i int, m *convert.Motion) bool {
	return m.Kind == convert.Dynamic && m.Mass != nil && math.IsInf(*m.Mass, 1) && !e.jointed(i) && !e.g.FeelsGravity(m)
}

// heaviestMass is convert.HeaviestMass, found once.
func (e *emitter) heaviestMass() float64 {
	if e.heaviest == 0 {
		e.heaviest = convert.HeaviestMass(e.g)
	}
	return e.heaviest
}

// infiniteInertia reports a body whose moments are all infinite: nothing
// turns it, and it keeps whatever spin it has.
func infiniteInertia(m *convert.Motion) bool {
	d := m.InertiaDiagonal
	return d != nil && math.IsInf(d[0], 1) && math.IsInf(d[1], 1) && math.IsInf(d[2], 1)
}

// instancedNode handles a node an instanced glTF brings in: the instance
// writes it, so it gets a section only to override its transform (as the
// scene's editable children do), and none when the glTF's own holds.
func (e *emitter) instancedNode(i int, name, parent string) bool {
	n := &e.g.Nodes[i]
	own, ok := n.Extras[extraInstanced].(convert.Transform)
	drawnByInstance := n.Extras[extraInstanceDrawn] == true
	if !ok || n.Motion != nil || n.Collider != nil || n.Trigger != nil || n.Joint != nil || n.Visual != nil && !drawnByInstance {
		return false
	}
	if n.Transform != own {
		s := e.sectionFor(name, "", parent)
		s.Props = append(s.Props, tscn.Prop{Key: "transform", Value: e.transformValue(n.Transform)})
		e.out = append(e.out, s)
	}
	return true
}

// childPath is the scene path of a child named name below parentPath.
func (e *emitter) childPath(parentPath, name string) string {
	if parentPath == "." || parentPath == "" {
		return name
	}
	return parentPath + "/" + name
}
