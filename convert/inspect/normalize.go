package inspect

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/convert/mass"
)

// Equate rewrites two reports (want the source's, got another file's) so
// that Diff sees only physical differences, not different spellings of
// the same physics: Align's names, a body welded to the world read back as
// the static body it is (WeldedAsStatic), glTF's default material spelt
// out (DefaultMaterial) and mesh colliders without their vertex counts and
// unbaked scale (WithoutMeshDetail; compare the meshes themselves apart).
func Equate(want, got *Report, tol float64) {
	Align(want, got, tol)
	// both ways: a writer may also turn a welded body into a static one
	WeldedAsStatic(want, got)
	WeldedAsStatic(got, want)
	WeldedFused(want, got)
	WeldedFused(got, want)
	DefaultMaterial(want)
	DefaultMaterial(got)
	WithoutMeshDetail(want)
	WithoutMeshDetail(got)
}

// WeldedAsStatic reads a moving body of got that want has as static, and
// that got welds to the world by a fixed joint want does not have, as the
// static body it is: a body fixed to the world never moves (an MJCF body
// without joints is read as a body welded to its parent). Only that exact
// equivalence is accepted; the weld joint goes, the mass (which a static
// body does not report) is cleared.
func WeldedAsStatic(want, got *Report) {
	static := make(map[string]bool, len(want.Bodies))
	for _, b := range want.Bodies {
		if b.Kind == convert.Static {
			static[b.Name] = true
		}
	}
	wantJoints := make(map[string]bool, len(want.Joints))
	for _, j := range want.Joints {
		wantJoints[j.Name] = true
	}
	for changed := true; changed; {
		changed = false
		kind := make(map[string]convert.BodyKind, len(got.Bodies))
		for _, b := range got.Bodies {
			kind[b.Name] = b.Kind
		}
		world := func(name string) bool { return name == "" || kind[name] == convert.Static }
		for k, j := range got.Joints {
			if wantJoints[j.Name] || j.Kind != kin.KindFixed {
				continue
			}
			body := ""
			switch {
			case world(j.BodyA) && static[j.BodyB] && !world(j.BodyB):
				body = j.BodyB
			case world(j.BodyB) && static[j.BodyA] && !world(j.BodyA):
				body = j.BodyA
			default:
				continue
			}
			for i := range got.Bodies {
				if b := &got.Bodies[i]; b.Name == body {
					b.Kind, b.Mass, b.CenterOfMass, b.Inertia, b.Source = convert.Static, nil, nil, nil, SourceReport{}
				}
			}
			got.Joints = append(got.Joints[:k:k], got.Joints[k+1:]...)
			changed = true
			break
		}
	}
}

// WeldedFused reads two moving bodies of want that a fixed joint holds
// together, where got has one of them and neither the other nor the
// joint, as the one body they are (as MuJoCo compiles a weld, and as
// Godot output writes one): mass summed, centre of mass and inertia
// combined about it, shapes joined, the joint gone, joints to the other
// body now to it.
func WeldedFused(want, got *Report) {
	gotBody := make(map[string]bool, len(got.Bodies))
	for _, b := range got.Bodies {
		gotBody[b.Name] = true
	}
	gotJoint := make(map[string]bool, len(got.Joints))
	for _, j := range got.Joints {
		gotJoint[j.Name] = true
	}
	index := func(name string) int {
		for i, b := range want.Bodies {
			if b.Name == name && name != "" {
				return i
			}
		}
		return -1
	}
	for changed := true; changed; {
		changed = false
		for k, j := range want.Joints {
			if j.Kind != kin.KindFixed || gotJoint[j.Name] {
				continue
			}
			a, b := index(j.BodyA), index(j.BodyB)
			if a < 0 || b < 0 || a == b {
				continue
			}
			switch {
			case gotBody[j.BodyA] && !gotBody[j.BodyB]:
			case gotBody[j.BodyB] && !gotBody[j.BodyA]:
				a, b = b, a
			default:
				continue
			}
			if !fuse(&want.Bodies[a], &want.Bodies[b]) {
				continue
			}
			kept, gone := want.Bodies[a].Name, want.Bodies[b].Name
			want.Bodies = append(want.Bodies[:b:b], want.Bodies[b+1:]...)
			want.Joints = append(want.Joints[:k:k], want.Joints[k+1:]...)
			for i := range want.Joints {
				if want.Joints[i].BodyA == gone {
					want.Joints[i].BodyA = kept
				}
				if want.Joints[i].BodyB == gone {
					want.Joints[i].BodyB = kept
				}
			}
			changed = true
			break
		}
	}
}

// fuse adds moving body y to x; false when either lacks mass properties.
func fuse(x, y *BodyReport) bool {
	if x.Kind != convert.Dynamic || y.Kind != convert.Dynamic || x.Mass == nil || y.Mass == nil || x.CenterOfMass == nil ||
		y.CenterOfMass == nil || x.Inertia == nil || y.Inertia == nil {
		return false
	}
	mx, my := float64(*x.Mass), float64(*y.Mass)
	m := mx + my
	if !(m > 0) {
		return false
	}
	cx, cy := *x.CenterOfMass, *y.CenterOfMass
	c := cx.Scale(mx / m).Add(cy.Scale(my / m))
	shift := mass.ParallelAxis(mx, cx.Sub(c)).Add(mass.ParallelAxis(my, cy.Sub(c)))
	var t [3][3]Num
	for r := 0; r < 3; r++ {
		for col := 0; col < 3; col++ {
			t[r][col] = x.Inertia[r][col] + y.Inertia[r][col] + Num(shift[r][col])
		}
	}
	total := Num(m)
	x.Mass, x.CenterOfMass, x.Inertia = &total, &c, &t
	x.Colliders = append(x.Colliders, y.Colliders...)
	x.Triggers = append(x.Triggers, y.Triggers...)
	return true
}

// DefaultMaterial spells out glTF's default material (friction 0.6,
// restitution 0) on colliders that have none: both mean the same, and
// targets whose engines default otherwise write it explicitly.
func DefaultMaterial(r *Report) {
	def := convert.DefaultMaterial()
	for i := range r.Bodies {
		for k := range r.Bodies[i].Colliders {
			if s := &r.Bodies[i].Colliders[k]; s.Material == nil {
				s.Material = &def
			}
		}
	}
}

// WithoutMeshDetail drops what reports say about mesh colliders beyond
// their pose: vertex counts (STL repeats vertices, Godot keeps a hull's
// points, a mesh read on demand has none yet) and unbaked scale (MJCF and
// URDF bake it into the vertices).
func WithoutMeshDetail(r *Report) {
	for i := range r.Bodies {
		for _, list := range [][]ShapeReport{r.Bodies[i].Colliders, r.Bodies[i].Triggers} {
			for k := range list {
				if s := &list[k]; s.Shape == convert.Convex || s.Shape == convert.TriMesh {
					s.Mesh, s.Scale = nil, nil
				}
			}
		}
	}
}
