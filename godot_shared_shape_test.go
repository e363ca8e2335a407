package physconv_test

import (
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/godot"
	"github.com/physconv/physconv/internal/tscn"
)

// sharedMeshGraph has bodies whose colliders are made of two meshes in
// several ways: the first mesh as a convex shape three times (one with a
// margin of its own), as a triangle mesh on a static body, the second
// mesh as a convex shape, a copy of the first (a second link reading
// the same mesh file) as a convex shape, and the first's points with other
// triangles as a convex shape (written as its points alone).
func sharedMeshGraph() *convert.Graph {
	g := convert.NewGraph()
	cube := func(s float64) convert.Mesh {
		var pos []convert.Vec3
		for i := 0; i < 8; i++ {
			pos = append(pos, convert.Vec3{s * float64(i&1), s * float64(i>>1&1), s * float64(i>>2&1)})
		}
		idx := []uint32{0, 2, 1, 1, 2, 3, 4, 5, 6, 5, 7, 6, 0, 1, 4, 1, 5, 4, 2, 6, 3, 3, 6, 7, 0, 4, 2, 2, 4, 6, 1, 3, 5, 3, 7, 5}
		return convert.Mesh{Positions: pos, Indices: idx, Loaded: true, Scale: convert.Vec3{1, 1, 1}}
	}
	a, b, copyOfA := g.AddMesh(cube(0.2)), g.AddMesh(cube(0.3)), g.AddMesh(cube(0.2))
	pointsOfA := cube(0.2)
	pointsOfA.Indices = pointsOfA.Indices[:18] // other triangles, the same points
	samePoints := g.AddMesh(pointsOfA)
	shapes := []convert.Shape{
		{Kind: convert.Convex, Mesh: a},
		{Kind: convert.Convex, Mesh: a},
		{Kind: convert.Convex, Mesh: a, Extras: map[string]any{"godot.margin": 0.01}},
		{Kind: convert.TriMesh, Mesh: a},
		{Kind: convert.Convex, Mesh: b},
		{Kind: convert.Convex, Mesh: copyOfA},
		{Kind: convert.Convex, Mesh: samePoints},
	}
	for i, sh := range shapes {
		kind := convert.Dynamic
		if sh.Kind == convert.TriMesh {
			kind = convert.Static
		}
		body := g.AddNode(convert.Node{Name: "body" + string(rune('A'+i)), Transform: convert.Transform{T: convert.Vec3{float64(i), 0, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
			Motion: &convert.Motion{Kind: kind, GravityFactor: 1}}, -1)
		g.AddNode(convert.Node{Name: "shape" + string(rune('A'+i)), Transform: convert.Identity(),
			Collider: &convert.Collider{Shape: g.AddShape(sh), Material: -1, Filter: -1}}, body)
	}
	return g
}

// TestGodotShapesShareTheirMesh: colliders made of one mesh the same way
// (links that reuse a mesh file) share one shape resource in Godot output
// instead of each repeating the mesh's points; a margin or another kind
// makes another resource. Every collider still gets its own note, and the
// output reads back with the source's physics.
func TestGodotShapesShareTheirMesh(t *testing.T) {
	for _, version := range []int{4, 3} {
		opts := (&convert.Options{OutputName: "shared.tscn"}).With(godot.VersionOption, strconv.Itoa(version))
		out, diags, err := physconv.EmitGraph(godot.Format, sharedMeshGraph(), opts)
		if err != nil {
			t.Fatal(err)
		}
		doc, err := tscn.Decode(out.Main)
		if err != nil {
			t.Fatal(err)
		}
		classes := map[string]int{}
		for _, s := range doc.Sections {
			if s.Tag == "sub_resource" {
				classes[strings.TrimSuffix(s.AttrString("type"), "3D")]++
			}
		}
		if classes["ConvexPolygonShape"] != 3 || classes["ConcavePolygonShape"] != 1 {
			t.Errorf("Godot %d: shape resources %v, want 3 convex (the first mesh, it with a margin, the second mesh) and 1 concave", version, classes)
		}
		shapeOf := map[string]string{}
		for _, s := range doc.Sections {
			if v, ok := s.Prop("shape"); ok && s.Tag == "node" {
				shapeOf[s.AttrString("name")] = tscn.EncodeValue(v)
			}
		}
		for _, same := range []string{"shapeB", "shapeF", "shapeG"} {
			if shapeOf["shapeA"] == "" || shapeOf["shapeA"] != shapeOf[same] {
				t.Errorf("Godot %d: shapeA %s and %s %s, want one shared resource", version, shapeOf["shapeA"], same, shapeOf[same])
			}
		}
		for _, other := range []string{"shapeC", "shapeD", "shapeE"} {
			if shapeOf[other] == shapeOf["shapeA"] {
				t.Errorf("Godot %d: %s shares shapeA's resource %s", version, other, shapeOf[other])
			}
		}
		noted := map[string]bool{}
		for _, d := range diags {
			if d.Code == convert.CodeGodotConvexPoints {
				noted[fmt.Sprint(d.Subject)] = true
			}
			if d.Code == convert.CodeVerifyMismatch {
				t.Errorf("Godot %d: %s", version, d)
			}
		}
		if len(noted) != 6 {
			t.Errorf("Godot %d: convex-points notes on %v, want the six convex colliders each", version, noted)
		}
	}
}
