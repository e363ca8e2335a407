// Package names hands out names unique within one name space, numbering
// repeats of a name (base, base_2, base_3 …). Each name remembers the
// number its repeats reached, so a scene of thousands of nodes of one
// name costs one look-up per node instead of a try of every number taken
// before it.
package names

import (
	"fmt"
	"strings"
)

// Set is a name space: the names taken, and for each name given to
// Unique the number its next repeat starts trying from. The zero Set is
// empty and ready to use.
type Set struct {
	// Fold makes names that differ only in case the same name: file
	// names, which a case-insensitive file system (macOS's and Windows's
	// defaults) takes for one file. Set it before the first name.
	Fold  bool
	taken map[string]bool
	next  map[string]int
	// claimed are names elements not named yet carry (Claim)
	claimed map[string]bool
}

// key is name as the set compares it.
func (s *Set) key(name string) string {
	if s.Fold {
		return strings.ToLower(name)
	}
	return name
}

// Has reports whether name is taken.
func (s *Set) Has(name string) bool { return s.taken[s.key(name)] }

// Add takes name.
func (s *Set) Add(name string) {
	if s.taken == nil {
		s.taken = map[string]bool{}
	}
	s.taken[s.key(name)] = true
}

// Claim marks name as the own name of an element Unique will name later:
// a repeat of another name is numbered past it, so that the element
// whose name it is keeps it (a scene with two "arm" and an "arm_2" writes
// "arm", "arm_3" and "arm_2", whichever comes first), and names read back
// are the names given, not another element's. Unique still gives a
// claimed name to the first element asking for it as its own.
func (s *Set) Claim(name string) {
	if s.claimed == nil {
		s.claimed = map[string]bool{}
	}
	s.claimed[s.key(name)] = true
}

// Reserve makes room for about n names in a Set that has none yet, for a
// caller that knows how many it will take: a table grown name by name is
// rebuilt each time it doubles.
func (s *Set) Reserve(n int) {
	if s.taken == nil {
		s.taken = make(map[string]bool, n)
	}
}

// Unique takes and returns first when it is free, else nth(k) for the
// least k ≥ 2 whose name is free and not claimed — what trying 2, 3 … in
// turn finds, since names are only ever taken or claimed. nth must spell
// the same names for every call with the same first.
func (s *Set) Unique(first string, nth func(k int) string) string {
	if s.taken == nil {
		s.taken = map[string]bool{}
	}
	// taking first and seeing whether the set grew hashes it once; most
	// names are free
	n := len(s.taken)
	s.taken[s.key(first)] = true
	if len(s.taken) > n {
		return first
	}
	if s.next == nil {
		s.next = map[string]int{}
	}
	k := max(2, s.next[s.key(first)])
	name := nth(k)
	for s.taken[s.key(name)] || s.claimed[s.key(name)] {
		k++
		name = nth(k)
	}
	s.next[s.key(first)] = k + 1
	s.Add(name)
	return name
}

// Numbered is Unique with the repeats spelt base_2, base_3 ….
func (s *Set) Numbered(base string) string {
	return s.Unique(base, func(k int) string { return fmt.Sprintf("%s_%d", base, k) })
}
