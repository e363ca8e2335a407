package mass

import (
	"math"
	"testing"

	"github.com/physconv/physconv/convert"
)

// oneBody builds a graph with a dynamic body at the root holding one
// collider child with the given shape and child transform.
func oneBody(m *convert.Motion, sh convert.Shape, child convert.Transform) (*convert.Graph, int) {
	g := convert.NewGraph()
	b := g.AddNode(convert.Node{Name: "body", Motion: m}, -1)
	s := g.AddShape(sh)
	g.AddNode(convert.Node{Name: "col", Transform: child, Collider: &convert.Collider{Shape: s, Material: -1, Filter: -1}}, b)
	return g, b
}

func tensorOf(t *testing.T, m *convert.Motion) convert.Mat3 {
	t.Helper()
	I, ok := m.InertiaTensor()
	if !ok {
		t.Fatal("no inertia")
	}
	return I
}

func TestCompleteComputesFromColliders(t *testing.T) {
	child := convert.Identity()
	child.T = convert.Vec3{0.5, 0, 0}
	g, b := oneBody(&convert.Motion{Kind: convert.Dynamic}, convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 2, 3}}, child)
	out, diags := Complete(g, &convert.Options{Density: 500})
	if g.Nodes[b].Motion.Mass != nil {
		t.Fatal("Complete modified its input")
	}
	m := out.Nodes[b].Motion
	if *m.Mass != 3000 || *m.CenterOfMass != (convert.Vec3{0.5, 0, 0}) {
		t.Errorf("mass %v com %v", *m.Mass, *m.CenterOfMass)
	}
	want := convert.Diag(convert.Vec3{3000 * 13.0 / 12, 3000 * 10.0 / 12, 3000 * 5.0 / 12})
	if e := maxAbsDiff(tensorOf(t, m), want); e > 1e-12 {
		t.Errorf("inertia %v, want %v", tensorOf(t, m), want)
	}
	if m.MassSource != convert.Computed || m.CenterOfMassSource != convert.Computed || m.InertiaSource != convert.Computed {
		t.Errorf("sources %v %v %v", m.MassSource, m.CenterOfMassSource, m.InertiaSource)
	}
	if !diags.Has(convert.CodeMassComputed) || len(diags) != 1 {
		t.Errorf("diagnostics %v", diags)
	}
}

func TestCompleteGivenMassScalesInertia(t *testing.T) {
	g, b := oneBody(&convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(2.0)}, convert.Shape{Kind: convert.Sphere, Radius: 0.5}, convert.Identity())
	out, _ := Complete(g, nil)
	m := out.Nodes[b].Motion
	k := 0.4 * 2 * 0.25
	if *m.Mass != 2 || m.MassSource != convert.Given || m.InertiaSource != convert.Computed {
		t.Errorf("mass %v (%s), inertia source %s", *m.Mass, m.MassSource, m.InertiaSource)
	}
	for i := 0; i < 3; i++ {
		assertRel(t, "sphere moment", m.InertiaDiagonal[i], k, 1e-14)
	}
}

// With mass and centre of mass given, the inertia is the uniform-density
// tensor about the given centre: parallel-axis from the solid's centroid.
func TestCompleteGivenCOMUsesParallelAxis(t *testing.T) {
	com := convert.Vec3{0, 0.5, 0}
	g, b := oneBody(&convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(4.0), CenterOfMass: &com}, convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}}, convert.Identity())
	out, _ := Complete(g, nil)
	m := out.Nodes[b].Motion
	if *m.CenterOfMass != com || m.CenterOfMassSource != convert.Given {
		t.Fatalf("com %v %s", *m.CenterOfMass, m.CenterOfMassSource)
	}
	c := 4.0 / 6 // m·(1+1)/12
	want := convert.Diag(convert.Vec3{c + 4*0.25, c, c + 4*0.25})
	if e := maxAbsDiff(tensorOf(t, m), want); e > 1e-14 {
		t.Errorf("inertia %v, want %v", tensorOf(t, m), want)
	}
}

