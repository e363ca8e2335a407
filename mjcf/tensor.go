package mjcf

import (
	"math"

	"github.com/physconv/physconv/convert"
)

// symmetric returns (m+mᵀ)/2, removing rounding asymmetry.
func symmetric(m convert.Mat3) convert.Mat3 {
	return m.Add(m.T()).ScaleBy(0.5)
}

// rotateTensor returns R·I·Rᵀ.
func rotateTensor(q convert.Quat, i convert.Mat3) convert.Mat3 {
	r := q.Mat()
	return r.Mul(i).Mul(r.T())
}

// muJoCoEigEps is the absolute tolerance of MuJoCo's mjuu_eig3.
const muJoCoEigEps = 1e-12

// mujocoEig3 diagonalises a symmetric tensor the way MuJoCo's compiler
// does (Jacobi rotations accumulated in a quaternion, stopping at an
// absolute off-diagonal tolerance of 1e-12, eigenvalues sorted in
// decreasing order). Its tolerance matters: MuJoCo runs it on unit-density
// mesh inertia, so small meshes keep their axes and lose their products
// of inertia, and matching MuJoCo means doing the same.
func mujocoEig3(m convert.Mat3) (convert.Vec3, convert.Quat) {
	q := convert.IdentityQuat()
	var eig convert.Vec3
	for iter := 0; iter < 500; iter++ {
		r := q.Mat()
		d := r.T().Mul(m).Mul(r)
		eig = convert.Vec3{d[0][0], d[1][1], d[2][2]}
		rk, ck, rotk := 1, 2, 0
		switch {
		case math.Abs(d[0][1]) > math.Abs(d[0][2]) && math.Abs(d[0][1]) > math.Abs(d[1][2]):
			rk, ck, rotk = 0, 1, 2
		case math.Abs(d[0][2]) > math.Abs(d[1][2]):
			rk, ck, rotk = 0, 2, 1
		}
		off := d[rk][ck]
		if math.Abs(off) < muJoCoEigEps {
			break
		}
		tau := (d[ck][ck] - d[rk][rk]) / (2 * off)
		var t float64
		if tau >= 0 {
			t = 1 / (tau + math.Sqrt(1+tau*tau))
		} else {
			t = -1 / (-tau + math.Sqrt(1+tau*tau))
		}
		c := 1 / math.Sqrt(1+t*t)
		if c > 1-muJoCoEigEps {
			break
		}
		s := math.Sqrt(0.5 - 0.5*c)
		if tau >= 0 {
			s = -s
		}
		if rotk == 1 {
			s = -s
		}
		var rot convert.Quat
		rot[rotk] = s
		rot[3] = math.Sqrt(1 - s*s)
		q = q.Mul(rot.Normalize()).Normalize()
	}
	for j := 0; j < 3; j++ {
		j1 := j % 2
		if eig[j1]+muJoCoEigEps < eig[j1+1] {
			eig[j1], eig[j1+1] = eig[j1+1], eig[j1]
			var rot convert.Quat
			rot[3] = 0.707106781186548
			rot[(j1+2)%3] = 0.707106781186548
			q = q.Mul(rot).Normalize()
		}
	}
	return eig, q
}
