package mass

import (
	"math"
	"testing"

	"github.com/physconv/physconv/convert"
)

func relClose(a, b, tol float64) bool {
	return math.Abs(a-b) <= tol*math.Max(math.Max(math.Abs(a), math.Abs(b)), 1e-300)
}

func assertRel(t *testing.T, what string, got, want, tol float64) {
	t.Helper()
	if !relClose(got, want, tol) {
		t.Errorf("%s = %.17g, want %.17g (rel err %.3g)", what, got, want, math.Abs(got-want)/math.Abs(want))
	}
}

// assertMass compares mass, COM and the inertia tensor about the COM.
func assertMass(t *testing.T, name string, got MassProps, mass float64, com convert.Vec3, inertia convert.Mat3, tol float64) {
	t.Helper()
	assertRel(t, name+" mass", got.Mass, mass, tol)
	scale := math.Max(math.Abs(inertia[0][0]), math.Max(math.Abs(inertia[1][1]), math.Abs(inertia[2][2])))
	for k := 0; k < 3; k++ {
		if math.Abs(got.COM[k]-com[k]) > tol*math.Max(1, com.Len()) {
			t.Errorf("%s COM = %v, want %v", name, got.COM, com)
			break
		}
	}
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if math.Abs(got.Inertia[i][j]-inertia[i][j]) > tol*scale {
				t.Errorf("%s inertia = %v, want %v", name, got.Inertia, inertia)
				return
			}
		}
	}
}

func TestPrimitiveFormulas(t *testing.T) {
	const rho = 1000.0
	pi := math.Pi
	{ // box 1 x 2 x 3
		m := rho * 6
		assertMass(t, "box", boxSolid(convert.Vec3{1, 2, 3}).massProps(rho), m, convert.Vec3{},
			convert.Diag(convert.Vec3{m * (4 + 9) / 12, m * (1 + 9) / 12, m * (1 + 4) / 12}), 1e-14)
	}
	{ // sphere r = 0.3
		r := 0.3
		m := rho * 4 / 3 * pi * r * r * r
		k := 0.4 * m * r * r
		assertMass(t, "sphere", ellipsoidSolid(convert.Vec3{r, r, r}).massProps(rho), m, convert.Vec3{}, convert.Diag(convert.Vec3{k, k, k}), 1e-14)
	}
	{ // ellipsoid 0.1 0.2 0.3
		a, b, c := 0.1, 0.2, 0.3
		m := rho * 4 / 3 * pi * a * b * c
		assertMass(t, "ellipsoid", ellipsoidSolid(convert.Vec3{a, b, c}).massProps(rho), m, convert.Vec3{},
			convert.Diag(convert.Vec3{m * (b*b + c*c) / 5, m * (a*a + c*c) / 5, m * (a*a + b*b) / 5}), 1e-14)
	}
	{ // cylinder h = 0.8, r = 0.25
		h, r := 0.8, 0.25
		m := rho * pi * r * r * h
		ix := m * (3*r*r + h*h) / 12
		assertMass(t, "cylinder", frustumSolid(h, r, r).massProps(rho), m, convert.Vec3{}, convert.Diag(convert.Vec3{ix, m * r * r / 2, ix}), 1e-14)
	}
	{ // cone: base r = 0.4 at the bottom, apex on top, h = 1.2
		h, r := 1.2, 0.4
		m := rho * pi * r * r * h / 3
		ix := 3.0/20*m*r*r + 3.0/80*m*h*h
		assertMass(t, "cone", frustumSolid(h, r, 0).massProps(rho), m, convert.Vec3{0, -h/2 + h/4, 0},
			convert.Diag(convert.Vec3{ix, 3.0 / 10 * m * r * r, ix}), 1e-13)
		// and upside down
		assertMass(t, "cone up", frustumSolid(h, 0, r).massProps(rho), m, convert.Vec3{0, h/2 - h/4, 0},
			convert.Diag(convert.Vec3{ix, 3.0 / 10 * m * r * r, ix}), 1e-13)
	}
	{ // frustum: R = 0.5 bottom, r = 0.2 top, h = 0.7
		h, R, r := 0.7, 0.5, 0.2
		m := rho * pi * h / 3 * (R*R + R*r + r*r)
		zc := h * (R*R + 2*R*r + 3*r*r) / (4 * (R*R + R*r + r*r)) // from the base
		iy := 3 * m / 10 * (math.Pow(R, 5) - math.Pow(r, 5)) / (math.Pow(R, 3) - math.Pow(r, 3))
		// about the base plane's centre, x axis: ∫(x² + y²) with y from the base
		// = iy/2 + ∫y² dm; ∫y² dm for a frustum = ρπ ∫ y² (R + (r−R) y/h)² dy
		k := (r - R) / h
		y2 := rho * pi * (R*R*h*h*h/3 + 2*R*k*h*h*h*h/4 + k*k*h*h*h*h*h/5)
		ix := iy/2 + y2 - m*zc*zc
		assertMass(t, "frustum", frustumSolid(h, R, r).massProps(rho), m, convert.Vec3{0, -h/2 + zc, 0}, convert.Diag(convert.Vec3{ix, iy, ix}), 1e-13)
	}
	{ // capsule h = 0.6 between centres, r = 0.2
		h, r := 0.6, 0.2
		mc := rho * pi * r * r * h
		ms := rho * 4 / 3 * pi * r * r * r
		ix := mc*(h*h/12+r*r/4) + ms*(2*r*r/5+h*h/4+3*h*r/8)
		iy := mc*r*r/2 + ms*2*r*r/5
		assertMass(t, "capsule", capsuleSolid(h, r, r).massProps(rho), mc+ms, convert.Vec3{}, convert.Diag(convert.Vec3{ix, iy, ix}), 1e-14)
	}
	{ // a capsule whose big sphere swallows the small one is that sphere
		s := capsuleSolid(0.1, 0.5, 0.2).massProps(rho)
		m := rho * 4 / 3 * pi * 0.125
		k := 0.4 * m * 0.25
		assertMass(t, "swallowing capsule", s, m, convert.Vec3{0, -0.05, 0}, convert.Diag(convert.Vec3{k, k, k}), 1e-14)
	}
}

