package convert

import (
	"math"
	"testing"
)

// oneBody builds a graph with a dynamic body at the root holding one
// collider child with the given shape and child transform.
func oneBody(m *Motion, sh Shape, child Transform) (*Graph, int) {
	g := NewGraph()
	b := g.AddNode(Node{Name: "body", Motion: m}, -1)
	s := g.AddShape(sh)
	g.AddNode(Node{Name: "col", Transform: child, Collider: &Collider{Shape: s, Material: -1, Filter: -1}}, b)
	return g, b
}

func tensorOf(t *testing.T, m *Motion) Mat3 {
	t.Helper()
	I, ok := m.InertiaTensor()
	if !ok {
		t.Fatal("no inertia")
	}
	return I
}

func TestCompleteComputesFromColliders(t *testing.T) {
	child := Identity()
	child.T = Vec3{0.5, 0, 0}
	g, b := oneBody(&Motion{Kind: Dynamic}, Shape{Kind: Box, Size: Vec3{1, 2, 3}}, child)
	out, diags := Complete(g, &Options{Density: 500})
	if g.Nodes[b].Motion.Mass != nil {
		t.Fatal("Complete modified its input")
	}
	m := out.Nodes[b].Motion
	if *m.Mass != 3000 || *m.CenterOfMass != (Vec3{0.5, 0, 0}) {
		t.Errorf("mass %v com %v", *m.Mass, *m.CenterOfMass)
	}
	want := Diag(Vec3{3000 * 13.0 / 12, 3000 * 10.0 / 12, 3000 * 5.0 / 12})
	if e := maxAbsDiff(tensorOf(t, m), want); e > 1e-12 {
		t.Errorf("inertia %v, want %v", tensorOf(t, m), want)
	}
	if m.MassSource != Computed || m.CenterOfMassSource != Computed || m.InertiaSource != Computed {
		t.Errorf("sources %v %v %v", m.MassSource, m.CenterOfMassSource, m.InertiaSource)
	}
	if !diags.Has(CodeMassComputed) || len(diags) != 1 {
		t.Errorf("diagnostics %v", diags)
	}
}

func TestCompleteGivenMassScalesInertia(t *testing.T) {
	g, b := oneBody(&Motion{Kind: Dynamic, Mass: Ptr(2.0)}, Shape{Kind: Sphere, Radius: 0.5}, Identity())
	out, _ := Complete(g, nil)
	m := out.Nodes[b].Motion
	k := 0.4 * 2 * 0.25
	if *m.Mass != 2 || m.MassSource != Given || m.InertiaSource != Computed {
		t.Errorf("mass %v (%s), inertia source %s", *m.Mass, m.MassSource, m.InertiaSource)
	}
	for i := 0; i < 3; i++ {
		assertRel(t, "sphere moment", m.InertiaDiagonal[i], k, 1e-14)
	}
}

// With mass and centre of mass given, the inertia is the uniform-density
// tensor about the given centre: parallel-axis from the solid's centroid.
func TestCompleteGivenCOMUsesParallelAxis(t *testing.T) {
	com := Vec3{0, 0.5, 0}
	g, b := oneBody(&Motion{Kind: Dynamic, Mass: Ptr(4.0), CenterOfMass: &com}, Shape{Kind: Box, Size: Vec3{1, 1, 1}}, Identity())
	out, _ := Complete(g, nil)
	m := out.Nodes[b].Motion
	if *m.CenterOfMass != com || m.CenterOfMassSource != Given {
		t.Fatalf("com %v %s", *m.CenterOfMass, m.CenterOfMassSource)
	}
	c := 4.0 / 6 // m·(1+1)/12
	want := Diag(Vec3{c + 4*0.25, c, c + 4*0.25})
	if e := maxAbsDiff(tensorOf(t, m), want); e > 1e-14 {
		t.Errorf("inertia %v, want %v", tensorOf(t, m), want)
	}
}

func TestCompleteDefaultsWithoutColliders(t *testing.T) {
	g := NewGraph()
	b := g.AddNode(Node{Name: "empty", Motion: &Motion{Kind: Kinematic}}, -1)
	out, diags := Complete(g, nil)
	m := out.Nodes[b].Motion
	if *m.Mass != DefaultMass || m.MassSource != Default || *m.CenterOfMass != (Vec3{}) || m.InertiaSource != Default {
		t.Errorf("defaults: %v %v %v", *m.Mass, m.MassSource, m.InertiaSource)
	}
	r := math.Cbrt(3 / (4 * math.Pi * 1000))
	for i := 0; i < 3; i++ {
		assertRel(t, "default moment", m.InertiaDiagonal[i], 0.4*r*r, 1e-14)
	}
	if !diags.Has(CodeMassDefaulted) {
		t.Errorf("diagnostics %v", diags)
	}
}

