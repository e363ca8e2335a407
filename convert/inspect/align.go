package inspect

import (
	"cmp"
	"maps"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// Align renames the bodies and joints of b that a has under other names,
// so that Diff matches what is the same element: formats name unnamed
// nodes their own way, change case, or drop the "#2" NodeNames adds to a
// name used twice. A body or joint is renamed only when exactly one
// element of a fits: for bodies, the same kind and mass and centre of
// mass within tol, or else the only name of its spelling on both sides
// (up to case and that suffix), or else the same place in a chain of
// joints of the same names (byJoints: massless links at one place); for
// joints, kind, bodies and anchor within tol; or else the same name up to
// case and that suffix. Elements whose names agree are left as they are.
func Align(a, b *Report, tol float64) {
	c := comparer{tol: tol}
	renamed := alignBodies(a, b, &c)
	for k := range b.Joints {
		j := &b.Joints[k]
		if n, ok := renamed[j.BodyA]; ok {
			j.BodyA = n
		}
		if n, ok := renamed[j.BodyB]; ok {
			j.BodyB = n
		}
		if j.Mimic != nil {
			m := *j.Mimic
			j.Mimic = &m
		}
	}
	jr := alignJoints(a, b, &c)
	for k := range b.Joints {
		if m := b.Joints[k].Mimic; m != nil {
			if n, ok := jr[m.Joint]; ok {
				m.Joint = n
			}
		}
	}
}

// spelling is a name up to case and the characters a format does not
// allow in names (written as '_', as "#" in NodeNames' "a#2").
func spelling(s string) string {
	return strings.Map(func(r rune) rune {
		if 'a' <= r && r <= 'z' || '0' <= r && r <= '9' {
			return r
		}
		return '_'
	}, strings.ToLower(s))
}

// looseName is a spelling without NodeNames' duplicate suffix. An ASCII
// name is mapped byte by byte (as spelling would), without the regular
// expression: every body and joint name goes through here twice a
// verification.
func looseName(s string) string {
	if i := strings.LastIndexByte(s, '#'); i >= 0 && i+1 < len(s) && allDigits(s[i+1:]) {
		s = s[:i]
	}
	ascii, plain := true, true
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 0x80 {
			ascii = false
			break
		}
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9') {
			plain = false
		}
	}
	switch {
	case !ascii:
		return spelling(s)
	case plain:
		return s
	}
	b := make([]byte, len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case 'A' <= c && c <= 'Z':
			c += 'a' - 'A'
		case 'a' <= c && c <= 'z' || '0' <= c && c <= '9':
		default:
			c = '_'
		}
		b[i] = c
	}
	return string(b)
}

func allDigits(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// pool lists the names of one report an alignment must place: those the
// other report lacks, and those whose loose name several elements share
// in either report (NodeNames numbers them in an order formats need not
// keep, so equal names there prove nothing).
func pool(names, other []string) []string {
	out, _ := pools(names, other)
	return out
}

// pools returns pool(as, bs) and pool(bs, as), counting loose names once
// for both.
func pools(as, bs []string) (ap, bp []string) {
	// equal lists (the common case) are counted once: both counts agree
	same := slices.Equal(as, bs)
	lists := [][]string{looseNames(as)}
	if !same {
		lists = append(lists, looseNames(bs))
	}
	looseA := lists[0]
	// the most elements of either list that share each loose name
	count := make(map[string][2]int, max(len(as), len(bs)))
	for side, list := range lists {
		for _, k := range list {
			c := count[k]
			c[side]++
			count[k] = c
		}
	}
	shared := func(k string) bool { c := count[k]; return max(c[0], c[1]) > 1 }
	if same {
		// each name is in the other list: only shared loose names count
		for i, n := range as {
			if shared(looseA[i]) {
				ap = append(ap, n)
			}
		}
		return ap, slices.Clone(ap)
	}
	place := func(names, loose, other []string) []string {
		in := make(map[string]bool, len(other))
		for _, n := range other {
			in[n] = true
		}
		var out []string
		for i, n := range names {
			if !in[n] || shared(loose[i]) {
				out = append(out, n)
			}
		}
		return out
	}
	return place(as, looseA, bs), place(bs, lists[1], as)
}

// looseNames is the looseName of each name.
func looseNames(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = looseName(n)
	}
	return out
}

