package crosscheck

import (
	"fmt"
	"math"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/kin"
)

// weldedAsStatic reads a moving body of got that want has as static, and
// that got welds to the world by a fixed joint want does not have, as the
// static body it is: a body fixed to the world never moves (an MJCF body
// without joints is read as a body welded to its parent). Only that exact
// equivalence is accepted; the weld joint goes, the mass (which a static
// body does not report) is cleared.
func weldedAsStatic(want, got *inspect.Report) {
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
					b.Kind, b.Mass, b.CenterOfMass, b.Inertia, b.Source = convert.Static, nil, nil, nil, inspect.SourceReport{}
				}
			}
			got.Joints = append(got.Joints[:k:k], got.Joints[k+1:]...)
			changed = true
			break
		}
	}
}

// jointNamesAsGiven drops the "#k" that display names add when a joint's
// node shares its name with another node (MJCF and URDF read a joint and
// a geom or link of one name as two nodes): a joint "j#2" of got is "j"
// when want has a joint "j" and got has none.
func jointNamesAsGiven(want, got *inspect.Report) {
	has := func(r *inspect.Report, name string) bool {
		for _, j := range r.Joints {
			if j.Name == name {
				return true
			}
		}
		return false
	}
	for k := range got.Joints {
		j := &got.Joints[k]
		if i := strings.LastIndex(j.Name, "#"); i > 0 {
			if base := j.Name[:i]; has(want, base) && !has(got, base) {
				j.Name = base
			}
		}
	}
}

// defaultMaterial spells out glTF's default material (friction 0.6,
// restitution 0) on colliders that have none: both mean the same, and
// targets whose engines default otherwise write it explicitly.
func defaultMaterial(r *inspect.Report) {
	def := convert.DefaultMaterial()
	for i := range r.Bodies {
		for k := range r.Bodies[i].Colliders {
			if s := &r.Bodies[i].Colliders[k]; s.Material == nil {
				s.Material = &def
			}
		}
	}
}

// withoutMeshDetail drops what reports say about mesh colliders beyond
// their pose: vertex counts (STL repeats vertices, Godot keeps a hull's
// points) and unbaked scale (MJCF and URDF bake it into the vertices).
// meshDiffs compares the meshes themselves instead.
func withoutMeshDetail(r *inspect.Report) {
	for i := range r.Bodies {
		for _, list := range [][]inspect.ShapeReport{r.Bodies[i].Colliders, r.Bodies[i].Triggers} {
			for k := range list {
				if s := &list[k]; s.Shape == convert.Convex || s.Shape == convert.TriMesh {
					s.Mesh, s.Scale = nil, nil
				}
			}
		}
	}
}

// meshCollider is a convex or trimesh collider's distinct vertices in
// world coordinates.
type meshCollider struct {
	node   string
	shape  convert.ShapeKind
	points []convert.Vec3
}

func meshColliders(g *convert.Graph) []meshCollider {
	names := convert.NodeNames(g)
	var out []meshCollider
	for i, n := range g.Nodes {
		if n.Collider == nil || n.Collider.Shape < 0 {
			continue
		}
		s := g.Shapes[n.Collider.Shape]
		if s.Kind != convert.Convex && s.Kind != convert.TriMesh || s.Mesh < 0 || s.Mesh >= len(g.Meshes) {
			continue
		}
		w := g.WorldTransform(i)
		mc := meshCollider{node: names[i], shape: s.Kind}
		for _, p := range g.Meshes[s.Mesh].Positions {
			q := w.Apply(p)
			if !containsPoint(mc.points, q) {
				mc.points = append(mc.points, q)
			}
		}
		out = append(out, mc)
	}
	return out
}

func closePoint(a, b convert.Vec3) bool {
	for k := 0; k < 3; k++ {
		if math.Abs(a[k]-b[k]) > 1e-9*math.Max(1, math.Max(math.Abs(a[k]), math.Abs(b[k]))) {
			return false
		}
	}
	return true
}

func containsPoint(ps []convert.Vec3, q convert.Vec3) bool {
	for _, p := range ps {
		if closePoint(p, q) {
			return true
		}
	}
	return false
}

func samePoints(a, b []convert.Vec3) bool {
	if len(a) != len(b) {
		return false
	}
	for _, p := range a {
		if !containsPoint(b, p) {
			return false
		}
	}
	return true
}

// meshDiffs matches the mesh colliders of two Graphs by their world
// vertices and lists those without a match, and those that match a mesh
// of the other kind (a triangle mesh read back as convex).
func meshDiffs(want, got *convert.Graph) []string {
	a, b := meshColliders(want), meshColliders(got)
	used := make([]bool, len(b))
	var out []string
	for _, sameKind := range []bool{true, false} {
		for i, x := range a {
			if x.points == nil {
				continue // matched
			}
			for k, y := range b {
				if used[k] || sameKind && x.shape != y.shape || !samePoints(x.points, y.points) {
					continue
				}
				used[k] = true
				if !sameKind {
					out = append(out, fmt.Sprintf("mesh: %s on %q: read back as %s", x.shape, x.node, y.shape))
				}
				a[i].points = nil
				break
			}
		}
	}
	for _, x := range a {
		if x.points != nil {
			out = append(out, fmt.Sprintf("mesh: %s on %q: no mesh in second with the same %d world vertices", x.shape, x.node, len(x.points)))
		}
	}
	for k, y := range b {
		if !used[k] {
			out = append(out, fmt.Sprintf("mesh: %s on %q: no mesh in first with the same %d world vertices", y.shape, y.node, len(y.points)))
		}
	}
	return out
}
