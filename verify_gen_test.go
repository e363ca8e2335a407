package physconv_test

import (
	"flag"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/propgen"
)

// verifyGraphs is how many generated Graphs TestVerifyGenerated writes
// in every format: 200 by default (the CI budget), 1000 with
// -verify.graphs=1000.
var verifyGraphs = flag.Int("verify.graphs", 200, "how many generated graphs TestVerifyGenerated converts to every format")

// TestVerifyGenerated writes generated Graphs (internal/propgen) in every
// writable format through EmitGraph, which verifies: verify-mismatch must
// never fire.
func TestVerifyGenerated(t *testing.T) {
	if testing.Short() {
		t.Skip("generated graphs: not in -short")
	}
	for _, f := range all.Registry().Formats() {
		if f.Emit == nil || f.Parse == nil {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			for seed := uint64(1); seed <= uint64(*verifyGraphs); seed++ {
				g, _ := mass.Complete(propgen.Generate(seed), &convert.Options{})
				_, diags, err := physconv.EmitGraph(f, g, &convert.Options{OutputName: "gen" + emitExt[f.Name]})
				if err != nil {
					t.Errorf("seed %d: %v", seed, err)
					continue
				}
				for _, d := range diags {
					if d.Code == convert.CodeVerifyMismatch {
						t.Errorf("seed %d: %s", seed, d.Message)
					}
				}
			}
		})
	}
}