// pairUp matches the pooled names of a and b: by each same(i, j) in turn,
// then by spelling, then by loose name, one to one and only when unique
// both ways. same compares only elements of one class (class(a, i) ==
// class(b, j), never the class ""), which every same implies, and, when
// near is given, only the elements of the other list near(inA, k) names
// for element k (at least every one same may hold for): so that pooling
// thousands of elements (the static colliders a writer renames, the
// bodies of a scene whose every name changed) stays near linear. It
// returns b's new names; a name of b left unmatched that one of them
// takes is marked with a trailing "'".
func pairUp(as, bs []string, class func(inA bool, k int) string, near func(inA bool, k int) []int, same ...func(i, j int) bool) map[string]string {
	p := newPairing(as, bs, class, near)
	for _, eq := range same {
		p.byTest(eq)
	}
	return p.byNames()
}

// pairing is pairUp in its steps: pairs made by tests (byTest, or a
// caller's own through pair), then by names (byNames).
type pairing struct {
	as, bs       []string
	usedA, usedB []bool
	// partner is the element of the other list each is paired with
	partnerA, partnerB []int
	out                map[string]string
	near               func(inA bool, k int) []int
	// the elements of each class, in order, and each element's class
	classA, classB map[string][]int
	keyA, keyB     []string
}

func newPairing(as, bs []string, class func(inA bool, k int) string, near func(inA bool, k int) []int) *pairing {
	p := &pairing{as: as, bs: bs, usedA: make([]bool, len(as)), usedB: make([]bool, len(bs)),
		partnerA: make([]int, len(as)), partnerB: make([]int, len(bs)), out: map[string]string{}, near: near,
		classA: map[string][]int{}, classB: map[string][]int{}, keyA: make([]string, len(as)), keyB: make([]string, len(bs))}
	for i := range as {
		if p.keyA[i] = class(true, i); p.keyA[i] != "" {
			p.classA[p.keyA[i]] = append(p.classA[p.keyA[i]], i)
		}
	}
	for j := range bs {
		if p.keyB[j] = class(false, j); p.keyB[j] != "" {
			p.classB[p.keyB[j]] = append(p.classB[p.keyB[j]], j)
		}
	}
	return p
}

// pair pairs element i of a with element j of b.
func (p *pairing) pair(i, j int) {
	p.usedA[i], p.usedB[j] = true, true
	p.partnerA[i], p.partnerB[j] = j, i
	p.out[p.bs[j]] = p.as[i]
}

// byTest pairs the elements eq holds for, each with the only element of
// its class left in the other list that it holds for, both ways.
func (p *pairing) byTest(eq func(i, j int) bool) {
	for i := range p.as {
		if p.usedA[i] || p.keyA[i] == "" {
			continue
		}
		hit := -1
		candidates := p.classB[p.keyA[i]]
		if p.near != nil {
			candidates = p.near(true, i)
		}
		for _, j := range candidates {
			if p.usedB[j] || p.keyB[j] != p.keyA[i] || !eq(i, j) {
				continue
			}
			if hit >= 0 {
				hit = -2
				break
			}
			hit = j
		}
		if hit < 0 {
			continue
		}
		// unique the other way too
		others := p.classA[p.keyA[i]]
		if p.near != nil {
			others = p.near(false, hit)
		}
		for _, i2 := range others {
			if i2 != i && !p.usedA[i2] && p.keyA[i2] == p.keyA[i] && eq(i2, hit) {
				hit = -2
				break
			}
		}
		if hit >= 0 {
			p.pair(i, hit)
		}
	}
}

// byNames pairs what is left by spelling, then by loose name, and
// returns b's new names.
func (p *pairing) byNames() map[string]string {
	p.byKey(spelling)
	p.byKey(looseName)
	taken := map[string]bool{}
	for _, n := range p.out {
		taken[n] = true
	}
	for j, n := range p.bs {
		if !p.usedB[j] && taken[n] {
			p.out[n] = n + "'"
		}
	}
	return p.out
}

// byKey pairs an element when it is the only one left with its key on
// both sides, which does not depend on the order of pairing.
func (p *pairing) byKey(key func(string) string) {
	type left struct{ a, b []int }
	byKey := map[string]*left{}
	at := func(k string) *left {
		l := byKey[k]
		if l == nil {
			l = &left{}
			byKey[k] = l
		}
		return l
	}
	for i, n := range p.as {
		if !p.usedA[i] {
			l := at(key(n))
			l.a = append(l.a, i)
		}
	}
	for j, n := range p.bs {
		if !p.usedB[j] {
			l := at(key(n))
			l.b = append(l.b, j)
		}
	}
	for i, n := range p.as {
		if l := byKey[key(n)]; !p.usedA[i] && len(l.a) == 1 && len(l.b) == 1 {
			p.pair(i, l.b[0])
		}
	}
}

