package convert

import "math"

// Vec3 is a 3-vector (x, y, z).
type Vec3 [3]float64

// Quat is a unit quaternion [x y z w].
type Quat [4]float64

// Mat3 is a 3×3 matrix, row-major: m[row][col].
type Mat3 [3][3]float64

// Transform is translation, rotation and scale, applied scale first.
type Transform struct {
	T Vec3
	R Quat
	S Vec3
}

// Identity is the identity transform.
func Identity() Transform { return Transform{R: Quat{0, 0, 0, 1}, S: Vec3{1, 1, 1}} }

// IdentityQuat is the identity rotation.
func IdentityQuat() Quat { return Quat{0, 0, 0, 1} }

func (a Vec3) Add(b Vec3) Vec3      { return Vec3{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
func (a Vec3) Sub(b Vec3) Vec3      { return Vec3{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }
func (a Vec3) Scale(s float64) Vec3 { return Vec3{a[0] * s, a[1] * s, a[2] * s} }
func (a Vec3) Mul(b Vec3) Vec3      { return Vec3{a[0] * b[0], a[1] * b[1], a[2] * b[2]} }
func (a Vec3) Dot(b Vec3) float64   { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
func (a Vec3) Len() float64         { return math.Sqrt(a.Dot(a)) }
func (a Vec3) Neg() Vec3            { return Vec3{-a[0], -a[1], -a[2]} }
func (a Vec3) Cross(b Vec3) Vec3 {
	return Vec3{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}

// Normalize returns a unit vector, or the zero vector unchanged.
func (a Vec3) Normalize() Vec3 {
	l := a.Len()
	if l == 0 {
		return a
	}
	return a.Scale(1 / l)
}

// Mul composes rotations: q.Mul(p) applies p first, then q.
func (q Quat) Mul(p Quat) Quat {
	return Quat{
		q[3]*p[0] + q[0]*p[3] + q[1]*p[2] - q[2]*p[1],
		q[3]*p[1] - q[0]*p[2] + q[1]*p[3] + q[2]*p[0],
		q[3]*p[2] + q[0]*p[1] - q[1]*p[0] + q[2]*p[3],
		q[3]*p[3] - q[0]*p[0] - q[1]*p[1] - q[2]*p[2],
	}
}

// Conj is the inverse of a unit quaternion.
func (q Quat) Conj() Quat { return Quat{-q[0], -q[1], -q[2], q[3]} }

// Normalize returns q scaled to unit length (identity for the zero quaternion).
func (q Quat) Normalize() Quat {
	l := math.Sqrt(q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3])
	if l == 0 {
		return IdentityQuat()
	}
	return Quat{q[0] / l, q[1] / l, q[2] / l, q[3] / l}
}

// Rotate applies the rotation to v.
func (q Quat) Rotate(v Vec3) Vec3 {
	u := Vec3{q[0], q[1], q[2]}
	t := u.Cross(v).Scale(2)
	return v.Add(t.Scale(q[3])).Add(u.Cross(t))
}

// Mat returns the rotation matrix of q.
func (q Quat) Mat() Mat3 {
	x, y, z, w := q[0], q[1], q[2], q[3]
	return Mat3{
		{1 - 2*(y*y+z*z), 2 * (x*y - z*w), 2 * (x*z + y*w)},
		{2 * (x*y + z*w), 1 - 2*(x*x+z*z), 2 * (y*z - x*w)},
		{2 * (x*z - y*w), 2 * (y*z + x*w), 1 - 2*(x*x+y*y)},
	}
}

// AxisAngle returns the rotation of angle radians about axis.
func AxisAngle(axis Vec3, angle float64) Quat {
	a := axis.Normalize()
	s, c := math.Sincos(angle / 2)
	return Quat{a[0] * s, a[1] * s, a[2] * s, c}
}

// MinimalRotation takes the unit vector from to the unit vector v by the
// smallest turn, about flip when they are opposite (or equal: the angle
// is then 0).
func MinimalRotation(from, v, flip Vec3) Quat {
	ax := from.Cross(v)
	s := ax.Len()
	if s < 1e-10 {
		ax = flip
	} else {
		ax = ax.Scale(1 / s)
	}
	ang := math.Atan2(s, from.Dot(v))
	sn, c := math.Sincos(ang / 2)
	return Quat{ax[0] * sn, ax[1] * sn, ax[2] * sn, c}
}

// QuatFromMat converts a rotation matrix to a unit quaternion with w >= 0.
func QuatFromMat(m Mat3) Quat {
	var q Quat
	tr := m[0][0] + m[1][1] + m[2][2]
	switch {
	case tr > 0:
		s := math.Sqrt(tr+1) * 2
		q = Quat{(m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s, s / 4}
	case m[0][0] > m[1][1] && m[0][0] > m[2][2]:
		s := math.Sqrt(1+m[0][0]-m[1][1]-m[2][2]) * 2
		q = Quat{s / 4, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s, (m[2][1] - m[1][2]) / s}
	case m[1][1] > m[2][2]:
		s := math.Sqrt(1+m[1][1]-m[0][0]-m[2][2]) * 2
		q = Quat{(m[0][1] + m[1][0]) / s, s / 4, (m[1][2] + m[2][1]) / s, (m[0][2] - m[2][0]) / s}
	default:
		s := math.Sqrt(1+m[2][2]-m[0][0]-m[1][1]) * 2
		q = Quat{(m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, s / 4, (m[1][0] - m[0][1]) / s}
	}
	if q[3] < 0 {
		q = Quat{-q[0], -q[1], -q[2], -q[3]}
	}
	return q.Normalize()
}

// MulVec returns m·v.
func (m Mat3) MulVec(v Vec3) Vec3 {
	return Vec3{
		m[0][0]*v[0] + m[0][1]*v[1] + m[0][2]*v[2],
		m[1][0]*v[0] + m[1][1]*v[1] + m[1][2]*v[2],
		m[2][0]*v[0] + m[2][1]*v[1] + m[2][2]*v[2],
	}
}

// Mul returns m·n.
func (m Mat3) Mul(n Mat3) Mat3 {
	var r Mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = m[i][0]*n[0][j] + m[i][1]*n[1][j] + m[i][2]*n[2][j]
		}
	}
	return r
}

// T returns the transpose.
func (m Mat3) T() Mat3 {
	var r Mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = m[j][i]
		}
	}
	return r
}

// Add returns m+n.
func (m Mat3) Add(n Mat3) Mat3 {
	var r Mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = m[i][j] + n[i][j]
		}
	}
	return r
}