// The tapered capsule against an independent construction: the convex hull
// of n points on each of its two spheres, integrated as a mesh. The
// inscribed hull misses a volume proportional to 1/n, so two sample sizes
// extrapolate (Richardson) to the exact value; what remains (up to 4e-5
// on the moments, of either sign) is the irregularity of the sampling.
func TestTaperedCapsuleMatchesSampledHull(t *testing.T) {
	sampled := func(h, rb, rt float64, n int) MassProps {
		var pts []convert.Vec3
		golden := math.Pi * (3 - math.Sqrt(5))
		for _, sph := range []struct{ y, r float64 }{{-h / 2, rb}, {h / 2, rt}} {
			for i := 0; i < n; i++ {
				y := 1 - 2*(float64(i)+0.5)/float64(n)
				rr := math.Sqrt(1 - y*y)
				th := golden * float64(i)
				pts = append(pts, convert.Vec3{sph.r * rr * math.Cos(th), sph.y + sph.r*y, sph.r * rr * math.Sin(th)})
			}
		}
		hs, err := hullSolid(pts)
		if err != nil {
			t.Fatal(err)
		}
		return hs.massProps(1)
	}
	extrapolate := func(a, b float64) float64 { return b + (b-a)/3 }
	for _, c := range []struct{ h, rb, rt float64 }{{1, 0.4, 0.1}, {0.5, 0.1, 0.3}, {2, 0.3, 0.29}} {
		coarse, fine := sampled(c.h, c.rb, c.rt, 4000), sampled(c.h, c.rb, c.rt, 16000)
		got := capsuleSolid(c.h, c.rb, c.rt).massProps(1)
		assertRel(t, "tapered mass", got.Mass, extrapolate(coarse.Mass, fine.Mass), 2e-5)
		assertRel(t, "tapered COM y", got.COM[1], extrapolate(coarse.COM[1], fine.COM[1]), 2e-5)
		assertRel(t, "tapered Ixx", got.Inertia[0][0], extrapolate(coarse.Inertia[0][0], fine.Inertia[0][0]), 5e-5)
		assertRel(t, "tapered Iyy", got.Inertia[1][1], extrapolate(coarse.Inertia[1][1], fine.Inertia[1][1]), 5e-5)
		if got.Mass < fine.Mass {
			t.Errorf("exact hull volume %g below the sampled hull's %g", got.Mass, fine.Mass)
		}
	}
}

// Mesh integration of a box mesh with split vertices (as glTF writes it),
// moved far from the origin, against the box formula.
func TestClosedMeshMatchesBox(t *testing.T) {
	pos, idx := boxMesh(convert.Vec3{0.4, 0.6, 1.0}, true)
	off := convert.Vec3{100, -50, 25}
	for i := range pos {
		pos[i] = pos[i].Add(off)
	}
	s, closure, err := trimeshSolid(pos, idx)
	if err != nil || closure != meshClosed {
		t.Fatalf("closure %v err %v", closure, err)
	}
	want := boxSolid(convert.Vec3{0.4, 0.6, 1.0}).massProps(1000)
	got := s.massProps(1000)
	assertMass(t, "box mesh", got, want.Mass, off, want.Inertia, 1e-12)

	// wound inside out
	for i := 0; i < len(idx); i += 3 {
		idx[i+1], idx[i+2] = idx[i+2], idx[i+1]
	}
	s, closure, _ = trimeshSolid(pos, idx)
	if closure != meshInverted {
		t.Errorf("inverted mesh reported as %v", closure)
	}
	assertMass(t, "inverted box mesh", s.massProps(1000), want.Mass, off, want.Inertia, 1e-12)

	// one face missing: open, shell
	s, closure, _ = trimeshSolid(pos, idx[:len(idx)-6])
	if closure != meshOpen {
		t.Errorf("open mesh reported as %v", closure)
	}
	if !relClose(s.Volume, 0.24, 1e-12) {
		t.Errorf("shell volume %g, want the hull's 0.24", s.Volume)
	}
}

// boxMesh returns a box of full size `size` centred on the origin, with 24
// split vertices when split (one set per face), counter-clockwise outside.
func boxMesh(size convert.Vec3, split bool) ([]convert.Vec3, []uint32) {
	h := size.Scale(0.5)
	corner := func(i int) convert.Vec3 {
		v := h
		for k := 0; k < 3; k++ {
			if i>>k&1 == 0 {
				v[k] = -v[k]
			}
		}
		return v
	}
	faces := [6][4]int{{0, 4, 6, 2}, {1, 3, 7, 5}, {0, 1, 5, 4}, {2, 6, 7, 3}, {0, 2, 3, 1}, {4, 5, 7, 6}}
	var pos []convert.Vec3
	var idx []uint32
	if !split {
		for i := 0; i < 8; i++ {
			pos = append(pos, corner(i))
		}
	}
	for _, f := range faces {
		var q [4]uint32
		for k, c := range f {
			if split {
				pos = append(pos, corner(c))
				q[k] = uint32(len(pos) - 1)
			} else {
				q[k] = uint32(c)
			}
		}
		idx = append(idx, q[0], q[1], q[2], q[0], q[2], q[3])
	}
	return pos, idx
}
