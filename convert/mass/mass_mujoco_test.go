package mass

import (
	"encoding/json"
	"math"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// The fixtures in testdata/mass are hand-written MJCF. Each is rebuilt here
// as the Graph an MJCF reader produces: a root rotated −90° about X (MJCF is
// Z-up, the Graph Y-up), bodies with their MJCF pos/quat, each geom a child
// node with its pos/quat, capsules and cylinders turned so the Graph's Y
// axis lies on MJCF's Z, half sizes doubled. Complete's results in each
// body frame are then directly MuJoCo's body-frame values (ipos,
// inertia_full), and world values are compared after undoing the root
// rotation.

type mjGeom struct {
	typ  string    // box sphere capsule cylinder ellipsoid mesh
	size []float64 // as in MJCF
	pos  convert.Vec3
	quat [4]float64 // MJCF order w x y z; zero = identity
	mesh string
}

type mjBody struct {
	name     string
	pos      convert.Vec3
	quat     [4]float64
	geoms    []mjGeom
	children []mjBody
}

type mjMesh struct {
	vertex []float64
	face   []uint32 // nil: a convex collider over the vertices
	scale  convert.Vec3
	convex bool
}

type mjFixture struct {
	file   string
	bodies []mjBody
	meshes map[string]mjMesh
}

var lVertex = []float64{0, 0, 0, 0.5, 0, 0, 0.5, 0.25, 0, 0.25, 0.25, 0, 0.25, 0.5, 0, 0, 0.5, 0,
	0, 0, 0.125, 0.5, 0, 0.125, 0.5, 0.25, 0.125, 0.25, 0.25, 0.125, 0.25, 0.5, 0.125, 0, 0.5, 0.125}
var lFace = []uint32{0, 2, 1, 0, 3, 2, 0, 5, 3, 3, 5, 4, 6, 7, 8, 6, 8, 9, 6, 9, 11, 9, 10, 11, 0, 1, 7, 0, 7, 6,
	1, 2, 8, 1, 8, 7, 2, 3, 9, 2, 9, 8, 3, 4, 10, 3, 10, 9, 4, 5, 11, 4, 11, 10, 5, 0, 6, 5, 6, 11}

func at1(geoms ...mjGeom) []mjBody {
	return []mjBody{{name: "b", pos: convert.Vec3{0, 0, 1}, geoms: geoms}}
}

var mjFixtures = []mjFixture{
	{file: "box.xml", bodies: at1(mjGeom{typ: "box", size: []float64{0.1, 0.2, 0.3}})},
	{file: "sphere.xml", bodies: at1(mjGeom{typ: "sphere", size: []float64{0.25}})},
	{file: "capsule.xml", bodies: at1(mjGeom{typ: "capsule", size: []float64{0.1, 0.3}})},
	{file: "cylinder.xml", bodies: at1(mjGeom{typ: "cylinder", size: []float64{0.15, 0.4}})},
	{file: "ellipsoid.xml", bodies: at1(mjGeom{typ: "ellipsoid", size: []float64{0.1, 0.2, 0.3}})},
	{file: "box_rotated.xml", bodies: at1(mjGeom{typ: "box", size: []float64{0.1, 0.2, 0.3}, pos: convert.Vec3{0.2, -0.1, 0.3}, quat: [4]float64{1, 2, 3, 4}})},
	{file: "capsule_rotated.xml", bodies: at1(mjGeom{typ: "capsule", size: []float64{0.05, 0.2}, pos: convert.Vec3{0.1, 0.2, 0.3}, quat: [4]float64{0.3, -0.5, 0.2, 0.7}})},
	{file: "cylinder_rotated.xml", bodies: at1(mjGeom{typ: "cylinder", size: []float64{0.2, 0.05}, pos: convert.Vec3{-0.3, 0, 0.1}, quat: [4]float64{2, -1, 0.5, 1}})},
	{file: "ellipsoid_rotated.xml", bodies: at1(mjGeom{typ: "ellipsoid", size: []float64{0.3, 0.1, 0.05}, pos: convert.Vec3{0, 0.4, 0}, quat: [4]float64{1, 0, 1, 0}})},
	{file: "compound.xml", bodies: at1(
		mjGeom{typ: "box", size: []float64{0.3, 0.1, 0.05}},
		mjGeom{typ: "sphere", size: []float64{0.08}, pos: convert.Vec3{0.3, 0, 0.1}},
		mjGeom{typ: "capsule", size: []float64{0.03, 0.15}, pos: convert.Vec3{-0.3, 0.1, 0}, quat: [4]float64{1, 1, 0, 0}},
		mjGeom{typ: "cylinder", size: []float64{0.06, 0.02}, pos: convert.Vec3{0, -0.15, -0.05}, quat: [4]float64{0.9, 0.1, -0.3, 0.2}},
		mjGeom{typ: "ellipsoid", size: []float64{0.05, 0.04, 0.03}, pos: convert.Vec3{0.1, 0.1, 0.1}, quat: [4]float64{0, 0, 0.6, 0.8}},
	)},
	{file: "rotated_body.xml", bodies: []mjBody{{name: "b", pos: convert.Vec3{1, 2, 3}, quat: [4]float64{0.5, 0.5, -0.5, 0.5}, geoms: []mjGeom{
		{typ: "box", size: []float64{0.2, 0.1, 0.05}, pos: convert.Vec3{0.1, 0, 0}},
		{typ: "capsule", size: []float64{0.04, 0.1}, pos: convert.Vec3{0, 0.2, 0}, quat: [4]float64{1, 0, 0, 1}},
	}}}},
	{file: "mesh_convex.xml", bodies: at1(mjGeom{typ: "mesh", mesh: "tetra"}),
		meshes: map[string]mjMesh{"tetra": {vertex: []float64{0, 0, 0, 0.125, 0, 0, 0, 0.25, 0, 0, 0, 0.375, 0.03125, 0.03125, 0.03125}, convex: true}}},
	{file: "mesh_exact.xml", bodies: at1(mjGeom{typ: "mesh", mesh: "L"}),
		meshes: map[string]mjMesh{"L": {vertex: lVertex, face: lFace}}},
	{file: "mesh_convex_of_concave.xml", bodies: at1(mjGeom{typ: "mesh", mesh: "L"}),
		meshes: map[string]mjMesh{"L": {vertex: lVertex, face: lFace, convex: true}}},
	{file: "mesh_scaled_rotated.xml", bodies: at1(mjGeom{typ: "mesh", mesh: "L", pos: convert.Vec3{0.1, -0.2, 0.05}, quat: [4]float64{0.2, 0.4, -0.6, 0.3}}),
		meshes: map[string]mjMesh{"L": {vertex: lVertex, face: lFace, scale: convert.Vec3{0.5, 1, 2}}}},
	{file: "mesh_and_primitives.xml", bodies: []mjBody{{name: "b", pos: convert.Vec3{0, 0, 1}, quat: [4]float64{0.8, 0, 0.6, 0}, geoms: []mjGeom{
		{typ: "mesh", mesh: "L", pos: convert.Vec3{-0.1, 0, 0}, quat: [4]float64{1, 0, 0, 1}},
		{typ: "sphere", size: []float64{0.05}, pos: convert.Vec3{0.2, 0.1, 0}},
		{typ: "cylinder", size: []float64{0.03, 0.1}, pos: convert.Vec3{0, 0, -0.2}, quat: [4]float64{1, 1, 1, 1}},
	}}}, meshes: map[string]mjMesh{"L": {vertex: lVertex, face: lFace}}},
	{file: "nested.xml", bodies: []mjBody{{name: "parent", pos: convert.Vec3{0, 0, 1},
		geoms: []mjGeom{{typ: "box", size: []float64{0.2, 0.2, 0.05}}},
		children: []mjBody{{name: "child", pos: convert.Vec3{0, 0, 0.3}, quat: [4]float64{1, 0, 0, 1}, geoms: []mjGeom{
			{typ: "sphere", size: []float64{0.1}, pos: convert.Vec3{0.1, 0, 0}},
			{typ: "capsule", size: []float64{0.02, 0.1}, pos: convert.Vec3{0, 0, 0.1}, quat: [4]float64{1, 1, 0, 0}},
		}}}}}},
}

// mjQuat converts MJCF's w x y z (any length) to a unit Quat.
func mjQuat(q [4]float64) convert.Quat {
	if q == ([4]float64{}) {
		return convert.IdentityQuat()
	}
	return convert.Quat{q[1], q[2], q[3], q[0]}.Normalize()
}

// zToY turns a Y-axis Graph shape so its axis lies on the geom's Z.
var zToY = convert.AxisAngle(convert.Vec3{1, 0, 0}, math.Pi/2)

// rootZUp is the rotation a Z-up reader puts at the root.
var rootZUp = convert.AxisAngle(convert.Vec3{1, 0, 0}, -math.Pi/2)

// buildMJGraph builds the Graph of a fixture; it returns the graph and the
// node index of each body by name.
func buildMJGraph(t *testing.T, f mjFixture) (*convert.Graph, map[string]int) {
	g := convert.NewGraph()
	root := g.AddNode(convert.Node{Name: "world", Transform: convert.Transform{R: rootZUp, S: convert.Vec3{1, 1, 1}}}, -1)
	meshIdx := map[string]int{}
	names := make([]string, 0, len(f.meshes))
	for n := range f.meshes {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		m := f.meshes[n]
		var pos []convert.Vec3
		for i := 0; i+2 < len(m.vertex); i += 3 {
			pos = append(pos, convert.Vec3{m.vertex[i], m.vertex[i+1], m.vertex[i+2]})
		}
		meshIdx[n] = g.AddMesh(convert.Mesh{Name: n, Positions: pos, Indices: m.face, Scale: m.scale, Loaded: true})
	}
	bodies := map[string]int{}
	var add func(b mjBody, parent int)
	add = func(b mjBody, parent int) {
		bi := g.AddNode(convert.Node{Name: b.name, Transform: convert.Transform{T: b.pos, R: mjQuat(b.quat), S: convert.Vec3{1, 1, 1}},
			Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}}, parent)
		bodies[b.name] = bi
		for k, geom := range b.geoms {
			var sh convert.Shape
			rot := mjQuat(geom.quat)
			switch geom.typ {
			case "box":
				sh = convert.Shape{Kind: convert.Box, Size: convert.Vec3{2 * geom.size[0], 2 * geom.size[1], 2 * geom.size[2]}}
			case "sphere":
				sh = convert.Shape{Kind: convert.Sphere, Radius: geom.size[0]}
			case "ellipsoid":
				sh = convert.Shape{Kind: convert.Ellipsoid, Size: convert.Vec3{geom.size[0], geom.size[1], geom.size[2]}}
			case "capsule":
				sh = convert.Shape{Kind: convert.Capsule, Height: 2 * geom.size[1], RadiusTop: geom.size[0], RadiusBottom: geom.size[0]}
				rot = rot.Mul(zToY)
			case "cylinder":
				sh = convert.Shape{Kind: convert.Cylinder, Height: 2 * geom.size[1], RadiusTop: geom.size[0], RadiusBottom: geom.size[0]}
				rot = rot.Mul(zToY)
			case "mesh":
				m := f.meshes[geom.mesh]
				sh = convert.Shape{Kind: convert.TriMesh, Mesh: meshIdx[geom.mesh]}
				if m.convex {
					sh.Kind = convert.Convex
				}
			default:
				t.Fatalf("unknown geom type %q", geom.typ)
			}
			s := g.AddShape(sh)
			g.AddNode(convert.Node{Name: b.name + "-geom" + string(rune('0'+k)), Transform: convert.Transform{T: geom.pos, R: rot, S: convert.Vec3{1, 1, 1}},
				Collider: &convert.Collider{Shape: s, Material: -1, Filter: -1}}, bi)
		}
		for _, c := range b.children {
			add(c, bi)
		}
	}
	for _, b := range f.bodies {
		add(b, root)
	}
	return g, bodies
}

