package convert

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/physconv/physconv/internal/slab"
)

// Graph is a KHR-shaped scene graph of physics nodes. Node indices are
// stable: a glTF source keeps its node numbering so that non-physics data
// carried in Extras still lines up on emit.
type Graph struct {
	// Name is the document's own name (URDF robot, MJCF model, glTF
	// scene, Godot root node); "" when the source has none. Emitters write
	// it wherever their format has a document name, so a robot keeps its
	// name across formats.
	Name string
	// Nodes in index order. A node's Parent is an index into Nodes or -1.
	Nodes []Node
	// Roots are the top-level nodes of the scene, in order. Nodes that are
	// neither roots nor descendants of roots are detached (KHR allows mesh
	// geometry on nodes outside the scene).
	Roots []int
	// Shapes referenced by colliders, triggers and visuals.
	Shapes []Shape
	// Meshes referenced by convex and trimesh shapes.
	Meshes []Mesh
	// Materials and Filters referenced by colliders (document level, as in
	// glTF).
	Materials []Material
	Filters   []Filter
	// Couplings tie one joint's motion to another's (URDF mimic, MJCF
	// equality joint).
	Couplings []Coupling
	// Sites are named frames on nodes; Tendons are lengths through sites
	// or combinations of joints (MJCF), with limits and springs.
	Sites   []Site
	Tendons []Tendon
	// Gravity is the scene's gravity (m/s², Graph axes: Y up), when the
	// source sets one other than its format's default; nil means the
	// target engine's default, Earth gravity downwards. Bodies scale it
	// by their Motion.GravityFactor.
	Gravity *Vec3
	// GravityFromProject says Gravity is the default of the project the
	// scene lies in (a Godot project's project.godot), which applies to
	// every scene of that project rather than being the scene's own: a
	// target whose scenes take their gravity from a project around them
	// (Capabilities.ProjectGravity) leaves it to the output's project.
	GravityFromProject bool
	// DefaultGravity is the magnitude (m/s², downwards) of the default
	// gravity of the engine the source was made for, which is the scene's
	// gravity when Gravity is nil; 0 means StandardGravity. Godot's is
	// 9.8, MuJoCo's and most others' 9.81: lowering keeps a source's
	// default where the target's differs (EngineGravity).
	DefaultGravity float64
	// SolverSettings describe, one setting a line, what the source's
	// simulator applies to the whole scene beyond the Graph's physics
	// (MJCF <option>: time step, integrator, disabled contacts …): only
	// the source's own format writes them back, so other targets name
	// them in a warning.
	SolverSettings []string
	// Damping is the scene's default body damping, which slows every
	// dynamic body whose own damping adds to it (Motion.LinearDamping and
	// AngularDamping without their Replace flags): Godot's project default
	// (0.1/s unless project.godot sets another). Zero in formats with no
	// such default.
	Damping SceneDamping
	// Extras keeps per-format data the Graph cannot model so a round trip
	// to the same format loses nothing. Keys are owned by the format that
	// wrote them (e.g. "gltf.document").
	Extras map[string]any
}

// SceneDamping is a scene's default linear and angular damping (1/s).
type SceneDamping struct {
	Linear, Angular float64
}

// Zero reports a scene without default damping.
func (d SceneDamping) Zero() bool { return d.Linear == 0 && d.Angular == 0 }

// StandardGravity is the default gravity (m/s²) of MuJoCo, URDF
// simulators and glTF physics: what Graph.DefaultGravity 0 means.
const StandardGravity = 9.81

// EngineGravity is the magnitude of the gravity that applies when
// Gravity is nil: DefaultGravity, or StandardGravity when unset.
func (g *Graph) EngineGravity() float64 {
	if g.DefaultGravity > 0 {
		return g.DefaultGravity
	}
	return StandardGravity
}

// FeelsGravity reports whether gravity accelerates a body of motion m: a
// gravity factor other than 0 in a scene whose gravity is not zero (no
// scene gravity: the engine's default). An infinite mass that feels none
// keeps its centre of mass where it is; whether gravity accelerates one
// is left open by KHR and differs between engines.
func (g *Graph) FeelsGravity(m *Motion) bool {
	return m.GravityFactor != 0 && (g.Gravity == nil || *g.Gravity != Vec3{})
}

// BodyDamping returns the damping that slows a body (1/s): its own where it
// replaces the scene's default, else the default plus its own. A nil
// Motion has none.
func (g *Graph) BodyDamping(m *Motion) (linear, angular float64) {
	if m == nil {
		return 0, 0
	}
	linear, angular = m.LinearDamping, m.AngularDamping
	if !m.ReplaceLinearDamping {
		linear += g.Damping.Linear
	}
	if !m.ReplaceAngularDamping {
		angular += g.Damping.Angular
	}
	return linear, angular
}

// Node is one element of the scene graph.
type Node struct {
	Name      string
	Parent    int // -1 for a root or detached node
	Children  []int
	Transform Transform

	Motion   *Motion
	Collider *Collider
	Trigger  *Trigger
	Joint    *Joint
	Visual   *Visual

	Vehicle       *Vehicle
	Wheel         *Wheel
	Thruster      *Thruster
	HoverThruster *HoverThruster
	Seat          *Seat
	SpawnPoint    *SpawnPoint

	// Extras: per-format data kept for a round trip to the same format.
	// The values are read-only once a reader has built them: Clone copies
	// the map but shares its values, and a reader may give many nodes one
	// value (MJCF geoms with the same contact attributes share one map).
	Extras map[string]any
}

// BodyKind says how a body moves.
type BodyKind string

