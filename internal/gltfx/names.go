// Package gltfx is the glTF plumbing shared by the khr and omi formats:
// decoding .gltf/.glb (qmuntal/gltf v0.29.0 for the core schema, our own
// path-aware walker for extension JSON), the node hierarchy ↔ Graph mapping,
// triangle meshes ↔ accessors, and deterministic encoding.
//
// Core glTF 2.0: https://registry.khronos.org/glTF/specs/2.0/glTF-2.0.html
package gltfx

import "strings"

// Extension names of every physics dialect and revision physconv reads.
const (
	KHRPhysicsRigidBodies   = "KHR_physics_rigid_bodies"
	KHRImplicitShapes       = "KHR_implicit_shapes"
	KHRRigidBodies          = "KHR_rigid_bodies"
	KHRCollisionShapes      = "KHR_collision_shapes"
	MSFTRigidBodies         = "MSFT_rigid_bodies"
	MSFTCollisionPrimitives = "MSFT_collision_primitives"

	OMIPhysicsBody          = "OMI_physics_body"
	OMIPhysicsShape         = "OMI_physics_shape"
	OMIPhysicsJoint         = "OMI_physics_joint"
	OMICollider             = "OMI_collider"
	OMIPhysicsGravity       = "OMI_physics_gravity"
	OMIVehicleBody          = "OMI_vehicle_body"
	OMIVehicleWheel         = "OMI_vehicle_wheel"
	OMIVehicleThruster      = "OMI_vehicle_thruster"
	OMIVehicleHoverThruster = "OMI_vehicle_hover_thruster"
	OMISeat                 = "OMI_seat"
	OMISpawnPoint           = "OMI_spawn_point"
)

// KHRExtensions are the KHR lineage's names (MSFT → KHR_rigid_bodies →
// KHR_physics_rigid_bodies), body extensions first.
var KHRExtensions = []string{
	KHRPhysicsRigidBodies, KHRImplicitShapes, KHRRigidBodies, KHRCollisionShapes,
	MSFTRigidBodies, MSFTCollisionPrimitives,
}

// OMIExtensions are the OMI names, current and legacy.
var OMIExtensions = []string{
	OMIPhysicsBody, OMIPhysicsShape, OMIPhysicsJoint, OMICollider,
	OMIVehicleBody, OMIVehicleWheel, OMIVehicleThruster, OMIVehicleHoverThruster,
	OMISeat, OMISpawnPoint,
}

// IsPhysicsExtension reports whether name belongs to a physics dialect
// physconv maps into the Graph (these are removed by DocFromGraph and
// written again by the target dialect).
func IsPhysicsExtension(name string) bool {
	for _, n := range KHRExtensions {
		if n == name {
			return true
		}
	}
	for _, n := range OMIExtensions {
		if n == name {
			return true
		}
	}
	return false
}

// carriedExtensions are non-physics extensions whose data physconv does not
// need to understand to carry it unchanged, so a file may require them.
var carriedExtensions = []string{
	"KHR_texture_transform", "KHR_texture_basisu", "KHR_lights_punctual",
	"KHR_xmp_json_ld", "KHR_mesh_quantization", "KHR_animation_pointer",
	"KHR_materials_variants", "EXT_texture_webp", "EXT_texture_avif",
	"KHR_node_visibility",
}

// KnownExtension reports whether a file may list name in
// extensionsRequired: physics extensions we parse and extensions we carry
// without touching geometry (compressed geometry such as Draco or meshopt
// is not known: mesh colliders could not be read).
func KnownExtension(name string) bool {
	if IsPhysicsExtension(name) || strings.HasPrefix(name, "KHR_materials_") {
		return true
	}
	for _, n := range carriedExtensions {
		if n == name {
			return true
		}
	}
	return false
}
