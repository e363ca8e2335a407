package inspect

import (
	"math"
	"slices"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestReportSharesNoGraphMemory: a report outlives its Graph while an
// output is read back, so it must hold none of the Graph's memory; a
// limit's axis lists, which a reader keeps in one block per joint set,
// are copied.
func TestReportSharesNoGraphMemory(t *testing.T) {
	g := convert.NewGraph()
	a := g.AddNode(convert.Node{Name: "a", Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0)}}, -1)
	b := g.AddNode(convert.Node{Name: "b", Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0)}}, -1)
	axes := []int{0, 1, 2, 0, 1}
	g.AddNode(convert.Node{Name: "j", Joint: &convert.Joint{Connected: b, Limits: []convert.Limit{
		{Linear: axes[0:3:3], Stiffness: math.Inf(1)},
		{Angular: axes[3:5:5], Min: -1, Max: 1, Stiffness: math.Inf(1)},
	}}}, a)
	r := Inspect(g, "test", nil)
	if len(r.Joints) != 1 || len(r.Joints[0].Limits) != 2 {
		t.Fatalf("report joints %+v", r.Joints)
	}
	for i := range axes {
		axes[i] = 7 // the Graph's memory, reused
	}
	l := r.Joints[0].Limits
	if !slices.Equal(l[0].Linear, []int{0, 1, 2}) || !slices.Equal(l[1].Angular, []int{0, 1}) {
		t.Fatalf("the report's limit axes changed with the Graph's memory: %v %v", l[0].Linear, l[1].Angular)
	}
}