func TestCompleteInfiniteMassAndGivenValues(t *testing.T) {
	inf := math.Inf(1)
	g, b := oneBody(&Motion{Kind: Dynamic, Mass: Ptr(inf)}, Shape{Kind: Box, Size: Vec3{1, 1, 1}}, Identity())
	out, _ := Complete(g, nil)
	m := out.Nodes[b].Motion
	if !math.IsInf(*m.Mass, 1) || *m.InertiaDiagonal != (Vec3{inf, inf, inf}) || *m.CenterOfMass != (Vec3{}) {
		t.Errorf("infinite mass body: %v %v %v", *m.Mass, *m.InertiaDiagonal, *m.CenterOfMass)
	}
	// all given: untouched, no diagnostics except a repair
	full := &Motion{Kind: Dynamic, Mass: Ptr(1.0), CenterOfMass: &Vec3{1, 2, 3}, InertiaDiagonal: &Vec3{1, 1, 5}}
	g, b = oneBody(full, Shape{Kind: Box, Size: Vec3{1, 1, 1}}, Identity())
	out, diags := Complete(g, nil)
	m = out.Nodes[b].Motion
	if *m.InertiaDiagonal != (Vec3{1, 1, 2}) || !diags.Has(CodeInertiaRepaired) || len(diags) != 1 {
		t.Errorf("repair: %v %v", *m.InertiaDiagonal, diags)
	}
	if *m.CenterOfMass != (Vec3{1, 2, 3}) || m.MassSource != Given || m.InertiaSource != Given {
		t.Errorf("given values changed: %v", m)
	}
	// an unusable given inertia is computed instead
	g, b = oneBody(&Motion{Kind: Dynamic, InertiaDiagonal: &Vec3{0, -1, 0}}, Shape{Kind: Box, Size: Vec3{1, 1, 1}}, Identity())
	out, diags = Complete(g, nil)
	if m := out.Nodes[b].Motion; m.InertiaSource != Computed || !diags.Has(CodeInertiaInvalid) {
		t.Errorf("invalid inertia: %v %v", m.InertiaSource, diags)
	}
}

func TestCompleteSkipsNestedBodiesAndStatic(t *testing.T) {
	g := NewGraph()
	b := g.AddNode(Node{Name: "outer", Motion: &Motion{Kind: Dynamic}}, -1)
	box := g.AddShape(Shape{Kind: Box, Size: Vec3{1, 1, 1}})
	g.AddNode(Node{Name: "c1", Collider: &Collider{Shape: box}}, b)
	inner := g.AddNode(Node{Name: "inner", Transform: Transform{T: Vec3{5, 0, 0}, R: IdentityQuat(), S: Vec3{1, 1, 1}}, Motion: &Motion{Kind: Dynamic}}, b)
	g.AddNode(Node{Name: "c2", Collider: &Collider{Shape: box}}, inner)
	st := g.AddNode(Node{Name: "ground", Motion: &Motion{Kind: Static}}, -1)
	g.AddNode(Node{Name: "c3", Collider: &Collider{Shape: box}}, st)
	out, _ := Complete(g, nil)
	if m := out.Nodes[b].Motion; *m.Mass != 1000 || *m.CenterOfMass != (Vec3{}) {
		t.Errorf("outer body counted the inner one: %v %v", *m.Mass, *m.CenterOfMass)
	}
	if m := out.Nodes[inner].Motion; *m.Mass != 1000 {
		t.Errorf("inner mass %v", *m.Mass)
	}
	if out.Nodes[st].Motion.Mass != nil {
		t.Error("static body completed")
	}
}

