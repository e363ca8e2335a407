package physconv_test

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// corpusInputs lists the corpus files a conversion may start from (every
// file of a readable extension below dirs, or the whole corpus); included
// fragments among them fail to parse and are skipped by the callers.
func corpusInputs(t *testing.T, dirs ...string) []string {
	if len(dirs) == 0 {
		dirs = []string{"."}
	}
	return testenv.CorpusFiles(t, []string{".gltf", ".glb", ".tscn", ".xml", ".urdf", ".xacro"}, dirs...)
}

// emitExt is the output file name extension of each writable format.
var emitExt = map[string]string{"khr": ".gltf", "omi": ".gltf", "urdf": ".urdf", "mjcf": ".xml", "godot": ".tscn", "godot3": ".tscn"}

// knownMismatch is an open defect verification found: the test reports
// it without failing, and fails when it no longer fires (a stale entry).
// Verification itself still warns about it.
type knownMismatch struct {
	to, quantity string
	file         string // a substring of the input's corpus path; "" = any
	why          string
}

var knownMismatches = []knownMismatch{}

func (k knownMismatch) matches(rel, to string, d convert.Diagnostic) bool {
	return k.to == to && d.Quantities.String() == k.quantity && strings.Contains(rel, k.file)
}

// TestVerifyCorpus converts every corpus file to every writable format
// with verification on: verify-mismatch must never fire, i.e. every
// output reads back with the physics that was written, or a diagnostic of
// the conversion says why not (but for knownMismatches, logged).
// PHYSCONV_VERIFY_CORPUS narrows the corpus to folders below it
// (comma-separated).
func TestVerifyCorpus(t *testing.T) {
	var dirs []string
	if d := os.Getenv("PHYSCONV_VERIFY_CORPUS"); d != "" {
		dirs = strings.Split(d, ",")
	}
	files := corpusInputs(t, dirs...)
	root := testenv.Corpus(t)
	reg := all.Registry()
	converted, skipped, known := 0, 0, 0
	seen := make([]bool, len(knownMismatches))
	for _, file := range files {
		rel, _ := filepath.Rel(root, file)
		rel = filepath.ToSlash(rel)
		for _, to := range reg.Formats() {
			if to.Emit == nil {
				continue
			}
			opts := &convert.Options{To: to.Name, OutputName: filepath.Join(t.TempDir(), "out"+emitExt[to.Name])}
			in, err := physconv.OpenInput(file, nil, opts)
			if err != nil {
				t.Fatal(err)
			}
			_, res, err := physconv.ConvertBytes(context.Background(), reg, in)
			if err != nil {
				skipped++
				continue
			}
			converted++
		next:
			for _, d := range res.Diagnostics {
				if d.Code != convert.CodeVerifyMismatch {
					continue
				}
				for k, m := range knownMismatches {
					if m.matches(rel, to.Name, d) {
						seen[k] = true
						known++
						continue next
					}
				}
				t.Errorf("%s → %s: %s", rel, to.Name, d.Message)
			}
		}
	}
	for k, m := range knownMismatches {
		if !seen[k] && len(dirs) == 0 {
			t.Errorf("known mismatch no longer seen, remove it: %+v", m)
		}
	}
	t.Logf("%d conversions verified, %d refused (included fragments, unsupported inputs); %d known mismatches", converted, skipped, known)
}