const (
	Static    BodyKind = "static"
	Kinematic BodyKind = "kinematic"
	Dynamic   BodyKind = "dynamic"
)

// Source says where a mass property came from.
type Source string

const (
	Given    Source = "given"
	Computed Source = "computed"
	Default  Source = "default"
)

// Motion makes a node a rigid body; its descendants move with it until a
// descendant with its own Motion starts an independent body.
//
// Optional values are pointers: nil means "not given". An infinite mass or
// moment (KHR's 0) is math.Inf(1).
type Motion struct {
	Kind BodyKind
	// Mass in kg.
	Mass *float64
	// CenterOfMass in metres, in the node's local frame.
	CenterOfMass *Vec3
	// InertiaDiagonal holds the principal moments in kg·m².
	InertiaDiagonal *Vec3
	// InertiaOrientation rotates principal-axis space into the node frame.
	// nil means identity.
	InertiaOrientation *Quat
	// LinearVelocity (m/s) and AngularVelocity (rad/s), node frame.
	LinearVelocity  Vec3
	AngularVelocity Vec3
	// GravityFactor multiplies gravity; default 1.
	GravityFactor float64
	// LinearDamping and AngularDamping (1/s) slow the body each second
	// (Godot's linear_damp/angular_damp). They add to the scene's default
	// damping (Graph.Damping) unless the matching Replace flag says they
	// replace it; Graph.BodyDamping gives the sum.
	LinearDamping, AngularDamping               float64
	ReplaceLinearDamping, ReplaceAngularDamping bool
	// LockLinear and LockAngular stop motion along or about the world's
	// X, Y, Z axes (Godot's axis locks zero those velocity components;
	// all angular = Godot 3's Character mode).
	LockLinear, LockAngular [3]bool
	// CustomIntegrator: a script integrates the body's forces; the
	// engine applies no gravity or damping of its own (Godot).
	CustomIntegrator bool
	// ContinuousCollision: the engine sweeps the body's shapes between
	// steps (Godot's continuous_cd), so a fast body does not pass
	// through thin objects it would skip from one step to the next.
	ContinuousCollision bool

	// Where each value came from; set by Parse for given values and by
	// Complete for the rest. Empty means not known yet.
	MassSource, CenterOfMassSource, InertiaSource Source
}

// MassOr returns the mass, or def when it is not given.
func (m *Motion) MassOr(def float64) float64 {
	if m == nil || m.Mass == nil {
		return def
	}
	return *m.Mass
}

// ShapeKind names a collision shape.
type ShapeKind string

const (
	Box         ShapeKind = "box"
	Sphere      ShapeKind = "sphere"
	Capsule     ShapeKind = "capsule"
	Cylinder    ShapeKind = "cylinder"
	Plane       ShapeKind = "plane"
	Convex      ShapeKind = "convex"
	TriMesh     ShapeKind = "trimesh"
	Heightfield ShapeKind = "heightfield"
	// Ellipsoid has no glTF spelling; MJCF and Godot-free formats produce it
	// and emitters lower it (mesh or approximation) with a diagnostic.
	Ellipsoid ShapeKind = "ellipsoid"
	// Ray is Godot's SeparationRay/RayShape: no volume, kept for round trips.
	Ray ShapeKind = "ray"
)

// Shape is a collision or visual shape in the local frame of the node that
// uses it. Which fields matter depends on Kind.
type Shape struct {
	Kind ShapeKind
	Name string
	// Size: box full extents (m); ellipsoid semi-axes.
	Size Vec3
	// Radius: sphere radius (m).
	Radius float64
	// Height: capsule distance between cap centres; cylinder total height;
	// ray length (m).
	Height float64
	// RadiusTop (+Y) and RadiusBottom (-Y) of capsules and cylinders.
	RadiusTop, RadiusBottom float64
	// Plane: normal +Y; SizeX/SizeZ total extents, 0 = infinite.
	DoubleSided  bool
	SizeX, SizeZ float64
	// Mesh indexes Graph.Meshes for convex and trimesh shapes.
	Mesh int
	// Field holds heightfield samples.
	Field *HeightField
	// Extras: per-format data for round trips.
	Extras map[string]any
}

// HeightField is a grid of heights over the local XZ plane, centred on the
// node origin, rows along Z.
type HeightField struct {
	Columns, Rows int
	SizeX, SizeZ  float64   // total extents (m)
	Heights       []float64 // Rows*Columns values (m), row-major
	MinY, MaxY    float64   // base and top (m) for formats that need them
}

// Triangles turns the grid into two triangles per cell, facing up, rows
// along Z and the grid centred on the origin; nil when the grid is too
// small or has too few heights.
func (f *HeightField) Triangles() ([]Vec3, []uint32) {
	if f.Columns < 2 || f.Rows < 2 || len(f.Heights) < f.Rows*f.Columns {
		return nil, nil
	}
	pos := make([]Vec3, 0, f.Rows*f.Columns)
	for r := 0; r < f.Rows; r++ {
		for c := 0; c < f.Columns; c++ {
			x := (float64(c)/float64(f.Columns-1) - 0.5) * f.SizeX
			z := (float64(r)/float64(f.Rows-1) - 0.5) * f.SizeZ
			pos = append(pos, Vec3{x, f.Heights[r*f.Columns+c], z})
		}
	}
	idx := make([]uint32, 0, 6*(f.Rows-1)*(f.Columns-1))
	for r := 0; r+1 < f.Rows; r++ {
		for c := 0; c+1 < f.Columns; c++ {
			a := uint32(r*f.Columns + c)
			b, below, diag := a+1, a+uint32(f.Columns), a+uint32(f.Columns)+1
			idx = append(idx, a, below, b, b, below, diag)
		}
	}
	return pos, idx
}

