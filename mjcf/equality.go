package mjcf

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
)

// equalities maps <equality>: connect → a ball loop joint, weld → a fixed
// loop joint, joint → a coupling; tendon and flex constraints are kept for
// MJCF output with a diagnostic.
func (p *parser) equalities(e *Element) error {
	for _, c := range e.Children {
		// every kind of constraint reads the defaults' <equality>
		a, err := p.resolve(&Element{Name: "equality", Attrs: c.Attrs, Line: c.Line, File: c.File}, "")
		if err != nil {
			return err
		}
		a.e = c
		if act, err := a.boolean("active", true); err != nil {
			return err
		} else if !act {
			p.diags.Add(convert.CodeFieldDropped, convert.SourceSubject(-1), p.path(c), "inactive equality constraint is dropped").Affecting(convert.QCoupling, convert.QLoop)
			continue
		}
		switch c.Name {
		case "connect", "weld":
			if err := p.loopJoint(c, a); err != nil {
				return err
			}
		case "joint":
			j1, j2 := a.str("joint1", ""), a.str("joint2", "")
			if j1 != "" && j1 == j2 {
				return errAt(c, "joint %q is repeated in the equality constraint (MuJoCo refuses it)", j1)
			}
			f, ok1 := p.joints[j1]
			if !ok1 {
				if p.droppedWithMaker(c, j1) {
					continue
				}
				return p.unknownName(c, "unknown joint1 %q", j1)
			}
			coef, err := a.numsUpTo("polycoef", []float64{0, 1, 0, 0, 0})
			if err != nil {
				return err
			}
			if j2 == "" {
				p.keepElement(c, "equality joint without joint2 (a fixed joint position) has no Graph form")
				continue
			}
			l, ok2 := p.joints[j2]
			if !ok2 {
				if p.droppedWithMaker(c, j2) {
					continue
				}
				return p.unknownName(c, "unknown joint2 %q", j2)
			}
			if coef[2] != 0 || coef[3] != 0 || coef[4] != 0 {
				p.keepElement(c, "equality joint is not a linear coupling (its polycoef has higher powers)")
				continue
			}
			if !f.single || !l.single {
				// a ball, or a hinge or slide that shares its body with
				// other joints: one axis of the Graph joint they make
				shared := j1
				if f.single {
					shared = j2
				}
				p.keepElement(c, fmt.Sprintf("equality joint couples joint %q, which other formats hold as part of a joint of several axes (a ball, or one of several joints of its body), while their couplings tie whole one-axis joints", shared))
				continue
			}
			solver, err := couplingSolver(a)
			if err != nil {
				return err
			}
			p.g.Couplings = append(p.g.Couplings, convert.Coupling{Follower: f.node, Leader: l.node, Multiplier: coef[1], Offset: coef[0], Solver: solver})
		case "tendon":
			if ok, err := p.tendonCoupling(c, a); err != nil {
				return err
			} else if !ok {
				p.keepElement(c, "equality tendon other than a fixed tendon of two one-axis joints held at its length has no Graph form")
			}
		default:
			p.keepElement(c, "equality "+c.Name+" has no Graph form")
		}
	}
	return nil
}

