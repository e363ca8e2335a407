package physconv_test

import (
	"context"
	"io/fs"
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

// TestVerifyCorpus converts every corpus file to every writable format
// with verification on: verify-mismatch must never fire, i.e. every
// output reads back with the physics that was written, or a diagnostic of
// the conversion says why not. PHYSCONV_VERIFY_CORPUS narrows the corpus to
// a folder below it.
func TestVerifyCorpus(t *testing.T) {
	var dirs []string
	if d := os.Getenv("PHYSCONV_VERIFY_CORPUS"); d != "" {
		dirs = strings.Split(d, ",")
	}
	files := corpusInputs(t, dirs...)
	root := testenv.Corpus(t)
	reg := all.Registry()
	converted, skipped := 0, 0
	for _, file := range files {
		rel, _ := filepath.Rel(root, file)
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
			for _, d := range res.Diagnostics {
				if d.Code == convert.CodeVerifyMismatch {
					t.Errorf("%s → %s: %s", rel, to.Name, d.Message)
				}
			}
		}
	}
	t.Logf("%d conversions verified, %d refused (fragments, bad inputs)", converted, skipped)
}

var _ = fs.ValidPath
