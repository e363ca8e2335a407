package godot

import (
	"math"
	"strings"
)

// Godot scenes omit properties that hold their class default, so Parse
// must know the defaults. Values come from Godot's class reference:
// Godot 4.4–4.6 (docs.godotengine.org/en/4.4, /stable) for Godot 4 classes
// and Godot 3.2–3.5 (docs.godotengine.org/en/3.2, /3.5) for Godot 3
// classes. Godot 3 joint angles are stored in degrees, Godot 4 in radians.
var defaults4 = map[string]map[string]float64{
	"CollisionObject3D": {"collision_layer": 1, "collision_mask": 1},
	"RigidBody3D": {"mass": 1, "gravity_scale": 1, "center_of_mass_mode": 0,
		"freeze": 0, "freeze_mode": 0, "linear_damp": 0, "angular_damp": 0},
	"VehicleBody3D": {"mass": 40},
	"PhysicalBone3D": {"mass": 1, "gravity_scale": 1, "friction": 1, "bounce": 0,
		"joint_type": 0},
	"PhysicsMaterial":      {"friction": 1, "bounce": 0},
	"BoxShape3D":           {"size": 1},
	"SphereShape3D":        {"radius": 0.5},
	"CapsuleShape3D":       {"radius": 0.5, "height": 2},
	"CylinderShape3D":      {"radius": 0.5, "height": 2},
	"SeparationRayShape3D": {"length": 1},
	"HeightMapShape3D":     {"map_width": 2, "map_depth": 2},
	"Joint3D":              {"exclude_nodes_from_collision": 1, "solver_priority": 1},
	"PinJoint3D":           {"params/bias": 0.3, "params/damping": 1, "params/impulse_clamp": 0},
	"HingeJoint3D": {"params/bias": 0.3, "angular_limit/enable": 0,
		"angular_limit/upper": math.Pi / 2, "angular_limit/lower": -math.Pi / 2,
		"angular_limit/bias": 0.3, "angular_limit/softness": 0.9, "angular_limit/relaxation": 1,
		"motor/enable": 0, "motor/target_velocity": 1, "motor/max_impulse": 1},
	"SliderJoint3D": {"linear_limit/upper_distance": 1, "linear_limit/lower_distance": -1,
		"angular_limit/upper_angle": 0, "angular_limit/lower_angle": 0},
	"ConeTwistJoint3D": {"swing_span": math.Pi / 4, "twist_span": math.Pi,
		"bias": 0.3, "softness": 0.8, "relaxation": 1},
	"Generic6DOFJoint3D": generic6DOFDefaults(),
	"VehicleWheel3D": {"engine_force": 0, "brake": 0, "steering": 0, "use_as_traction": 0,
		"use_as_steering": 0, "wheel_roll_influence": 0.1, "wheel_radius": 0.5,
		"wheel_rest_length": 0.15, "wheel_friction_slip": 10.5, "suspension_travel": 0.2,
		"suspension_stiffness": 5.88, "suspension_max_force": 6000,
		"damping_compression": 0.83, "damping_relaxation": 0.88},
}

// defaults3 holds the Godot 3 values that differ from Godot 4 (or whose
// class name differs); lookups fall back to defaults4 through class3to4.
var defaults3 = map[string]map[string]float64{
	"BoxShape":       {"extents": 1},
	"SphereShape":    {"radius": 1},
	"CapsuleShape":   {"radius": 1, "height": 1},
	"CylinderShape":  {"radius": 1, "height": 2},
	"RayShape":       {"length": 1},
	"HingeJoint":     {"angular_limit/upper": 90, "angular_limit/lower": -90},
	"ConeTwistJoint": {"swing_span": 45, "twist_span": 180},
	"VehicleWheel":   {"suspension_travel": 5},
	"Joint":          {"collision/exclude_nodes": 1, "solver/priority": 1},
	"RigidBody":      {"mode": 0},
}

