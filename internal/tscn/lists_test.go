package tscn

import (
	"bytes"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// decodeWithoutShortcuts decodes data reading every list element as any
// value and every number through ParseDecimal or ParseInt, without the
// shortcuts for long lists and long numbers.
func decodeWithoutShortcuts(data []byte) (*Document, error) {
	d := &decoder{src: data, line: 1, noShortcuts: true}
	return d.document()
}

// bytesAsArgs turns every byte array read into Bytes into the arguments
// reading it element by element gives.
func bytesAsArgs(v Value) Value {
	switch x := v.(type) {
	case *Call:
		c := *x
		if c.Bytes != nil {
			c.Args = make([]Value, len(c.Bytes))
			for i, b := range c.Bytes {
				c.Args[i] = int64(b)
			}
			c.Bytes = nil
		}
		for i, a := range c.Args {
			c.Args[i] = bytesAsArgs(a)
		}
		return &c
	case Array:
		out := make(Array, len(x))
		for i, e := range x {
			out[i] = bytesAsArgs(e)
		}
		return out
	case Dict:
		out := make(Dict, len(x))
		for i, e := range x {
			out[i] = Entry{Key: bytesAsArgs(e.Key), Value: bytesAsArgs(e.Value)}
		}
		return out
	}
	return v
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// TestListsReadAsElementwise: a call's list, byte array or any other,
// reads to the same values, the same lines after it and the same error
// (message and line) with the shortcuts for long lists as element by
// element. Generated lists: 0 to 40 elements, among them numbers past
// 255, of four digits, with leading zeros, signs, decimals, exponents,
// strings, calls, arrays, words; separators with spaces, tabs, line
// breaks, comments, missing or doubled commas; trailing commas; empty
// lists; input cut anywhere in the list.
func TestListsReadAsElementwise(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 7))
	names := []string{"PackedByteArray", "PoolByteArray", "PackedByteArray[int]", "PackedFloat32Array", "PackedVector3Array", "PoolIntArray", "Vector3"}
	odd := []string{"256", "999", "1000", "0001", "007", "00", "-1", "+7", "1.5", "1e2", "-0.25", ".5", "1.", "1.2.3", "-", "+", "-inf", "inf",
		"\"s\"", "Vector3(1, 2, 3)", "[1]", "{}", "true", "x", ")", "(", "9999999999999999999999", "1e999", "2e-5"}
	seps := []string{",", ", ", " ,", ",\n", "\n,\t", ", \r\n", " ", ",,", "\n", ", ; note\n", ";,", "\t,\t"}
	fast, outcomes := 0, map[bool]int{}
	for trial := 0; trial < 20000; trial++ {
		// one list in three may hold odd elements and separators, so
		// that most of the others read
		odds := 0
		if rng.IntN(3) == 0 {
			odds = 1 + rng.IntN(20)
		}
		name := names[rng.IntN(len(names))]
		floats := 30 // in 200 elements
		if strings.Contains(name, "Byte") {
			floats = odds
		}
		var list strings.Builder
		if rng.IntN(8) == 0 {
			list.WriteString([]string{" ", "\n", "\t\n "}[rng.IntN(3)])
		}
		for i, n := 0, rng.IntN(41); i < n; i++ {
			if i > 0 {
				if rng.IntN(400) < odds {
					list.WriteString(seps[rng.IntN(len(seps))])
				} else {
					list.WriteString(", ")
				}
			}
			switch k := rng.IntN(200); {
			case k < odds:
				list.WriteString(odd[rng.IntN(len(odd))])
			case k < odds+floats:
				list.WriteString(strconv.FormatFloat(float64(float32(rng.NormFloat64())), 'g', -1, 64))
			default:
				list.WriteString(strconv.Itoa(rng.IntN(256)))
			}
		}
		if rng.IntN(20) == 0 {
			list.WriteString([]string{",", ", ", ",\n", " "}[rng.IntN(4)])
		}
		src := "[gd_resource type=\"Resource\" format=3]\n\n[resource]\nv = " + name + "(" + list.String() + ")\nw = Vector3(1, 2, 3)\n"
		if rng.IntN(8) == 0 {
			start := strings.Index(src, "(")
			src = src[:start+1+rng.IntN(len(src)-start-1)]
		}
		got, gotErr := Decode([]byte(src))
		want, wantErr := decodeWithoutShortcuts([]byte(src))
		if errText(gotErr) != errText(wantErr) {
			t.Fatalf("%q: error %v, element by element %v", src, gotErr, wantErr)
		}
		outcomes[gotErr == nil]++
		if gotErr != nil {
			continue
		}
		if v, _ := got.Sections[0].Prop("v"); v.(*Call).Bytes != nil {
			fast++
		}
		for i := range got.Sections {
			for j := range got.Sections[i].Props {
				got.Sections[i].Props[j].Value = bytesAsArgs(got.Sections[i].Props[j].Value)
			}
		}
		// NaN is not equal to itself; no list above holds one
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%q: read\n%s\nelement by element\n%s", src, Encode(got), Encode(want))
		}
	}
	if fast < 3000 || outcomes[false] < 2000 || outcomes[true] < 8000 {
		t.Fatalf("too few cases of a kind: %d byte arrays read by the shortcut, %d errors, %d documents", fast, outcomes[false], outcomes[true])
	}
}

