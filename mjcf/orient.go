package mjcf

import (
	"math"

	"github.com/physconv/physconv/convert"
)

const eps = 1e-14 // MuJoCo's mjEPS

// orientationForm is the orientation attribute that places the element:
// its own (at most one), else the first its class gives; "" for none.
func orientationForm(a attrs) string {
	for _, k := range []string{"quat", "axisangle", "euler", "xyaxes", "zaxis"} {
		if _, ok := a.e.Attr(k); ok {
			return k
		}
	}
	for _, k := range []string{"quat", "axisangle", "euler", "xyaxes", "zaxis"} {
		if a.has(k) {
			return k
		}
	}
	return ""
}

// spelledRPY returns the element's euler angles, in radians, when they
// are its orientation and turn about fixed axes X, then Y, then Z
// (eulerseq="XYZ", URDF's rpy): kept on the node
// (convert.ExtraRotationRPY) for writers that spell rotations so.
func (p *parser) spelledRPY(a attrs) (convert.Vec3, bool) {
	if p.comp.eulerseq != "XYZ" || orientationForm(a) != "euler" {
		return convert.Vec3{}, false
	}
	var buf [3]float64
	v, err := a.numsInto(buf[:0], "euler", 3, nil)
	if err != nil {
		return convert.Vec3{}, false // orientation reports it
	}
	rpy := convert.Vec3{v[0], v[1], v[2]}
	if p.comp.degree {
		for k := range rpy {
			rpy[k] = rpy[k] / 180 * math.Pi // as orientation converts them
		}
	}
	return rpy, true
}

// orientation reads the one orientation form an element may carry (quat
// w-first, axisangle, euler with the compiler's eulerseq, xyaxes, zaxis),
// following MuJoCo's ResolveOrientation. Absent: identity.
func (p *parser) orientation(a attrs) (convert.Quat, error) {
	forms := 0
	for _, k := range []string{"quat", "axisangle", "euler", "xyaxes", "zaxis"} {
		if _, ok := a.e.Attr(k); ok {
			forms++
		}
	}
	if forms > 1 {
		return convert.Quat{}, errAt(a.e, "more than one orientation (quat, axisangle, euler, xyaxes, zaxis) given")
	}
	pick := orientationForm(a)
	var buf [6]float64 // the numbers of the longest form, xyaxes
	angle := func(x float64) float64 {
		if p.comp.degree {
			return x / 180 * math.Pi
		}
		return x
	}
	switch pick {
	case "quat":
		v, err := a.numsInto(buf[:0], "quat", 4, nil)
		if err != nil {
			return convert.Quat{}, err
		}
		q := convert.Quat{v[1], v[2], v[3], v[0]}
		if math.Sqrt(v[0]*v[0]+v[1]*v[1]+v[2]*v[2]+v[3]*v[3]) < eps {
			return convert.Quat{}, errAt(a.e, "quat is zero")
		}
		return q.Normalize(), nil
	case "axisangle":
		v, err := a.numsInto(buf[:0], "axisangle", 4, nil)
		if err != nil {
			return convert.Quat{}, err
		}
		ax := convert.Vec3{v[0], v[1], v[2]}
		if ax.Len() < eps {
			return convert.Quat{}, errAt(a.e, "axisangle axis is zero")
		}
		return convert.AxisAngle(ax, angle(v[3])), nil
	case "euler":
		v, err := a.numsInto(buf[:0], "euler", 3, nil)
		if err != nil {
			return convert.Quat{}, err
		}
		q := convert.IdentityQuat()
		for i := 0; i < 3; i++ {
			var ax convert.Vec3
			switch p.comp.eulerseq[i] {
			case 'x', 'X':
				ax = convert.Vec3{1, 0, 0}
			case 'y', 'Y':
				ax = convert.Vec3{0, 1, 0}
			default:
				ax = convert.Vec3{0, 0, 1}
			}
			r := convert.AxisAngle(ax, angle(v[i]))
			if p.comp.eulerseq[i] >= 'a' {
				q = q.Mul(r) // moving axes
			} else {
				q = r.Mul(q) // fixed axes
			}
		}
		return q.Normalize(), nil
	case "xyaxes":
		v, err := a.numsInto(buf[:0], "xyaxes", 6, nil)
		if err != nil {
			return convert.Quat{}, err
		}
		x := convert.Vec3{v[0], v[1], v[2]}
		if x.Len() < eps {
			return convert.Quat{}, errAt(a.e, "xyaxes x axis is zero")
		}
		x = x.Normalize()
		y := convert.Vec3{v[3], v[4], v[5]}
		y = y.Sub(x.Scale(x.Dot(y)))
		if y.Len() < eps {
			return convert.Quat{}, errAt(a.e, "xyaxes y axis is parallel to x or zero")
		}
		y = y.Normalize()
		z := x.Cross(y)
		return frameQuat(x, y, z), nil
	case "zaxis":
		v, err := a.vec3("zaxis", convert.Vec3{})
		if err != nil {
			return convert.Quat{}, err
		}
		if v.Len() < eps {
			return convert.Quat{}, errAt(a.e, "zaxis is zero")
		}
		return zToVec(v.Normalize()), nil
	}
	return convert.IdentityQuat(), nil
}

// frameQuat is the rotation whose matrix has columns x, y, z.
func frameQuat(x, y, z convert.Vec3) convert.Quat {
	return convert.QuatFromMat(convert.Mat3{{x[0], y[0], z[0]}, {x[1], y[1], z[1]}, {x[2], y[2], z[2]}})
}

// zToVec is the minimal rotation taking +Z to the unit vector v (MuJoCo's
// mjuu_z2quat, so a 180° turn goes about +X).
func zToVec(v convert.Vec3) convert.Quat {
	return minimalRotation(convert.Vec3{0, 0, 1}, v, convert.Vec3{1, 0, 0})
}

// xToVec is the minimal rotation taking +X to the unit vector v.
func xToVec(v convert.Vec3) convert.Quat {
	return minimalRotation(convert.Vec3{1, 0, 0}, v, convert.Vec3{0, 0, 1})
}

// minimalRotation takes the unit vector from to the unit vector v, about
// flip when they are opposite (or equal: the angle is then 0).
func minimalRotation(from, v, flip convert.Vec3) convert.Quat {
	ax := from.Cross(v)
	s := ax.Len()
	if s < 1e-10 {
		ax = flip
	} else {
		ax = ax.Scale(1 / s)
	}
	ang := math.Atan2(s, from.Dot(v))
	sn, c := math.Sincos(ang / 2)
	return convert.Quat{ax[0] * sn, ax[1] * sn, ax[2] * sn, c}
}
