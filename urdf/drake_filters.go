package urdf

import (
	"slices"
	"sort"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/xmlx"
)

// Drake's collision filter groups. A <drake:collision_filter_group> names
// links (<drake:member link>) and, through <drake:member_group>, the
// members of other groups; each <drake:ignored_collision_filter_group>
// it lists is a group none of its members collides with (itself: its
// members never collide with each other). A group with ignore="true" is
// not read, as Drake does not read it. The groups become the Graph's
// collision filters, pair by pair (drakeFilters).

const drakeFilterGroup = "drake:collision_filter_group"

// drakeGroup is one read group: its member links and ignored groups.
type drakeGroup struct {
	name    string
	line    int
	links   []string
	groups  []string // member groups (drake:member_group)
	ignores []string
}

// drakeFilters reads the robot's collision filter groups into a Filter
// per link they keep apart from another, returned by link name (the
// filters appended to the Graph's): the link's own body system
// ("body:LINK") and those of the links it never collides with, which an
// MJCF <exclude> and every other target read exactly. Members and groups
// that name nothing are warned about and left out.
func (p *parser) drakeFilters() map[string]int {
	var groups []*drakeGroup
	byName := map[string]*drakeGroup{}
	for _, e := range p.r.extras {
		if e.Name != drakeFilterGroup || e.AttrOr("ignore", "false") == "true" {
			continue
		}
		gr := &drakeGroup{name: e.AttrOr("name", ""), line: e.Line}
		for _, c := range e.Elements() {
			name := c.AttrOr("name", "")
			switch c.Name {
			case "drake:member":
				name = c.AttrOr("link", "")
				if p.links[name] == nil {
					p.diags.Add(convert.CodeFieldDropped, convert.DocumentSubject(), drakeGroupPath(gr.name)+"/drake:member", "collision filter group %q names link %q, which the robot does not have; left out", gr.name, name).AtLine(c.Line).Affecting(convert.QFilter)
					continue
				}
				gr.links = append(gr.links, name)
			case "drake:member_group":
				gr.groups = append(gr.groups, name)
			case "drake:ignored_collision_filter_group":
				gr.ignores = append(gr.ignores, name)
			}
		}
		if gr.name == "" || byName[gr.name] != nil {
			p.diags.Add(convert.CodeFieldDropped, convert.DocumentSubject(), drakeGroupPath(gr.name), "collision filter group %q has no name or one an earlier group has; it is not read (Drake refuses the file)", gr.name).AtLine(gr.line).Affecting(convert.QFilter)
			continue
		}
		groups = append(groups, gr)
		byName[gr.name] = gr
	}
	if len(groups) == 0 {
		return nil
	}
	// the groups each link is in, member groups followed (once each)
	inGroups := map[string][]string{}
	for _, gr := range groups {
		seen := map[string]bool{}
		var add func(g *drakeGroup)
		add = func(g *drakeGroup) {
			if seen[g.name] {
				return
			}
			seen[g.name] = true
			for _, l := range g.links {
				if !slices.Contains(inGroups[l], gr.name) {
					inGroups[l] = append(inGroups[l], gr.name)
				}
			}
			for _, m := range g.groups {
				if sub := byName[m]; sub != nil {
					add(sub)
				} else {
					p.diags.Add(convert.CodeFieldDropped, convert.DocumentSubject(), drakeGroupPath(g.name)+"/drake:member_group", "collision filter group %q takes the members of group %q, which the robot does not have; left out", g.name, m).AtLine(g.line).Affecting(convert.QFilter)
				}
			}
		}
		add(gr)
	}
	// the links each link is kept apart from: both ways, as Drake filters
	// a pair when either side's group ignores the other's
	ignoresGroup := map[[2]string]bool{}
	for _, gr := range groups {
		for _, ig := range gr.ignores {
			if byName[ig] != nil {
				ignoresGroup[[2]string{gr.name, ig}] = true
			}
		}
	}
	links := make([]string, 0, len(inGroups))
	for l := range inGroups {
		links = append(links, l)
	}
	sort.Strings(links)
	apart := map[string][]string{}
	for i, a := range links {
		for _, b := range links[i+1:] {
			if keptApart(inGroups[a], inGroups[b], ignoresGroup) {
				apart[a] = append(apart[a], b)
				apart[b] = append(apart[b], a)
			}
		}
	}
	// each link's filter: its own body system, and those of the links it
	// is kept apart from, as an MJCF <exclude> reads
	out := map[string]int{}
	for _, l := range links {
		if len(apart[l]) == 0 {
			continue
		}
		sort.Strings(apart[l])
		f := convert.Filter{Name: "drake " + l, Systems: []string{"body:" + l}}
		for _, o := range apart[l] {
			f.NotCollideWith = append(f.NotCollideWith, "body:"+o)
		}
		out[l] = len(p.g.Filters)
		p.g.Filters = append(p.g.Filters, f)
	}
	for _, gr := range groups {
		for _, ig := range gr.ignores {
			if byName[ig] == nil {
				p.diags.Add(convert.CodeFieldDropped, convert.DocumentSubject(), drakeGroupPath(gr.name)+"/drake:ignored_collision_filter_group", "collision filter group %q ignores group %q, which the robot does not have; left out", gr.name, ig).AtLine(gr.line).Affecting(convert.QFilter)
			}
		}
	}
	return out
}

