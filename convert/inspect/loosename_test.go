package inspect

import (
	"math/rand/v2"
	"regexp"
	"testing"
)

// TestLooseNameMatchesDefinition holds looseName's byte-wise fast path to
// its definition (a spelling without a trailing "#digits") on names built
// from the characters that matter: cases, digits, '#', separators and
// multi-byte runes.
func TestLooseNameMatchesDefinition(t *testing.T) {
	dup := regexp.MustCompile(`#\d+$`)
	def := func(s string) string { return spelling(dup.ReplaceAllString(s, "")) }
	alphabet := []string{"a", "Z", "q", "0", "7", "#", "#", "_", "/", "-", " ", ".", "é", "İ", "Σ", "\x7f", "\xff"}
	cases := []string{"", "#", "#1", "a#", "a#12", "a#1#2", "a#b", "Link#3", "LINK_0", "link0", "base link", "Ärm#2", "x#٣"}
	r := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var s string
		for range r.IntN(9) {
			s += alphabet[r.IntN(len(alphabet))]
		}
		cases = append(cases, s)
	}
	for _, s := range cases {
		if got, want := looseName(s), def(s); got != want {
			t.Fatalf("looseName(%q) = %q, want %q", s, got, want)
		}
	}
}