// Mesh is triangle data, inline or a reference to a file loaded on demand.
type Mesh struct {
	Name      string
	Positions []Vec3
	// Indices: three per triangle, counter-clockwise seen from outside.
	Indices []uint32
	// File is a reference to a mesh file for formats that keep meshes in
	// files (URDF, MJCF, Godot); Scale applies to it.
	File  string
	Scale Vec3
	// Loaded is false while Positions have not been read from File.
	Loaded bool
	Extras map[string]any
	// Decode, when set on a mesh that is not Loaded, reads File on demand
	// and returns what Positions and Indices would hold had the parser
	// loaded it. Set by the parser, which alone knows where File lives;
	// emitters that need triangles (MJCF writes mesh files) call it.
	// It must be safe to call from several goroutines (DecodeMeshes) and
	// should keep what it read, so a second call costs nothing.
	Decode func() (positions []Vec3, indices []uint32, err error)
	// Source, when set, returns the bytes of the mesh file the triangles
	// come from, its lower-case extension without the dot ("stl", "obj",
	// "dae") and the scale that maps the file's vertices onto the
	// triangles (a parser may bake a scale into Positions). Emitters that
	// write mesh files copy the bytes instead of encoding the triangles
	// again when the format matches. Set by parsers that read mesh files.
	Source func() (data []byte, ext string, scale Vec3, err error)
	// SourceFile is the path on disk of the file Source reads, when it is
	// on disk: emitters that write it unchanged let it be hard-linked or
	// referenced in place (Options.SideFiles).
	SourceFile string
	// Sibling, when set, reads a file the mesh file names (an OBJ's .mtl
	// library, an image), by a slash path relative to the mesh file's
	// folder, under the input's rules for what may be read. Emitters that
	// write the mesh file unchanged write these beside it too, so the copy
	// draws as the source does (internal/carry). Set by parsers that read
	// mesh files. On error the returned file's ID, when set, still names
	// the file, so a file several meshes name is reported missing once.
	Sibling func(rel string) (SiblingFile, error)
	// Look, when set, returns how the mesh file draws (its materials and
	// texture coordinates), aligned with the triangles Triangles returns;
	// diagnostics report what of it could not be read (an image or a
	// material library missing). Set by parsers that read mesh files.
	Look func() (*MeshLook, Diagnostics, error)
}

// SiblingFile is a file a mesh file names, as Mesh.Sibling reads it.
type SiblingFile struct {
	Data []byte
	// ID names the file within the input (one file, one ID), so a file
	// several meshes name is written once.
	ID string
	// Disk is its path on disk, "" when it is not on disk: a side file
	// that is it unchanged is linked to it (Output.Link).
	Disk string
}

// Triangles returns the mesh's triangles: its own when Loaded, else what
// Decode reads. ok is false when neither is available.
func (m *Mesh) Triangles() (positions []Vec3, indices []uint32, ok bool, err error) {
	if m.Loaded {
		return m.Positions, m.Indices, true, nil
	}
	if m.Decode == nil {
		return nil, nil, false, nil
	}
	positions, indices, err = m.Decode()
	return positions, indices, err == nil, err
}

// Collider makes a node's shape solid. Shape is -1 for an OMI compound
// parent (`collider: {}`), whose descendants carry the shapes.
type Collider struct {
	Shape    int
	Material int // -1 = default material
	Filter   int // -1 = collides with everything
}

// Trigger is a non-solid overlap volume: either one Shape or a compound of
// descendant trigger Nodes. Shape -1 and no Nodes is OMI's implicit
// compound (`trigger: {}`).
type Trigger struct {
	Shape  int
	Nodes  []int
	Filter int
}

// Visual is a render mesh or primitive carried for targets that have
// visuals (glTF, URDF, MJCF, Godot). glTF sources keep their own meshes in
// Extras; glTF emitters tessellate the visuals of other sources.
type Visual struct {
	Shape int // index into Graph.Shapes
	// Color RGBA in 0..1, nil when unknown. It multiplies Texture, and
	// draws the parts of a mesh file that name no material of their own.
	Color *[4]float64
	// Texture is the base-colour image the source gives the visual (URDF
	// <material><texture>, an MJCF material's 2D texture), nil when none.
	// On a mesh it is drawn with the file's texture coordinates and wins
	// over the file's own materials; on a primitive with the mapping the
	// glTF writer documents (gltfx.TessellateUV).
	Texture *Image
}

// Image is a texture image file of the source, resolved like its meshes.
type Image struct {
	// Name is the reference as the source wrote it.
	Name string
	// File is the resolved path inside the input (what Read reads).
	File string
	// Read returns the file's bytes; nil when the file was not found.
	Read func() ([]byte, error)
	// SourceFile is its path on disk, when it is on disk.
	SourceFile string
}

// MeshLook is how a mesh file draws, for targets that carry colours and
// textures: runs of its triangles (in the order Mesh.Triangles returns
// them) with their material, and texture coordinates per corner.
type MeshLook struct {
	Parts []MeshPart
	// UV holds one coordinate pair per triangle corner (V up, as OBJ,
	// COLLADA, URDF and MJCF have it; glTF flips it), nil when none.
	UV [][2]float64
}

// MeshPart is Triangles consecutive triangles drawn with one material.
type MeshPart struct {
	Triangles int
	// Color RGBA 0..1, nil when the file gives none.
	Color *[4]float64
	// Texture is the part's base-colour image, nil when none.
	Texture *Image
}

