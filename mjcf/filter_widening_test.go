package mjcf

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/xmlx"
)

// glTF needs both colliders to accept each other; MuJoCo pairs two geoms
// when either side's conaffinity meets the other's contype. A bit per
// collision system is exact for filters that accept each other alike;
// one-sided filters get a bit per filter instead, whose conaffinity names
// every filter the source pairs it with, so MuJoCo pairs exactly the
// source's colliders; only where more than 30 filters differ do the
// system bits stay, and the pairs they widen are said under each filter.
func TestFilterBitsPairAsTheSource(t *testing.T) {
	ring := func(n int) []convert.Filter {
		// each filter collides only with the next: one-sided all round
		var fs []convert.Filter
		for k := range n {
			fs = append(fs, convert.Filter{Name: fmt.Sprint("f", k), Systems: []string{fmt.Sprint("s", k)}, CollideWith: []string{fmt.Sprint("s", (k+1)%n)}})
		}
		return fs
	}
	cases := []struct {
		name      string
		filters   []convert.Filter
		perFilter bool // a bit per filter, not per system
		widened   int  // filters told of pairs MuJoCo adds
		unused    int  // more filters, no collider's
	}{
		{"one-sided: a player, debris, props", []convert.Filter{
			{Name: "player", Systems: []string{"player"}, CollideWith: []string{"debris"}},
			{Name: "debris", Systems: []string{"debris"}, CollideWith: []string{"props"}},
			{Name: "props", Systems: []string{"props"}, CollideWith: []string{"debris"}},
		}, true, 0, 0},
		{"one-sided by exclusion", []convert.Filter{
			{Name: "ghost", Systems: []string{"ghost"}, NotCollideWith: []string{"solid"}},
			{Name: "solid", Systems: []string{"solid"}},
			{Name: "none", Systems: []string{"none"}, CollideWith: []string{"ghost"}},
		}, true, 0, 0},
		{"alike both ways: a bit per system", []convert.Filter{
			{Name: "a", Systems: []string{"a"}, CollideWith: []string{"a", "b"}},
			{Name: "b", Systems: []string{"b"}, CollideWith: []string{"a", "b"}},
			{Name: "c", Systems: []string{"c"}, CollideWith: []string{"c"}},
		}, false, 0, 0},
		{"30 one-sided filters", ring(30), true, 0, 0},
		{"30 one-sided filters in use, 5 more unused", ring(30), true, 0, 5},
		{"31 one-sided filters: bits short, said", ring(31), false, 31, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			g := convert.NewGraph()
			g.Filters = slices.Clone(c.filters)
			for k := range g.Filters {
				b := g.AddNode(convert.Node{Name: fmt.Sprint("body", k), Transform: rigidAt(float64(k), 1, 0), Motion: dynamicBody(1)}, -1)
				g.Nodes[b].Collider = &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.1}), Material: -1, Filter: k}
			}
			for k := range c.unused {
				g.Filters = append(g.Filters, convert.Filter{Name: fmt.Sprint("unused", k), Systems: []string{fmt.Sprint("u", k)}, CollideWith: []string{"s0"}})
			}
			// a collider without a filter, which accepts all and is in no system
			plain := g.AddNode(convert.Node{Name: "plain", Transform: rigidAt(-1, 1, 0), Motion: dynamicBody(1)}, -1)
			g.Nodes[plain].Collider = &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.1}), Material: -1, Filter: -1}
			out, diags, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			warned := map[convert.Subject]bool{}
			table := ""
			for _, d := range diags {
				switch d.Code {
				case convert.CodeCollisionFilterWidened:
					warned[d.Subject] = true
				case convert.CodeCollisionBits:
					table = d.Message
				}
			}
			if len(warned) != c.widened {
				t.Errorf("%d filters told of widened pairs, want %d", len(warned), c.widened)
			}
			if got := strings.Contains(table, "one per filter"); got != c.perFilter {
				t.Errorf("a bit per filter: %v, want %v (%s)", got, c.perFilter, table)
			}
			masks := geomMasks(t, out.Main)
			if c.widened > 0 {
				return
			}
			// every pair, the plain collider's too, as the source pairs them
			bodies := len(c.filters)
			filterOf := func(k int) convert.Filter {
				if k == bodies {
					return convert.Filter{}
				}
				return g.Filters[k]
			}
			for a := 0; a <= bodies; a++ {
				for b := a; b <= bodies; b++ {
					ma, mb := masks[bodyName(a, bodies)], masks[bodyName(b, bodies)]
					mujoco := ma[0]&mb[1] != 0 || mb[0]&ma[1] != 0
					if want := convert.FiltersCollide(filterOf(a), filterOf(b)); mujoco != want {
						t.Errorf("%s with %s: MuJoCo pairs them %v (masks %v, %v), the source %v", bodyName(a, bodies), bodyName(b, bodies), mujoco, ma, mb, want)
					}
				}
			}
		})
	}
}

func bodyName(k, filters int) string {
	if k == filters {
		return "plain"
	}
	return fmt.Sprint("body", k)
}

// geomMasks reads each body's geom contype and conaffinity (MuJoCo's 1
// and 1 where a geom leaves them out).
func geomMasks(t *testing.T, doc []byte) map[string][2]int {
	t.Helper()
	root, err := xmlx.Parse(doc, xmlx.Options{})
	if err != nil {
		t.Fatal(err)
	}
	out := map[string][2]int{}
	var walk func(e *xmlx.Element, body string)
	walk = func(e *xmlx.Element, body string) {
		if e.Name == "body" {
			body, _ = e.Attr("name")
		}
		if e.Name == "geom" {
			m := [2]int{1, 1}
			for k, a := range []string{"contype", "conaffinity"} {
				if v, ok := e.Attr(a); ok {
					n, err := strconv.Atoi(v)
					if err != nil {
						t.Fatalf("%s=%q", a, v)
					}
					m[k] = n
				}
			}
			out[body] = m
		}
		for _, c := range e.Children {
			walk(c, body)
		}
	}
	walk(root, "")
	return out
}
