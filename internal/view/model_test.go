package view

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

func ptr[T any](v T) *T { return &v }

// sample is a small scene with one of everything the page draws: a body
// with a box collider and given inertia, a static plane, a body with a
// tetrahedron collider and a coloured visual, and a hinge between them.
func sample() *convert.Graph {
	g := convert.NewGraph()
	g.Name = "sample"
	at := func(x, y, z float64) convert.Transform {
		t := convert.Identity()
		t.T = convert.Vec3{x, y, z}
		return t
	}
	// a 1×2×3 box of 6 kg: Ix = 6(4+9)/12 = 6.5, Iy = 6(1+9)/12 = 5, Iz = 6(1+4)/12 = 2.5
	base := g.AddNode(convert.Node{Name: "base", Transform: at(1, 0, 0), Motion: &convert.Motion{Kind: convert.Dynamic,
		Mass: ptr(6.0), CenterOfMass: &convert.Vec3{0, 0.5, 0}, InertiaDiagonal: &convert.Vec3{6.5, 5, 2.5}}}, -1)
	g.AddNode(convert.Node{Name: "hull", Transform: at(0, 1, 0),
		Collider: &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 2, 3}}), Material: -1, Filter: -1}}, base)
	g.AddNode(convert.Node{Name: "ground",
		Collider: &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Plane}), Material: -1, Filter: -1}}, -1)
	tetra := g.AddMesh(convert.Mesh{Loaded: true, Positions: []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		Indices: []uint32{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}})
	arm := g.AddNode(convert.Node{Name: "arm", Transform: at(0, 2, 0),
		Motion:   &convert.Motion{Kind: convert.Kinematic, Mass: ptr(math.Inf(1))},
		Collider: &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Convex, Mesh: tetra}), Material: -1, Filter: -1},
		Visual:   &convert.Visual{Shape: g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.1}), Color: &[4]float64{1, 0, 0, 1}}}, -1)
	g.AddNode(convert.Node{Name: "hinge", Joint: &convert.Joint{Connected: arm, Limits: []convert.Limit{
		{Linear: []int{0, 1, 2}, Stiffness: math.Inf(1)},
		{Angular: []int{1, 2}, Stiffness: math.Inf(1)},
		{Angular: []int{0}, Min: -1, Max: 1, Stiffness: math.Inf(1)},
	}}}, base)
	return g
}

func build(t *testing.T, g *convert.Graph, budget int) *Model {
	t.Helper()
	m, err := Build(g, inspect.Inspect(g, "test", nil), budget)
	if err != nil {
		t.Fatal(err)
	}
	return m
}

func near(a, b convert.Vec3) bool {
	for i := range a {
		if math.Abs(a[i]-b[i]) > 1e-9 {
			return false
		}
	}
	return true
}

func TestBuildBodies(t *testing.T) {
	m := build(t, sample(), 0)
	var names []string
	for _, b := range m.Bodies {
		names = append(names, b.Name)
	}
	if got := strings.Join(names, ","); got != "base,ground,arm" {
		t.Fatalf("bodies %s, want base,ground,arm (the inspect report's)", got)
	}
	base := m.Bodies[0]
	if base.Inertia == nil {
		t.Fatal("base: no inertia box")
	}
	if !near(base.Inertia.Size, convert.Vec3{1, 2, 3}) || !near(base.Inertia.Center, convert.Vec3{1, 0.5, 0}) {
		t.Errorf("base inertia box %+v, want size (1,2,3) at (1,0.5,0)", *base.Inertia)
	}
	if base.Origin != (convert.Vec3{1, 0, 0}) || base.CenterOfMass == nil || *base.CenterOfMass != (convert.Vec3{1, 0.5, 0}) {
		t.Errorf("base origin %v com %v", base.Origin, base.CenterOfMass)
	}
	if m.Bodies[1].Kind != convert.Static || m.Bodies[1].Inertia != nil {
		t.Errorf("ground: %+v, want static without inertia", m.Bodies[1])
	}
	if m.Bodies[2].Inertia != nil || m.Bodies[2].Mass == nil || !math.IsInf(float64(*m.Bodies[2].Mass), 1) {
		t.Errorf("arm: %+v, want infinite mass and no inertia box", m.Bodies[2])
	}
	seen := map[string]bool{}
	for _, b := range m.Bodies {
		if seen[b.Color] || len(b.Color) != 7 {
			t.Errorf("body colour %q repeated or malformed", b.Color)
		}
		seen[b.Color] = true
	}
}

