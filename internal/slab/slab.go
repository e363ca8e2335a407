// Package slab hands out single values and short slices from shared
// arrays: a reader, a copy or a report that makes thousands of small
// values then costs a few allocations instead of one each. Every slice
// handed out is capped at its own length, so appending past it copies it
// rather than writing into the next owner's values.
package slab

// Slab is one type's current array. Size is the length of each array it
// makes (at least 1); a request larger than a quarter of Size gets an
// array of its own, so a long slice neither wastes the current array nor
// makes the next one oversized.
type Slab[T any] struct {
	free []T
	Size int
}

// New returns a pointer to a copy of v.
func (s *Slab[T]) New(v T) *T {
	if len(s.free) == 0 {
		s.free = make([]T, max(s.Size, 1))
	}
	p := &s.free[0]
	s.free = s.free[1:]
	*p = v
	return p
}

// Room returns an empty slice with capacity n; nil when n is 0.
func (s *Slab[T]) Room(n int) []T {
	if n <= 0 {
		return nil
	}
	if n > len(s.free) {
		if n > max(s.Size, 1)/4 {
			return make([]T, 0, n)
		}
		s.free = make([]T, s.Size)
	}
	out := s.free[:0:n]
	s.free = s.free[n:]
	return out
}

// Copy returns a copy of v whose capacity is its length; nil when v is
// empty, as append([]T(nil), v...) would return.
func (s *Slab[T]) Copy(v []T) []T {
	return append(s.Room(len(v)), v...)
}