// loopJoint adds a connect (ball) or weld (fixed) constraint as a joint
// whose frames coincide at the anchor in the initial pose.
func (p *parser) loopJoint(c *Element, a attrs) error {
	b1, b2 := a.str("body1", ""), a.str("body2", "")
	if b1 != "" && (b1 == b2 || b1 == "world" && b2 == "") {
		return errAt(c, "body %q is repeated in the equality constraint (MuJoCo refuses it)", b1)
	}
	if a.has("site1") || a.has("site2") {
		p.keepElement(c, "site-based "+c.Name+" constraints are not mapped")
		return nil
	}
	n1, ok := p.bodyByName[b1]
	if b1 == "world" && !ok {
		n1, ok = p.root, true // MuJoCo's world body
	}
	if !ok {
		if p.droppedWithMaker(c, b1) {
			return nil
		}
		return p.unknownName(c, "unknown body1 %q", b1)
	}
	n2 := p.root
	if b2 != "" && b2 != "world" {
		if n2, ok = p.bodyByName[b2]; !ok {
			if p.droppedWithMaker(c, b2) {
				return nil
			}
			return p.unknownName(c, "unknown body2 %q", b2)
		}
	}
	anchor, err := a.vec3("anchor", convert.Vec3{})
	if err != nil {
		return err
	}
	if c.Name == "weld" && (a.has("relpose") || a.has("torquescale") && a.str("torquescale", "1") != "1") {
		p.diags.Add(convert.CodeFieldDropped, convert.SourceSubject(-1), p.path(c), "weld relpose/torquescale are not applied; the bodies are welded in their initial relative pose").Affecting(convert.QLoop, convert.QFrame)
	}
	// frame A at the anchor in body1; frame B at the same world point in body2
	w1 := p.g.RelativeTransform(n1, p.root)
	w2 := p.g.RelativeTransform(n2, p.root)
	if n1 == p.root {
		w1 = convert.Identity()
	}
	if n2 == p.root {
		w2 = convert.Identity()
	}
	world := w1.Mul(convert.Transform{T: anchor, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}})
	bT := w2.Inverse().Mul(world)
	limits := []convert.Limit{{Linear: []int{0, 1, 2}, Stiffness: math.Inf(1)}}
	if c.Name == "weld" {
		limits = fixedLimits()
	}
	name := a.str("name", "")
	params, err := solverParams(a, equalitySolverDefaults)
	if err != nil {
		return err
	}
	joint := &convert.Joint{Limits: limits, EnableCollision: true, Extras: map[string]any{extraEquality: c.Name}}
	if len(params) > 0 {
		joint.Solver = &convert.JointSolver{Class: solverEquality, Params: params}
	}
	joint.Connected = p.g.AddNode(convert.Node{Name: name + ":B", Transform: bT}, n2)
	p.g.AddNode(convert.Node{Name: name, Transform: convert.Transform{T: anchor, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}}, Joint: joint}, n1)
	return nil
}

// keepElement keeps an element for MJCF output and reports it.
func (p *parser) keepElement(c *Element, why string) {
	p.extra = append(p.extra, &Element{Name: "equality", Children: []*Element{p.resolvedCopy(c, "equality")}, Line: c.Line, File: c.File})
	p.diags.Add(convert.CodeConstraintKept, convert.DocumentSubject(), p.path(c), "%s; it is kept for MJCF output only and other formats lose it", why)
}

// contacts maps <exclude> body pairs onto collision filters, <pair>
// elements that let a joint's bodies collide onto the joint
// (jointCollisions), and keeps other <pair> elements for MJCF output.
func (p *parser) contacts(e *Element) error {
	var pairs []geomPair
	for _, c := range e.Children {
		switch c.Name {
		case "exclude":
			b1, b2 := c.AttrOr("body1", ""), c.AttrOr("body2", "")
			n1, ok1 := p.excludedBody(b1)
			n2, ok2 := p.excludedBody(b2)
			if !ok1 || !ok2 {
				if name := map[bool]string{true: b2, false: b1}[ok1]; p.droppedWithMaker(c, name) {
					continue
				}
				return p.unknownName(c, "unknown body in exclude (%q, %q)", b1, b2)
			}
			if joints, ok := p.weldedJoints[nodePair(n1, n2)]; ok {
				// a joint from a body welded to the world, whose contacts
				// MuJoCo does not filter: the exclude keeps them apart
				for _, j := range joints {
					p.g.Nodes[j].Joint.EnableCollision = false
				}
				continue
			}
			p.exclude(n1, b1, b2)
			p.exclude(n2, b2, b1)
			p.excludes = append(p.excludes, excludePair{el: c, names: [2]string{b1, b2}, bodies: [2]int{n1, n2}})
		default:
			if g1, g2, ok := p.geomPair(c); ok {
				pairs = append(pairs, geomPair{el: c, geoms: [2]int{g1, g2}})
				continue
			}
			p.keepContact(c)
		}
	}
	p.excludeAll()
	for _, c := range p.jointCollisions(pairs) {
		p.keepContact(c)
	}
	return nil
}