func drakeGroupPath(name string) string { return "robot/" + drakeFilterGroup + "[" + name + "]" }

// keptApart reports whether a link in groups ga and one in groups gb are
// kept apart: a group of either ignores a group of the other.
func keptApart(ga, gb []string, ignores map[[2]string]bool) bool {
	for _, x := range ga {
		for _, y := range gb {
			if ignores[[2]string{x, y}] || ignores[[2]string{y, x}] {
				return true
			}
		}
	}
	return false
}

// drakeMaterial is the material of a collision with Drake's proximity
// properties: its friction (mu_static, mu_dynamic; either stands for a
// missing other, as Drake reads them) over the material the link gives
// (from), shared by every collision of one friction. The contact-model
// properties (hydroelastic modulus, dissipation, point stiffness …) are
// not read, and said so.
func (p *parser) drakeMaterial(d *drakeProximity, from int, l *Link) int {
	for _, u := range d.Unread {
		p.diags.Add(convert.CodeFieldDropped, convert.Subject{}, linkPath(l)+"/collision/drake:proximity_properties/"+u.Name,
			"Drake's contact property <%s> is not read: no target has Drake's contact model", u.Name).AtLine(u.Line).Affecting(convert.QMaterial)
	}
	if d.MuStatic == nil && d.MuDynamic == nil {
		return from
	}
	st, dy := d.MuStatic, d.MuDynamic
	if st == nil {
		st = dy
	}
	if dy == nil {
		dy = st
	}
	m := defaultContact()
	if from >= 0 && from < len(p.g.Materials) {
		m = p.g.Materials[from]
	}
	m.StaticFriction, m.DynamicFriction = *st, *dy
	m.Name = "drake mu " + xmlx.Num(*st) + " " + xmlx.Num(*dy)
	if k, ok := p.drakeMats[m.Name]; ok {
		return k
	}
	if p.drakeMats == nil {
		p.drakeMats = map[string]int{}
	}
	k := len(p.g.Materials)
	p.g.Materials = append(p.g.Materials, m)
	p.drakeMats[m.Name] = k
	p.diags.Add(convert.CodeDrakeFriction, convert.MaterialSubject(k), linkPath(l), "Drake's friction of the collision (mu_static %s, mu_dynamic %s) is read as its material; Drake combines two frictions as 2ab/(a+b), which no target has (each combines by its own rule)", xmlx.Num(*st), xmlx.Num(*dy)).AtLine(d.Line)
	return k
}

// drakeNamespace is the namespace Drake's URDF extensions are declared in.
const drakeNamespace = "http://drake.mit.edu"