func TestBuildShapesAndJoints(t *testing.T) {
	m := build(t, sample(), 0)
	if len(m.Shapes) != 4 {
		t.Fatalf("%d shapes, want 4: %+v", len(m.Shapes), m.Shapes)
	}
	hull, ground, tet, vis := m.Shapes[0], m.Shapes[1], m.Shapes[2], m.Shapes[3]
	if hull.Role != RoleCollider || hull.Body != 0 || hull.Position != (convert.Vec3{1, 1, 0}) || hull.Dims["z"] != 3 {
		t.Errorf("hull %+v", hull)
	}
	if ground.Kind != convert.Plane || !ground.Infinite || ground.Body != 1 {
		t.Errorf("ground %+v, want an infinite plane of body 1", ground)
	}
	if tet.Truncated || len(tet.Positions) != 12 || len(tet.Indices) != 12 || tet.Body != 2 {
		t.Errorf("tetrahedron %+v", tet)
	}
	if vis.Role != RoleVisual || vis.Color != "#ff0000" || vis.Dims["radius"] != 0.1 || vis.Body != 2 {
		t.Errorf("visual %+v", vis)
	}
	if len(m.Joints) != 1 {
		t.Fatalf("%d joints", len(m.Joints))
	}
	j := m.Joints[0]
	if j.Kind != "revolute" || j.BodyA != 0 || j.BodyB != 2 || j.Axis == nil || !near(*j.Axis, convert.Vec3{1, 0, 0}) ||
		j.Lower == nil || *j.Lower != -1 || j.Upper == nil || *j.Upper != 1 || j.Anchor != (convert.Vec3{1, 0, 0}) {
		t.Errorf("hinge %+v", j)
	}
	if m.Nodes[4].Body != 0 || strings.Join(m.Nodes[4].Tags, " ") != "joint" || m.Nodes[3].Parent != -1 ||
		strings.Join(m.Nodes[3].Tags, " ") != "body collider visual" {
		t.Errorf("tree nodes %+v", m.Nodes)
	}
}

func TestMeshBudget(t *testing.T) {
	m := build(t, sample(), 3) // the tetrahedron has 4 triangles
	tet := m.Shapes[2]
	if !tet.Truncated || tet.Positions != nil {
		t.Fatalf("tetrahedron over budget: %+v", tet)
	}
	want := map[string]float64{"minX": 0, "minY": 0, "minZ": 0, "maxX": 1, "maxY": 1, "maxZ": 1}
	for k, v := range want {
		if tet.Dims[k] != v {
			t.Errorf("bounds %s = %v, want %v", k, tet.Dims[k], v)
		}
	}
}

func TestFieldMesh(t *testing.T) {
	pos, idx := (&convert.HeightField{Columns: 3, Rows: 2, SizeX: 2, SizeZ: 4, Heights: []float64{0, 1, 2, 3, 4, 5}}).Triangles()
	if len(pos) != 6 || len(idx) != 12 {
		t.Fatalf("%d vertices, %d indices; want 6 and 12", len(pos), len(idx))
	}
	if pos[0] != (convert.Vec3{-1, 0, -2}) || pos[5] != (convert.Vec3{1, 5, 2}) {
		t.Errorf("corners %v %v", pos[0], pos[5])
	}
	if p, _ := (&convert.HeightField{Columns: 3, Rows: 2, Heights: []float64{1}}).Triangles(); p != nil {
		t.Error("short height list gave a mesh")
	}
}

func TestInertiaBoxClamps(t *testing.T) {
	// moments breaking the triangle inequality (Ix > Iy + Iz) give a flat side
	b := inertiaBox(&convert.Motion{InertiaDiagonal: &convert.Vec3{10, 1, 1}}, 1, convert.IdentityQuat())
	if b == nil || b.Size[0] != 0 || math.Abs(b.Size[1]-math.Sqrt(60)) > 1e-12 {
		t.Errorf("box %+v", b)
	}
	if inertiaBox(&convert.Motion{InertiaDiagonal: &convert.Vec3{math.Inf(1), 1, 1}}, 1, convert.IdentityQuat()) != nil {
		t.Error("infinite moment gave a box")
	}
}

