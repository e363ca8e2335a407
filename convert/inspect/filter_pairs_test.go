package inspect

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// filterScene is free spheres with the given filters (nil: none).
func filterScene(filters ...*convert.Filter) *convert.Graph {
	return filterSceneOf(convert.Dynamic, filters...)
}

// filterSceneOf is filterScene with bodies of the given kind ("" for
// colliders without a body).
func filterSceneOf(kind convert.BodyKind, filters ...*convert.Filter) *convert.Graph {
	g := convert.NewGraph()
	s := g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.1, Mesh: -1})
	for i, f := range filters {
		fi := -1
		if f != nil {
			fi = len(g.Filters)
			g.Filters = append(g.Filters, *f)
		}
		var motion *convert.Motion
		if kind != "" {
			motion = &convert.Motion{Kind: kind, Mass: convert.Ptr(1.0), GravityFactor: 1}
		}
		g.AddNode(convert.Node{Name: string(rune('a' + i)), Transform: convert.Transform{T: convert.Vec3{float64(i), 0, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
			Motion: motion, Collider: &convert.Collider{Shape: s, Material: -1, Filter: fi}}, -1)
	}
	return g
}

// TestFiltersComparedByPairs: filters written differently (a format's
// own system names, a filter where the other had none) are no
// difference while every two shapes collide alike; when some pair
// differs, the shapes of each group that pairs differently are named,
// once per group.
func TestFiltersComparedByPairs(t *testing.T) {
	f := func(sys, with string) *convert.Filter {
		x := &convert.Filter{Systems: strings.Fields(sys)}
		if with != "" {
			x.CollideWith = strings.Fields(with)
		}
		return x
	}
	// a and b meet each other, c and d each other
	src := filterScene(nil, nil, f("x", "x"), f("x", "x"))
	same := filterScene(f("p", "p"), f("p", "p"), f("q", "q"), f("q", "q"))
	if ds := Diff(Inspect(src, "x", nil), Inspect(same, "y", nil), 1e-9); len(ds) != 0 {
		t.Errorf("filters that pair alike: %v", ds)
	}
	// d no longer meets c
	other := filterScene(nil, nil, f("x", "x"), f("x", "y"))
	ds := Diff(Inspect(src, "x", nil), Inspect(other, "y", nil), 1e-9)
	if len(ds) != 2 {
		t.Fatalf("differences %v, want one for d and one for what it stops meeting", ds)
	}
	for _, d := range ds {
		if d.Quantity != convert.QFilter || !strings.Contains(d.Format(), "they collide true in the first, false in the second") {
			t.Errorf("difference %v", d.Format())
		}
	}
}

// TestUnfilteredShapesKeptOnce: shapes without a filter in either report
// are one group; the comparison keeps two of them however many there are
// and finds the same differences: a filtered shape that stops meeting
// them is named with the first of them, and unfiltered shapes among
// themselves differ in nothing.
func TestUnfilteredShapesKeptOnce(t *testing.T) {
	for _, unfiltered := range []int{1, 2, 3, 500} {
		var src, out []*convert.Filter
		for range unfiltered {
			src, out = append(src, nil), append(out, nil)
		}
		// the last shape meets everything, then only system y
		src = append(src, &convert.Filter{Systems: []string{"x"}})
		out = append(out, &convert.Filter{Systems: []string{"x"}, CollideWith: []string{"y"}})
		a, b := Inspect(filterScene(src...), "x", nil), Inspect(filterScene(out...), "y", nil)
		c := comparer{tol: 1e-9}
		c.scene(a, b)
		c.bodies(a, b)
		c.joints(a, b)
		if want := min(unfiltered, 2) + 1; len(c.filters) != want {
			t.Errorf("%d unfiltered shapes: %d filter matches kept, want %d", unfiltered, len(c.filters), want)
		}
		c.filterPairs()
		if len(c.diffs) != 2 {
			t.Fatalf("%d unfiltered shapes: differences %v, want the filtered shape and the first unfiltered one", unfiltered, c.diffs)
		}
		for _, d := range c.diffs {
			if msg := d.Format(); !strings.Contains(msg, "they collide true in the first, false in the second") || !strings.Contains(msg, `"a"`) {
				t.Errorf("%d unfiltered shapes: difference %s", unfiltered, msg)
			}
		}
	}
}

// TestStillPairsNotCompared: two objects neither of which responds to a
// contact (static colliders, kinematic bodies) move nothing when they
// touch, so filters that pair them otherwise are no difference; a
// dynamic body or a trigger among them is.
func TestStillPairsNotCompared(t *testing.T) {
	// d no longer meets c
	src := []*convert.Filter{nil, nil, {Systems: []string{"x"}, CollideWith: []string{"x"}}, {Systems: []string{"x"}, CollideWith: []string{"x"}}}
	out := []*convert.Filter{nil, nil, {Systems: []string{"x"}, CollideWith: []string{"x"}}, {Systems: []string{"x"}, CollideWith: []string{"y"}}}
	for _, c := range []struct {
		kind convert.BodyKind
		want int
	}{{"", 0}, {convert.Static, 0}, {convert.Kinematic, 0}, {convert.Dynamic, 2}} {
		ds := Diff(Inspect(filterSceneOf(c.kind, src...), "x", nil), Inspect(filterSceneOf(c.kind, out...), "y", nil), 1e-9)
		if len(ds) != c.want {
			t.Errorf("bodies %q: differences %v, want %d", c.kind, ds, c.want)
		}
	}
}

// TestPairExplainedByEitherSide: a pair of shapes whose filters pair them
// otherwise is reported on one shape of each side, naming the other; a
// diagnostic about either side's body (its filter merged into another, a
// filter dropped) explains both reports.
func TestPairExplainedByEitherSide(t *testing.T) {
	x := &convert.Filter{Systems: []string{"x"}, CollideWith: []string{"x"}}
	src := filterScene(nil, x, x)
	out := filterScene(nil, x, &convert.Filter{Systems: []string{"x"}, CollideWith: []string{"y"}})
	want, got := Inspect(src, "x", nil), Inspect(out, "y", nil)
	ds := DiffDeferred(want, got, 1e-9)
	if len(ds) != 2 {
		t.Fatalf("differences %v, want one on each side of the pair", ds)
	}
	for _, node := range []int{2, 1} {
		var diags convert.Diagnostics
		diags.Add(convert.CodeGodotFilterMerged, convert.BodySubject(node), "", "merged")
		ex := NewExplainer(src, want, got, diags)
		for _, d := range ds {
			if !ex.Explains(d) {
				t.Errorf("a diagnostic about %q does not explain %s", src.Nodes[node].Name, d.Format())
			}
		}
	}
	var other convert.Diagnostics
	other.Add(convert.CodeGodotFilterMerged, convert.BodySubject(0), "", "merged")
	ex := NewExplainer(src, want, got, other)
	for _, d := range ds {
		if ex.Explains(d) {
			t.Errorf("a diagnostic about the unfiltered body explains %s", d.Format())
		}
	}
}
