package inspect

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
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
	static := map[string]bool{}
	for _, b := range want.Bodies {
		if b.Kind == convert.Static {
			static[b.Name] = true
		}
	}
	wantJoints := map[string]bool{}
	for _, j := range want.Joints {
		wantJoints[j.Name] = true
	}
	for changed := true; changed; {
		changed = false
		kind := map[string]convert.BodyKind{}
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
