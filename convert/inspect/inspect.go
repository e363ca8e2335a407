package inspect

import (
	"encoding/json"
	"math"
	"strconv"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/internal/slab"
)

// Report is the `physconv inspect --json` contract: what a file means
// physically, in the Graph's Y-up world. Two files describe the same
// physics exactly when their reports agree (CompareReports).
type Report struct {
	Format string `json:"format"`
	// Frame says which axes the positions and directions are in, when the
	// caller knows more than "the Graph's Y-up world" (physconv inspect
	// names the source's axes).
	Frame string `json:"frame,omitempty"`
	// Gravity is the scene's gravity (m/s², the report's axes) when the
	// file sets one other than its format's default.
	Gravity *convert.Vec3 `json:"gravity,omitempty"`
	// DefaultGravity is the magnitude (m/s², downwards) of the gravity
	// that applies when Gravity is absent, when it is not the usual
	// 9.81 (Godot's 9.8).
	DefaultGravity *Num                `json:"defaultGravity,omitempty"`
	Bodies         []BodyReport        `json:"bodies"`
	Joints         []JointReport       `json:"joints"`
	Diagnostics    convert.Diagnostics `json:"diagnostics"`

	// nodeNames are the Graph's convert.NodeNames, which an Explainer of
	// the same Graph takes rather than make again
	nodeNames []string
}

// Num is a number that writes +Inf as the string "infinite" (KHR's 0 mass
// or moment).
type Num float64

// MarshalJSON writes finite numbers as shortest round-trip decimals.
func (n Num) MarshalJSON() ([]byte, error) {
	f := float64(n)
	switch {
	case math.IsInf(f, 1):
		return []byte(`"infinite"`), nil
	case math.IsInf(f, -1):
		return []byte(`"-infinite"`), nil
	case math.IsNaN(f):
		return []byte(`"nan"`), nil
	}
	return []byte(strconv.FormatFloat(f, 'g', -1, 64)), nil
}

// UnmarshalJSON reads numbers and the strings "infinite"/"-infinite".
func (n *Num) UnmarshalJSON(b []byte) error {
	var s string
	if json.Unmarshal(b, &s) == nil {
		switch s {
		case "infinite":
			*n = Num(math.Inf(1))
		case "-infinite":
			*n = Num(math.Inf(-1))
		default:
			*n = Num(math.NaN())
		}
		return nil
	}
	var f float64
	if err := json.Unmarshal(b, &f); err != nil {
		return err
	}
	*n = Num(f)
	return nil
}

// BodyReport describes one rigid body. Static colliders without a body
// node each appear as a static body named after their node.
type BodyReport struct {
	Name string           `json:"name"`
	Kind convert.BodyKind `json:"kind"`
	// Mass in kg; null when unknown (not given and not computed).
	Mass *Num `json:"mass"`
	// CenterOfMass in world coordinates (m).
	CenterOfMass *convert.Vec3 `json:"centerOfMass"`
	// Inertia about the centre of mass, world axes (kg·m²).
	Inertia *[3][3]Num `json:"inertia"`
	// GravityFactor scales gravity on a dynamic body; absent when 1.
	GravityFactor *Num `json:"gravityFactor,omitempty"`
	// Damping is the linear and angular damping (1/s) that slows a
	// dynamic body, the scene's default included; absent when none.
	Damping *[2]Num `json:"damping,omitempty"`
	// LinearVelocity (m/s, of the body origin) and AngularVelocity
	// (rad/s) the body starts with, world axes; absent when zero.
	LinearVelocity  *convert.Vec3 `json:"linearVelocity,omitempty"`
	AngularVelocity *convert.Vec3 `json:"angularVelocity,omitempty"`
	Source          SourceReport  `json:"source"`
	Colliders       []ShapeReport `json:"colliders"`
	Triggers        []ShapeReport `json:"triggers"`
}

// SourceReport says where each mass property came from.
type SourceReport struct {
	Mass         convert.Source `json:"mass,omitempty"`
	CenterOfMass convert.Source `json:"centerOfMass,omitempty"`
	Inertia      convert.Source `json:"inertia,omitempty"`
}

// ShapeReport is a collider or trigger shape placed in the world. Dims
// have the node's scale baked in where that is exact; Scale reports what
// could not be baked.
type ShapeReport struct {
	Node     string             `json:"node"`
	Shape    convert.ShapeKind  `json:"shape"`
	Dims     map[string]float64 `json:"dims,omitempty"`
	Mesh     *MeshReport        `json:"mesh,omitempty"`
	Position convert.Vec3       `json:"position"`
	Rotation convert.Quat       `json:"rotation"`
	Scale    *convert.Vec3      `json:"scale,omitempty"`
	Material *convert.Material  `json:"material,omitempty"`
	Filter   *convert.Filter    `json:"filter,omitempty"`
}

