package inspect

import (
	"container/heap"
	"slices"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/convert/mass"
)

// Equate rewrites two reports (want the source's, got another file's) so
// that Diff sees only physical differences, not different spellings of
// the same physics: Align's names, a body welded to the world read back as
// the static body it is (WeldedAsStatic), a joint written as a chain of
// joints through dummy bodies compared as that chain (ChainedJoints),
// glTF's default material spelt out (DefaultMaterial) and mesh colliders
// without their vertex counts and unbaked scale (WithoutMeshDetail;
// compare the meshes themselves apart).
func Equate(want, got *Report, tol float64) {
	Align(want, got, tol)
	// both ways: a writer may also turn a welded body into a static one
	WeldedAsStatic(want, got)
	WeldedAsStatic(got, want)
	WeldedFused(want, got)
	WeldedFused(got, want)
	ChainedJoints(want, got)
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
	if !anyOfKind(got.Joints, kin.KindFixed) {
		return // nothing welds a body to the world
	}
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
	kind := make(map[string]convert.BodyKind, len(got.Bodies)) // the last body of a name decides
	for _, b := range got.Bodies {
		kind[b.Name] = b.Kind
	}
	world := func(name string) bool { return name == "" || kind[name] == convert.Static }
	removed := make([]bool, len(got.Joints))
	// welded is the body joint k welds to the world, if it is one to read
	// as static now
	welded := func(k int) (string, bool) {
		j := got.Joints[k]
		if removed[k] || wantJoints[j.Name] || j.Kind != kin.KindFixed {
			return "", false
		}
		switch {
		case world(j.BodyA) && static[j.BodyB] && !world(j.BodyB):
			return j.BodyB, true
		case world(j.BodyB) && static[j.BodyA] && !world(j.BodyA):
			return j.BodyA, true
		}
		return "", false
	}
	// The first such joint in order, each time, as a scan from the start
	// after every change would find: a change touches only the joints of
	// the body made static, which are looked at again.
	var next jointQueue
	for k := range got.Joints {
		if _, ok := welded(k); ok {
			heap.Push(&next, k)
		}
	}
	if next.Len() == 0 {
		return
	}
	bodies := map[string][]int{}
	for i, b := range got.Bodies {
		bodies[b.Name] = append(bodies[b.Name], i)
	}
	touching := map[string][]int{}
	for k, j := range got.Joints {
		touching[j.BodyA] = append(touching[j.BodyA], k)
		touching[j.BodyB] = append(touching[j.BodyB], k)
	}
	any := false
	for next.Len() > 0 {
		k := heap.Pop(&next).(int)
		body, ok := welded(k)
		if !ok {
			continue
		}
		for _, i := range bodies[body] {
			b := &got.Bodies[i]
			b.Kind, b.Mass, b.CenterOfMass, b.Inertia, b.Source = convert.Static, nil, nil, nil, SourceReport{}
		}
		kind[body] = convert.Static
		removed[k], any = true, true
		for _, k2 := range touching[body] {
			if _, ok := welded(k2); ok {
				heap.Push(&next, k2)
			}
		}
	}
	if any {
		got.Joints = dropJoints(got.Joints, removed)
	}
}

// anyOfKind reports whether some joint is of kind: the normalisations
// that read welds need not index reports without one.
func anyOfKind(joints []JointReport, kind string) bool {
	for _, j := range joints {
		if j.Kind == kind {
			return true
		}
	}
	return false
}

// jointQueue is a min-heap of joint indices: the earliest joint first.
type jointQueue []int

