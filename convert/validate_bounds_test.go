package convert

import (
	"fmt"
	"math"
	"strings"
	"testing"
)

// boundsShapes builds one shape of every kind whose every size-like number
// is x (meshes get a vertex at x).
func boundsShapes(x float64) map[string]*Graph {
	out := map[string]*Graph{}
	add := func(name string, s Shape, m *Mesh) {
		g := NewGraph()
		if m != nil {
			s.Mesh = g.AddMesh(*m)
		}
		sh := g.AddShape(s)
		g.AddNode(Node{Name: "b", Transform: Identity(), Motion: &Motion{Kind: Dynamic, GravityFactor: 1}, Collider: &Collider{Shape: sh, Material: -1, Filter: -1}}, -1)
		out[name] = g
	}
	tet := func(p Vec3) *Mesh {
		return &Mesh{Positions: []Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, p}, Indices: []uint32{0, 2, 1, 0, 1, 3, 0, 3, 2, 1, 2, 3}, Loaded: true, Scale: Vec3{1, 1, 1}}
	}
	add("box", Shape{Kind: Box, Size: Vec3{1, 1, x}}, nil)
	add("ellipsoid", Shape{Kind: Ellipsoid, Size: Vec3{x, 1, 1}}, nil)
	add("sphere", Shape{Kind: Sphere, Radius: x}, nil)
	add("capsule-height", Shape{Kind: Capsule, Height: x, RadiusTop: 1, RadiusBottom: 1}, nil)
	add("capsule-radius", Shape{Kind: Capsule, Height: 1, RadiusTop: x, RadiusBottom: 1}, nil)
	add("cylinder-height", Shape{Kind: Cylinder, Height: x, RadiusTop: 1, RadiusBottom: 1}, nil)
	add("cylinder-radius", Shape{Kind: Cylinder, Height: 1, RadiusTop: 1, RadiusBottom: x}, nil)
	add("plane", Shape{Kind: Plane, SizeX: x, SizeZ: 1}, nil)
	add("ray", Shape{Kind: Ray, Height: x}, nil)
	add("heightfield-size", Shape{Kind: Heightfield, Field: &HeightField{Columns: 2, Rows: 2, SizeX: x, SizeZ: 1, Heights: []float64{0, 0, 0, 0}}}, nil)
	if math.Abs(x) > 1 {
		add("heightfield-height", Shape{Kind: Heightfield, Field: &HeightField{Columns: 2, Rows: 2, SizeX: 1, SizeZ: 1, Heights: []float64{0, x, 0, 0}}}, nil)
		add("convex", Shape{Kind: Convex}, tet(Vec3{0, 0, x}))
		add("trimesh", Shape{Kind: TriMesh}, tet(Vec3{0, 0, x}))
	}
	m := tet(Vec3{0, 0, 1})
	m.Scale = Vec3{1, x, 1}
	add("mesh-scale", Shape{Kind: Convex}, m)
	return out
}

// Numbers a computation cannot survive are refused for every shape kind;
// the bounds themselves still pass.
func TestValidateBoundsEveryShape(t *testing.T) {
	for _, x := range []float64{1e200, 1e16, 1e-16, 1e-320, -1e200} {
		for name, g := range boundsShapes(x) {
			err := Validate(g)
			if err == nil || !strings.Contains(err.Error(), "cannot compute with") && !strings.Contains(err.Error(), "must be") {
				t.Errorf("%s at %g: %v", name, x, err)
			}
		}
	}
	for _, x := range []float64{MaxLength, MinLength, 1} {
		for name, g := range boundsShapes(x) {
			if err := Validate(g); err != nil {
				t.Errorf("%s at %g must pass: %v", name, x, err)
			}
		}
	}
}