// MeshReport summarises mesh geometry.
type MeshReport struct {
	Vertices  int `json:"vertices"`
	Triangles int `json:"triangles"`
}

// JointReport describes one joint in world terms.
type JointReport struct {
	Name  string `json:"name"`
	BodyA string `json:"bodyA"` // "" = the world
	BodyB string `json:"bodyB"`
	// Anchor is frame A's origin in the world (m).
	Anchor convert.Vec3 `json:"anchor"`
	// Frame is frame A's world rotation; limit axes are its axes.
	Frame  convert.Quat  `json:"frame"`
	Limits []LimitReport `json:"limits"`
	Drives []DriveReport `json:"drives,omitempty"`
	// Kind, Axis (world unit vector, one-axis kinds), Lower and Upper come
	// from joint classification.
	Kind  string        `json:"kind"`
	Axis  *convert.Vec3 `json:"axis,omitempty"`
	Lower *Num          `json:"lower,omitempty"`
	Upper *Num          `json:"upper,omitempty"`
	// Mimic: this joint follows another (URDF mimic, MJCF equality joint).
	Mimic *MimicReport `json:"mimic,omitempty"`
	// Solver: the engine-specific solver parameters the joint carries.
	Solver *SolverReport `json:"solver,omitempty"`

	// chain: the joints another file wrote for this one, which
	// ChainedJoints put in their place (nil for a joint as read)
	chain *jointChain
}

// SolverReport is a Joint.Solver: its engine class and parameters.
type SolverReport struct {
	Class  string             `json:"class"`
	Params map[string]float64 `json:"params"`
}

// LimitReport is a Limit as given, with infinite bounds spelt out.
type LimitReport struct {
	Linear    []int `json:"linearAxes,omitempty"`
	Angular   []int `json:"angularAxes,omitempty"`
	Min       Num   `json:"min"`
	Max       Num   `json:"max"`
	Stiffness Num   `json:"stiffness"`
	Damping   Num   `json:"damping"`
}

// DriveReport is a Drive with an unlimited force spelt "infinite".
type DriveReport struct {
	Type           string   `json:"type"`
	Mode           string   `json:"mode"`
	Axis           int      `json:"axis"`
	MaxForce       Num      `json:"maxForce"`
	PositionTarget *float64 `json:"positionTarget,omitempty"`
	VelocityTarget *float64 `json:"velocityTarget,omitempty"`
	Stiffness      float64  `json:"stiffness"`
	Damping        float64  `json:"damping"`
}

// MimicReport names the leader joint of a coupling.
type MimicReport struct {
	Joint      string  `json:"joint"`
	Multiplier float64 `json:"multiplier"`
	Offset     float64 `json:"offset"`
}