func TestWritePage(t *testing.T) {
	g := sample()
	g.Nodes[0].Name = "</script><b>x"
	m := build(t, g, 0)
	var buf bytes.Buffer
	if err := WritePage(&buf, m); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if strings.Contains(page, "</script><b>") {
		t.Error("a node name closed the data tag")
	}
	for _, want := range []string{`<script type="importmap">{"imports":{"three":"data:text/javascript;base64,`,
		"three.js " + ThreeVersion, "The MIT License", `id="physconv-data"`} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// the data tag holds the model as JSON, infinite mass spelt out
	start := strings.Index(page, `id="physconv-data">`) + len(`id="physconv-data">`)
	end := strings.Index(page[start:], "</script>")
	var back Model
	if err := json.Unmarshal([]byte(page[start:start+end]), &back); err != nil {
		t.Fatal(err)
	}
	if back.Bodies[0].Name != "</script><b>x" || len(back.Shapes) != 4 || !strings.Contains(page[start:start+end], `"mass":"infinite"`) {
		t.Errorf("model read back: %+v", back.Bodies)
	}
}

// everyShape is the sample scene plus one static body with a collider of
// every other shape kind, in a row along X. Meshes spend the budget in
// node order: with 12 triangles, the tetrahedron (4) fits, the trimesh
// cube (12) does not, the heightfield (8) does.
func everyShape() *convert.Graph {
	g := sample()
	cube := g.AddMesh(convert.Mesh{Loaded: true, Positions: []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {1, 1, 0}, {0, 1, 0}, {0, 0, 1}, {1, 0, 1}, {1, 1, 1}, {0, 1, 1}},
		Indices: []uint32{0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3}})
	shapes := []convert.Shape{
		{Kind: convert.Sphere, Radius: 0.5},
		{Kind: convert.Capsule, Height: 1, RadiusTop: 0.3, RadiusBottom: 0.3},
		{Kind: convert.Cylinder, Height: 1, RadiusTop: 0.2, RadiusBottom: 0.4},
		{Kind: convert.Ellipsoid, Size: convert.Vec3{0.5, 0.3, 0.2}},
		{Kind: convert.Ray, Height: 1},
		{Kind: convert.Plane, SizeX: 2, SizeZ: 1},
		{Kind: convert.TriMesh, Mesh: cube},
		{Kind: convert.Heightfield, Field: &convert.HeightField{Columns: 3, Rows: 3, SizeX: 1, SizeZ: 1, Heights: []float64{0, 0.1, 0, 0.1, 0.3, 0.1, 0, 0.1, 0}}},
	}
	for i, sh := range shapes {
		t := convert.Identity()
		t.T = convert.Vec3{float64(2*i - 6), 0, 3}
		g.AddNode(convert.Node{Name: string(sh.Kind), Transform: t,
			Collider: &convert.Collider{Shape: g.AddShape(sh), Material: -1, Filter: -1}}, -1)
	}
	return g
}

func TestEveryShapeModel(t *testing.T) {
	m := build(t, everyShape(), 12)
	if len(m.Bodies) != 11 || len(m.Shapes) != 12 {
		t.Fatalf("%d bodies, %d shapes; want 11 and 12", len(m.Bodies), len(m.Shapes))
	}
	for _, s := range m.Shapes {
		over := s.Kind == convert.TriMesh
		if s.Truncated != over {
			t.Errorf("%s: truncated %v, want %v", s.Kind, s.Truncated, over)
		}
	}
}

func TestUnreadableMesh(t *testing.T) {
	g := sample()
	// a mesh kept as a file reference the parser cannot decode
	g.Meshes[0] = convert.Mesh{File: "meshes/part.res"}
	m := build(t, g, 0)
	tet := m.Shapes[2]
	if !tet.Unreadable || tet.Truncated || tet.Positions != nil || tet.Dims != nil {
		t.Errorf("undecodable mesh: %+v, want unreadable without data", tet)
	}
}
