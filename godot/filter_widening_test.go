package godot

import (
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// glTF needs both colliders to accept each other; Godot pairs two objects
// when either one's mask meets the other's layer. A player that collides
// with debris and debris that collides only with props do not collide in
// glTF, but would in Godot: Emit warns about that pair only, under each of
// its two filters.
func TestFilterWideningWarned(t *testing.T) {
	g := convert.NewGraph()
	g.Filters = []convert.Filter{
		{Name: "player", Systems: []string{"player"}, CollideWith: []string{"debris"}},
		{Name: "debris", Systems: []string{"debris"}, CollideWith: []string{"props"}},
		{Name: "props", Systems: []string{"props"}, CollideWith: []string{"debris"}},
	}
	for k := range g.Filters {
		b := g.AddNode(convert.Node{Name: g.Filters[k].Name, Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}}, -1)
		g.Nodes[b].Collider = &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.1}), Material: -1, Filter: k}
	}
	for _, version := range []int{4, 3} {
		_, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(version)))
		if err != nil {
			t.Fatal(err)
		}
		warned := map[convert.Subject]string{}
		for _, d := range diags {
			if d.Code == convert.CodeCollisionFilterWidened {
				warned[d.Subject] = d.Message
			}
		}
		if len(warned) != 2 || !strings.Contains(warned[convert.FilterSubject(0)], `filter "player" collide in Godot but not in the source with those of "debris"`) ||
			!strings.Contains(warned[convert.FilterSubject(1)], `filter "debris" collide in Godot but not in the source with those of "player"`) {
			t.Errorf("Godot %d: want player and debris told of each other, got %q", version, warned)
		}
	}
}

// TestFilterWideningOnlyWhereSomethingResponds: in Godot an object
// responds to another when its mask meets the other's layer; a static
// body that would respond is not moved. A ball that does not accept a
// floor which accepts it falls through it in Godot, as in glTF: no
// warning (two were given); the same floor moving by dynamics would be
// pushed by the ball in Godot and not in glTF: warned, both ways. Two
// static bodies are never told of.
func TestFilterWideningOnlyWhereSomethingResponds(t *testing.T) {
	for _, c := range []struct {
		floor, other convert.BodyKind
		warnings     int
	}{
		{convert.Static, convert.Dynamic, 0},
		{convert.Kinematic, convert.Dynamic, 0},
		{convert.Dynamic, convert.Dynamic, 2},
		{convert.Static, convert.Static, 0},
	} {
		g := convert.NewGraph()
		g.Filters = []convert.Filter{
			{Name: "ball", Systems: []string{"dynamic"}, CollideWith: []string{"dynamic"}},
			{Name: "floor", Systems: []string{"static"}},
		}
		for k, kind := range []convert.BodyKind{c.other, c.floor} {
			b := g.AddNode(convert.Node{Name: g.Filters[k].Name, Motion: &convert.Motion{Kind: kind, GravityFactor: 1}}, -1)
			g.Nodes[b].Collider = &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.1}), Material: -1, Filter: k}
		}
		_, diags, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if n := len(diags.OfCode(convert.CodeCollisionFilterWidened)); n != c.warnings {
			t.Errorf("floor %s, ball %s: %d collision-filter-widened, want %d: %v", c.floor, c.other, n, c.warnings, diags)
		}
	}
}