// keepContact keeps a <contact> child for MJCF output and reports it.
func (p *parser) keepContact(c *Element) {
	p.extra = append(p.extra, &Element{Name: "contact", Children: []*Element{p.resolvedCopy(c, "contact")}, Line: c.Line, File: c.File})
	p.diags.Add(convert.CodeContactPairKept, convert.DocumentSubject(), p.path(c), "explicit contact <%s> has no Graph form; kept for MJCF output only", c.Name)
}

// geomPair is a <pair> that names two geoms and sets nothing else.
type geomPair struct {
	el    *Element
	geoms [2]int // collider nodes
}

// geomPair reads a <pair> of nothing but two known geoms.
func (p *parser) geomPair(c *Element) (g1, g2 int, ok bool) {
	if c.Name != "pair" || len(c.Attrs) != 2 {
		return 0, 0, false
	}
	g1, ok1 := p.geomNodes[c.AttrOr("geom1", "")]
	g2, ok2 := p.geomNodes[c.AttrOr("geom2", "")]
	return g1, g2, ok1 && ok2
}

// jointCollisions reads pairs that let the bodies of a joint collide:
// MuJoCo filters out the contacts of a body with its parent, and a
// <pair> for each two of their geoms that would otherwise touch is how
// MJCF says that a joint lets its bodies collide (as the writer says
// it). Such a joint gets EnableCollision; it returns the pairs that are
// not all of one joint's, kept as they are.
func (p *parser) jointCollisions(pairs []geomPair) []*Element {
	if len(pairs) == 0 {
		return nil
	}
	owners := p.g.BodyOwners()
	type bodies [2]int
	key := func(a, b int) bodies {
		if a > b {
			a, b = b, a
		}
		return bodies{a, b}
	}
	joints := map[bodies][]int{} // the joints between two bodies
	for i := range p.g.Nodes {
		if j := p.g.Nodes[i].Joint; j != nil && j.Connected >= 0 && j.Connected < len(owners) {
			if a, b := owners[i], owners[j.Connected]; a >= 0 && b >= 0 && a != b {
				joints[key(a, b)] = append(joints[key(a, b)], i)
			}
		}
	}
	named := map[bodies]map[[2]int]*Element{}
	var rest []*Element
	for _, pr := range pairs {
		k := key(owners[pr.geoms[0]], owners[pr.geoms[1]])
		if len(joints[k]) == 0 {
			rest = append(rest, pr.el)
			continue
		}
		if named[k] == nil {
			named[k] = map[[2]int]*Element{}
		}
		named[k][key(pr.geoms[0], pr.geoms[1])] = pr.el
	}
	colliders := map[int][]int{}
	for i, b := range owners {
		if c := p.g.Nodes[i].Collider; c != nil && c.Shape >= 0 && b >= 0 {
			colliders[b] = append(colliders[b], i)
		}
	}
	for _, k := range slices.SortedFunc(maps.Keys(named), func(x, y bodies) int { return cmp.Compare(x[0]*len(owners)+x[1], y[0]*len(owners)+y[1]) }) {
		pairs := named[k]
		// every two colliders that would touch, and nothing else, paired
		touching, all := 0, true
		for _, x := range colliders[k[0]] {
			for _, y := range colliders[k[1]] {
				if convert.FiltersCollide(p.g.ColliderFilter(x), p.g.ColliderFilter(y)) {
					touching++
					all = all && pairs[key(x, y)] != nil
				}
			}
		}
		if !all || touching != len(pairs) {
			for _, el := range pairs {
				rest = append(rest, el)
			}
			continue
		}
		for _, j := range joints[k] {
			p.g.Nodes[j].Joint.EnableCollision = true
		}
	}
	slices.SortFunc(rest, func(a, b *Element) int { return cmp.Compare(a.Line, b.Line) })
	return rest
}