func (q jointQueue) Len() int           { return len(q) }
func (q jointQueue) Less(i, j int) bool { return q[i] < q[j] }
func (q jointQueue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *jointQueue) Push(x any)        { *q = append(*q, x.(int)) }
func (q *jointQueue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// dropJoints returns a new list of the joints not removed, in order.
func dropJoints(joints []JointReport, removed []bool) []JointReport {
	out := make([]JointReport, 0, len(joints))
	for k, j := range joints {
		if !removed[k] {
			out = append(out, j)
		}
	}
	return out
}

// WeldedFused reads two moving bodies of want that a fixed joint holds
// together, where got has one of them and neither the other nor the
// joint, as the one body they are (as MuJoCo compiles a weld, and as
// Godot output writes one): mass summed, centre of mass and inertia
// combined about it, shapes joined, the joint gone, joints to the other
// body now to it. The joints are taken in order, the first that can be
// fused each time (as a scan from the start after every change would);
// a fusion changes only the joints of the two bodies, which are looked at
// again.
func WeldedFused(want, got *Report) {
	if !anyOfKind(want.Joints, kin.KindFixed) {
		return // no weld to fuse
	}
	gotBody := make(map[string]bool, len(got.Bodies))
	for _, b := range got.Bodies {
		gotBody[b.Name] = true
	}
	gotJoint := make(map[string]bool, len(got.Joints))
	for _, j := range got.Joints {
		gotJoint[j.Name] = true
	}
	// the bodies of each name, in order, while they are not fused away
	bodies := map[string][]int{}
	for i, b := range want.Bodies {
		if b.Name != "" {
			bodies[b.Name] = append(bodies[b.Name], i)
		}
	}
	index := func(name string) int {
		if list := bodies[name]; len(list) > 0 {
			return list[0]
		}
		return -1
	}
	goneBody, goneJoint := make([]bool, len(want.Bodies)), make([]bool, len(want.Joints))
	// the joints a body's zero (or negative) mass keeps from fusing, by body
	massBlocked := map[string][]int{}
	// fusable is the pair of bodies (the one got has first) joint k holds
	// together, if they are to be fused now
	fusable := func(k int) (int, int, bool) {
		j := want.Joints[k]
		if goneJoint[k] || j.Kind != kin.KindFixed || gotJoint[j.Name] {
			return 0, 0, false
		}
		a, b := index(j.BodyA), index(j.BodyB)
		if a < 0 || b < 0 || a == b {
			return 0, 0, false
		}
		switch {
		case gotBody[j.BodyA] && !gotBody[j.BodyB]:
		case gotBody[j.BodyB] && !gotBody[j.BodyA]:
			a, b = b, a
		default:
			return 0, 0, false
		}
		x, y := &want.Bodies[a], &want.Bodies[b]
		if !withMass(x, y) {
			return 0, 0, false
		}
		if !(float64(*x.Mass)+float64(*y.Mass) > 0) {
			// a fusion into either body changes its mass: look again then
			massBlocked[x.Name] = append(massBlocked[x.Name], k)
			massBlocked[y.Name] = append(massBlocked[y.Name], k)
			return 0, 0, false
		}
		return a, b, true
	}
	var next jointQueue
	for k := range want.Joints {
		if _, _, ok := fusable(k); ok {
			heap.Push(&next, k)
		}
	}
	if next.Len() == 0 {
		return
	}
	// the joints on each body, as fusions move them (until the first,
	// the bodies are as the report has them)
	touching := map[string][]int{}
	for k, j := range want.Joints {
		touching[j.BodyA] = append(touching[j.BodyA], k)
		if j.BodyB != j.BodyA {
			touching[j.BodyB] = append(touching[j.BodyB], k)
		}
	}
	any := false
	for next.Len() > 0 {
		k := heap.Pop(&next).(int)
		a, b, ok := fusable(k)
		if !ok {
			continue
		}
		fuse(&want.Bodies[a], &want.Bodies[b])
		kept, gone := want.Bodies[a].Name, want.Bodies[b].Name
		goneBody[b], goneJoint[k], any = true, true, true
		bodies[gone] = slices.DeleteFunc(bodies[gone], func(i int) bool { return i == b })
		moved := touching[gone]
		for _, k2 := range moved {
			if want.Joints[k2].BodyA == gone {
				want.Joints[k2].BodyA = kept
			}
			if want.Joints[k2].BodyB == gone {
				want.Joints[k2].BodyB = kept
			}
		}
		if len(bodies[gone]) == 0 {
			delete(touching, gone)
		}
		touching[kept] = append(touching[kept], moved...)
		// what the fusion can change: the joints now on the kept body
		// instead of the gone one, those on a body of that name still
		// there, and those waiting for either body's mass
		again := [][]int{moved, touching[gone], massBlocked[kept], massBlocked[gone]}
		delete(massBlocked, kept)
		delete(massBlocked, gone)
		for _, list := range again {
			for _, k2 := range list {
				if _, _, ok := fusable(k2); ok {
					heap.Push(&next, k2)
				}
			}
		}
	}
	if any {
		want.Joints = dropJoints(want.Joints, goneJoint)
		kept := make([]BodyReport, 0, len(want.Bodies))
		for i, b := range want.Bodies {
			if !goneBody[i] {
				kept = append(kept, b)
			}
		}
		want.Bodies = kept
	}
}

// fusible reports whether fuse can add moving body y to x: both dynamic,
// with mass properties, of positive total mass.
func fusible(x, y *BodyReport) bool {
	return withMass(x, y) && float64(*x.Mass)+float64(*y.Mass) > 0
}

// withMass reports whether x and y are dynamic with mass properties.
func withMass(x, y *BodyReport) bool {
	return x.Kind == convert.Dynamic && y.Kind == convert.Dynamic && x.Mass != nil && y.Mass != nil && x.CenterOfMass != nil &&
		y.CenterOfMass != nil && x.Inertia != nil && y.Inertia != nil
}

// fuse adds moving body y to x; false when they are not fusible.
func fuse(x, y *BodyReport) bool {
	if !fusible(x, y) {
		return false
	}
	mx, my := float64(*x.Mass), float64(*y.Mass)
	m := mx + my
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
