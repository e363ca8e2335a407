package inspect

import (
	"cmp"
	"slices"
	"strings"

	"github.com/physconv/physconv/convert"
)

// Explainer decides whether a Difference between the report of a Graph
// (Diff's first report) and another report is accounted for by a
// diagnostic about that Graph, by subject and quantity alone
// (convert.Diagnostics.Explains), never by message.
type Explainer struct {
	// g is read once, by index, into facts: what explaining needs of
	// each node. A verification then holds the facts, not the Graph,
	// while the output is read back.
	g         *convert.Graph
	facts     []nodeFacts
	want, got *Report // g's report and the other, as Diff compared them
	list      convert.Diagnostics
	// diags and nodes (report name, and node name → node indices) are
	// built on the first question: a verification that finds no
	// difference asks none.
	diags *convert.DiagnosticIndex
	nodes map[string][]int
	// nodesOf lists the nodes of each body, at the body's index + 1 (0:
	// of none), and staticNodes those of no body or a static one;
	// couplingsOf a joint node's couplings, each in index order.
	nodesOf     [][]int
	owners      []int // BodyOf of every node
	staticNodes []int
	couplingsOf map[int][]int
	// addedIdx answers differences on elements only the second report
	// has (added), built on the first of them; pools holds the shapes
	// such a difference may come from (subjects).
	addedIdx *addedJoints
	pools    map[poolKey]*subjectPool
	// scratch holds the subjects of the difference Explains looks at,
	// kept for the next: verification asks about thousands.
	scratch []convert.Subject
}

// NewExplainer prepares to explain many differences between want (g's
// report) and got; g's names and diags are indexed once, when the first
// difference is explained.
func NewExplainer(g *convert.Graph, want, got *Report, diags convert.Diagnostics) *Explainer {
	return &Explainer{g: g, want: want, got: got, list: diags}
}

// Prepare builds the indexes now rather than at the first question, so a
// caller can build them on another goroutine while it makes the other
// report. Call it before the Explainer is shared.
func (x *Explainer) Prepare() { x.index() }

// nodeFacts is what explaining a difference asks of a node: which
// elements it has, and the material and filters its collider and
// trigger use (-1: none).
type nodeFacts struct {
	joint, motion, collider, trigger        bool
	material, colliderFilter, triggerFilter int
}

func (x *Explainer) index() {
	if x.nodes != nil {
		return
	}
	x.diags = x.list.Index()
	x.owners = x.g.BodyOwners()
	x.nodesOf = nodesOfBodies(x.owners)
	for i, b := range x.owners {
		if b < 0 || x.g.Nodes[b].Motion.Kind == convert.Static {
			x.staticNodes = append(x.staticNodes, i)
		}
	}
	x.facts = make([]nodeFacts, len(x.g.Nodes))
	for i := range x.g.Nodes {
		n := &x.g.Nodes[i]
		f := nodeFacts{joint: n.Joint != nil, motion: n.Motion != nil, material: -1, colliderFilter: -1, triggerFilter: -1}
		if n.Collider != nil {
			f.collider, f.material, f.colliderFilter = true, n.Collider.Material, n.Collider.Filter
		}
		if n.Trigger != nil {
			f.trigger, f.triggerFilter = true, n.Trigger.Filter
		}
		x.facts[i] = f
	}
	x.couplingsOf = map[int][]int{}
	for k, c := range x.g.Couplings {
		x.couplingsOf[c.Follower] = append(x.couplingsOf[c.Follower], k)
		if c.Leader != c.Follower {
			x.couplingsOf[c.Leader] = append(x.couplingsOf[c.Leader], k)
		}
	}
	names := x.want.nodeNames
	if len(names) != len(x.g.Nodes) {
		names = convert.NodeNames(x.g)
	}
	x.want.nodeNames = nil // the index has what it needs of them
	x.nodes = make(map[string][]int, len(names))
	// a name's first node is a window of one element of nodes (of
	// capacity one: a second node of the name copies it), as most names
	// are one node's
	nodes := make([]int, len(names))
	add := func(name string, i int) {
		if list, ok := x.nodes[name]; ok {
			x.nodes[name] = append(list, i)
		} else {
			x.nodes[name] = nodes[i : i+1 : i+1]
		}
	}
	for i, name := range names {
		nodes[i] = i
		add(name, i)
		if n := x.g.Nodes[i].Name; n != name && n != "" {
			add(n, i)
		}
	}
	x.g = nil
}

