package hull

import (
	"errors"
	"math"
	"sort"
)

// Indices gives a convex point cloud (Godot stores convex shapes as points
// only) the triangles of its hull, three indices into pts per triangle,
// so formats that need faces (glTF meshes) can carry it. A flat cloud
// (e.g. a one-sided floor polygon) gets its outline as a fan; a cloud on a
// line or with non-finite points gets none. The hull comes through Shared,
// since the same cloud is given faces at several steps of a conversion.
func Indices(pts []Vec) []uint32 {
	res, err := Shared.Compute(pts)
	var de *DegenerateError
	if errors.As(err, &de) && de.Dim == 2 {
		return flatFan(pts)
	}
	if err != nil {
		return nil
	}
	idx := make([]uint32, 0, 3*len(res.Triangles))
	for _, t := range res.Triangles {
		idx = append(idx, uint32(t[0]), uint32(t[1]), uint32(t[2]))
	}
	return idx
}

// flatFan triangulates the convex outline of coplanar points as a fan,
// wound counter-clockwise about the plane normal.
func flatFan(pts []Vec) []uint32 {
	pos := make([]v3, len(pts))
	for i, p := range pts {
		pos[i] = v3(p)
	}
	// Plane normal from the widest triangle spanned by three points.
	a := 0
	b := 0
	for i, p := range pos {
		if p.Sub(pos[a]).Len() > pos[b].Sub(pos[a]).Len() {
			b = i
		}
	}
	var n v3
	for _, p := range pos {
		if c := pos[b].Sub(pos[a]).Cross(p.Sub(pos[a])); c.Len() > n.Len() {
			n = c
		}
	}
	if n.Len() == 0 {
		return nil
	}
	n = n.Normalize()
	u := pos[b].Sub(pos[a]).Normalize()
	v := n.Cross(u)
	type pt struct {
		x, y float64
		i    uint32
	}
	pl := make([]pt, len(pos))
	for i, p := range pos {
		d := p.Sub(pos[a])
		pl[i] = pt{d.Dot(u), d.Dot(v), uint32(i)}
	}
	sort.Slice(pl, func(i, j int) bool {
		if pl[i].x != pl[j].x {
			return pl[i].x < pl[j].x
		}
		return pl[i].y < pl[j].y
	})
	cross := func(o, p, q pt) float64 { return (p.x-o.x)*(q.y-o.y) - (p.y-o.y)*(q.x-o.x) }
	// Andrew's monotone chain: lower then upper hull, counter-clockwise.
	var h []pt
	for pass := 0; pass < 2; pass++ {
		start := len(h)
		for k := range pl {
			p := pl[k]
			if pass == 1 {
				p = pl[len(pl)-1-k]
			}
			for len(h) >= start+2 && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
				h = h[:len(h)-1]
			}
			h = append(h, p)
		}
		h = h[:len(h)-1]
	}
	if len(h) < 3 || math.Abs(cross(h[0], h[1], h[2])) == 0 && len(h) == 3 {
		return nil
	}
	var idx []uint32
	for k := 1; k+1 < len(h); k++ {
		idx = append(idx, h[0].i, h[k].i, h[k+1].i)
	}
	return idx
}

// v3 is Vec with the few vector operations flatFan needs.
type v3 [3]float64

func (a v3) Sub(b v3) v3      { return v3(sub(Vec(a), Vec(b))) }
func (a v3) Dot(b v3) float64 { return dot(Vec(a), Vec(b)) }
func (a v3) Cross(b v3) v3    { return v3(cross(Vec(a), Vec(b))) }
func (a v3) Len() float64     { return math.Sqrt(a.Dot(a)) }
func (a v3) Normalize() v3    { return v3(normalize(Vec(a))) }
