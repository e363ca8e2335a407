package gltfx

import (
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestTessellateUV: every primitive kind gets one coordinate pair per
// vertex within the image, the equirectangular seam duplicates its
// vertices (U 0 and U 1 at one position), the plain tessellation is
// unchanged, and a mesh's corner coordinates are flipped to glTF's V down.
func TestTessellateUV(t *testing.T) {
	shapes := []convert.Shape{
		{Kind: convert.Box, Size: convert.Vec3{1, 2, 3}},
		{Kind: convert.Sphere, Radius: 0.5},
		{Kind: convert.Ellipsoid, Size: convert.Vec3{0.1, 0.2, 0.3}},
		{Kind: convert.Capsule, Height: 1, RadiusTop: 0.2, RadiusBottom: 0.3},
		{Kind: convert.Cylinder, Height: 1, RadiusTop: 0, RadiusBottom: 0.3},
		{Kind: convert.Plane, SizeX: 2, SizeZ: 4},
	}
	for _, sh := range shapes {
		plain, _ := Tessellate(sh)
		s, ok := TessellateUV(sh)
		if !ok || plain.UV != nil {
			t.Fatalf("%s: ok %v, plain UV %v", sh.Kind, ok, plain.UV != nil)
		}
		if len(s.UV) != len(s.Positions) || len(s.Normals) != len(s.Positions) {
			t.Errorf("%s: %d UV for %d positions", sh.Kind, len(s.UV), len(s.Positions))
		}
		lo, hi := [2]float64{1, 1}, [2]float64{0, 0}
		for _, uv := range s.UV {
			for c := 0; c < 2; c++ {
				if uv[c] < 0 || uv[c] > 1 {
					t.Fatalf("%s: coordinate %v outside the image", sh.Kind, uv)
				}
				lo[c], hi[c] = min(lo[c], uv[c]), max(hi[c], uv[c])
			}
		}
		if lo != [2]float64{0, 0} || hi != [2]float64{1, 1} {
			t.Errorf("%s: coordinates span %v..%v, want the whole image", sh.Kind, lo, hi)
		}
		round := sh.Kind != convert.Box && sh.Kind != convert.Plane
		if round {
			seam := 0
			for i, uv := range s.UV {
				if uv[0] == 1 && s.Positions[i] == s.Positions[i-segments] && s.UV[i-segments][0] == 0 {
					seam++
				}
			}
			if seam == 0 {
				t.Errorf("%s: no seam vertices", sh.Kind)
			}
			if len(s.Indices) != len(plain.Indices) {
				t.Errorf("%s: %d indices with UV, %d without", sh.Kind, len(s.Indices), len(plain.Indices))
			}
		}
	}
	// Box +X face: U along Y, V down along Z from the top of the image.
	s, _ := TessellateUV(convert.Shape{Kind: convert.Box, Size: convert.Vec3{2, 2, 2}})
	for i, p := range s.Positions {
		if s.Normals[i] == (convert.Vec3{1, 0, 0}) {
			want := [2]float64{(p[1] + 1) / 2, (1 - p[2]) / 2}
			if s.UV[i] != want {
				t.Errorf("+X face vertex %v: uv %v, want %v", p, s.UV[i], want)
			}
		}
	}
	f := FacetedUV([]convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, []uint32{0, 1, 2}, [][2]float64{{0, 0}, {1, 0.25}, {0, 1}})
	if want := [][2]float64{{0, 1}, {1, 0.75}, {0, 0}}; len(f.UV) != 3 || f.UV[0] != want[0] || f.UV[1] != want[1] || f.UV[2] != want[2] {
		t.Errorf("FacetedUV coordinates %v, want %v", f.UV, want)
	}
}
