package inspect

import (
	"fmt"
	"html"
	"io"
	"strconv"
	"strings"
)

// jointLabel is a joint's name, kind, world axis and range.
func jointLabel(j *JointReport) string {
	s := j.Name + ": " + j.Kind
	if j.Axis != nil {
		s += " about " + vecText(j.Axis)
	}
	if j.Lower != nil && j.Upper != nil && !(j.Kind == "continuous") {
		s += " [" + numText(j.Lower) + ", " + numText(j.Upper) + "]"
	}
	if j.Mimic != nil {
		s += fmt.Sprintf(" (follows %s ×%g%+g)", j.Mimic.Joint, j.Mimic.Multiplier, j.Mimic.Offset)
	}
	return s
}

// WriteTree prints the kinematic tree: each body under the body it hangs
// from, with the joint's kind, world axis and range; joints that close
// loops are listed after it.
func (r *Report) WriteTree(w io.Writer) error {
	root, loops := r.Tree()
	var b strings.Builder
	b.WriteString(World + "\n")
	var walk func(n *TreeNode, prefix string)
	walk = func(n *TreeNode, prefix string) {
		for i, c := range n.Children {
			branch, next := "├── ", "│   "
			if i == len(n.Children)-1 {
				branch, next = "└── ", "    "
			}
			via := "no joint: moves freely"
			if c.Kind == "static" {
				via = "static"
			} else if c.Kind == "kinematic" {
				via = "kinematic, no joint"
			}
			if c.Joint != nil {
				via = jointLabel(c.Joint)
			}
			fmt.Fprintf(&b, "%s%s%s  (%s)\n", prefix, branch, c.Body, via)
			walk(c, prefix+next)
		}
	}
	walk(root, "")
	for _, j := range loops {
		a, c := j.BodyA, j.BodyB
		if a == "" {
			a = World
		}
		if c == "" {
			c = World
		}
		fmt.Fprintf(&b, "loop: %s closes %s – %s\n", jointLabel(&j), a, c)
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// edges lists the picture's nodes (world first, then bodies) and joints.
func (r *Report) picture() (names []string, kinds map[string]string, edges []JointReport) {
	names = []string{World}
	kinds = map[string]string{World: "world"}
	for _, b := range r.Bodies {
		names = append(names, b.Name)
		kinds[b.Name] = string(b.Kind)
	}
	for _, j := range r.Joints {
		if j.BodyA == "" {
			j.BodyA = World
		}
		if j.BodyB == "" {
			j.BodyB = World
		}
		edges = append(edges, j)
	}
	return names, kinds, edges
}

// WriteDot writes the bodies and joints as a Graphviz digraph (body A →
// body B, labelled with the joint).
func (r *Report) WriteDot(w io.Writer) error {
	names, kinds, edges := r.picture()
	var b strings.Builder
	b.WriteString("digraph physics {\n  rankdir=TB;\n  node [shape=box, style=rounded];\n")
	for _, n := range names {
		style := ""
		switch kinds[n] {
		case "world":
			style = ", shape=plaintext"
		case "static":
			style = ", style=\"rounded,filled\", fillcolor=lightgray"
		}
		fmt.Fprintf(&b, "  %s [label=%s%s];\n", strconv.Quote(n), strconv.Quote(n+"\n"+kinds[n]), style)
	}
	for _, j := range edges {
		fmt.Fprintf(&b, "  %s -> %s [label=%s];\n", strconv.Quote(j.BodyA), strconv.Quote(j.BodyB), strconv.Quote(jointLabel(&j)))
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteMermaid writes the bodies and joints as a Mermaid flowchart.
func (r *Report) WriteMermaid(w io.Writer) error {
	names, kinds, edges := r.picture()
	id := map[string]string{}
	for i, n := range names {
		id[n] = fmt.Sprintf("n%d", i)
	}
	esc := func(s string) string { return strings.ReplaceAll(html.EscapeString(s), "|", "&#124;") }
	var b strings.Builder
	b.WriteString("flowchart TD\n")
	for _, n := range names {
		fmt.Fprintf(&b, "  %s[\"%s<br/>%s\"]\n", id[n], esc(n), kinds[n])
	}
	for _, j := range edges {
		fmt.Fprintf(&b, "  %s -->|\"%s\"| %s\n", id[j.BodyA], esc(jointLabel(&j)), id[j.BodyB])
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteSVG draws the kinematic tree as a standalone SVG: a tidy tree (each
// body centred over the bodies that hang from it, layers by depth below
// the world), each joint an arrow to the body it holds, labelled with its
// name and kind just above that body (hover for axis and range); joints
// that close loops are dashed.
func (r *Report) WriteSVG(w io.Writer) error {
	root, loops := r.Tree()
	const (
		charW, boxH, gapX, gapY, pad = 7.0, 34.0, 16.0, 56.0, 20.0
	)
	label := func(n *TreeNode) string {
		if n.Joint == nil {
			return ""
		}
		return n.Joint.Name + ": " + n.Joint.Kind
	}
	boxW := func(n *TreeNode) float64 {
		l := max(len([]rune(n.Body)), len(n.Kind), len([]rune(label(n))))
		return float64(l)*charW + 16
	}
	// span is the width a subtree needs; place puts it from left.
	spans := map[*TreeNode]float64{}
	var span func(n *TreeNode) float64
	span = func(n *TreeNode) float64 {
		kids := 0.0
		for i, c := range n.Children {
			if i > 0 {
				kids += gapX
			}
			kids += span(c)
		}
		spans[n] = max(kids, boxW(n))
		return spans[n]
	}
	span(root)
	type placed struct{ x, y, w float64 }
	pos := map[*TreeNode]placed{}
	byName := map[string]*TreeNode{}
	depth := 0
	var place func(n *TreeNode, left float64, d int)
	place = func(n *TreeNode, left float64, d int) {
		depth = max(depth, d)
		byName[n.Body] = n
		kids := -gapX
		for _, c := range n.Children {
			kids += spans[c] + gapX
		}
		x := left + (spans[n]-kids)/2
		for _, c := range n.Children {
			place(c, x, d+1)
			x += spans[c] + gapX
		}
		bw := boxW(n)
		cx := left + spans[n]/2
		if len(n.Children) > 0 {
			first, last := pos[n.Children[0]], pos[n.Children[len(n.Children)-1]]
			cx = (first.x + first.w/2 + last.x + last.w/2) / 2
		}
		pos[n] = placed{cx - bw/2, pad + float64(d)*(boxH+gapY), bw}
	}
	place(root, pad, 0)
	width := spans[root] + 2*pad
	height := pad*2 + float64(depth+1)*(boxH+gapY) - gapY
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="12">`+"\n",
		width, height, width, height)
	b.WriteString(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>` + "\n")
	b.WriteString(`<rect width="100%" height="100%" fill="white"/>` + "\n")
	line := func(p, q placed, dashed bool) {
		x1, y1 := p.x+p.w/2, p.y+boxH
		x2, y2 := q.x+q.w/2, q.y-16
		dash := ""
		if dashed {
			x1, y1, x2, y2 = p.x+p.w/2, p.y+boxH/2, q.x+q.w/2, q.y+boxH/2
			dash = ` stroke-dasharray="5,4"`
		}
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#555"%s marker-end="url(#arrow)"/>`+"\n", x1, y1, x2, y2, dash)
	}
	var draw func(n *TreeNode)
	draw = func(n *TreeNode) {
		p := pos[n]
		for _, c := range n.Children {
			if c.Joint != nil {
				line(p, pos[c], false)
				q := pos[c]
				fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#333" font-size="11"><title>%s</title>%s</text>`+"\n",
					q.x+q.w/2, q.y-4, html.EscapeString(jointLabel(c.Joint)), html.EscapeString(label(c)))
			}
			draw(c)
		}
		fill := "#eef4ff"
		switch n.Kind {
		case "":
			fill = "#ffffff"
		case "static":
			fill = "#e6e6e6"
		case "kinematic":
			fill = "#fff4dd"
		}
		fmt.Fprintf(&b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%.0f" rx="6" fill="%s" stroke="#333"/>`+"\n", p.x, p.y, p.w, boxH, fill)
		ty := p.y + 14
		if n.Kind == "" {
			ty = p.y + 21
		}
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", p.x+p.w/2, ty, html.EscapeString(n.Body))
		if n.Kind != "" {
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#666" font-size="10">%s</text>`+"\n", p.x+p.w/2, p.y+27, n.Kind)
		}
	}
	draw(root)
	for k := range loops {
		j := &loops[k]
		a, c := j.BodyA, j.BodyB
		if a == "" {
			a = World
		}
		if c == "" {
			c = World
		}
		if na, nc := byName[a], byName[c]; na != nil && nc != nil {
			line(pos[na], pos[nc], true)
			p, q := pos[na], pos[nc]
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#a33" font-size="11"><title>%s</title>loop %s</text>`+"\n",
				(p.x+p.w/2+q.x+q.w/2)/2, (p.y+q.y)/2+boxH/2-4, html.EscapeString(jointLabel(j)), html.EscapeString(j.Name))
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
