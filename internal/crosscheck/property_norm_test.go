package crosscheck

import (
	"fmt"
	"math"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

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
