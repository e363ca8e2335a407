package physconv_test

import (
	"reflect"
	"testing"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/propgen"
)

// TestEmitLeavesGraph: every writer leaves the Graph it writes as it was.
// Writers share lists and extras with the Graph (a tree joint's limits, a
// reader's shared Extras maps), and verification compares the output with
// that very Graph: a writer that changed it would hide its own mistakes.
func TestEmitLeavesGraph(t *testing.T) {
	formats := all.Registry().Formats()
	for seed := uint64(1); seed <= 100; seed++ {
		g := propgen.Generate(seed)
		mass.CompleteInPlace(g, nil)
		for _, f := range formats {
			if f.Emit == nil {
				continue
			}
			written := g
			if f.Capabilities != nil {
				written, _ = lower.Lower(g, f.Capabilities)
			}
			before := written.Clone() // compared through Clone, which spells empty lists one way
			if _, _, err := convert.EmitChecked(f, written, &convert.Options{}); err != nil {
				continue // refused graphs are another test's subject
			}
			if !reflect.DeepEqual(written.Clone(), before) {
				t.Fatalf("seed %d: the %s writer changed the Graph it wrote", seed, f.Name)
			}
		}
	}
}
