package mjcf

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/xmlx"
)

// TestJointContactsPaired: a joint that lets its bodies collide (KHR's
// enableCollision, Godot's exclude_nodes_from_collision off, an MJCF
// equality between two bodies) is written as a parent and a child body,
// whose contacts MuJoCo filters out: each two of their colliders whose
// filters let them touch get a <pair>. A joint that keeps its bodies
// apart, or holds them rigidly, gets none.
func TestJointContactsPaired(t *testing.T) {
	build := func(kind string, collide bool) *convert.Graph {
		g := convert.NewGraph()
		g.Filters = []convert.Filter{{Systems: []string{"ghost"}, CollideWith: []string{"nothing"}}}
		body := func(name string, x float64, parent int) int {
			tr := convert.Identity()
			tr.T = convert.Vec3{x, 0, 0}
			return g.AddNode(convert.Node{Name: name, Transform: tr, Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0), GravityFactor: 1}}, parent)
		}
		a := body("a", 0, -1)
		b := body("b", 0.25, -1)
		sphere := g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.1, Mesh: -1})
		for _, c := range []struct {
			name   string
			owner  int
			filter int
		}{{"a1", a, -1}, {"a2", a, -1}, {"b1", b, -1}, {"bghost", b, 0}} {
			g.AddNode(convert.Node{Name: c.name, Collider: &convert.Collider{Shape: sphere, Material: -1, Filter: c.filter}}, c.owner)
		}
		lim := []convert.Limit{{Linear: []int{0, 1, 2}, Stiffness: math.Inf(1)}}
		if kind == "fixed" {
			lim = append(lim, convert.Limit{Angular: []int{0, 1, 2}, Stiffness: math.Inf(1)})
		}
		tr := convert.Identity()
		tr.T = convert.Vec3{0.25, 0, 0}
		g.AddNode(convert.Node{Name: "j", Transform: tr, Joint: &convert.Joint{Connected: b, Limits: lim, EnableCollision: collide}}, a)
		return g
	}
	for _, c := range []struct {
		kind    string
		collide bool
		want    []string
	}{
		{"ball", true, []string{"a1 b1", "a2 b1"}},
		{"ball", false, nil},
		{"fixed", true, nil},
	} {
		out, _, err := Emit(build(c.kind, c.collide), nil)
		if err != nil {
			t.Fatal(err)
		}
		root, err := xmlx.Parse(out.Main, xmlx.Options{})
		if err != nil {
			t.Fatal(err)
		}
		var pairs []string
		if contact := root.Child("contact"); contact != nil {
			for _, p := range contact.Elements() {
				if p.Name == "pair" {
					pairs = append(pairs, p.AttrOr("geom1", "")+" "+p.AttrOr("geom2", ""))
				}
			}
		}
		slices.Sort(pairs)
		if !slices.Equal(pairs, c.want) {
			t.Errorf("%s joint, collision %v: pairs %q, want %q\n%s", c.kind, c.collide, pairs, c.want, strings.TrimSpace(string(out.Main)))
		}
		// read back, the pairs are the joint's collision again
		back, diags, err := Parse(&convert.Input{Name: "out.xml", Data: out.Main})
		if err != nil {
			t.Fatal(err)
		}
		if c.kind == "ball" {
			if got := jointCollision(back); got != c.collide {
				t.Errorf("%s joint, collision %v: read back with collision %v", c.kind, c.collide, got)
			}
		}
		if kept := diags.OfCode(convert.CodeContactPairKept); len(kept) > 0 {
			t.Errorf("%s joint, collision %v: its own pairs read back as kept: %v", c.kind, c.collide, kept)
		}
	}
}

// jointCollision is whether the one moving joint of g lets its bodies
// collide.
func jointCollision(g *convert.Graph) bool {
	for _, n := range g.Nodes {
		if n.Joint != nil && len(n.Joint.Limits) > 0 {
			return n.Joint.EnableCollision
		}
	}
	return false
}

// TestPartialPairsKept: pairs that name only some of the geoms of a
// joint's bodies that would touch say which geoms collide, not that the
// joint lets its bodies collide: they are kept for MJCF output as before.
func TestPartialPairsKept(t *testing.T) {
	src := `<mujoco><worldbody><body name="a"><freejoint/><geom name="a1" size="0.1"/><geom name="a2" size="0.1" pos="0 0 0.3"/>` +
		`<body name="b" pos="0.25 0 0"><joint type="ball"/><geom name="b1" size="0.1"/></body></body></worldbody>` +
		`<contact><pair geom1="a1" geom2="b1"/></contact></mujoco>`
	g, diags, err := Parse(&convert.Input{Name: "src.xml", Data: []byte(src)})
	if err != nil {
		t.Fatal(err)
	}
	if jointCollision(g) || len(diags.OfCode(convert.CodeContactPairKept)) != 1 {
		t.Errorf("a pair of one of two geom pairs: collision %v, kept %v", jointCollision(g), diags.OfCode(convert.CodeContactPairKept))
	}
	full := strings.Replace(src, `</contact>`, `<pair geom1="b1" geom2="a2"/></contact>`, 1)
	if g, diags, err = Parse(&convert.Input{Name: "src.xml", Data: []byte(full)}); err != nil {
		t.Fatal(err)
	}
	if !jointCollision(g) || len(diags.OfCode(convert.CodeContactPairKept)) != 0 {
		t.Errorf("pairs of both geom pairs: collision %v, kept %v", jointCollision(g), diags.OfCode(convert.CodeContactPairKept))
	}
}