func bodyNames(r *Report) []string {
	out := make([]string, len(r.Bodies))
	for k, b := range r.Bodies {
		out[k] = b.Name
	}
	return out
}

func jointNames(r *Report) []string {
	out := make([]string, len(r.Joints))
	for k, j := range r.Joints {
		out[k] = j.Name
	}
	return out
}

// indices maps names to their index in list.
func indices(list []string) map[string]int {
	m := make(map[string]int, len(list))
	for k, n := range list {
		m[n] = k
	}
	return m
}

// Static bodies take part too: a static body may be read back as a body
// welded to the world (WeldedAsStatic needs its name).
func alignBodies(a, b *Report, c *comparer) map[string]string {
	na, nb := bodyNames(a), bodyNames(b)
	an, bn := pools(na, nb)
	if len(an) == 0 || len(bn) == 0 {
		return nil
	}
	ia, ib := indices(na), indices(nb)
	// bodies are paired by mass and place with bodies of their kind; a
	// body a fixed joint welds to the world is of the static kind (an
	// MJCF body without joints reads back so; WeldedAsStatic reads it as
	// static once it has its partner's name)
	weldedA, weldedB := weldedToWorld(a), weldedToWorld(b)
	kind := func(inA bool, k int) string {
		var body BodyReport
		welded := weldedB
		if inA {
			body, welded = a.Bodies[ia[an[k]]], weldedA
		} else {
			body = b.Bodies[ib[bn[k]]]
		}
		if body.Kind == convert.Static || welded[body.Name] {
			return "static"
		}
		return "kind " + string(body.Kind)
	}
	body := func(inA bool, k int) *BodyReport {
		if inA {
			return &a.Bodies[ia[an[k]]]
		}
		return &b.Bodies[ib[bn[k]]]
	}
	// sameMassPlace holds only for bodies whose centres of mass, or first
	// colliders, lie within tolerance of each other
	type byPlace struct{ com, collider *coordIndex }
	index := func(inA bool, n int) byPlace {
		ids := make([]int, n)
		for k := range ids {
			ids[k] = k
		}
		return byPlace{
			newCoordIndex(ids, c.tol, func(k int) (convert.Vec3, bool) {
				x := body(inA, k)
				if x.Mass == nil || x.CenterOfMass == nil {
					return convert.Vec3{}, false
				}
				return *x.CenterOfMass, true
			}),
			newCoordIndex(ids, c.tol, func(k int) (convert.Vec3, bool) {
				x := body(inA, k)
				if len(x.Colliders) == 0 {
					return convert.Vec3{}, false
				}
				return x.Colliders[0].Position, true
			}),
		}
	}
	inA, inB := index(true, len(an)), index(false, len(bn))
	// near gives the bodies of the other list whose centre of mass, or
	// first collider, is within tolerance of this one's in every
	// coordinate: the index narrows them along one axis only, and the
	// bodies of a grid (a level's static props) share each row
	near := func(fromA bool, k int) []int {
		x, other := body(fromA, k), inA
		if fromA {
			other = inB
		}
		var out []int
		keep := func(ids []int, p convert.Vec3, at func(y *BodyReport) (convert.Vec3, bool)) {
			for _, id := range ids {
				if q, ok := at(body(!fromA, id)); ok && c.closeVec(p, q) {
					out = append(out, id)
				}
			}
		}
		com := func(y *BodyReport) (convert.Vec3, bool) {
			if y.Mass == nil || y.CenterOfMass == nil {
				return convert.Vec3{}, false
			}
			return *y.CenterOfMass, true
		}
		collider := func(y *BodyReport) (convert.Vec3, bool) {
			if len(y.Colliders) == 0 {
				return convert.Vec3{}, false
			}
			return y.Colliders[0].Position, true
		}
		if p, ok := com(x); ok {
			o, w := other.com.near(p)
			keep(o, p, com)
			keep(w, p, com)
		}
		if p, ok := collider(x); ok {
			o, w := other.collider.near(p)
			keep(o, p, collider)
			keep(w, p, collider)
		}
		slices.Sort(out)
		return slices.Compact(out)
	}
	p := newPairing(an, bn, kind, near)
	p.byTest(func(i, j int) bool {
		return c.sameMassPlace(a.Bodies[ia[an[i]]], b.Bodies[ib[bn[j]]])
	})
	// a name one body of each has (up to spelling) is surer than a chain
	// of joints: a writer that fuses a welded body into its parent moves
	// the child's joints onto the parent, and those joints would pair the
	// parent with the child that is gone
	p.byKey(looseName)
	p.byJoints(a.Joints, b.Joints)
	renamed := p.byNames()
	for k := range b.Bodies {
		if n, ok := renamed[b.Bodies[k].Name]; ok {
			b.Bodies[k].Name = n
		}
	}
	return renamed
}

