package khr

import (
	"encoding/json"
	"math"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/internal/gltfx"
)

// omiLikeGraph builds what an OMI or robot-format source can hold but KHR
// cannot say directly.
func omiLikeGraph() *convert.Graph {
	g := convert.NewGraph()
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 2, 3}, Mesh: -1})
	ball := g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.5, Mesh: -1})
	egg := g.AddShape(convert.Shape{Kind: convert.Ellipsoid, Size: convert.Vec3{0.1, 0.2, 0.3}, Mesh: -1})
	capsule := g.AddShape(convert.Shape{Kind: convert.Capsule, Height: 1, RadiusTop: 0.5, RadiusBottom: 0.5, Mesh: -1})
	car := g.AddNode(convert.Node{Name: "Car", Transform: convert.Transform{T: convert.Vec3{0, 1, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
		Motion:   &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(math.Inf(1)), MassSource: convert.Given, GravityFactor: 1},
		Collider: &convert.Collider{Shape: box, Material: -1, Filter: -1},
		Vehicle:  &convert.Vehicle{MaxSpeed: -1, PilotSeat: -1, AngularDampeners: true}}, -1)
	ramp := g.AddNode(convert.Node{Name: "Ramp", Transform: convert.Transform{T: convert.Vec3{2, 0, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
		Motion:   &convert.Motion{Kind: convert.Static, Mass: convert.Ptr(5.0), MassSource: convert.Given, GravityFactor: 1},
		Collider: &convert.Collider{Shape: ball, Material: -1, Filter: -1}}, car)
	group := g.AddNode(convert.Node{Name: "Group", Collider: &convert.Collider{Shape: -1, Material: -1, Filter: -1}}, -1)
	g.AddNode(convert.Node{Name: "Egg", Collider: &convert.Collider{Shape: egg, Material: -1, Filter: -1}}, group)
	zone := g.AddNode(convert.Node{Name: "Zone", Trigger: &convert.Trigger{Shape: -1, Filter: -1}}, -1)
	g.AddNode(convert.Node{Name: "ZonePart", Trigger: &convert.Trigger{Shape: capsule, Filter: -1}}, zone)
	// Arm's mass is what a reader computes from its box at 1000 kg/m³.
	armBox := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.1, 0.2, 0.1}, Mesh: -1})
	arm := g.AddNode(convert.Node{Name: "Arm", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1,
		Mass: convert.Ptr(2.0), MassSource: convert.Computed}, Collider: &convert.Collider{Shape: armBox, Material: -1, Filter: -1}}, -1)
	g.AddNode(convert.Node{Name: "Weld", Joint: &convert.Joint{Connected: arm, Effort: 10,
		Limits: []convert.Limit{{Linear: []int{0, 1, 2}, Angular: []int{0, 1, 2}, Stiffness: math.Inf(1)}}}}, car)
	_ = ramp
	return g
}

