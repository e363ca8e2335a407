package convert

import (
	"fmt"
	"slices"
	"strings"
)

// Accepts reports whether a collider with filter f lets a collider with
// filter other touch it, with filters read as layer masks (as Godot,
// MuJoCo and Blender's exporter do): with collideWithSystems, one of
// other's systems must be listed; with notCollideWithSystems, one of
// other's systems must be unlisted, and a collider in no system (one
// without a filter) is in none of those listed; with neither, everything
// is accepted. For one-system filters this is the KHR rule (A's systems ⊆
// B's collideWithSystems and ⊄ B's notCollideWithSystems); for a collider
// in no system, of which KHR's formula read literally would make every
// notCollideWithSystems list exclude it, it is the reading as an inverted
// mask ("collide with all except these"), which is what an MJCF
// <exclude> of two bodies means for the rest of the model's geoms.
func (f Filter) Accepts(other Filter) bool {
	switch {
	case len(f.CollideWith) > 0:
		for _, s := range other.Systems {
			if slices.Contains(f.CollideWith, s) {
				return true
			}
		}
		return false
	case len(f.NotCollideWith) > 0:
		if len(other.Systems) == 0 {
			return true
		}
		for _, s := range other.Systems {
			if !slices.Contains(f.NotCollideWith, s) {
				return true
			}
		}
		return false
	}
	return true
}

// FiltersCollide reports whether colliders with filters a and b collide
// in glTF: both must accept each other.
func FiltersCollide(a, b Filter) bool { return a.Accepts(b) && b.Accepts(a) }

// ColliderFilter is the filter of node i's collider: the empty filter
// (colliding with everything) when it has none.
func (g *Graph) ColliderFilter(i int) Filter {
	if c := g.Nodes[i].Collider; c != nil && c.Filter >= 0 && c.Filter < len(g.Filters) {
		return g.Filters[c.Filter]
	}
	return Filter{}
}

// FilterMismatch is a collision filter in use whose colliders a target
// format pairs differently from the source (glTF's rule) with those of
// other filters (or of itself, when two or more colliders use it):
// Widened counts the filters whose colliders collide with its colliders
// in the target but not in the source, Narrowed those that collide in the
// source but not in the target, each with up to four of their names.
type FilterMismatch struct {
	A                     string // the filter's name, or filters[i]
	IA                    int
	Widened, Narrowed     int
	WidenedAs, NarrowedAs []string
}

// FilterLabel names filter i for messages: its name, or filters[i].
func FilterLabel(g *Graph, i int) string {
	if g.Filters[i].Name != "" {
		return g.Filters[i].Name
	}
	return fmt.Sprintf("filters[%d]", i)
}