// nodesOfBodies lists the nodes of each body in index order, at the
// body's index + 1 (0: the nodes of no body), all in one array.
func nodesOfBodies(owners []int) [][]int {
	count := make([]int, len(owners)+1)
	for _, b := range owners {
		count[b+1]++
	}
	// each body's list is a window of all as long as its count
	all := make([]int, len(owners))
	out := make([][]int, len(owners)+1)
	at := 0
	for k, n := range count {
		out[k] = all[at : at : at+n]
		at += n
	}
	for i, b := range owners {
		out[b+1] = append(out[b+1], i)
	}
	return out
}

// Subjects lists the Graph elements a difference is on: the body or joint
// it names, the collider or trigger node it names, and a joint's
// couplings. Empty when the difference is on something only the second
// report has (a name the Graph does not know).
func (x *Explainer) Subjects(d Difference) []convert.Subject {
	own, pool := x.subjects(d, nil)
	if pool == nil {
		return own
	}
	return append(slices.Clip(own), pool.subjects...)
}

// subjects is Subjects in two parts: those of the element d names, and
// for a shape only the second report has the pool of shapes it may come
// from (its body's, or the static ones), found once per pool and
// quantity: a writer that splits each of thousands of static capsules
// asks about each piece. The first part is appended to out[:0].
func (x *Explainer) subjects(d Difference, out []convert.Subject) ([]convert.Subject, *subjectPool) {
	x.index()
	out = out[:0]
	// a name is looked up among the elements of the difference's kind
	// only: a writer's added joint may take the name of a body of the
	// first report (URDF writes an MJCF body's own hinge "tail1", in body
	// "tail1", as a joint of that name), and a diagnostic about that body
	// says nothing about the joint
	switch d.Element {
	case "body":
		for _, i := range x.nodes[d.Name] {
			if x.isBody(i) {
				out = append(out, convert.BodySubject(i))
			}
		}
	case "joint":
		for _, i := range x.nodes[d.Name] {
			if !x.facts[i].joint {
				continue
			}
			out = append(out, convert.JointSubject(i))
			if d.Quantity == convert.QCoupling {
				for _, k := range x.couplingsOf[i] {
					out = append(out, convert.CouplingSubject(k))
				}
			}
		}
	}
	if len(out) == 0 && d.Missing == "first" && d.Node == "" {
		return append(out, x.added(d)...), nil
	}
	if d.Node == "" {
		return out, nil
	}
	out = x.nodeSubjects(out, x.nodes[d.Node], d.Quantity)
	if d.Missing != "first" || d.Element != "body" && d.Element != "static" {
		return out, nil
	}
	// A shape only the second report has (a capsule written as a
	// cylinder and two spheres) comes from the shapes its body had; its
	// node's name, new, may be another node's in the first.
	key := poolKey{body: -1, q: d.Quantity}
	if d.Element == "body" {
		if bs := x.nodes[d.Name]; len(bs) > 0 {
			key.body = bs[0]
		}
	} else {
		key.static = true
	}
	pool := x.pools[key]
	if pool == nil {
		nodes := x.nodesOf[key.body+1]
		if key.static {
			nodes = x.staticNodes
		}
		subjects := x.nodeSubjects(nil, nodes, d.Quantity)
		if key.static {
			subjects = x.turnedStatic(subjects, d.Quantity)
		}
		pool = &subjectPool{subjects: subjects, explains: map[convert.Quantity]bool{}}
		if x.pools == nil {
			x.pools = map[poolKey]*subjectPool{}
		}
		x.pools[key] = pool
	}
	return out, pool
}

