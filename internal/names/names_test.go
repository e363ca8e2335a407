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

// TestClaimedNamesStayTheirOwners: a repeat is numbered past the names
// claimed by elements named later, whichever order they come in; a
// claimed name is still given to the first that asks for it as its own.
func TestClaimedNamesStayTheirOwners(t *testing.T) {
	for _, order := range [][]string{{"arm", "arm", "arm_2"}, {"arm_2", "arm", "arm"}, {"arm", "arm_2", "arm"}} {
		var s Set
		s.Claim("arm_2")
		var got []string
		for _, n := range order {
			got = append(got, s.Numbered(n))
		}
		seen := map[string]string{}
		for k, n := range got {
			if order[k] == "arm_2" && n != "arm_2" {
				t.Errorf("%q: arm_2 named %q", order, n)
			}
			if prev, dup := seen[n]; dup {
				t.Errorf("%q: %q given twice (%s)", order, n, prev)
			}
			seen[n] = order[k]
		}
		if seen["arm"] != "arm" || seen["arm_3"] != "arm" {
			t.Errorf("%q: names %q, want arm, arm_3 and arm_2", order, got)
		}
	}
	var s Set
	s.Claim("x")
	if got := s.Numbered("x"); got != "x" {
		t.Errorf("a claimed name asked for as one's own: %q", got)
	}
	if got := s.Numbered("x"); got != "x_2" {
		t.Errorf("its repeat: %q", got)
	}
}

// A folded set gives names that differ only in case numbers of their
// own (file names a case-insensitive file system takes for one), and
// keeps each name's spelling.
func TestFoldedNames(t *testing.T) {
	s := &Set{Fold: true}
	var got []string
	for _, n := range []string{"Part.stl", "part.stl", "PART.stl", "part_2.stl", "Other.stl"} {
		got = append(got, s.Unique(n, func(k int) string { return fmt.Sprintf("%s_%d.stl", n[:len(n)-4], k) }))
	}
	want := []string{"Part.stl", "part_2.stl", "PART_3.stl", "part_2_2.stl", "Other.stl"}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v, want %v", got, want)
	}
	if !s.Has("OTHER.STL") {
		t.Errorf("a folded set does not know a name in other case")
	}
	var plain Set
	if a, b := plain.Numbered("Part"), plain.Numbered("part"); a != "Part" || b != "part" {
		t.Errorf("an unfolded set: %s %s", a, b)
	}
}