// TestCompleteDefaultsWithoutColliders: a body without colliders gets a
// default mass, centre of mass and inertia, said by mass-defaulted: a
// warning for a dynamic body, an info for a kinematic one, which no
// force moves (a Godot AnimatableBody3D whose shapes come at run time).
func TestCompleteDefaultsWithoutColliders(t *testing.T) {
	for _, c := range []struct {
		kind     convert.BodyKind
		severity convert.Severity
	}{{convert.Kinematic, convert.Info}, {convert.Dynamic, convert.Warning}} {
		g := convert.NewGraph()
		b := g.AddNode(convert.Node{Name: "empty", Motion: &convert.Motion{Kind: c.kind}}, -1)
		out, diags := Complete(g, nil)
		m := out.Nodes[b].Motion
		if *m.Mass != DefaultMass || m.MassSource != convert.Default || *m.CenterOfMass != (convert.Vec3{}) || m.InertiaSource != convert.Default {
			t.Errorf("%s defaults: %v %v %v", c.kind, *m.Mass, m.MassSource, m.InertiaSource)
		}
		r := math.Cbrt(3 / (4 * math.Pi * 1000))
		for i := 0; i < 3; i++ {
			assertRel(t, "default moment", m.InertiaDiagonal[i], 0.4*r*r, 1e-14)
		}
		if d := diags.OfCode(convert.CodeMassDefaulted); len(d) != 1 || d[0].Severity != c.severity {
			t.Errorf("%s: diagnostics %v, want one %v", c.kind, diags, c.severity)
		}
	}
}

func TestCompleteInfiniteMassAndGivenValues(t *testing.T) {
	inf := math.Inf(1)
	g, b := oneBody(&convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(inf)}, convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}}, convert.Identity())
	out, _ := Complete(g, nil)
	m := out.Nodes[b].Motion
	if !math.IsInf(*m.Mass, 1) || *m.InertiaDiagonal != (convert.Vec3{inf, inf, inf}) || *m.CenterOfMass != (convert.Vec3{}) {
		t.Errorf("infinite mass body: %v %v %v", *m.Mass, *m.InertiaDiagonal, *m.CenterOfMass)
	}
	// all given: untouched, even positive moments that break the triangle
	// inequality (glTF and Godot engines simulate them; the lowering
	// repairs them for targets that refuse them)
	full := &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0), CenterOfMass: &convert.Vec3{1, 2, 3}, InertiaDiagonal: &convert.Vec3{1, 1, 5}}
	g, b = oneBody(full, convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}}, convert.Identity())
	out, diags := Complete(g, nil)
	m = out.Nodes[b].Motion
	if *m.InertiaDiagonal != (convert.Vec3{1, 1, 5}) || len(diags) != 0 {
		t.Errorf("given moments: %v %v", *m.InertiaDiagonal, diags)
	}
	if *m.CenterOfMass != (convert.Vec3{1, 2, 3}) || m.MassSource != convert.Given || m.InertiaSource != convert.Given {
		t.Errorf("given values changed: %v", m)
	}
	// an unusable given inertia is computed instead
	g, b = oneBody(&convert.Motion{Kind: convert.Dynamic, InertiaDiagonal: &convert.Vec3{0, -1, 0}}, convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}}, convert.Identity())
	out, diags = Complete(g, nil)
	if m := out.Nodes[b].Motion; m.InertiaSource != convert.Computed || !diags.Has(convert.CodeInertiaInvalid) {
		t.Errorf("invalid inertia: %v %v", m.InertiaSource, diags)
	}
}

