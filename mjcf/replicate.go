package mjcf

import (
	"slices"

	"github.com/physconv/physconv/convert"
)

// maxReplicas bounds <replicate count> so hostile input stays small.
const maxReplicas = 10000

// replicate expands <replicate count offset euler sep> in place: copy i is
// moved by i·offset and turned i times by euler; names get sep and the
// copy number, as MuJoCo does.
func (p *parser) replicate(e *Element, node, body int, pre convert.Transform, cc string) error {
	a := ownAttrs(e)
	n, err := a.intAttr("count", 0)
	if err != nil {
		return err
	}
	if n < 1 || n > maxReplicas {
		return errAt(e, "count must be 1 to %d", maxReplicas)
	}
	if p.replicas += n; p.replicas > maxReplicas {
		return errAt(e, "replicates make more than %d copies in total", maxReplicas)
	}
	// Every copy's elements are charged before any is built, so a big
	// body replicated many times fails at once.
	if err := p.in.Budget().Nodes("", int64(n)*int64(countElements(e))); err != nil {
		return errAt(e, "%d copies of %d elements: %v", n, countElements(e), err)
	}
	off, err := a.vec3("offset", convert.Vec3{})
	if err != nil {
		return err
	}
	step, err := p.orientation(attrs{e: e, def: map[string]string{"euler": a.str("euler", "0 0 0")}})
	if err != nil {
		return err
	}
	sep := a.str("sep", "")
	digits := len(itoa(n - 1))
	suffixes := make([]string, n)
	outer := a.str(pendingSuffix, "")
	for i := range suffixes {
		suffixes[i] = sep + pad(itoa(i), digits) + outer
	}
	p.noteReplicated(e, suffixes)
	t := convert.Identity()
	for i := 0; i < n; i++ {
		suffix := suffixes[i]
		copyTree := renamed(e, suffix)
		if err := p.children(copyTree, node, body, pre.Mul(t), cc); err != nil {
			return err
		}
		t = convert.Transform{T: t.T.Add(t.R.Rotate(off)), R: t.R.Mul(step).Normalize(), S: convert.Vec3{1, 1, 1}}
	}
	p.diags.Add(convert.CodeReplicateExpanded, convert.NodeSubject(node), p.path(e), "<replicate> expanded into %d copies", n)
	return nil
}

// noteReplicated records the names given below replicate element e,
// whose copies get suffixes (nil for a name inside nested replicates).
func (p *parser) noteReplicated(e *Element, suffixes []string) {
	if p.replicated == nil {
		p.replicated = map[string][]string{}
	}
	p.noteReplicatedNames(e, suffixes, map[string]bool{})
}

// noteReplicatedNames is noteReplicated below e; mine holds the names
// this replicate noted, which elements of other kinds may share (a body
// and its geom of one name: MuJoCo names each kind apart).
func (p *parser) noteReplicatedNames(e *Element, suffixes []string, mine map[string]bool) {
	for _, c := range e.Children {
		if name, ok := c.Attr("name"); ok && c.Name != "replicate" && !mine[name] {
			if _, again := p.replicated[name]; again {
				// noted by an outer replicate (or an earlier copy of one):
				// an element of nested replicates, whose copies no one
				// list of suffixes names
				p.replicated[name] = nil
			} else {
				p.replicated[name] = suffixes
				mine[name] = true
			}
		}
		p.noteReplicatedNames(c, suffixes, mine)
	}
}

// referenceAttrs are the attributes by which an element outside the
// worldbody names a body, joint, geom, site, tendon or actuator.
var referenceAttrs = map[string]bool{
	"body": true, "body1": true, "body2": true, "joint": true, "joint1": true, "joint2": true,
	"jointinparent": true, "geom": true, "geom1": true, "geom2": true, "site": true,
	"site1": true, "site2": true, "sidesite": true, "refsite": true, "cranksite": true,
	"slidersite": true, "tendon": true, "tendon1": true, "tendon2": true, "actuator": true,
	"objname": true, "refname": true, "target": true,
}

