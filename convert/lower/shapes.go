package lower

import (
	"math"

	"github.com/physconv/physconv/convert"
)

// shape returns the index of a shape the row allows in place of shape s
// (s itself when nothing changes), or -1 when it is dropped; p names the
// use in diagnostics. Every change is a new shape; the source one stays
// for other uses (a visual) and compact removes it when none is left.
func (l *lowerer) shape(s int, subj convert.Subject) int {
	if s < 0 || s >= len(l.g.Shapes) {
		return s
	}
	key := use{shape: s, visual: subj.Kind == convert.SubjectVisual}
	if !key.visual && l.caps.Shapes.StillTriMeshes && l.g.Shapes[s].Kind == convert.TriMesh {
		key.dynamic = l.dynamicBody(subj.Body)
	}
	to, ok := l.shapes[key]
	if !ok {
		var d change
		to, d = l.lowerShape(s, key)
		l.shapes[key] = to
		l.said[key] = d
	}
	for _, d := range l.said[key] {
		d.Subject, d.Path = subj, l.g.NodeLabel(subj.Node)
		l.diags = append(l.diags, d)
	}
	return to
}

// use is a shape as a collider or trigger, or as a visual: the rows and
// the mesh checks differ; and, for a triangle mesh on a target with
// StillTriMeshes, whether its body is dynamic.
type use struct {
	shape   int
	visual  bool
	dynamic bool
}

// dynamicBody reports whether body node b moves by dynamics.
func (l *lowerer) dynamicBody(b int) bool {
	if b < 0 || b >= len(l.g.Nodes) {
		return false
	}
	m := l.g.Nodes[b].Motion
	return m != nil && m.Kind == convert.Dynamic
}

// change is what happened to one shape: the diagnostics to repeat on each
// node using it.
type change []convert.Diagnostic