// excludePair is one <exclude> read, checked once all are (excludesLost).
type excludePair struct {
	el     *Element
	names  [2]string
	bodies [2]int // body nodes
}

// excludesLost warns of each <exclude> whose bodies' colliders still
// collide in the Graph. exclude keeps the bodies apart with a
// notCollideWith entry, which a filter that lists collideWith systems (a
// geom's contype/conaffinity masks, bitFilter) does not read:
// convert.Filter.Accepts decides by collideWith alone, and glTF output
// drops the entry, as its filters hold one list. MJCF output still
// writes the exclude back from it. A pair that a joint connects without
// collision stays apart in every format anyway, and is not named.
func (p *parser) excludesLost() {
	if len(p.excludes) == 0 {
		return
	}
	owners := p.g.BodyOwners()
	jointed := map[[2]int]bool{}
	for i, n := range p.g.Nodes {
		if j := n.Joint; j != nil && !j.EnableCollision && j.Connected >= 0 && j.Connected < len(p.g.Nodes) {
			jointed[nodePair(owners[i], owners[j.Connected])] = true
		}
	}
	filters := map[int][]convert.Filter{} // each body's colliders' filters, once each
	filtersOf := func(b int) []convert.Filter {
		if fs, ok := filters[b]; ok {
			return fs
		}
		var fs []convert.Filter
		seen := map[int]bool{}
		for _, ch := range p.g.Nodes[b].Children {
			if c := p.g.Nodes[ch].Collider; c != nil && c.Shape >= 0 && !seen[c.Filter] {
				seen[c.Filter] = true
				fs = append(fs, p.g.ColliderFilter(ch))
			}
		}
		filters[b] = fs
		return fs
	}
	for _, x := range p.excludes {
		a, b := x.bodies[0], x.bodies[1]
		if a == b || jointed[nodePair(a, b)] || !anyCollide(filtersOf(a), filtersOf(b)) {
			continue
		}
		p.diags.Add(convert.CodeContactPairKept, convert.DocumentSubject(), p.path(x.el),
			"exclude of bodies %q and %q cannot be expressed as collision filters for geoms with contype/conaffinity masks; kept for MJCF output only, other formats let these colliders touch", x.names[0], x.names[1])
	}
}

// anyCollide reports whether a collider with one of the filters as
// collides with one with one of bs.
func anyCollide(as, bs []convert.Filter) bool {
	for _, fa := range as {
		for _, fb := range bs {
			if convert.FiltersCollide(fa, fb) {
				return true
			}
		}
	}
	return false
}

// nodePair orders two node indices as a map key.
func nodePair(a, b int) [2]int {
	if b < a {
		a, b = b, a
	}
	return [2]int{a, b}
}

// excludedBody is the node of a body an <exclude> names: "world" is
// MuJoCo's world body, whose geoms are the worldbody's own.
func (p *parser) excludedBody(name string) (int, bool) {
	if name == "world" {
		return p.root, true
	}
	n, ok := p.bodyByName[name]
	return n, ok
}

// bodyExcludes are the bodies one body's <exclude>s keep it apart from,
// gathered before its filter is made (excludeAll).
type bodyExcludes struct {
	body   int
	name   string
	others []string
	seen   map[string]bool
}

