package godot

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestFilterLayersPairAsTheSource: glTF needs both colliders to accept
// each other; Godot pairs two objects when either one's mask meets the
// other's layer, so a layer per collision system pairs one-sided filters
// (a player that collides with debris, debris that collides only with
// props) where glTF does not. Such filters get a layer each: every pair of
// bodies, one without a filter included, is paired by the written layers
// and masks, read back, as the source pairs them, with nothing to warn
// of, in Godot 4 and 3. Where the output's project names the layers, the
// layers stay the systems' and the widened pairs are warned of.
func TestFilterLayersPairAsTheSource(t *testing.T) {
	oneSided := []convert.Filter{
		{Name: "player", Systems: []string{"player"}, CollideWith: []string{"debris"}},
		{Name: "debris", Systems: []string{"debris"}, CollideWith: []string{"props"}},
		{Name: "props", Systems: []string{"props"}, CollideWith: []string{"debris"}},
		{Name: "ghost", Systems: []string{"ghost"}, NotCollideWith: []string{"player", "ghost"}},
		// static: only the other side's mask can pair it
		{Name: "wall", Systems: []string{"wall"}, NotCollideWith: []string{"player"}},
	}
	alike := []convert.Filter{
		{Name: "a", Systems: []string{"a"}, CollideWith: []string{"a", "b"}},
		{Name: "b", Systems: []string{"b"}, CollideWith: []string{"a"}},
	}
	for _, c := range []struct {
		name     string
		filters  []convert.Filter
		project  bool
		warnings int
	}{
		{"one-sided filters", oneSided, false, 0},
		{"filters alike both ways", alike, false, 0},
		// player and debris, debris and ghost, props and ghost; player on
		// layer 1, the default layer of colliders without a filter, which
		// it does not accept; ghost, which accepts those, not masking
		// layer 1 (player's); the wall, which accepts them, on a layer
		// their mask does not meet (its own mask is left out)
		{"one-sided filters, layers the project names", oneSided, true, 7},
	} {
		g := convert.NewGraph()
		g.Filters = c.filters
		for k := range g.Filters {
			kind := convert.Dynamic
			if g.Filters[k].Name == "wall" {
				kind = convert.Static
			}
			b := g.AddNode(convert.Node{Name: g.Filters[k].Name, Motion: &convert.Motion{Kind: kind, GravityFactor: 1}}, -1)
			g.Nodes[b].Collider = &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.1}), Material: -1, Filter: k}
		}
		loose := g.AddNode(convert.Node{Name: "loose", Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}}, -1)
		g.Nodes[loose].Collider = &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.1}), Material: -1, Filter: -1}
		for _, version := range []int{4, 3} {
			opts := (&convert.Options{}).With(VersionOption, strconv.Itoa(version))
			if c.project {
				opts.OutputName = namedLayersProject(t, "player", "debris", "props", "ghost")
			}
			out, diags, err := Emit(g, opts)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(diags.OfCode(convert.CodeCollisionFilterWidened)); n != c.warnings {
				t.Errorf("%s, Godot %d: %d collision-filter-widened, want %d: %v", c.name, version, n, c.warnings, diags)
			}
			if c.warnings > 0 {
				continue
			}
			back, _, err := Parse(&convert.Input{Name: "s.tscn", Data: out.Main, Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			filterOf := map[string]convert.Filter{}
			for i, n := range back.Nodes {
				if n.Collider != nil {
					filterOf[back.Nodes[back.BodyOwners()[i]].Name] = back.ColliderFilter(i)
				}
			}
			for a := range g.Nodes {
				for b := range g.Nodes {
					if g.Nodes[a].Motion == nil || g.Nodes[b].Motion == nil || a == b || g.Nodes[a].Motion.Kind == convert.Static && g.Nodes[b].Motion.Kind == convert.Static {
						continue
					}
					na, nb := g.Nodes[a].Name, g.Nodes[b].Name
					want := convert.FiltersCollide(g.ColliderFilter(a), g.ColliderFilter(b))
					if got := convert.FiltersCollide(filterOf[na], filterOf[nb]); got != want {
						t.Errorf("%s, Godot %d: %s and %s pair: %v, the source: %v (read back %+v, %+v)", c.name, version, na, nb, got, want, filterOf[na], filterOf[nb])
					}
				}
			}
		}
	}
}

// namedLayersProject writes a Godot project naming layers 1, 2, … and
// returns the path of a scene in it.
func namedLayersProject(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	project := "[layer_names]\n"
	for i, n := range names {
		project += fmt.Sprintf("3d_physics/layer_%d=%q\n", i+1, n)
	}
	if err := os.WriteFile(filepath.Join(dir, "project.godot"), []byte(project), 0o644); err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, "s.tscn")
}

// TestFilterWideningOnlyWhereSomethingResponds: in Godot an object
// responds to another when its mask meets the other's layer; a static
// body that would respond is not moved. With the layers of a project that
// names them (a layer per system), a ball that does not accept a floor
// which accepts it falls through it in Godot, as in glTF: no warning; the
// same floor moving by dynamics would be pushed by the ball in Godot and
// not in glTF: warned, both ways. Two static bodies are never told of.
// Without names to keep, that floor and ball get a layer per filter and
// pair as in glTF: nothing to warn of.
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
		for _, named := range []bool{true, false} {
			opts := &convert.Options{}
			want := 0
			if named {
				opts.OutputName, want = namedLayersProject(t, "dynamic", "static"), c.warnings
			}
			_, diags, err := Emit(g, opts)
			if err != nil {
				t.Fatal(err)
			}
			if n := len(diags.OfCode(convert.CodeCollisionFilterWidened)); n != want {
				t.Errorf("floor %s, ball %s, layers named %v: %d collision-filter-widened, want %d: %v", c.floor, c.other, named, n, want, diags)
			}
		}
	}
}
