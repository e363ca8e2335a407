package xmlx

import (
	"math"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/physconv/physconv/convert"
)

// AppendFields appends the fields of s, split at white space, to dst:
// strings.Fields without its allocation when dst has room (a caller
// passes a small array on its stack for an attribute's few numbers).
func AppendFields(dst []string, s string) []string {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return append(dst, strings.Fields(s)...) // Unicode white space
		}
	}
	start := -1
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case ' ', '\t', '\n', '\v', '\f', '\r':
			if start >= 0 {
				dst = append(dst, s[start:i])
				start = -1
			}
		default:
			if start < 0 {
				start = i
			}
		}
	}
	if start >= 0 {
		dst = append(dst, s[start:])
	}
	return dst
}

// SnapULPs is how far (in units in the last place) a value may sit from a
// short decimal and still be written as that decimal: an axis or frame
// change leaves 1 as 1.0000000000000002 and 0.05 as 0.04999999999999999,
// and the file should read back as the source wrote it.
const SnapULPs = 4

// snapDigits is the most significant digits a snapped spelling has.
const snapDigits = 15

// Num is the spelling of x for an XML file: the shortest decimal of at
// most 15 significant digits that reads back within SnapULPs of x, else
// the shortest round-trip spelling. Zero of either sign is "0".
func Num(x float64) string {
	var buf [32]byte
	return string(AppendNum(buf[:0], x))
}

// Nums joins Num spellings with single spaces. (A writer calls it for
// nearly every attribute: the spelling is built on the stack, and only
// the string is allocated.)
func Nums(xs ...float64) string {
	var buf [128]byte
	b := buf[:0]
	for i, x := range xs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = AppendNum(b, x)
	}
	return string(b)
}

// AppendNum appends Num(x) to b.
//
// A NaN or ±Inf panics through convert.MustFinite, which the conversion
// pipeline reports as an error: no XML output ever holds one.
func AppendNum(b []byte, x float64) []byte {
	convert.MustFinite(x)
	if x == 0 {
		return append(b, '0')
	}
	start := len(b)
	b = strconv.AppendFloat(b, x, 'g', -1, 64)
	if digits(b[start:]) <= snapDigits {
		return b
	}
	// Any decimal of at most 15 digits within reach is a 15-digit one, so
	// if the nearest 15-digit decimal is out of reach, all are; 'g' drops
	// trailing zeros.
	var tmp [32]byte
	s := strconv.AppendFloat(tmp[:0], x, 'g', snapDigits, 64)
	y, err := strconv.ParseFloat(string(s), 64)
	if err != nil || ulps(x, y) > SnapULPs {
		return b
	}
	// Near the top of a decade two 15-digit decimals can be within reach;
	// any shorter one is a 14-digit decimal, and those are far enough
	// apart that the nearest is the only candidate.
	var tmp14 [32]byte
	if t := strconv.AppendFloat(tmp14[:0], x, 'g', snapDigits-1, 64); digits(t) < digits(s) {
		if z, err := strconv.ParseFloat(string(t), 64); err == nil && ulps(x, z) <= SnapULPs {
			s = t
		}
	}
	return append(b[:start], s...)
}

// digits counts the significant digits of a 'g' spelling.
func digits(s []byte) int {
	n, lead := 0, true
	for _, c := range s {
		switch {
		case c == 'e' || c == 'E':
			return n
		case c == '0' && lead:
		case c >= '0' && c <= '9':
			lead = false
			n++
		}
	}
	return n
}

// ulps is the number of representable doubles between a and b (large
// when their signs differ).
func ulps(a, b float64) uint64 {
	if math.Signbit(a) != math.Signbit(b) {
		if a == 0 && b == 0 {
			return 0
		}
		return math.MaxUint64
	}
	x, y := math.Float64bits(math.Abs(a)), math.Float64bits(math.Abs(b))
	if x > y {
		return x - y
	}
	return y - x
}