// exclude notes that body (named name) never collides with body other;
// excludeAll makes the filters once every <exclude> is read: one filter
// per body, where a filter per <exclude> read (each naming all the
// bodies so far) grew with the square of a body's excludes, and the time
// to name them with the cube (2,000 excludes of one body: 26 s).
func (p *parser) exclude(body int, name, other string) {
	if p.excluded == nil {
		p.excluded = map[int]*bodyExcludes{}
	}
	x := p.excluded[body]
	if x == nil {
		x = &bodyExcludes{body: body, name: name, seen: map[string]bool{}}
		p.excluded[body] = x
		p.excludedOrder = append(p.excludedOrder, body)
	}
	if !x.seen[other] {
		x.seen[other] = true
		x.others = append(x.others, other)
	}
}

// excludeAll makes the colliders of each excluding body (its own geoms,
// not child bodies') members of system "body:<name>" that never collide
// with "body:<other>" for every body it excludes.
func (p *parser) excludeAll() {
	for _, body := range p.excludedOrder {
		x := p.excluded[body]
		for _, ch := range p.g.Nodes[body].Children {
			col := p.g.Nodes[ch].Collider
			if col == nil {
				continue
			}
			var f convert.Filter
			if col.Filter >= 0 {
				f = p.g.Filters[col.Filter]
				f.Systems = append([]string(nil), f.Systems...)
				f.NotCollideWith = append([]string(nil), f.NotCollideWith...)
			}
			if !contains(f.Systems, "body:"+x.name) {
				f.Systems = append(f.Systems, "body:"+x.name)
			}
			has := make(map[string]bool, len(f.NotCollideWith))
			for _, o := range f.NotCollideWith {
				has[o] = true
			}
			for _, other := range x.others {
				if !has["body:"+other] {
					has["body:"+other] = true
					f.NotCollideWith = append(f.NotCollideWith, "body:"+other)
				}
			}
			f.Name = "exclude " + x.name + ":" + joinSorted(f.NotCollideWith) + maskSuffix(f)
			col.Filter = p.filterIndex(f)
		}
	}
	p.excluded, p.excludedOrder = nil, nil
}

// maskSuffix names the contype/conaffinity masks an exclude filter keeps
// from bitFilter (" (contype 3 conaffinity 2)"; "" for the default masks,
// which make no filter), so that geoms of one body with different masks
// get filters of different names: filterIndex finds a filter by its name.
func maskSuffix(f convert.Filter) string {
	if len(f.CollideWith) == 0 {
		return ""
	}
	return fmt.Sprintf(" (contype %d conaffinity %d)", bitMask(f.Systems), bitMask(f.CollideWith))
}

// bitMask is the mask of bitNames' systems ("bit0".."bit31") among names.
func bitMask(names []string) int {
	m := 0
	for _, n := range names {
		if b, ok := strings.CutPrefix(n, "bit"); ok {
			if k, err := strconv.Atoi(b); err == nil && k >= 0 && k < 32 {
				m |= 1 << k
			}
		}
	}
	return m
}

func (p *parser) filterIndex(f convert.Filter) int {
	if i, ok := p.filterNamed(f.Name); ok {
		return i
	}
	p.g.Filters = append(p.g.Filters, f)
	return len(p.g.Filters) - 1
}

// filterNamed finds the first filter of a name, as a scan of the Graph's
// filters from the start would, in constant time (a model excluding each
// body's neighbours makes a filter per body); filters appended since the
// last call are indexed first.
func (p *parser) filterNamed(name string) (int, bool) {
	if p.filterByName == nil {
		p.filterByName = map[string]int{}
	}
	for ; p.filtersIndexed < len(p.g.Filters); p.filtersIndexed++ {
		if _, ok := p.filterByName[p.g.Filters[p.filtersIndexed].Name]; !ok {
			p.filterByName[p.g.Filters[p.filtersIndexed].Name] = p.filtersIndexed
		}
	}
	i, ok := p.filterByName[name]
	return i, ok
}

func contains(xs []string, s string) bool {
	for _, x := range xs {
		if x == s {
			return true
		}
	}
	return false
}

func joinSorted(xs []string) string {
	c := append([]string(nil), xs...)
	sort.Strings(c)
	return strings.Join(c, ",")
}
