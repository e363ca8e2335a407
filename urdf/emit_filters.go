package urdf

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/xmlx"
)

// drakeNamespace is the namespace Drake's URDF extensions are declared in.
const drakeNamespace = "http://drake.mit.edu"

// filterGroups writes the Graph's collision filters as Drake collision
// filter groups, link by link: the links whose colliders carry the same
// filters form a class, and a class whose colliders collide with none of
// another class's (FiltersCollide) gets a group that ignores that
// class's group (its own, when its links never touch each other). Drake
// reads them, and physconv reads them back; MuJoCo's and Bullet's URDF
// imports do not. A link whose colliders' filters keep them apart from
// another link's only in part cannot be written (URDF filters whole
// links): its colliders are left colliding, with a warning. The groups a
// source wrote are replaced by those of its filters.
func (e *emitter) filterGroups() {
	kept := e.r.extras[:0:0]
	for _, x := range e.r.extras {
		if x.Name != drakeFilterGroup {
			kept = append(kept, x)
		}
	}
	e.r.extras = kept
	g := e.g
	filtered := false
	for i := range g.Nodes {
		if c := g.Nodes[i].Collider; c != nil && c.Shape >= 0 && c.Filter >= 0 {
			filtered = true
			break
		}
	}
	if !filtered {
		return
	}
	// each written link's colliders' filters (-1: none), by index in
	// r.Links, in node order
	type class struct {
		key     string
		filters []int
		links   []string
		nodes   []int // one collider node of each filter, for diagnostics
	}
	filtersOf := map[int][]int{}
	nodeOf := map[[2]int]int{}
	var linkNodes []int
	for i := range g.Nodes {
		c := g.Nodes[i].Collider
		if c == nil || c.Shape < 0 {
			continue
		}
		// the link it is written on, as shapes place it (the world's
		// colliders on the world link)
		l := e.owner(i)
		if l < 0 {
			l = e.worldNode
		}
		if l >= 0 {
			l = e.linkIndex[l]
		} else if l = e.worldLink; l < 0 {
			continue
		}
		if _, seen := filtersOf[l]; !seen {
			linkNodes = append(linkNodes, l)
		}
		if !slices.Contains(filtersOf[l], c.Filter) {
			filtersOf[l] = append(filtersOf[l], c.Filter)
			nodeOf[[2]int{l, c.Filter}] = i
		}
	}
	var classes []*class
	byKey := map[string]*class{}
	for _, l := range linkNodes {
		fs := filtersOf[l]
		sort.Ints(fs)
		parts := make([]string, len(fs))
		for k, f := range fs {
			parts[k] = strconv.Itoa(f)
		}
		key := strings.Join(parts, ",")
		c := byKey[key]
		if c == nil {
			c = &class{key: key, filters: fs}
			for _, f := range fs {
				c.nodes = append(c.nodes, nodeOf[[2]int{l, f}])
			}
			byKey[key] = c
			classes = append(classes, c)
		}
		c.links = append(c.links, e.r.Links[l].Name)
	}
	filter := func(f int) convert.Filter {
		if f < 0 {
			return convert.Filter{}
		}
		return g.Filters[f]
	}
	// which classes keep apart from which
	ignores := make([][]int, len(classes))
	for a := range classes {
		for b := a; b < len(classes); b++ {
			touch, apart := false, false
			for _, fa := range classes[a].filters {
				for _, fb := range classes[b].filters {
					if convert.FiltersCollide(filter(fa), filter(fb)) {
						touch = true
					} else {
						apart = true
					}
				}
			}
			switch {
			case apart && !touch:
				ignores[a] = append(ignores[a], b)
			case apart:
				e.diags.Add(convert.CodeCollisionFilterWidened, convert.ColliderSubject(classes[a].nodes[0], e.bodyOf(classes[a].nodes[0])), strings.Join(classes[a].links, ", "),
					"URDF filters whole links: some colliders of links %s are kept apart from some of links %s and others are not; written colliding", strings.Join(classes[a].links, ", "), strings.Join(classes[b].links, ", ")).Affecting(convert.QFilter)
			}
		}
	}
	names := map[int]string{}
	used := nameSet{}
	groupName := func(k int) string {
		if n, ok := names[k]; ok {
			return n
		}
		base := "filter_" + strconv.Itoa(len(names)+1)
		if len(classes[k].links) == 1 {
			base = classes[k].links[0] + "_filter"
		}
		names[k] = used.unique(base, base)
		return names[k]
	}
	var groups []*xmlElement
	for a := range classes {
		if len(ignores[a]) == 0 {
			continue
		}
		groupName(a)
		for _, b := range ignores[a] {
			groupName(b)
		}
	}
	for k := range classes {
		name, ok := names[k]
		if !ok {
			continue
		}
		gr := &xmlElement{Name: drakeFilterGroup, Attrs: []xmlx.Attr{{Name: "name", Value: name}}}
		for _, l := range classes[k].links {
			gr.AddChild("drake:member", "link", l)
		}
		for _, b := range ignores[k] {
			gr.AddChild("drake:ignored_collision_filter_group", "name", names[b])
		}
		groups = append(groups, gr)
	}
	if len(groups) == 0 {
		return
	}
	e.r.extras = append(e.r.extras, groups...)
	e.r.drakeNS = true
	e.diags.Add(convert.CodeFilterAsDrakeGroups, convert.DocumentSubject(), "", "collision filters are written as %d Drake collision filter groups (<drake:collision_filter_group>), which Drake and physconv read; MuJoCo's and Bullet's URDF imports ignore them", len(groups))
}
