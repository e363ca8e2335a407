package urdf

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// Capabilities is URDF's row of the lowering table. Collision meshes are
// read as convex hulls, so a triangle mesh is lowered to one; a capsule is
// written exactly as a cylinder and two spheres (or the <capsule>
// extension). URDF readers take <inertial> as written.
var Capabilities = convert.Capabilities{
	// gravity lives in the simulator's world file (Gazebo: 9.8)
	DefaultGravity: 9.81,
	Shapes:         convert.ShapeRow{Kinds: []convert.ShapeKind{convert.Box, convert.Sphere, convert.Capsule, convert.Cylinder, convert.Convex}},
	VisualShapes:   convert.ShapeRow{Kinds: []convert.ShapeKind{convert.Box, convert.Sphere, convert.Capsule, convert.Cylinder, convert.Convex, convert.TriMesh}},
	MeshFiles:      true,
	StaticMotion:   true,
	// URDF readers merge the links of a fixed joint: rigid
	RigidWelds: true, MasslessLinks: true,
	JointKinds: []string{kin.KindFixed, kin.KindRevolute, kin.KindContinuous, kin.KindPrismatic, kin.KindPlanar, kin.KindFree},
	// a ball joint is written as three revolute joints through dummy links
	Couplings: true,
	Visuals:   true,
	// physics materials as Gazebo <mu1>/<mu2>/<kp>/<kd> per link (and
	// Bullet <contact> for restitution and rolling friction)
	Materials: true, RollingFriction: true, ContactStiffness: true,
	Mass:            convert.InertiaFullTensor,
	ZeroInertia:     true,
	PhysicalInertia: true,
}
