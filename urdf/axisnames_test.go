package urdf

import (
	"math"
	"reflect"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// TestDummyChainAxisNames: a joint URDF splits into one-axis joints keeps
// the per-axis names its source gave (convert.ExtraAxisNames, an MJCF body
// with several hinges); the dummy links are named after the joint they
// follow. Without a full set of distinct names the numbered scheme stays.
func TestDummyChainAxisNames(t *testing.T) {
	inf := math.Inf(1)
	hard := func(lin, ang []int, lo, hi float64) convert.Limit {
		return convert.Limit{Linear: lin, Angular: ang, Min: lo, Max: hi, Stiffness: inf}
	}
	threeHinges := []convert.Limit{hard([]int{0, 1, 2}, nil, 0, 0),
		hard(nil, []int{0}, -1, 1), hard(nil, []int{1}, -0.5, 0.5), hard(nil, []int{2}, -0.2, 0.3)}
	ball, _ := kin.JointClass{Kind: kin.KindBall}.Limits()
	for _, tc := range []struct {
		name       string
		limits     []convert.Limit
		names      map[string]string
		wantJoints []string // parent → child order
		wantLinks  []string // dummy links in order
	}{
		{"three named hinges", threeHinges,
			map[string]string{"angular0": "femurrz", "angular1": "femurry", "angular2": "femurrx"},
			[]string{"femurrz", "femurry", "femurrx"}, []string{"femurrz_dummy", "femurry_dummy"}},
		{"slide and hinge named", []convert.Limit{hard([]int{1, 2}, nil, 0, 0), hard(nil, []int{1, 2}, 0, 0), hard([]int{0}, nil, -0.1, 0.1)},
			map[string]string{"linear0": "rail", "angular0": "spin"},
			[]string{"rail", "spin"}, []string{"rail_dummy"}},
		{"one name missing", threeHinges,
			map[string]string{"angular0": "femurrz", "angular2": "femurrx"},
			[]string{"hip_0", "hip_1", "hip"}, []string{"hip_dummy0", "hip_dummy1"}},
		{"names repeated", threeHinges,
			map[string]string{"angular0": "a", "angular1": "a", "angular2": "b"},
			[]string{"hip_0", "hip_1", "hip"}, []string{"hip_dummy0", "hip_dummy1"}},
		{"ball named as a whole", ball,
			map[string]string{"angular": "hip"},
			[]string{"hip_0", "hip_1", "hip"}, []string{"hip_dummy0", "hip_dummy1"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g := convert.NewGraph()
			base := g.AddNode(convert.Node{Name: "base", Motion: &convert.Motion{Kind: convert.Static}}, -1)
			leg := g.AddNode(convert.Node{Name: "leg", Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(2.0),
				CenterOfMass: &convert.Vec3{}, InertiaDiagonal: &convert.Vec3{0.1, 0.1, 0.1}}}, base)
			b := g.AddNode(convert.Node{Name: "hip:B"}, leg)
			g.AddNode(convert.Node{Name: "hip", Joint: &convert.Joint{Connected: b, Limits: tc.limits,
				Extras: map[string]any{convert.ExtraAxisNames: tc.names}}}, base)
			out, _, err := Emit(g, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			r, err := Decode(out.Main)
			if err != nil {
				t.Fatal(err)
			}
			var joints, dummies []string
			at := "base"
			for len(joints) < 10 {
				var next *Joint
				for k := range r.Joints {
					if r.Joints[k].Parent == at && r.Joints[k].Type != Fixed {
						next = &r.Joints[k]
					}
				}
				if next == nil {
					break
				}
				joints = append(joints, next.Name)
				if next.Child == "leg" {
					break
				}
				dummies = append(dummies, next.Child)
				at = next.Child
			}
			if !reflect.DeepEqual(joints, tc.wantJoints) || !reflect.DeepEqual(dummies, tc.wantLinks) {
				t.Errorf("chain joints %v links %v, want %v and %v\n%s", joints, dummies, tc.wantJoints, tc.wantLinks, out.Main)
			}
		})
	}
}
