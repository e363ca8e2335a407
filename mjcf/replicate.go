package mjcf

import "github.com/physconv/physconv/convert"

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
	t := convert.Identity()
	for i := 0; i < n; i++ {
		suffix := sep + pad(itoa(i), digits)
		copyTree := renamed(e, suffix)
		if err := p.children(copyTree, node, body, pre.Mul(t), cc); err != nil {
			return err
		}
		t = convert.Transform{T: t.T.Add(t.R.Rotate(off)), R: t.R.Mul(step).Normalize(), S: convert.Vec3{1, 1, 1}}
	}
	p.diags.Add(convert.CodeReplicateExpanded, convert.NodeSubject(node), p.path(e), "<replicate> expanded into %d copies", n)
	return nil
}

// countElements counts e's descendants (what one copy adds).
func countElements(e *Element) int {
	n := 0
	for _, c := range e.Children {
		n += 1 + countElements(c)
	}
	return n
}

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
		c.Children[i] = renamed(ch, suffix)
	}
	return &c
}

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
