package khr

import "github.com/physconv/physconv/internal/gltfx"

// Raw structs mirroring the current KHR_physics_rigid_bodies and
// KHR_implicit_shapes JSON (eoineoineoin/glTF_Physics @ ac5c413, plus the
// 2026 geometry.mesh). Decode fills them from any revision; Encode writes
// them. Optional values are pointers so "absent" survives.

// Document is /extensions/KHR_physics_rigid_bodies.
type Document struct {
	PhysicsMaterials []Material  `json:"physicsMaterials,omitempty"`
	CollisionFilters []Filter    `json:"collisionFilters,omitempty"`
	PhysicsJoints    []JointDesc `json:"physicsJoints,omitempty"`
}

// Shapes is /extensions/KHR_implicit_shapes.
type Shapes struct {
	Shapes []Shape `json:"shapes"`
}

// Shape is one implicit shape. Legacy mesh shapes (KHR_collision_shapes
// convex/trimesh/mesh) are read into Mesh/ConvexHull and never written.
type Shape struct {
	Type     string    `json:"type"`
	Name     string    `json:"name,omitempty"`
	Box      *Box      `json:"box,omitempty"`
	Sphere   *Sphere   `json:"sphere,omitempty"`
	Capsule  *Capsule  `json:"capsule,omitempty"`
	Cylinder *Cylinder `json:"cylinder,omitempty"`
	Plane    *Plane    `json:"plane,omitempty"`

	Mesh       int  `json:"-"` // legacy mesh shapes: glTF mesh index, else -1
	ConvexHull bool `json:"-"`
}

// Box: full extents (m), default [1,1,1].
type Box struct {
	Size [3]float64 `json:"size"`
}

// Sphere radius (m), default 0.5.
type Sphere struct {
	Radius float64 `json:"radius"`
}

// Capsule: height between the sphere centres (m), default 0.5; radii
// default 0.25.
type Capsule struct {
	Height       float64 `json:"height"`
	RadiusBottom float64 `json:"radiusBottom"`
	RadiusTop    float64 `json:"radiusTop"`
}

// Cylinder: total height (m), default 0.5; radii default 0.25.
type Cylinder struct {
	Height       float64 `json:"height"`
	RadiusBottom float64 `json:"radiusBottom"`
	RadiusTop    float64 `json:"radiusTop"`
}

// Plane: normal +Y; sizes absent = infinite.
type Plane struct {
	DoubleSided bool     `json:"doubleSided,omitempty"`
	SizeX       *float64 `json:"sizeX,omitempty"`
	SizeZ       *float64 `json:"sizeZ,omitempty"`
}

// NodeExt is /nodes/{i}/extensions/KHR_physics_rigid_bodies.
type NodeExt struct {
	Motion   *Motion    `json:"motion,omitempty"`
	Collider *Collider  `json:"collider,omitempty"`
	Trigger  *Trigger   `json:"trigger,omitempty"`
	Joint    *NodeJoint `json:"joint,omitempty"`
}

// Motion: absent mass/centre/inertia are computed by the engine; 0 mass or
// a 0 inertia component means infinite. Velocities are in node space.
type Motion struct {
	IsKinematic        bool        `json:"isKinematic,omitempty"`
	Mass               *float64    `json:"mass,omitempty"`
	CenterOfMass       *[3]float64 `json:"centerOfMass,omitempty"`
	InertiaDiagonal    *[3]float64 `json:"inertiaDiagonal,omitempty"`
	InertiaOrientation *[4]float64 `json:"inertiaOrientation,omitempty"`
	LinearVelocity     *[3]float64 `json:"linearVelocity,omitempty"`
	AngularVelocity    *[3]float64 `json:"angularVelocity,omitempty"`
	GravityFactor      *float64    `json:"gravityFactor,omitempty"`
}

// Geometry names exactly one of an implicit shape, a node (whose mesh and
// child meshes form the geometry; release-candidate text) or a mesh (2026).
type Geometry struct {
	ConvexHull bool `json:"convexHull,omitempty"`
	Shape      *int `json:"shape,omitempty"`
	Node       *int `json:"node,omitempty"`
	Mesh       *int `json:"mesh,omitempty"`
}

// Collider is a solid shape.
type Collider struct {
	Geometry        Geometry `json:"geometry"`
	PhysicsMaterial *int     `json:"physicsMaterial,omitempty"`
	CollisionFilter *int     `json:"collisionFilter,omitempty"`
}

// Trigger is a single volume (Geometry) or a compound of descendant
// trigger nodes.
type Trigger struct {
	Geometry        *Geometry `json:"geometry,omitempty"`
	Nodes           []int     `json:"nodes,omitempty"`
	CollisionFilter *int      `json:"collisionFilter,omitempty"`
}

// NodeJoint attaches this node's frame to ConnectedNode's under the limits
// and drives of physicsJoints[Joint].
type NodeJoint struct {
	ConnectedNode   int  `json:"connectedNode"`
	Joint           int  `json:"joint"`
	EnableCollision bool `json:"enableCollision,omitempty"`
}

// Material, Filter, Limit and Drive have the schema OMI shares
// (internal/gltfx/physics.go).
type (
	Material = gltfx.PhysicsMaterial
	Filter   = gltfx.CollisionFilter
	Limit    = gltfx.JointLimit
	Drive    = gltfx.JointDrive
)

// JointDesc is one physicsJoints entry.
type JointDesc struct {
	Name   string  `json:"name,omitempty"`
	Limits []Limit `json:"limits,omitempty"`
	Drives []Drive `json:"drives,omitempty"`
}