// Material is a physics material (friction and restitution).
type Material struct {
	Name            string  `json:"name,omitempty"`
	StaticFriction  float64 `json:"staticFriction"`
	DynamicFriction float64 `json:"dynamicFriction"`
	Restitution     float64 `json:"restitution"`
	// FrictionCombine and RestitutionCombine: "average", "minimum",
	// "maximum", "multiply", or "" when not given.
	FrictionCombine    string `json:"frictionCombine,omitempty"`
	RestitutionCombine string `json:"restitutionCombine,omitempty"`
	// RollingFriction and SpinningFriction (m) resist rolling and turning
	// about the contact normal (Bullet, MuJoCo); 0 = none.
	RollingFriction  float64
	SpinningFriction float64
	// ContactStiffness (N/m) and ContactDamping (N·s/m) make contacts soft
	// (Gazebo kp/kd, Bullet contact stiffness/damping); 0 = the engine's
	// own contact.
	ContactStiffness float64
	ContactDamping   float64
}

// CouplingsByFollower lists each joint node's couplings as follower
// (indices into Couplings, in order), for writers that ask per joint.
func (g *Graph) CouplingsByFollower() map[int][]int {
	out := make(map[int][]int, len(g.Couplings))
	for k, c := range g.Couplings {
		out[c.Follower] = append(out[c.Follower], k)
	}
	return out
}

// MaterialFinder finds a Graph's materials by value, as a scan of
// Graph.Materials from the start would (the first of equal ones; NaN
// equals nothing), in constant time: readers that share one material
// among the shapes that use the same values stay linear in the number of
// shapes. Materials appended since the last call are indexed on the next;
// changing one in place after that is not seen.
type MaterialFinder struct {
	byValue map[Material]int
	indexed int
}

// Find returns the index of the first of g's materials equal to m.
func (f *MaterialFinder) Find(g *Graph, m Material) (int, bool) {
	if f.byValue == nil {
		f.byValue = map[Material]int{}
	}
	for ; f.indexed < len(g.Materials); f.indexed++ {
		x := g.Materials[f.indexed]
		if _, ok := f.byValue[x]; !ok {
			f.byValue[x] = f.indexed
		}
	}
	i, ok := f.byValue[m]
	return i, ok
}

// HasContactExtras reports whether m carries rolling or spinning friction
// or contact stiffness or damping.
func (m Material) HasContactExtras() bool {
	return m.RollingFriction != 0 || m.SpinningFriction != 0 || m.ContactStiffness != 0 || m.ContactDamping != 0
}

// DefaultMaterial is the glTF default (friction 0.6, restitution 0).
func DefaultMaterial() Material {
	return Material{StaticFriction: 0.6, DynamicFriction: 0.6}
}

// FrictionRange is the least and the greatest dynamic friction of the
// Graph's colliders (DefaultMaterial's for a collider without one): when
// they differ, how an engine combines two touching colliders' frictions
// changes how those that touch slide. ok is false without colliders.
func (g *Graph) FrictionRange() (lo, hi float64, ok bool) {
	for i := range g.Nodes {
		c := g.Nodes[i].Collider
		if c == nil || c.Shape < 0 {
			continue
		}
		f := DefaultMaterial().DynamicFriction
		if c.Material >= 0 && c.Material < len(g.Materials) {
			f = g.Materials[c.Material].DynamicFriction
		}
		if !ok {
			lo, hi, ok = f, f, true
		}
		lo, hi = math.Min(lo, f), math.Max(hi, f)
	}
	return lo, hi, ok
}

// Filter is a collision filter over named collision systems.
type Filter struct {
	Name string `json:"name,omitempty"`
	// Systems this collider is a member of.
	Systems []string `json:"collisionSystems,omitempty"`
	// CollideWith, if not empty, lists the only systems it collides with.
	CollideWith []string `json:"collideWithSystems,omitempty"`
	// NotCollideWith, if not empty, lists systems it never collides with.
	NotCollideWith []string `json:"notCollideWithSystems,omitempty"`
}

// Joint constrains this node's frame (frame A, in body A or the world) to
// the Connected node's frame (frame B, in body B or the world).
type Joint struct {
	Connected       int
	Limits          []Limit
	Drives          []Drive
	EnableCollision bool
	// Effort (N or N·m) and Velocity (m/s or rad/s) caps from robot formats;
	// 0 = not given.
	Effort, Velocity float64
	// Damping and Friction of the free axis (URDF <dynamics>, MJCF joint
	// damping/frictionloss); 0 = none.
	Damping, Friction float64
	// Armature (MJCF) added rotor inertia; 0 = none.
	Armature float64
	// Actuator is the command interface a robot format declares for the
	// joint without gains (URDF <transmission> / <ros2_control>, MJCF
	// <motor>): "position", "velocity" or "effort"; "" = none. Gains,
	// when a source gives them, are Drives; emitters that need gains
	// (MJCF) choose documented defaults.
	Actuator string
	// Solver holds engine-specific tuning of the source's joint solver
	// (Godot limit softness, bias, relaxation, restitution, damping …):
	// the target engine's own defaults apply wherever it is not written,
	// so a format that cannot write it says so (joint-solver-dropped).
	Solver *JointSolver
	Extras map[string]any
}

// JointSolver is one engine's joint-solver parameters: Class is the
// engine's joint class they belong to ("Godot HingeJoint3D"), Params its
// property names and values, sorted by name.
type JointSolver struct {
	Class  string
	Params []SolverParam
}

// SolverParam is one named solver parameter.
type SolverParam struct {
	Key   string
	Value float64
}

// ExtraAxisNames is the one Joint.Extras key every format may read: a
// map[string]string from an axis of frame A ("linear0".."angular2", or
// "angular" for all three as a ball) to the name the source gave that
// axis's own joint (MJCF stacks one joint per axis in a body). Emitters
// that write a joint per axis name each after it, so names survive.
const ExtraAxisNames = "axisNames"

