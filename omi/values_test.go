package omi

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/testenv"
)

func corpusGraph(t *testing.T, rel ...string) (*convert.Graph, convert.Diagnostics) {
	t.Helper()
	g, diags, err := parseFile(t, testenv.CorpusPath(t, rel...))
	if err != nil {
		t.Fatal(err)
	}
	return g, diags
}

func near(a, b float64) bool { return math.Abs(a-b) <= 1e-9*math.Max(1, math.Abs(b)) }

func nearVec(a, b convert.Vec3) bool { return near(a[0], b[0]) && near(a[1], b[1]) && near(a[2], b[2]) }

// The capsule rule is applied per shape: the current joint examples still
// write full-height single-radius capsules next to current bodies.
func TestCapsuleRulePerShape(t *testing.T) {
	g, diags := corpusGraph(t, "omi", "current", "OMI_physics_joint", "examples", "hanging_rope.gltf")
	c := g.Shapes[1]
	if c.Kind != convert.Capsule || !near(c.Height, 0.4) || c.RadiusTop != 0.05 || c.RadiusBottom != 0.05 {
		t.Errorf("legacy capsule {height 0.5, radius 0.05} = %+v, want mid-height 0.4, radii 0.05", c)
	}
	if !diags.Has("legacy-capsule-height") {
		t.Errorf("no legacy-capsule-height diagnostic")
	}
	g, diags = corpusGraph(t, "omi", "current", "OMI_physics_shape", "examples", "capsule_collider.gltf")
	c = g.Shapes[0]
	if c.Height != 1 || c.RadiusTop != 0.5 || c.RadiusBottom != 0.5 {
		t.Errorf("current capsule = %+v, want height 1 (between centres), radii 0.5", c)
	}
	if diags.Has("legacy-capsule-height") {
		t.Errorf("current capsule reported as legacy")
	}
	g, _ = corpusGraph(t, "omi", "legacy", "2023-06-22_39afb64_v1-OMI_collider-typed-body", "OMI_collider", "examples", "cylinder_collider.gltf")
	if c := g.Shapes[0]; c.Kind != convert.Cylinder || c.Height != 2 || c.RadiusTop != 0.5 || c.RadiusBottom != 0.5 {
		t.Errorf("OMI_collider cylinder = %+v, want total height 2, radii 0.5", c)
	}
}

func TestMotionDefaults(t *testing.T) {
	g, _ := corpusGraph(t, "omi", "current", "OMI_physics_body", "examples", "basic", "dynamic_box.gltf")
	m := g.Nodes[0].Motion
	if m == nil || m.Kind != convert.Dynamic || *m.Mass != 1 || m.MassSource != convert.Default {
		t.Fatalf("dynamic body without mass: %+v, want 1 kg from the format default", m)
	}
	if *m.CenterOfMass != (convert.Vec3{}) || m.CenterOfMassSource != convert.Default || m.InertiaDiagonal != nil {
		t.Errorf("centre of mass %v (%s), inertia %v; want origin by default and inertia left to compute", *m.CenterOfMass, m.CenterOfMassSource, m.InertiaDiagonal)
	}
	if c := g.Nodes[1].Collider; c == nil || c.Shape != 0 || g.Shapes[0].Size != (convert.Vec3{1, 2, 3}) {
		t.Errorf("collider = %+v", c)
	}

	g, diags := corpusGraph(t, "omi", "current", "OMI_physics_body", "examples", "triggers", "triggers.gltf")
	m = g.Nodes[4].Motion
	if m == nil || m.Kind != convert.Dynamic || *m.Mass != 1 || m.MassSource != convert.Given || !diags.Has("motion-type-missing") {
		t.Errorf("motion {mass: 1} without type = %+v; want dynamic, given 1 kg, and a diagnostic", m)
	}
	if tr := g.Nodes[12].Trigger; tr == nil || tr.Shape != -1 || len(tr.Nodes) != 2 || tr.Nodes[0] != 6 || tr.Nodes[1] != 8 {
		t.Errorf("compound trigger = %+v, want nodes [6 8]", tr)
	}

	g, _ = corpusGraph(t, "omi", "current", "OMI_physics_body", "examples", "complex", "static_compound_collider.gltf")
	if c := g.Nodes[0].Collider; c == nil || c.Shape != -1 || g.Nodes[0].Motion != nil {
		t.Errorf("collider {} = %+v, want a compound parent (shape -1) without motion", c)
	}
	g, _ = corpusGraph(t, "omi", "current", "OMI_physics_body", "examples", "complex", "two_boxes.gltf")
	if tr := g.Nodes[3].Trigger; tr == nil || tr.Shape != -1 || len(tr.Nodes) != 0 {
		t.Errorf("trigger {} = %+v, want the implicit compound", tr)
	}
	if m := g.Nodes[1].Motion; m == nil || m.Kind != convert.Static || m.Mass != nil {
		t.Errorf("static motion = %+v, want kept as static without mass", m)
	}
}

