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

// vec is a Vec3 as three scalars: the mass passes below run over every
// face of every mesh a model names (on reading, and again on reading back
// a written file), and the compiler keeps scalars in registers where it
// keeps a [3]float64 in memory. The arithmetic is Vec3's, operation for
// operation, so the results are bit for bit the same.
type vec struct{ x, y, z float64 }

func toVec(a convert.Vec3) vec { return vec{a[0], a[1], a[2]} }

func (a vec) sub(b vec) vec { return vec{a.x - b.x, a.y - b.y, a.z - b.z} }

// triangle returns the area, unit normal and centroid of a triangle, as
// MuJoCo's mesh code computes them (tiny faces have zero area).
func triangle(a, b, c vec) (float64, vec, vec) {
	center := vec{(a.x + b.x + c.x) * (1.0 / 3), (a.y + b.y + c.y) * (1.0 / 3), (a.z + b.z + c.z) * (1.0 / 3)}
	u, w := b.sub(a), c.sub(a)
	n := vec{u.y*w.z - u.z*w.y, u.z*w.x - u.x*w.z, u.x*w.y - u.y*w.x}
	l := math.Sqrt(n.x*n.x + n.y*n.y + n.z*n.z)
	if l < minVal {
		return 0, n, center
	}
	s := 1 / l
	return 0.5 * l, vec{n.x * s, n.y * s, n.z * s}, center
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
	tri := func(i int) (vec, vec, vec) {
		return toVec(pos[faces[3*i]]), toVec(pos[faces[3*i+1]]), toVec(pos[faces[3*i+2]])
	}
	// centroid of the surface; the volume pass works each face's area,
	// normal and centre out again (the same numbers) rather than keep
	// them: 56 bytes a face, 56 MB for a million, cost more in fresh
	// memory than the arithmetic
	var facecen vec
	total := 0.0
	for i := 0; i < nf; i++ {
		area, _, c := triangle(tri(i))
		facecen = vec{facecen.x + c.x*area, facecen.y + c.y*area, facecen.z + c.z*area}
		total += area
	}
	if total < minVal {
		return meshMass{}, errors.New("mesh surface area is too small")
	}
	s := 1 / total
	facecen = vec{facecen.x * s, facecen.y * s, facecen.z * s}

	var com vec
	vol := 0.0
	for i := 0; i < nf; i++ {
		area, n, center := triangle(tri(i))
		var v float64
		if mode == "shell" {
			v = area
			com = vec{com.x + center.x*v, com.y + center.y*v, com.z + center.z*v}
		} else {
			d := center.sub(facecen)
			v = (d.x*n.x + d.y*n.y + d.z*n.z) * area / 3
			if mode == "legacy" {
				v = math.Abs(v)
			}
			com = vec{com.x + (center.x*0.75+facecen.x*0.25)*v, com.y + (center.y*0.75+facecen.y*0.25)*v, com.z + (center.z*0.75+facecen.z*0.25)*v}
		}
		vol += v
	}
	if vol < minVal {
		if vol < 0 {
			return meshMass{}, errors.New("mesh volume is negative (triangles wound inside out)")
		}
		return meshMass{}, errors.New("mesh volume is too small")
	}
	s = 1 / vol
	com = vec{com.x * s, com.y * s, com.z * s}

	// products of inertia about the centre of mass: xx, yy, zz, xy, xz, yz
	var P [6]float64
	vol = 0
	C := 20.0
	if mode == "shell" {
		C = 12
	}
	for i := 0; i < nf; i++ {
		a, b, c := tri(i)
		D, E, F := a.sub(com), b.sub(com), c.sub(com)
		area, n, center := triangle(D, E, F)
		v := area
		if mode != "shell" {
			v = (center.x*n.x + center.y*n.y + center.z*n.z) * area / 3
		}
		if mode == "legacy" {
			v = math.Abs(v)
		}
		vol += v
		w := v / C
		P[0] += w * product(D.x, D.x, E.x, E.x, F.x, F.x)
		P[1] += w * product(D.y, D.y, E.y, E.y, F.y, F.y)
		P[2] += w * product(D.z, D.z, E.z, E.z, F.z, F.z)
		P[3] += w * product(D.x, D.y, E.x, E.y, F.x, F.y)
		P[4] += w * product(D.x, D.z, E.x, E.z, F.x, F.z)
		P[5] += w * product(D.y, D.z, E.y, E.z, F.y, F.z)
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
	return meshMass{volume: vol, com: convert.Vec3{com.x, com.y, com.z}, inertia: rotateTensor(q, convert.Diag(eig))}, nil
}

// product is the tetrahedron integral of x·y over the corners D, E, F (and
// the centre of mass at the origin), before the volume factor: dx, dy are
// D's two coordinates, ex, ey E's, fx, fy F's.
func product(dx, dy, ex, ey, fx, fy float64) float64 {
	return 2*(dx*dy+ex*ey+fx*fy) + dx*ey + dy*ex + dx*fy + dy*fx + ex*fy + ey*fx
}

// convexHull triangulates the convex hull of pts, outward wound. The hull
// comes through hull.Shared, as a conversion's other steps (mass
// completion, reading the output back to verify it) hull the same points.
func convexHull(pts []convert.Vec3) ([]uint32, error) {
	r, err := hull.Shared.Compute(hull.Points(pts))
	if err != nil {
		return nil, err
	}
	out := make([]uint32, 0, 3*len(r.Triangles))
	for _, t := range r.Triangles {
		out = append(out, uint32(t[0]), uint32(t[1]), uint32(t[2]))
	}
	return out, nil
}