// ExtraAxisParams is the Joint.Extras key, readable by every format, under
// which a reader keeps each axis's own damping, armature and friction
// (map[string][3]float64, keyed as ExtraAxisNames is) when the joints one
// Graph joint stands for had different ones (MJCF stacks one joint per
// axis in a body): the Joint keeps the largest, and an emitter that
// writes a joint per axis writes each axis its own.
const ExtraAxisParams = "axisParams"

// ExtraAxisSpelled is the Joint.Extras key under which a reader keeps an
// axis its source spelled other than as a unit vector: a map[string]Vec3
// keyed as ExtraAxisNames is. Engines normalise an axis themselves, and
// normalising the source's spelling and normalising the unit axis can
// differ in the last bit, which a chaotic simulation (a falling humanoid)
// grows to centimetres; so an emitter whose axis still points the same
// way writes the spelling (AxisAsSpelled).
const ExtraAxisSpelled = "axisSpelled"

// AxisAsSpelled is the source's spelling of axis key of j when it points
// along unit (to 1e-12: the emitter's frame has not turned it), else unit.
func AxisAsSpelled(j *Joint, key string, unit Vec3) Vec3 {
	spelled, _ := j.Extras[ExtraAxisSpelled].(map[string]Vec3)
	raw, ok := spelled[key]
	if !ok || raw.Normalize().Sub(unit).Len() > 1e-12 {
		return unit
	}
	return raw
}

// ExtraGodotClass is the Node.Extras key under which the Godot readers
// keep the class a node was written as. The lowering reads it on joints:
// Godot holds every joint only as firmly as its iterative solver does, so
// a Godot weld is soft where MJCF and URDF hold a fixed joint rigidly
// (Capabilities.RigidWelds).
const ExtraGodotClass = "godot.class"

// Actuator command interfaces (Joint.Actuator).
const (
	ActuatePosition = "position"
	ActuateVelocity = "velocity"
	ActuateEffort   = "effort"
)

// Limit restricts some axes of frame A. Min/Max are ±Inf when unbounded;
// Stiffness is +Inf for a hard limit.
type Limit struct {
	Linear    []int
	Angular   []int
	Min, Max  float64
	Stiffness float64
	Damping   float64
}

// Fixed reports whether the limit removes its degrees of freedom entirely.
func (l Limit) Fixed() bool { return l.Min == 0 && l.Max == 0 }

// Unbounded reports whether the limit has neither bound.
func (l Limit) Unbounded() bool { return math.IsInf(l.Min, -1) && math.IsInf(l.Max, 1) }

// Drive is a motor or spring on one axis of frame A.
type Drive struct {
	Type string // "linear" or "angular"
	Mode string // "force" or "acceleration"
	Axis int
	// MaxForce in N or N·m; +Inf = unlimited.
	MaxForce       float64
	PositionTarget *float64
	VelocityTarget *float64
	Stiffness      float64
	Damping        float64
}

// LoneSpring returns the joint's one drive when it is a spring without
// damping of its own (a stiffness pulling to a position, no velocity
// target, a force of no limit), which the joint's damping can be the
// damping of; else nil. A drive whose force is limited is a servo's: the
// limit would clamp the joint's damping too.
func (j *Joint) LoneSpring() *Drive {
	if len(j.Drives) != 1 {
		return nil
	}
	d := &j.Drives[0]
	if d.Stiffness == 0 || d.PositionTarget == nil || d.VelocityTarget != nil || d.Damping != 0 ||
		!math.IsInf(d.MaxForce, 1) || d.Mode == "acceleration" {
		return nil
	}
	return d
}

// Coupling makes Follower's joint coordinate equal
// Multiplier·Leader + Offset (URDF mimic). Both are node indices of joints.
type Coupling struct {
	Follower, Leader   int
	Multiplier, Offset float64
	// Solver is the engine's softness of the coupling (MuJoCo's equality
	// solref and solimp) where it differs from the engine's defaults;
	// nil: the defaults (or a rigid coupling).
	Solver *JointSolver
}

// Vehicle is OMI_vehicle_body (current form).
type Vehicle struct {
	AngularActivation, LinearActivation, GyroTorque Vec3
	MaxSpeed                                        float64 // m/s, <0 unlimited
	PilotSeat                                       int     // node, -1 none
	AngularDampeners, LinearDampeners, UseThrottle  bool
}

// Wheel is OMI_vehicle_wheel (current form): axle = local X, rolls to +Z.
type Wheel struct {
	Name                         string
	BrakingForce                 float64
	MaxPropulsionForce           float64
	MaxSteeringAngle             float64
	Material                     int // -1 none
	PropulsionForceChangeRate    float64
	Radius                       float64
	SteeringChangeRate           float64
	SuspensionDampingCompression float64 // N·s/m
	SuspensionDampingRebound     float64 // N·s/m
	SuspensionStiffness          float64 // N/m
	SuspensionTravel             float64 // m
	TargetPropulsionForceRatio   float64
	TargetSteeringRatio          float64
	Width                        float64
	// Raycast-wheel tuning that game engines (Godot, Bullet) have and
	// OMI_vehicle_wheel has not; nil = the engine's default. The tyre
	// friction (Godot's friction slip) is the wheel's Material.
	RollInfluence      *float64 `json:",omitempty"` // 0..1, share of the side force that rolls the body
	RestLength         *float64 `json:",omitempty"` // m, suspension length at rest
	MaxSuspensionForce *float64 `json:",omitempty"` // N
	Brake              *float64 `json:",omitempty"` // N, the braking force applied now
}

