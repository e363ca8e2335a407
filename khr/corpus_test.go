package khr

import (
	"errors"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/internal/testreport"
)

// corpusFiles lists every .gltf/.glb under the given corpus folders.
func corpusFiles(t testing.TB, dirs ...string) []string {
	t.Helper()
	return testenv.CorpusFiles(t, []string{".gltf", ".glb"}, dirs...)
}

func inputFor(t testing.TB, file string) *convert.Input {
	t.Helper()
	return testreport.FileInput(t, file, &convert.Options{})
}

// missingBuffer names the buffer file a corpus file references but whose
// upstream snapshot lacks it (corpus/SOURCES.md, "Unresolved URIs").
func missingBuffer(file string) string {
	if !strings.Contains(filepath.ToSlash(file), "/legacy/") {
		return ""
	}
	switch filepath.Base(file) {
	case "MotionProperties.gltf":
		return "MotionProperties.bin"
	case "WaterWheel.gltf":
		return "WaterWheel.bin"
	}
	return ""
}

func relName(t testing.TB, f string) string {
	rel, _ := filepath.Rel(testenv.Corpus(t), f)
	return filepath.ToSlash(rel)
}

func TestParseCorpus(t *testing.T) {
	for _, f := range corpusFiles(t, "khr", "gltf") {
		t.Run(relName(t, f), func(t *testing.T) {
			g, diags, err := Parse(inputFor(t, f))
			if want := missingBuffer(f); want != "" {
				var fe *convert.FormatError
				if !errors.As(err, &fe) || !strings.Contains(fe.Error(), want) || !strings.HasPrefix(fe.Path, "buffers[") {
					t.Fatalf("want an error naming %s at buffers[i].uri, got %v", want, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if err := convert.Validate(g); err != nil {
				t.Fatalf("parsed graph does not validate: %v", err)
			}
			isKHR := strings.HasPrefix(relName(t, f), "khr/")
			bodies, colliders := 0, 0
			for _, n := range g.Nodes {
				if n.Motion != nil {
					bodies++
				}
				if n.Collider != nil {
					colliders++
				}
			}
			if isKHR && colliders == 0 {
				t.Errorf("no colliders read from a KHR physics file")
			}
			if !isKHR && (bodies != 0 || colliders != 0 || !diags.Has("extension-ignored")) {
				t.Errorf("OMI-only file: want no KHR physics and an extension-ignored diagnostic, got %d bodies, %d colliders, %v", bodies, colliders, diags)
			}
		})
	}
}

func parseCorpusFile(t *testing.T, rel string) (*convert.Graph, convert.Diagnostics) {
	t.Helper()
	g, diags, err := Parse(inputFor(t, testenv.CorpusPath(t, filepath.FromSlash(rel))))
	if err != nil {
		t.Fatal(err)
	}
	return g, diags
}

func nodeNamed(t *testing.T, g *convert.Graph, name string) *convert.Node {
	t.Helper()
	for i := range g.Nodes {
		if g.Nodes[i].Name == name {
			return &g.Nodes[i]
		}
	}
	t.Fatalf("no node %q", name)
	return nil
}

func TestMotionPropertiesValues(t *testing.T) {
	g, _ := parseCorpusFile(t, "khr/current/samples/MotionProperties/MotionProperties.gltf")
	inf := math.Inf(1)
	wheel := nodeNamed(t, g, "Wheel_InfiniteMassFiniteInertia").Motion
	if wheel.Mass == nil || !math.IsInf(*wheel.Mass, 1) {
		t.Errorf("mass 0 must read as infinite, got %v", wheel.Mass)
	}
	if wheel.InertiaDiagonal == nil || *wheel.InertiaDiagonal != (convert.Vec3{inf, 1, inf}) {
		t.Errorf("inertia [0,1,0] must read as [inf,1,inf], got %v", wheel.InertiaDiagonal)
	}
	if wheel.GravityFactor != 0 || wheel.Kind != convert.Dynamic {
		t.Errorf("gravity factor %v kind %v", wheel.GravityFactor, wheel.Kind)
	}
	toy := nodeNamed(t, g, "WobbyToy_ModifiedCOM")
	if c := toy.Motion.CenterOfMass; c == nil || *c != (convert.Vec3{0, float64(float32(-0.35)), 0}) {
		t.Errorf("centre of mass %v", c)
	}
	if toy.Motion.InertiaDiagonal != nil || toy.Motion.InertiaSource != "" {
		t.Errorf("absent inertia must stay unknown, got %v (%s)", toy.Motion.InertiaDiagonal, toy.Motion.InertiaSource)
	}
	capsule := g.Shapes[toy.Collider.Shape]
	if capsule.Kind != convert.Capsule || capsule.Height != float64(float32(0.5498)) ||
		capsule.RadiusBottom != float64(float32(0.389)) || capsule.RadiusTop != 0.25 {
		t.Errorf("tapered capsule %+v", capsule)
	}
	cone := g.Shapes[nodeNamed(t, g, "Cone").Collider.Shape]
	if cone.Kind != convert.Cylinder || cone.RadiusTop != 0 || cone.RadiusBottom != float64(float32(1.1922439336776733)) {
		t.Errorf("cone %+v", cone)
	}
	balloon := nodeNamed(t, g, "Balloon_GravityFactor")
	if balloon.Motion.GravityFactor != -0.5 {
		t.Errorf("gravity factor %v", balloon.Motion.GravityFactor)
	}
	hull := g.Shapes[balloon.Collider.Shape]
	if hull.Kind != convert.Convex || len(g.Meshes[hull.Mesh].Indices) == 0 || hull.Extras[NodeKey] != 12 {
		t.Errorf("balloon hull %+v", hull)
	}
	ceiling := g.Shapes[nodeNamed(t, g, "Ceiling").Collider.Shape]
	if ceiling.Kind != convert.TriMesh {
		t.Errorf("convexHull false must be a triangle mesh, got %s", ceiling.Kind)
	}
}

func TestJointTypesValues(t *testing.T) {
	g, _ := parseCorpusFile(t, "khr/current/samples/JointTypes/JointTypes.gltf")
	var joints []*convert.Joint
	for i := range g.Nodes {
		if j := g.Nodes[i].Joint; j != nil {
			joints = append(joints, j)
		}
	}
	if len(joints) != 11 {
		t.Fatalf("want 11 joints, got %d", len(joints))
	}
	first := joints[0]
	if first.Connected != 0 || !first.EnableCollision || len(first.Limits) != 3 {
		t.Fatalf("first joint %+v", first)
	}
	for _, l := range first.Limits {
		if !l.Fixed() || len(l.Linear) != 1 || len(l.Angular) != 0 || !math.IsInf(l.Stiffness, 1) {
			t.Errorf("limit %+v: want a hard fixed linear limit", l)
		}
	}
	slider := joints[4] // physicsJoints[3]: linear Y in [-0.5, 0.5]
	found := false
	for _, l := range slider.Limits {
		if len(l.Linear) == 1 && l.Linear[0] == 1 {
			found = l.Min == -0.5 && l.Max == 0.5
		}
	}
	if !found {
		t.Errorf("slider limit not read: %+v", slider.Limits)
	}
	want := map[string]convert.Vec3{
		"Cube.006": {0, 0, float64(float32(-1.5707963705062866))},
		"Cube.012": {0, 0, float64(float32(-1.5707963705062866))},
		"Cube.013": {float64(float32(0.4)), 0, float64(float32(-1.5707963705062866))},
	}
	for _, n := range g.Nodes {
		if n.Motion == nil || n.Motion.Kind != convert.Kinematic {
			continue
		}
		w, ok := want[n.Name]
		if !ok {
			t.Errorf("unexpected kinematic body %q", n.Name)
		}
		if n.Motion.AngularVelocity != w || *n.Motion.Mass != 1 {
			t.Errorf("%s: angular velocity %v mass %v", n.Name, n.Motion.AngularVelocity, *n.Motion.Mass)
		}
		delete(want, n.Name)
	}
	if len(want) != 0 {
		t.Errorf("kinematic bodies not read: %v", want)
	}
}

func TestLegacyRevisions(t *testing.T) {
	// 2023-08 KHR_rigid_bodies: upper-case combine modes, collider.shape,
	// physicsJointLimits/jointLimits and the old motion defaults.
	g, diags := parseCorpusFile(t, "khr/legacy/2023-08-22_00f16b7_KHR_rigid_bodies+KHR_collision_shapes/samples/Materials_Restitution/Materials_Restitution.gltf")
	if !diags.Has("legacy-revision") {
		t.Errorf("want a legacy-revision diagnostic, got %v", diags)
	}
	if got := g.Materials[1].RestitutionCombine; got != "maximum" {
		t.Errorf("combine mode %q, want maximum", got)
	}
	var body *convert.Motion
	for _, n := range g.Nodes {
		if n.Motion != nil {
			body = n.Motion
			break
		}
	}
	if body == nil || body.InertiaDiagonal == nil || *body.InertiaDiagonal != (convert.Vec3{1, 1, 1}) || body.InertiaSource != convert.Default {
		t.Errorf("legacy inertia default not applied: %+v", body)
	}
	g, _ = parseCorpusFile(t, "khr/legacy/2023-08-22_00f16b7_KHR_rigid_bodies+KHR_collision_shapes/samples/JointTypes/JointTypes.gltf")
	joints := 0
	for _, n := range g.Nodes {
		if n.Joint != nil {
			joints++
		}
	}
	if joints == 0 {
		t.Errorf("jointLimits not read")
	}
	// 2024-07 KHR_collision_shapes mesh shape with convexHull in the shape's
	// extension.
	g, _ = parseCorpusFile(t, "khr/legacy/2024-07-10_fa7509f_KHR_physics_rigid_bodies+KHR_collision_shapes-mesh/samples/Filtering/Filtering.gltf")
	convex := 0
	for _, n := range g.Nodes {
		if n.Collider != nil && g.Shapes[n.Collider.Shape].Kind == convert.Convex {
			convex++
		}
	}
	if convex == 0 {
		t.Errorf("no convex hull collider read from legacy mesh shapes")
	}
}
