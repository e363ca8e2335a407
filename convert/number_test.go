package convert

import (
	"math"
	"math/rand/v2"
	"strconv"
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

// TestShortDecimalExact: the one-pass reading of short decimals gives
// ParseFloat's value to the bit (sign of zero included) on generated
// numbers of every length and place of the point, and leaves to the
// long way what it cannot read exactly.
func TestShortDecimalExact(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	taken := 0
	for k := 0; k < 200_000; k++ {
		var b strings.Builder
		switch rng.IntN(3) {
		case 0:
			b.WriteByte('-')
		case 1:
			b.WriteByte('+')
		}
		n := 1 + rng.IntN(24)
		point := rng.IntN(n + 2) // n+1: none
		for i := 0; i < n; i++ {
			if i == point {
				b.WriteByte('.')
			}
			if rng.IntN(4) == 0 {
				b.WriteByte('0')
			} else {
				b.WriteByte(byte('0' + rng.IntN(10)))
			}
		}
		if point == n {
			b.WriteByte('.')
		}
		checkShortDecimal(t, b.String(), &taken)
	}
	for _, s := range []string{"0", "-0", "+0", "0.0", "-0.000", "1.", ".5", "-.5", "999999999999999", "9999999999999999",
		"0.1", "0.3", "2.675", "1.5707963267949", "0.0000000000000000000001", "0.00000000000000000000001", "123456789012345.6"} {
		checkShortDecimal(t, s, &taken)
	}
	if taken < 100_000 {
		t.Errorf("only %d of the numbers took the one-pass reading", taken)
	}
}

func checkShortDecimal(t *testing.T, s string, taken *int) {
	t.Helper()
	want, werr := strconv.ParseFloat(s, 64)
	got, ok := shortDecimal(s)
	if !ok {
		return
	}
	*taken++
	if werr != nil || math.Float64bits(got) != math.Float64bits(want) {
		t.Fatalf("shortDecimal(%q) = %v (%x), ParseFloat %v (%x) %v", s, got, math.Float64bits(got), want, math.Float64bits(want), werr)
	}
}

// FuzzShortDecimal holds the one-pass reading to ParseFloat on any input
// it takes.
func FuzzShortDecimal(f *testing.F) {
	for _, s := range []string{"0", "-0.0725", "1.5708", "+.5", "123456789012345", "1e3", "0x10"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		got, ok := shortDecimal(s)
		if !ok {
			return
		}
		want, err := strconv.ParseFloat(s, 64)
		if err != nil || math.Float64bits(got) != math.Float64bits(want) {
			t.Fatalf("shortDecimal(%q) = %v, ParseFloat %v, %v", s, got, want, err)
		}
	})
}
