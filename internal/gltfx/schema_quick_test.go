package gltfx

import (
	"encoding/json"
	"maps"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// TestValidObjectAgreesWithOrderedCheck generates objects of every schema
// type, right and wrong in every way the schema can be (a wrong type, a
// negative, fractional, huge or dangling index, an overflowing number, a
// wrong length, a missing required property, a name in other case, an
// unknown name, extensions or name of the wrong type), and checks that
// the quick check says yes exactly when the ordered check finds nothing.
func TestValidObjectAgreesWithOrderedCheck(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 11))
	counts := map[string]int{"scenes": 2, "nodes": 5, "meshes": 2, "accessors": 4, "bufferViews": 3, "buffers": 1,
		"materials": 2, "textures": 2, "images": 1, "samplers": 1, "skins": 1, "cameras": 1, "animations": 1}
	var gen func(kind, typ string, depth int, bad bool) any
	num := func(s string) any { return json.Number(s) }
	gen = func(kind, ref string, depth int, bad bool) any {
		if bad && rng.IntN(3) == 0 {
			return []any{"s", true, nil, num("1.5"), num("-1"), num("1e999"), map[string]any{}, []any{}}[rng.IntN(8)]
		}
		switch {
		case kind == "int":
			n := 3
			if ref != "" {
				n = counts[ref]
			}
			if bad && rng.IntN(2) == 0 {
				return []any{num("-2"), num("2.5"), num("9007199254740993"), num("100")}[rng.IntN(4)]
			}
			return num([]string{"0", "1", "2", "0.0", "1e0"}[rng.IntN(min(n, 3)+2)%5])
		case kind == "num":
			return num([]string{"0", "-1.5", "3e-7", "1e308"}[rng.IntN(4)])
		case kind == "str":
			return "s"
		case kind == "bool":
			return rng.IntN(2) == 0
		case kind == "map:int":
			m := map[string]any{}
			for i := rng.IntN(3); i > 0; i-- {
				m[[]string{"POSITION", "NORMAL", "TEXCOORD_0"}[i-1]] = gen("int", ref, depth, bad && rng.IntN(2) == 0)
			}
			return m
		case strings.HasPrefix(kind, "arr:"):
			var a []any
			for i := rng.IntN(4); i > 0; i-- {
				a = append(a, gen(kind[4:], ref, depth+1, bad && rng.IntN(2) == 0))
			}
			return a
		case strings.HasPrefix(kind, "obj:"):
			return genObject(rng, kind[4:], depth+1, bad, gen)
		}
		return nil
	}
	agree, valid := 0, 0
	for trial := 0; trial < 20000; trial++ {
		typ := slices.Sorted(maps.Keys(coreSchema))[rng.IntN(len(coreSchema))]
		m := genObject(rng, typ, 0, rng.IntN(2) == 0, gen)
		quick := validObject(fromGo(m).(*object), typ, counts)
		err := checkObjectInOrder(NewValue(m, typ), typ, counts)
		if quick != (err == nil) {
			raw, _ := json.Marshal(m)
			t.Fatalf("%s %s: quick check %v, ordered check %v", typ, raw, quick, err)
		}
		agree++
		if quick {
			valid++
		}
	}
	if valid < 2000 || agree-valid < 2000 {
		t.Fatalf("too one-sided: %d valid of %d", valid, agree)
	}
}

func genObject(rng *rand.Rand, typ string, depth int, bad bool, gen func(kind, ref string, depth int, bad bool) any) map[string]any {
	m := map[string]any{}
	if depth > 3 {
		return m
	}
	for _, key := range schemaKeys[typ] {
		spec := coreSchema[typ][key]
		kind := strings.TrimPrefix(spec.kind, "!")
		if kind == spec.kind && rng.IntN(2) == 0 {
			continue // optional, left out
		}
		if kind != spec.kind && bad && rng.IntN(8) == 0 {
			continue // required, left out
		}
		v := gen(kind, spec.ref, depth, bad && rng.IntN(3) == 0)
		if n, ok := fixedLengths[typ+"."+key]; ok && !(bad && rng.IntN(3) == 0) {
			a := make([]any, n)
			for i := range a {
				a[i] = json.Number("0.5")
			}
			v = a
		}
		m[key] = v
	}
	if bad {
		switch rng.IntN(6) {
		case 0:
			m["Name"] = "x"
		case 1:
			m["unknownThing"] = 1
		case 2:
			m["extensions"] = []any{}
		case 3:
			m["name"] = json.Number("3")
		case 4:
			m["extras"] = nil
		}
	} else if rng.IntN(2) == 0 {
		m["name"], m["extensions"], m["extras"] = "n", map[string]any{"X": 1}, []any{}
	}
	return m
}

// FuzzValidObject: for any JSON object, the quick check says yes exactly
// when the ordered check finds nothing, for every object type.
//
//	go test -run '^$' -fuzz FuzzValidObject ./internal/gltfx/
func FuzzValidObject(f *testing.F) {
	f.Add([]byte(`{"asset":{"version":"2.0"},"nodes":[{"children":[1]},{"mesh":0,"Name":1}],"meshes":[{"primitives":[{"attributes":{"POSITION":0}}]}],"accessors":[{"count":1,"type":"VEC3","componentType":5126}]}`))
	f.Add([]byte(`{"count":1,"indices":{"bufferView":0,"componentType":5123},"values":{"bufferView":0}}`))
	f.Fuzz(func(t *testing.T, raw []byte) {
		d, err := decodeTree(raw, false)
		if err != nil {
			return
		}
		o, ok := d.tree.(*object)
		if !ok {
			return
		}
		counts := map[string]int{}
		root := treeValue(d.tree, "")
		for _, arr := range []string{"scenes", "nodes", "meshes", "accessors", "bufferViews", "buffers",
			"materials", "textures", "images", "samplers", "skins", "cameras", "animations"} {
			counts[arr] = root.Get(arr).Len() + 1
		}
		for _, typ := range slices.Sorted(maps.Keys(coreSchema)) {
			quick := validObject(o, typ, counts)
			err := checkObjectInOrder(root, typ, counts)
			if quick != (err == nil) {
				t.Fatalf("%s: quick check %v, ordered check %v", typ, quick, err)
			}
		}
	})
}