// class3to4 names the Godot 4 class of each Godot 3 class we read.
var class3to4 = map[string]string{
	"Spatial": "Node3D", "RigidBody": "RigidBody3D", "StaticBody": "StaticBody3D",
	"KinematicBody": "CharacterBody3D", "Area": "Area3D", "VehicleBody": "VehicleBody3D",
	"VehicleWheel": "VehicleWheel3D", "CollisionShape": "CollisionShape3D",
	"PinJoint": "PinJoint3D", "HingeJoint": "HingeJoint3D", "SliderJoint": "SliderJoint3D",
	"ConeTwistJoint": "ConeTwistJoint3D", "Generic6DOFJoint": "Generic6DOFJoint3D",
	"BoxShape": "BoxShape3D", "SphereShape": "SphereShape3D", "CapsuleShape": "CapsuleShape3D",
	"CylinderShape": "CylinderShape3D", "ConvexPolygonShape": "ConvexPolygonShape3D",
	"ConcavePolygonShape": "ConcavePolygonShape3D", "PlaneShape": "WorldBoundaryShape3D",
	"HeightMapShape": "HeightMapShape3D", "RayShape": "SeparationRayShape3D",
	"MeshInstance": "MeshInstance3D", "PhysicalBone": "PhysicalBone3D",
	"SoftBody": "SoftBody3D", "CSGBox": "CSGBox3D", "CSGSphere": "CSGSphere3D",
	"CSGCylinder": "CSGCylinder3D", "CSGMesh": "CSGMesh3D", "CSGCombiner": "CSGCombiner3D",
	"CSGPolygon": "CSGPolygon3D", "CSGTorus": "CSGTorus3D", "SpatialMaterial": "StandardMaterial3D",
	"RayCast": "RayCast3D", "CollisionPolygon": "CollisionPolygon3D", "SpringArm": "SpringArm3D",
}

// classOf is the class a node or resource of a file of Godot major
// version names: Godot 4 still loads the Godot 3 names of the classes it
// renamed (its compatibility classes: a StaticBody in a format=3 scene is
// a StaticBody3D, with Godot 4's properties), and they are read as such;
// a Godot 3 file keeps its names, read through class3to4 where needed.
func classOf(version int, class string) string {
	if version == 4 {
		if c, ok := class3to4[class]; ok {
			return c
		}
	}
	return class
}

// defaultOf returns the class default of a numeric or boolean property
// (booleans as 0/1) for the given Godot major version.
func defaultOf(version int, class, key string) (float64, bool) {
	if version == 3 {
		if v, ok := defaults3[class][key]; ok {
			return v, true
		}
		if c4, ok := class3to4[class]; ok {
			class = c4
		}
		// the base class's, under its Godot 3 names (collision/exclude_nodes)
		if v, ok := defaults3["Joint"][key]; ok && isJointClass(class) {
			return v, true
		}
	}
	if v, ok := defaults4[class][key]; ok {
		return v, true
	}
	if v, ok := defaults4["Joint3D"][key]; ok && isJointClass(class) {
		return v, true
	}
	if v, ok := defaults4["CollisionObject3D"][key]; ok {
		return v, true
	}
	return 0, false
}

func generic6DOFDefaults() map[string]float64 {
	m := map[string]float64{}
	for _, a := range []string{"x", "y", "z"} {
		m["linear_limit_"+a+"/enabled"] = 1
		m["linear_limit_"+a+"/upper_distance"] = 0
		m["linear_limit_"+a+"/lower_distance"] = 0
		m["linear_limit_"+a+"/softness"] = 0.7
		m["linear_limit_"+a+"/restitution"] = 0.5
		m["linear_limit_"+a+"/damping"] = 1
		m["linear_motor_"+a+"/enabled"] = 0
		m["linear_motor_"+a+"/target_velocity"] = 0
		m["linear_motor_"+a+"/force_limit"] = 0
		m["linear_spring_"+a+"/enabled"] = 0
		m["linear_spring_"+a+"/stiffness"] = 0.01
		m["linear_spring_"+a+"/damping"] = 0.01
		m["linear_spring_"+a+"/equilibrium_point"] = 0
		m["angular_limit_"+a+"/enabled"] = 1
		m["angular_limit_"+a+"/upper_angle"] = 0
		m["angular_limit_"+a+"/lower_angle"] = 0
		m["angular_limit_"+a+"/softness"] = 0.5
		m["angular_limit_"+a+"/restitution"] = 0
		m["angular_limit_"+a+"/damping"] = 1
		m["angular_limit_"+a+"/force_limit"] = 0
		m["angular_limit_"+a+"/erp"] = 0.5
		m["angular_motor_"+a+"/enabled"] = 0
		m["angular_motor_"+a+"/target_velocity"] = 0
		m["angular_motor_"+a+"/force_limit"] = 300
		m["angular_spring_"+a+"/enabled"] = 0
		m["angular_spring_"+a+"/stiffness"] = 0
		m["angular_spring_"+a+"/damping"] = 0
		m["angular_spring_"+a+"/equilibrium_point"] = 0
	}
	return m
}

