package mass

import (
	"math"
	"math/rand"
	"testing"

	"github.com/physconv/physconv/convert"
)

func randomQuat(rng *rand.Rand) convert.Quat {
	return convert.Quat{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
}

func maxAbsDiff(a, b convert.Mat3) float64 {
	d := 0.0
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			d = math.Max(d, math.Abs(a[i][j]-b[i][j]))
		}
	}
	return d
}

func TestPrincipalAxesReconstructsSortedRightHanded(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for n := 0; n < 500; n++ {
		d := convert.Vec3{rng.Float64() + 0.01, rng.Float64() + 0.01, rng.Float64() + 0.01}
		I := convert.RotateDiag(d, randomQuat(rng).Mat())
		m, q := PrincipalAxes(I)
		if !(m[0] <= m[1] && m[1] <= m[2]) {
			t.Fatalf("moments %v not ascending", m)
		}
		r := q.Mat()
		if math.Abs(r.Det()-1) > 1e-12 {
			t.Fatalf("orientation not a rotation: det %g", r.Det())
		}
		if e := maxAbsDiff(convert.RotateDiag(m, r), I); e > 1e-14 {
			t.Fatalf("R·diag·Rᵀ differs from I by %g", e)
		}
		for k := 0; k < 2; k++ {
			col := convert.Vec3{r[0][k], r[1][k], r[2][k]}
			if canonicalSign(col) != col {
				t.Fatalf("axis %d = %v does not have its largest component positive", k, col)
			}
		}
		if q[3] < 0 {
			t.Fatalf("quaternion %v has w < 0", q)
		}
		// the same tensor again gives bit-identical output
		m2, q2 := PrincipalAxes(I)
		if m2 != m || q2 != q {
			t.Fatal("not deterministic")
		}
	}
}

func TestPrincipalAxesRepeatedMomentsAreStable(t *testing.T) {
	rng := rand.New(rand.NewSource(8))
	// a sphere: any rotation and any tiny noise gives the identity frame
	for n := 0; n < 50; n++ {
		I := convert.RotateDiag(convert.Vec3{2, 2, 2}, randomQuat(rng).Mat())
		I[0][1] += 1e-15
		I[1][0] += 1e-15
		m, q := PrincipalAxes(I)
		if q != convert.IdentityQuat() {
			t.Fatalf("sphere orientation %v, want identity", q)
		}
		for k := 0; k < 3; k++ {
			assertRel(t, "sphere moment", m[k], 2, 1e-14)
		}
	}
	// a cylinder about a tilted axis: the distinct axis is found, the two
	// equal axes do not depend on noise
	axisQ := convert.AxisAngle(convert.Vec3{1, 2, 3}, 0.7)
	base := convert.RotateDiag(convert.Vec3{1, 1, 3}, axisQ.Mat())
	_, q0 := PrincipalAxes(base)
	for n := 0; n < 50; n++ {
		I := base
		for i := 0; i < 3; i++ {
			for j := i; j < 3; j++ {
				e := rng.NormFloat64() * 1e-13
				I[i][j] += e
				if i != j {
					I[j][i] += e
				}
			}
		}
		m, q := PrincipalAxes(I)
		dot := math.Abs(q[0]*q0[0] + q[1]*q0[1] + q[2]*q0[2] + q[3]*q0[3])
		if 1-dot > 1e-10 {
			t.Fatalf("orientation jumped under 1e-13 noise: %v vs %v", q, q0)
		}
		if math.Abs(m[2]-3) > 1e-12 || math.Abs(m[0]-1) > 1e-12 {
			t.Fatalf("moments %v", m)
		}
		// the distinct axis is the cylinder axis
		u := q.Rotate(convert.Vec3{0, 0, 1})
		if math.Abs(math.Abs(u.Dot(axisQ.Rotate(convert.Vec3{0, 0, 1})))-1) > 1e-9 {
			t.Fatalf("distinct axis %v", u)
		}
	}
	// a diagonal tensor keeps the identity frame, moments sorted
	m, q := PrincipalAxes(convert.Diag(convert.Vec3{1, 2, 3}))
	if m != (convert.Vec3{1, 2, 3}) || q != convert.IdentityQuat() {
		t.Errorf("diagonal tensor: %v %v", m, q)
	}
}

func TestRepairInertia(t *testing.T) {
	inf := math.Inf(1)
	cases := []struct {
		in, want convert.Vec3
		problem  bool
	}{
		{convert.Vec3{1, 2, 2.5}, convert.Vec3{1, 2, 2.5}, false},
		{convert.Vec3{1, 1, 2}, convert.Vec3{1, 1, 2}, false}, // a thin plate: on the boundary
		{convert.Vec3{1, 1, 3}, convert.Vec3{1, 1, 2}, true},  // triangle inequality
		{convert.Vec3{-1, 2, 3}, convert.Vec3{1, 2, 3}, true}, // negative raised to |2−3|
		{convert.Vec3{0, 2, 2}, convert.Vec3{2e-6, 2, 2}, true},
		{convert.Vec3{inf, inf, inf}, convert.Vec3{inf, inf, inf}, false},
		{convert.Vec3{inf, 1, 1}, convert.Vec3{inf, 1, 1}, false},
		{convert.Vec3{0, 0, 0}, convert.Vec3{}, true},
		{convert.Vec3{math.NaN(), -1, 0}, convert.Vec3{}, true},
	}
	for _, c := range cases {
		got, problem := RepairInertia(c.in)
		if got != c.want || (problem != "") != c.problem {
			t.Errorf("RepairInertia(%v) = %v, %q; want %v, problem %v", c.in, got, problem, c.want, c.problem)
		}
	}
}

