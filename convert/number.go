package convert

import (
	"errors"
	"math"
	"strconv"
	"unicode/utf8"
)

// ParseDecimal reads a number the way the reference XML parsers (urdfdom,
// MuJoCo) do: an optional sign, decimal digits with an optional point, an
// optional exponent. Go's ParseFloat also takes "1_000", "0x1p3", "inf"
// and "nan", which those parsers refuse or read differently; they are
// errors here, and so is a number beyond float64's range.
func ParseDecimal(s string) (float64, error) {
	if v, ok := shortDecimal(s); ok {
		return v, nil
	}
	if !isDecimal(s) {
		return 0, errors.New("not a decimal number")
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, errors.New("not a finite number")
	}
	return v, nil
}

func isDecimal(s string) bool {
	i := 0
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		i++
	}
	digits := 0
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		digits++
	}
	if i < len(s) && s[i] == '.' {
		i++
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			digits++
		}
	}
	if digits == 0 {
		return false
	}
	if i < len(s) && (s[i] == 'e' || s[i] == 'E') {
		i++
		if i < len(s) && (s[i] == '+' || s[i] == '-') {
			i++
		}
		exp := 0
		for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
			exp++
		}
		if exp == 0 {
			return false
		}
	}
	return i == len(s)
}

// QuoteShort quotes s for a message, cut to a few dozen characters so a
// huge attribute is not echoed whole.
func QuoteShort(s string) string {
	const max = 60
	if len(s) <= max {
		return strconv.Quote(s)
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "… (" + strconv.Itoa(len(s)) + " bytes)"
}

// pow10 holds the powers of ten float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// shortDecimal reads the numbers robot files are made of ("-0.0725",
// "1.5708", "0") in one pass: an optional sign, digits with an optional
// point, no exponent, at most 15 significant digits and 22 after the
// point. Such a number is an integer below 2⁵³ divided by a power of ten
// float64 holds exactly, and one IEEE division rounds that quotient
// correctly, so the result is ParseFloat's to the bit (the fast path
// strconv itself takes after its more general scan). ok is false for
// anything else, which ParseDecimal reads the long way.
func shortDecimal(s string) (float64, bool) {
	i := 0
	neg := false
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		neg = s[i] == '-'
		i++
	}
	var m uint64
	digits, frac := 0, 0
	seen, dot := false, false
	for ; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= '0' && c <= '9':
			seen = true
			if dot {
				frac++
			}
			if m == 0 && c == '0' {
				continue // a leading zero is no significant digit
			}
			if digits == 15 {
				return 0, false
			}
			m = m*10 + uint64(c-'0')
			digits++
		case c == '.' && !dot:
			dot = true
		default:
			return 0, false
		}
	}
	if !seen || frac >= len(pow10) {
		return 0, false
	}
	f := float64(m) / pow10[frac]
	if neg {
		f = -f
	}
	return f, true
}