func isJointClass(c string) bool {
	switch c {
	case "PinJoint3D", "HingeJoint3D", "SliderJoint3D", "ConeTwistJoint3D", "Generic6DOFJoint3D",
		"PinJoint", "HingeJoint", "SliderJoint", "ConeTwistJoint", "Generic6DOFJoint":
		return true
	}
	return false
}

// spatial reports whether a Godot class is a 3D node, which has a
// transform; Control, 2D and plain Node classes have none and Godot
// refuses the property on them. Unknown classes count as 3D.
func spatial(class string) bool {
	switch {
	case nonSpatial[class]:
		return false
	case strings.HasSuffix(class, "3D") || spatial3[class]:
		return true
	case class3to4[class] != "":
		return strings.HasSuffix(class3to4[class], "3D")
	case strings.HasSuffix(class, "2D"):
		return false
	}
	for _, s := range controlSuffixes {
		if strings.HasSuffix(class, s) {
			return false
		}
	}
	return true
}

// spatial3 are 3D classes (Godot 3 and 4) whose names do not end in 3D.
var spatial3 = map[string]bool{
	"Spatial": true, "GridMap": true, "VoxelGI": true, "LightmapGI": true, "LightmapProbe": true, "Decal": true,
	"ReflectionProbe": true, "FogVolume": true, "Camera": true, "DirectionalLight": true, "OmniLight": true,
	"SpotLight": true, "Particles": true, "CPUParticles": true, "Listener": true, "Skeleton": true,
	"BoneAttachment": true, "Path": true, "PathFollow": true, "RayCast": true, "SpringArm": true,
	"VisibilityNotifier": true, "VisibilityEnabler": true, "GIProbe": true, "BakedLightmap": true,
	"MultiMeshInstance": true, "ImmediateGeometry": true, "Navigation": true, "NavigationMeshInstance": true,
	"ARVROrigin": true, "ARVRCamera": true, "ARVRController": true, "ARVRAnchor": true, "ClippedCamera": true,
	"InterpolatedCamera": true, "KinematicBody": true, "Joint": true,
}

// nonSpatial are plain Node and Control classes; controlSuffixes catch
// the rest of the Control family.
var nonSpatial = map[string]bool{
	"Node": true, "Control": true, "Label": true, "CanvasLayer": true, "Timer": true, "AnimationPlayer": true,
	"AnimationTree": true, "AudioStreamPlayer": true, "WorldEnvironment": true, "HTTPRequest": true, "Tween": true,
	"NavigationAgent3D": true, "ResourcePreloader": true, "MultiplayerSpawner": true, "MultiplayerSynchronizer": true,
	"Viewport": true, "SubViewport": true, "Window": true, "CanvasModulate": true, "ParallaxBackground": true,
	"RichTextLabel": true, "Tree": true, "ItemList": true, "GraphEdit": true, "GraphNode": true, "VideoStreamPlayer": true,
	"VideoPlayer": true, "NinePatchRect": true, "Range": true, "Separator": true, "ReferenceRect": true,
}

var controlSuffixes = []string{"Container", "Button", "Rect", "Label", "Edit", "Bar", "Panel", "Dialog", "Popup", "Slider", "Box", "Menu", "Separator", "Picker", "Tabs", "TabBar", "List"}
