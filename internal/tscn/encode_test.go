package tscn

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// TestFloatsWrittenAsStrconv: a float is written as strconv's shortest
// 'g' spelling, with ".0" when that has neither point nor exponent, for
// whole numbers on both sides of the integer path's limit (a million),
// signed zeros, and random values of every magnitude.
func TestFloatsWrittenAsStrconv(t *testing.T) {
	reference := func(f float64) string {
		s := strconv.FormatFloat(f, 'g', -1, 64)
		if !strings.ContainsAny(s, ".e") {
			s += ".0"
		}
		return s
	}
	values := []float64{0, math.Copysign(0, -1), 1, -1, 999999, -999999, 1e6, -1e6, 999999.5, 1e6 - 1e-10, -1e6 + 1e-10,
		math.MaxFloat64, -math.MaxFloat64, math.SmallestNonzeroFloat64, 1 << 62, 1 << 63, -(1 << 63), 1e15, 1e21}
	for x := -2000; x <= 2000; x++ {
		values = append(values, float64(x), float64(x)/8, float64(x)*511)
	}
	rng := rand.New(rand.NewPCG(2, 9))
	for range 20000 {
		values = append(values,
			float64(rng.IntN(4_000_000)-2_000_000),
			float64(float32(rng.NormFloat64())),
			math.Float64frombits(rng.Uint64()),
			rng.NormFloat64()*math.Pow(10, float64(rng.IntN(40)-20)))
	}
	for _, f := range values {
		if math.IsNaN(f) || math.IsInf(f, 0) {
			continue
		}
		if got, want := FormatFloat(f), reference(f); got != want {
			t.Fatalf("%v (bits %#x) written %q, want %q", f, math.Float64bits(f), got, want)
		}
		if got, want := string(AppendFloat([]byte("x"), f)), "x"+reference(f); got != want {
			t.Fatalf("%v appended as %q, want %q", f, got, want)
		}
	}
	for f, want := range map[float64]string{math.Inf(1): "inf", math.Inf(-1): "-inf", math.NaN(): "nan"} {
		if got := FormatFloat(f); got != want {
			t.Errorf("%v written %q", f, got)
		}
	}
}

// TestByteListsWrittenAsArgs: a byte array's Bytes are written as the
// same numbers given as arguments are, in both spacings, for lists of
// every length up to a few hundred and behind text already written into
// buffers of every spare capacity.
func TestByteListsWrittenAsArgs(t *testing.T) {
	rng := rand.New(rand.NewPCG(6, 1))
	for trial := 0; trial < 3000; trial++ {
		data := make([]byte, rng.IntN(300))
		if trial < 260 {
			data = make([]byte, trial%5)
		}
		args := make([]Value, len(data))
		for i := range data {
			data[i] = byte(rng.IntN(256))
			if trial < 260 {
				data[i] = byte(trial)
			}
			args[i] = int64(data[i])
		}
		for _, godot3 := range []bool{false, true} {
			e := encoder{godot3: godot3}
			prefix := "v = "
			buf := make([]byte, len(prefix), len(prefix)+rng.IntN(6*len(data)+8))
			copy(buf, prefix)
			got := string(e.value(buf, &Call{Name: "PackedByteArray", Bytes: data}))
			want := string(e.value([]byte(prefix), &Call{Name: "PackedByteArray", Args: args}))
			if got != want {
				t.Fatalf("%v (godot3 %v): written\n%s\nas arguments\n%s", data, godot3, got, want)
			}
		}
	}
}
