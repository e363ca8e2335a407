package gltfx

import (
	"math"

	"github.com/physconv/physconv/convert"
)

// Surface is renderable triangle data: positions with unit normals, three
// indices per triangle, counter-clockwise seen from outside.
type Surface struct {
	Positions, Normals []convert.Vec3
	Indices            []uint32
	// UV holds texture coordinates per vertex in glTF's convention
	// (origin at the image's top left), nil when the surface has none.
	UV [][2]float64
}

// segments is how many facets go around a round primitive; rings how many
// bands a hemisphere has. Enough that a silhouette is within 0.5 % of the
// true radius.
const (
	segments = 32
	rings    = 8
)

// Tessellate returns the render surface of a primitive shape (box, sphere,
// capsule, cylinder or cone, ellipsoid, finite plane) in its local frame,
// round shapes along +Y as the Graph has them; ok is false for mesh shapes
// and kinds with no surface.
func Tessellate(s convert.Shape) (Surface, bool) {
	return tessellate(s, false)
}

// TessellateUV is Tessellate with texture coordinates, for a primitive
// drawn with a texture. No source format defines how an image wraps a
// primitive, so the mapping is ours (U right, V down the image):
//   - box: every face shows the whole image, U along the face's first
//     other axis (X→Y→Z→X), V along the second;
//   - sphere, ellipsoid, capsule and the side of a cylinder or cone:
//     U the longitude about Y (0 and 1 at +X, growing towards +Z), V
//     from the top (0) to the bottom (1) of the profile, an
//     equirectangular wrap with a seam of duplicated vertices at +X;
//   - cylinder caps and finite planes: the image laid flat over the disc's
//     or plane's square in X and Z, U along X, V along Z.
func TessellateUV(s convert.Shape) (Surface, bool) {
	return tessellate(s, true)
}

func tessellate(s convert.Shape, uv bool) (Surface, bool) {
	switch s.Kind {
	case convert.Box:
		return box(s.Size.Scale(0.5), uv), true
	case convert.Sphere:
		return ellipsoid(convert.Vec3{s.Radius, s.Radius, s.Radius}, uv), true
	case convert.Ellipsoid:
		return ellipsoid(s.Size, uv), true
	case convert.Capsule:
		return capsule(s.RadiusBottom, s.RadiusTop, s.Height, uv), true
	case convert.Cylinder:
		return cylinder(s.RadiusBottom, s.RadiusTop, s.Height, uv), true
	case convert.Plane:
		if s.SizeX <= 0 || s.SizeZ <= 0 {
			return Surface{}, false
		}
		x, z := s.SizeX/2, s.SizeZ/2
		up := convert.Vec3{0, 1, 0}
		sf := Surface{
			Positions: []convert.Vec3{{-x, 0, -z}, {x, 0, -z}, {x, 0, z}, {-x, 0, z}},
			Normals:   []convert.Vec3{up, up, up, up},
			Indices:   []uint32{0, 2, 1, 0, 3, 2},
		}
		if uv {
			sf.UV = [][2]float64{{0, 0}, {1, 0}, {1, 1}, {0, 1}}
		}
		return sf, true
	}
	return Surface{}, false
}

// box has four vertices per face so each face is shaded flat.
func box(h convert.Vec3, uv bool) Surface {
	var s Surface
	for axis := 0; axis < 3; axis++ {
		u, v := (axis+1)%3, (axis+2)%3
		for _, sign := range []float64{-1, 1} {
			var n convert.Vec3
			n[axis] = sign
			base := uint32(len(s.Positions))
			for _, c := range [4][2]float64{{-1, -1}, {1, -1}, {1, 1}, {-1, 1}} {
				var p convert.Vec3
				p[axis], p[u], p[v] = sign*h[axis], c[0]*h[u], c[1]*h[v]
				s.Positions = append(s.Positions, p)
				s.Normals = append(s.Normals, n)
				if uv {
					s.UV = append(s.UV, [2]float64{(c[0] + 1) / 2, (1 - c[1]) / 2})
				}
			}
			// (u, v, axis) is right-handed, so 0-1-2 faces +axis.
			if sign > 0 {
				s.Indices = append(s.Indices, base, base+1, base+2, base, base+2, base+3)
			} else {
				s.Indices = append(s.Indices, base, base+2, base+1, base, base+3, base+2)
			}
		}
	}
	return s
}

// ring is one circle of a surface of revolution about Y: radius r at
// height y, with the normal's radial and vertical parts.
type ring struct{ r, y, nr, ny float64 }

