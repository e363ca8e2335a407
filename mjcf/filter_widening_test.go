package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// glTF needs both colliders to accept each other; MuJoCo pairs two geoms
// when either side's conaffinity meets the other's contype. A player that
// collides with debris and debris that collides only with props do not
// collide in glTF, but would in MuJoCo: Emit warns about that pair only,
// under each of its two filters.
func TestFilterWideningWarned(t *testing.T) {
	g := convert.NewGraph()
	g.Filters = []convert.Filter{
		{Name: "player", Systems: []string{"player"}, CollideWith: []string{"debris"}},
		{Name: "debris", Systems: []string{"debris"}, CollideWith: []string{"props"}},
		{Name: "props", Systems: []string{"props"}, CollideWith: []string{"debris"}},
	}
	for k := range g.Filters {
		b := g.AddNode(convert.Node{Name: g.Filters[k].Name, Transform: rigidAt(float64(k), 1, 0), Motion: dynamicBody(1)}, -1)
		g.Nodes[b].Collider = &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.1}), Material: -1, Filter: k}
	}
	_, diags, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// player–debris widens, told for each of the two filters; debris–
	// props and props–props agree; player with itself and with props:
	// neither side accepts, in both
	warned := map[convert.Subject]string{}
	for _, d := range diags {
		if d.Code == "collision-filter-widened" {
			warned[d.Subject] = d.Message
		}
	}
	if len(warned) != 2 || !strings.Contains(warned[convert.FilterSubject(0)], `filter "player" collide in MuJoCo but not in the source with those of "debris"`) ||
		!strings.Contains(warned[convert.FilterSubject(1)], `filter "debris" collide in MuJoCo but not in the source with those of "player"`) {
		t.Fatalf("want player and debris told of each other, got %q", warned)
	}
	if !convert.FiltersCollide(g.Filters[1], g.Filters[2]) || convert.FiltersCollide(g.Filters[0], g.Filters[1]) {
		t.Errorf("FiltersCollide disagrees with the glTF rule")
	}
}
