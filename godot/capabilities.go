package godot

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// Capabilities is Godot 4's row of the lowering table. Godot's plane is
// the infinite WorldBoundaryShape3D; an Area3D groups its child shapes
// (implicit compound triggers); a body's inertia has no orientation (the
// emitter rotates the body frame onto the principal axes); Godot computes
// a centre of mass and inertia left out.
var Capabilities = convert.Capabilities{
	// the default gravity is a project setting (9.8), not in the scene
	GravityFactors: true, DefaultGravity: 9.8, ProjectGravity: true, InitialVelocities: true,
	// a body's damping adds to the project's default (0.1/s) unless
	// its damp mode replaces it
	BodyDamping: true, DefaultDamping: DefaultDamping,
	// joint solver parameters written back on the same joint class
	JointSolver: godotSolverClass,
	Shapes: convert.ShapeRow{
		Kinds:          []convert.ShapeKind{convert.Box, convert.Sphere, convert.Capsule, convert.Cylinder, convert.Plane, convert.Convex, convert.TriMesh, convert.Heightfield, convert.Ray},
		InfinitePlanes: true,
		// ConcavePolygonShape3D is for static and animated bodies: Godot
		// collides no two of them, and a rigid body's falls through a
		// static one
		StillTriMeshes: true,
	},
	// Visuals are primitive meshes (CylinderMesh has two radii) or mesh
	// resources.
	VisualShapes: convert.ShapeRow{
		Kinds:            []convert.ShapeKind{convert.Box, convert.Sphere, convert.Capsule, convert.Cylinder, convert.Plane, convert.Convex, convert.TriMesh},
		TaperedCylinders: true, Cones: true, FinitePlanes: true, RevolvedEllipsoids: true,
	},
	Triggers:               true,
	ImplicitTriggers:       true,
	CompoundTriggerFilters: true,
	StaticMotion:           true,
	JointKinds:             []string{kin.KindBall, kin.KindRevolute, kin.KindContinuous, kin.KindPrismatic, kin.KindConeTwist, kin.KindGeneric},
	Loops:                  true,
	// no gear joint: couplings become metadata on the follower joint
	Couplings: true, CouplingsAsData: true,
	Visuals:  true,
	Vehicles: true, Seats: true,
	Materials:       true,
	FrictionCombine: []string{"minimum", "maximum"},
	Filters:         true,
	// a notCollideWith list is masked out of collision_mask
	FilterBothLists: true,
	// a rigid body responds to what its mask meets (Godot 4)
	OneSidedContacts: true,
	Mass:             convert.InertiaDiagonalOnly,
	Recomputes:       convert.PropCenterOfMass | convert.PropInertia,
	// AnimatableBody3D has no mass properties to write
	ZeroInertiaKinematic: true,
}

// Capabilities3 is Godot 3's row: as Godot 4's, but bodies carry a mass
// only. Visuals are the same primitive meshes (a capsule along Z) or an
// ArrayMesh in Godot 3's surface layout, which headless Godot 3 builds.
var Capabilities3 = func() convert.Capabilities {
	c := Capabilities
	c.Mass = convert.MassOnly
	// Godot 3 pushes both bodies of a pair either one's mask makes
	c.OneSidedContacts = false
	return c
}()
