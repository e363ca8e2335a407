package convert

import (
	"fmt"
	"strings"
)

// Capabilities is one target's row of the lowering table: what its files
// can express. It is data, not code: the lowering pass (convert/lower)
// reads it to decide what to change before Emit, and `physconv formats`
// prints it. Each format declares its row on its Format descriptor.
type Capabilities struct {
	// Shapes are the collider and trigger shapes the target writes as they
	// are; VisualShapes those of visuals (when Visuals).
	Shapes, VisualShapes ShapeRow
	// MeshFiles: mesh shapes may reference a mesh file by path, so their
	// triangles need not be loaded. MeshFaces: meshes are written as
	// triangles, so a convex point cloud needs faces.
	MeshFiles, MeshFaces bool
	// Triggers: non-solid overlap volumes.
	Triggers bool
	// CompoundColliders: a shape-less collider grouping its descendants'
	// (OMI `collider: {}`).
	CompoundColliders bool
	// ImplicitTriggers: a shape-less trigger standing for its descendant
	// triggers (OMI `trigger: {}`); without it they are listed explicitly.
	ImplicitTriggers bool
	// CompoundTriggerFilters: a compound trigger may carry a filter.
	CompoundTriggerFilters bool
	// StaticMotion: static bodies are written as bodies; without it a static
	// body is a collider without motion (KHR).
	StaticMotion bool
	// JointKinds are the joint kinds (convert/kin names) written as one
	// native joint; the emitter composes the others.
	JointKinds []string
	// Couplings (URDF mimic, MJCF equality joint) and Loops (joints closing
	// a kinematic loop).
	Couplings, Loops bool
	// Springs: a passive spring on a joint axis (MJCF stiffness and
	// springref), written as such rather than as an actuator.
	Springs bool
	// Tendons: sites and tendons (MJCF). DistanceLimits: a joint may limit
	// only the distance between its frames (a 3-axis linear limit with
	// rotation free), which says what a two-site tendon's length limit
	// says.
	Tendons, DistanceLimits bool
	// CouplingsAsData: couplings are carried as data the engine does not
	// apply (Godot metadata for a runtime script).
	CouplingsAsData bool
	// Visuals: render shapes (glTF sources keep their own meshes; other
	// sources' visuals are written in the target's form).
	Visuals bool
	// Vehicles (body, wheels, thrusters, hover thrusters), Seats and
	// SpawnPoints.
	Vehicles, Seats, SpawnPoints bool
	// Materials: physics materials; FrictionCombine and RestitutionCombine
	// list the combine modes the target keeps.
	Materials bool
	// RollingFriction: rolling and spinning friction; ContactStiffness:
	// contact stiffness and damping (see Material).
	RollingFriction, ContactStiffness   bool
	FrictionCombine, RestitutionCombine []string
	// Filters: collision filters. FilterBothLists: a filter may list
	// collideWith and notCollideWith systems together (MJCF writes the
	// second as <exclude>, Godot masks it out); glTF forbids it.
	Filters, FilterBothLists bool
	// OneSidedContacts: a body may respond to another's contacts while
	// the other does not respond to its own (Godot 4's masks).
	OneSidedContacts bool
	// Mass is the richest form of mass properties the target writes.
	// ZeroInertia: a point mass (zero principal moments) is written as
	// such; elsewhere zero means infinite (KHR) or "compute" (OMI, Godot)
	// or is refused (MuJoCo). ZeroInertiaKinematic: so is a kinematic
	// one (an MJCF mocap body, which MuJoCo does not integrate), or its
	// mass properties are not written at all (Godot).
	Mass                              MassForm
	ZeroInertia, ZeroInertiaKinematic bool
	// PhysicalInertia: principal moments must satisfy the triangle
	// inequality (each at most the sum of the other two), as MuJoCo
	// requires (it refuses other bodies, and reads URDF through the same
	// check); glTF and Godot engines take any positive moments.
	PhysicalInertia bool
	// Recomputes names the mass properties the target's readers compute
	// from the shapes when the file does not give them.
	Recomputes MassProps
	// OmitsComputedMass: the emitter leaves computed mass properties out
	// for the readers to compute, so the lowering pass writes them where
	// the readers would compute other values.
	OmitsComputedMass bool
	// Float32Meshes: mesh vertices are stored as 32-bit floats, so mass
	// properties computed from them move (by ~1e-8 relative).
	Float32Meshes bool
	// SceneGravity: the file sets the scene's gravity vector (MJCF
	// <option gravity>). GravityFactors: each body scales gravity (KHR,
	// OMI, Godot gravity_scale). DefaultGravity is the magnitude (m/s²)
	// the target's engine uses when the file says nothing: a scene
	// gravity becomes factors relative to it.
	SceneGravity, GravityFactors bool
	DefaultGravity               float64
	// ProjectGravity: scenes fall under the default gravity of the
	// project they lie in (Godot's project.godot), so a gravity read
	// from a project (Graph.GravityFromProject) is left to it.
	ProjectGravity bool
	// BodyDamping: bodies carry damping that adds to the engine's
	// DefaultDamping or replaces it (Godot's damp modes); a scene whose
	// default differs has every dynamic body replace it with the sum.
	// Without it, body damping is lost, said by damping-dropped.
	BodyDamping    bool
	DefaultDamping SceneDamping
	// SolverSettings: the file keeps the source's scene-wide simulator
	// settings (Graph.SolverSettings; MJCF <option>).
	SolverSettings bool
	// InitialVelocities: bodies start with the source's linear and
	// angular velocities (Motion.LinearVelocity, AngularVelocity).
	InitialVelocities bool
	// RigidWelds: a fixed joint is held exactly (MJCF nests the body
	// without a joint, URDF readers merge fixed links), so a weld the
	// source engine solves softly (Godot's) stops giving under load.
	RigidWelds bool
	// MasslessLinks: a chain of joints through massless bodies is written
	// as it is: the engine holds it (joint coordinates: MuJoCo, URDF's
	// simulators), or the file keeps it for its readers (glTF, whose
	// massless bodies are marked in extras). Where not (Godot, which
	// solves in world coordinates, a massless body a 1e-9 kg stand-in, and
	// lets such a chain come apart under load), two joints that meet at a
	// bare massless body are fused into one where they can form one.
	MasslessLinks bool
	// JointSolver names the engine whose joint-solver parameters
	// (Joint.Solver, by class prefix: "Godot ") the file keeps; "" = none.
	JointSolver string
}

