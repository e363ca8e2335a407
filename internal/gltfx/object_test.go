package gltfx

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
)

// TestObjectsReadAsEncodingJSON decodes generated JSON (objects of 0 to 40
// members, names repeated, nested objects and arrays) and holds the tree
// to encoding/json's reading with UseNumber: the same values for every
// name (the last of a repeated name), and a repeated name below the top
// noted. Objects past indexFrom members are found through their index,
// smaller ones by scanning; both are generated.
func TestObjectsReadAsEncodingJSON(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	names := []string{"a", "b", "mesh", "children", "Mesh", "x1", "x2", "x3", "é", "a\u0000b"}
	var gen func(b *strings.Builder, depth int) bool // reports a repeated name below
	gen = func(b *strings.Builder, depth int) bool {
		switch k := rng.IntN(6); {
		case depth == 0 || depth < 3 && k == 0:
			b.WriteByte('{')
			n := rng.IntN(8)
			if rng.IntN(4) == 0 {
				n = indexFrom - 2 + rng.IntN(30)
			}
			seen, dup := map[string]bool{}, false
			for i := 0; i < n; i++ {
				if i > 0 {
					b.WriteByte(',')
				}
				name := names[rng.IntN(len(names))]
				if rng.IntN(2) == 0 {
					name = fmt.Sprintf("m%d", rng.IntN(60))
				}
				dup = dup || seen[name]
				seen[name] = true
				q, _ := json.Marshal(name)
				b.Write(q)
				b.WriteByte(':')
				dup = gen(b, depth+1) || dup
			}
			b.WriteByte('}')
			return dup
		case depth < 3 && k == 1:
			b.WriteByte('[')
			dup := false
			for i := rng.IntN(5); i > 0; i-- {
				dup = gen(b, depth+1) || dup
				if i > 1 {
					b.WriteByte(',')
				}
			}
			b.WriteByte(']')
			return dup
		case k == 2:
			fmt.Fprintf(b, "%d", rng.IntN(1000)-500)
		case k == 3:
			q, _ := json.Marshal(names[rng.IntN(len(names))])
			b.Write(q)
		case k == 4:
			b.WriteString([]string{"true", "false", "null"}[rng.IntN(3)])
		default:
			fmt.Fprintf(b, "%g", rng.NormFloat64()*1e3)
		}
		return false
	}
	indexed := 0
	for trial := 0; trial < 3000; trial++ {
		var b strings.Builder
		b.WriteString(`{"top":0,"g":`)
		dup := gen(&b, 0)
		b.WriteString(`,"top":{"k":1}}`) // repeated at the top, which is not noted
		raw := []byte(b.String())

		d, err := decodeTree(raw, true)
		if err != nil {
			t.Fatalf("%s: %v", raw, err)
		}
		want := encodingJSON(t, raw)
		if got := toGo(d.tree); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s:\ntree %v\nencoding/json %v", raw, got, want)
		}
		if d.duplicate != dup {
			t.Fatalf("%s: repeated name below the top noted %v, want %v", raw, d.duplicate, dup)
		}
		// every member found by name, through Value as the readers do
		var walk func(v Value, w any)
		walk = func(v Value, w any) {
			switch w := w.(type) {
			case map[string]any:
				o := v.v.(*object)
				if o.index != nil {
					indexed++
				}
				if len(o.members) != len(w) {
					t.Fatalf("%s: %s has %d members, want %d", raw, v.Path(), len(o.members), len(w))
				}
				for k, x := range w {
					if !v.Has(k) {
						t.Fatalf("%s: %s has no %q", raw, v.Path(), k)
					}
					walk(v.Get(k), x)
				}
				if v.Has("absent name") {
					t.Fatalf("%s: %s has a member never written", raw, v.Path())
				}
			case []any:
				for i, x := range w {
					walk(v.Elem(i), x)
				}
			default:
				if !reflect.DeepEqual(v.v, w) {
					t.Fatalf("%s: %s is %v, want %v", raw, v.Path(), v.v, w)
				}
			}
		}
		walk(treeValue(d.tree, ""), want)
	}
	if indexed == 0 {
		t.Fatal("no generated object was large enough to be indexed")
	}
}

// TestObjectKeepsFirstPlace: a repeated name keeps the place of its first
// appearance and its last value, so members read in order (the quick
// schema check, node fields) see each name once.
func TestObjectKeepsFirstPlace(t *testing.T) {
	for _, n := range []int{3, indexFrom + 5} {
		var b strings.Builder
		b.WriteString(`{"a":1,"b":2`)
		for i := 0; i < n; i++ {
			fmt.Fprintf(&b, `,"m%d":%d`, i, i)
		}
		b.WriteString(`,"a":3}`)
		d, err := decodeTree([]byte(b.String()), false)
		if err != nil {
			t.Fatal(err)
		}
		o := d.tree.(*object)
		if len(o.members) != n+2 || o.members[0].key != "a" || o.members[0].val != json.Number("3") || o.members[1].key != "b" {
			t.Fatalf("%d members: %v", n, o.members[:2])
		}
		if (o.index != nil) != (n+2 > indexFrom) {
			t.Fatalf("%d members: index %v", n+2, o.index != nil)
		}
		if v, _ := o.get("a"); v != json.Number("3") {
			t.Fatalf("%d members: a = %v", n, v)
		}
	}
}

// TestLongArraysReadAsEncodingJSON: an array's elements are gathered on
// one stack while it is open and copied out into blocks shared with its
// neighbours, or a slice of its own past a quarter block; arrays either
// side of those sizes, nested in one another at the start, middle and end
// of the enclosing array, read as encoding/json reads them.
func TestLongArraysReadAsEncodingJSON(t *testing.T) {
	sizes := []int{0, 1, blockLen/4 - 1, blockLen / 4, blockLen/4 + 1, blockLen, blockLen + 1, 4*blockLen + 7}
	array := func(b *strings.Builder, n, from int) {
		b.WriteByte('[')
		for i := range n {
			if i > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(b, "%d", from+i)
		}
		b.WriteByte(']')
	}
	for _, outer := range sizes {
		for _, inner := range sizes {
			// the inner array at the start, the middle and the end
			for _, at := range []int{0, outer / 2, outer} {
				var b strings.Builder
				b.WriteByte('[')
				for i := 0; i <= outer; i++ {
					if i > 0 {
						b.WriteByte(',')
					}
					if i == at {
						array(&b, inner, 1_000_000)
					} else {
						fmt.Fprintf(&b, "%d", i)
					}
				}
				b.WriteByte(']')
				raw := []byte(b.String())
				d, err := decodeTree(raw, false)
				if err != nil {
					t.Fatal(err)
				}
				if got := toGo(d.tree); !reflect.DeepEqual(got, encodingJSON(t, raw)) {
					t.Fatalf("outer %d, inner %d at %d: tree differs from encoding/json", outer, inner, at)
				}
			}
		}
	}
}

// encodingJSON is raw as encoding/json reads it, numbers as json.Number.
func encodingJSON(t *testing.T, raw []byte) any {
	t.Helper()
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}