// ScaleBy returns s·m.
func (m Mat3) ScaleBy(s float64) Mat3 {
	var r Mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = m[i][j] * s
		}
	}
	return r
}

// Det is the determinant.
func (m Mat3) Det() float64 {
	return m[0][0]*(m[1][1]*m[2][2]-m[1][2]*m[2][1]) -
		m[0][1]*(m[1][0]*m[2][2]-m[1][2]*m[2][0]) +
		m[0][2]*(m[1][0]*m[2][1]-m[1][1]*m[2][0])
}

// Diag returns the diagonal matrix of v.
func Diag(v Vec3) Mat3 { return Mat3{{v[0], 0, 0}, {0, v[1], 0}, {0, 0, v[2]}} }

// Mul composes transforms: a.Mul(b) applies b first, then a (a is the
// parent). Non-uniform scale under a rotated child cannot be represented
// exactly as TRS; the result then keeps the child's rotation and the
// component-wise product of scales, as glTF viewers do for skew-free cases.
func (a Transform) Mul(b Transform) Transform {
	return Transform{
		T: a.Apply(b.T),
		R: a.R.Mul(b.R).Normalize(),
		S: a.S.Mul(b.S),
	}
}

// Apply maps a point from the transform's local frame to its parent frame.
func (a Transform) Apply(p Vec3) Vec3 { return a.R.Rotate(p.Mul(a.S)).Add(a.T) }

// Inverse returns the inverse of a transform whose scale is uniform or whose
// rotation is axis-aligned with it (the cases TRS can invert exactly).
func (a Transform) Inverse() Transform {
	inv := Vec3{1 / a.S[0], 1 / a.S[1], 1 / a.S[2]}
	r := a.R.Conj()
	return Transform{T: r.Rotate(a.T.Neg()).Mul(inv), R: r, S: inv}
}

// Rigid reports whether the transform has unit scale.
func (a Transform) Rigid() bool { return a.S == Vec3{1, 1, 1} }

// Matrix4 returns the column-major 4×4 matrix of the transform.
func (a Transform) Matrix4() [16]float64 {
	r := a.R.Mat()
	var m [16]float64
	for c := 0; c < 3; c++ {
		for row := 0; row < 3; row++ {
			m[c*4+row] = r[row][c] * a.S[c]
		}
	}
	m[12], m[13], m[14], m[15] = a.T[0], a.T[1], a.T[2], 1
	return m
}

// TransformFromMatrix4 decomposes a column-major affine matrix into TRS
// (positive scale unless the determinant is negative, then X is negated).
func TransformFromMatrix4(m [16]float64) Transform {
	var t Transform
	t.T = Vec3{m[12], m[13], m[14]}
	cols := [3]Vec3{{m[0], m[1], m[2]}, {m[4], m[5], m[6]}, {m[8], m[9], m[10]}}
	for i := range cols {
		t.S[i] = cols[i].Len()
	}
	var r Mat3
	for c := 0; c < 3; c++ {
		s := t.S[c]
		if s == 0 {
			s = 1
		}
		for row := 0; row < 3; row++ {
			r[row][c] = cols[c][row] / s
		}
	}
	if r.Det() < 0 {
		t.S[0] = -t.S[0]
		for row := 0; row < 3; row++ {
			r[row][0] = -r[row][0]
		}
	}
	t.R = QuatFromMat(r)
	return t
}

// Finite reports whether every component is a finite number.
func (a Vec3) Finite() bool {
	return !math.IsNaN(a[0]+a[1]+a[2]) && !math.IsInf(a[0]+a[1]+a[2], 0)
}

// Finite reports whether every component is a finite number.
func (q Quat) Finite() bool {
	s := q[0] + q[1] + q[2] + q[3]
	return !math.IsNaN(s) && !math.IsInf(s, 0)
}