type mjBodyOut struct {
	Name        string       `json:"name"`
	Mass        float64      `json:"mass"`
	Inertia     convert.Vec3 `json:"inertia"`
	IPos        convert.Vec3 `json:"ipos"`
	InertiaFull convert.Mat3 `json:"inertia_full"`
	XIPos       convert.Vec3 `json:"xipos"`
	XQuat       [4]float64   `json:"xquat"`
}

func TestMassMatchesMuJoCo(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	for _, f := range mjFixtures {
		f := f
		t.Run(strings.TrimSuffix(f.file, ".xml"), func(t *testing.T) {
			t.Parallel()
			out, code := testenv.RunOracle(t, "mj-inspect", "--compact", filepath.Join("..", "..", "testdata", "mass", f.file))
			if code != 0 {
				t.Fatalf("MuJoCo rejected %s: %s", f.file, out)
			}
			var res struct {
				Bodies []mjBodyOut `json:"bodies"`
			}
			if err := json.Unmarshal(out, &res); err != nil {
				t.Fatal(err)
			}
			g, bodies := buildMJGraph(t, f)
			done, diags := Complete(g, nil)
			for _, d := range diags {
				if d.Severity >= convert.Warning {
					t.Errorf("unexpected diagnostic %s", d)
				}
			}
			if len(res.Bodies) != len(bodies)+1 {
				t.Fatalf("MuJoCo has %d bodies, fixture %d", len(res.Bodies)-1, len(bodies))
			}
			for _, want := range res.Bodies[1:] {
				bi, ok := bodies[want.Name]
				if !ok {
					t.Fatalf("no body %q in the fixture", want.Name)
				}
				compareMuJoCoBody(t, done, bi, want)
			}
		})
	}
}