// replicateReferrers copies, as MuJoCo does, each element of <tendon>,
// <equality>, <actuator>, <sensor> and <contact> that names an element
// of a <replicate> once per replica: copy i takes the replica's suffix on
// its name and on the names of replicated elements it refers to. A copied
// element is itself replicated for those that refer to it (an actuator
// of a replicated tendon). top is returned as it is when nothing refers
// to a replica, else as a copy; the document is not changed.
func (p *parser) replicateReferrers(top *Element) (*Element, error) {
	if len(p.replicated) == 0 {
		return top, nil
	}
	var out *Element
	for _, section := range []string{"tendon", "equality", "actuator", "sensor", "contact"} {
		for k, sec := range top.Children {
			if sec.Name != section {
				continue
			}
			copied, err := p.replicateSection(sec)
			if err != nil {
				return nil, err
			}
			if copied == sec {
				continue
			}
			if out == nil {
				c := *top
				c.Children = append([]*Element(nil), top.Children...)
				out = &c
			}
			out.Children[k] = copied
			top = out
		}
	}
	return top, nil
}

// replicateSection is replicateReferrers for one section element.
func (p *parser) replicateSection(sec *Element) (*Element, error) {
	var children []*Element
	for k, c := range sec.Children {
		suffixes, err := p.referredReplicas(c, nil)
		if err != nil {
			return nil, err
		}
		if suffixes == nil {
			if children != nil {
				children = append(children, c)
			}
			continue
		}
		if children == nil {
			children = append([]*Element(nil), sec.Children[:k]...)
		}
		for _, s := range suffixes {
			children = append(children, p.withReplicaNames(c, s, true))
		}
		if name, ok := c.Attr("name"); ok {
			p.replicated[name] = suffixes
		}
	}
	if children == nil {
		return sec, nil
	}
	c := *sec
	c.Children = children
	return &c, nil
}

// referredReplicas returns the suffixes of the replicated elements e (or
// an element below it) names, nil when it names none; naming elements of
// two replicates is refused, as is naming one inside nested replicates.
func (p *parser) referredReplicas(e *Element, found []string) ([]string, error) {
	for _, a := range e.Attrs {
		s, ok := p.replicated[a.Value]
		if !ok || !referenceAttrs[a.Name] {
			continue
		}
		if s == nil {
			return nil, errAt(e, "%s=%q names an element of nested <replicate>s; not supported", a.Name, a.Value)
		}
		if found != nil && !slices.Equal(found, s) {
			return nil, errAt(e, "%s=%q names an element of another <replicate> than the rest; not supported", a.Name, a.Value)
		}
		found = s
	}
	for _, c := range e.Children {
		var err error
		if found, err = p.referredReplicas(c, found); err != nil {
			return nil, err
		}
	}
	return found, nil
}

// withReplicaNames copies e for the replica of suffix: its own name (top
// only) and its references to replicated elements take the suffix.
func (p *parser) withReplicaNames(e *Element, suffix string, top bool) *Element {
	c := *e
	c.Attrs = append([]Attr(nil), e.Attrs...)
	for i, a := range c.Attrs {
		if _, ok := p.replicated[a.Value]; ok && referenceAttrs[a.Name] || top && a.Name == "name" {
			c.Attrs[i].Value += suffix
		}
	}
	c.Children = make([]*Element, len(e.Children))
	for i, ch := range e.Children {
		c.Children[i] = p.withReplicaNames(ch, suffix, false)
	}
	return &c
}

// countElements counts e's descendants (what one copy adds).
func countElements(e *Element) int {
	n := 0
	for _, c := range e.Children {
		n += 1 + countElements(c)
	}
	return n
}

// renamed copies e (a replicate's tree) with suffix after every name in
// it. A replicate nested inside takes the suffix as one its own copies'
// names end with (pendingSuffix), after their own: MuJoCo names a body of
// nested replicates by the inner copy's number first.
func renamed(e *Element, suffix string) *Element {
	c := *e
	c.Attrs = append([]Attr(nil), e.Attrs...)
	for i, a := range c.Attrs {
		if a.Name == "name" && e.Name != "replicate" {
			c.Attrs[i].Value += suffix
		}
	}
	c.Children = make([]*Element, len(e.Children))
	for i, ch := range e.Children {
		if ch.Name == "replicate" {
			nested := *ch
			nested.Attrs = append(withoutAttrs(ch.Attrs, pendingSuffix), Attr{Name: pendingSuffix, Value: suffix + ch.AttrOr(pendingSuffix, "")})
			c.Children[i] = &nested
			continue
		}
		c.Children[i] = renamed(ch, suffix)
	}
	return &c
}

// pendingSuffix is the attribute under which a replicate nested in
// another carries the outer copies' suffix, which its own copies' names
// end with (no MJCF attribute has this name).
const pendingSuffix = "\x00suffix"

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	s := ""
	for ; i > 0; i /= 10 {
		s = string(rune('0'+i%10)) + s
	}
	return s
}

func pad(s string, n int) string {
	for len(s) < n {
		s = "0" + s
	}
	return s
}
