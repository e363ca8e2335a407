package mjcf

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// Capabilities is MJCF's row of the lowering table. MuJoCo collides with
// the convex hull of a mesh, so a triangle mesh is lowered to one; other
// joint kinds are stacks of joints in one body; a loop closes through an
// equality constraint; friction combines by the maximum; a body without
// <inertial> gets its mass properties from its geoms.
var Capabilities = convert.Capabilities{
	SceneGravity: true, DefaultGravity: 9.81, SolverSettings: true,
	Shapes: convert.ShapeRow{
		Kinds: []convert.ShapeKind{convert.Box, convert.Sphere, convert.Capsule, convert.Cylinder, convert.Ellipsoid, convert.Plane, convert.Convex, convert.Heightfield},
		// a MuJoCo plane collides as an infinite plane whatever its size
		// (the size only draws it)
		InfinitePlanes: true,
	},
	VisualShapes: convert.ShapeRow{
		Kinds:        []convert.ShapeKind{convert.Box, convert.Sphere, convert.Capsule, convert.Cylinder, convert.Ellipsoid, convert.Plane, convert.Convex, convert.TriMesh, convert.Heightfield},
		FinitePlanes: true, InfinitePlanes: true,
	},
	MeshFiles:    true,
	StaticMotion: true,
	// a mocap body keeps zero moments (MuJoCo refuses them only in a
	// body it integrates)
	ZeroInertiaKinematic: true,
	PhysicalInertia:      true,
	// a fixed joint nests the body without a joint (MJCF) or merges the
	// links (URDF readers): rigid
	RigidWelds: true, MasslessLinks: true,
	JointKinds: []string{kin.KindFixed, kin.KindBall, kin.KindRevolute, kin.KindContinuous, kin.KindPrismatic, kin.KindFree},
	Couplings:  true,
	Loops:      true,
	Springs:    true,
	Tendons:    true,
	// geom friction="sliding torsional rolling"
	RollingFriction: true,
	Visuals:         true,
	Materials:       true,
	FrictionCombine: []string{"maximum"},
	Filters:         true,
	// a notCollideWith list of bodies' own systems is written as <exclude>
	FilterBothLists: true,
	// joint and equality solref/solimp/margin (solverJoint, solverEquality)
	JointSolver: "MuJoCo ",
	Mass:        convert.InertiaFullTensor,
	Recomputes:  convert.PropMass | convert.PropCenterOfMass | convert.PropInertia,
}