// DefaultWheel has the OMI_vehicle_wheel defaults.
func DefaultWheel() Wheel {
	return Wheel{BrakingForce: -1, Material: -1, PropulsionForceChangeRate: -1, Radius: 0.25,
		SteeringChangeRate: 1, SuspensionDampingCompression: 2000, SuspensionDampingRebound: 2000,
		SuspensionStiffness: 20000, SuspensionTravel: 0.25, Width: 0.125}
}

// DefaultVehicle has the OMI_vehicle_body defaults.
func DefaultVehicle() Vehicle {
	return Vehicle{MaxSpeed: -1, PilotSeat: -1, AngularDampeners: true, LinearDampeners: true}
}

// DefaultThruster has the OMI_vehicle_thruster defaults.
func DefaultThruster() Thruster { return Thruster{ForceChangeRate: -1, GimbalChangeRate: 1} }

// DefaultHoverThruster has the OMI_vehicle_hover_thruster defaults.
func DefaultHoverThruster() HoverThruster {
	return HoverThruster{GimbalChangeRate: 1, HoverEnergyChangeRate: -1, LinearGimbalAdjustRatio: 0.5}
}

// Thruster is OMI_vehicle_thruster (current form): force along local +Z.
type Thruster struct {
	Name                    string
	MaxForce                float64
	MaxGimbal               float64
	ForceChangeRate         float64
	GimbalChangeRate        float64
	LinearGimbalAdjustRatio float64
	TargetForceRatio        float64
	TargetGimbalRatio       [2]float64
}

// HoverThruster is OMI_vehicle_hover_thruster (current form).
type HoverThruster struct {
	Name                    string
	MaxHoverEnergy          float64
	MaxGimbal               float64
	GimbalChangeRate        float64
	HoverEnergyChangeRate   float64
	LinearGimbalAdjustRatio float64
	TargetHoverRatio        float64
	TargetGimbalRatio       [2]float64
}

// Seat is OMI_seat: limit points in node space and the spine angle.
type Seat struct {
	Back, Foot, Knee Vec3
	Angle            float64
}

// SpawnPoint is OMI_spawn_point.
type SpawnPoint struct {
	Title, Team, Group string
}

// NewGraph returns an empty Graph ready to fill.
func NewGraph() *Graph { return &Graph{Extras: map[string]any{}} }

// Reserve makes room for nodes more nodes and shapes more shapes, so a
// parser that can count them before it builds the Graph allocates each
// slice once.
func (g *Graph) Reserve(nodes, shapes int) {
	g.Nodes = slices.Grow(g.Nodes, nodes)
	g.Shapes = slices.Grow(g.Shapes, shapes)
}

// AddNode appends a node under parent (-1 = a new root) and returns its index.
// Nodes doubles when full: append grows a large slice by a quarter, which
// copies a 10,000-node graph some twenty times over while it is read.
func (g *Graph) AddNode(n Node, parent int) int {
	i := len(g.Nodes)
	n.Parent = parent
	n.Children = nil
	if n.Transform == (Transform{}) {
		n.Transform = Identity()
	}
	if len(g.Nodes) == cap(g.Nodes) {
		g.Nodes = slices.Grow(g.Nodes, max(len(g.Nodes), 8))
	}
	g.Nodes = append(g.Nodes, n)
	if parent >= 0 {
		g.Nodes[parent].Children = append(g.Nodes[parent].Children, i)
	} else {
		g.Roots = append(g.Roots, i)
	}
	return i
}

// AddShape appends a shape and returns its index.
func (g *Graph) AddShape(s Shape) int {
	if len(g.Shapes) == cap(g.Shapes) {
		g.Shapes = slices.Grow(g.Shapes, max(len(g.Shapes), 8))
	}
	g.Shapes = append(g.Shapes, s)
	return len(g.Shapes) - 1
}

// AddMesh appends a mesh and returns its index.
func (g *Graph) AddMesh(m Mesh) int {
	g.Meshes = append(g.Meshes, m)
	return len(g.Meshes) - 1
}

// BodyOf returns the nearest ancestor-or-self node with Motion, or -1.
func (g *Graph) BodyOf(i int) int {
	for seen := 0; i >= 0 && seen <= len(g.Nodes); seen++ {
		if g.Nodes[i].Motion != nil {
			return i
		}
		i = g.Nodes[i].Parent
	}
	return -1
}

// BodyOwners returns BodyOf of every node, found in one pass over the
// graph rather than a walk up from each node: a pass that asks for every
// node of a deep chain of frames stays linear.
func (g *Graph) BodyOwners() []int {
	return g.Owners(func(i int) bool { return g.Nodes[i].Motion != nil })
}

// Owners returns, for every node, the nearest node at or above it that is
// one (is), or -1; a loop of parents without one gives -1, as BodyOf.
func (g *Graph) Owners(is func(i int) bool) []int {
	const unknown, onPath = -2, -3
	owner := make([]int, len(g.Nodes))
	for i := range owner {
		owner[i] = unknown
	}
	var path []int
	for i := range g.Nodes {
		path = path[:0]
		j := i
		for j >= 0 && owner[j] == unknown && !is(j) {
			owner[j] = onPath
			path = append(path, j)
			j = g.Nodes[j].Parent
		}
		r := -1
		switch {
		case j < 0 || owner[j] == onPath: // the root, or a cycle without a body
		case owner[j] == unknown: // one
			owner[j] = j
			r = j
		default:
			r = owner[j]
		}
		for _, k := range path {
			owner[k] = r
		}
	}
	return owner
}