// turnedStatic appends the subjects of the moving bodies of the first
// report the second has no moving body for, and of their shapes: a writer that cannot
// give a body its kind (a URDF link of infinite mass, written without
// mass, reads back fixed to the world) says so on the body, and its
// shapes are then among the second report's static ones.
func (x *Explainer) turnedStatic(out []convert.Subject, q convert.Quantity) []convert.Subject {
	if x.want == nil || x.got == nil {
		return out
	}
	kept := make(map[string]bool, len(x.got.Bodies))
	for _, b := range x.got.Bodies {
		if b.Kind != convert.Static {
			kept[b.Name] = true
		}
	}
	for _, b := range x.want.Bodies {
		if kept[b.Name] || b.Kind == convert.Static {
			continue
		}
		for _, i := range x.nodes[b.Name] {
			if x.isBody(i) {
				out = append(out, convert.BodySubject(i))
				out = x.nodeSubjects(out, x.nodesOf[i+1], q)
			}
		}
	}
	return out
}

// isBody reports whether node i is a body of the Graph's report: a node
// with motion, or a collider or trigger of no body (a static body of its
// own).
func (x *Explainer) isBody(i int) bool {
	f := &x.facts[i]
	return f.motion || x.owners[i] < 0 && (f.collider || f.trigger)
}

// poolKey names a pool of shapes: a body's (-1: of no body) or the
// static ones, as subjects of a difference in quantity q.
type poolKey struct {
	body   int
	static bool
	q      convert.Quantity
}

// subjectPool is the subjects of a pool of shapes, and whether a
// diagnostic about one of them explains each quantity asked so far.
type subjectPool struct {
	subjects []convert.Subject
	explains map[convert.Quantity]bool
}

func (p *subjectPool) explainedBy(diags *convert.DiagnosticIndex, q convert.Quantity) bool {
	if e, ok := p.explains[q]; ok {
		return e
	}
	e := false
	for _, s := range p.subjects {
		if diags.Explains(s, q) {
			e = true
			break
		}
	}
	p.explains[q] = e
	return e
}

// nodeSubjects appends the subjects of the shapes on nodes: a static
// collider's own body, its collider or trigger, and the material or
// filter it uses when the difference is in that quantity.
func (x *Explainer) nodeSubjects(out []convert.Subject, nodes []int, q convert.Quantity) []convert.Subject {
	for _, i := range nodes {
		f := &x.facts[i]
		if x.owners[i] < 0 {
			// a static collider without a body is its own body (as in
			// the report); writers that give it one report on it so
			out = append(out, convert.BodySubject(i))
		}
		if f.collider && q != convert.QTrigger {
			out = append(out, convert.ColliderSubject(i, x.owners[i]))
			out = x.appendShared(out, q, f.material, f.colliderFilter)
		}
		if f.trigger {
			out = append(out, convert.TriggerSubject(i, x.owners[i]))
			out = x.appendShared(out, q, -1, f.triggerFilter)
		}
	}
	return out
}

// appendShared adds the material or filter a collider uses when the
// difference is in that quantity: writers report on the shared element.
func (x *Explainer) appendShared(out []convert.Subject, q convert.Quantity, material, filter int) []convert.Subject {
	switch {
	case q == convert.QMaterial && material >= 0:
		out = append(out, convert.MaterialSubject(material))
	case q == convert.QFilter && filter >= 0:
		out = append(out, convert.FilterSubject(filter))
	}
	return out
}

