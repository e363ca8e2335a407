package mass

import (
	"math"

	"github.com/physconv/physconv/convert"
)

// solid is the geometry of a uniform-density body: its volume (m³), centroid
// and central second moment Σ = ∫(x−c)(x−c)ᵀ dV (m⁵). Σ rather than the
// inertia tensor because it transforms simply under any affine map, which is
// how node scale (even non-uniform, even skewed by rotated parents) is baked
// exactly: V' = |det L|·V, c' = L·c + t, Σ' = |det L|·L·Σ·Lᵀ.
type solid struct {
	Volume   float64
	Centroid convert.Vec3
	Second   convert.Mat3
}

// massProps turns a solid into mass properties at a density (kg/m³).
func (s solid) massProps(density float64) MassProps {
	tr := s.Second[0][0] + s.Second[1][1] + s.Second[2][2]
	j := convert.Diag(convert.Vec3{tr, tr, tr}).Add(s.Second.ScaleBy(-1))
	return MassProps{Mass: density * s.Volume, COM: s.Centroid, Inertia: j.ScaleBy(density)}
}

// affine is x ↦ L·x + T, the exact map from a shape's frame to a body frame
// (TRS chains with non-uniform scale under rotation are not TRS any more).
type affine struct {
	L convert.Mat3
	T convert.Vec3
}

func identityAffine() affine { return affine{L: convert.Diag(convert.Vec3{1, 1, 1})} }

// affineOf is the matrix form of a TRS transform.
func affineOf(t convert.Transform) affine {
	return affine{L: t.R.Normalize().Mat().Mul(convert.Diag(t.S)), T: t.T}
}

// then returns the map that applies a first, then b (b is the parent).
func (a affine) then(b affine) affine {
	return affine{L: b.L.Mul(a.L), T: b.L.MulVec(a.T).Add(b.T)}
}

func (a affine) apply(p convert.Vec3) convert.Vec3 { return a.L.MulVec(p).Add(a.T) }

// transformed maps a solid by an affine map. A reflection (det < 0) mirrors
// the solid; its volume stays positive.
func (s solid) transformed(a affine) solid {
	det := math.Abs(a.L.Det())
	return solid{
		Volume:   det * s.Volume,
		Centroid: a.apply(s.Centroid),
		Second:   a.L.Mul(s.Second).Mul(a.L.T()).ScaleBy(det),
	}
}

// combineSolids adds disjoint solids given in one frame.
func combineSolids(parts ...solid) solid {
	var out solid
	for _, p := range parts {
		out.Volume += p.Volume
		out.Centroid = out.Centroid.Add(p.Centroid.Scale(p.Volume))
	}
	if out.Volume <= 0 {
		return solid{}
	}
	out.Centroid = out.Centroid.Scale(1 / out.Volume)
	for _, p := range parts {
		d := p.Centroid.Sub(out.Centroid)
		out.Second = out.Second.Add(p.Second).Add(outer(d, d).ScaleBy(p.Volume))
	}
	return out
}

func outer(a, b convert.Vec3) convert.Mat3 {
	return convert.Mat3{
		{a[0] * b[0], a[0] * b[1], a[0] * b[2]},
		{a[1] * b[0], a[1] * b[1], a[1] * b[2]},
		{a[2] * b[0], a[2] * b[1], a[2] * b[2]},
	}
}

// boxSolid: full extents along x, y, z, centred on the origin.
func boxSolid(size convert.Vec3) solid {
	v := size[0] * size[1] * size[2]
	return solid{Volume: v, Second: convert.Diag(size.Mul(size)).ScaleBy(v / 12)}
}

// ellipsoidSolid: semi-axes along x, y, z (a sphere when equal).
func ellipsoidSolid(semi convert.Vec3) solid {
	v := 4 * math.Pi / 3 * semi[0] * semi[1] * semi[2]
	return solid{Volume: v, Second: convert.Diag(semi.Mul(semi)).ScaleBy(v / 5)}
}

