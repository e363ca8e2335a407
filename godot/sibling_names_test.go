package godot

import (
	"slices"
	"testing"

	"github.com/physconv/physconv/convert"
)

// Siblings named alike are numbered past the names other siblings have:
// of "arm", "arm" and "arm_2", the second "arm" is written "arm_3" and
// the body called "arm_2" keeps its name (not "arm_2_2", its name given
// to another body), whatever their order.
func TestSiblingRepeatsSkipOtherSiblingsNames(t *testing.T) {
	for _, order := range [][]string{{"arm", "arm", "arm_2"}, {"arm_2", "arm", "arm"}} {
		g := convert.NewGraph()
		root := g.AddNode(convert.Node{Name: "scene"}, -1)
		for k, n := range order {
			g.AddNode(convert.Node{Name: n, Transform: convert.Transform{T: convert.Vec3{float64(k), 0, 0}, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}},
				Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(1.0 + float64(k))}}, root)
		}
		out, _, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		back, _, err := Parse(&convert.Input{Name: "x.tscn", Data: out.Main, Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, n := range back.Nodes {
			if n.Motion != nil {
				got = append(got, n.Name)
				if k := int(*n.Motion.Mass - 1); order[k] == "arm_2" && n.Name != "arm_2" {
					t.Errorf("%q: body arm_2 written as %q", order, n.Name)
				}
			}
		}
		slices.Sort(got)
		if want := []string{"arm", "arm_2", "arm_3"}; !slices.Equal(got, want) {
			t.Errorf("%q: bodies %q, want %q\n%s", order, got, want, out.Main)
		}
	}
}
