package mjcf

import (
	"errors"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/benchgen"
)

// vecMeshMass is computeMeshMass written with Vec3 operations, as it was
// before the passes were spelled in scalars: the reference that holds the
// scalar form to the same bits.
func vecMeshMass(pos []convert.Vec3, faces []uint32, mode string) (meshMass, error) {
	tri3 := func(a, b, c convert.Vec3) (float64, convert.Vec3, convert.Vec3) {
		center := a.Add(b).Add(c).Scale(1.0 / 3)
		n := b.Sub(a).Cross(c.Sub(a))
		l := n.Len()
		if l < minVal {
			return 0, n, center
		}
		return 0.5 * l, n.Scale(1 / l), center
	}
	nf := len(faces) / 3
	tri := func(i int) (convert.Vec3, convert.Vec3, convert.Vec3) {
		return pos[faces[3*i]], pos[faces[3*i+1]], pos[faces[3*i+2]]
	}
	var facecen convert.Vec3
	total := 0.0
	areas, normals, centers := make([]float64, nf), make([]convert.Vec3, nf), make([]convert.Vec3, nf)
	for i := 0; i < nf; i++ {
		areas[i], normals[i], centers[i] = tri3(tri(i))
		facecen = facecen.Add(centers[i].Scale(areas[i]))
		total += areas[i]
	}
	if total < minVal {
		return meshMass{}, errors.New("mesh surface area is too small")
	}
	facecen = facecen.Scale(1 / total)
	var com convert.Vec3
	vol := 0.0
	for i := 0; i < nf; i++ {
		var v float64
		if mode == "shell" {
			v = areas[i]
			com = com.Add(centers[i].Scale(v))
		} else {
			v = centers[i].Sub(facecen).Dot(normals[i]) * areas[i] / 3
			if mode == "legacy" {
				v = math.Abs(v)
			}
			com = com.Add(centers[i].Scale(0.75).Add(facecen.Scale(0.25)).Scale(v))
		}
		vol += v
	}
	if vol < minVal {
		return meshMass{}, errors.New("mesh volume is too small")
	}
	com = com.Scale(1 / vol)
	k := [6][2]int{{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}}
	var P [6]float64
	vol = 0
	C := 20.0
	if mode == "shell" {
		C = 12
	}
	for i := 0; i < nf; i++ {
		a, b, c := tri(i)
		D, E, F := a.Sub(com), b.Sub(com), c.Sub(com)
		area, n, center := tri3(D, E, F)
		v := area
		if mode != "shell" {
			v = center.Dot(n) * area / 3
		}
		if mode == "legacy" {
			v = math.Abs(v)
		}
		vol += v
		for j := 0; j < 6; j++ {
			x, y := k[j][0], k[j][1]
			P[j] += v / C * (2*(D[x]*D[y]+E[x]*E[y]+F[x]*F[y]) +
				D[x]*E[y] + D[y]*E[x] + D[x]*F[y] + D[y]*F[x] + E[x]*F[y] + E[y]*F[x])
		}
	}
	in := convert.Mat3{
		{P[1] + P[2], -P[3], -P[4]},
		{-P[3], P[0] + P[2], -P[5]},
		{-P[4], -P[5], P[0] + P[1]},
	}
	eig, q := mujocoEig3(in)
	if eig[2] <= 0 {
		return meshMass{}, errors.New("mesh inertia has a non-positive principal moment")
	}
	return meshMass{volume: vol, com: com, inertia: rotateTensor(q, convert.Diag(eig))}, nil
}

// TestMeshMassBitForBit computes the mass data of generated meshes (closed
// spheres moved off the origin, open triangle soups at scales from 1e-3
// to 1e3, meshes with tiny faces) in every face-based inertia mode, and
// requires the same bits as the Vec3 form, or the same error.
func TestMeshMassBitForBit(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	type mesh struct {
		pos []convert.Vec3
		idx []uint32
	}
	var meshes []mesh
	for _, n := range [][2]int{{4, 6}, {12, 24}, {31, 17}} {
		p, idx := benchgen.UVSphere(0.5+rng.Float64(), n[0], n[1])
		off := convert.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		ps := make([]convert.Vec3, len(p))
		for i, v := range p {
			ps[i] = convert.Vec3(v).Add(off)
		}
		meshes = append(meshes, mesh{ps, idx})
	}
	for k := 0; k < 60; k++ {
		scale := math.Pow(10, float64(rng.IntN(7)-3))
		nv := 4 + rng.IntN(40)
		ps := make([]convert.Vec3, nv)
		for i := range ps {
			ps[i] = convert.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Scale(scale)
		}
		if k%10 == 0 { // a face far smaller than the rest
			ps[1] = ps[0].Add(convert.Vec3{1e-17, 0, 0})
		}
		idx := make([]uint32, 3*(1+rng.IntN(60)))
		for i := range idx {
			idx[i] = uint32(rng.IntN(nv))
		}
		meshes = append(meshes, mesh{ps, idx})
	}
	compared := 0
	for i, m := range meshes {
		for _, mode := range []string{"legacy", "exact", "shell"} {
			got, gerr := computeMeshMass(m.pos, m.idx, mode)
			want, werr := vecMeshMass(m.pos, m.idx, mode)
			if (gerr == nil) != (werr == nil) {
				t.Fatalf("mesh %d %s: error %v, reference %v", i, mode, gerr, werr)
			}
			if werr != nil {
				continue
			}
			compared++
			if got != want {
				t.Errorf("mesh %d %s: %+v, reference %+v", i, mode, got, want)
			}
		}
	}
	if compared < len(meshes) {
		t.Errorf("only %d of %d mesh and mode pairs had mass data to compare", compared, 3*len(meshes))
	}
}
