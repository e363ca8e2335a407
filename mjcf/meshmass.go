package mjcf

import (
	"errors"
	"fmt"
	"math"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/hull"
)

// meshMass is what MuJoCo's compiler derives from a mesh asset: its volume
// (or area for shell inertia), centre of mass and inertia tensor about it
// at unit density, all in the asset's own frame.
type meshMass struct {
	volume  float64
	com     convert.Vec3
	inertia convert.Mat3
}

const minVal = 1e-15 // MuJoCo's mjMINVAL

// triangle returns the area, unit normal and centroid of a triangle, as
// MuJoCo's mesh code computes them (tiny faces have zero area).
func triangle(a, b, c convert.Vec3) (float64, convert.Vec3, convert.Vec3) {
	center := a.Add(b).Add(c).Scale(1.0 / 3)
	n := b.Sub(a).Cross(c.Sub(a))
	l := n.Len()
	if l < minVal {
		return 0, n, center
	}
	return 0.5 * l, n.Scale(1 / l), center
}

// computeMeshMass follows MuJoCo's mjCMesh::Process for the mesh inertia
// modes: "legacy" (MuJoCo's default: face volumes taken as positive),
// "exact" (signed volumes), "convex" (the convex hull) and "shell" (the
// surface). Meshes given without faces use their convex hull.
func computeMeshMass(pos []convert.Vec3, idx []uint32, mode string) (meshMass, error) {
	if len(pos) < 4 {
		return meshMass{}, errors.New("a mesh needs at least 4 vertices")
	}
	faces := idx
	if len(faces) == 0 || mode == "convex" {
		h, err := convexHull(pos)
		if err != nil {
			return meshMass{}, err
		}
		faces = h
	}
	for _, i := range faces {
		if int(i) >= len(pos) {
			return meshMass{}, fmt.Errorf("face index %d out of range (%d vertices)", i, len(pos))
		}
	}
	nf := len(faces) / 3
	tri := func(i int) (convert.Vec3, convert.Vec3, convert.Vec3) {
		return pos[faces[3*i]], pos[faces[3*i+1]], pos[faces[3*i+2]]
	}
	// centroid of the surface; each face's area, normal and centre are
	// kept for the volume pass, which uses the same numbers
	type face struct {
		area           float64
		normal, center convert.Vec3
	}
	fs := make([]face, nf)
	var facecen convert.Vec3
	total := 0.0
	for i := 0; i < nf; i++ {
		area, n, c := triangle(tri(i))
		fs[i] = face{area, n, c}
		facecen = facecen.Add(c.Scale(area))
		total += area
	}
	if total < minVal {
		return meshMass{}, errors.New("mesh surface area is too small")
	}
	facecen = facecen.Scale(1 / total)

	var com convert.Vec3
	vol := 0.0
	for i := 0; i < nf; i++ {
		area, n, center := fs[i].area, fs[i].normal, fs[i].center
		var v float64
		if mode == "shell" {
			v = area
			com = com.Add(center.Scale(v))
		} else {
			v = center.Sub(facecen).Dot(n) * area / 3
			if mode == "legacy" {
				v = math.Abs(v)
			}
			com = com.Add(center.Scale(0.75).Add(facecen.Scale(0.25)).Scale(v))
		}
		vol += v
	}
	if vol < minVal {
		if vol < 0 {
			return meshMass{}, errors.New("mesh volume is negative (triangles wound inside out)")
		}
		return meshMass{}, errors.New("mesh volume is too small")
	}
	com = com.Scale(1 / vol)

	// products of inertia about the centre of mass
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
		area, n, center := triangle(D, E, F)
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
	// MuJoCo keeps only the principal moments its own eigen solver finds
	// (see mujocoEig3) in the frame that solver reached.
	eig, q := mujocoEig3(in)
	if eig[2] <= 0 {
		return meshMass{}, errors.New("mesh inertia has a non-positive principal moment")
	}
	return meshMass{volume: vol, com: com, inertia: rotateTensor(q, convert.Diag(eig))}, nil
}

// convexHull triangulates the convex hull of pts, outward wound.
func convexHull(pts []convert.Vec3) ([]uint32, error) {
	in := make([]hull.Vec, len(pts))
	for i, p := range pts {
		in[i] = p
	}
	r, err := hull.Compute(in)
	if err != nil {
		return nil, err
	}
	out := make([]uint32, 0, 3*len(r.Triangles))
	for _, t := range r.Triangles {
		out = append(out, uint32(t[0]), uint32(t[1]), uint32(t[2]))
	}
	return out, nil
}