// FilterMismatches compares how a target pairs the colliders of the
// filters in use with the source's rule, for emitters whose formats pair
// by layer masks (Godot, MuJoCo) rather than by glTF's both-sides rule.
// targetCollides answers for two filters (either way round: the rule is
// symmetric, as the source's is); targetClass names what it looks at in
// one filter besides the pairs the filters name (its bits).
//
// It takes linear time in the filters, however many: a model that keeps
// each body apart from its neighbours (MJCF <exclude>) has a filter per
// body, and every pair of them is a question. A system few filters are in
// (at most privateSystem, as one made per collider) or a body's own
// ("body:<name>") is private; filters are grouped by what decides their pairs
// with any filter they do not name — their shared systems and list
// entries, whether they have a private system, whether each list is
// empty, and targetClass — and each pair of groups is answered once; the
// pairs a filter names (a private system in one filter's list, in the
// other filter's systems) are answered one by one.
func FilterMismatches(g *Graph, targetCollides func(i, j int) bool, targetClass func(i int) string) []FilterMismatch {
	uses := make([]int, len(g.Filters))
	var used []int
	for _, n := range g.Nodes {
		if c := n.Collider; c != nil && c.Shape >= 0 && c.Filter >= 0 && c.Filter < len(g.Filters) {
			if uses[c.Filter] == 0 {
				used = append(used, c.Filter)
			}
			uses[c.Filter]++
		}
	}
	slices.Sort(used)
	owners := map[string][]int{} // a system → the filters in it
	for _, i := range used {
		for _, s := range slices.Compact(slices.Sorted(slices.Values(g.Filters[i].Systems))) {
			owners[s] = append(owners[s], i)
		}
	}
	// bodies' own systems are private however many filters share them:
	// a target may keep their pairs apart by name (MJCF's <exclude>)
	private := func(s string) bool { return IsBodySystem(s) || len(owners[s]) <= privateSystem }
	// groups of filters that pair alike with filters they do not name
	classOf := make([]int, len(g.Filters))
	var members [][]int
	byKey := map[string]int{}
	for _, i := range used {
		f := g.Filters[i]
		key := filterClassKey(f, private) + "|" + targetClass(i)
		c, ok := byKey[key]
		if !ok {
			c = len(members)
			byKey[key] = c
			members = append(members, nil)
		}
		classOf[i] = c
		members[c] = append(members[c], i)
	}
	// the pairs filters name, both ways
	named := map[[2]int]bool{}
	partners := map[int][]int{}
	for _, i := range used {
		f := g.Filters[i]
		for _, list := range [][]string{f.CollideWith, f.NotCollideWith} {
			for _, s := range list {
				if !private(s) {
					continue
				}
				for _, j := range owners[s] {
					for _, p := range [][2]int{{i, j}, {j, i}} {
						if !named[p] {
							named[p] = true
							partners[p[0]] = append(partners[p[0]], p[1])
						}
					}
				}
			}
		}
	}
	const agree, widened, narrowed = 0, 1, 2
	verdict := func(i, j int) int {
		switch target, source := targetCollides(i, j), FiltersCollide(g.Filters[i], g.Filters[j]); {
		case target && !source:
			return widened
		case source && !target:
			return narrowed
		}
		return agree
	}
	// each pair of groups, answered by any pair of their filters that
	// names neither (-1: every pair of theirs is named, so none needs it)
	groupVerdict := map[[2]int]int{}
	between := func(c1, c2 int) int {
		if v, ok := groupVerdict[[2]int{c1, c2}]; ok {
			return v
		}
		v := -1
	search:
		for _, i := range members[c1] {
			for _, j := range members[c2] {
				if !named[[2]int{i, j}] {
					v = verdict(i, j)
					break search
				}
			}
		}
		groupVerdict[[2]int{c1, c2}], groupVerdict[[2]int{c2, c1}] = v, v
		return v
	}
	var out []FilterMismatch
	namedIn := make([]int, len(members)) // i's named partners per group
	for _, i := range used {
		m := FilterMismatch{A: FilterLabel(g, i), IA: i}
		// count returns where a verdict's filters are counted and named
		count := func(v int) (*int, *[]string) {
			if v == narrowed {
				return &m.Narrowed, &m.NarrowedAs
			}
			return &m.Widened, &m.WidenedAs
		}
		add := func(v, j int) {
			n, names := count(v)
			*n++
			if len(*names) < 4 {
				*names = append(*names, FilterLabel(g, j))
			}
		}
		for _, j := range partners[i] {
			if j != i {
				namedIn[classOf[j]]++
			}
		}
		for c := range members {
			v := between(classOf[i], c)
			if v != widened && v != narrowed {
				continue
			}
			// every filter of the group but i itself and those it names,
			// which are answered one by one below
			n := len(members[c]) - namedIn[c]
			if classOf[i] == c {
				n--
			}
			total, names := count(v)
			*total += n
			for _, j := range members[c] {
				if len(*names) >= 4 || n == 0 {
					break
				}
				if j != i && !named[[2]int{i, j}] {
					*names = append(*names, FilterLabel(g, j))
				}
			}
		}
		for _, j := range partners[i] {
			if j != i {
				namedIn[classOf[j]] = 0
				if v := verdict(i, j); v != agree {
					add(v, j)
				}
			}
		}
		if uses[i] >= 2 {
			if v := verdict(i, i); v != agree {
				add(v, i)
			}
		}
		if m.Widened+m.Narrowed > 0 {
			out = append(out, m)
		}
	}
	return out
}

