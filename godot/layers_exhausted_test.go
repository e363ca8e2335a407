package godot

import (
	"fmt"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// TestBodySystemsYieldLayers: a model keeping each of 40 bodies apart
// from the next (MJCF <exclude>: a system per body) and two filters of
// named systems needs more than Godot's 32 layers. The named systems get
// theirs first; bodies whose own systems get none take the default layer
// 1, so they collide with everything (but the bodies they were kept from)
// rather than only with what masks them; the shortage is told once.
func TestBodySystemsYieldLayers(t *testing.T) {
	g := convert.NewGraph()
	const n = 40
	box := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.2, 0.2, 0.2}})
	add := func(name string, f convert.Filter) {
		g.Filters = append(g.Filters, f)
		b := g.AddNode(convert.Node{Name: name, Transform: convert.Identity(), Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}}, -1)
		g.AddNode(convert.Node{Name: name + "_shape", Transform: convert.Identity(), Collider: &convert.Collider{Shape: box, Material: -1, Filter: len(g.Filters) - 1}}, b)
	}
	for i := 0; i < n; i++ {
		f := convert.Filter{Name: fmt.Sprintf("b%02d", i), Systems: []string{fmt.Sprintf("body:b%02d", i)}}
		for _, k := range []int{i - 1, i + 1} {
			if k >= 0 && k < n {
				f.NotCollideWith = append(f.NotCollideWith, fmt.Sprintf("body:b%02d", k))
			}
		}
		add(fmt.Sprintf("b%02d", i), f)
	}
	add("player", convert.Filter{Name: "player", Systems: []string{"player"}, CollideWith: []string{"debris"}})
	add("debris", convert.Filter{Name: "debris", Systems: []string{"debris"}, CollideWith: []string{"player"}})
	out, diags, err := Emit(g, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	doc, err := tscn.Decode(out.Main)
	if err != nil {
		t.Fatal(err)
	}
	layer := map[string]int64{}
	for _, s := range doc.Sections {
		if v, ok := s.Prop("collision_layer"); ok && s.Tag == "node" {
			layer[s.AttrString("name")], _ = v.(int64)
		}
	}
	for _, name := range []string{"player", "debris"} {
		if layer[name] == 0 || layer[name]&(layer[name]-1) != 0 {
			t.Errorf("%s on layers %b, want a layer of its own", name, layer[name])
		}
	}
	if layer["player"] == layer["debris"] {
		t.Errorf("player and debris share layer %b", layer["player"])
	}
	defaults := 0
	for i := 0; i < n; i++ {
		l := layer[fmt.Sprintf("b%02d", i)]
		if l == 0 {
			t.Errorf("b%02d on no layer: it collides only with what masks it", i)
		}
		if l == 1 {
			defaults++
		}
	}
	// 32 layers: player, debris and 30 bodies; the other 10 on layer 1
	if defaults < n-30 {
		t.Errorf("%d bodies on the default layer, want at least %d", defaults, n-30)
	}
	exhausted := diags.OfCode(convert.CodeGodotLayersExhausted)
	if len(exhausted) != 1 || !strings.Contains(exhausted[0].Message, "10 collision systems get no layer") {
		t.Errorf("want one note of 10 systems without a layer, got %q", exhausted)
	}
}
