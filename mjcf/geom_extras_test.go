package mjcf

import (
	"maps"
	"math/rand/v2"
	"testing"
)

// TestGeomExtrasIsLookup holds geomExtras to its definition, a look-up of
// each contact attribute (the element's own, the last of a repeated name,
// else the class default), on generated attributes and defaults.
func TestGeomExtrasIsLookup(t *testing.T) {
	keys := []string{"contype", "conaffinity", "condim", "group", "priority", "friction",
		"solref", "solimp", "solmix", "margin", "gap", "rgba", "material"}
	names := append([]string{"name", "size", "pos", "type", "mass"}, keys...)
	r := rand.New(rand.NewPCG(7, 8))
	for range 2000 {
		var a attrs
		for k := range r.IntN(8) {
			a.own = append(a.own, Attr{Name: names[r.IntN(len(names))], Value: string(rune('a' + k))})
		}
		if r.IntN(3) > 0 {
			a.def = map[string]string{}
			for k := range r.IntN(8) {
				a.def[names[r.IntN(len(names))]] = string(rune('A' + k))
			}
		}
		want := map[string]string{}
		for _, k := range keys {
			if v, ok := a.get(k); ok {
				want[k] = v
			}
		}
		if got := geomExtras(a); !maps.Equal(got, want) {
			t.Fatalf("own %v, defaults %v: %v, want %v", a.own, a.def, got, want)
		}
	}
}