func compareMuJoCoBody(t *testing.T, g *convert.Graph, bi int, want mjBodyOut) {
	t.Helper()
	m := g.Nodes[bi].Motion
	if m.MassSource != convert.Computed || m.CenterOfMassSource != convert.Computed || m.InertiaSource != convert.Computed {
		t.Errorf("%s: sources %s/%s/%s, want computed", want.Name, m.MassSource, m.CenterOfMassSource, m.InertiaSource)
	}
	assertRel(t, want.Name+" mass", *m.Mass, want.Mass, 1e-9)
	size := math.Sqrt(want.Inertia[0]+want.Inertia[1]+want.Inertia[2]) / math.Sqrt(want.Mass) // a length of the body
	for k := 0; k < 3; k++ {
		if math.Abs(m.CenterOfMass[k]-want.IPos[k]) > 1e-9*math.Max(size, want.IPos.Len()) {
			t.Errorf("%s: COM (body frame) %v, MuJoCo %v", want.Name, *m.CenterOfMass, want.IPos)
			break
		}
	}
	// principal moments: sorted, both sides
	got := *m.InertiaDiagonal
	ref := want.Inertia
	sort.Float64s(got[:])
	sort.Float64s(ref[:])
	for k := 0; k < 3; k++ {
		assertRel(t, want.Name+" principal moment", got[k], ref[k], 1e-9)
	}
	// full tensor in the body frame
	tensor, _ := m.InertiaTensor()
	scale := ref[2]
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if math.Abs(tensor[i][j]-want.InertiaFull[i][j]) > 1e-6*scale {
				t.Errorf("%s: body-frame tensor\n %v\nMuJoCo\n %v", want.Name, tensor, want.InertiaFull)
				i, j = 3, 3
			}
		}
	}
	// world COM, back in MJCF's Z-up world
	world := g.WorldTransform(bi)
	com := rootZUp.Conj().Rotate(world.Apply(*m.CenterOfMass))
	for k := 0; k < 3; k++ {
		if math.Abs(com[k]-want.XIPos[k]) > 1e-9*math.Max(1, want.XIPos.Len()) {
			t.Errorf("%s: world COM %v, MuJoCo %v", want.Name, com, want.XIPos)
			break
		}
	}
}
