package godot

import (
	"fmt"
	"testing"
)

// TestChildByNameAsScan: child finds the first child of a name, as a scan
// of the children in order does, whether the node has a few children
// (scanned) or many (indexed), with children appended between questions
// and names repeated.
func TestChildByNameAsScan(t *testing.T) {
	scan := func(n *node, name string) *node {
		for _, c := range n.children {
			if c.name == name {
				return c
			}
		}
		return nil
	}
	for _, size := range []int{3, childScan, childScan + 1, 200} {
		n := &node{name: "root"}
		for k := 0; k < size; k++ {
			n.children = append(n.children, &node{name: fmt.Sprintf("c%d", k%(size/2+1)), parent: n})
			for _, q := range []string{"c0", fmt.Sprintf("c%d", k%(size/2+1)), fmt.Sprintf("c%d", k+1), "none"} {
				if got, want := n.child(q), scan(n, q); got != want {
					t.Fatalf("%d children, after %d: child(%q) = %p, a scan finds %p", size, k+1, q, got, want)
				}
			}
		}
	}
}
