package urdf

import (
	"math"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/kin"
)

func TestSniff(t *testing.T) {
	yes := []string{`<?xml version="1.0"?>` + "\n<!-- c -->\n<robot name=\"x\">", "<robot>", "\ufeff<robot\n name='a'>"}
	no := []string{"<mujoco model=\"x\">", "<robots>", `{"asset":{}}`, "[gd_scene format=3]", ""}
	for _, s := range yes {
		if !Sniff([]byte(s)) {
			t.Errorf("Sniff(%q) = false", s)
		}
	}
	for _, s := range no {
		if Sniff([]byte(s)) {
			t.Errorf("Sniff(%q) = true", s)
		}
	}
}

// body adds a Y-up dynamic body with a unit box collider.
func body(g *convert.Graph, name string, mass float64, p convert.Vec3) int {
	tr := convert.Identity()
	tr.T = p
	n := g.AddNode(convert.Node{Name: name, Transform: tr, Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(mass),
		CenterOfMass: &convert.Vec3{}, InertiaDiagonal: &convert.Vec3{1, 2, 3}}}, -1)
	g.AddNode(convert.Node{Name: name + "_box", Transform: convert.Identity(), Collider: &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}}), Material: -1, Filter: -1}}, n)
	return n
}

// TestEmitFromForeignGraph: a Y-up Graph that did not come from URDF: two
// free groups (→ world link + floating joints), a ball joint (→ dummy
// chain), a loop (dropped), a capsule (→ cylinder + two spheres).
func TestEmitFromForeignGraph(t *testing.T) {
	g := convert.NewGraph()
	a := body(g, "a", 2, convert.Vec3{0, 1, 0})
	b := body(g, "b", 1, convert.Vec3{0, 2, 0})
	c := body(g, "c", 1, convert.Vec3{1, 2, 0})
	lone := body(g, "lone", 1, convert.Vec3{5, 0, 0})
	ball, _ := kin.LimitsFor(kin.KindBall, convert.Vec3{1, 0, 0}, 0, 0)
	hinge, _ := kin.LimitsFor(kin.KindRevolute, convert.Vec3{1, 0, 0}, -0.5, 0.5)
	j := convert.Identity()
	j.T = convert.Vec3{0, 0.5, 0}
	g.AddNode(convert.Node{Name: "shoulder", Transform: j, Joint: &convert.Joint{Connected: b, Limits: ball}}, a)
	g.AddNode(convert.Node{Name: "elbow", Transform: convert.Identity(), Joint: &convert.Joint{Connected: c, Limits: hinge}}, b)
	g.AddNode(convert.Node{Name: "loop", Transform: convert.Identity(), Joint: &convert.Joint{Connected: a, Limits: hinge}}, c)
	g.AddNode(convert.Node{Name: "cap", Transform: convert.Identity(), Collider: &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Capsule, Height: 1, RadiusTop: 0.1, RadiusBottom: 0.1}), Material: -1, Filter: -1}}, lone)

	out, diags, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"several-free-bodies", "joint-kind-unsupported", "joint-loop-dropped", "capsule-split"} {
		if !diags.Has(convert.Code(code)) {
			t.Errorf("missing diagnostic %s: %v", code, diags)
		}
	}
	r, err := Decode(out.Main)
	if err != nil {
		t.Fatalf("%v\n%s", err, out.Main)
	}
	types := map[string]string{}
	for _, j := range r.Joints {
		types[j.Name] = j.Type
	}
	// a (heaviest) roots its group; one of elbow/loop closes the loop.
	if types["a_joint"] != Floating || types["lone_joint"] != Floating || (types["elbow"] == "") == (types["loop"] == "") {
		t.Errorf("joint types %v", types)
	}
	if n := strings.Count(string(out.Main), "_dummy"); n < 2 {
		t.Errorf("ball joint: want a chain through dummy links, got %d mentions\n%s", n, out.Main)
	}
	var spheres, cylinders int
	for _, l := range r.Links {
		if l.Name == "lone" {
			for _, c := range l.Collisions {
				switch c.Geometry.Kind {
				case "sphere":
					spheres++
				case "cylinder":
					cylinders++
					// The capsule lies along the body's Y axis; the URDF
					// cylinder's Z must point there.
					axis := convert.RPYQuat(c.Origin.RPY).Rotate(convert.Vec3{0, 0, 1})
					if axis.Sub(convert.Vec3{0, 1, 0}).Len() > 1e-12 || c.Geometry.Length != 1 {
						t.Errorf("capsule cylinder = %+v (axis %v)", c, axis)
					}
				}
			}
		}
	}
	if spheres != 2 || cylinders != 1 {
		t.Errorf("capsule split into %d spheres and %d cylinders", spheres, cylinders)
	}
	// Inertia stays principal, masses stay given.
	for _, l := range r.Links {
		if l.Name == "a" && (l.Inertial == nil || l.Inertial.Mass != 2 || l.Inertial.IZZ != 3) {
			t.Errorf("link a inertial = %+v", l.Inertial)
		}
	}
	// Positions: Y-up (0, 1, 0) is URDF (0, 0, 1).
	for _, j := range r.Joints {
		if j.Name == "a_joint" && (math.Abs(j.Origin.XYZ[2]-1) > 1e-12 || math.Abs(j.Origin.XYZ[1]) > 1e-12) {
			t.Errorf("a_joint origin = %v, want (0 0 1)", j.Origin.XYZ)
		}
	}
}

