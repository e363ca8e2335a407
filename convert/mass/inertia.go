package mass

import (
	"fmt"
	"math"

	"github.com/physconv/physconv/convert"
)

// MassProps are the mass properties of a rigid body or part of one: mass
// (kg), centre of mass (m) and the inertia tensor about the centre of mass
// (kg·m²), the last two in one frame named by whoever returns them.
type MassProps struct {
	Mass    float64
	COM     convert.Vec3
	Inertia convert.Mat3
}

// degenerateTol is the relative gap under which two principal moments count
// as equal. Their eigenvectors are then undetermined, so PrincipalAxes picks
// them canonically instead of trusting rounding noise.
const degenerateTol = 1e-9

// PrincipalAxes diagonalises a symmetric inertia tensor. moments are sorted
// ascending; orient rotates principal-axis space into the tensor's frame, so
// I = R·diag(moments)·Rᵀ with R = orient.Mat().
//
// The result is deterministic: each axis has its largest component positive
// (the first two axes; the third completes a right-handed frame), and when
// moments agree within 1e-9 relative the axes of that eigenspace are chosen
// from the coordinate axes rather than from rounding noise, so tiny
// perturbations of a symmetric body do not spin its principal frame.
func PrincipalAxes(I convert.Mat3) (moments convert.Vec3, orient convert.Quat) {
	vals, vecs := jacobiEigen(symmetrize(I))
	// the three indices by moment, by a stable insertion sort (as
	// sort.SliceStable does for so few, without its allocations: every
	// body read with an inertia tensor comes here)
	order := [3]int{0, 1, 2}
	for i := 1; i < 3; i++ {
		for j := i; j > 0 && vals[order[j]] < vals[order[j-1]]; j-- {
			order[j], order[j-1] = order[j-1], order[j]
		}
	}
	var m convert.Vec3
	var axes [3]convert.Vec3
	for k, i := range order {
		m[k] = vals[i]
		axes[k] = convert.Vec3{vecs[0][i], vecs[1][i], vecs[2][i]}
	}
	scale := math.Max(math.Abs(m[0]), math.Abs(m[2]))
	same01 := math.Abs(m[1]-m[0]) <= degenerateTol*scale
	same12 := math.Abs(m[2]-m[1]) <= degenerateTol*scale
	switch {
	case same01 && same12:
		axes = [3]convert.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	case same01:
		u := canonicalSign(axes[2])
		a, b := planeBasis(u)
		axes = [3]convert.Vec3{a, b, u}
	case same12:
		u := canonicalSign(axes[0])
		a, b := planeBasis(u)
		axes = [3]convert.Vec3{u, a, b}
	default:
		axes[0] = canonicalSign(axes[0])
		axes[1] = canonicalSign(axes[1])
	}
	axes[2] = axes[0].Cross(axes[1]).Normalize()
	for k := range axes {
		m[k] = axes[k].Dot(I.MulVec(axes[k]))
	}
	var r convert.Mat3
	for k := 0; k < 3; k++ {
		for row := 0; row < 3; row++ {
			r[row][k] = axes[k][row]
		}
	}
	return m, convert.QuatFromMat(r)
}

// planeBasis returns an orthonormal pair spanning the plane normal to u,
// (a, b, u) right-handed, chosen from the coordinate axes so it does not
// depend on rounding noise: a is the coordinate axis least aligned with u,
// projected into the plane.
func planeBasis(u convert.Vec3) (convert.Vec3, convert.Vec3) {
	best := 0
	for i := 1; i < 3; i++ {
		if math.Abs(u[i]) < math.Abs(u[best])-1e-12 {
			best = i
		}
	}
	var e convert.Vec3
	e[best] = 1
	a := e.Sub(u.Scale(u.Dot(e))).Normalize()
	b := u.Cross(a).Normalize()
	return a, b
}

// canonicalSign flips v so its largest component (the first of near ties) is
// positive.
func canonicalSign(v convert.Vec3) convert.Vec3 {
	best := 0
	for i := 1; i < 3; i++ {
		if math.Abs(v[i]) > math.Abs(v[best])+1e-12 {
			best = i
		}
	}
	if v[best] < 0 {
		return v.Neg()
	}
	return v
}

