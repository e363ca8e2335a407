package godot

import (
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

func TestConvexPointsGetHullFaces(t *testing.T) {
	scene := `[gd_scene format=3]

[sub_resource type="ConvexPolygonShape3D" id="tet"]
points = PackedVector3Array(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0.1, 0.1, 0.1)

[sub_resource type="ConvexPolygonShape3D" id="flat"]
points = PackedVector3Array(25, 0, 10, -25, 0, 10, 25, 0, -10, -25, 0, -10, 0, 0, 0)

[node name="Root" type="Node3D"]

[node name="B" type="RigidBody3D" parent="."]

[node name="Tet" type="CollisionShape3D" parent="B"]
shape = SubResource("tet")

[node name="Floor" type="StaticBody3D" parent="."]

[node name="Flat" type="CollisionShape3D" parent="Floor"]
shape = SubResource("flat")
`
	g := parseText(t, scene)
	if len(g.Meshes) != 2 {
		t.Fatalf("%d meshes", len(g.Meshes))
	}
	// Tetrahedron: 4 faces; the interior point is in no face.
	tet := g.Meshes[0]
	if len(tet.Indices) != 12 || len(tet.Positions) != 5 {
		t.Errorf("tetrahedron hull: %d indices over %d points, want 12 over 5", len(tet.Indices), len(tet.Positions))
	}
	for _, k := range tet.Indices {
		if k == 4 {
			t.Errorf("interior point used in the hull")
		}
	}
	// A flat rectangle (Godot accepts it): its outline as 2 triangles, all
	// facing the same side.
	flat := g.Meshes[1]
	if len(flat.Indices) != 6 {
		t.Fatalf("flat hull: %d indices, want 6", len(flat.Indices))
	}
	var first convert.Vec3
	for k := 0; k < len(flat.Indices); k += 3 {
		a, b, c := flat.Positions[flat.Indices[k]], flat.Positions[flat.Indices[k+1]], flat.Positions[flat.Indices[k+2]]
		n := b.Sub(a).Cross(c.Sub(a))
		if k == 0 {
			first = n
		} else if n.Dot(first) <= 0 {
			t.Errorf("flat triangles wound both ways")
		}
		if math.Abs(n.Len()/2-500) > 1e-9 { // each half of the 50 × 20 rectangle
			t.Errorf("flat triangle area %g, want 500", n.Len()/2)
		}
	}
}

func TestNearUnitBasisIsUnscaled(t *testing.T) {
	scene := `[gd_scene format=3]

[node name="Root" type="Node3D"]

[node name="R" type="Node3D" parent="."]
transform = Transform3D(0.866025, -0.5, 0, 0.5, 0.866025, 0, 0, 0, 1, 0, 0, 0)

[node name="S" type="Node3D" parent="."]
transform = Transform3D(1.01, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0)
`
	g := parseText(t, scene)
	for _, n := range g.Nodes {
		switch n.Name {
		case "R":
			if n.Transform.S != (convert.Vec3{1, 1, 1}) {
				t.Errorf("rotation written with six digits reads as scale %v", n.Transform.S)
			}
		case "S":
			if n.Transform.S != (convert.Vec3{1.01, 1, 1}) {
				t.Errorf("real scale read as %v", n.Transform.S)
			}
		}
	}
}

// filteredGraph is one dynamic body whose collider is in system "enemies".
func filteredGraph() *convert.Graph {
	g := convert.NewGraph()
	g.Filters = []convert.Filter{{Systems: []string{"enemies"}, CollideWith: []string{"enemies", "world"}}}
	b := g.AddNode(convert.Node{Name: "B", Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(2.0), GravityFactor: 1}}, -1)
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}})
	g.AddNode(convert.Node{Name: "Box", Collider: &convert.Collider{Shape: box, Material: -1, Filter: 0}}, b)
	return g
}

func TestLayerBitsFollowOutputProject(t *testing.T) {
	dir := t.TempDir()
	project := "[layer_names]\n\n3d_physics/layer_1=\"world\"\n3d_physics/layer_5=\"enemies\"\n"
	if err := os.WriteFile(filepath.Join(dir, "project.godot"), []byte(project), 0o644); err != nil {
		t.Fatal(err)
	}
	out, diags, err := Emit(filteredGraph(), &convert.Options{OutputName: filepath.Join(dir, "scenes", "x.tscn")})
	if err != nil {
		t.Fatal(err)
	}
	text := string(out.Main)
	if !strings.Contains(text, "collision_layer = 16\n") || !strings.Contains(text, "collision_mask = 17\n") {
		t.Errorf("enemies is layer 5, world layer 1 in the project; got\n%s", text)
	}
	if diags.Has("godot-layer-assigned") {
		t.Errorf("every system has a project layer, yet: %v", diags)
	}
	// Outside any project the bits are assigned and the table reported.
	out, diags, err = Emit(filteredGraph(), &convert.Options{OutputName: filepath.Join(t.TempDir(), "x.tscn")})
	if err != nil {
		t.Fatal(err)
	}
	if !diags.Has("godot-layer-assigned") || !strings.Contains(string(out.Main), "collision_layer = 1\n") {
		t.Errorf("without a project: diags %v\n%s", diags, out.Main)
	}
}

func TestKinematicVelocityDropped(t *testing.T) {
	g := convert.NewGraph()
	g.AddNode(convert.Node{Name: "K", Motion: &convert.Motion{Kind: convert.Kinematic, AngularVelocity: convert.Vec3{0, 1, 0}, GravityFactor: 1}}, -1)
	out, diags, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(out.Main), "velocity") || !diags.Has("godot-velocity-dropped") {
		t.Errorf("AnimatableBody3D has no velocity property; diags %v\n%s", diags, out.Main)
	}
}

func TestThrusterParametersRoundTrip(t *testing.T) {
	g := convert.NewGraph()
	b := g.AddNode(convert.Node{Name: "Ship", Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(10.0), GravityFactor: 1},
		Vehicle: &convert.Vehicle{MaxSpeed: -1, PilotSeat: -1}}, -1)
	want := convert.Thruster{Name: "T", MaxForce: 500, MaxGimbal: 0.2, ForceChangeRate: 3, GimbalChangeRate: 0.5,
		LinearGimbalAdjustRatio: 0.25, TargetForceRatio: 0.75, TargetGimbalRatio: [2]float64{0.1, -0.3}}
	g.AddNode(convert.Node{Name: "T", Thruster: &want}, b)
	for _, v := range []int{4, 3} {
		out, _, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(v)))
		if err != nil {
			t.Fatal(err)
		}
		back := parseText(t, string(out.Main))
		found := false
		for _, n := range back.Nodes {
			if n.Thruster != nil {
				found = true
				if *n.Thruster != want {
					t.Errorf("Godot %d: thruster %+v, want %+v", v, *n.Thruster, want)
				}
			}
		}
		if !found {
			t.Errorf("Godot %d: thruster lost\n%s", v, out.Main)
		}
	}
}
