package mjcf

import (
	"math"
	"math/bits"

	"github.com/physconv/physconv/convert"
)

const eps = 1e-14 // MuJoCo's mjEPS

// orientationNames are MJCF's orientation attributes, in the order in
// which the first present one is picked.
var orientationNames = [...]string{"quat", "axisangle", "euler", "xyaxes", "zaxis"}

// orientationIndex is name's place in orientationNames, -1 for another
// attribute.
func orientationIndex(name string) int {
	switch name {
	case "quat":
		return 0
	case "axisangle":
		return 1
	case "euler":
		return 2
	case "xyaxes":
		return 3
	case "zaxis":
		return 4
	}
	return -1
}

// orientationForm is the orientation attribute that places the element:
// its own (at most one), else the first its class gives; "" for none.
// owned counts the different orientation attributes the element itself
// spells (orientation refuses more than one). Every body, geom, site and
// frame asks, so the element's attributes are scanned once for all five
// names, and the class only when the element has none.
func orientationForm(a attrs) (form string, owned int) {
	var present uint8 // bit k: the element has orientationNames[k]
	for _, x := range a.e.Attrs {
		if k := orientationIndex(x.Name); k >= 0 {
			present |= 1 << k
		}
	}
	if present != 0 {
		return orientationNames[bits.TrailingZeros8(present)], bits.OnesCount8(present)
	}
	if len(a.def) == 0 {
		return "", 0
	}
	for _, k := range orientationNames {
		if _, ok := a.def[k]; ok { // the element has none of its own
			return k, 0
		}
	}
	return "", 0
}

// spelledQuat returns the element's quat as written (Graph order x, y,
// z, w), when it is its orientation: kept on the node
// (convert.ExtraRotationQuat) for writers that spell it back.
func (p *parser) spelledQuat(a attrs) (convert.Quat, bool) {
	if form, _ := orientationForm(a); form != "quat" {
		return convert.Quat{}, false
	}
	var buf [4]float64
	v, err := a.numsInto(buf[:0], "quat", 4, nil)
	if err != nil {
		return convert.Quat{}, false // orientation reports it
	}
	return convert.Quat{v[1], v[2], v[3], v[0]}, true
}

// spelledRPY returns the element's euler angles, in radians, when they
// are its orientation and turn about fixed axes X, then Y, then Z
// (eulerseq="XYZ", URDF's rpy): kept on the node
// (convert.ExtraRotationRPY) for writers that spell rotations so.
func (p *parser) spelledRPY(a attrs) (convert.Vec3, bool) {
	if form, _ := orientationForm(a); p.comp.eulerseq != "XYZ" || form != "euler" {
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
	pick, owned := orientationForm(a)
	if owned > 1 {
		return convert.Quat{}, errAt(a.e, "more than one orientation (quat, axisangle, euler, xyaxes, zaxis) given")
	}
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
	return convert.MinimalRotation(convert.Vec3{0, 0, 1}, v, convert.Vec3{1, 0, 0})
}

// xToVec is the minimal rotation taking +X to the unit vector v.
func xToVec(v convert.Vec3) convert.Quat {
	return convert.MinimalRotation(convert.Vec3{1, 0, 0}, v, convert.Vec3{0, 0, 1})
}
