package lower_test

import (
	"reflect"
	"slices"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/godot"
	"github.com/physconv/physconv/khr"
	"github.com/physconv/physconv/mjcf"
	"github.com/physconv/physconv/omi"
)

// filtersGraph is a dynamic body with one sphere collider per filter.
func filtersGraph(filters ...convert.Filter) *convert.Graph {
	g := convert.NewGraph()
	s := g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.1, Mesh: -1})
	b := g.AddNode(convert.Node{Name: "Body", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}}, -1)
	for k, f := range filters {
		g.Filters = append(g.Filters, f)
		g.AddNode(convert.Node{Name: f.Name, Collider: &convert.Collider{Shape: s, Material: -1, Filter: k}}, b)
	}
	g, _ = mass.Complete(g, nil)
	return g
}

// copyFilters copies filters down to their lists, to compare with later.
func copyFilters(fs []convert.Filter) []convert.Filter {
	out := make([]convert.Filter, len(fs))
	for k, f := range fs {
		out[k] = convert.Filter{Name: f.Name, Systems: slices.Clone(f.Systems),
			CollideWith: slices.Clone(f.CollideWith), NotCollideWith: slices.Clone(f.NotCollideWith)}
	}
	return out
}

// TestLowerFilterLists: a filter listing both collideWith and
// notCollideWith systems (an MJCF <exclude> on geoms with contype and
// conaffinity masks) keeps collideWith alone for targets whose filters
// hold one list (KHR, OMI), with an info, and stays as it is for those
// that hold both (MJCF, Godot 4 and 3); filters with one list or none are
// left alone everywhere, and no pair of colliders changes.
func TestLowerFilterLists(t *testing.T) {
	both := convert.Filter{Name: "both", Systems: []string{"bit0", "body:a"}, CollideWith: []string{"bit1"}, NotCollideWith: []string{"body:b", "body:c"}}
	collide := convert.Filter{Name: "collide", Systems: []string{"bit1", "body:b"}, CollideWith: []string{"bit0"}}
	not := convert.Filter{Name: "not", Systems: []string{"body:c"}, NotCollideWith: []string{"body:a"}}
	plain := convert.Filter{Name: "plain", Systems: []string{"bit0"}}
	targets := []struct {
		name string
		caps *convert.Capabilities
		// one says the row's filters hold one list each
		one bool
	}{
		{"khr", &khr.Capabilities, true}, {"omi", &omi.Capabilities, true},
		{"mjcf", &mjcf.Capabilities, false}, {"godot", &godot.Capabilities, false}, {"godot3", &godot.Capabilities3, false},
	}
	cases := []struct {
		name    string
		filters []convert.Filter
		// changed lists the filters whose notCollideWith one-list rows drop
		changed []int
	}{
		{"both lists", []convert.Filter{both}, []int{0}},
		{"both lists among others", []convert.Filter{plain, both, collide, not}, []int{1}},
		{"collideWith only", []convert.Filter{collide}, nil},
		{"notCollideWith only", []convert.Filter{not}, nil},
		{"no lists", []convert.Filter{plain}, nil},
	}
	for _, c := range cases {
		for _, tg := range targets {
			t.Run(c.name+"/"+tg.name, func(t *testing.T) {
				g := filtersGraph(c.filters...)
				before := copyFilters(g.Filters)
				out, diags := lowerFor(g, tg.caps)
				if !reflect.DeepEqual(g.Filters, before) {
					t.Errorf("Lower changed the caller's filters:\n got %+v\nwant %+v", g.Filters, before)
				}
				want := copyFilters(before)
				var wantDiags []convert.Subject
				if tg.one {
					for _, k := range c.changed {
						want[k].NotCollideWith = nil
						wantDiags = append(wantDiags, convert.FilterSubject(k))
					}
				}
				if !reflect.DeepEqual(copyFilters(out.Filters), want) {
					t.Errorf("lowered filters:\n got %+v\nwant %+v", out.Filters, want)
				}
				var got []convert.Subject
				for _, d := range diags {
					if d.Code == convert.CodeMassKeptExplicit {
						continue
					}
					if d.Code != convert.CodeFieldDropped || d.Severity != convert.Info || !d.Quantities.Has(convert.QFilter) {
						t.Errorf("unexpected diagnostic %v (want an info field-dropped about the filter)", d)
					}
					got = append(got, d.Subject)
				}
				if !slices.Equal(got, wantDiags) {
					t.Errorf("diagnostics about %v, want %v (%v)", got, wantDiags, diags)
				}
				// the rule drops what decides nothing: every pair of
				// colliders collides as before
				for i := range before {
					for j := range before {
						if a, b := convert.FiltersCollide(before[i], before[j]), convert.FiltersCollide(out.Filters[i], out.Filters[j]); a != b {
							t.Errorf("filters %q and %q: collide %v before lowering, %v after", before[i].Name, before[j].Name, a, b)
						}
					}
				}
				if p := lower.Check(out, tg.caps); len(p) > 0 {
					t.Errorf("lowered graph breaks the row: %v", p)
				}
				if p := lower.Check(g, tg.caps); (len(p) > 0) != (tg.one && len(c.changed) > 0) {
					t.Errorf("Check of the source: %v, want a finding exactly when the pass changes a filter", p)
				}
				if again, d2 := lower.Lower(out, tg.caps); len(d2) > 0 || !reflect.DeepEqual(again.Filters, out.Filters) {
					t.Errorf("lowering twice changed more: %v", d2)
				}
				// LowerInPlace lowers the caller's own filters
				in := filtersGraph(c.filters...)
				if lowered, _ := lower.LowerInPlace(in, tg.caps); !reflect.DeepEqual(copyFilters(lowered.Filters), want) || !reflect.DeepEqual(copyFilters(in.Filters), want) {
					t.Errorf("LowerInPlace: filters %+v (graph %+v), want %+v", lowered.Filters, in.Filters, want)
				}
			})
		}
	}
}