// lowerShape applies the policies in turn until the shape is in the row or
// dropped. Steps chain: a heightfield becomes a triangle mesh, which
// becomes a convex hull where the row has no triangle meshes.
func (l *lowerer) lowerShape(s int, key use) (int, change) {
	visual := key.visual
	var said change
	say := func(code convert.Code, format string, args ...any) {
		said = append(said, convert.NewDiagnostic(code, convert.Subject{}, "", format, args...))
	}
	g, caps := l.g, l.caps
	row := &caps.Shapes
	if visual {
		row = &caps.VisualShapes
	}
	cur := s
	approx, slab := false, false
	for step := 0; step < 4; step++ {
		sh := g.Shapes[cur]
		next, ok := sh, true
		switch sh.Kind {
		case convert.Capsule, convert.Cylinder:
			if !row.Has(sh.Kind) {
				ok = false
				break
			}
			if row.Tapered(sh) {
				return l.done(s, cur, approx), said
			}
			r := math.Max(sh.RadiusTop, sh.RadiusBottom)
			next.RadiusTop, next.RadiusBottom = r, r
			say(convert.CodeShapeApproximated, "this format has no tapered %s; radii %g (top) and %g (bottom) are written as the larger, %g, which encloses the shape", sh.Kind, sh.RadiusTop, sh.RadiusBottom, r)
			approx = true
		case convert.Ellipsoid:
			if row.Has(convert.Ellipsoid) || row.RevolvedEllipsoids && sh.Size[0] == sh.Size[2] {
				return l.done(s, cur, approx), said
			}
			if r := sh.Size[0]; r == sh.Size[1] && r == sh.Size[2] && row.Has(convert.Sphere) {
				next = convert.Shape{Kind: convert.Sphere, Name: sh.Name, Radius: r, Mesh: -1}
				say(convert.CodeShapeConverted, "this format has no ellipsoid; its three equal semi-axes make it a sphere of radius %g", r)
				break
			}
			pos, idx := ellipsoidMesh(sh.Size)
			m := g.AddMesh(convert.Mesh{Name: sh.Name, Positions: pos, Indices: idx, Loaded: true})
			next = convert.Shape{Kind: convert.Convex, Name: sh.Name, Mesh: m}
			say(convert.CodeShapeApproximated, "this format has no ellipsoid; semi-axes %v are written as a convex mesh of %d vertices", sh.Size, len(pos))
			approx = true
		case convert.Heightfield:
			if row.Has(convert.Heightfield) {
				return l.done(s, cur, approx), said
			}
			f := sh.Field
			if f == nil || f.Rows < 2 || f.Columns < 2 || len(f.Heights) != f.Rows*f.Columns {
				say(convert.CodeShapeDropped, "heightfield without samples; dropped")
				return l.done(s, -1, approx), said
			}
			pos, idx := f.Triangles()
			m := g.AddMesh(convert.Mesh{Name: sh.Name, Positions: pos, Indices: idx, Loaded: true})
			next = convert.Shape{Kind: convert.TriMesh, Name: sh.Name, Mesh: m}
			say(convert.CodeShapeConverted, "this format has no heightfield; written as a triangle mesh of %d×%d samples", f.Columns, f.Rows)
		case convert.TriMesh:
			still := key.dynamic && row.StillTriMeshes
			if row.Has(convert.TriMesh) && !still {
				if visual {
					return l.done(s, cur, approx), said
				}
				return l.mesh(s, cur, approx, &said)
			}
			if !row.Has(convert.Convex) {
				ok = false
				break
			}
			next.Kind = convert.Convex
			if still {
				say(convert.CodeShapeApproximated, "this format's engine collides triangle meshes only on bodies that are not dynamic (a dynamic body's falls through a static mesh); the mesh is written as its convex hull")
			} else {
				say(convert.CodeShapeApproximated, "this format's readers collide with the convex hull of a triangle mesh; the mesh is written as a convex shape")
			}
			approx = true
		case convert.Convex:
			if !row.Has(convert.Convex) {
				ok = false
				break
			}
			if visual {
				return l.done(s, cur, approx), said
			}
			return l.mesh(s, cur, approx, &said)
		case convert.Plane:
			infinite := sh.SizeX <= 0 || sh.SizeZ <= 0
			if row.Has(convert.Plane) && (infinite && row.InfinitePlanes || !infinite && row.FinitePlanes) {
				return l.done(s, cur, approx), said
			}
			switch {
			case row.Has(convert.Plane) && row.InfinitePlanes:
				next.SizeX, next.SizeZ = 0, 0
				say(convert.CodeShapeApproximated, "this format has only infinite planes; the %g × %g plane is written as an infinite one", sh.SizeX, sh.SizeZ)
			case !infinite && row.Has(convert.Box):
				next = convert.Shape{Kind: convert.Box, Name: sh.Name, Size: convert.Vec3{sh.SizeX, planeThickness, sh.SizeZ}, Mesh: -1}
				say(convert.CodeShapeApproximated, "this format has no plane; the %s%g × %g plane is written as a box %g m thick centred on it", planeRole(visual), sh.SizeX, sh.SizeZ, planeThickness)
			case row.Has(convert.Box) && visual:
				next = convert.Shape{Kind: convert.Box, Name: sh.Name, Size: convert.Vec3{infinitePlaneExtent, planeThickness, infinitePlaneExtent}, Mesh: -1}
				say(convert.CodeShapeApproximated, "this format has no plane; the drawn infinite plane is written as a box of %g × %g m, %g m thick, centred on it", infinitePlaneExtent, infinitePlaneExtent, planeThickness)
			case row.Has(convert.Box):
				// a floor, everything below which is inside: a slab under
				// it (sinkSlabs moves it down), deep enough that nothing
				// falls through; a thin box let a small or fast body pass
				// its middle and be pushed out below
				next = convert.Shape{Kind: convert.Box, Name: sh.Name, Size: convert.Vec3{infinitePlaneExtent, slabDepth, infinitePlaneExtent}, Mesh: -1}
				say(convert.CodeShapeApproximated, "this format has no plane; the colliding infinite plane is written as a box of %g × %g m, %g m deep, its top face on the plane", infinitePlaneExtent, infinitePlaneExtent, slabDepth)
				slab = true
			default:
				ok = false
			}
			approx = true
		default:
			ok = row.Has(sh.Kind)
			if ok {
				return l.done(s, cur, approx), said
			}
		}
		if !ok {
			say(convert.CodeShapeDropped, "this format has no %s shape; dropped", sh.Kind)
			return l.done(s, -1, approx), said
		}
		cur = l.add(next)
		if slab {
			l.slabs[cur] = true
		}
	}
	return l.done(s, cur, approx), said
}

// planeThickness is the box a finite plane (or a plane seen) becomes
// where a format has none; an infinite plane that collides becomes a slab
// slabDepth deep, infinitePlaneExtent on a side (a kilometre: any robot's
// floor).
const (
	planeThickness      = 0.001
	slabDepth           = 10.0
	infinitePlaneExtent = 1000.0
)

// sinkSlabs lowers each slab an infinite plane became by half its depth,
// so that its top face is where the plane was: the node of a collider
// that carries nothing else moves; otherwise the collider moves to a new
// child node (its body and name unchanged).
func (l *lowerer) sinkSlabs() {
	if len(l.slabs) == 0 {
		return
	}
	down := convert.Identity()
	down.T = convert.Vec3{0, -slabDepth / 2, 0}
	for i, n := 0, len(l.g.Nodes); i < n; i++ {
		nd := &l.g.Nodes[i]
		if nd.Collider == nil || !l.slabs[nd.Collider.Shape] {
			continue
		}
		if colliderOnly(nd) {
			nd.Transform = nd.Transform.Mul(down)
			continue
		}
		c := nd.Collider
		nd.Collider = nil
		l.g.AddNode(convert.Node{Name: nd.Name, Transform: down, Collider: c}, i)
	}
}