// Inspect builds the report of a (completed) Graph.
func Inspect(g *convert.Graph, format string, diags convert.Diagnostics) *Report {
	r := &Report{Format: format, Bodies: []BodyReport{}, Joints: []JointReport{}, Diagnostics: diags.Sorted()}
	if g.Gravity != nil {
		v := *g.Gravity
		r.Gravity = &v
	}
	if d := g.EngineGravity(); d != convert.StandardGravity {
		n := Num(d)
		r.DefaultGravity = &n
	}
	if r.Diagnostics == nil {
		r.Diagnostics = convert.Diagnostics{}
	}
	names := convert.NodeNames(g)
	r.nodeNames = names
	owner := bodyOwners(g)
	frames := g.Frames(-1)
	// Count first what each body gets, so that the reports and their
	// values come from a few blocks (reportBlocks) rather than several
	// allocations per body and joint.
	type bodyPlan struct {
		report              int // index in r.Bodies; -1: no body
		colliders, triggers int
	}
	plan := make([]bodyPlan, len(g.Nodes))
	var bodies, moving, shapes, joints, limits, axes int
	for i := range g.Nodes {
		n := &g.Nodes[i]
		plan[i].report = -1
		if n.Motion != nil {
			moving++
		}
		if n.Joint != nil {
			joints++
			limits += len(n.Joint.Limits)
			for _, l := range n.Joint.Limits {
				axes += len(l.Linear) + len(l.Angular)
			}
		}
	}
	mark := func(i int) {
		if plan[i].report < 0 {
			plan[i].report = 0
			bodies++
		}
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Motion != nil {
			mark(i)
		}
		if n.Collider != nil && n.Collider.Shape >= 0 {
			mark(owner[i])
			plan[owner[i]].colliders++
			shapes++
		}
		if n.Trigger != nil && n.Trigger.Shape >= 0 {
			mark(owner[i])
			plan[owner[i]].triggers++
			shapes++
		}
	}
	blocks := newReportBlocks(moving, joints, limits, axes)
	shapeBlock := make([]ShapeReport, shapes)
	// the bodies in node order, each with room for exactly its shapes (so
	// that appending to a body's list later copies it)
	r.Bodies = make([]BodyReport, 0, bodies)
	for i := range g.Nodes {
		p := &plan[i]
		if p.report < 0 {
			continue
		}
		p.report = len(r.Bodies)
		b := BodyReport{Name: names[i], Kind: convert.Static}
		b.Colliders, shapeBlock = shapeBlock[:0:p.colliders], shapeBlock[p.colliders:]
		b.Triggers, shapeBlock = shapeBlock[:0:p.triggers], shapeBlock[p.triggers:]
		if m := g.Nodes[i].Motion; m != nil {
			b.Kind = m.Kind
			fillMass(g, frames, i, &b, blocks)
			if m.Kind == convert.Dynamic && m.GravityFactor != 1 {
				f := Num(m.GravityFactor)
				b.GravityFactor = &f
			}
			if lin, ang := g.BodyDamping(m); m.Kind == convert.Dynamic && (lin != 0 || ang != 0) {
				b.Damping = &[2]Num{Num(lin), Num(ang)}
			}
			rot := frames.World(i).R
			if m.LinearVelocity != (convert.Vec3{}) {
				v := rot.Rotate(m.LinearVelocity)
				b.LinearVelocity = &v
			}
			if m.AngularVelocity != (convert.Vec3{}) {
				w := rot.Rotate(m.AngularVelocity)
				b.AngularVelocity = &w
			}
		}
		r.Bodies = append(r.Bodies, b)
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Collider != nil && n.Collider.Shape >= 0 {
			b := &r.Bodies[plan[owner[i]].report]
			s := shapeReport(g, frames, i, n.Collider.Shape, names[i])
			if n.Collider.Material >= 0 && n.Collider.Material < len(g.Materials) {
				s.Material = &g.Materials[n.Collider.Material]
			}
			if n.Collider.Filter >= 0 && n.Collider.Filter < len(g.Filters) {
				s.Filter = &g.Filters[n.Collider.Filter]
			}
			b.Colliders = append(b.Colliders, s)
		}
		if n.Trigger != nil && n.Trigger.Shape >= 0 {
			b := &r.Bodies[plan[owner[i]].report]
			s := shapeReport(g, frames, i, n.Trigger.Shape, names[i])
			if n.Trigger.Filter >= 0 && n.Trigger.Filter < len(g.Filters) {
				s.Filter = &g.Filters[n.Trigger.Filter]
			}
			b.Triggers = append(b.Triggers, s)
		}
	}
	mimics := map[int]MimicReport{}
	for _, c := range g.Couplings {
		if c.Leader >= 0 && c.Leader < len(g.Nodes) {
			mimics[c.Follower] = MimicReport{Joint: names[c.Leader], Multiplier: c.Multiplier, Offset: c.Offset}
		}
	}
	r.Joints = make([]JointReport, 0, joints)
	for i := range g.Nodes {
		if j := g.Nodes[i].Joint; j != nil {
			jr := jointReport(g, frames, i, j, names, blocks)
			if m, ok := mimics[i]; ok {
				mimic := m // a copy only for the joints that have one
				jr.Mimic = &mimic
			}
			r.Joints = append(r.Joints, jr)
		}
	}
	return r
}

// reportBlocks hands out the numbers, vectors, inertias and limit lists
// a report points to from blocks sized for the whole Graph: a few
// allocations per report rather than several per body and joint (which,
// for a serial chain of thousands of links, the garbage collector then
// had to find and free one by one). A report shares no memory with its
// Graph (a limit's axes are copied): it outlives the Graph while an
// output is read back, and one axis list kept would keep the reader's
// whole block of limits.
type reportBlocks struct {
	nums     slab.Slab[Num]
	vecs     slab.Slab[convert.Vec3]
	inertias slab.Slab[[3][3]Num]
	limits   slab.Slab[LimitReport]
	axes     slab.Slab[int]
}