func symmetrize(a convert.Mat3) convert.Mat3 {
	for i := 0; i < 3; i++ {
		for j := i + 1; j < 3; j++ {
			m := (a[i][j] + a[j][i]) / 2
			a[i][j], a[j][i] = m, m
		}
	}
	return a
}

// jacobiEigen returns the eigenvalues and eigenvectors (columns) of a
// symmetric matrix by cyclic Jacobi rotations, which converge quadratically
// and keep the vectors orthonormal to rounding.
func jacobiEigen(a convert.Mat3) (convert.Vec3, convert.Mat3) {
	v := convert.Mat3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	for sweep := 0; sweep < 50; sweep++ {
		off := a[0][1]*a[0][1] + a[0][2]*a[0][2] + a[1][2]*a[1][2]
		diag := a[0][0]*a[0][0] + a[1][1]*a[1][1] + a[2][2]*a[2][2]
		if off == 0 || off <= 1e-36*diag {
			break
		}
		for p := 0; p < 2; p++ {
			for q := p + 1; q < 3; q++ {
				if a[p][q] == 0 {
					continue
				}
				theta := (a[q][q] - a[p][p]) / (2 * a[p][q])
				t := 1 / (math.Abs(theta) + math.Sqrt(theta*theta+1))
				if theta < 0 {
					t = -t
				}
				c := 1 / math.Sqrt(t*t+1)
				s := t * c
				var j convert.Mat3
				j[0][0], j[1][1], j[2][2] = 1, 1, 1
				j[p][p], j[q][q], j[p][q], j[q][p] = c, c, s, -s
				a = j.T().Mul(a).Mul(j)
				a[p][q], a[q][p] = 0, 0
				v = v.Mul(j)
			}
		}
	}
	return convert.Vec3{a[0][0], a[1][1], a[2][2]}, v
}

// RepairInertia checks principal moments for physical validity: each must be
// positive and no moment may exceed the sum of the other two (the triangle
// inequality every real mass distribution satisfies). It returns the
// moments unchanged and an empty problem when they are valid, and otherwise
// repaired moments and a sentence describing what was wrong. Infinite
// moments (a body that cannot rotate about that axis) are valid and left
// alone.
//
// Repair: a non-positive moment is raised to the smallest value the triangle
// inequality allows (|a−b| of the other two, or 1e-6 of the largest when
// that is 0); then a moment exceeding the sum of the other two is lowered to
// that sum. When every moment is zero, negative or not a number there is
// nothing to scale from: the result has zeros and the problem says so; the
// caller must compute or default the inertia instead.
func RepairInertia(moments convert.Vec3) (convert.Vec3, string) {
	m := moments
	var problems []string
	largest := 0.0
	for _, x := range m {
		if !math.IsNaN(x) && !math.IsInf(x, 0) && x > largest {
			largest = x
		}
	}
	for i, x := range m {
		if math.IsNaN(x) || math.IsInf(x, -1) {
			problems = append(problems, fmt.Sprintf("moment %d is %v", i, x))
			m[i] = 0
		}
	}
	if largest == 0 {
		if len(problems) == 0 && math.IsInf(m[0], 1) && math.IsInf(m[1], 1) && math.IsInf(m[2], 1) {
			return moments, ""
		}
		return convert.Vec3{}, "every finite principal moment is zero, negative or not a number"
	}
	for i := range m {
		if m[i] <= 0 {
			j, k := (i+1)%3, (i+2)%3
			// the smallest moment the triangle inequality allows, but not
			// below 1e-6 of the largest: a difference of two nearly equal
			// moments (rounding) is no moment at all
			floor := math.Max(math.Abs(finiteOr(m[j], 0)-finiteOr(m[k], 0)), 1e-6*largest)
			problems = append(problems, fmt.Sprintf("moment %s is not positive", fmtNum(moments[i])))
			m[i] = floor
		}
	}
	for i := range m {
		j, k := (i+1)%3, (i+2)%3
		if math.IsInf(m[i], 1) || math.IsInf(m[j], 1) || math.IsInf(m[k], 1) {
			continue
		}
		if sum := m[j] + m[k]; m[i] > sum*(1+1e-12) {
			problems = append(problems, fmt.Sprintf("moment %s exceeds the sum of the other two (%s)", fmtNum(m[i]), fmtNum(sum)))
			m[i] = sum
		}
	}
	if len(problems) == 0 {
		return moments, ""
	}
	return m, joinSentences(problems)
}