// ShapeRow lists the shapes a target writes as they are.
type ShapeRow struct {
	// Kinds are the shape kinds; the flags refine capsules, cylinders and
	// planes.
	Kinds []ShapeKind
	// TaperedCapsules and TaperedCylinders: two different radii; Cones: a
	// cylinder with one radius 0.
	TaperedCapsules, TaperedCylinders, Cones bool
	// FinitePlanes and InfinitePlanes: which planes the target has when
	// Kinds lists Plane.
	FinitePlanes, InfinitePlanes bool
	// StillTriMeshes: triangle meshes collide only on bodies that are not
	// dynamic (the engine does not collide two of them, and a dynamic
	// body's falls through a static one); a dynamic body's mesh is
	// written as its convex hull.
	StillTriMeshes bool
	// RevolvedEllipsoids: ellipsoids whose X and Z semi-axes are equal
	// (Godot's SphereMesh of a height other than twice its radius) are
	// kept when Kinds lists no Ellipsoid.
	RevolvedEllipsoids bool
}

// Has reports whether kind is in the row.
func (r *ShapeRow) Has(kind ShapeKind) bool {
	for _, k := range r.Kinds {
		if k == kind {
			return true
		}
	}
	return false
}

// Tapered reports whether the row writes this tapered capsule or cylinder
// (a cone when one radius is 0) as it is.
func (r *ShapeRow) Tapered(s Shape) bool {
	switch {
	case s.RadiusTop == s.RadiusBottom:
		return true
	case s.Kind == Capsule:
		return r.TaperedCapsules
	case s.RadiusTop == 0 || s.RadiusBottom == 0:
		return r.Cones
	}
	return r.TaperedCylinders
}

// describe lists the row's shapes for `physconv formats`.
func (r *ShapeRow) describe() string {
	shapes := make([]string, 0, len(r.Kinds))
	for _, k := range r.Kinds {
		s := string(k)
		switch k {
		case Capsule:
			s += opt(r.TaperedCapsules, " (tapered)")
		case Cylinder:
			s += opt(r.TaperedCylinders, " (tapered)") + opt(r.Cones, " and cone")
		case Plane:
			switch {
			case r.FinitePlanes && r.InfinitePlanes:
			case r.FinitePlanes:
				s += " (finite)"
			default:
				s += " (infinite)"
			}
		}
		shapes = append(shapes, s)
	}
	return strings.Join(shapes, ", ")
}

// MassForm is how much of a body's mass properties a target can write.
type MassForm int