// TestParseMapping checks values on a small file: Z-up root, full tensor,
// mimic, axis frame and limits.
func TestParseMapping(t *testing.T) {
	src := `<robot name="r">
  <link name="base"><inertial><origin xyz="0 0 0.5"/><mass value="3"/><inertia ixx="1" ixy="0.5" ixz="0" iyy="2" iyz="0" izz="3"/></inertial></link>
  <link name="arm"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <link name="finger"><inertial><mass value="1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <link name="tool"/>
  <joint name="j1" type="revolute"><origin xyz="0 0 1"/><parent link="base"/><child link="arm"/><axis xyz="0 0 1"/><limit lower="-1" upper="2" effort="5" velocity="3"/><dynamics damping="0.1" friction="0.2"/></joint>
  <joint name="j2" type="prismatic"><parent link="arm"/><child link="finger"/><axis xyz="0 1 0"/><limit lower="0" upper="0.1" effort="1" velocity="1"/><mimic joint="j1" multiplier="2" offset="0.5"/></joint>
  <joint name="fix" type="fixed"><parent link="finger"/><child link="tool"/></joint>
</robot>`
	g, diags, err := Parse(&convert.Input{Name: "r.urdf", Data: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	if !diags.Has("link-massless-frame") {
		t.Errorf("missing link-massless-frame: %v", diags)
	}
	rep := inspect.Inspect(g, "urdf", diags)
	var j1 *inspect.JointReport
	for i := range rep.Joints {
		if rep.Joints[i].Name == "j1" {
			j1 = &rep.Joints[i]
		}
		if rep.Joints[i].Name == "j2" && (rep.Joints[i].Mimic == nil || rep.Joints[i].Mimic.Joint != "j1" || rep.Joints[i].Mimic.Multiplier != 2) {
			t.Errorf("j2 mimic = %+v", rep.Joints[i].Mimic)
		}
	}
	if j1 == nil || j1.Kind != kin.KindRevolute || j1.Axis == nil {
		t.Fatalf("j1 = %+v", j1)
	}
	// URDF +Z is Graph +Y; the joint sits 1 m up.
	if d := j1.Axis.Sub(convert.Vec3{0, 1, 0}).Len(); d > 1e-12 {
		t.Errorf("j1 axis = %v, want (0 1 0)", *j1.Axis)
	}
	if d := j1.Anchor.Sub(convert.Vec3{0, 1, 0}).Len(); d > 1e-12 || float64(*j1.Lower) != -1 || float64(*j1.Upper) != 2 {
		t.Errorf("j1 anchor %v range [%v %v]", j1.Anchor, *j1.Lower, *j1.Upper)
	}
	for _, b := range rep.Bodies {
		if b.Name != "base" {
			continue
		}
		// World inertia: the URDF tensor with Y and Z swapped (and the
		// product's sign following the −90° turn about X).
		want := [3][3]float64{{1, 0, -0.5}, {0, 3, 0}, {-0.5, 0, 2}}
		for i := 0; i < 3; i++ {
			for k := 0; k < 3; k++ {
				if math.Abs(float64(b.Inertia[i][k])-want[i][k]) > 1e-12 {
					t.Errorf("base inertia[%d][%d] = %v, want %v", i, k, b.Inertia[i][k], want[i][k])
				}
			}
		}
		if c := *b.CenterOfMass; math.Abs(c[1]-0.5) > 1e-12 {
			t.Errorf("base COM = %v", c)
		}
	}
}

// TestEmitFloatingRootKeepsPose: a lone free body away from the origin
// (with a hinged child) is the URDF root, whose frame is the world origin;
// its inertial, geometry and child joint carry its pose instead.
func TestEmitFloatingRootKeepsPose(t *testing.T) {
	g := convert.NewGraph()
	a := body(g, "a", 3, convert.Vec3{1, 2, 3})
	g.Nodes[a].Transform.R = convert.AxisAngle(convert.Vec3{0, 0, 1}, 0.5)
	g.Nodes[a].Motion.CenterOfMass = &convert.Vec3{0.1, 0, 0}
	b := body(g, "b", 1, convert.Vec3{})
	hinge, _ := kin.LimitsFor(kin.KindRevolute, convert.Vec3{1, 0, 0}, -0.5, 0.5)
	j := convert.Identity()
	j.T = convert.Vec3{0, 0.5, 0}
	h := g.AddNode(convert.Node{Name: "hinge", Transform: j, Joint: &convert.Joint{Connected: b, Limits: hinge}}, a)
	g.Nodes[b].Transform = g.WorldTransform(h) // frames A and B coincide at rest

	out, _, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r, err := Decode(out.Main)
	if err != nil {
		t.Fatal(err)
	}
	// Y-up COM (1 + 0.1·cos 0.5, 2 + 0.1·sin 0.5, 3) is URDF (x, −z, y).
	want := convert.Vec3{1 + 0.1*math.Cos(0.5), -3, 2 + 0.1*math.Sin(0.5)}
	for _, l := range r.Links {
		if l.Name == "a" && (l.Inertial == nil || l.Inertial.Origin.XYZ.Sub(want).Len() > 1e-12) {
			t.Errorf("root link inertial = %+v, want origin %v", l.Inertial, want)
		}
	}
	g2, diags, err := Parse(&convert.Input{Name: "out.urdf", Data: out.Main})
	if err != nil {
		t.Fatal(err)
	}
	before := inspect.Inspect(g, "", nil)
	after := inspect.Inspect(g2, "urdf", diags)
	// the colliders have no material (glTF's default), which URDF writes out
	inspect.DefaultMaterial(before)
	inspect.DefaultMaterial(after)
	if d := inspect.CompareReports(before, after, 1e-12); len(d) > 0 {
		t.Errorf("pose lost:\n%s\n%s", strings.Join(d, "\n"), out.Main)
	}
}