// quantities are the quantities a diagnostic may name to explain d: its
// own, and for an element present in one report only, whatever makes an
// element appear or vanish (a joint dropped as a loop, a body regrouped).
func quantities(d Difference) []convert.Quantity {
	if d.Missing == "" {
		return []convert.Quantity{d.Quantity}
	}
	switch d.Element {
	case "body":
		return []convert.Quantity{d.Quantity, convert.QStructure}
	case "joint":
		return []convert.Quantity{d.Quantity, convert.QStructure, convert.QLoop}
	case "static":
		if d.Missing == "first" {
			// a shape of a body the output made static (turnedStatic)
			return []convert.Quantity{d.Quantity, convert.QBodyKind}
		}
	}
	return []convert.Quantity{d.Quantity}
}

// Explains reports whether a diagnostic explains d: one about the
// document, or about an element d is on (Subjects), naming d's quantity;
// for two shapes whose filters pair them otherwise, one about either.
func (x *Explainer) Explains(d Difference) bool {
	if d.partner != nil && x.Explains(*d.partner) {
		return true // the pair changed by what was done to the other side
	}
	own, pool := x.subjects(d, x.scratch)
	x.scratch = own
	if len(own) == 0 && (pool == nil || len(pool.subjects) == 0) {
		own = []convert.Subject{convert.DocumentSubject()}
	}
	for _, q := range quantities(d) {
		for _, s := range own {
			if x.diags.Explains(s, q) {
				return true
			}
		}
		if pool != nil && pool.explainedBy(x.diags, q) {
			return true
		}
	}
	return false
}

// added finds what a body or joint only the second report has stands for:
// a writer adds links and joints between two bodies of the first (a
// joint kind the target lacks written as a chain of simple joints, a
// floating joint for a free body). Its subjects are the joints of the
// first report between the bodies the added chain ends at, then those
// bodies, each in the first report's order.
func (x *Explainer) added(d Difference) []convert.Subject {
	if x.got == nil || x.want == nil {
		return nil
	}
	a := x.addedIndex()
	switch d.Element {
	case "body":
		g := a.groupOf(d.Name)
		if !g.done {
			g.subjects, g.done = x.between(g.ends), true
		}
		return slices.Clip(g.subjects)
	case "joint":
		var ends map[string]bool
		for _, j := range a.gotJoints[d.Name] {
			ends = union(ends, a.groupOf(j.BodyA).ends)
			ends = union(ends, a.groupOf(j.BodyB).ends)
		}
		return x.between(ends)
	}
	return nil
}

// between lists the first report's joints that join two of ends, then
// the bodies among ends.
func (x *Explainer) between(ends map[string]bool) []convert.Subject {
	if len(ends) == 0 {
		return nil
	}
	a := x.addedIdx
	var joints []int
	for end := range ends {
		for _, k := range a.wantJointsOf[end] {
			if j := a.wantJoints[k]; ends[j.BodyA] && ends[j.BodyB] {
				joints = append(joints, k)
			}
		}
	}
	slices.Sort(joints)
	joints = slices.Compact(joints)
	var out []convert.Subject
	for _, k := range joints {
		for _, i := range x.nodes[a.wantJoints[k].Name] {
			if x.facts[i].joint {
				out = append(out, convert.JointSubject(i))
			}
		}
	}
	names := make([]string, 0, len(ends))
	for name := range ends {
		names = append(names, name)
	}
	slices.SortFunc(names, func(p, q string) int {
		if c := cmp.Compare(a.bodyAt(p), a.bodyAt(q)); c != 0 {
			return c
		}
		return strings.Compare(p, q)
	})
	for _, name := range names {
		for _, i := range x.nodes[name] {
			if x.facts[i].motion {
				out = append(out, convert.BodySubject(i))
			}
		}
	}
	return out
}

// addedJoints indexes the two reports for added: built once, on the first
// difference that needs it, so that explaining every body of a large
// scene stays linear in its size.
type addedJoints struct {
	known        map[string]bool          // the first report's moving bodies, and the world ("")
	bodyIndex    map[string]int           // a body's place in the first report
	gotJoints    map[string][]JointReport // the second report's joints by name, static bodies as the world
	neighbours   map[string][]string      // the second report's bodies joined by a joint
	groups       map[string]*endGroup     // by body
	wantJoints   []JointReport            // the first report's joints, static bodies as the world
	wantJointsOf map[string][]int         // indices into wantJoints, by either body
}