// TestFlatArgsFindsNesting: flatArgs counts a list's arguments exactly
// when no '(', '[', '{' or '"' comes before the first ')', as the set
// test it replaced did, wherever those bytes stand in lists of every
// length.
func TestFlatArgsFindsNesting(t *testing.T) {
	reference := func(rest []byte) int {
		end := bytes.IndexByte(rest, ')')
		if end < 0 {
			return 0
		}
		if bytes.ContainsAny(rest[:end], "([{\"") {
			return 0
		}
		return 1 + bytes.Count(rest[:end], []byte{','})
	}
	rng := rand.New(rand.NewPCG(5, 8))
	alphabet := []byte("0123456789 ,,,.-\n([{\")]}")
	for trial := 0; trial < 20000; trial++ {
		b := make([]byte, rng.IntN(200))
		for i := range b {
			if rng.IntN(40) == 0 {
				b[i] = alphabet[rng.IntN(len(alphabet))]
			} else {
				b[i] = alphabet[rng.IntN(16)]
			}
		}
		d := &decoder{src: b}
		if got, want := d.flatArgs(), reference(b); got != want {
			t.Fatalf("%q: %d arguments, want %d", b, got, want)
		}
	}
}

// TestLongByteArrayLines: a byte array of many lines reads into Bytes,
// and the lines after it are counted.
func TestLongByteArrayLines(t *testing.T) {
	var s strings.Builder
	s.WriteString("[gd_resource type=\"Resource\" format=3]\n[resource]\nv = PackedByteArray(")
	want := make([]byte, 5000)
	for i := range want {
		want[i] = byte(i * 7)
		if i > 0 {
			s.WriteString([]string{", ", ",\n", "\r\n,\t"}[i%3])
		}
		fmt.Fprint(&s, want[i])
	}
	s.WriteString(")\nw = 1\n")
	doc, err := Decode([]byte(s.String()))
	if err != nil {
		t.Fatal(err)
	}
	v, _ := doc.Sections[0].Prop("v")
	if got := v.(*Call).Bytes; !bytes.Equal(got, want) {
		t.Fatalf("read %d bytes, want %d", len(got), len(want))
	}
	if got, want := doc.Sections[0].PropLine("w"), strings.Count(s.String(), "\n"); got != want {
		t.Fatalf("w on line %d, want %d", got, want)
	}
}

// TestLongNumbersReadAsParseDecimal: a number reads to the same value or
// the same error with the shortcut for long plain decimals as through
// ParseDecimal, for generated strings of the bytes a number is scanned
// over (digits, points, exponents, signs), long runs of digits among
// them, and the float32 values a shape's points are written as.
func TestLongNumbersReadAsParseDecimal(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 4))
	alphabet := "0123456789.eE+-"
	var lits []string
	for range 30000 {
		var b strings.Builder
		for n := rng.IntN(30); n > 0; n-- {
			if rng.IntN(6) == 0 {
				b.WriteByte(alphabet[10+rng.IntN(5)])
			} else {
				b.WriteByte(alphabet[rng.IntN(10)])
			}
		}
		lits = append(lits, b.String(),
			strconv.FormatFloat(float64(float32(rng.NormFloat64()*math.Pow(10, float64(rng.IntN(12)-6)))), 'f', -1, 64),
			strconv.FormatFloat(rng.NormFloat64()*math.Pow(10, float64(rng.IntN(40)-10)), 'f', -1, 64))
	}
	lits = append(lits, strings.Repeat("9", 400)+".5", "-"+strings.Repeat("9", 400)+".", "."+strings.Repeat("0", 400)+"1", "+1234567890123456.7")
	long := 0
	for _, lit := range lits {
		src := []byte("[gd_scene format=3]\n[node name=\"n\" type=\"Node3D\"]\nv = " + lit + "\n")
		got, gotErr := Decode(src)
		want, wantErr := decodeWithoutShortcuts(src)
		if errText(gotErr) != errText(wantErr) {
			t.Fatalf("%q: error %v, without shortcuts %v", lit, gotErr, wantErr)
		}
		if gotErr != nil {
			continue
		}
		g, _ := got.Sections[0].Prop("v")
		w, _ := want.Sections[0].Prop("v")
		if gf, ok := g.(float64); ok && strings.Count(lit, ".") == 1 && len(lit) > 16 {
			long++
			if wf, ok := w.(float64); !ok || math.Float64bits(gf) != math.Float64bits(wf) {
				t.Fatalf("%q: read %v, without shortcuts %v", lit, g, w)
			}
		}
		if g != w {
			t.Fatalf("%q: read %v (%T), without shortcuts %v (%T)", lit, g, g, w, w)
		}
	}
	if long < 20000 {
		t.Fatalf("only %d long decimals", long)
	}
}
