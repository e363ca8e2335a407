package omi

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/testenv"
)

// reparse parses Emit's output again, as a file in a temporary folder.
func reparse(t *testing.T, out *convert.Output, name string) (*convert.Graph, convert.Diagnostics, string) {
	t.Helper()
	p := testenv.WriteFiles(t, t.TempDir(), name, out.Main, out.Files)
	g, diags, err := parseFile(t, p)
	if err != nil {
		t.Fatalf("parse of emitted file: %v", err)
	}
	return g, diags, p
}

// TestRoundTripCorpus: OMI → Graph → OMI → Graph keeps the physics of every
// corpus file, and every written file passes the Khronos validator.
func TestRoundTripCorpus(t *testing.T) {
	root := testenv.Corpus(t)
	testenv.Oracle(t, "gltf-validate")
	var mu sync.Mutex
	sem := make(chan struct{}, 2)
	for _, p := range corpusFiles(t, "omi", "gltf") {
		rel, _ := filepath.Rel(root, p)
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			g, diags, err := parseFile(t, p)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			out, ediags, err := Emit(g, &convert.Options{OutputName: filepath.Join(t.TempDir(), filepath.Base(p))})
			if err != nil {
				t.Fatalf("emit: %v", err)
			}
			for _, d := range ediags {
				if d.Severity >= convert.Warning {
					t.Errorf("emit diagnostic: %v", d)
				}
			}
			g2, _, written := reparse(t, out, filepath.Base(p))
			a := inspect.Inspect(g, "omi", diags)
			b := inspect.Inspect(g2, "omi", nil)
			for _, d := range inspect.CompareReports(a, b, 1e-9) {
				t.Errorf("round trip: %s", d)
			}
			sem <- struct{}{}
			res, code := testenv.RunOracle(t, "gltf-validate", "--summary", written)
			<-sem
			if code != 0 {
				mu.Lock()
				defer mu.Unlock()
				t.Errorf("gltf-validate: %s", res)
			}
		})
	}
}
