package gltfx

import (
	"math"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestTessellate checks every primitive's surface: its bounds are the
// shape's, normals are unit length and point outward, and each triangle
// winds counter-clockwise seen from where its normals point.
func TestTessellate(t *testing.T) {
	cases := []struct {
		name   string
		shape  convert.Shape
		lo, hi convert.Vec3
	}{
		{"box", convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 2, 3}}, convert.Vec3{-0.5, -1, -1.5}, convert.Vec3{0.5, 1, 1.5}},
		{"sphere", convert.Shape{Kind: convert.Sphere, Radius: 0.5}, convert.Vec3{-0.5, -0.5, -0.5}, convert.Vec3{0.5, 0.5, 0.5}},
		{"ellipsoid", convert.Shape{Kind: convert.Ellipsoid, Size: convert.Vec3{1, 2, 3}}, convert.Vec3{-1, -2, -3}, convert.Vec3{1, 2, 3}},
		{"capsule", convert.Shape{Kind: convert.Capsule, Height: 2, RadiusTop: 0.5, RadiusBottom: 0.5}, convert.Vec3{-0.5, -1.5, -0.5}, convert.Vec3{0.5, 1.5, 0.5}},
		{"tapered capsule", convert.Shape{Kind: convert.Capsule, Height: 2, RadiusTop: 0.25, RadiusBottom: 0.5}, convert.Vec3{-0.5, -1.5, -0.5}, convert.Vec3{0.5, 1.25, 0.5}},
		{"cylinder", convert.Shape{Kind: convert.Cylinder, Height: 2, RadiusTop: 0.5, RadiusBottom: 0.5}, convert.Vec3{-0.5, -1, -0.5}, convert.Vec3{0.5, 1, 0.5}},
		{"cone", convert.Shape{Kind: convert.Cylinder, Height: 1, RadiusTop: 0, RadiusBottom: 0.5}, convert.Vec3{-0.5, -0.5, -0.5}, convert.Vec3{0.5, 0.5, 0.5}},
		{"plane", convert.Shape{Kind: convert.Plane, SizeX: 2, SizeZ: 4}, convert.Vec3{-1, 0, -2}, convert.Vec3{1, 0, 2}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, ok := Tessellate(c.shape)
			if !ok {
				t.Fatal("no surface")
			}
			checkSurface(t, s, c.lo, c.hi, c.shape.Kind != convert.Plane)
		})
	}
	for _, k := range []convert.ShapeKind{convert.TriMesh, convert.Convex, convert.Heightfield} {
		if _, ok := Tessellate(convert.Shape{Kind: k}); ok {
			t.Errorf("%s: a surface from a shape with no primitive form", k)
		}
	}
	if _, ok := Tessellate(convert.Shape{Kind: convert.Plane}); ok {
		t.Error("infinite plane: a surface")
	}
}

// TestFaceted checks a cube given as 8 shared vertices becomes 24 flat
// shaded ones (4 per face), and a point cloud is closed by its hull.
func TestFaceted(t *testing.T) {
	pos := []convert.Vec3{{-1, -1, -1}, {1, -1, -1}, {1, 1, -1}, {-1, 1, -1}, {-1, -1, 1}, {1, -1, 1}, {1, 1, 1}, {-1, 1, 1}}
	idx := []uint32{0, 2, 1, 0, 3, 2, 4, 5, 6, 4, 6, 7, 0, 1, 5, 0, 5, 4, 2, 3, 7, 2, 7, 6, 1, 2, 6, 1, 6, 5, 0, 4, 7, 0, 7, 3}
	lo, hi := convert.Vec3{-1, -1, -1}, convert.Vec3{1, 1, 1}
	s := Faceted(pos, idx)
	if len(s.Positions) != 24 || len(s.Indices) != 36 {
		t.Errorf("cube: %d vertices, %d indices; want 24, 36", len(s.Positions), len(s.Indices))
	}
	checkSurface(t, s, lo, hi, true)
	hull := Faceted(pos, nil)
	if len(hull.Indices) != 36 {
		t.Errorf("cube point cloud: %d indices, want 36", len(hull.Indices))
	}
	checkSurface(t, hull, lo, hi, true)
}

func checkSurface(t *testing.T, s Surface, lo, hi convert.Vec3, closed bool) {
	t.Helper()
	if len(s.Normals) != len(s.Positions) || len(s.Indices)%3 != 0 || len(s.Indices) == 0 {
		t.Fatalf("%d positions, %d normals, %d indices", len(s.Positions), len(s.Normals), len(s.Indices))
	}
	gotLo := convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
	gotHi := gotLo.Neg()
	var centre convert.Vec3
	for i, p := range s.Positions {
		for c := 0; c < 3; c++ {
			gotLo[c], gotHi[c] = math.Min(gotLo[c], p[c]), math.Max(gotHi[c], p[c])
		}
		centre = centre.Add(p.Scale(1 / float64(len(s.Positions))))
		if l := s.Normals[i].Len(); math.Abs(l-1) > 1e-9 {
			t.Fatalf("normal %d has length %g", i, l)
		}
	}
	for c := 0; c < 3; c++ {
		if math.Abs(gotLo[c]-lo[c]) > 1e-9 || math.Abs(gotHi[c]-hi[c]) > 1e-9 {
			t.Fatalf("bounds %v..%v, want %v..%v", gotLo, gotHi, lo, hi)
		}
	}
	for k := 0; k < len(s.Indices); k += 3 {
		a, b, c := s.Indices[k], s.Indices[k+1], s.Indices[k+2]
		face := s.Positions[b].Sub(s.Positions[a]).Cross(s.Positions[c].Sub(s.Positions[a]))
		if face.Len() == 0 {
			t.Fatalf("triangle %d has no area", k/3)
		}
		n := s.Normals[a].Add(s.Normals[b]).Add(s.Normals[c])
		if face.Dot(n) <= 0 {
			t.Fatalf("triangle %d winds against its normals", k/3)
		}
		if closed && n.Dot(s.Positions[a].Sub(centre)) < -1e-9 {
			t.Fatalf("triangle %d's normals point inward", k/3)
		}
	}
}