func TestEmitLowersWhatKHRCannotSay(t *testing.T) {
	g := omiLikeGraph()
	g, diags := lower.Lower(g, &Capabilities)
	d, more, err := emitDoc(g, &convert.Options{})
	diags = append(diags, more...)
	if err != nil {
		t.Fatal(err)
	}
	for _, code := range []string{"static-body-reparented", "static-motion-dropped", "compound-collider-dropped",
		"compound-trigger-listed", "shape-approximated", "kept-in-extras"} {
		if !diags.Has(convert.Code(code)) {
			t.Errorf("missing diagnostic %s in %v", code, diags)
		}
	}
	ext := func(i int) map[string]any {
		v, ok := d.NodeExtension(i, gltfx.KHRPhysicsRigidBodies)
		if !ok {
			return nil
		}
		return v.Interface().(map[string]any)
	}
	// Ramp: static, moved to the scene root with its world position.
	ramp := d.GLTF.Nodes[1]
	if ext(1)["motion"] != nil || ramp.Translation != [3]float64{2, 1, 0} {
		t.Errorf("ramp: extension %v translation %v", ext(1), ramp.Translation)
	}
	if roots := d.GLTF.Scenes[0].Nodes; len(roots) != 5 || roots[4] != 1 {
		t.Errorf("scene roots %v, want the ramp last", roots)
	}
	// Car: infinite mass written as 0; vehicle kept in extras.
	if m := ext(0)["motion"].(map[string]any)["mass"]; m != json.Number("0") {
		t.Errorf("infinite mass written as %v", m)
	}
	extras, _ := d.GLTF.Nodes[0].Extras.(map[string]any)
	if extras == nil || extras["physconv"].(map[string]any)[gltfx.OMIVehicleBody] == nil {
		t.Errorf("vehicle not kept in extras: %v", d.GLTF.Nodes[0].Extras)
	}
	// Group lost its shape-less collider; Egg became a convex mesh.
	if ext(2) != nil {
		t.Errorf("compound collider written: %v", ext(2))
	}
	geo := ext(3)["collider"].(map[string]any)["geometry"].(map[string]any)
	if geo["convexHull"] != true || geo["mesh"] == nil {
		t.Errorf("ellipsoid geometry %v", geo)
	}
	// Zone lists its descendant trigger.
	if nodes := ext(4)["trigger"].(map[string]any)["nodes"].([]any); len(nodes) != 1 || nodes[0] != json.Number("5") {
		t.Errorf("compound trigger nodes %v", nodes)
	}
	// Arm's computed mass is left to the engine unless BakeMass.
	if m := ext(6)["motion"].(map[string]any); m["mass"] != nil {
		t.Errorf("computed mass written without BakeMass: %v", m)
	}
	d2, _, err := emitDoc(g, (&convert.Options{}).With(gltfx.BakeMassOption, "true"))
	if err != nil {
		t.Fatal(err)
	}
	v, _ := d2.NodeExtension(6, gltfx.KHRPhysicsRigidBodies)
	if m, _ := v.Get("motion").Float("mass", -1); m != 2 {
		t.Errorf("BakeMass wrote mass %v, want 2", m)
	}
	// The weld's combined limit is split into a linear and an angular one.
	doc, _ := d.DocExtension(gltfx.KHRPhysicsRigidBodies)
	limits, _ := doc.Get("physicsJoints").Elem(0).Array("limits")
	if len(limits) != 2 || !limits[0].Has("linearAxes") || !limits[1].Has("angularAxes") || limits[0].Has("angularAxes") {
		t.Errorf("weld limits %v", doc.Get("physicsJoints").Raw())
	}
	shapes, _ := d.DocExtension(gltfx.KHRImplicitShapes)
	if raw := string(shapes.Raw()); raw != `{"shapes":[{"box":{"size":[1,2,3]},"type":"box"},{"sphere":{"radius":0.5},"type":"sphere"},{"capsule":{"height":1,"radiusBottom":0.5,"radiusTop":0.5},"type":"capsule"},{"box":{"size":[0.1,0.2,0.1]},"type":"box"}]}` {
		t.Errorf("shapes %s", raw)
	}
}

// TestEmitNewDocument writes a Graph that has no glTF source and checks
// the result with glTF-Validator, in both geometry spellings.
func TestEmitNewDocument(t *testing.T) {
	for _, v := range variants {
		lowered, _ := lower.Lower(omiLikeGraph(), &Capabilities)
		out, _, err := Emit(lowered, (&convert.Options{OutputName: v.name}).With(GeometryOption, v.geometry))
		if err != nil {
			t.Fatal(err)
		}
		main := writeOutput(t, t.TempDir(), v.name, out)
		g, _, err := Parse(inputFor(t, main))
		if err != nil {
			t.Fatal(err)
		}
		egg := g.Nodes[3]
		if egg.Collider == nil || g.Shapes[egg.Collider.Shape].Kind != convert.Convex {
			t.Fatalf("%s: ellipsoid hull not read back: %+v", v.name, egg.Collider)
		}
		mesh := g.Meshes[g.Shapes[egg.Collider.Shape].Mesh]
		ymax := 0.0
		for _, p := range mesh.Positions {
			ymax = math.Max(ymax, p[1])
		}
		if math.Abs(ymax-0.2) > 1e-6 {
			t.Errorf("%s: ellipsoid mesh top at %v, want 0.2", v.name, ymax)
		}
		if v.geometry == "node" {
			if got := len(g.Nodes); got != 9 {
				t.Errorf("node mode: want one detached helper node (9 nodes), got %d", got)
			}
		}
		if testenvOracles() {
			assertValid(t, main, 0)
		}
		_ = filepath.Base(main)
	}
}