const (
	// MassNone: no mass properties at all.
	MassNone MassForm = iota
	// MassOnly: a mass, the engine computes the rest.
	MassOnly
	// InertiaDiagonalOnly: mass, centre of mass and principal moments in the
	// body frame, without an orientation.
	InertiaDiagonalOnly
	// InertiaDiagonalOriented: principal moments plus their orientation.
	InertiaDiagonalOriented
	// InertiaFullTensor: mass, centre of mass and a full 3×3 tensor.
	InertiaFullTensor
)

func (f MassForm) String() string {
	switch f {
	case MassOnly:
		return "mass only"
	case InertiaDiagonalOnly:
		return "mass, centre of mass, inertia diagonal"
	case InertiaDiagonalOriented:
		return "mass, centre of mass, inertia diagonal + orientation"
	case InertiaFullTensor:
		return "mass, centre of mass, full inertia tensor"
	}
	return "no mass properties"
}

// MassProps is a set of mass properties.
type MassProps int

const (
	PropMass MassProps = 1 << iota
	PropCenterOfMass
	PropInertia
)

func (p MassProps) String() string {
	var s []string
	for _, x := range []struct {
		p MassProps
		n string
	}{{PropMass, "mass"}, {PropCenterOfMass, "centre of mass"}, {PropInertia, "inertia"}} {
		if p&x.p != 0 {
			s = append(s, x.n)
		}
	}
	if len(s) == 0 {
		return "nothing"
	}
	return strings.Join(s, ", ")
}

// HasJointKind reports whether the kin kind is written natively.
func (c *Capabilities) HasJointKind(kind string) bool {
	for _, k := range c.JointKinds {
		if k == kind {
			return true
		}
	}
	return false
}

// Describe returns the row as lines for `physconv formats`.
func (c *Capabilities) Describe() []string {
	if c == nil {
		return nil
	}
	visuals := "visuals: no"
	if c.Visuals {
		visuals = "visuals: " + c.VisualShapes.describe()
	}
	lines := []string{
		"shapes: " + c.Shapes.describe(),
		"joints: " + strings.Join(c.JointKinds, ", ") + "; " + couplings(c) + ", " + yes(c.Loops, "loops") + ", " + yes(c.Springs, "springs") + ", " + yes(c.Tendons, "tendons") + ", " + yes(c.DistanceLimits, "distance limits"),
		fmt.Sprintf("bodies: %s%s; engine computes %s when not written", c.Mass, opt(!c.StaticMotion, "; static = collider without motion"), c.Recomputes),
		yes(c.Triggers, "triggers") + ", " + yes(c.CompoundColliders, "compound colliders") + ", " + yes(c.Filters, "collision filters") + opt(c.Filters && !c.FilterBothLists, " (collide-with or not-collide-with list, not both)"),
		yes(c.Materials, "physics materials") + combine(c),
		visuals,
		yes(c.Vehicles, "vehicles") + ", " + yes(c.Seats, "seats") + ", " + yes(c.SpawnPoints, "spawn points"),
		gravity(c),
		damping(c),
	}
	return lines
}

func gravity(c *Capabilities) string {
	var forms []string
	if c.SceneGravity {
		forms = append(forms, "scene vector")
	}
	if c.GravityFactors {
		forms = append(forms, "per-body factor")
	}
	if c.ProjectGravity {
		forms = append(forms, "the project's default")
	}
	if len(forms) == 0 {
		forms = append(forms, "not written")
	}
	return fmt.Sprintf("gravity: %s (engine default %g m/s²)", strings.Join(forms, ", "), c.DefaultGravity)
}

func damping(c *Capabilities) string {
	if !c.BodyDamping {
		return "body damping: not written"
	}
	return fmt.Sprintf("body damping: added to the engine default (linear %g, angular %g 1/s) or replacing it", c.DefaultDamping.Linear, c.DefaultDamping.Angular)
}

func couplings(c *Capabilities) string {
	if c.Couplings && c.CouplingsAsData {
		return "couplings: kept as data, not applied by the engine"
	}
	return yes(c.Couplings, "couplings")
}

func combine(c *Capabilities) string {
	if !c.Materials {
		return ""
	}
	f, r := strings.Join(c.FrictionCombine, "/"), strings.Join(c.RestitutionCombine, "/")
	if f == "" {
		f = "none"
	}
	if r == "" {
		r = "none"
	}
	return " (friction combine: " + f + "; restitution combine: " + r + ")"
}

func opt(b bool, s string) string {
	if b {
		return s
	}
	return ""
}

func yes(b bool, s string) string {
	if b {
		return s + ": yes"
	}
	return s + ": no"
}
