package kin

import (
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestWelded: a link hangs from the world through fixed joints only, or
// does not; a deep chain is answered link by link in one pass of it.
func TestWelded(t *testing.T) {
	fixed := TreeJoint{Kind: GraphJoint, Joint: convert.Joint{Limits: []convert.Limit{
		{Linear: []int{0, 1, 2}, Min: 0, Max: 0}, {Angular: []int{0, 1, 2}, Min: 0, Max: 0}}}}
	hinge := TreeJoint{Kind: GraphJoint, Joint: convert.Joint{Limits: []convert.Limit{
		{Linear: []int{0, 1, 2}, Min: 0, Max: 0}, {Angular: []int{1, 2}, Min: 0, Max: 0}}}}
	// 0 welded to the world; 1 fixed to 0; 2 on a hinge of 1; 3 fixed to 2;
	// 4 free
	tr := &Tree{Links: []TreeLink{
		{Parent: -1, Joint: TreeJoint{Kind: Weld}},
		{Parent: 0, Joint: fixed},
		{Parent: 1, Joint: hinge},
		{Parent: 2, Joint: fixed},
		{Parent: -1, Joint: TreeJoint{Kind: Floating}},
	}}
	for k, want := range []bool{true, true, false, false, false} {
		if got := tr.Welded(k); got != want {
			t.Errorf("link %d welded %v, want %v", k, got, want)
		}
	}
	if tr.Welded(-1) || tr.Welded(5) {
		t.Error("a link outside the tree is welded")
	}
	// a deep welded chain, asked from the bottom up
	const n = 100000
	deep := &Tree{Links: make([]TreeLink, n)}
	deep.Links[0] = TreeLink{Parent: -1, Joint: TreeJoint{Kind: Weld}}
	for k := 1; k < n; k++ {
		deep.Links[k] = TreeLink{Parent: k - 1, Joint: fixed}
	}
	for k := n - 1; k >= 0; k-- {
		if !deep.Welded(k) {
			t.Fatalf("link %d of the welded chain is not welded", k)
		}
	}
}