func TestCompleteSkipsNestedBodiesAndStatic(t *testing.T) {
	g := convert.NewGraph()
	b := g.AddNode(convert.Node{Name: "outer", Motion: &convert.Motion{Kind: convert.Dynamic}}, -1)
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}})
	g.AddNode(convert.Node{Name: "c1", Collider: &convert.Collider{Shape: box}}, b)
	inner := g.AddNode(convert.Node{Name: "inner", Transform: convert.Transform{T: convert.Vec3{5, 0, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}}, Motion: &convert.Motion{Kind: convert.Dynamic}}, b)
	g.AddNode(convert.Node{Name: "c2", Collider: &convert.Collider{Shape: box}}, inner)
	st := g.AddNode(convert.Node{Name: "ground", Motion: &convert.Motion{Kind: convert.Static}}, -1)
	g.AddNode(convert.Node{Name: "c3", Collider: &convert.Collider{Shape: box}}, st)
	out, _ := Complete(g, nil)
	if m := out.Nodes[b].Motion; *m.Mass != 1000 || *m.CenterOfMass != (convert.Vec3{}) {
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
	child := convert.Transform{R: convert.AxisAngle(convert.Vec3{0, 0, 1}, math.Pi/2), S: convert.Vec3{2, 1, 1}}
	g, b := oneBody(&convert.Motion{Kind: convert.Dynamic}, convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}}, child)
	out, diags := Complete(g, nil)
	m := out.Nodes[b].Motion
	assertRel(t, "scaled box mass", *m.Mass, 2000, 1e-14)
	// the box is 2 long along its own x, which the rotation puts on body y
	want := convert.Diag(convert.Vec3{2000 * (4 + 1) / 12.0, 2000 * (1 + 1) / 12.0, 2000 * (1 + 4) / 12.0})
	if e := maxAbsDiff(tensorOf(t, m), want); e > 1e-10 {
		t.Errorf("scaled box inertia %v, want %v", tensorOf(t, m), want)
	}
	if diags.Has(convert.CodeShapeScaledNonuniform) {
		t.Error("a box under non-uniform scale is exact, no diagnostic expected")
	}
	// a sphere stretched into an ellipsoid, scale on the body node itself
	g, b = oneBody(&convert.Motion{Kind: convert.Dynamic}, convert.Shape{Kind: convert.Sphere, Radius: 1}, convert.Identity())
	g.Nodes[b].Transform.S = convert.Vec3{1, 2, 3}
	out, diags = Complete(g, nil)
	m = out.Nodes[b].Motion
	e := ellipsoidSolid(convert.Vec3{1, 2, 3}).massProps(1000)
	assertRel(t, "stretched sphere mass", *m.Mass, e.Mass, 1e-14)
	if e2 := maxAbsDiff(tensorOf(t, m), e.Inertia); e2 > 1e-9 {
		t.Errorf("stretched sphere inertia %v, want %v", tensorOf(t, m), e.Inertia)
	}
	if !diags.Has(convert.CodeShapeScaledNonuniform) {
		t.Errorf("diagnostics %v", diags)
	}
	// COM is a point of the node's scaled frame
	child = convert.Identity()
	child.T = convert.Vec3{0, 1, 0}
	g, b = oneBody(&convert.Motion{Kind: convert.Dynamic}, convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}}, child)
	g.Nodes[b].Transform.S = convert.Vec3{3, 3, 3}
	out, _ = Complete(g, nil)
	m = out.Nodes[b].Motion
	if *m.CenterOfMass != (convert.Vec3{0, 1, 0}) || *m.Mass != 27000 {
		t.Errorf("uniformly scaled body: com %v mass %v", *m.CenterOfMass, *m.Mass)
	}
}

