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
