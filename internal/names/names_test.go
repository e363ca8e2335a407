package names

import (
	"fmt"
	"math/rand"
	"testing"
)

// TestNumberedAsTryingEveryNumber: Numbered gives the names trying 2, 3
// … in turn gives, over generated sequences that mix repeats of a few
// names with names taken outright (some of them spelt like a repeat,
// "a_3"), and a name space of 20,000 repeats of one name stays fast.
func TestNumberedAsTryingEveryNumber(t *testing.T) {
	rng := rand.New(rand.NewSource(23))
	for round := 0; round < 500; round++ {
		var s Set
		taken := map[string]bool{}
		for step := 0; step < 60; step++ {
			base := []string{"a", "b", "a_2"}[rng.Intn(3)]
			if rng.Intn(4) == 0 {
				name := fmt.Sprintf("%s_%d", base, 2+rng.Intn(5))
				s.Add(name)
				taken[name] = true
				continue
			}
			want := base
			for k := 2; taken[want]; k++ {
				want = fmt.Sprintf("%s_%d", base, k)
			}
			taken[want] = true
			if got := s.Numbered(base); got != want {
				t.Fatalf("round %d step %d: Numbered(%q) = %q, trying every number gives %q", round, step, base, got, want)
			}
			if !s.Has(want) {
				t.Fatalf("round %d: %q not taken", round, want)
			}
		}
	}
	var s Set
	for k := 0; k < 20000; k++ {
		s.Numbered("Body")
	}
	if got := s.Numbered("Body"); got != "Body_20001" {
		t.Errorf("after 20,000 repeats: %q", got)
	}
}
