package mjcf

import (
	"math"
	"slices"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// fitToMesh sizes and places a primitive geom of kind that names a mesh,
// as MuJoCo's compiler fits it: in the mesh's principal frame (its centre
// of mass and axes of inertia, largest moment first), to the box of equal
// inertia (the default) or, under compiler fitaabb, to the mesh's
// bounding box in that frame, scaled by the geom's fitscale. It returns
// MuJoCo's size attribute for the primitive and its frame in the geom's.
func (p *parser) fitToMesh(e *Element, a attrs, kind string) ([3]float64, convert.Transform, error) {
	var size [3]float64
	switch kind {
	case "sphere", "capsule", "cylinder", "ellipsoid", "box":
	default:
		return size, convert.Transform{}, errAt(e, "a %s geom cannot be fitted to a mesh", kind)
	}
	name := a.str("mesh", "")
	m := p.meshes[name]
	if m == nil {
		return size, convert.Transform{}, errAt(e, "unknown mesh %q", name)
	}
	if m.inertia == "shell" {
		return size, convert.Transform{}, &convert.UnsupportedError{Path: p.path(e), Msg: "mjcf: fitting a primitive to a mesh of shell inertia is not supported"}
	}
	md, err := p.massData(m)
	if err != nil {
		return size, convert.Transform{}, err
	}
	// principal axes, largest moment first, as a right-handed frame
	moments, q := mass.PrincipalAxes(md.inertia)
	r := q.Mat()
	order := []int{0, 1, 2}
	slices.SortStableFunc(order, func(i, j int) int {
		switch {
		case moments[i] > moments[j]:
			return -1
		case moments[i] < moments[j]:
			return 1
		}
		return 0
	})
	var axes [3]convert.Vec3
	var eig [3]float64
	for k, i := range order {
		axes[k] = convert.Vec3{r[0][i], r[1][i], r[2][i]}
		eig[k] = moments[i]
	}
	if axes[0].Cross(axes[1]).Dot(axes[2]) < 0 {
		axes[2] = axes[2].Neg()
	}
	frame := convert.Mat3{{axes[0][0], axes[1][0], axes[2][0]}, {axes[0][1], axes[1][1], axes[2][1]}, {axes[0][2], axes[1][2], axes[2][2]}}
	var centre, half convert.Vec3
	if !p.comp.fitAABB {
		for k := range 3 {
			half[k] = 0.5 * math.Sqrt(6*(eig[(k+1)%3]+eig[(k+2)%3]-eig[k])/md.volume)
		}
	} else {
		lo := convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}
		hi := lo.Neg()
		for _, v := range p.g.Meshes[m.mesh].Positions {
			d := v.Sub(md.com)
			for k := range 3 {
				c := axes[k].Dot(d)
				lo[k], hi[k] = math.Min(lo[k], c), math.Max(hi[k], c)
			}
		}
		centre = lo.Add(hi).Scale(0.5)
		half = hi.Sub(centre)
	}
	switch kind {
	case "sphere":
		if p.comp.fitAABB {
			size[0] = max(half[0], half[1], half[2])
		} else {
			size[0] = (half[0] + half[1] + half[2]) / 3
		}
	case "capsule", "cylinder":
		if p.comp.fitAABB {
			size[0], size[1] = max(half[0], half[1]), half[2]
			if kind == "capsule" {
				size[1] -= size[0]
			}
		} else {
			size[0], size[1] = (half[0]+half[1])/2, half[2]
			if kind == "capsule" {
				size[1] = max(0, half[2]-size[0]/2)
			}
		}
	default: // box, ellipsoid
		size = [3]float64(half)
	}
	scale, err := a.num("fitscale", 1)
	if err != nil {
		return size, convert.Transform{}, err
	}
	for k := range size {
		size[k] *= scale
	}
	rot := convert.QuatFromMat(frame)
	return size, convert.Transform{T: md.com.Add(rot.Rotate(centre)), R: rot, S: convert.Vec3{1, 1, 1}}, nil
}