// colliderOnly reports whether a node carries a collider and nothing that
// would move with it.
func colliderOnly(n *convert.Node) bool {
	return len(n.Children) == 0 && n.Motion == nil && n.Joint == nil && n.Visual == nil && n.Trigger == nil &&
		n.Vehicle == nil && n.Wheel == nil && n.Thruster == nil && n.HoverThruster == nil && n.Seat == nil && n.SpawnPoint == nil
}

// add appends a shape the pass made.
func (l *lowerer) add(sh convert.Shape) int {
	sh.Extras = map[string]any{approxKey: true}
	return l.g.AddShape(sh)
}

// done ends the steps for shape s: cur is its lowered index (-1 dropped).
// A lowered shape that is only a conversion (exact) loses the marker.
func (l *lowerer) done(s, cur int, approx bool) int {
	if cur >= 0 && cur != s && !approx {
		l.g.Shapes[cur].Extras = without(l.g.Shapes[cur].Extras, approxKey)
	}
	return cur
}

// mesh checks a convex or triangle mesh shape has the data the row needs:
// loaded triangles where the format cannot reference mesh files, faces
// where its meshes need them.
func (l *lowerer) mesh(s, cur int, approx bool, said *change) (int, change) {
	g, caps := l.g, l.caps
	sh := g.Shapes[cur]
	say := func(code convert.Code, format string, args ...any) {
		*said = append(*said, convert.NewDiagnostic(code, convert.Subject{}, "", format, args...))
	}
	if sh.Mesh < 0 || sh.Mesh >= len(g.Meshes) {
		say(convert.CodeShapeDropped, "%s shape without a mesh; dropped", sh.Kind)
		return l.done(s, -1, approx), *said
	}
	m := g.Meshes[sh.Mesh]
	if !caps.MeshFiles && (!m.Loaded || len(m.Positions) == 0) {
		pos, idx, ok, err := m.Triangles()
		if !ok || len(pos) == 0 {
			why := "mesh file not loaded"
			if err != nil {
				why = err.Error()
			}
			say(convert.CodeShapeDropped, "mesh shape without vertices (%s); dropped", why)
			return l.done(s, -1, approx), *said
		}
		m.Positions, m.Indices, m.Loaded, m.Decode = pos, idx, true, nil
		next := sh
		next.Mesh = g.AddMesh(m)
		cur = l.add(next)
		say(convert.CodeShapeConverted, "mesh %q is read from its file, since this format carries vertices itself", m.Name)
	}
	if caps.MeshFaces && len(m.Indices) == 0 {
		if sh.Kind == convert.TriMesh {
			say(convert.CodeShapeDropped, "triangle mesh without triangles; dropped")
			return l.done(s, -1, approx), *said
		}
		// A point cloud: the format's meshes need faces, the hull's will do.
		if m.Indices = convert.HullIndices(m.Positions); len(m.Indices) == 0 {
			say(convert.CodeShapeDropped, "convex point cloud spans no volume (points on a line or a plane); dropped")
			return l.done(s, -1, approx), *said
		}
		m.Extras = nil // a new mesh, not the source's glTF mesh
		next := g.Shapes[cur]
		next.Mesh = g.AddMesh(m)
		cur = l.add(next)
		say(convert.CodeShapeConverted, "convex point cloud of %d points is written with its hull's faces", len(m.Positions))
	}
	return l.done(s, cur, approx), *said
}

// ellipsoidMesh tessellates an ellipsoid with semi-axes r (12×24 grid).
func ellipsoidMesh(r convert.Vec3) ([]convert.Vec3, []uint32) {
	const rings, segs = 12, 24
	pos := []convert.Vec3{{0, r[1], 0}}
	for i := 1; i < rings; i++ {
		th := math.Pi * float64(i) / rings
		for j := 0; j < segs; j++ {
			ph := 2 * math.Pi * float64(j) / segs
			pos = append(pos, convert.Vec3{r[0] * math.Sin(th) * math.Cos(ph), r[1] * math.Cos(th), r[2] * math.Sin(th) * math.Sin(ph)})
		}
	}
	pos = append(pos, convert.Vec3{0, -r[1], 0})
	bottom := uint32(len(pos) - 1)
	ring := func(i, j int) uint32 { return uint32(1 + (i-1)*segs + (j % segs)) }
	var idx []uint32
	for j := 0; j < segs; j++ {
		idx = append(idx, 0, ring(1, j+1), ring(1, j))
		idx = append(idx, bottom, ring(rings-1, j), ring(rings-1, j+1))
	}
	for i := 1; i < rings-1; i++ {
		for j := 0; j < segs; j++ {
			a, b, c, d := ring(i, j), ring(i, j+1), ring(i+1, j), ring(i+1, j+1)
			idx = append(idx, a, b, c, b, d, c)
		}
	}
	return pos, idx
}

// planeRole says which a plane is, in a message about a node that may
// both draw one plane and collide with another (an MJCF plane: drawn
// finite, colliding infinite).
func planeRole(visual bool) string {
	if visual {
		return "drawn "
	}
	return "colliding "
}
