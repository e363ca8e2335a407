package slab

import (
	"slices"
	"testing"
)

// TestSlabHandsOutSeparateValues: values and slices from one slab never
// share memory, appending past a slice's room copies it, and the results
// are what plain allocation gives, for every size of slab and request.
func TestSlabHandsOutSeparateValues(t *testing.T) {
	for _, size := range []int{0, 1, 3, 16, 100} {
		s := Slab[int]{Size: size}
		var lists [][]int
		var ptrs []*int
		for i := range 200 {
			n := i % 37
			src := make([]int, n)
			for k := range src {
				src[k] = i*1000 + k
			}
			c := s.Copy(src)
			if !slices.Equal(c, src) || cap(c) != len(c) || (n == 0) != (c == nil) {
				t.Fatalf("size %d: Copy(%d values) = %v (cap %d)", size, n, c, cap(c))
			}
			lists = append(lists, c)
			ptrs = append(ptrs, s.New(-i))
			if r := s.Room(n % 5); cap(r) != n%5 || len(r) != 0 {
				t.Fatalf("size %d: Room(%d) has length %d, capacity %d", size, n%5, len(r), cap(r))
			}
		}
		for i, c := range lists {
			grown := append(c, -1) // must not write into a neighbour
			_ = grown
			for k, v := range c {
				if v != i*1000+k {
					t.Fatalf("size %d: list %d changed at %d: %d", size, i, k, v)
				}
			}
			if *ptrs[i] != -i {
				t.Fatalf("size %d: value %d changed: %d", size, i, *ptrs[i])
			}
		}
	}
}
