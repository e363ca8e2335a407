package lower

import (
	"fmt"

	"github.com/physconv/physconv/convert"
)

// Check lists what in g the row caps does not allow, one line each; Lower's
// result has none. A joint whose frames lie in one body (or both in the
// world) is listed for every row; joint kinds and loops are not checked:
// the emitters compose and drop those along the tree they build.
func Check(g *convert.Graph, caps *convert.Capabilities) []string {
	var out []string
	bad := func(i int, format string, args ...any) {
		out = append(out, g.NodeLabel(i)+": "+fmt.Sprintf(format, args...))
	}
	var owners []int // each node's body, asked for when a row has StillTriMeshes
	if caps.Shapes.StillTriMeshes {
		owners = g.BodyOwners()
	}
	for i, n := range g.Nodes {
		if m := n.Motion; m != nil && m.Kind == convert.Static && !caps.StaticMotion {
			bad(i, "static motion")
		}
		if c := n.Collider; c != nil {
			if c.Shape < 0 && !caps.CompoundColliders {
				bad(i, "compound collider")
			}
			if why := checkShape(g, c.Shape, &caps.Shapes, caps); why != "" {
				bad(i, "collider: %s", why)
			}
			if owners != nil && c.Shape >= 0 && c.Shape < len(g.Shapes) && g.Shapes[c.Shape].Kind == convert.TriMesh {
				if b := owners[i]; b >= 0 && g.Nodes[b].Motion != nil && g.Nodes[b].Motion.Kind == convert.Dynamic {
					bad(i, "collider: triangle mesh on a dynamic body")
				}
			}
			if c.Material >= 0 && !caps.Materials {
				bad(i, "collider material")
			}
			if c.Filter >= 0 && !caps.Filters {
				bad(i, "collider filter")
			}
		}
		if t := n.Trigger; t != nil {
			switch {
			case !caps.Triggers:
				bad(i, "trigger")
			case t.Shape < 0 && len(t.Nodes) == 0 && !caps.ImplicitTriggers:
				bad(i, "implicit compound trigger")
			case t.Shape >= 0 && len(t.Nodes) > 0:
				bad(i, "trigger with both a shape and nodes")
			case len(t.Nodes) > 0 && t.Filter >= 0 && !caps.CompoundTriggerFilters:
				bad(i, "compound trigger filter")
			}
			if why := checkShape(g, t.Shape, &caps.Shapes, caps); why != "" {
				bad(i, "trigger: %s", why)
			}
		}
		if n.Visual != nil && !caps.Visuals {
			bad(i, "visual")
		} else if n.Visual != nil {
			if why := checkShape(g, n.Visual.Shape, &caps.VisualShapes, nil); why != "" {
				bad(i, "visual: %s", why)
			}
		}
		if (n.Vehicle != nil || n.Wheel != nil || n.Thruster != nil || n.HoverThruster != nil) && !caps.Vehicles {
			bad(i, "vehicle part")
		}
		if n.Seat != nil && !caps.Seats {
			bad(i, "seat")
		}
		if n.SpawnPoint != nil && !caps.SpawnPoints {
			bad(i, "spawn point")
		}
	}
	for _, i := range inert(g) {
		bad(i, "joint constraining nothing (both frames in one body or in the world)")
	}
	if caps.Filters && !caps.FilterBothLists {
		for k, f := range g.Filters {
			if len(f.CollideWith) > 0 && len(f.NotCollideWith) > 0 {
				out = append(out, convert.FilterLabel(g, k)+": filter with both collideWith and notCollideWith systems")
			}
		}
	}
	if len(g.Couplings) > 0 && !caps.Couplings {
		out = append(out, fmt.Sprintf("%d couplings", len(g.Couplings)))
	}
	if len(g.Tendons)+len(g.Sites) > 0 && !caps.Tendons {
		out = append(out, fmt.Sprintf("%d tendons, %d sites", len(g.Tendons), len(g.Sites)))
	}
	return out
}

// checkShape says what about shape s the row lacks ("" when nothing; s < 0
// is no shape); caps is nil for a visual, whose meshes are not checked.
func checkShape(g *convert.Graph, s int, row *convert.ShapeRow, caps *convert.Capabilities) string {
	if s < 0 {
		return ""
	}
	if s >= len(g.Shapes) {
		return fmt.Sprintf("shape %d out of range", s)
	}
	sh := g.Shapes[s]
	if !row.Has(sh.Kind) {
		return fmt.Sprintf("%s shape", sh.Kind)
	}
	switch sh.Kind {
	case convert.Capsule, convert.Cylinder:
		if !row.Tapered(sh) {
			return fmt.Sprintf("tapered %s", sh.Kind)
		}
	case convert.Plane:
		if infinite := sh.SizeX <= 0 || sh.SizeZ <= 0; infinite && !row.InfinitePlanes || !infinite && !row.FinitePlanes {
			return "plane of the wrong extent"
		}
	case convert.Convex, convert.TriMesh:
		if caps == nil {
			return ""
		}
		if sh.Mesh < 0 || sh.Mesh >= len(g.Meshes) {
			return "mesh shape without a mesh"
		}
		m := g.Meshes[sh.Mesh]
		if !caps.MeshFiles && (!m.Loaded || len(m.Positions) == 0) {
			return "mesh without loaded vertices"
		}
		if caps.MeshFaces && len(m.Indices) == 0 {
			return "mesh without faces"
		}
	}
	return ""
}
