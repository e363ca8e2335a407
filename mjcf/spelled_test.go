package mjcf

import (
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// TestSpelledPoseAndInertia: a body placed by its own transform whose
// source spelled the rotation as fixed-axis angles is written with those
// angles (euler, under eulerseq="XYZ") and its position with every
// digit; a rotation the writer changed is a quaternion. A body whose
// source spelled its inertia tensor is written with that tensor
// (fullinertia) while its mass properties still say what the tensor says,
// else with principal moments.
func TestSpelledPoseAndInertia(t *testing.T) {
	tensor := [6]float64{0.004, 0.004, 0.002, 0.0005, 0, 0}
	full := convert.Mat3{{tensor[0], tensor[3], tensor[4]}, {tensor[3], tensor[1], tensor[5]}, {tensor[4], tensor[5], tensor[2]}}
	diag, rot := mass.PrincipalAxes(full)
	rpy := convert.Vec3{0.1, -0.2, 0.5}
	for _, c := range []struct {
		name              string
		turn              convert.Quat // what the transform's rotation is
		mass              float64      // what the Motion's mass is
		euler, fullTensor bool
	}{
		{"as spelled", convert.RPYQuat(rpy), 1, true, true},
		{"turned by the writer", convert.RPYQuat(rpy).Mul(convert.AxisAngle(convert.Vec3{0, 1, 0}, 1e-9)), 1, false, true},
		{"mass changed", convert.RPYQuat(rpy), 2, true, false},
	} {
		g := convert.NewGraph()
		base := g.AddNode(convert.Node{Name: "base", Motion: staticMotion()}, -1)
		m, com := c.mass, convert.Vec3{0.01, 0, 0.12000000000000001}
		link := g.AddNode(convert.Node{Name: "link", Transform: convert.Transform{T: convert.Vec3{0, 0, 0.2155}, R: c.turn, S: convert.Vec3{1, 1, 1}},
			Motion: &convert.Motion{Kind: convert.Dynamic, Mass: &m, CenterOfMass: &com, InertiaDiagonal: &diag, InertiaOrientation: &rot, GravityFactor: 1},
			Extras: map[string]any{convert.ExtraRotationRPY: rpy,
				convert.ExtraInertiaSpelled: convert.SpelledInertia{Mass: 1, COM: com, Tensor: tensor}}}, base)
		g.AddNode(convert.Node{Name: "hinge", Joint: &convert.Joint{Connected: base, Limits: []convert.Limit{
			{Linear: []int{0, 1, 2}, Stiffness: inf()}, {Angular: []int{1, 2}, Stiffness: inf()}}}}, link)
		out, _, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		doc := string(out.Main)
		body := doc[strings.Index(doc, `<body name="link"`):]
		body = body[:strings.Index(body, "\n")]
		if got := strings.Contains(body, `euler="0.1 -0.2 0.5"`); got != c.euler {
			t.Errorf("%s: euler written %v: %s", c.name, got, body)
		}
		if got := strings.Contains(doc, `eulerseq="XYZ"`); got != c.euler {
			t.Errorf("%s: eulerseq written %v", c.name, got)
		}
		if !c.euler && !strings.Contains(body, "quat=") {
			t.Errorf("%s: no rotation written: %s", c.name, body)
		}
		if !strings.Contains(body, `pos="0 0 0.2155"`) {
			t.Errorf("%s: position not as spelled: %s", c.name, body)
		}
		inertial := doc[strings.Index(doc, `<body name="link"`):]
		inertial = inertial[strings.Index(inertial, "<inertial"):]
		inertial = inertial[:strings.Index(inertial, "\n")]
		spelled := strings.Contains(inertial, `fullinertia="0.004 0.004 0.002 0.0005 0 0"`) && strings.Contains(inertial, `pos="0.01 0 0.12000000000000001"`)
		if spelled != c.fullTensor || strings.Contains(inertial, "diaginertia") == c.fullTensor {
			t.Errorf("%s: spelled tensor written %v: %s", c.name, spelled, inertial)
		}
	}
}

func staticMotion() *convert.Motion { return &convert.Motion{Kind: convert.Static, GravityFactor: 1} }

func inf() float64 { return math.Inf(1) }

// TestDefaultMaterialReported: a collider without a physics material is
// written with glTF's default friction 0.6, which MuJoCo's own default (1,
// what its URDF import gives) differs from: reported; a collider with a
// material of its own is written with it, unreported.
func TestDefaultMaterialReported(t *testing.T) {
	for _, c := range []struct {
		material int
		friction string
		reported bool
	}{
		{-1, `friction="0.6 0.005 0.0001"`, true},
		{0, `friction="0.8 0.005 0.0001"`, false},
	} {
		g := copyGraph(tetraSTL(), "stl")
		g.Materials = []convert.Material{{StaticFriction: 0.8, DynamicFriction: 0.8, FrictionCombine: "maximum"}}
		for i := range g.Nodes {
			if col := g.Nodes[i].Collider; col != nil {
				col.Material = c.material
			}
		}
		out, diags, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(out.Main), c.friction) {
			t.Errorf("material %d: want %s in\n%s", c.material, c.friction, out.Main)
		}
		if got := diags.Has(convert.CodeMJCFMaterialDefault); got != c.reported {
			t.Errorf("material %d: %s reported %v", c.material, convert.CodeMJCFMaterialDefault, got)
		}
	}
}