// Stage-1 joints are re-expressed exactly as the upstream migration did.
func TestStage1Joint(t *testing.T) {
	g, _ := corpusGraph(t, "omi", "legacy", "2024-02-29_0523b1b_motion-collider-trigger_stage1-joints", "OMI_physics_joint", "examples", "simple_joint.gltf")
	pin := g.Nodes[0]
	if pin.Name != "PinJoint" || pin.Parent != 1 || pin.Joint == nil {
		t.Fatalf("joint node = %q under %d (%+v), want PinJoint under BodyA", pin.Name, pin.Parent, pin.Joint)
	}
	b := pin.Joint.Connected
	if g.Nodes[b].Name != "BodyBJointAttachment" || g.Nodes[b].Parent != 2 {
		t.Errorf("connected node %d = %q under %d", b, g.Nodes[b].Name, g.Nodes[b].Parent)
	}
	wantPivot := convert.Vec3{-0.23, 0.6, 0}
	for _, n := range []int{0, b} {
		// The file's quaternions are float32-rounded, hence 1e-6.
		if w := g.WorldTransform(n).T; w.Sub(wantPivot).Len() > 1e-6 {
			t.Errorf("node %d world position %v, want the old joint node's %v", n, w, wantPivot)
		}
	}
	want := convert.Limit{Linear: []int{0, 1, 2}, Min: 0, Max: 0, Stiffness: math.Inf(1), Damping: 1}
	if ls := pin.Joint.Limits; len(ls) != 1 || ls[0].Min != want.Min || ls[0].Max != want.Max ||
		ls[0].Stiffness != want.Stiffness || ls[0].Damping != want.Damping || len(ls[0].Linear) != 3 {
		t.Errorf("limits = %+v, want stage-1 defaults %+v", ls, want)
	}

	g, _ = corpusGraph(t, "omi", "current", "OMI_physics_joint", "examples", "weld_joint.gltf")
	ls := g.Nodes[4].Joint.Limits
	if len(ls) != 2 || len(ls[0].Linear) != 3 || len(ls[1].Angular) != 3 || !ls[0].Fixed() || !ls[1].Fixed() {
		t.Errorf("weld limit with both axis lists = %+v, want split into a linear and an angular fixed limit", ls)
	}
	if !math.IsInf(ls[0].Stiffness, 1) || ls[0].Damping != 0 {
		t.Errorf("current limit defaults: stiffness %v damping %v, want +Inf and 0", ls[0].Stiffness, ls[0].Damping)
	}
}

func TestVehicles(t *testing.T) {
	g, diags := corpusGraph(t, "gltf", "omi_godot_simple_car", "simple_car.gltf")
	w := g.Nodes[9].Wheel
	if w == nil || w.MaxPropulsionForce != 2000 || w.Radius != 0.35 || w.SuspensionStiffness != 20000 {
		t.Errorf("wheel with legacy maxForce = %+v", w)
	}
	if !diags.Has("legacy-form") {
		t.Errorf("legacy wheel key not reported")
	}
	if v := g.Nodes[0].Vehicle; v == nil || v.PilotSeat != 6 || !v.LinearDampeners || v.MaxSpeed != -1 {
		t.Errorf("vehicle = %+v", v)
	}
	if s := g.Nodes[6].Seat; s == nil || s.Knee != (convert.Vec3{0, 0, 0.3}) || !near(s.Angle, math.Pi/2) {
		t.Errorf("seat = %+v", s)
	}
	g, _ = corpusGraph(t, "omi", "current", "OMI_vehicle_hover_thruster", "examples", "hovercraft.gltf")
	if h := g.Nodes[3].HoverThruster; h == nil || h.MaxHoverEnergy != 30000 || h.MaxGimbal != 0.25 || h.LinearGimbalAdjustRatio != 0.5 {
		t.Errorf("hover thruster = %+v", h)
	}
	g, _ = corpusGraph(t, "omi", "current", "OMI_spawn_point", "examples", "blue_spawn_point.gltf")
	if s := g.Nodes[1].SpawnPoint; s == nil || s.Team != "Blue" || s.Title != "Spawn Point" {
		t.Errorf("spawn point = %+v", s)
	}
}

// Files written by hand for cases the corpus lacks.
func TestHandWrittenForms(t *testing.T) {
	dir := filepath.Join("..", "testdata", "gltf", "omi")
	g, diags, err := parseFile(t, filepath.Join(dir, "typed_inertia_tensor.gltf"))
	if err != nil {
		t.Fatal(err)
	}
	m := g.Nodes[0].Motion
	// Tensor [[2,1,0],[1,2,0],[0,0,5]]: principal moments 1, 3, 5.
	if m == nil || m.Kind != convert.Dynamic || m.InertiaDiagonal == nil || !nearVec(*m.InertiaDiagonal, convert.Vec3{1, 3, 5}) {
		t.Fatalf("typed rigid body with inertiaTensor: %+v", m)
	}
	if *m.Mass != 3 || *m.CenterOfMass != (convert.Vec3{0, 0.5, 0}) {
		t.Errorf("mass %v, centre of mass %v", *m.Mass, *m.CenterOfMass)
	}
	tensor := inspect.Inspect(g, "omi", diags).Bodies[0].Inertia
	if tensor == nil || !near(float64(tensor[0][1]), 1) || !near(float64(tensor[0][0]), 2) || !near(float64(tensor[2][2]), 5) {
		t.Errorf("world inertia %v, want the file's tensor back", tensor)
	}

	g, diags, err = parseFile(t, filepath.Join(dir, "godot_orientation_in_diagonal.gltf"))
	if err != nil {
		t.Fatal(err)
	}
	m = g.Nodes[0].Motion
	if m.InertiaOrientation == nil || !near(m.InertiaOrientation[2], math.Sqrt(0.5)) || m.InertiaDiagonal != nil || !diags.Has("inertia-orientation-misplaced") {
		t.Errorf("4-number inertiaDiagonal: %+v", m)
	}
}
