package physconv_test

import (
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/mjcf"
)

// TestOneSidedFiltersInMuJoCo: a ball whose filter collides with the
// floor's system, over a floor whose filter collides only with another
// system, falls through the floor in glTF (both sides must accept), but
// rested on it in MuJoCo with a bit per collision system (either side's
// conaffinity meeting the other's contype pairs them), said only by a
// warning. The filters now get a bit each: in MuJoCo the ball falls
// through as in the source, with nothing to warn of; when the floor
// accepts the ball too, the ball rests on it in both.
func TestOneSidedFiltersInMuJoCo(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	for _, c := range []struct {
		name      string
		floorWith []string
		rests     bool
	}{
		{"the floor accepts only props", []string{"props"}, false},
		{"the floor accepts the ball", []string{"props", "ball"}, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			g := convert.NewGraph()
			g.Gravity = &convert.Vec3{0, -9.81, 0}
			g.Filters = []convert.Filter{
				{Name: "ball", Systems: []string{"ball"}, CollideWith: []string{"floor"}},
				{Name: "floor", Systems: []string{"floor"}, CollideWith: c.floorWith},
				{Name: "props", Systems: []string{"props"}, CollideWith: []string{"floor", "props"}},
			}
			floor := g.AddNode(convert.Node{Name: "Floor", Transform: convert.Identity()}, -1)
			g.Nodes[floor].Collider = &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{4, 0.2, 4}, Mesh: -1}), Material: -1, Filter: 1}
			ball := g.AddNode(convert.Node{Name: "Ball", Transform: convert.Transform{T: convert.Vec3{0, 1, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
				Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0)}}, -1)
			g.Nodes[ball].Collider = &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: 0.2, Mesh: -1}), Material: -1, Filter: 0}
			box := g.AddNode(convert.Node{Name: "Crate", Transform: convert.Transform{T: convert.Vec3{2, 1, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
				Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0)}}, -1)
			g.Nodes[box].Collider = &convert.Collider{Shape: g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{0.4, 0.4, 0.4}, Mesh: -1}), Material: -1, Filter: 2}
			if got := convert.FiltersCollide(g.Filters[0], g.Filters[1]); got != c.rests {
				t.Fatalf("the source pairs ball and floor: %v, want %v", got, c.rests)
			}
			out, diags, err := physconv.EmitGraph(mjcf.Format, g, &convert.Options{OutputName: "out.xml"})
			if err != nil {
				t.Fatal(err)
			}
			for _, d := range diags {
				if d.Code == convert.CodeCollisionFilterWidened || d.Code == convert.CodeVerifyMismatch {
					t.Errorf("%v", d)
				}
			}
			bodies := testenv.MuJoCoBodies(t, testenv.WriteFiles(t, t.TempDir(), "out.xml", out.Main, out.Files), "--steps", "500")
			// MJCF is Z up: the floor's top is at 0.1
			if rests := bodies["Ball"].Xpos[2] > 0; rests != c.rests {
				t.Errorf("in MuJoCo the ball rests on the floor: %v (height %.3f), want %v", rests, bodies["Ball"].Xpos[2], c.rests)
			}
			// the crate, which the floor accepts either way, rests on it
			if z := bodies["Crate"].Xpos[2]; z < 0.2 || z > 0.4 {
				t.Errorf("the crate is at height %.3f, want resting on the floor at 0.3", z)
			}
		})
	}
}