// newReportBlocks sizes the blocks for a Graph of moving bodies, and
// joints with limits and limited axes in all: at most a mass, centre of
// mass and inertia per body, an axis and range per joint.
func newReportBlocks(moving, joints, limits, axes int) *reportBlocks {
	return &reportBlocks{
		nums:     slab.Slab[Num]{Size: moving + 2*joints},
		vecs:     slab.Slab[convert.Vec3]{Size: moving + joints},
		inertias: slab.Slab[[3][3]Num]{Size: moving},
		limits:   slab.Slab[LimitReport]{Size: limits},
		axes:     slab.Slab[int]{Size: axes},
	}
}

// bodyOwners maps each node to the node that owns its colliders: the
// nearest ancestor-or-self with Motion, else the node itself (a static
// collider without a body).
func bodyOwners(g *convert.Graph) []int {
	owner := g.BodyOwners()
	for i, b := range owner {
		if b < 0 {
			owner[i] = i
		}
	}
	return owner
}

func fillMass(g *convert.Graph, frames *convert.Frames, i int, b *BodyReport, blocks *reportBlocks) {
	m := g.Nodes[i].Motion
	b.Source = SourceReport{Mass: m.MassSource, CenterOfMass: m.CenterOfMassSource, Inertia: m.InertiaSource}
	world := frames.World(i)
	if m.Mass != nil {
		b.Mass = blocks.nums.New(Num(*m.Mass))
	}
	if m.CenterOfMass != nil {
		b.CenterOfMass = blocks.vecs.New(world.Apply(*m.CenterOfMass))
	} else if m.Mass != nil {
		// OMI and robot formats default the COM to the body origin only
		// when they say so at Parse; here an absent COM stays unknown.
		b.CenterOfMass = nil
	}
	if m.InertiaDiagonal != nil {
		rot := world.R
		if m.InertiaOrientation != nil {
			rot = rot.Mul(*m.InertiaOrientation)
		}
		b.Inertia = blocks.inertias.New(WorldInertia(*m.InertiaDiagonal, rot))
	}
}

// WorldInertia returns R·diag(d)·Rᵀ with infinite moments kept infinite
// (a zero direction component times an infinite moment counts as zero).
func WorldInertia(d convert.Vec3, r convert.Quat) [3][3]Num {
	m := r.Mat()
	var out [3][3]Num
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			var s float64
			for k := 0; k < 3; k++ {
				p := m[i][k] * m[j][k]
				if p == 0 || math.Abs(p) < 1e-12 && math.IsInf(d[k], 0) {
					continue
				}
				s += d[k] * p
			}
			out[i][j] = Num(s)
		}
	}
	return out
}

func shapeReport(g *convert.Graph, frames *convert.Frames, node, shape int, name string) ShapeReport {
	w := frames.World(node)
	s := ShapeReport{Node: name, Position: w.T, Rotation: canonicalQuat(w.R)}
	if shape < 0 || shape >= len(g.Shapes) {
		return s
	}
	sh := g.Shapes[shape]
	s.Shape = sh.Kind
	sc := convert.Vec3{math.Abs(w.S[0]), math.Abs(w.S[1]), math.Abs(w.S[2])}
	uniformXZ := sc[0] == sc[2]
	baked := true
	switch sh.Kind {
	case convert.Box:
		s.Dims = map[string]float64{"x": sh.Size[0] * sc[0], "y": sh.Size[1] * sc[1], "z": sh.Size[2] * sc[2]}
	case convert.Ellipsoid:
		s.Dims = map[string]float64{"x": sh.Size[0] * sc[0], "y": sh.Size[1] * sc[1], "z": sh.Size[2] * sc[2]}
	case convert.Sphere:
		s.Dims = map[string]float64{"radius": sh.Radius * sc[0]}
		baked = sc[0] == sc[1] && sc[1] == sc[2]
	case convert.Capsule, convert.Cylinder:
		s.Dims = map[string]float64{"height": sh.Height * sc[1], "radiusTop": sh.RadiusTop * sc[0], "radiusBottom": sh.RadiusBottom * sc[0]}
		baked = uniformXZ
	case convert.Plane:
		s.Dims = map[string]float64{}
		if sh.SizeX > 0 {
			s.Dims["sizeX"] = sh.SizeX * sc[0]
		}
		if sh.SizeZ > 0 {
			s.Dims["sizeZ"] = sh.SizeZ * sc[2]
		}
		if sh.DoubleSided {
			s.Dims["doubleSided"] = 1
		}
	case convert.Ray:
		s.Dims = map[string]float64{"length": sh.Height * sc[2]}
	case convert.Convex, convert.TriMesh:
		baked = false
		if sh.Mesh >= 0 && sh.Mesh < len(g.Meshes) {
			m := g.Meshes[sh.Mesh]
			s.Mesh = &MeshReport{Vertices: len(m.Positions), Triangles: len(m.Indices) / 3}
		}
	case convert.Heightfield:
		// the node's scale baked in, as writers bake it: the extents
		// across, the heights' range, and the place of the lowest
		// height (formats place the shape's origin each their own way:
		// MJCF at the lowest height, Godot where height 0 is)
		if f := sh.Field; f != nil {
			lo, hi := 0.0, 0.0
			for k, h := range f.Heights {
				if k == 0 || h < lo {
					lo = h
				}
				if k == 0 || h > hi {
					hi = h
				}
			}
			s.Dims = map[string]float64{"sizeX": f.SizeX * sc[0], "sizeZ": f.SizeZ * sc[2], "columns": float64(f.Columns), "rows": float64(f.Rows),
				"heightRange": (hi - lo) * sc[1]}
			s.Position = w.Apply(convert.Vec3{0, lo, 0}) // where its lowest height lies
		}
	}
	if !baked && sc != (convert.Vec3{1, 1, 1}) {
		unbaked := sc
		s.Scale = &unbaked
	}
	return s
}

