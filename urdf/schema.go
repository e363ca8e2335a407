package urdf

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/xmlx"
)

// Raw URDF schema, as ROS urdfdom reads it (http://wiki.ros.org/urdf/XML),
// plus the extensions found in real files: <capsule> geometry
// (Bullet/MuJoCo), type="spherical" joints (Bullet). Values are in the
// file's own terms: metres, radians, kilograms, Z-up.

// xmlElement is an XML element with its source line. URDF is read into a
// tree of Elements first, so every error can name its line and elements
// physconv does not model (<gazebo>, <transmission>, vendor tags) can be
// written back unchanged.
type xmlElement = xmlx.Element

// Robot is a <robot> document.
type Robot struct {
	Name      string
	Links     []Link
	Joints    []Joint
	Materials []Material
	// extras are top-level elements physconv does not model
	// (<transmission>, <gazebo>, vendor tags), kept verbatim.
	extras []*xmlElement
	Line   int
	// ignoredFrom is the line content after </robot> began, which is
	// passed over as urdfdom's TinyXML2 passes it over (0: none)
	ignoredFrom int
	// drakeNS: the robot is written with Drake's namespace declared (it
	// has Drake's elements)
	drakeNS bool
}

// Pose is an <origin>: translation, then fixed-axis roll-pitch-yaw.
type Pose struct {
	XYZ, RPY convert.Vec3
}

// Link is a <link>.
type Link struct {
	Name       string
	Inertial   *Inertial
	Visuals    []Visual
	Collisions []Collision
	extras     []*xmlElement
	Line       int
	// ignoredInertials are the lines of <inertial> elements after the
	// first, which ROS readers ignore (urdfdom reads the first one only)
	ignoredInertials []int
}

// Inertial is mass (kg) and the inertia tensor (kg·m²) about the centre of
// mass, in the frame Origin places at the centre of mass.
type Inertial struct {
	Origin                       Pose
	Mass                         float64
	IXX, IXY, IXZ, IYY, IYZ, IZZ float64
	Line                         int
	// What an incomplete <inertial> lacks (Isaac Gym reads such links,
	// computing the rest from the collisions): no <mass> but a <density>
	// (kg/m³), no <inertia>, no <origin> (then the centre of mass is
	// computed too, when anything is)
	Density                      float64
	noMass, noInertia, hasOrigin bool
	// missingProducts has bit k set for the k-th of ixy, ixz, iyz when the
	// <inertia> leaves it out (read as zero, as PyBullet reads it)
	missingProducts uint8
}

// inertiaProducts names the products of inertia in missingProducts' order.
var inertiaProducts = [3]string{"ixy", "ixz", "iyz"}

// incomplete reports whether part of the inertial is to be computed.
func (in *Inertial) incomplete() bool { return in.noMass || in.noInertia }

// Geometry is a <geometry> element: exactly one shape.
type Geometry struct {
	// Kind is "box", "cylinder", "sphere", "capsule", "ellipsoid",
	// "mesh" or "plane".
	Kind string
	// Spelled is the element when Kind is read from another name (Drake's
	// drake:capsule and drake:ellipsoid); "" otherwise.
	Spelled string
	Size    convert.Vec3 // box full extents; ellipsoid semi-axes
	Radius  float64      // sphere, cylinder, capsule
	Length  float64      // cylinder total length; capsule cylinder part (between cap centres)
	// Normal of a plane (PyBullet's <plane normal="x y z"/>): the
	// infinite plane through the origin, facing along Normal.
	Normal convert.Vec3
	// Filename and Scale of a mesh (Scale 1 1 1 when absent).
	Filename string
	Scale    convert.Vec3
	// scaleNumbers is how many numbers the scale gave when not three:
	// one (Drake's uniform scale) or more (PyBullet reads the first three)
	scaleNumbers int
	// ignored are further children of <geometry>, which urdfdom skips.
	ignored []*xmlElement
	// empty says why a primitive has no size (urdfdom takes one): it
	// draws nothing and collides with nothing, and is left out.
	empty error
	// unknown says the shape is no geometry URDF (or an extension read
	// here) defines: urdfdom reads the robot without it, and so does the
	// reader, with a warning.
	unknown bool
	Line    int
}

// Visual is a <visual>.
type Visual struct {
	Name     string
	Origin   Pose
	Geometry Geometry
	Material *Material
	Line     int
}

// Collision is a <collision>.
type Collision struct {
	Name     string
	Origin   Pose
	Geometry Geometry
	Line     int
	// drake is the collision's <drake:proximity_properties>, nil when
	// it has none
	drake *drakeProximity
}

// drakeProximity is what a collision's <drake:proximity_properties> gives:
// its friction (nil: not given) and the contact-model properties not
// read (name and line).
type drakeProximity struct {
	MuStatic, MuDynamic *float64
	Unread              []ignoredChild
	Line                int
}

// Material is a <material>, global or inside a visual.
type Material struct {
	Name    string
	Color   *[4]float64
	Texture string
	Line    int
	// badColor is why a visual's own <color> was not read (urdfdom drops
	// such a colour and keeps the link); nil when it was
	badColor error
}

// Joint is a <joint>.
type Joint struct {
	Name, Type    string
	Origin        Pose
	Parent, Child string
	// Axis in the joint frame; (1, 0, 0) when absent.
	Axis     convert.Vec3
	Limit    *Limit
	Dynamics *Dynamics
	Mimic    *Mimic
	// extras: <calibration>, <safety_controller> and unknown children,
	// kept verbatim.
	extras []*xmlElement
	// ignored: an <axis>, <limit>, <dynamics> or <mimic> after the first
	// of its kind, which urdfdom and Bullet never read
	ignored []ignoredChild
	Line    int
}

// ignoredChild is an element read past: its name and line.
type ignoredChild struct {
	Name string
	Line int
}

// Limit is a joint <limit>: position bounds (m or rad), effort (N or N·m)
// and velocity (m/s or rad/s).
type Limit struct {
	Lower, Upper     float64
	Effort, Velocity float64
	Line             int
}

// Dynamics is <dynamics damping friction>.
type Dynamics struct {
	Damping, Friction float64
}

// Mimic is <mimic joint multiplier offset>: this joint's position is
// Multiplier·(leader position) + Offset.
type Mimic struct {
	Joint              string
	Multiplier, Offset float64
	Line               int
}

// Joint types.
const (
	Revolute   = "revolute"
	Continuous = "continuous"
	Prismatic  = "prismatic"
	Fixed      = "fixed"
	Floating   = "floating"
	Planar     = "planar"
	Spherical  = "spherical"
)