// DropMoved mends the child lists of the nodes in from (-1: the roots)
// after nodes were moved out of them by setting their Parent (and adding
// them to their new parent's list): each list keeps, in order, only the
// nodes whose Parent it still is, rebuilt once however many left it.
// Taking each moved node out of a list of thousands as it moves is
// quadratic. The kept lists are new slices: a copied Graph may share the
// old ones.
func (g *Graph) DropMoved(from []int) {
	done := map[int]bool{}
	for _, old := range from {
		if done[old] {
			continue
		}
		done[old] = true
		list := &g.Roots
		if old >= 0 {
			list = &g.Nodes[old].Children
		}
		kept := make([]int, 0, len(*list))
		for _, c := range *list {
			if g.Nodes[c].Parent == old {
				kept = append(kept, c)
			}
		}
		*list = kept
	}
}

// WorldTransform returns the node's transform relative to the world. It
// walks to the root on every call; a pass that asks for many nodes takes
// a Frames snapshot instead (linear in the graph, not quadratic in its
// depth).
func (g *Graph) WorldTransform(i int) Transform {
	t := Identity()
	for seen := 0; i >= 0 && seen <= len(g.Nodes); seen++ {
		t = g.Nodes[i].Transform.Mul(t)
		i = g.Nodes[i].Parent
	}
	return t
}

// RelativeTransform returns node i's transform relative to ancestor a
// (a = -1: the world), walking up from i (see Frames for many nodes).
func (g *Graph) RelativeTransform(i, a int) Transform {
	t := Identity()
	for seen := 0; i >= 0 && i != a && seen <= len(g.Nodes); seen++ {
		t = g.Nodes[i].Transform.Mul(t)
		i = g.Nodes[i].Parent
	}
	return t
}

// Clone returns a deep copy of the graph's structure so passes can return a
// new Graph. Extras maps are copied shallowly (their values are treated as
// immutable).
func (g *Graph) Clone() *Graph {
	c := *g
	c.Nodes = make([]Node, len(g.Nodes))
	a := newCloneBlocks(min(max(len(g.Nodes), 1), 1024))
	for i := range g.Nodes {
		c.Nodes[i] = g.Nodes[i].clone(a)
	}
	c.Roots = append([]int(nil), g.Roots...)
	c.Shapes = append([]Shape(nil), g.Shapes...)
	c.Meshes = append([]Mesh(nil), g.Meshes...)
	c.Materials = append([]Material(nil), g.Materials...)
	c.Filters = append([]Filter(nil), g.Filters...)
	c.Couplings = append([]Coupling(nil), g.Couplings...)
	c.Sites = append([]Site(nil), g.Sites...)
	c.Tendons = cloneTendons(g.Tendons)
	c.Gravity = clonePtr(g.Gravity)
	c.SolverSettings = append([]string(nil), g.SolverSettings...)
	c.Extras = copyMap(g.Extras)
	return &c
}

// Clone returns a deep copy of the node (Extras copied shallowly).
func (n Node) Clone() Node { return n.clone(newCloneBlocks(1)) }

// cloneBlocks hands out the copies a Graph's Clone makes from blocks of
// up to n values of each type, so cloning a large Graph costs a few
// allocations per type rather than several per node (which, for a
// serial chain of thousands of links, the garbage collector then had to
// find and free one by one).
type cloneBlocks struct {
	ints     slab.Slab[int]
	floats   slab.Slab[float64]
	vecs     slab.Slab[Vec3]
	quats    slab.Slab[Quat]
	motions  slab.Slab[Motion]
	joints   slab.Slab[Joint]
	limits   slab.Slab[Limit]
	drives   slab.Slab[Drive]
	coll     slab.Slab[Collider]
	visuals  slab.Slab[Visual]
	triggers slab.Slab[Trigger]
}

func newCloneBlocks(n int) *cloneBlocks {
	return &cloneBlocks{
		ints: slab.Slab[int]{Size: n}, floats: slab.Slab[float64]{Size: n}, vecs: slab.Slab[Vec3]{Size: n},
		quats: slab.Slab[Quat]{Size: n}, motions: slab.Slab[Motion]{Size: n}, joints: slab.Slab[Joint]{Size: n},
		limits: slab.Slab[Limit]{Size: n}, drives: slab.Slab[Drive]{Size: n}, coll: slab.Slab[Collider]{Size: n},
		visuals: slab.Slab[Visual]{Size: n}, triggers: slab.Slab[Trigger]{Size: n},
	}
}

// copyFrom returns a copy of *p made from s; nil for nil.
func copyFrom[T any](s *slab.Slab[T], p *T) *T {
	if p == nil {
		return nil
	}
	return s.New(*p)
}

