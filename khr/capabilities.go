package khr

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/internal/gltfx"
)

// Capabilities is KHR's row of the lowering table. Static bodies are
// colliders without motion; joints are limits and drives between two
// frames, so every kind is native; couplings, vehicles, seats and spawn
// points travel in extras or as OMI extensions; engines compute the mass
// properties a file leaves out.
var Capabilities = convert.Capabilities{
	// no scene gravity; engines default to Earth's (9.81 assumed)
	GravityFactors: true, DefaultGravity: 9.81, InitialVelocities: true,
	Shapes: convert.ShapeRow{
		Kinds:           []convert.ShapeKind{convert.Box, convert.Sphere, convert.Capsule, convert.Cylinder, convert.Plane, convert.Convex, convert.TriMesh},
		TaperedCapsules: true, TaperedCylinders: true, Cones: true,
		FinitePlanes: true, InfinitePlanes: true,
	},
	MeshFaces: true,
	// Visuals become glTF meshes on their nodes.
	Visuals:      true,
	VisualShapes: gltfx.VisualShapes,
	Triggers:     true,
	JointKinds:   kin.JointKinds(),
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
	Recomputes:         convert.PropMass | convert.PropCenterOfMass | convert.PropInertia,
	OmitsComputedMass:  true,
	Float32Meshes:      true,
}
