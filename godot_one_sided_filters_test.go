package physconv_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/godot"
	"github.com/physconv/physconv/internal/testenv"
)

// TestOneSidedFiltersInGodot: a ball whose filter collides with the
// floor's system, over a floor whose filter collides only with props,
// falls through the floor in glTF (both sides must accept), but rested on
// it in Godot with a layer per collision system (the ball's mask meets
// the floor's layer), said only by a warning; so did a ball without a
// filter, on the default layer the first system's layer shared, said by
// nothing. The filters now get a layer each: in Godot 4 and 3 both balls
// fall through as in the source, with nothing to warn of, and a crate of
// props rests on the floor; with the floor accepting the ball too, the
// ball rests on it in both; with a floor that accepts everything but the
// ball, the ball without a filter rests on it (its mask, written, meets
// the floor's layer: the static floor's own mask is left out).
func TestOneSidedFiltersInGodot(t *testing.T) {
	for _, c := range []struct {
		name               string
		floorWith, notWith []string
		rests, looseRests  bool
	}{
		{"the floor accepts only props", []string{"props"}, nil, false, false},
		{"the floor accepts the ball", []string{"props", "ball"}, nil, true, false},
		{"the floor accepts all but the ball", nil, []string{"ball"}, false, true},
	} {
		g := convert.NewGraph()
		g.Filters = []convert.Filter{
			{Name: "ball", Systems: []string{"ball"}, CollideWith: []string{"floor"}},
			{Name: "floor", Systems: []string{"floor"}, CollideWith: c.floorWith, NotCollideWith: c.notWith},
			{Name: "props", Systems: []string{"props"}, CollideWith: []string{"floor", "props"}},
		}
		floor := g.AddNode(convert.Node{Name: "Floor", Transform: convert.Identity()}, -1)
		g.Nodes[floor].Collider = &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{6, 0.2, 6}, Mesh: -1}), Material: -1, Filter: 1}
		body := func(name string, x float64, shape convert.Shape, filter int) {
			b := g.AddNode(convert.Node{Name: name, Transform: convert.Transform{T: convert.Vec3{x, 1, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
				Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0), GravityFactor: 1}}, -1)
			g.Nodes[b].Collider = &convert.Collider{Shape: g.AddShape(shape), Material: -1, Filter: filter}
		}
		body("Ball", 0, convert.Shape{Kind: convert.Sphere, Radius: 0.2, Mesh: -1}, 0)
		body("Crate", 2, convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.4, 0.4, 0.4}, Mesh: -1}, 2)
		body("Loose", -2, convert.Shape{Kind: convert.Sphere, Radius: 0.2, Mesh: -1}, -1)
		if got := convert.FiltersCollide(g.Filters[0], g.Filters[1]); got != c.rests {
			t.Fatalf("%s: the source pairs ball and floor: %v, want %v", c.name, got, c.rests)
		}
		for _, version := range []int{4, 3} {
			oracle, project := "godot4-inspect", map[string]string{"project.godot": testenv.Godot4Project}
			if version == 3 {
				oracle, project = "godot3-inspect", nil
			}
			t.Run(c.name+"/Godot "+strconv.Itoa(version), func(t *testing.T) {
				opts := (&convert.Options{OutputName: "out.tscn"}).With(godot.VersionOption, strconv.Itoa(version))
				out, diags, err := physconv.EmitGraph(godot.Format, g, opts)
				if err != nil {
					t.Fatal(err)
				}
				for _, d := range diags {
					if d.Code == convert.CodeCollisionFilterWidened || d.Code == convert.CodeVerifyMismatch {
						t.Errorf("%v", d)
					}
				}
				testenv.Oracle(t, oracle)
				at := testenv.GodotOrigins(t, oracle, string(out.Main), 120, project)
				// the floor's top is at 0.1, a ball resting on it at 0.3
				if rests := at["Ball"][1] > 0; rests != c.rests {
					t.Errorf("the ball rests on the floor: %v (height %.3f), want %v", rests, at["Ball"][1], c.rests)
				}
				if rests := at["Loose"][1] > 0; rests != c.looseRests {
					t.Errorf("the ball without a filter rests on the floor: %v (height %.3f), want %v", rests, at["Loose"][1], c.looseRests)
				}
				if y := at["Crate"][1]; y < 0.2 || y > 0.4 {
					t.Errorf("the crate is at height %.3f, want resting on the floor at 0.3", y)
				}
			})
		}
	}
}

// TestExcludeWorldInGodot: an MJCF <exclude> between the world (a floor)
// and a box keeps the two apart through filters of the bodies' own; the
// ball has no filter. With a layer per system, the floor took a layer the
// ball's default mask does not meet, and the static floor's own mask is
// left out: the ball fell through the floor in Godot, said by nothing.
// With a layer per filter the ball rests on the floor and the box falls
// through it, as in MuJoCo, in Godot 4 and 3.
func TestExcludeWorldInGodot(t *testing.T) {
	reg := all.Registry()
	for _, version := range []string{"4", "3"} {
		oracle, project := "godot4-inspect", map[string]string{"project.godot": testenv.Godot4Project}
		to := "godot"
		if version == "3" {
			oracle, project, to = "godot3-inspect", nil, "godot3"
		}
		t.Run("Godot "+version, func(t *testing.T) {
			in := &convert.Input{Name: "w.xml", Data: []byte(excludeWorldMJCF), Options: &convert.Options{From: "mjcf", To: to, OutputName: "out.tscn"}}
			out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
			if err != nil {
				t.Fatal(err)
			}
			noMismatch(t, res, to)
			for _, d := range res.Diagnostics {
				if d.Code == convert.CodeCollisionFilterWidened {
					t.Errorf("%v", d)
				}
			}
			testenv.Oracle(t, oracle)
			at := testenv.GodotOrigins(t, oracle, string(out.Main), 150, project)
			if y := at["ball"][1]; y < 0.05 || y > 0.15 {
				t.Errorf("the ball is at height %.3f, want resting on the floor at 0.1", y)
			}
			if y := at["box"][1]; y > -0.5 {
				t.Errorf("the box is at height %.3f, want fallen through the floor it is kept apart from", y)
			}
		})
	}
}