// frustumSolid: a truncated cone along Y from y = −h/2 (radius rBottom) to
// y = +h/2 (radius rTop); a cylinder when the radii agree, a cone when one
// is zero.
func frustumSolid(h, rBottom, rTop float64) solid {
	if h <= 0 {
		return solid{}
	}
	k := (rTop - rBottom) / h
	r2 := func(y float64) float64 {
		r := rBottom + k*(y+h/2)
		return r * r
	}
	return revolve(-h/2, h/2, r2)
}

// capsuleSolid: the convex hull of two spheres on the Y axis, centres at
// ±h/2, radii rBottom (−Y) and rTop (+Y). With equal radii it is the usual
// capsule. With different radii the lateral surface is the cone tangent to
// both spheres: with s = (rBottom−rTop)/h it touches each sphere at height
// centre + r·s and radius r·√(1−s²), and the rest of each sphere beyond that
// circle is a spherical cap. When one sphere contains the other the hull is
// that sphere.
func capsuleSolid(h, rBottom, rTop float64) solid {
	if h <= 0 || math.Abs(rBottom-rTop) >= h {
		switch {
		case rBottom >= rTop:
			return ellipsoidSolid(convert.Vec3{rBottom, rBottom, rBottom}).transformed(affine{L: convert.Diag(convert.Vec3{1, 1, 1}), T: convert.Vec3{0, -h / 2, 0}})
		default:
			return ellipsoidSolid(convert.Vec3{rTop, rTop, rTop}).transformed(affine{L: convert.Diag(convert.Vec3{1, 1, 1}), T: convert.Vec3{0, h / 2, 0}})
		}
	}
	s := (rBottom - rTop) / h
	c := math.Sqrt(1 - s*s)
	yb, yt := -h/2, h/2
	y0 := yb + rBottom*s // bottom tangent circle
	y1 := yt + rTop*s    // top tangent circle
	sphere := func(yc, r float64) func(float64) float64 {
		return func(y float64) float64 { return math.Max(0, r*r-(y-yc)*(y-yc)) }
	}
	k := (rTop*c - rBottom*c) / (y1 - y0)
	cone := func(y float64) float64 {
		r := rBottom*c + k*(y-y0)
		return r * r
	}
	return combineSolids(
		revolve(yb-rBottom, y0, sphere(yb, rBottom)),
		revolve(y0, y1, cone),
		revolve(y1, yt+rTop, sphere(yt, rTop)),
	)
}

// gauss3 are the 3-point Gauss–Legendre nodes and weights on [−1, 1]; the
// rule is exact for polynomials up to degree 5, and every integrand of
// revolve is a polynomial of degree at most 4 (r² is at most quadratic in y
// for cones, cylinders and sphere caps).
var gauss3 = [3][2]float64{{-math.Sqrt(0.6), 5.0 / 9}, {0, 8.0 / 9}, {math.Sqrt(0.6), 5.0 / 9}}

// revolve integrates a solid of revolution about Y between y0 and y1 whose
// squared radius r2(y) is a polynomial of degree ≤ 2.
func revolve(y0, y1 float64, r2 func(float64) float64) solid {
	if y1 <= y0 {
		return solid{}
	}
	half, mid := (y1-y0)/2, (y1+y0)/2
	var vol, my, myy, mxx float64 // ∫dV, ∫y dV, ∫y² dV, ∫x² dV (= ∫z² dV)
	for _, g := range gauss3 {
		y := mid + half*g[0]
		w := half * g[1]
		a := math.Pi * r2(y) // disc area
		vol += w * a
		my += w * a * y
		myy += w * a * y * y
		mxx += w * a * r2(y) / 4 // ∫x² over a disc = π r⁴/4
	}
	if vol <= 0 {
		return solid{}
	}
	cy := my / vol
	return solid{Volume: vol, Centroid: convert.Vec3{0, cy, 0}, Second: convert.Diag(convert.Vec3{mxx, myy - vol*cy*cy, mxx})}
}