// lathe joins consecutive rings into bands; a ring of radius 0 is a pole
// whose degenerate triangles are left out. With uv, each ring has a seam
// vertex more (U 1 where the first has U 0) and V runs down the profile.
func (s *Surface) lathe(rs []ring, uv bool) {
	start := uint32(len(s.Positions))
	cols := segments
	if uv {
		cols++
	}
	for i, rg := range rs {
		for k := 0; k < cols; k++ {
			a := 2 * math.Pi * float64(k%segments) / segments
			c, sn := math.Cos(a), math.Sin(a)
			s.Positions = append(s.Positions, convert.Vec3{rg.r * c, rg.y, rg.r * sn})
			s.Normals = append(s.Normals, convert.Vec3{rg.nr * c, rg.ny, rg.nr * sn}.Normalize())
			if uv {
				s.UV = append(s.UV, [2]float64{float64(k) / segments, 1 - float64(i)/float64(len(rs)-1)})
			}
		}
	}
	for i := 0; i+1 < len(rs); i++ {
		for k := 0; k < segments; k++ {
			a := start + uint32(i*cols+k)
			c := start + uint32(i*cols+(k+1)%cols)
			b, d := a+uint32(cols), c+uint32(cols)
			if rs[i].r > 0 {
				s.Indices = append(s.Indices, a, b, c)
			}
			if rs[i+1].r > 0 {
				s.Indices = append(s.Indices, b, d, c)
			}
		}
	}
}

// cap closes a round end at height y with a flat disc facing up or down.
func (s *Surface) cap(r, y float64, up, uv bool) {
	if r <= 0 {
		return
	}
	n := convert.Vec3{0, -1, 0}
	if up {
		n[1] = 1
	}
	centre := uint32(len(s.Positions))
	s.Positions = append(s.Positions, convert.Vec3{0, y, 0})
	s.Normals = append(s.Normals, n)
	if uv {
		s.UV = append(s.UV, [2]float64{0.5, 0.5})
	}
	for k := 0; k < segments; k++ {
		a := 2 * math.Pi * float64(k) / segments
		c, sn := math.Cos(a), math.Sin(a)
		s.Positions = append(s.Positions, convert.Vec3{r * c, y, r * sn})
		s.Normals = append(s.Normals, n)
		if uv {
			s.UV = append(s.UV, [2]float64{0.5 + c/2, 0.5 + sn/2})
		}
	}
	for k := 0; k < segments; k++ {
		p0, p1 := centre+1+uint32(k), centre+1+uint32((k+1)%segments)
		if up {
			s.Indices = append(s.Indices, centre, p1, p0)
		} else {
			s.Indices = append(s.Indices, centre, p0, p1)
		}
	}
}

// hemisphere returns the rings of a half sphere of radius r centred at
// height y, bottom half (from the pole up) or top half (up to the pole).
func hemisphere(r, y float64, top bool) []ring {
	var rs []ring
	for i := 0; i <= rings; i++ {
		phi := -math.Pi/2 + math.Pi/2*float64(i)/rings
		if top {
			phi += math.Pi / 2
		}
		c, s := math.Cos(phi), math.Sin(phi)
		if i == rings && !top || i == 0 && top {
			c = 1 // the equator exactly
			s = 0
		}
		if i == 0 && !top || i == rings && top {
			c = 0 // the pole exactly
		}
		rs = append(rs, ring{r * c, y + r*s, c, s})
	}
	return rs
}

func ellipsoid(semi convert.Vec3, uv bool) Surface {
	var s Surface
	rs := append(hemisphere(1, 0, false), hemisphere(1, 0, true)[1:]...)
	s.lathe(rs, uv)
	for i, p := range s.Positions {
		s.Positions[i] = p.Mul(semi)
		n := s.Normals[i]
		// The normal of a scaled sphere divides by the scale.
		s.Normals[i] = convert.Vec3{n[0] / semi[0], n[1] / semi[1], n[2] / semi[2]}.Normalize()
	}
	return s
}

// capsule joins a bottom and a top hemisphere (radii rb and rt, centres
// ±h/2) by their equators.
func capsule(rb, rt, h float64, uv bool) Surface {
	var s Surface
	s.lathe(append(hemisphere(rb, -h/2, false), hemisphere(rt, h/2, true)...), uv)
	return s
}

// cylinder is a frustum (a cone when one radius is 0) with flat caps.
func cylinder(rb, rt, h float64, uv bool) Surface {
	var s Surface
	nr, ny := h, rb-rt // perpendicular to the slant (rt-rb, h)
	s.lathe([]ring{{rb, -h / 2, nr, ny}, {rt, h / 2, nr, ny}}, uv)
	s.cap(rb, -h/2, false, uv)
	s.cap(rt, h/2, true, uv)
	return s
}