func finiteOr(x, def float64) float64 {
	if math.IsInf(x, 0) || math.IsNaN(x) {
		return def
	}
	return x
}

func fmtNum(x float64) string { return fmt.Sprintf("%.6g", x) }

func joinSentences(s []string) string {
	out := ""
	for i, p := range s {
		if i > 0 {
			out += "; "
		}
		out += p
	}
	return out
}

// rotateTensor returns R·I·Rᵀ: the tensor I of a frame rotated by R,
// expressed in the outer frame.
func rotateTensor(I convert.Mat3, r convert.Mat3) convert.Mat3 { return r.Mul(I).Mul(r.T()) }

// ParallelAxis is the term m(|d|²E − d dᵀ) that moves an inertia tensor from
// the centre of mass to a point at offset d.
func ParallelAxis(m float64, d convert.Vec3) convert.Mat3 {
	dd := d.Dot(d)
	var out convert.Mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			out[i][j] = -m * d[i] * d[j]
			if i == j {
				out[i][j] += m * dd
			}
		}
	}
	return out
}

// CombineMass adds parts given in one frame: total mass, mass-weighted
// centre and the parallel-axis sum of the tensors about that centre.
func CombineMass(parts ...MassProps) MassProps {
	var out MassProps
	for _, p := range parts {
		out.Mass += p.Mass
		out.COM = out.COM.Add(p.COM.Scale(p.Mass))
	}
	if out.Mass <= 0 {
		return MassProps{}
	}
	out.COM = out.COM.Scale(1 / out.Mass)
	for _, p := range parts {
		out.Inertia = out.Inertia.Add(p.Inertia).Add(ParallelAxis(p.Mass, p.COM.Sub(out.COM)))
	}
	return out
}

// About returns the inertia tensor about point c (same frame as COM).
func (p MassProps) About(c convert.Vec3) convert.Mat3 {
	return p.Inertia.Add(ParallelAxis(p.Mass, p.COM.Sub(c)))
}

// Transformed moves mass properties by a rigid transform (scale ignored).
func (p MassProps) Transformed(t convert.Transform) MassProps {
	r := t.R.Normalize().Mat()
	return MassProps{Mass: p.Mass, COM: t.R.Normalize().Rotate(p.COM).Add(t.T), Inertia: rotateTensor(p.Inertia, r)}
}

// InertiaAbout is p's inertia scaled to mass m and taken about the point
// c (parallel-axis theorem): what a reader computes from the shapes when
// the file gives the mass and the centre of mass but not the inertia.
func (p MassProps) InertiaAbout(c convert.Vec3, m float64) convert.Mat3 {
	if p.Mass <= 0 {
		return convert.Mat3{}
	}
	return p.Inertia.Add(ParallelAxis(p.Mass, c.Sub(p.COM))).ScaleBy(m / p.Mass)
}