// weldedToWorld names the dynamic bodies of r that fixed joints weld to
// the world (or to a static body), directly or through other welded
// bodies, and that no joint of another kind joins to the world: joints to
// other moving bodies move those, not it. A kinematic body is moved by
// its script, welded or not.
func weldedToWorld(r *Report) map[string]bool {
	if !anyOfKind(r.Joints, kin.KindFixed) {
		return nil
	}
	static := map[string]bool{"": true}
	dynamic := map[string]bool{}
	for _, b := range r.Bodies {
		switch b.Kind {
		case convert.Static:
			static[b.Name] = true
		case convert.Dynamic:
			dynamic[b.Name] = true
		}
	}
	moved := map[string]bool{}
	welds := map[string][]string{} // body → the bodies fixed joints join it to
	for _, j := range r.Joints {
		switch {
		case j.Kind == kin.KindFixed:
			welds[j.BodyA] = append(welds[j.BodyA], j.BodyB)
			welds[j.BodyB] = append(welds[j.BodyB], j.BodyA)
		case static[j.BodyA]:
			moved[j.BodyB] = true
		case static[j.BodyB]:
			moved[j.BodyA] = true
		}
	}
	welded := map[string]bool{}
	var queue []string
	for n := range static {
		queue = append(queue, n)
	}
	for len(queue) > 0 {
		n := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		for _, m := range welds[n] {
			if dynamic[m] && !moved[m] && !welded[m] {
				welded[m] = true
				queue = append(queue, m)
			}
		}
	}
	return welded
}