func (n Node) clone(a *cloneBlocks) Node {
	c := n
	c.Children = a.ints.Copy(n.Children)
	if n.Motion != nil {
		m := copyFrom(&a.motions, n.Motion)
		m.Mass = copyFrom(&a.floats, n.Motion.Mass)
		m.CenterOfMass = copyFrom(&a.vecs, n.Motion.CenterOfMass)
		m.InertiaDiagonal = copyFrom(&a.vecs, n.Motion.InertiaDiagonal)
		m.InertiaOrientation = copyFrom(&a.quats, n.Motion.InertiaOrientation)
		c.Motion = m
	}
	c.Collider = copyFrom(&a.coll, n.Collider)
	if n.Trigger != nil {
		t := copyFrom(&a.triggers, n.Trigger)
		t.Nodes = append([]int(nil), n.Trigger.Nodes...)
		c.Trigger = t
	}
	if n.Joint != nil {
		j := copyFrom(&a.joints, n.Joint)
		j.Limits = a.limits.Copy(n.Joint.Limits)
		if j.Limits == nil {
			j.Limits = []Limit{}
		}
		for k := range j.Limits {
			l := &j.Limits[k]
			l.Linear = a.ints.Copy(l.Linear)
			l.Angular = a.ints.Copy(l.Angular)
		}
		j.Drives = a.drives.Copy(n.Joint.Drives)
		if j.Drives == nil {
			j.Drives = []Drive{}
		}
		for k := range j.Drives {
			d := &j.Drives[k]
			d.PositionTarget = copyFrom(&a.floats, d.PositionTarget)
			d.VelocityTarget = copyFrom(&a.floats, d.VelocityTarget)
		}
		if n.Joint.Solver != nil {
			j.Solver = &JointSolver{Class: n.Joint.Solver.Class, Params: append([]SolverParam(nil), n.Joint.Solver.Params...)}
		}
		j.Extras = copyMap(n.Joint.Extras)
		c.Joint = j
	}
	c.Visual = copyFrom(&a.visuals, n.Visual)
	c.Vehicle = clonePtr(n.Vehicle)
	c.Wheel = clonePtr(n.Wheel)
	if w := c.Wheel; w != nil {
		w.RollInfluence, w.RestLength, w.MaxSuspensionForce, w.Brake = clonePtr(w.RollInfluence), clonePtr(w.RestLength), clonePtr(w.MaxSuspensionForce), clonePtr(w.Brake)
	}
	c.Thruster = clonePtr(n.Thruster)
	c.HoverThruster = clonePtr(n.HoverThruster)
	c.Seat = clonePtr(n.Seat)
	c.SpawnPoint = clonePtr(n.SpawnPoint)
	c.Extras = copyMap(n.Extras)
	return c
}

func clonePtr[T any](p *T) *T {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}

func copyMap(m map[string]any) map[string]any {
	if m == nil {
		return nil
	}
	c := make(map[string]any, len(m))
	for k, v := range m {
		c[k] = v
	}
	return c
}

// ExtraGravityAsFactors is the Graph.Extras key under which lowering
// records the scene gravity it wrote as every body's gravity factor, for a
// target with factors and no scene gravity (KHR): its writer keeps the
// record beside them, so reading the file back restores the scene's
// gravity and the bodies' own factors.
const ExtraGravityAsFactors = "gravityAsFactors"

// ExtraActuatorDrives is the Joint.Extras key under which the MJCF reader
// records the drives of a joint that its actuators apply (a servo, not a
// passive spring): MJCF output writes them back as actuators, whose force
// MuJoCo integrates apart from the joint's own damping.
const ExtraActuatorDrives = "mjcf.actuators"

// ExtraOneSidedContacts is the Graph.Extras key under which a reader
// lists ([]string) pairs of collision filters of moving bodies of which
// one responds to the other's contacts and the other does not (Godot 4
// masks): the Graph's filters pair them, so targets without one-sided
// contacts push both (lowering says so).
const ExtraOneSidedContacts = "oneSidedContacts"

// GravityAsFactors is the record kept under ExtraGravityAsFactors: the
// scene's gravity, whether it was its project's, and the factor every
// moving body's own was multiplied by.
type GravityAsFactors struct {
	Gravity     Vec3    `json:"gravity"`
	FromProject bool    `json:"fromProject,omitempty"`
	Factor      float64 `json:"factor"`
}

// Ptr returns a pointer to v; handy for optional fields.
func Ptr[T any](v T) *T { return &v }

// NodeNames returns a unique display name per node: its own name, or
// "node<i>" when empty, with "#k" suffixes on repeats.
func NodeNames(g *Graph) []string {
	names := make([]string, len(g.Nodes))
	seen := make(map[string]int, len(g.Nodes))
	for i, n := range g.Nodes {
		name := n.Name
		if name == "" {
			name = fmt.Sprintf("node%d", i)
		}
		if k := seen[name]; k > 0 {
			seen[name] = k + 1
			name = fmt.Sprintf("%s#%d", name, k+1)
		} else {
			seen[name] = 1
		}
		names[i] = name
	}
	return names
}

// AxisRange is the range each axis of the limit may take on its own. A
// limit on one axis is its [Min, Max]; a limit shared by several axes
// bounds their combined distance or angle (a sphere or cone) whose radius
// is the finite bound largest in size, so each axis on its own ranges over
// ±radius (a box around the cone, reaching further on the diagonals).
func (l Limit) AxisRange() (lo, hi float64) {
	if len(l.Linear)+len(l.Angular) <= 1 || l.Fixed() {
		return l.Min, l.Max
	}
	r := math.Inf(1)
	for _, v := range []float64{l.Min, l.Max} {
		if !math.IsInf(v, 0) && (math.IsInf(r, 1) || math.Abs(v) > r) {
			r = math.Abs(v)
		}
	}
	return -r, r
}

// Locked reports whether any axis of the body is locked.
func (m *Motion) Locked() bool {
	return m != nil && (m.LockLinear != [3]bool{} || m.LockAngular != [3]bool{})
}

// Damped reports whether the body carries damping of its own.
func (m *Motion) Damped() bool {
	return m != nil && (m.LinearDamping != 0 || m.AngularDamping != 0 || m.ReplaceLinearDamping || m.ReplaceAngularDamping)
}

// Text lists the parameters as "key value" pairs for messages.
func (s *JointSolver) Text() string {
	parts := make([]string, len(s.Params))
	for i, p := range s.Params {
		parts[i] = p.Key + " " + strconv.FormatFloat(p.Value, 'g', -1, 64)
	}
	return strings.Join(parts, ", ")
}
