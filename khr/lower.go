package khr

import (
	"fmt"
	"math"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// Lower returns a copy of g reshaped into what KHR_physics_rigid_bodies can
// express, with one diagnostic per change:
//   - a static Motion (OMI) is removed, since a KHR collider without motion
//     is static; under a moving body the node is first moved to the scene
//     root (keeping its world transform), or its colliders would join that
//     body;
//   - OMI compound colliders (`collider: {}`) are dropped: KHR groups
//     descendant colliders by body anyway;
//   - implicit compound triggers (`trigger: {}`) list their descendant
//     triggers explicitly; a compound trigger's filter is dropped;
//   - ellipsoids become convex meshes, heightfields triangle meshes, rays
//     are dropped;
//   - joint fields KHR lacks (effort, velocity, damping, friction,
//     armature) and joint couplings are kept by the emitter in extras;
//   - visuals of non-glTF sources are not written.
func Lower(g *convert.Graph) (*convert.Graph, convert.Diagnostics) {
	var diags convert.Diagnostics
	g = g.Clone()
	for i := range g.Nodes {
		lowerStatic(g, i, &diags)
	}
	for i := range g.Nodes {
		n := &g.Nodes[i]
		p := fmt.Sprintf("nodes[%d]", i)
		if c := n.Collider; c != nil && c.Shape < 0 {
			diags.Add(convert.CodeCompoundColliderDropped, g.ColliderSubject(i), p+".collider",
				"KHR has no shape-less compound collider; the descendants' colliders still join the body")
			if c.Material >= 0 || c.Filter >= 0 {
				diags.Add(convert.CodeFieldDropped, g.ColliderSubject(i), p+".collider", "the compound collider's physics material/filter is not applied to its descendants").Affecting(convert.QMaterial, convert.QFilter)
			}
			n.Collider = nil
		}
		if t := n.Trigger; t != nil {
			lowerTrigger(g, i, &diags)
		}
		if n.Collider != nil {
			if lowerShape(g, &n.Collider.Shape, g.ColliderSubject(i), p+".collider", &diags); n.Collider.Shape < 0 {
				n.Collider = nil
			}
		}
		if n.Trigger != nil && n.Trigger.Shape >= 0 {
			if lowerShape(g, &n.Trigger.Shape, g.TriggerSubject(i), p+".trigger", &diags); n.Trigger.Shape < 0 && len(n.Trigger.Nodes) == 0 {
				n.Trigger = nil
			}
		}
	}
	if gltfx.SourceDoc(g) == nil {
		for i, n := range g.Nodes {
			if n.Visual != nil {
				diags.Add(convert.CodeVisualDropped, g.VisualSubject(i), fmt.Sprintf("nodes[%d]", i),
					"visual shape of %q is not written: the glTF output carries physics and the node hierarchy only", n.Name)
			}
		}
	}
	return g, diags
}

func lowerStatic(g *convert.Graph, i int, diags *convert.Diagnostics) {
	n := &g.Nodes[i]
	if n.Motion == nil || n.Motion.Kind != convert.Static {
		return
	}
	p := fmt.Sprintf("nodes[%d].motion", i)
	m := n.Motion
	n.Motion = nil
	if m.MassSource == convert.Given || m.CenterOfMassSource == convert.Given || m.InertiaSource == convert.Given {
		diags.Add(convert.CodeStaticMotionDropped, convert.BodySubject(i), p, "KHR writes static bodies without motion; the mass properties of the static body %q are dropped (they have no effect)", n.Name)
	}
	if b := g.BodyOf(n.Parent); b >= 0 {
		world := g.WorldTransform(i)
		reparent(g, i, -1)
		g.Nodes[i].Transform = world
		diags.Add(convert.CodeStaticBodyReparented, convert.BodySubject(i), p,
			"static body %q sat inside moving body %q; KHR would merge it into that body, so it was moved to the scene root (same world position)", n.Name, g.Nodes[b].Name)
	}
}

// reparent moves node i under parent (-1 = scene root) without touching
// its local transform.
func reparent(g *convert.Graph, i, parent int) {
	old := g.Nodes[i].Parent
	if old >= 0 {
		ch := g.Nodes[old].Children[:0:0]
		for _, c := range g.Nodes[old].Children {
			if c != i {
				ch = append(ch, c)
			}
		}
		g.Nodes[old].Children = ch
	} else {
		roots := g.Roots[:0:0]
		for _, r := range g.Roots {
			if r != i {
				roots = append(roots, r)
			}
		}
		g.Roots = roots
	}
	g.Nodes[i].Parent = parent
	if parent >= 0 {
		g.Nodes[parent].Children = append(g.Nodes[parent].Children, i)
	} else {
		g.Roots = append(g.Roots, i)
	}
}

func lowerTrigger(g *convert.Graph, i int, diags *convert.Diagnostics) {
	t := g.Nodes[i].Trigger
	p := fmt.Sprintf("nodes[%d].trigger", i)
	if t.Shape < 0 && len(t.Nodes) == 0 {
		t.Nodes = descendantTriggers(g, i)
		if len(t.Nodes) == 0 {
			diags.Add(convert.CodeTriggerDropped, g.TriggerSubject(i), p, "an implicit compound trigger without descendant triggers has no volume; dropped")
			g.Nodes[i].Trigger = nil
			return
		}
		diags.Add(convert.CodeCompoundTriggerListed, g.TriggerSubject(i), p, "the implicit compound trigger now lists its %d descendant triggers in trigger.nodes", len(t.Nodes))
	}
	if len(t.Nodes) > 0 && t.Shape >= 0 {
		diags.Add(convert.CodeFieldDropped, g.TriggerSubject(i), p, "KHR triggers have either geometry or nodes; the node list is dropped").Affecting(convert.QTrigger)
		t.Nodes = nil
	}
	if len(t.Nodes) > 0 && t.Filter >= 0 {
		diags.Add(convert.CodeFieldDropped, g.TriggerSubject(i), p+".collisionFilter", "KHR compound triggers cannot carry a collision filter; it is dropped").Affecting(convert.QFilter)
		t.Filter = -1
	}
}

// descendantTriggers lists descendants of i with their own trigger shape,
// not crossing into another body.
func descendantTriggers(g *convert.Graph, i int) []int {
	var out []int
	var walk func(int)
	walk = func(n int) {
		for _, c := range g.Nodes[n].Children {
			if g.Nodes[c].Motion != nil {
				continue
			}
			if t := g.Nodes[c].Trigger; t != nil && t.Shape >= 0 {
				out = append(out, c)
			}
			walk(c)
		}
	}
	walk(i)
	return out
}

// lowerShape replaces a shape KHR cannot write by one it can, or sets it
// to -1 (dropped).
func lowerShape(g *convert.Graph, shape *int, subj convert.Subject, p string, diags *convert.Diagnostics) {
	s := g.Shapes[*shape]
	switch s.Kind {
	case convert.Ellipsoid:
		pos, idx := ellipsoidMesh(s.Size)
		m := g.AddMesh(convert.Mesh{Name: s.Name, Positions: pos, Indices: idx, Loaded: true})
		*shape = g.AddShape(convert.Shape{Kind: convert.Convex, Name: s.Name, Mesh: m})
		diags.Add(convert.CodeShapeApproximated, subj, p, "KHR has no ellipsoid; written as a convex mesh of %d vertices", len(pos))
	case convert.Heightfield:
		if s.Field == nil || s.Field.Rows < 2 || s.Field.Columns < 2 || len(s.Field.Heights) != s.Field.Rows*s.Field.Columns {
			diags.Add(convert.CodeShapeDropped, subj, p, "heightfield without samples; dropped")
			*shape = -1
			return
		}
		pos, idx := heightfieldMesh(s.Field)
		m := g.AddMesh(convert.Mesh{Name: s.Name, Positions: pos, Indices: idx, Loaded: true})
		*shape = g.AddShape(convert.Shape{Kind: convert.TriMesh, Name: s.Name, Mesh: m})
		diags.Add(convert.CodeShapeConverted, subj, p, "KHR has no heightfield; written as a triangle mesh")
	case convert.Ray:
		diags.Add(convert.CodeShapeDropped, subj, p, "KHR has no ray shape; dropped")
		*shape = -1
	case convert.Convex, convert.TriMesh:
		if s.Mesh < 0 || s.Mesh >= len(g.Meshes) || len(g.Meshes[s.Mesh].Positions) == 0 {
			diags.Add(convert.CodeShapeDropped, subj, p, "mesh shape without vertices (mesh file not loaded); dropped")
			*shape = -1
			return
		}
		if m := g.Meshes[s.Mesh]; len(m.Indices) == 0 && s.Kind == convert.Convex {
			// A point cloud: glTF meshes need faces, the hull's will do.
			if m.Indices = convert.HullIndices(m.Positions); len(m.Indices) == 0 {
				diags.Add(convert.CodeShapeDropped, subj, p, "convex point cloud spans no area (points on a line); dropped")
				*shape = -1
				return
			}
			m.Extras = nil // a new mesh, not the source's glTF mesh
			g.Meshes[s.Mesh] = m
		} else if len(m.Indices) == 0 {
			diags.Add(convert.CodeShapeDropped, subj, p, "triangle mesh without triangles; dropped")
			*shape = -1
		}
	}
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

// heightfieldMesh turns the grid into two triangles per cell, upward.
func heightfieldMesh(f *convert.HeightField) ([]convert.Vec3, []uint32) {
	var pos []convert.Vec3
	for r := 0; r < f.Rows; r++ {
		for c := 0; c < f.Columns; c++ {
			x := (float64(c)/float64(f.Columns-1) - 0.5) * f.SizeX
			z := (float64(r)/float64(f.Rows-1) - 0.5) * f.SizeZ
			pos = append(pos, convert.Vec3{x, f.Heights[r*f.Columns+c], z})
		}
	}
	var idx []uint32
	for r := 0; r+1 < f.Rows; r++ {
		for c := 0; c+1 < f.Columns; c++ {
			a := uint32(r*f.Columns + c)
			b, cc, d := a+1, a+uint32(f.Columns), a+uint32(f.Columns)+1
			idx = append(idx, a, cc, b, b, cc, d)
		}
	}
	return pos, idx
}
