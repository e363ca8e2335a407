package physconv_test

import (
	"reflect"
	"testing"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/propgen"
)

// TestLowerInPlaceAsLower: a conversion lowers the Graph it parsed in
// place; on generated graphs, for every writable format, that gives what
// lowering a copy gives (Graph and diagnostics), and lowering a copy
// leaves the caller's Graph as it was.
func TestLowerInPlaceAsLower(t *testing.T) {
	formats := all.Registry().Formats()
	for seed := uint64(1); seed <= 150; seed++ {
		g := propgen.Generate(seed)
		mass.CompleteInPlace(g, nil)
		for _, f := range formats {
			if f.Emit == nil || f.Capabilities == nil {
				continue
			}
			before := g.Clone()
			copied, copiedDiags := lower.Lower(g, f.Capabilities)
			// compared through Clone, which spells empty lists one way
			if !reflect.DeepEqual(g.Clone(), before) {
				t.Fatalf("seed %d, %s: Lower changed the Graph it was given", seed, f.Name)
			}
			inPlace, inPlaceDiags := lower.LowerInPlace(g.Clone(), f.Capabilities)
			if !reflect.DeepEqual(inPlace, copied) {
				t.Fatalf("seed %d, %s: lowering in place gives another Graph than lowering a copy", seed, f.Name)
			}
			if !reflect.DeepEqual(inPlaceDiags, copiedDiags) {
				t.Fatalf("seed %d, %s: lowering in place says %v, lowering a copy %v", seed, f.Name, inPlaceDiags, copiedDiags)
			}
		}
	}
}