// canonicalQuat returns q with w >= 0 (q and -q are the same rotation).
func canonicalQuat(q convert.Quat) convert.Quat {
	q = q.Normalize()
	if q[3] < 0 || q[3] == 0 && (q[0] < 0 || q[0] == 0 && (q[1] < 0 || q[1] == 0 && q[2] < 0)) {
		return convert.Quat{-q[0], -q[1], -q[2], -q[3]}
	}
	return q
}

// jointSide names the body a joint's side on node n moves with; "" for
// the world, which a static body is part of: a joint to a glTF static
// collider (no body) and to the StaticBody3D Godot writes for it is one
// joint to the world.
func jointSide(g *convert.Graph, n int, names []string) string {
	if b := g.BodyOf(n); b >= 0 && g.Nodes[b].Motion.Kind != convert.Static {
		return names[b]
	}
	return ""
}

func jointReport(g *convert.Graph, frames *convert.Frames, i int, j *convert.Joint, names []string, blocks *reportBlocks) JointReport {
	w := frames.World(i)
	jr := JointReport{Name: names[i], Anchor: w.T, Frame: canonicalQuat(w.R), Limits: blocks.limits.Room(len(j.Limits))}
	if jr.Limits == nil {
		jr.Limits = []LimitReport{}
	}
	for _, d := range j.Drives {
		jr.Drives = append(jr.Drives, DriveReport{Type: d.Type, Mode: d.Mode, Axis: d.Axis, MaxForce: Num(d.MaxForce),
			PositionTarget: d.PositionTarget, VelocityTarget: d.VelocityTarget, Stiffness: d.Stiffness, Damping: d.Damping})
	}
	jr.BodyA = jointSide(g, i, names)
	if j.Connected >= 0 && j.Connected < len(g.Nodes) {
		jr.BodyB = jointSide(g, j.Connected, names)
	}
	for _, l := range j.Limits {
		jr.Limits = append(jr.Limits, LimitReport{Linear: blocks.axes.Copy(l.Linear), Angular: blocks.axes.Copy(l.Angular),
			Min: Num(l.Min), Max: Num(l.Max), Stiffness: Num(l.Stiffness), Damping: Num(l.Damping)})
	}
	if j.Solver != nil {
		jr.Solver = &SolverReport{Class: j.Solver.Class, Params: map[string]float64{}}
		for _, p := range j.Solver.Params {
			jr.Solver.Params[p.Key] = p.Value
		}
	}
	classifyInto(&jr, j, w.R, blocks)
	return jr
}

// classifyInto fills the joint's kind, world axis and range.
func classifyInto(jr *JointReport, j *convert.Joint, frame convert.Quat, blocks *reportBlocks) {
	c := kin.Classify(j)
	jr.Kind = c.Kind
	if c.Axis != (convert.Vec3{}) {
		jr.Axis = blocks.vecs.New(frame.Rotate(c.Axis).Normalize())
		jr.Lower, jr.Upper = blocks.nums.New(Num(c.Lower)), blocks.nums.New(Num(c.Upper))
	}
}