// IsBodySystem reports whether a collision system is one body's own
// ("body:<name>", from an MJCF <exclude>): a system that only keeps that
// body's colliders apart from the bodies that list it.
func IsBodySystem(s string) bool { return strings.HasPrefix(s, "body:") }

// privateSystem is how many filters may share a collision system that
// FilterMismatches answers pair by pair rather than by group.
const privateSystem = 2

// filterClassKey spells what decides a filter's pairs with the filters it
// does not name: in its systems and each list, the entries that are not
// private (sorted, once each) and whether there is a private one.
func filterClassKey(f Filter, private func(string) bool) string {
	// a list is empty exactly when it has neither kind of entry
	part := func(xs []string) string {
		var keep []string
		hasPrivate := false
		for _, x := range xs {
			if private(x) {
				hasPrivate = true
			} else {
				keep = append(keep, x)
			}
		}
		slices.Sort(keep)
		return fmt.Sprintf("%t/%q", hasPrivate, slices.Compact(keep))
	}
	return part(f.Systems) + ";" + part(f.CollideWith) + ";" + part(f.NotCollideWith)
}

// Describe says in words how a target pairs the mismatch's filter with
// others ("target" names the format), naming up to four filters of each
// kind.
func (m FilterMismatch) Describe(target string) string {
	list := func(n int, names []string) string {
		q := make([]string, len(names))
		for k, s := range names {
			q[k] = fmt.Sprintf("%q", s)
		}
		if n > len(names) {
			q = append(q, fmt.Sprintf("and %d more", n-len(names)))
		}
		return strings.Join(q, ", ")
	}
	var parts []string
	if m.Widened > 0 {
		parts = append(parts, fmt.Sprintf("collide in %s but not in the source with those of %s", target, list(m.Widened, m.WidenedAs)))
	}
	if m.Narrowed > 0 {
		parts = append(parts, fmt.Sprintf("do not collide in %s but do in the source with those of %s", target, list(m.Narrowed, m.NarrowedAs)))
	}
	return fmt.Sprintf("colliders with filter %q %s", m.A, strings.Join(parts, "; and "))
}

// FilterClasses groups the filters in use (used[i]) by their form after
// canon: filters alike after canon share a class. It returns each
// class's canonical filter and each filter's class (-1: not in use), or
// ok false past most classes. Writers that give each class a bit of its
// own (PairMasks) keep the source's pairs where a bit per system would
// pair one-sided filters when either side accepts.
func FilterClasses(filters []Filter, used []bool, canon func(Filter) Filter, most int) (reps []Filter, classOf []int, ok bool) {
	byKey := map[string]int{}
	classOf = make([]int, len(filters))
	for i, f := range filters {
		classOf[i] = -1
		if !used[i] {
			continue
		}
		r := canon(f)
		key := fmt.Sprintf("%q|%q|%q", r.Systems, r.CollideWith, r.NotCollideWith)
		c, seen := byKey[key]
		if !seen {
			if len(reps) == most {
				return nil, nil, false
			}
			c = len(reps)
			byKey[key] = c
			reps = append(reps, r)
		}
		classOf[i] = c
	}
	return reps, classOf, true
}

// PairMasks gives class c of reps the bit 1<<(c+1) and a mask of the bits
// of every class it collides with under FiltersCollide, with bit 0 when
// it accepts a collider without a filter.
func PairMasks(reps []Filter) (own, mask []uint32) {
	own, mask = make([]uint32, len(reps)), make([]uint32, len(reps))
	for c, r := range reps {
		own[c] = 1 << (c + 1)
		if FiltersCollide(r, Filter{}) {
			mask[c] |= 1
		}
		for d, o := range reps {
			if FiltersCollide(r, o) {
				mask[c] |= 1 << (d + 1)
			}
		}
	}
	return own, mask
}
