package kin

import (
	"math"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestTreeLoopOption: a joint the caller names as a loop stays out of the
// tree even where it would join two otherwise free bodies; both are roots
// then, and the joint is among the loops.
func TestTreeLoopOption(t *testing.T) {
	g := convert.NewGraph()
	body := func(name string) int {
		return g.AddNode(convert.Node{Name: name, Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0), GravityFactor: 1}}, -1)
	}
	a, b := body("a"), body("b")
	bFrame := g.AddNode(convert.Node{Name: "b:B"}, b)
	weld := g.AddNode(convert.Node{Name: "weld", Joint: &convert.Joint{Connected: bFrame,
		Limits: []convert.Limit{{Linear: []int{0, 1, 2}, Stiffness: math.Inf(1)}, {Angular: []int{0, 1, 2}, Stiffness: math.Inf(1)}}}}, a)
	for _, loop := range []bool{false, true} {
		opts := TreeOptions{}
		if loop {
			opts.Loop = func(j int) bool { return j == weld }
		}
		tr, _ := BuildTree(g, opts)
		roots := 0
		for _, l := range tr.Links {
			if l.Parent < 0 {
				roots++
			}
		}
		if loop && (roots != 2 || len(tr.Loops) != 1 || tr.Loops[0].Node != weld) {
			t.Errorf("as a loop: %d roots and loops %+v, want both bodies roots and the weld a loop", roots, tr.Loops)
		}
		if !loop && (roots != 1 || len(tr.Loops) != 0) {
			t.Errorf("in the tree: %d roots and %d loops, want one root and none", roots, len(tr.Loops))
		}
	}
}
