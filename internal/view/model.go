// Package view builds a self-contained HTML page that draws a physics
// Graph: visuals, colliders, joint frames and limits, centres of mass and
// inertia boxes, a body/joint tree and the diagnostics. The page carries
// its renderer (three.js, embedded) and its data (a JSON Model), so it
// opens offline from a file or a local server.
package view

import (
	"fmt"
	"math"
	"sort"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// Model is the page's data: everything it draws, in the Graph's Y-up
// world (metres, radians). It is built in Go so the page only draws.
type Model struct {
	Name        string              `json:"name"`
	Format      string              `json:"format"`
	Frame       string              `json:"frame,omitempty"`
	Bodies      []Body              `json:"bodies"`
	Shapes      []Shape             `json:"shapes"`
	Joints      []Joint             `json:"joints"`
	Nodes       []TreeNode          `json:"nodes"`
	Diagnostics convert.Diagnostics `json:"diagnostics"`
	// MeshBudget is the number of triangles the page may carry in all;
	// meshes past it are drawn as their bounding boxes (Shape.Truncated).
	MeshBudget int `json:"meshBudget"`
}

// Body is one rigid body of the inspect report, with its display colour
// and the box of equal inertia.
type Body struct {
	Name  string           `json:"name"`
	Node  int              `json:"node"`
	Kind  convert.BodyKind `json:"kind"`
	Color string           `json:"color"`
	// Origin and Rotation are the body node's world frame.
	Origin   convert.Vec3 `json:"origin"`
	Rotation convert.Quat `json:"rotation"`
	// Mass in kg ("infinite" for KHR's 0); null when unknown.
	Mass *inspect.Num `json:"mass"`
	// CenterOfMass in the world; null when unknown.
	CenterOfMass *convert.Vec3 `json:"centerOfMass"`
	// Inertia is the box of uniform density with the body's mass and
	// principal moments, centred on the centre of mass and turned onto the
	// principal axes; nil when mass or inertia is unknown or infinite.
	Inertia *InertiaBox `json:"inertia,omitempty"`
}

// InertiaBox is a box of equal inertia: full extents along its own axes
// and its world rotation.
type InertiaBox struct {
	Center   convert.Vec3 `json:"center"`
	Size     convert.Vec3 `json:"size"`
	Rotation convert.Quat `json:"rotation"`
}

// Role says what a drawn shape is.
type Role string

// Shape roles.
const (
	RoleCollider Role = "collider"
	RoleTrigger  Role = "trigger"
	RoleVisual   Role = "visual"
)

// Shape is one shape placed in the world by its node's world transform.
// Dims are the shape's own (unscaled) sizes; Scale is applied on top.
type Shape struct {
	Role Role              `json:"role"`
	Kind convert.ShapeKind `json:"kind"`
	// Body indexes Model.Bodies (-1: a visual outside any body).
	Body     int                `json:"body"`
	Node     int                `json:"node"`
	Dims     map[string]float64 `json:"dims,omitempty"`
	Position convert.Vec3       `json:"position"`
	Rotation convert.Quat       `json:"rotation"`
	Scale    convert.Vec3       `json:"scale"`
	// Color is a visual's own colour ("" = the body's).
	Color string `json:"color,omitempty"`
	// Positions (x, y, z flat) and Indices (three per triangle) of mesh
	// and heightfield shapes within the budget.
	Positions []float32 `json:"positions,omitempty"`
	Indices   []uint32  `json:"indices,omitempty"`
	// Truncated: the mesh was over the budget; Dims then hold its bounds
	// (minX…maxZ).
	Truncated bool `json:"truncated,omitempty"`
	// Unreadable: the mesh's triangles are not available (a file that
	// could not be read, a format the parser keeps opaque); the page lists
	// the shape but draws nothing.
	Unreadable bool `json:"unreadable,omitempty"`
	// Infinite marks a plane without extents, drawn as a finite quad.
	Infinite bool `json:"infinite,omitempty"`
}

// Joint is one joint: frame A in the world, its classified kind, axis and
// range, and the bodies it connects.
type Joint struct {
	Name   string       `json:"name"`
	Node   int          `json:"node"`
	BodyA  int          `json:"bodyA"` // -1 = the world
	BodyB  int          `json:"bodyB"`
	Kind   string       `json:"kind"`
	Anchor convert.Vec3 `json:"anchor"`
	Frame  convert.Quat `json:"frame"`
	// Axis is the world direction of a one-axis joint; Lower/Upper its
	// range, nil when unbounded.
	Axis  *convert.Vec3 `json:"axis,omitempty"`
	Lower *float64      `json:"lower,omitempty"`
	Upper *float64      `json:"upper,omitempty"`
}

// TreeNode is one node of the scene for the tree panel.
type TreeNode struct {
	Name   string `json:"name"`
	Parent int    `json:"parent"`
	// Body indexes Model.Bodies for the body the node belongs to (-1).
	Body int `json:"body"`
	// What the node carries: "body", "joint", "collider", "trigger",
	// "visual".
	Tags []string `json:"tags,omitempty"`
}

// DefaultMeshBudget caps the triangles one page carries (about 10 MB of
// JSON): enough for every robot in common use, small enough for a browser.
const DefaultMeshBudget = 200000

// Build makes the page model of a completed Graph and its inspect report
// (whose bodies, masses and diagnostics it reuses). budget caps the mesh
// triangles (<= 0: DefaultMeshBudget).
func Build(g *convert.Graph, rep *inspect.Report, budget int) (*Model, error) {
	if budget <= 0 {
		budget = DefaultMeshBudget
	}
	m := &Model{Name: g.Name, Format: rep.Format, Frame: rep.Frame, Bodies: []Body{}, Shapes: []Shape{},
		Joints: []Joint{}, Nodes: make([]TreeNode, len(g.Nodes)), Diagnostics: rep.Diagnostics, MeshBudget: budget}
	if m.Diagnostics == nil {
		m.Diagnostics = convert.Diagnostics{}
	}
	names := convert.NodeNames(g)
	frames := g.Frames(-1)
	owner := func(i int) int {
		if b := g.BodyOf(i); b >= 0 {
			return b
		}
		return i
	}
	// bodies in the inspect report's order: nodes with Motion and owners
	// of colliders and triggers, by node index
	set := map[int]bool{}
	for i, n := range g.Nodes {
		if n.Motion != nil {
			set[i] = true
		}
		if n.Collider != nil && n.Collider.Shape >= 0 || n.Trigger != nil && n.Trigger.Shape >= 0 {
			set[owner(i)] = true
		}
	}
	order := make([]int, 0, len(set))
	for i := range set {
		order = append(order, i)
	}
	sort.Ints(order)
	if len(order) != len(rep.Bodies) {
		return nil, fmt.Errorf("view: %d bodies in the graph, %d in its report", len(order), len(rep.Bodies))
	}
	bodyIndex := map[int]int{}
	for k, i := range order {
		br := rep.Bodies[k]
		if br.Name != names[i] {
			return nil, fmt.Errorf("view: body %d is %q in the graph, %q in its report", k, names[i], br.Name)
		}
		w := frames.World(i)
		b := Body{Name: br.Name, Node: i, Kind: br.Kind, Color: bodyColor(k), Origin: finite3(w.T),
			Rotation: w.R.Normalize(), Mass: finiteNum(br.Mass), CenterOfMass: finiteVec(br.CenterOfMass)}
		if br.Mass != nil {
			b.Inertia = inertiaBox(g.Nodes[i].Motion, float64(*br.Mass), w.R)
			if b.Inertia != nil {
				// an unknown centre of mass is drawn at the body origin
				b.Inertia.Center = finite3(w.T)
				if b.CenterOfMass != nil {
					b.Inertia.Center = *b.CenterOfMass
				}
			}
		}
		bodyIndex[i] = k
		m.Bodies = append(m.Bodies, b)
	}
	bodyOf := func(i int) int {
		if k, ok := bodyIndex[owner(i)]; ok {
			return k
		}
		return -1
	}
	left := budget
	for i := range g.Nodes {
		n := &g.Nodes[i]
		tn := TreeNode{Name: names[i], Parent: n.Parent, Body: bodyOf(i)}
		if n.Motion != nil {
			tn.Tags = append(tn.Tags, "body")
		}
		add := func(role Role, shape int) {
			if shape < 0 || shape >= len(g.Shapes) {
				return
			}
			tn.Tags = append(tn.Tags, string(role))
			s := placeShape(g, frames.World(i), &g.Shapes[shape], &left)
			s.Role, s.Body, s.Node = role, tn.Body, i
			if role == RoleVisual && n.Visual.Color != nil {
				s.Color = hexColor(*n.Visual.Color)
			}
			m.Shapes = append(m.Shapes, s)
		}
		if n.Collider != nil {
			add(RoleCollider, n.Collider.Shape)
		}
		if n.Trigger != nil {
			add(RoleTrigger, n.Trigger.Shape)
		}
		// Visuals are drawn wherever the Graph carries them (URDF, MJCF,
		// Godot parse them into Node.Visual). glTF render meshes stay in the
		// document's Extras and are not drawn until a parser lifts them
		// into Node.Visual; nothing here needs to change when one does.
		if n.Visual != nil {
			add(RoleVisual, n.Visual.Shape)
		}
		if j := n.Joint; j != nil {
			tn.Tags = append(tn.Tags, "joint")
		}
		m.Nodes[i] = tn
	}
	// joints in the report's order (node order), matched by name
	k := 0
	for i := range g.Nodes {
		j := g.Nodes[i].Joint
		if j == nil {
			continue
		}
		if k >= len(rep.Joints) || rep.Joints[k].Name != names[i] {
			return nil, fmt.Errorf("view: joint %q is missing from the report", names[i])
		}
		jr := rep.Joints[k]
		k++
		vj := Joint{Name: jr.Name, Node: i, BodyA: -1, BodyB: -1, Kind: jr.Kind, Anchor: finite3(jr.Anchor),
			Frame: jr.Frame, Axis: finiteVec(jr.Axis), Lower: finiteFloat(jr.Lower), Upper: finiteFloat(jr.Upper)}
		if a := g.BodyOf(i); a >= 0 {
			vj.BodyA = bodyOf(a)
		}
		if j.Connected >= 0 && j.Connected < len(g.Nodes) && g.BodyOf(j.Connected) >= 0 {
			vj.BodyB = bodyOf(j.Connected)
		}
		m.Joints = append(m.Joints, vj)
	}
	return m, nil
}

// placeShape sizes a shape and places it by its node's world transform,
// spending the triangle budget on meshes.
func placeShape(g *convert.Graph, w convert.Transform, sh *convert.Shape, left *int) Shape {
	s := Shape{Kind: sh.Kind, Position: finite3(w.T), Rotation: w.R.Normalize(), Scale: finite3(w.S)}
	switch sh.Kind {
	case convert.Box:
		s.Dims = dims("x", sh.Size[0], "y", sh.Size[1], "z", sh.Size[2])
	case convert.Ellipsoid:
		s.Dims = dims("x", sh.Size[0], "y", sh.Size[1], "z", sh.Size[2])
	case convert.Sphere:
		s.Dims = dims("radius", sh.Radius)
	case convert.Capsule, convert.Cylinder:
		s.Dims = dims("height", sh.Height, "radiusTop", sh.RadiusTop, "radiusBottom", sh.RadiusBottom)
	case convert.Plane:
		s.Dims = dims("sizeX", sh.SizeX, "sizeZ", sh.SizeZ)
		s.Infinite = !(sh.SizeX > 0 && sh.SizeZ > 0)
	case convert.Ray:
		s.Dims = dims("length", sh.Height)
	case convert.Convex, convert.TriMesh:
		if sh.Mesh < 0 || sh.Mesh >= len(g.Meshes) {
			s.Unreadable = true
			return s
		}
		pos, idx, ok, _ := g.Meshes[sh.Mesh].Triangles()
		fillMesh(&s, pos, idx, ok, left)
	case convert.Heightfield:
		if sh.Field == nil {
			s.Unreadable = true
			return s
		}
		pos, idx := sh.Field.Triangles()
		fillMesh(&s, pos, idx, true, left)
	}
	return s
}

// fillMesh puts triangles on the shape when they fit the budget, else
// their bounds.
func fillMesh(s *Shape, pos []convert.Vec3, idx []uint32, ok bool, left *int) {
	tris := len(idx) / 3
	for _, v := range idx {
		if int(v) >= len(pos) {
			ok = false
			break
		}
	}
	if !ok || tris == 0 {
		s.Unreadable = true
		return
	}
	if tris <= *left {
		*left -= tris
		s.Positions = make([]float32, 0, 3*len(pos))
		for _, p := range pos {
			p = finite3(p)
			s.Positions = append(s.Positions, float32(p[0]), float32(p[1]), float32(p[2]))
		}
		s.Indices = idx[:3*tris]
		return
	}
	s.Truncated = true
	lo, hi := finite3(pos[0]), finite3(pos[0])
	for _, p := range pos {
		p = finite3(p)
		for c := 0; c < 3; c++ {
			lo[c], hi[c] = math.Min(lo[c], p[c]), math.Max(hi[c], p[c])
		}
	}
	s.Dims = dims("minX", lo[0], "minY", lo[1], "minZ", lo[2], "maxX", hi[0], "maxY", hi[1], "maxZ", hi[2])
}

// inertiaBox returns the uniform box with mass m whose principal moments
// are the body's: a box of extents a, b, c has Ix = m(b²+c²)/12, so
// a² = 6(Iy+Iz−Ix)/m and so on. Moments that break the triangle
// inequality clamp to a flat side.
func inertiaBox(mo *convert.Motion, m float64, world convert.Quat) *InertiaBox {
	if mo == nil || mo.InertiaDiagonal == nil || !(m > 0) || math.IsInf(m, 0) {
		return nil
	}
	d := *mo.InertiaDiagonal
	for _, v := range d {
		if math.IsInf(v, 0) || math.IsNaN(v) || v < 0 {
			return nil
		}
	}
	side := func(a, b, c float64) float64 { return math.Sqrt(math.Max(0, 6*(b+c-a)/m)) }
	rot := world
	if mo.InertiaOrientation != nil {
		rot = rot.Mul(*mo.InertiaOrientation)
	}
	return &InertiaBox{Size: convert.Vec3{side(d[0], d[1], d[2]), side(d[1], d[2], d[0]), side(d[2], d[0], d[1])},
		Rotation: rot.Normalize()}
}

// bodyColor spreads hues by the golden angle so neighbours differ.
func bodyColor(k int) string {
	h := math.Mod(float64(k)*0.618033988749895, 1)
	return hexColor(hsl(h, 0.65, 0.5))
}

func hsl(h, s, l float64) [4]float64 {
	f := func(n float64) float64 {
		k := math.Mod(n+h*12, 12)
		a := s * math.Min(l, 1-l)
		return l - a*math.Max(-1, math.Min(math.Min(k-3, 9-k), 1))
	}
	return [4]float64{f(0), f(8), f(4), 1}
}

func hexColor(c [4]float64) string {
	b := func(v float64) int { return int(math.Round(math.Max(0, math.Min(1, v)) * 255)) }
	return fmt.Sprintf("#%02x%02x%02x", b(c[0]), b(c[1]), b(c[2]))
}

func dims(kv ...any) map[string]float64 {
	d := map[string]float64{}
	for i := 0; i+1 < len(kv); i += 2 {
		d[kv[i].(string)] = finite(kv[i+1].(float64))
	}
	return d
}

// JSON has no infinities: a non-finite number is drawn as 0 (the model
// says so where it matters: Infinite, nil ranges, "infinite" masses).
func finite(f float64) float64 {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return 0
	}
	return f
}

func finite3(v convert.Vec3) convert.Vec3 {
	return convert.Vec3{finite(v[0]), finite(v[1]), finite(v[2])}
}

func finiteVec(v *convert.Vec3) *convert.Vec3 {
	if v == nil {
		return nil
	}
	f := finite3(*v)
	return &f
}

func finiteFloat(n *inspect.Num) *float64 {
	if n == nil || math.IsInf(float64(*n), 0) || math.IsNaN(float64(*n)) {
		return nil
	}
	f := float64(*n)
	return &f
}

func finiteNum(n *inspect.Num) *inspect.Num {
	if n == nil || math.IsNaN(float64(*n)) {
		return nil
	}
	return n
}