// byJoints pairs the bodies left by the joints that join them to bodies
// known to be the same: the massless links of a chain of joints stand
// at one place, and the names a file gives them (a reader's, numbered
// by NodeNames in the order it reads them) need not survive a writer.
// A joint of ja is the joint of jb of its name up to spelling, when one
// joint of each has it (joint names are what a writer keeps). A body of
// ja that such a joint joins to a body whose partner is known (the world,
// a body of the same name in both, or one paired before) has for
// candidate the body that the joint of jb joins to that partner; bodies
// pair when each is the other's only candidate, and so along a chain,
// from its known end. A joint that joins the partner to a body already
// paired, or does not join it at all, leaves the body unpaired.
func (p *pairing) byJoints(ja, jb []JointReport) {
	if len(ja) == 0 || len(jb) == 0 {
		return
	}
	poolA, poolB := indices(p.as), indices(p.bs)
	pooledEnd := func(j JointReport) bool {
		for _, n := range []string{j.BodyA, j.BodyB} {
			if i, ok := poolA[n]; ok && p.keyA[i] != "" && !p.usedA[i] {
				return true
			}
		}
		return false
	}
	if !slices.ContainsFunc(ja, pooledEnd) {
		return // the common case: every body a joint joins is known
	}
	// the joints of one spelling in each list, when one of each
	type twin struct{ a, b, na, nb int }
	twins := make(map[string]*twin, len(ja))
	for k, j := range ja {
		key := spelling(j.Name)
		t := twins[key]
		if t == nil {
			t = &twin{a: -1, b: -1}
			twins[key] = t
		}
		t.a, t.na = k, t.na+1
	}
	for k, j := range jb {
		if t := twins[spelling(j.Name)]; t != nil {
			t.b, t.nb = k, t.nb+1
		}
	}
	same := make([]int, len(ja)) // the joint of jb for each of ja, or -1
	for k := range same {
		same[k] = -1
	}
	for _, t := range twins {
		if t.na == 1 && t.nb == 1 {
			same[t.a] = t.b
		}
	}
	// the pooled bodies' joints that have a twin
	onA, onB := map[int][]int{}, map[int][]int{}
	for k, j := range ja {
		if same[k] < 0 {
			continue
		}
		for _, n := range []string{j.BodyA, j.BodyB} {
			if i, ok := poolA[n]; ok && p.keyA[i] != "" {
				onA[i] = append(onA[i], k)
			}
		}
		y := jb[same[k]]
		for _, n := range []string{y.BodyA, y.BodyB} {
			if i, ok := poolB[n]; ok && p.keyB[i] != "" {
				onB[i] = append(onB[i], same[k])
			}
		}
	}
	if len(onA) == 0 || len(onB) == 0 {
		return
	}
	twinOfB := make(map[int]int, len(jb))
	for k, y := range same {
		if y >= 0 {
			twinOfB[y] = k
		}
	}
	// partner is the name a body of one list has in the other, if known:
	// the world's, an unpooled name (both lists have it), a paired one's
	partner := func(inA bool, n string) (string, bool) {
		if n == "" {
			return "", true
		}
		if inA {
			i, ok := poolA[n]
			if !ok {
				return n, true
			}
			if p.usedA[i] {
				return p.bs[p.partnerA[i]], true
			}
			return "", false
		}
		j, ok := poolB[n]
		if !ok {
			return n, true
		}
		if p.usedB[j] {
			return p.as[p.partnerB[j]], true
		}
		return "", false
	}
	other := func(j JointReport, n string) (string, bool) {
		switch {
		case j.BodyA == n && j.BodyB != n:
			return j.BodyB, true
		case j.BodyB == n && j.BodyA != n:
			return j.BodyA, true
		}
		return "", false
	}
	// candidate is the only body of the other list the joints of body k
	// point to (-1: none, -2: more than one, or a contradiction)
	candidate := func(inA bool, k int) int {
		name, joints, pool, used, key, mineKey := p.as[k], onA[k], poolB, p.usedB, p.keyB, p.keyA[k]
		if !inA {
			name, joints, pool, used, key, mineKey = p.bs[k], onB[k], poolA, p.usedA, p.keyA, p.keyB[k]
		}
		found := -1
		for _, x := range joints {
			var mine, theirs JointReport
			if inA {
				mine, theirs = ja[x], jb[same[x]]
			} else {
				mine, theirs = jb[x], ja[twinOfB[x]]
			}
			o, ok := other(mine, name)
			if !ok {
				continue
			}
			po, ok := partner(inA, o)
			if !ok {
				continue // its other end is not known yet
			}
			y, ok := other(theirs, po)
			if !ok {
				return -2
			}
			i, ok := pool[y]
			if !ok || used[i] || key[i] != mineKey || found >= 0 && found != i {
				return -2
			}
			found = i
		}
		return found
	}
	queue := make([]int, 0, len(onA))
	for i := range p.as {
		if _, ok := onA[i]; ok && !p.usedA[i] {
			queue = append(queue, i)
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		if p.usedA[i] {
			continue
		}
		j := candidate(true, i)
		if j < 0 || candidate(false, j) != i {
			continue
		}
		p.pair(i, j)
		// its neighbours may now have a known end
		for _, x := range onA[i] {
			if o, ok := other(ja[x], p.as[i]); ok {
				if k, ok := poolA[o]; ok && !p.usedA[k] {
					queue = append(queue, k)
				}
			}
		}
	}
}

// sameMassPlace compares what identifies a body without its name: its
// mass and centre of mass, or where its first collider is.
func (c *comparer) sameMassPlace(x, y BodyReport) bool {
	if x.Mass != nil && y.Mass != nil && x.CenterOfMass != nil && y.CenterOfMass != nil {
		return c.close(float64(*x.Mass), float64(*y.Mass)) && c.closeVec(*x.CenterOfMass, *y.CenterOfMass)
	}
	if len(x.Colliders) > 0 && len(y.Colliders) > 0 {
		return c.closeVec(x.Colliders[0].Position, y.Colliders[0].Position)
	}
	return false
}

func alignJoints(a, b *Report, c *comparer) map[string]string {
	na, nb := jointNames(a), jointNames(b)
	an, bn := pools(na, nb)
	if len(an) == 0 || len(bn) == 0 {
		return nil
	}
	ia, ib := indices(na), indices(nb)
	// a body a fixed joint welds to the world stands where a static one
	// would (MJCF reads a body without joints back so)
	sa, sb := staticBodies(a), staticBodies(b)
	maps.Copy(sa, weldedToWorld(a))
	maps.Copy(sb, weldedToWorld(b))
	// The same joint between the same bodies at the same place; then,
	// as a writer may change a joint's kind or move it (and say so), any
	// kind, then anywhere; but a weld pairs only with a weld: a writer
	// adds welds of its own (a body fixed to the world) where it drops a
	// joint.
	sameBodies := func(i, j int) bool {
		x, y := worldForStatic(a.Joints[ia[an[i]]], sa), worldForStatic(b.Joints[ib[bn[j]]], sb)
		return x.BodyA == y.BodyA && x.BodyB == y.BodyB || x.BodyA == y.BodyB && x.BodyB == y.BodyA
	}
	samePlace := func(i, j int) bool {
		return sameBodies(i, j) && c.closeVec(a.Joints[ia[an[i]]].Anchor, b.Joints[ib[bn[j]]].Anchor)
	}
	kinds := func(i, j int) (same, welds bool) {
		x, y := a.Joints[ia[an[i]]].Kind, b.Joints[ib[bn[j]]].Kind
		return x == y, x == kin.KindFixed || y == kin.KindFixed
	}
	// every test below holds the same two bodies: only joints between
	// them are compared
	between := func(inA bool, k int) string {
		var j JointReport
		if inA {
			j = worldForStatic(a.Joints[ia[an[k]]], sa)
		} else {
			j = worldForStatic(b.Joints[ib[bn[k]]], sb)
		}
		lo, hi := j.BodyA, j.BodyB
		if hi < lo {
			lo, hi = hi, lo
		}
		return strconv.Quote(lo) + " " + strconv.Quote(hi)
	}
	renamed := pairUp(an, bn, between, nil, func(i, j int) bool {
		same, _ := kinds(i, j)
		return same && samePlace(i, j)
	}, func(i, j int) bool {
		_, welds := kinds(i, j)
		return !welds && samePlace(i, j)
	}, func(i, j int) bool {
		_, welds := kinds(i, j)
		return !welds && sameBodies(i, j)
	})
	for k := range b.Joints {
		if n, ok := renamed[b.Joints[k].Name]; ok {
			b.Joints[k].Name = n
		}
	}
	return renamed
}

// coordIndex finds the elements whose position may be within tolerance
// of another (comparer.closeVec): along the axis on which the elements
// spread most (a chain along Z has every X alike), those with a finite
// coordinate sorted by it and searched in the window close allows, and
// those whose coordinate is not finite, always given.
type coordIndex struct {
	tol   float64
	axis  int
	keys  []float64
	ids   []int
	other []int
}

// newCoordIndex indexes the elements ids that have a position.
func newCoordIndex(ids []int, tol float64, position func(k int) (convert.Vec3, bool)) *coordIndex {
	x := &coordIndex{tol: tol}
	type entry struct {
		p  convert.Vec3
		id int
	}
	var list []entry
	lo, hi := convert.Vec3{math.Inf(1), math.Inf(1), math.Inf(1)}, convert.Vec3{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for _, k := range ids {
		if p, ok := position(k); ok {
			list = append(list, entry{p, k})
			for a, v := range p {
				if !math.IsNaN(v) && !math.IsInf(v, 0) {
					lo[a], hi[a] = math.Min(lo[a], v), math.Max(hi[a], v)
				}
			}
		}
	}
	for a := 1; a < 3; a++ {
		if hi[a]-lo[a] > hi[x.axis]-lo[x.axis] {
			x.axis = a
		}
	}
	sorted := list[:0]
	for _, e := range list {
		if v := e.p[x.axis]; math.IsNaN(v) || math.IsInf(v, 0) || !(tol >= 0 && tol < 0.5) {
			x.other = append(x.other, e.id)
		} else {
			sorted = append(sorted, e)
		}
	}
	slices.SortFunc(sorted, func(p, q entry) int { return cmp.Compare(p.p[x.axis], q.p[x.axis]) })
	x.keys, x.ids = make([]float64, len(sorted)), make([]int, len(sorted))
	for i, e := range sorted {
		x.keys[i], x.ids[i] = e.p[x.axis], e.id
	}
	return x
}

// near returns the elements whose position may be close to p: those
// whose coordinate is not finite, and those in the window (both parts of
// the index, not to be changed).
func (x *coordIndex) near(p convert.Vec3) (other, window []int) {
	v := p[x.axis]
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return x.other, nil
	}
	// close(v, w) holds only when |v−w| ≤ tol·max(1, |v|, |w|) ≤ tol·max(1, |v|)/(1−tol)
	w := x.tol * math.Max(1, math.Abs(v)) / (1 - x.tol)
	from := sort.SearchFloat64s(x.keys, v-w)
	to := from
	for to < len(x.keys) && x.keys[to] <= v+w {
		to++
	}
	return x.other, x.ids[from:to]
}
