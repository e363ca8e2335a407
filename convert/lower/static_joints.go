package lower

import (
	"slices"
	"strings"

	"github.com/physconv/physconv/convert"
)

// staticJointExclusions keeps the colliders of a static body and of a
// body jointed to it apart, for a target that writes static bodies as
// colliders without motion (KHR): the joint then holds the body to the
// world, and the pair its enableCollision=false kept from colliding, a
// robot's first link overlapping its fixed base, met again (the arm was
// knocked off its hinge in Godot read back from glTF). The colliders of
// each side join a system of their body's own ("body:<name>") and never
// collide with the other's, as MJCF's <exclude> is read. A collider whose
// filter lists the systems it collides with cannot be kept apart so; that
// is said.
func (l *lowerer) staticJointExclusions() {
	g := l.g
	var pairs [][2]int
	owners := g.BodyOwners()
	for i, n := range g.Nodes {
		j := n.Joint
		if j == nil || j.EnableCollision || j.Connected < 0 || j.Connected >= len(g.Nodes) {
			continue
		}
		a, b := owners[i], owners[j.Connected]
		if a < 0 || b < 0 || a == b || isStatic(g, a) == isStatic(g, b) {
			continue
		}
		if !isStatic(g, a) {
			a, b = b, a // the static body first, as the messages name them
		}
		pairs = append(pairs, [2]int{a, b})
	}
	if len(pairs) == 0 {
		return
	}
	colliders := map[int][]int{} // a body's colliders
	for i, n := range g.Nodes {
		if c := n.Collider; c != nil && c.Shape >= 0 && owners[i] >= 0 {
			colliders[owners[i]] = append(colliders[owners[i]], i)
		}
	}
	names := convert.NodeNames(g)
	made := map[string]int{} // filters made, by their lists
	for _, p := range pairs {
		a, b := p[0], p[1]
		if len(colliders[a]) == 0 || len(colliders[b]) == 0 {
			continue
		}
		if listsSystems(g, colliders[a]) || listsSystems(g, colliders[b]) {
			l.diags.Add(convert.CodeCollisionFilterWidened, convert.BodySubject(b), g.NodeLabel(b),
				"this format writes static body %s as colliders without motion, so the joint holds %s to the world; their filters list the systems they collide with, which cannot keep the two apart as the joint did: they may collide", g.NodeLabel(a), g.NodeLabel(b)).
				Affecting(convert.QFilter)
			continue
		}
		for _, side := range [][2]int{{a, b}, {b, a}} {
			l.diags.Add(convert.CodeStaticJointApart, convert.BodySubject(side[0]), g.NodeLabel(side[0]),
				"this format writes static body %s as colliders without motion, so the joint holds %s to the world: the colliders of %s are kept apart from %s's by collision filters of their own, as the joint kept them",
				g.NodeLabel(a), g.NodeLabel(b), g.NodeLabel(side[0]), g.NodeLabel(side[1]))
			own, other := "body:"+names[side[0]], "body:"+names[side[1]]
			for _, c := range colliders[side[0]] {
				col := g.Nodes[c].Collider
				var f convert.Filter
				if col.Filter >= 0 && col.Filter < len(g.Filters) {
					f = g.Filters[col.Filter]
				}
				f.Systems = appendNew(slices.Clone(f.Systems), own)
				f.NotCollideWith = appendNew(slices.Clone(f.NotCollideWith), other)
				if f.Name != "" {
					f.Name += ", "
				}
				f.Name += "apart from " + names[side[1]]
				key := f.Name + "\x00" + strings.Join(f.Systems, "\x01") + "\x00" + strings.Join(f.NotCollideWith, "\x01")
				k, ok := made[key]
				if !ok {
					k = len(g.Filters)
					g.Filters = append(g.Filters, f)
					made[key] = k
				}
				col.Filter = k
			}
		}
	}
}

// isStatic reports whether body b is static.
func isStatic(g *convert.Graph, b int) bool {
	m := g.Nodes[b].Motion
	return m != nil && m.Kind == convert.Static
}

// listsSystems reports whether a filter of one of the colliders lists the
// systems it collides with (which decides alone, whatever it excludes).
func listsSystems(g *convert.Graph, colliders []int) bool {
	for _, c := range colliders {
		if f := g.Nodes[c].Collider.Filter; f >= 0 && f < len(g.Filters) && len(g.Filters[f].CollideWith) > 0 {
			return true
		}
	}
	return false
}

// appendNew appends s unless list holds it.
func appendNew(list []string, s string) []string {
	if slices.Contains(list, s) {
		return list
	}
	return append(list, s)
}
