package mjcf

import (
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// excludeModel is a model of bodies a and b (bodies holds their XML,
// with a's closing tag left to it so b may nest in a) and one
// <exclude body1="a" body2="b">.
func excludeModel(bodies string) string {
	return `<mujoco model="exclude">
  <worldbody>
` + bodies + `
  </worldbody>
  <contact>
    <exclude body1="a" body2="b"/>
  </contact>
</mujoco>`
}

// TestExcludeLost: an <exclude> between bodies whose geoms have
// contype/conaffinity masks has no collision-filter form (the mask's
// collideWith list decides the Graph's pairs, and glTF filters hold one
// list), and the reader says so exactly when the bodies' colliders still
// collide in the Graph and no joint keeps them apart.
func TestExcludeLost(t *testing.T) {
	const (
		free   = `<freejoint/>`
		sphere = `<geom type="sphere" size="0.1"`
	)
	cases := []struct {
		name   string
		bodies string
		// lost: reported; joined: a joint keeps the bodies apart
		lost, joined bool
	}{
		{"default masks: the filters keep the exclude", `
    <body name="a">` + free + sphere + `/></body>
    <body name="b" pos="0.15 0 0">` + free + sphere + `/></body>`, false, false},
		{"masks on both free bodies: lost", `
    <body name="a">` + free + sphere + ` contype="3" conaffinity="2"/></body>
    <body name="b" pos="0.15 0 0">` + free + sphere + ` contype="3" conaffinity="2"/></body>`, true, false},
		{"masks on one geom of each: lost", `
    <body name="a">` + free + sphere + `/>` + sphere + ` pos="0 0 0.3" contype="1" conaffinity="2"/></body>
    <body name="b" pos="0.15 0 0">` + free + sphere + ` contype="2" conaffinity="1"/></body>`, true, false},
		// contype 3 meets the default conaffinity 1: MuJoCo pairs these
		// geoms with default ones, which only crosswise filters say, and
		// those hold no exclude
		{"masks on one body: lost", `
    <body name="a">` + free + sphere + ` contype="3" conaffinity="2"/></body>
    <body name="b" pos="0.15 0 0">` + free + sphere + `/></body>`, true, false},
		{"masks on one body that default geoms do not meet: the other's notCollideWith keeps them apart", `
    <body name="a">` + free + sphere + ` contype="2" conaffinity="2"/></body>
    <body name="b" pos="0.15 0 0">` + free + sphere + `/></body>`, false, false},
		{"masks that keep the bodies apart themselves", `
    <body name="a">` + free + sphere + ` contype="2" conaffinity="2"/></body>
    <body name="b" pos="0.15 0 0">` + free + sphere + ` contype="4" conaffinity="4"/></body>`, false, false},
		{"a hinge joins the bodies without collision", `
    <body name="a">` + free + sphere + ` contype="3" conaffinity="2"/>
      <body name="b" pos="0.15 0 0"><joint type="hinge"/>` + sphere + ` contype="3" conaffinity="2"/></body>
    </body>`, false, true},
		{"b welded to a (no joint)", `
    <body name="a">` + free + sphere + ` contype="3" conaffinity="2"/>
      <body name="b" pos="0.15 0 0">` + sphere + ` contype="3" conaffinity="2"/></body>
    </body>`, false, true},
		{"a stack of joints reaches b through links: lost", `
    <body name="a">` + free + sphere + ` contype="3" conaffinity="2"/>
      <body name="b" pos="0.15 0 0"><joint type="hinge" axis="0 0 1"/><joint type="slide" pos="0.05 0 0" axis="1 1 0"/>` + sphere + ` contype="3" conaffinity="2"/></body>
    </body>`, true, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			src := excludeModel(c.bodies)
			g, diags, err := Parse(&convert.Input{Name: "exclude.xml", Data: []byte(src), Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			kept := diags.OfCode(convert.CodeContactPairKept)
			if !c.lost {
				if len(kept) > 0 {
					t.Errorf("unexpected %v", kept)
				}
				if !c.joined && someCollide(g, "a", "b") {
					t.Errorf("the bodies' colliders collide in the Graph, yet the exclude is not reported lost")
				}
				return
			}
			if len(kept) != 1 {
				t.Fatalf("diagnostics %v, want one contact-pair-kept about the exclude", kept)
			}
			d := kept[0]
			line := strings.Count(src[:strings.Index(src, "<exclude")], "\n") + 1
			if d.Severity != convert.Warning || d.Path != "exclude@"+strconv.Itoa(line) ||
				!strings.Contains(d.Message, `exclude of bodies "a" and "b" cannot be expressed as collision filters`) {
				t.Errorf("diagnostic %v, want a warning on exclude@%d naming bodies a and b", d, line)
			}
			// what the diagnostic says: some collider of a collides with
			// some collider of b in the Graph
			if !someCollide(g, "a", "b") {
				t.Errorf("the bodies' colliders do not collide in the Graph, yet the exclude is reported lost")
			}
		})
	}
}

// someCollide reports whether a collider of body an collides with one of
// body bn in the Graph.
func someCollide(g *convert.Graph, an, bn string) bool {
	filters := func(name string) []convert.Filter {
		var out []convert.Filter
		for i, n := range g.Nodes {
			if n.Collider == nil || g.BodyOf(i) < 0 || g.Nodes[g.BodyOf(i)].Name != name {
				continue
			}
			f := convert.Filter{}
			if n.Collider.Filter >= 0 {
				f = g.Filters[n.Collider.Filter]
			}
			out = append(out, f)
		}
		return out
	}
	for _, fa := range filters(an) {
		for _, fb := range filters(bn) {
			if convert.FiltersCollide(fa, fb) {
				return true
			}
		}
	}
	return false
}

// TestExcludeKeepsEachGeomsMasks: an <exclude> gives each geom of a body
// a filter of its own masks' systems, however many masks the body's
// geoms have (the exclude filters were found by a name that left the
// masks out, so every geom of the body took the first one's).
func TestExcludeKeepsEachGeomsMasks(t *testing.T) {
	src := excludeModel(`
    <body name="a"><freejoint/>
      <geom name="a1" type="sphere" size="0.1" contype="2" conaffinity="2"/>
      <geom name="a2" type="sphere" size="0.1" pos="0.3 0 0" contype="4" conaffinity="4"/>
      <geom name="a3" type="sphere" size="0.1" pos="0.6 0 0"/>
    </body>
    <body name="b" pos="1 0 0"><freejoint/><geom name="b1" type="sphere" size="0.1"/></body>`)
	g, _, err := Parse(&convert.Input{Name: "exclude.xml", Data: []byte(src), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]convert.Filter{
		"a1": {Systems: []string{"bit1", "body:a"}, CollideWith: []string{"bit1"}, NotCollideWith: []string{"body:b"}},
		"a2": {Systems: []string{"bit2", "body:a"}, CollideWith: []string{"bit2"}, NotCollideWith: []string{"body:b"}},
		"a3": {Systems: []string{"body:a"}, NotCollideWith: []string{"body:b"}},
		"b1": {Systems: []string{"body:b"}, NotCollideWith: []string{"body:a"}},
	}
	names := map[string]bool{}
	for _, n := range g.Nodes {
		w, ok := want[n.Name]
		if !ok || n.Collider == nil {
			continue
		}
		if n.Collider.Filter < 0 {
			t.Errorf("%s: no filter", n.Name)
			continue
		}
		f := g.Filters[n.Collider.Filter]
		if !slices.Equal(f.Systems, w.Systems) || !slices.Equal(f.CollideWith, w.CollideWith) || !slices.Equal(f.NotCollideWith, w.NotCollideWith) {
			t.Errorf("%s: filter %+v, want %+v", n.Name, f, w)
		}
		if names[f.Name] {
			t.Errorf("%s: filter name %q is another geom's", n.Name, f.Name)
		}
		names[f.Name] = true
		delete(want, n.Name)
	}
	if len(want) > 0 {
		t.Errorf("geoms not found: %v", want)
	}
}