// crowdedVertex is how many distinct corners a vertex may have before
// FacetedUV looks them up in a map rather than one after another.
const crowdedVertex = 32

// Faceted returns a triangle mesh as a flat-shaded surface: each corner
// takes its face's normal, and corners sharing a vertex and a normal share
// one output vertex, so a box from an STL file keeps 24 vertices. Faces
// with no area take the normal +Y. A mesh without indices (a convex point
// cloud) is closed by its hull.
func Faceted(pos []convert.Vec3, idx []uint32) Surface {
	return FacetedUV(pos, idx, nil)
}

// FacetedUV is Faceted with texture coordinates per corner (one per entry
// of idx, V up as mesh files have them; nil for none), flipped into glTF's
// V down. Corners share an output vertex only when their coordinates
// match too.
func FacetedUV(pos []convert.Vec3, idx []uint32, uv [][2]float64) Surface {
	if len(idx) == 0 {
		idx = convert.HullIndices(pos)
		uv = nil
	}
	if len(uv) != len(idx) {
		uv = nil
	}
	// Corners are matched among those of their own vertex, which has a
	// few (a map over every corner held 170 bytes per corner); a vertex
	// with many (a fan's centre) gets a map of its own.
	valid := make([]bool, 0, len(idx)/3)
	deg := make([]uint32, len(pos)+1)
	for t := 0; t+2 < len(idx); t += 3 {
		a, b, c := idx[t], idx[t+1], idx[t+2]
		ok := int(a) < len(pos) && int(b) < len(pos) && int(c) < len(pos)
		valid = append(valid, ok)
		if ok {
			deg[a]++
			deg[b]++
			deg[c]++
		}
	}
	// start[v] is where vertex v's corners begin in seen; deg counts
	// those filled in from here on
	start := make([]uint32, len(pos)+1)
	for v := range pos {
		start[v+1] = start[v] + deg[v]
		deg[v] = 0
	}
	type corner struct {
		n   [3]int32
		uv  [2]float64
		out uint32
	}
	seen := make([]corner, start[len(pos)])
	var many map[uint32]map[corner]uint32 // per crowded vertex, out left 0 in keys
	s := Surface{Positions: make([]convert.Vec3, 0, len(idx)), Normals: make([]convert.Vec3, 0, len(idx)), Indices: make([]uint32, 0, len(idx))}
	if uv != nil {
		s.UV = make([][2]float64, 0, len(idx))
	}
	for t := 0; t+2 < len(idx); t += 3 {
		if !valid[t/3] {
			continue
		}
		a, b, c := idx[t], idx[t+1], idx[t+2]
		n := pos[b].Sub(pos[a]).Cross(pos[c].Sub(pos[a]))
		if l := math.Sqrt(n.Dot(n)); l > 0 && !math.IsInf(l, 0) && !math.IsNaN(l) {
			n = n.Scale(1 / l)
		} else {
			n = convert.Vec3{0, 1, 0}
		}
		q := [3]int32{int32(math.Round(n[0] * 1e4)), int32(math.Round(n[1] * 1e4)), int32(math.Round(n[2] * 1e4))}
		for j, v := range [3]uint32{a, b, c} {
			k := corner{n: q}
			if uv != nil {
				k.uv = [2]float64{uv[t+j][0], 1 - uv[t+j][1]}
			}
			o, found := uint32(0), false
			mine := seen[start[v] : start[v]+deg[v]]
			if m := many[v]; m != nil {
				o, found = m[k]
			} else {
				for _, e := range mine {
					if e.n == k.n && e.uv == k.uv {
						o, found = e.out, true
						break
					}
				}
			}
			if !found {
				o = uint32(len(s.Positions))
				s.Positions = append(s.Positions, pos[v])
				s.Normals = append(s.Normals, n)
				if uv != nil {
					s.UV = append(s.UV, k.uv)
				}
				k.out = o
				seen[start[v]+deg[v]] = k
				deg[v]++
				switch m := many[v]; {
				case m != nil:
					m[corner{n: k.n, uv: k.uv}] = o
				case deg[v] > crowdedVertex:
					if many == nil {
						many = map[uint32]map[corner]uint32{}
					}
					m = make(map[corner]uint32, 2*crowdedVertex)
					for _, e := range seen[start[v] : start[v]+deg[v]] {
						m[corner{n: e.n, uv: e.uv}] = e.out
					}
					many[v] = m
				}
			}
			s.Indices = append(s.Indices, o)
		}
	}
	return s
}
