package convert

import (
	"strings"
	"testing"
)

// ParseDecimal takes what urdfdom and MuJoCo read as a number and refuses
// what only Go's ParseFloat takes.
func TestParseDecimal(t *testing.T) {
	ok := map[string]float64{"1": 1, "-1": -1, "+2.5": 2.5, ".5": 0.5, "5.": 5, "1e3": 1000, "1E-3": 0.001, "-0": 0, "007": 7, "1.5e+2": 150}
	for s, want := range ok {
		if got, err := ParseDecimal(s); err != nil || got != want {
			t.Errorf("ParseDecimal(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"1_000", "0x1p3", "0x10", "inf", "-Inf", "NaN", "infinity", "1e", "e5", ".", "-", "", " 1", "1 ", "1e400", "--1", "1.2.3", "0b1", "1,5"} {
		if v, err := ParseDecimal(s); err == nil {
			t.Errorf("ParseDecimal(%q) = %v, want an error", s, v)
		}
	}
}

func TestQuoteShort(t *testing.T) {
	if got := QuoteShort("abc"); got != `"abc"` {
		t.Errorf("short: %s", got)
	}
	long := strings.Repeat("1", 50_000_000)
	if got := QuoteShort(long); len(got) > 100 || !strings.Contains(got, "50000000 bytes") {
		t.Errorf("long: %d bytes: %.80s", len(got), got)
	}
	if got := QuoteShort(strings.Repeat("é", 100)); !strings.HasPrefix(got, `"é`) || strings.Contains(got, `\x`) {
		t.Errorf("cut inside a character: %s", got)
	}
}
