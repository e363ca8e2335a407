package gltfx

import (
	"math"
	"math/rand"
	"reflect"
	"testing"

	"github.com/physconv/physconv/convert"
)

// facetedByMap is FacetedUV as one map over every corner: each corner
// (vertex, rounded normal, coordinates) gets the output vertex of the
// first equal one. The per-vertex lists must give the same surface.
func facetedByMap(pos []convert.Vec3, idx []uint32, uv [][2]float64) Surface {
	if len(uv) != len(idx) {
		uv = nil
	}
	type corner struct {
		v  uint32
		n  [3]int32
		uv [2]float64
	}
	seen := map[corner]uint32{}
	var s Surface
	for t := 0; t+2 < len(idx); t += 3 {
		a, b, c := idx[t], idx[t+1], idx[t+2]
		if int(a) >= len(pos) || int(b) >= len(pos) || int(c) >= len(pos) {
			continue
		}
		n := pos[b].Sub(pos[a]).Cross(pos[c].Sub(pos[a]))
		if l := math.Sqrt(n.Dot(n)); l > 0 && !math.IsInf(l, 0) && !math.IsNaN(l) {
			n = n.Scale(1 / l)
		} else {
			n = convert.Vec3{0, 1, 0}
		}
		q := [3]int32{int32(math.Round(n[0] * 1e4)), int32(math.Round(n[1] * 1e4)), int32(math.Round(n[2] * 1e4))}
		for j, v := range [3]uint32{a, b, c} {
			k := corner{v: v, n: q}
			if uv != nil {
				k.uv = [2]float64{uv[t+j][0], 1 - uv[t+j][1]}
			}
			o, ok := seen[k]
			if !ok {
				o = uint32(len(s.Positions))
				seen[k] = o
				s.Positions = append(s.Positions, pos[v])
				s.Normals = append(s.Normals, n)
				if uv != nil {
					s.UV = append(s.UV, k.uv)
				}
			}
			s.Indices = append(s.Indices, o)
		}
	}
	return s
}

// TestFacetedAsOneMap: flat shading matches corners within each vertex
// (by a list, or a map past crowdedVertex distinct corners) exactly as a
// map over all corners does, on meshes with shared planes (corners to
// merge), fans about one vertex of up to 200 faces, repeated and NaN
// texture coordinates, degenerate faces and indices past the vertices.
func TestFacetedAsOneMap(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for trial := 0; trial < 400; trial++ {
		var pos []convert.Vec3
		grid := 2 + rng.Intn(6)
		for i := 0; i < grid*grid; i++ {
			z := 0.0
			if trial%3 == 1 {
				z = rng.Float64() * 0.1
			}
			pos = append(pos, convert.Vec3{float64(i % grid), float64(i / grid), z})
		}
		var idx []uint32
		for y := 0; y+1 < grid; y++ {
			for x := 0; x+1 < grid; x++ {
				a := uint32(y*grid + x)
				idx = append(idx, a, a+1, a+uint32(grid), a+1, a+uint32(grid)+1, a+uint32(grid))
			}
		}
		// a fan about a new centre vertex, flat or bent
		centre := uint32(len(pos))
		pos = append(pos, convert.Vec3{0.5, 0.5, 1})
		spokes := rng.Intn(200)
		for k := 0; k < spokes; k++ {
			ring := uint32(len(pos))
			th := 2 * math.Pi * float64(k) / float64(max(spokes, 1))
			z := 1.0
			if trial%2 == 0 {
				z += 0.3 * math.Sin(3*th)
			}
			pos = append(pos, convert.Vec3{0.5 + math.Cos(th), 0.5 + math.Sin(th), z})
			next := ring + 1
			if k == spokes-1 {
				next = centre + 1
			}
			idx = append(idx, centre, ring, next)
		}
		// repeats, degenerate faces and indices past the end
		for k := rng.Intn(10); k > 0; k-- {
			t0 := 3 * rng.Intn(len(idx)/3)
			idx = append(idx, idx[t0], idx[t0+1], idx[t0+2])
		}
		idx = append(idx, 0, 0, 0, uint32(len(pos)), 0, 1)
		var uv [][2]float64
		if trial%4 != 0 {
			for range idx {
				c := [2]float64{float64(rng.Intn(3)) / 2, float64(rng.Intn(3)) / 2}
				if rng.Intn(50) == 0 {
					c[0] = math.NaN()
				}
				uv = append(uv, c)
			}
		}
		got, want := FacetedUV(pos, idx, uv), facetedByMap(pos, idx, uv)
		if !reflect.DeepEqual(got.Indices, want.Indices) || !reflect.DeepEqual(got.Positions, want.Positions) ||
			!reflect.DeepEqual(got.Normals, want.Normals) || len(got.UV) != len(want.UV) {
			t.Fatalf("trial %d: %d vertices %d indices, want %d and %d", trial, len(got.Positions), len(got.Indices), len(want.Positions), len(want.Indices))
		}
		for i := range got.UV {
			a, b := got.UV[i], want.UV[i]
			if a != b && !(math.IsNaN(a[0]) && math.IsNaN(b[0]) && a[1] == b[1]) {
				t.Fatalf("trial %d: UV %d = %v, want %v", trial, i, a, b)
			}
		}
	}
}