// endGroup is a set of known bodies that bodies only the second report
// has lead to (one known body, for itself), and its subjects once found.
type endGroup struct {
	ends     map[string]bool
	subjects []convert.Subject
	done     bool
}

func (x *Explainer) addedIndex() *addedJoints {
	if x.addedIdx != nil {
		return x.addedIdx
	}
	a := &addedJoints{known: map[string]bool{"": true}, bodyIndex: make(map[string]int, len(x.want.Bodies)),
		gotJoints: map[string][]JointReport{}, neighbours: map[string][]string{}, groups: map[string]*endGroup{},
		wantJointsOf: map[string][]int{}}
	for k, b := range x.want.Bodies {
		if b.Kind != convert.Static {
			a.known[b.Name] = true
		}
		if _, ok := a.bodyIndex[b.Name]; !ok {
			a.bodyIndex[b.Name] = k
		}
	}
	gotStatic := staticBodies(x.got)
	for _, j := range x.got.Joints {
		j = worldForStatic(j, gotStatic)
		a.gotJoints[j.Name] = append(a.gotJoints[j.Name], j)
		if j.chain == nil {
			a.neighbours[j.BodyA] = append(a.neighbours[j.BodyA], j.BodyB)
			a.neighbours[j.BodyB] = append(a.neighbours[j.BodyB], j.BodyA)
			continue
		}
		// a joint written as a chain (ChainedJoints) joins its bodies
		// through the chain's, which lead to the joint's two
		prev := j.BodyA
		for k := 0; k <= len(j.chain.via); k++ {
			b := j.BodyB
			if k < len(j.chain.via) {
				b = j.chain.via[k]
			}
			a.neighbours[prev] = append(a.neighbours[prev], b)
			a.neighbours[b] = append(a.neighbours[b], prev)
			prev = b
		}
	}
	wantStatic := staticBodies(x.want)
	a.wantJoints = make([]JointReport, len(x.want.Joints))
	for k, j := range x.want.Joints {
		j = worldForStatic(j, wantStatic)
		a.wantJoints[k] = j
		a.wantJointsOf[j.BodyA] = append(a.wantJointsOf[j.BodyA], k)
		if j.BodyB != j.BodyA {
			a.wantJointsOf[j.BodyB] = append(a.wantJointsOf[j.BodyB], k)
		}
	}
	x.addedIdx = a
	return a
}

// bodyAt is a body's place in the first report (after every body for a
// name it does not have: the world).
func (a *addedJoints) bodyAt(name string) int {
	if k, ok := a.bodyIndex[name]; ok {
		return k
	}
	return len(a.bodyIndex)
}

// groupOf is the group of known bodies reached from body through bodies
// the first report does not have (body alone when it is known). The
// bodies of one such run share one group, found once.
func (a *addedJoints) groupOf(body string) *endGroup {
	if g, ok := a.groups[body]; ok {
		return g
	}
	g := &endGroup{ends: map[string]bool{}}
	a.groups[body] = g
	if a.known[body] {
		g.ends[body] = true
		return g
	}
	stack := []string{body}
	for len(stack) > 0 {
		b := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		for _, n := range a.neighbours[b] {
			if a.known[n] {
				g.ends[n] = true
				continue
			}
			if _, seen := a.groups[n]; !seen {
				a.groups[n] = g
				stack = append(stack, n)
			}
		}
	}
	return g
}

// union adds b's members to a copy of a (nil: an empty set).
func union(a, b map[string]bool) map[string]bool {
	out := make(map[string]bool, len(a)+len(b))
	for k := range a {
		out[k] = true
	}
	for k := range b {
		out[k] = true
	}
	return out
}
