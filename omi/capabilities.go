package omi

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/internal/gltfx"
)

// Capabilities is OMI's row of the lowering table. OMI has no plane; a
// compound trigger is written as its explicit member list; readers assume
// 1 kg and the body origin for a missing mass and centre of mass of a
// dynamic body, and compute only a missing inertia (of a kinematic or
// static body, the mass and centre of mass too: the emitter writes every
// one it knows there).
var Capabilities = convert.Capabilities{
	// the world's gravity is OMI_physics_gravity's document-level vector;
	// without one engines default to Earth's (9.81 assumed)
	SceneGravity: true, GravityFactors: true, DefaultGravity: 9.81, InitialVelocities: true,
	Shapes: convert.ShapeRow{
		Kinds:           []convert.ShapeKind{convert.Box, convert.Sphere, convert.Capsule, convert.Cylinder, convert.Convex, convert.TriMesh},
		TaperedCapsules: true, TaperedCylinders: true, Cones: true,
	},
	MeshFaces: true,
	// Visuals become glTF meshes on their nodes.
	Visuals:           true,
	VisualShapes:      gltfx.VisualShapes,
	Triggers:          true,
	CompoundColliders: true,
	StaticMotion:      true,
	JointKinds:        kin.JointKinds(),
	// a chain through massless bodies is kept as it is, each marked
	// massless in extras, so a glTF round trip keeps its links and joints
	MasslessLinks:  true,
	Couplings:      true,
	Loops:          true,
	DistanceLimits: true,
	Vehicles:       true, Seats: true, SpawnPoints: true,
	Materials:          true,
	FrictionCombine:    []string{"average", "minimum", "maximum", "multiply"},
	RestitutionCombine: []string{"average", "minimum", "maximum", "multiply"},
	Filters:            true,
	Mass:               convert.InertiaDiagonalOriented,
	Recomputes:         convert.PropInertia,
	Float32Meshes:      true,
}
