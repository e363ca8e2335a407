package omi

import "github.com/physconv/physconv/internal/gltfx"

// Raw structs mirroring the OMI extension schemas. Decode fills them from
// the JSON (accepting every published revision, so some structs carry the
// union of old and new spellings); Parse maps them to the Graph. Encode
// writes only the current spelling. Optional values are pointers: nil means
// the key was absent. Index fields use -1 for absent (the OMI "-1" default
// is not a valid glTFid and never written).

// Extension names.
const (
	extBody          = "OMI_physics_body"
	extShape         = "OMI_physics_shape"
	extJoint         = "OMI_physics_joint"
	extCollider      = "OMI_collider"
	extVehicle       = "OMI_vehicle_body"
	extWheel         = "OMI_vehicle_wheel"
	extThruster      = "OMI_vehicle_thruster"
	extHoverThruster = "OMI_vehicle_hover_thruster"
	extSeat          = "OMI_seat"
	extSpawnPoint    = "OMI_spawn_point"
	extGravity       = gltfx.OMIPhysicsGravity
)

// rawShape is one OMI_physics_shape (or OMI_collider) shape in any layout:
// flat keys (2022–2023) or a sub-object named after the type (since
// 2023-06-29). Path is the JSON path of the shape for messages.
type rawShape struct {
	Path string
	Type string // "box" "sphere" "capsule" "cylinder" "convex" "trimesh" ("hull" read as "convex")
	Name string

	Size   *[3]float64 // box full extents
	Radius *float64    // sphere; legacy capsule/cylinder single radius
	Height *float64    // capsule: legacy full height or current mid-height; cylinder total
	// RadiusTop and RadiusBottom are the current (2025-01) capsule and
	// cylinder radii.
	RadiusTop, RadiusBottom *float64
	Mesh                    int // convex/trimesh mesh index, -1 absent

	// IsTrigger is OMI_collider's per-shape trigger flag.
	IsTrigger bool
	// Flat reports parameters written on the shape itself (OMI_collider
	// and OMI_physics_shape of 2023-06-22), whose capsule height is the
	// full height.
	Flat bool
	// Legacy reports the pre-2025 single-radius capsule form (gotcha 1).
	Legacy bool
}

// rawBody is a node's OMI_physics_body. Either the current sub-objects
// (Motion/Collider/Trigger) or the typed legacy body (Typed) is set.
type rawBody struct {
	Motion   *rawMotion
	Collider *rawCollider
	Trigger  *rawTrigger
	Typed    *rawTypedBody
}

// rawMotion is OMI_physics_body.motion (2023-09 onwards).
type rawMotion struct {
	Type               string // "" when absent: read as dynamic (gotcha 7)
	Mass               *float64
	CenterOfMass       *[3]float64
	InertiaDiagonal    *[3]float64
	InertiaOrientation *[4]float64
	LinearVelocity     *[3]float64
	AngularVelocity    *[3]float64
	GravityFactor      *float64
	// OrientationInDiagonal is set when a 4-element inertiaDiagonal was
	// read as the orientation (Godot exporter bug, gotcha 18).
	OrientationInDiagonal bool
}

// rawCollider is OMI_physics_body.collider. Shape -1 groups descendant
// colliders (compound parent).
type rawCollider struct {
	Shape, PhysicsMaterial, CollisionFilter int
}

// rawTrigger is OMI_physics_body.trigger. Shape -1 and no Nodes is the
// pre-2024-02 implicit compound trigger.
type rawTrigger struct {
	Shape           int
	Nodes           []int
	CollisionFilter int
}

// rawTypedBody is the typed OMI_physics_body of 2022-11 … 2023-09.
type rawTypedBody struct {
	Type            string // static kinematic character rigid vehicle trigger dynamic
	Mass            *float64
	LinearVelocity  *[3]float64
	AngularVelocity *[3]float64
	CenterOfMass    *[3]float64
	InertiaTensor   *[9]float64 // row-major symmetric 3×3
}

// rawJointDoc is the document-level OMI_physics_joint: the current
// physicsJoints or the stage-1 constraints.
type rawJointDoc struct {
	PhysicsJoints []rawJointSettings
	Constraints   []rawConstraint
}

// rawJointSettings is one entry of physicsJoints. A limit may name
// linear and angular axes together and none at all (minItems 0).
type rawJointSettings struct {
	Limits []gltfx.JointLimit
	Drives []gltfx.JointDrive
}