// NearestPrincipalAxes diagonalises I (a tensor in a body's frame) as
// PrincipalAxes does, but picks, among the principal frames, the one that
// turns the body's own axes least: each principal axis goes to the body
// axis it lies closest to, pointing the same way, and within equal moments
// the body's own axes are kept (projected into the eigenspace). A writer
// that must re-frame a body onto its principal axes then turns it by no
// more than the tensor's products of inertia require — a capsule whose
// tensor carries 1e-8 of rounding in its products turns by 1e-8, not by a
// quarter turn about its own axis (which moves contacts in an engine).
// moments are in the order of the frame's axes.
func NearestPrincipalAxes(I convert.Mat3) (moments convert.Vec3, orient convert.Quat) {
	m, q := PrincipalAxes(I)
	r := q.Mat()
	var axes [3]convert.Vec3
	for k := range axes {
		axes[k] = convert.Vec3{r[0][k], r[1][k], r[2][k]}
	}
	scale := math.Max(math.Abs(m[0]), math.Abs(m[2]))
	same01 := math.Abs(m[1]-m[0]) <= degenerateTol*scale
	same12 := math.Abs(m[2]-m[1]) <= degenerateTol*scale
	var out [3]convert.Vec3
	switch {
	case same01 && same12:
		out = [3]convert.Vec3{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	case same01 || same12:
		u := axes[2]
		if same12 {
			u = axes[0]
		}
		k := closestAxis(u)
		if u[k] < 0 {
			u = u.Neg()
		}
		i, j := (k+1)%3, (k+2)%3
		var ei convert.Vec3
		ei[i] = 1
		out[k] = u
		out[i] = ei.Sub(u.Scale(u.Dot(ei))).Normalize()
		out[j] = u.Cross(out[i]).Normalize() // (i, j, k) is cyclic
	default:
		taken := [3]bool{}
		for _, a := range axes {
			k := closestAxis(a)
			if taken[k] {
				// two axes closest to one body axis (45° apart): no
				// nearer frame to prefer
				return m, q
			}
			taken[k] = true
			if a[k] < 0 {
				a = a.Neg()
			}
			out[k] = a
		}
		if out[0].Cross(out[1]).Dot(out[2]) < 0 {
			return m, q
		}
	}
	var rot convert.Mat3
	for k := 0; k < 3; k++ {
		for row := 0; row < 3; row++ {
			rot[row][k] = out[k][row]
		}
		moments[k] = out[k].Dot(I.MulVec(out[k]))
	}
	return moments, convert.QuatFromMat(rot)
}

// closestAxis is the index of v's largest component in size.
func closestAxis(v convert.Vec3) int {
	best := 0
	for i := 1; i < 3; i++ {
		if math.Abs(v[i]) > math.Abs(v[best]) {
			best = i
		}
	}
	return best
}

// TriangleMargin is how far, relative to the largest, principal moments
// are kept inside the triangle inequality (A + B >= C) in a tensor
// written for a reader that finds the moments itself. MuJoCo refuses a
// body whose moments break it by any amount, and a tensor on the bound
// (a flat plate's or a thin ring's, C = A + B, or one repaired onto it)
// turned into the six numbers of a full tensor comes back from its
// eigen-solver a last bit over it as often as not.
const TriangleMargin = 1e-13

// ClearOfTriangleBound reports whether principal moments d satisfy the
// triangle inequality with margin (relative to the largest) to spare.
func ClearOfTriangleBound(d convert.Vec3, margin float64) bool {
	largest := max(d[0], d[1], d[2])
	for i := range 3 {
		j, k := (i+1)%3, (i+2)%3
		if d[j]+d[k]-d[i] < margin*largest {
			return false
		}
	}
	return true
}

// IntoTriangle returns principal moments d moved TriangleMargin inside
// the triangle inequality when they lie on it or within rounding of it:
// the smallest is raised until the other two are that far from breaking
// it, a change of the order of the margin times the largest moment.
// Moments clear of the bound, infinite or breaking it grossly (which
// RepairInertia handles) come back as they are.
func IntoTriangle(d convert.Vec3) convert.Vec3 {
	if math.IsInf(d[0], 0) || math.IsInf(d[1], 0) || math.IsInf(d[2], 0) || ClearOfTriangleBound(d, TriangleMargin) {
		return d
	}
	lo, hi := 0, 0
	for i := range 3 {
		if d[i] < d[lo] {
			lo = i
		}
		if d[i] > d[hi] {
			hi = i
		}
	}
	if lo == hi {
		return d
	}
	mid := 3 - lo - hi
	m := TriangleMargin * d[hi]
	if need := d[hi] - d[mid] + 1.5*m; d[lo] < need && need-d[lo] <= 1e-9*d[hi] {
		d[lo] = need
	}
	return d
}
