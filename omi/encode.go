package omi

import "github.com/physconv/physconv/internal/gltfx"

// JSON structs of the current OMI forms, as Emit writes them. Field order
// is the order keys appear in the output; optional values are pointers so
// a written 0 is distinguishable from an omitted key. Capsule and cylinder
// sizes are always written in full because OMI and KHR defaults differ
// (gotcha 3).

type jsonShape struct {
	Type     string       `json:"type"`
	Name     string       `json:"name,omitempty"`
	Box      *jsonBox     `json:"box,omitempty"`
	Sphere   *jsonSphere  `json:"sphere,omitempty"`
	Capsule  *jsonRound   `json:"capsule,omitempty"`
	Cylinder *jsonRound   `json:"cylinder,omitempty"`
	Convex   *jsonMeshRef `json:"convex,omitempty"`
	Trimesh  *jsonMeshRef `json:"trimesh,omitempty"`
}

type jsonBox struct {
	Size [3]float64 `json:"size"`
}

type jsonSphere struct {
	Radius float64 `json:"radius"`
}

type jsonRound struct {
	Height       float64 `json:"height"`
	RadiusBottom float64 `json:"radiusBottom"`
	RadiusTop    float64 `json:"radiusTop"`
}

type jsonMeshRef struct {
	Mesh int `json:"mesh"`
}

type jsonShapeDoc struct {
	Shapes []jsonShape `json:"shapes"`
}

type jsonBody struct {
	Motion   *jsonMotion   `json:"motion,omitempty"`
	Collider *jsonCollider `json:"collider,omitempty"`
	Trigger  *jsonTrigger  `json:"trigger,omitempty"`
}

type jsonMotion struct {
	Type               string      `json:"type"`
	Mass               *float64    `json:"mass,omitempty"`
	CenterOfMass       *[3]float64 `json:"centerOfMass,omitempty"`
	InertiaDiagonal    *[3]float64 `json:"inertiaDiagonal,omitempty"`
	InertiaOrientation *[4]float64 `json:"inertiaOrientation,omitempty"`
	LinearVelocity     *[3]float64 `json:"linearVelocity,omitempty"`
	AngularVelocity    *[3]float64 `json:"angularVelocity,omitempty"`
	GravityFactor      *float64    `json:"gravityFactor,omitempty"`
}

type jsonCollider struct {
	Shape           *int `json:"shape,omitempty"`
	PhysicsMaterial *int `json:"physicsMaterial,omitempty"`
	CollisionFilter *int `json:"collisionFilter,omitempty"`
}

type jsonTrigger struct {
	Shape           *int  `json:"shape,omitempty"`
	Nodes           []int `json:"nodes,omitempty"`
	CollisionFilter *int  `json:"collisionFilter,omitempty"`
}

type jsonBodyDoc struct {
	PhysicsMaterials []gltfx.PhysicsMaterial `json:"physicsMaterials,omitempty"`
	CollisionFilters []gltfx.CollisionFilter `json:"collisionFilters,omitempty"`
}

type jsonJointDoc struct {
	PhysicsJoints []jsonJoint `json:"physicsJoints"`
}

type jsonJoint struct {
	Limits []gltfx.JointLimit `json:"limits,omitempty"`
	Drives []gltfx.JointDrive `json:"drives,omitempty"`
}

type jsonNodeJoint struct {
	Joint           int  `json:"joint"`
	ConnectedNode   int  `json:"connectedNode"`
	EnableCollision bool `json:"enableCollision,omitempty"`
}

type jsonVehicle struct {
	AngularActivation *[3]float64 `json:"angularActivation,omitempty"`
	LinearActivation  *[3]float64 `json:"linearActivation,omitempty"`
	GyroTorque        *[3]float64 `json:"gyroTorque,omitempty"`
	MaxSpeed          *float64    `json:"maxSpeed,omitempty"`
	PilotSeat         *int        `json:"pilotSeat,omitempty"`
	AngularDampeners  bool        `json:"angularDampeners"`
	LinearDampeners   bool        `json:"linearDampeners"`
	UseThrottle       bool        `json:"useThrottle"`
}

type jsonWheel struct {
	Name                         string  `json:"name,omitempty"`
	BrakingForce                 float64 `json:"brakingForce"`
	MaxPropulsionForce           float64 `json:"maxPropulsionForce"`
	MaxSteeringAngle             float64 `json:"maxSteeringAngle"`
	PhysicsMaterial              *int    `json:"physicsMaterial,omitempty"`
	PropulsionForceChangeRate    float64 `json:"propulsionForceChangeRate"`
	Radius                       float64 `json:"radius"`
	SteeringChangeRate           float64 `json:"steeringChangeRate"`
	SuspensionDampingCompression float64 `json:"suspensionDampingCompression"`
	SuspensionDampingRebound     float64 `json:"suspensionDampingRebound"`
	SuspensionStiffness          float64 `json:"suspensionStiffness"`
	SuspensionTravel             float64 `json:"suspensionTravel"`
	TargetPropulsionForceRatio   float64 `json:"targetPropulsionForceRatio"`
	TargetSteeringRatio          float64 `json:"targetSteeringRatio"`
	Width                        float64 `json:"width"`
}

type jsonThruster struct {
	Name                    string     `json:"name,omitempty"`
	MaxForce                float64    `json:"maxForce"`
	MaxGimbal               float64    `json:"maxGimbal"`
	ForceChangeRate         float64    `json:"forceChangeRate"`
	GimbalChangeRate        float64    `json:"gimbalChangeRate"`
	LinearGimbalAdjustRatio float64    `json:"linearGimbalAdjustRatio"`
	TargetForceRatio        float64    `json:"targetForceRatio"`
	TargetGimbalRatio       [2]float64 `json:"targetGimbalRatio"`
}

type jsonHoverThruster struct {
	Name                    string     `json:"name,omitempty"`
	MaxHoverEnergy          float64    `json:"maxHoverEnergy"`
	MaxGimbal               float64    `json:"maxGimbal"`
	GimbalChangeRate        float64    `json:"gimbalChangeRate"`
	HoverEnergyChangeRate   float64    `json:"hoverEnergyChangeRate"`
	LinearGimbalAdjustRatio float64    `json:"linearGimbalAdjustRatio"`
	TargetHoverRatio        float64    `json:"targetHoverRatio"`
	TargetGimbalRatio       [2]float64 `json:"targetGimbalRatio"`
}

type jsonSeat struct {
	Back  [3]float64 `json:"back"`
	Foot  [3]float64 `json:"foot"`
	Knee  [3]float64 `json:"knee"`
	Angle float64    `json:"angle"`
}

type jsonSpawnPoint struct {
	Title string `json:"title,omitempty"`
	Team  string `json:"team,omitempty"`
	Group string `json:"group,omitempty"`
}

func ptr[T any](v T) *T { return &v }