func TestInertiaTensorKeepsInfinity(t *testing.T) {
	inf := math.Inf(1)
	m := &convert.Motion{InertiaDiagonal: &convert.Vec3{inf, 2, 3}}
	I, ok := m.InertiaTensor()
	if !ok || !math.IsInf(I[0][0], 1) || I[1][1] != 2 || I[0][1] != 0 || I[2][2] != 3 {
		t.Errorf("tensor %v", I)
	}
	q := convert.AxisAngle(convert.Vec3{0, 1, 0}, 0.3)
	m = &convert.Motion{InertiaDiagonal: &convert.Vec3{1, 2, 3}, InertiaOrientation: &q}
	I, _ = m.InertiaTensor()
	if e := maxAbsDiff(I, q.Mat().Mul(convert.Diag(convert.Vec3{1, 2, 3})).Mul(q.Mat().T())); e > 1e-15 {
		t.Errorf("rotated tensor off by %g", e)
	}
	if _, ok := (&convert.Motion{}).InertiaTensor(); ok {
		t.Error("no diagonal should report false")
	}
}

func TestCombineMassParallelAxis(t *testing.T) {
	// two point-like spheres 2 m apart: I about the middle = 2·m·1²
	p := MassProps{Mass: 1, Inertia: convert.Diag(convert.Vec3{0.1, 0.1, 0.1})}
	a, b := p, p
	a.COM, b.COM = convert.Vec3{-1, 0, 0}, convert.Vec3{1, 0, 0}
	c := CombineMass(a, b)
	if c.Mass != 2 || c.COM != (convert.Vec3{}) {
		t.Fatalf("combined %v", c)
	}
	want := convert.Diag(convert.Vec3{0.2, 2.2, 2.2})
	if maxAbsDiff(c.Inertia, want) > 1e-15 {
		t.Errorf("inertia %v, want %v", c.Inertia, want)
	}
	moved := p.Transformed(convert.Transform{T: convert.Vec3{1, 2, 3}, R: convert.AxisAngle(convert.Vec3{0, 0, 1}, 1), S: convert.Vec3{1, 1, 1}})
	if moved.COM != (convert.Vec3{1, 2, 3}) || maxAbsDiff(moved.Inertia, p.Inertia) > 1e-16 {
		t.Errorf("transformed %v", moved)
	}
}

// A non-positive moment beside two nearly equal ones is raised to a real
// moment (at least 1e-6 of the largest), not to their rounding difference,
// and the result keeps the triangle inequality; generated over scales and
// near-equal pairs.
func TestRepairInertiaNearlyEqualPair(t *testing.T) {
	for _, scale := range []float64{1e-9, 1e-3, 1, 1e3, 1e9} {
		for _, rel := range []float64{0, 1e-16, 1e-12, 1e-8} {
			for _, bad := range []float64{0, -scale, math.NaN()} {
				for slot := 0; slot < 3; slot++ {
					var in convert.Vec3
					in[slot] = bad
					in[(slot+1)%3] = 0.3 * scale
					in[(slot+2)%3] = 0.3 * scale * (1 + rel)
					got, problem := RepairInertia(in)
					largest := math.Max(got[(slot+1)%3], got[(slot+2)%3])
					if problem == "" || got[slot] < 1e-6*largest*(1-1e-12) {
						t.Fatalf("RepairInertia(%v) = %v (%q): moment %d below 1e-6 of the largest", in, got, problem, slot)
					}
					for i := range 3 {
						if got[i] > (got[(i+1)%3]+got[(i+2)%3])*(1+1e-12) {
							t.Fatalf("RepairInertia(%v) = %v breaks the triangle inequality", in, got)
						}
					}
				}
			}
		}
	}
}

// TestNearestPrincipalAxesTurnsLeast: for tensors that are diagonal in a
// frame turned by a small angle from the body's (then possibly with
// their axes permuted or equal moments), NearestPrincipalAxes
// reconstructs the tensor and turns the body by no more than that small
// angle — whichever order the moments come in, and with two or three
// moments equal (where any frame of the eigenspace would do).
func TestNearestPrincipalAxesTurnsLeast(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	moments := []convert.Vec3{{1, 2, 3}, {3, 1, 2}, {2, 3, 1}, {0.5, 4, 4}, {4, 0.5, 4}, {4, 4, 0.5}, {2, 2, 2}, {0.0016666666666666679, 0.021666666666666667, 0.021666666666666667}}
	for _, d := range moments {
		for _, angle := range []float64{0, 4.4e-8, 1e-4, 0.3} {
			axis := convert.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
			small := convert.AxisAngle(axis, angle)
			r := small.Mat()
			I := r.Mul(convert.Diag(d)).Mul(r.T())
			got, q := NearestPrincipalAxes(I)
			rq := q.Mat()
			back := rq.Mul(convert.Diag(got)).Mul(rq.T())
			if e := maxAbsDiff(back, I); e > 1e-12*d.Len() {
				t.Errorf("moments %v turned %g: reconstructs with error %g", d, angle, e)
			}
			turn := 2 * math.Acos(math.Min(1, math.Abs(q.Normalize()[3])))
			if turn > angle+1e-9 {
				t.Errorf("moments %v turned %g: the frame turns by %g", d, angle, turn)
			}
		}
	}
}
