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

// WriteSVG draws the kinematic tree as a standalone SVG: bodies in layers
// by their depth below the world, each joint an arrow from body A to body
// B labelled with its name and kind (loop-closing joints dashed).
func (r *Report) WriteSVG(w io.Writer) error {
	root, loops := r.Tree()
	const (
		charW, boxH, gapX, gapY, pad = 7.0, 34.0, 24.0, 70.0, 20.0
	)
	type placed struct {
		x, y, w float64
	}
	var layers [][]*TreeNode
	var collect func(n *TreeNode, depth int)
	collect = func(n *TreeNode, depth int) {
		if len(layers) <= depth {
			layers = append(layers, nil)
		}
		layers[depth] = append(layers[depth], n)
		for _, c := range n.Children {
			collect(c, depth+1)
		}
	}
	collect(root, 0)
	boxW := func(n *TreeNode) float64 {
		l := max(len([]rune(n.Body)), len(n.Kind))
		return float64(l)*charW + 16
	}
	pos := map[string]placed{}
	width := 0.0
	for _, layer := range layers {
		x := pad
		for _, n := range layer {
			bw := boxW(n)
			pos[n.Body] = placed{x, pad + float64(len(pos)*0), bw}
			x += bw + gapX
		}
		width = max(width, x-gapX+pad)
	}
	for d, layer := range layers {
		for _, n := range layer {
			p := pos[n.Body]
			p.y = pad + float64(d)*(boxH+gapY)
			pos[n.Body] = p
		}
	}
	height := pad*2 + float64(len(layers))*(boxH+gapY) - gapY
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" width="%.0f" height="%.0f" viewBox="0 0 %.0f %.0f" font-family="sans-serif" font-size="12">`+"\n",
		width, height, width, height)
	b.WriteString(`<defs><marker id="arrow" viewBox="0 0 10 10" refX="10" refY="5" markerWidth="8" markerHeight="8" orient="auto-start-reverse"><path d="M0,0 L10,5 L0,10 z" fill="#555"/></marker></defs>` + "\n")
	b.WriteString(`<rect width="100%" height="100%" fill="white"/>` + "\n")
	edge := func(j *JointReport, from, to string, dashed bool) {
		p, q := pos[from], pos[to]
		x1, y1 := p.x+p.w/2, p.y+boxH
		x2, y2 := q.x+q.w/2, q.y
		if q.y <= p.y { // same layer or upwards (loops)
			y1, y2 = p.y+boxH/2, q.y+boxH/2
		}
		dash := ""
		if dashed {
			dash = ` stroke-dasharray="5,4"`
		}
		fmt.Fprintf(&b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="#555"%s marker-end="url(#arrow)"/>`+"\n", x1, y1, x2, y2, dash)
		label := j.Name + ": " + j.Kind
		fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#333" stroke="white" stroke-width="3" paint-order="stroke"><title>%s</title>%s</text>`+"\n",
			(x1+x2)/2, (y1+y2)/2, html.EscapeString(jointLabel(j)), html.EscapeString(label))
	}
	var edges func(n *TreeNode)
	edges = func(n *TreeNode) {
		for _, c := range n.Children {
			if c.Joint != nil {
				edge(c.Joint, n.Body, c.Body, false)
			}
			edges(c)
		}
	}
	edges(root)
	for k := range loops {
		j := &loops[k]
		a, c := j.BodyA, j.BodyB
		if a == "" {
			a = World
		}
		if c == "" {
			c = World
		}
		edge(j, a, c, true)
	}
	for _, layer := range layers {
		for _, n := range layer {
			p := pos[n.Body]
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
			fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`+"\n", p.x+p.w/2, p.y+14, html.EscapeString(n.Body))
			if n.Kind != "" {
				fmt.Fprintf(&b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#666" font-size="10">%s</text>`+"\n", p.x+p.w/2, p.y+27, n.Kind)
			}
		}
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}