// rawConstraint is a stage-1 joint constraint (2023-02 … 2024-11), whose
// defaults differ from the current limit (gotcha 11).
type rawConstraint struct {
	Path                    string
	LinearAxes, AngularAxes []int
	LowerLimit              *float64 // default 0
	UpperLimit              *float64 // default 0
	Stiffness               *float64 // default +Inf
	Damping                 *float64 // default 1
}

// rawNodeJoint is a node's OMI_physics_joint: current (Joint,
// ConnectedNode) or stage-1 (Constraints, NodeA, NodeB).
type rawNodeJoint struct {
	Joint           int
	ConnectedNode   int
	EnableCollision bool

	Stage1       bool
	Constraints  []int
	NodeA, NodeB int
}

// rawVehicle is OMI_vehicle_body.
type rawVehicle struct {
	AngularActivation, LinearActivation, GyroTorque *[3]float64
	MaxSpeed                                        *float64
	PilotSeat                                       int
	AngularDampeners, LinearDampeners, UseThrottle  *bool
}

// rawWheel is one OMI_vehicle_wheel wheel (legacy names folded in).
type rawWheel struct {
	Name                         string
	BrakingForce                 *float64
	MaxPropulsionForce           *float64 // legacy maxForce
	MaxSteeringAngle             *float64
	PhysicsMaterial              int
	PropulsionForceChangeRate    *float64
	Radius                       *float64
	SteeringChangeRate           *float64
	SuspensionDampingCompression *float64
	SuspensionDampingRebound     *float64
	SuspensionStiffness          *float64
	SuspensionTravel             *float64
	TargetPropulsionForceRatio   *float64 // legacy currentForceRatio
	TargetSteeringRatio          *float64 // legacy currentSteeringRatio
	Width                        *float64
}

// rawThruster is one OMI_vehicle_thruster thruster.
type rawThruster struct {
	Name                    string
	MaxForce                *float64
	MaxGimbal               *float64
	ForceChangeRate         *float64
	GimbalChangeRate        *float64
	LinearGimbalAdjustRatio *float64
	TargetForceRatio        *float64    // legacy currentForceRatio
	TargetGimbalRatio       *[2]float64 // legacy currentGimbalRatio
}

// rawHoverThruster is one OMI_vehicle_hover_thruster.
type rawHoverThruster struct {
	Name                    string
	MaxHoverEnergy          *float64
	MaxGimbal               *float64
	GimbalChangeRate        *float64
	HoverEnergyChangeRate   *float64
	LinearGimbalAdjustRatio *float64
	TargetHoverRatio        *float64    // legacy currentForceRatio
	TargetGimbalRatio       *[2]float64 // legacy currentGimbalRatio
}

// rawSeat is OMI_seat.
type rawSeat struct {
	Back, Foot, Knee [3]float64
	Angle            *float64
}

// rawSpawnPoint is OMI_spawn_point.
type rawSpawnPoint struct {
	Title, Team, Group string
}

// rawDoc is every OMI extension of one glTF document, decoded.
type rawDoc struct {
	Shapes         []rawShape // OMI_physics_shape.shapes
	Colliders      []rawShape // OMI_collider.colliders (legacy)
	Materials      []gltfx.PhysicsMaterial
	Filters        []gltfx.CollisionFilter
	Joints         rawJointDoc
	Wheels         []rawWheel
	Thrusters      []rawThruster
	HoverThrusters []rawHoverThruster
	// Gravity is the document-level OMI_physics_gravity: the world's
	// gravity vector (m/s², glTF axes), nil when absent.
	Gravity *[3]float64

	Nodes []rawNode // one per glTF node
}

// rawNode holds the OMI extensions found on one glTF node.
type rawNode struct {
	Body          *rawBody
	ShapeRef      int // legacy node-level OMI_physics_shape.shape, -1 none
	ColliderRef   int // legacy node-level OMI_collider.collider, -1 none
	Joint         *rawNodeJoint
	Vehicle       *rawVehicle
	Wheel         int // -1 none
	Thruster      int
	HoverThruster int
	Seat          *rawSeat
	SpawnPoint    *rawSpawnPoint
	// GravityVolume is a node's OMI_physics_gravity: a trigger's gravity
	// field, which the Graph does not hold.
	GravityVolume *rawGravityVolume
}

// rawGravityVolume is what a node's OMI_physics_gravity says, for the
// diagnostic that it is not read.
type rawGravityVolume struct {
	Type    string
	Gravity float64
}