func TestCompleteBakesScale(t *testing.T) {
	// non-uniform scale on a box: exact
	child := Transform{R: AxisAngle(Vec3{0, 0, 1}, math.Pi/2), S: Vec3{2, 1, 1}}
	g, b := oneBody(&Motion{Kind: Dynamic}, Shape{Kind: Box, Size: Vec3{1, 1, 1}}, child)
	out, diags := Complete(g, nil)
	m := out.Nodes[b].Motion
	assertRel(t, "scaled box mass", *m.Mass, 2000, 1e-14)
	// the box is 2 long along its own x, which the rotation puts on body y
	want := Diag(Vec3{2000 * (4 + 1) / 12.0, 2000 * (1 + 1) / 12.0, 2000 * (1 + 4) / 12.0})
	if e := maxAbsDiff(tensorOf(t, m), want); e > 1e-10 {
		t.Errorf("scaled box inertia %v, want %v", tensorOf(t, m), want)
	}
	if diags.Has(CodeShapeScaledNonuniform) {
		t.Error("a box under non-uniform scale is exact, no diagnostic expected")
	}
	// a sphere stretched into an ellipsoid, scale on the body node itself
	g, b = oneBody(&Motion{Kind: Dynamic}, Shape{Kind: Sphere, Radius: 1}, Identity())
	g.Nodes[b].Transform.S = Vec3{1, 2, 3}
	out, diags = Complete(g, nil)
	m = out.Nodes[b].Motion
	e := ellipsoidSolid(Vec3{1, 2, 3}).massProps(1000)
	assertRel(t, "stretched sphere mass", *m.Mass, e.Mass, 1e-14)
	if e2 := maxAbsDiff(tensorOf(t, m), e.Inertia); e2 > 1e-9 {
		t.Errorf("stretched sphere inertia %v, want %v", tensorOf(t, m), e.Inertia)
	}
	if !diags.Has(CodeShapeScaledNonuniform) {
		t.Errorf("diagnostics %v", diags)
	}
	// COM is a point of the node's scaled frame
	child = Identity()
	child.T = Vec3{0, 1, 0}
	g, b = oneBody(&Motion{Kind: Dynamic}, Shape{Kind: Box, Size: Vec3{1, 1, 1}}, child)
	g.Nodes[b].Transform.S = Vec3{3, 3, 3}
	out, _ = Complete(g, nil)
	m = out.Nodes[b].Motion
	if *m.CenterOfMass != (Vec3{0, 1, 0}) || *m.Mass != 27000 {
		t.Errorf("uniformly scaled body: com %v mass %v", *m.CenterOfMass, *m.Mass)
	}
}

func TestCompleteMassDiagnostics(t *testing.T) {
	cases := []struct {
		name string
		sh   Shape
		mesh *Mesh
		code string
	}{
		{"plane", Shape{Kind: Plane}, nil, CodeShapeMassless},
		{"heightfield", Shape{Kind: Heightfield}, nil, CodeShapeMassless},
		{"flat convex", Shape{Kind: Convex}, &Mesh{Positions: []Vec3{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}}, Loaded: true}, CodeConvexDegenerate},
		{"unloaded", Shape{Kind: TriMesh}, &Mesh{File: "x.stl"}, CodeMeshNotLoaded},
		{"bad index", Shape{Kind: TriMesh}, &Mesh{Positions: []Vec3{{0, 0, 0}}, Indices: []uint32{0, 0, 7}, Loaded: true}, CodeMeshInvalid},
	}
	for _, c := range cases {
		g := NewGraph()
		if c.mesh != nil {
			c.sh.Mesh = g.AddMesh(*c.mesh)
		}
		b := g.AddNode(Node{Name: "b", Motion: &Motion{Kind: Dynamic}}, -1)
		s := g.AddShape(c.sh)
		g.AddNode(Node{Collider: &Collider{Shape: s}}, b)
		_, diags := Complete(g, nil)
		if !diags.Has(c.code) || !diags.Has(CodeMassDefaulted) {
			t.Errorf("%s: diagnostics %v, want %s and %s", c.name, diags, c.code, CodeMassDefaulted)
		}
	}
	// an open box mesh: shell with the hull's volume
	pos, idx := boxMesh(Vec3{1, 1, 1}, false)
	g := NewGraph()
	mi := g.AddMesh(Mesh{Positions: pos, Indices: idx[:len(idx)-6], Loaded: true})
	b := g.AddNode(Node{Name: "b", Motion: &Motion{Kind: Dynamic}}, -1)
	s := g.AddShape(Shape{Kind: TriMesh, Mesh: mi})
	g.AddNode(Node{Collider: &Collider{Shape: s}}, b)
	out, diags := Complete(g, nil)
	if !diags.Has(CodeMeshOpenShell) || *out.Nodes[b].Motion.Mass != 1000 {
		t.Errorf("open mesh: %v mass %v", diags, *out.Nodes[b].Motion.Mass)
	}
	// missing the top (+z) face, the shell's centroid sits below the middle
	if c := out.Nodes[b].Motion.CenterOfMass; c[2] >= 0 {
		t.Errorf("open box shell centroid %v, want z < 0", *c)
	}
}