func TestCompleteMassDiagnostics(t *testing.T) {
	cases := []struct {
		name string
		sh   convert.Shape
		mesh *convert.Mesh
		code convert.Code
	}{
		{"plane", convert.Shape{Kind: convert.Plane}, nil, convert.CodeShapeMassless},
		{"heightfield", convert.Shape{Kind: convert.Heightfield}, nil, convert.CodeShapeMassless},
		{"flat convex", convert.Shape{Kind: convert.Convex}, &convert.Mesh{Positions: []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 0, 1}, {1, 0, 1}}, Loaded: true}, convert.CodeConvexDegenerate},
		{"unloaded", convert.Shape{Kind: convert.TriMesh}, &convert.Mesh{File: "x.stl"}, convert.CodeMeshNotLoaded},
		{"bad index", convert.Shape{Kind: convert.TriMesh}, &convert.Mesh{Positions: []convert.Vec3{{0, 0, 0}}, Indices: []uint32{0, 0, 7}, Loaded: true}, convert.CodeMeshInvalid},
	}
	for _, c := range cases {
		g := convert.NewGraph()
		if c.mesh != nil {
			c.sh.Mesh = g.AddMesh(*c.mesh)
		}
		b := g.AddNode(convert.Node{Name: "b", Motion: &convert.Motion{Kind: convert.Dynamic}}, -1)
		s := g.AddShape(c.sh)
		g.AddNode(convert.Node{Collider: &convert.Collider{Shape: s}}, b)
		_, diags := Complete(g, nil)
		if !diags.Has(c.code) || !diags.Has(convert.CodeMassDefaulted) {
			t.Errorf("%s: diagnostics %v, want %s and %s", c.name, diags, c.code, convert.CodeMassDefaulted)
		}
	}
	// an open box mesh: shell with the hull's volume
	pos, idx := boxMesh(convert.Vec3{1, 1, 1}, false)
	g := convert.NewGraph()
	mi := g.AddMesh(convert.Mesh{Positions: pos, Indices: idx[:len(idx)-6], Loaded: true})
	b := g.AddNode(convert.Node{Name: "b", Motion: &convert.Motion{Kind: convert.Dynamic}}, -1)
	s := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: mi})
	g.AddNode(convert.Node{Collider: &convert.Collider{Shape: s}}, b)
	out, diags := Complete(g, nil)
	if !diags.Has(convert.CodeMeshOpenShell) || *out.Nodes[b].Motion.Mass != 1000 {
		t.Errorf("open mesh: %v mass %v", diags, *out.Nodes[b].Motion.Mass)
	}
	// missing the top (+z) face, the shell's centroid sits below the middle
	if c := out.Nodes[b].Motion.CenterOfMass; c[2] >= 0 {
		t.Errorf("open box shell centroid %v, want z < 0", *c)
	}
}

// A given mass with zero moments is a point mass: kept as given, not
// replaced by the colliders' inertia; zero moments without a given mass
// are still unusable and computed.
func TestCompleteKeepsPointMass(t *testing.T) {
	for _, mass := range []float64{1e-3, 2, 500} {
		g, b := oneBody(&convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(mass), CenterOfMass: &convert.Vec3{}, InertiaDiagonal: &convert.Vec3{}},
			convert.Shape{Kind: convert.Sphere, Radius: 0.5}, convert.Identity())
		out, diags := Complete(g, nil)
		m := out.Nodes[b].Motion
		if *m.InertiaDiagonal != (convert.Vec3{}) || m.InertiaSource != convert.Given || len(diags) != 0 {
			t.Errorf("mass %g: inertia %v (%s), diagnostics %v", mass, *m.InertiaDiagonal, m.InertiaSource, diags)
		}
	}
	g, b := oneBody(&convert.Motion{Kind: convert.Dynamic, InertiaDiagonal: &convert.Vec3{}}, convert.Shape{Kind: convert.Sphere, Radius: 0.5}, convert.Identity())
	out, diags := Complete(g, nil)
	if m := out.Nodes[b].Motion; m.InertiaSource != convert.Computed || !diags.Has(convert.CodeInertiaInvalid) {
		t.Errorf("zero moments without a mass: inertia %v (%s), %v", *m.InertiaDiagonal, m.InertiaSource, diags)
	}
}
