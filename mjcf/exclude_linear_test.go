package mjcf

import (
	"fmt"
	"strings"
	"testing"
)

// TestManyExcludesLinear: a body excluded against N others got a new
// filter at each <exclude>, naming every body so far: N² list entries in
// the Graph (a 219 KB model wrote 49 MB of glTF), and N³ time to name them
// (2,000 excludes took 26 s). Each body gets one filter once all are read
// now: one filter per body, 2N list entries, and the pairs kept apart as
// before.
func TestManyExcludesLinear(t *testing.T) {
	for _, n := range []int{50, 800} {
		var b strings.Builder
		b.WriteString(`<mujoco><worldbody><body name="b0"><freejoint/><geom size="0.1"/></body>`)
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, `<body name="b%d" pos="%d 0 0"><freejoint/><geom size="0.1"/></body>`, i, i)
		}
		b.WriteString(`</worldbody><contact>`)
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, `<exclude body1="b0" body2="b%d"/>`, i)
		}
		b.WriteString(`</contact></mujoco>`)
		g, _ := parseText(t, b.String())
		entries := 0
		for _, f := range g.Filters {
			entries += len(f.NotCollideWith)
		}
		if len(g.Filters) > n+1 || entries > 2*n {
			t.Errorf("%d excludes: %d filters holding %d not-collide entries, want at most %d and %d", n, len(g.Filters), entries, n+1, 2*n)
		}
		// b0 stays apart from every other body, the others from b0 only
		filterOf := func(name string) int {
			for i, nd := range g.Nodes {
				if nd.Name == name {
					for _, ch := range nd.Children {
						if c := g.Nodes[ch].Collider; c != nil {
							return c.Filter
						}
					}
					t.Fatalf("%s has no collider (node %d)", name, i)
				}
			}
			t.Fatalf("no body %s", name)
			return -1
		}
		f0, f1, f2 := g.Filters[filterOf("b0")], g.Filters[filterOf("b1")], g.Filters[filterOf("b2")]
		if f0.Accepts(f1) || f1.Accepts(f0) || !f1.Accepts(f2) || !f2.Accepts(f1) {
			t.Errorf("%d excludes: b0–b1 kept apart %v, b1–b2 colliding %v", n, !f0.Accepts(f1), f1.Accepts(f2))
		}
	}
}