func TestValidateBoundsNode(t *testing.T) {
	cases := map[string]func(n *Node){
		"translation":     func(n *Node) { n.Transform.T[1] = 1e16 },
		"scale":           func(n *Node) { n.Transform.S[2] = 1e-20 },
		"mass":            func(n *Node) { n.Motion.Mass = Ptr(1e31) },
		"centre of mass":  func(n *Node) { n.Motion.CenterOfMass = &Vec3{0, 0, -1e16} },
		"inertia":         func(n *Node) { n.Motion.InertiaDiagonal = &Vec3{1, 1, 1e61} },
		"linear velocity": func(n *Node) { n.Motion.LinearVelocity[0] = 1e16 },
		"gravity factor":  func(n *Node) { n.Motion.GravityFactor = 1e16 },
	}
	for name, mutate := range cases {
		g := NewGraph()
		g.AddNode(Node{Name: "b", Transform: Identity(), Motion: &Motion{Kind: Dynamic, GravityFactor: 1}}, -1)
		if err := Validate(g); err != nil {
			t.Fatal(err)
		}
		mutate(&g.Nodes[0])
		if err := Validate(g); err == nil {
			t.Errorf("%s: extreme value passed", name)
		}
	}
	// An infinite mass keeps its meaning.
	g := NewGraph()
	g.AddNode(Node{Name: "b", Transform: Identity(), Motion: &Motion{Kind: Static, Mass: Ptr(math.Inf(1)), GravityFactor: 1}}, -1)
	if err := Validate(g); err != nil {
		t.Errorf("infinite mass: %v", err)
	}
}

func TestValidateComputed(t *testing.T) {
	for i, m := range []Motion{
		{Mass: Ptr(math.NaN())},
		{CenterOfMass: &Vec3{math.Inf(1), 0, 0}},
		{InertiaDiagonal: &Vec3{0, math.NaN(), 0}},
		{InertiaOrientation: &Quat{math.NaN(), 0, 0, 1}},
	} {
		g := NewGraph()
		m := m
		g.AddNode(Node{Name: fmt.Sprint("b", i), Transform: Identity(), Motion: &m}, -1)
		if err := ValidateComputed(g); err == nil {
			t.Errorf("case %d: a non-finite computed value passed", i)
		}
	}
}

func TestMustFinite(t *testing.T) {
	for _, x := range []float64{math.NaN(), math.Inf(1), math.Inf(-1)} {
		func() {
			defer func() {
				r := recover()
				nf, ok := r.(nonFinite)
				if !ok || !strings.Contains(nf.error("mjcf").Error(), "not finite") {
					t.Errorf("MustFinite(%v) recovered %v", x, r)
				}
			}()
			MustFinite(x)
		}()
	}
	if MustFinite(1.5) != 1.5 {
		t.Error("MustFinite changed a finite number")
	}
}

// ParentCycle is linear: a chain of a million nodes is checked at once,
// and cycles anywhere are found.
func TestParentCycle(t *testing.T) {
	const n = 1_000_000
	chain := make([]int, n)
	for i := range chain {
		chain[i] = i - 1
	}
	if c := ParentCycle(n, func(i int) int { return chain[i] }); c != -1 {
		t.Errorf("chain: cycle at %d", c)
	}
	chain[0] = n - 1
	if c := ParentCycle(n, func(i int) int { return chain[i] }); c < 0 {
		t.Error("ring: no cycle found")
	}
	tree := []int{-1, 0, 0, 1, 1, 4, 6, 5} // 5 → 4 → 1 → 0; 6 → 5; 7 → 5
	tree[6] = 7
	tree[7] = 6
	if c := ParentCycle(len(tree), func(i int) int { return tree[i] }); c != 6 && c != 7 {
		t.Errorf("tree with a 2-cycle: %d", c)
	}
}

// Validate's first pass formats no paths; it must refuse exactly what the
// second, which names the place, refuses, and the error must name it.
func TestValidateQuietPassAgrees(t *testing.T) {
	for _, x := range []float64{1e200, 1e-320, -1, 0, 1, math.NaN()} {
		for name, g := range boundsShapes(x) {
			quiet := validate(&validator{g: g, quiet: true})
			loud := validate(&validator{g: g, names: NodeNames(g)})
			if (quiet == nil) != (loud == nil) {
				t.Errorf("%s at %g: quiet pass %v, named pass %v", name, x, quiet, loud)
			}
			if err := Validate(g); loud != nil && (err == nil || err.Error() != loud.Error() || !strings.Contains(err.Error(), "shapes[0].") && !strings.Contains(err.Error(), "meshes[0].")) {
				t.Errorf("%s at %g: Validate says %v, want %v naming shapes[0] or meshes[0]", name, x, err, loud)
			}
		}
	}
	g := NewGraph()
	g.AddNode(Node{Name: "b", Transform: Identity(), Motion: &Motion{Kind: Dynamic, GravityFactor: 1, Mass: Ptr(-2.0)}}, -1)
	if err := Validate(g); err == nil || !strings.Contains(err.Error(), `node "b".motion.mass`) {
		t.Errorf("negative mass: %v, want the error to name node \"b\".motion.mass", err)
	}
}
