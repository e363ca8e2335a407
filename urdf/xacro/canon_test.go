package xacro

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
)

// canonDiff compares two XML documents after canonical formatting: same
// elements in order, same attribute sets, same trimmed text; whitespace-
// separated numbers agree within 1e-12 relative. Comments and whitespace
// are ignored. It returns "" when equal, else the first difference.
func canonDiff(got, want []byte) string { return canonDiffTol(got, want, relClose) }

// relClose: equal within 1e-12 relative.
func relClose(x, y float64) bool {
	return x == y || math.Abs(x-y) <= 1e-12*math.Max(math.Abs(x), math.Abs(y))
}

// canonDiffTol is canonDiff with a chosen number tolerance.
func canonDiffTol(got, want []byte, close func(x, y float64) bool) string {
	g, err := parseXML(got, "got")
	if err != nil {
		return "got does not parse: " + err.Error()
	}
	w, err := parseXML(want, "want")
	if err != nil {
		return "want does not parse: " + err.Error()
	}
	return nodeDiff(g, w, "/"+w.Name, close)
}

func nodeDiff(g, w *Node, at string, close func(x, y float64) bool) string {
	if g.Name != w.Name {
		return fmt.Sprintf("%s: element <%s>, want <%s> (got line %d)", at, g.Name, w.Name, g.Line)
	}
	ga, wa := attrMap(g), attrMap(w)
	var names []string
	for k := range wa {
		names = append(names, k)
	}
	for k := range ga {
		if _, ok := wa[k]; !ok {
			names = append(names, k)
		}
	}
	sort.Strings(names)
	for _, k := range names {
		gv, gok := ga[k]
		wv, wok := wa[k]
		if !gok || !wok {
			return fmt.Sprintf("%s: attribute %s present=%v, want present=%v (got line %d)", at, k, gok, wok, g.Line)
		}
		if !valuesEqual(gv, wv, close) {
			return fmt.Sprintf("%s: %s=%q, want %q (got line %d)", at, k, gv, wv, g.Line)
		}
	}
	if gt, wt := textOf(g), textOf(w); !valuesEqual(gt, wt, close) {
		return fmt.Sprintf("%s: text %q, want %q", at, gt, wt)
	}
	ge, we := g.Elements(), w.Elements()
	for i := 0; i < len(ge) && i < len(we); i++ {
		if d := nodeDiff(ge[i], we[i], fmt.Sprintf("%s/%s[%d]", at, we[i].Name, i), close); d != "" {
			return d
		}
	}
	if len(ge) != len(we) {
		return fmt.Sprintf("%s: %d child elements, want %d", at, len(ge), len(we))
	}
	return ""
}

func attrMap(n *Node) map[string]string {
	m := map[string]string{}
	for _, a := range n.Attrs {
		m[a.Name] = a.Value
	}
	return m
}

func textOf(n *Node) string {
	var b strings.Builder
	for _, c := range n.Children {
		if c.Kind == TextNode {
			b.WriteString(c.Data)
		}
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

func valuesEqual(a, b string, close func(x, y float64) bool) bool {
	if a == b {
		return true
	}
	fa, fb := strings.Fields(a), strings.Fields(b)
	if len(fa) != len(fb) || len(fa) == 0 {
		return false
	}
	for i := range fa {
		if fa[i] == fb[i] {
			continue
		}
		x, err1 := strconv.ParseFloat(fa[i], 64)
		y, err2 := strconv.ParseFloat(fb[i], 64)
		if err1 != nil || err2 != nil {
			return false
		}
		if !close(x, y) {
			return false
		}
	}
	return true
}
