package gltfx

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/internal/testreport"
)

// corpusFiles lists every .gltf/.glb under the given corpus folders.
func corpusFiles(t testing.TB, dirs ...string) []string {
	t.Helper()
	return testenv.CorpusFiles(t, []string{".gltf", ".glb"}, dirs...)
}

func inputFor(t testing.TB, file string) *convert.Input {
	t.Helper()
	return testreport.FileInput(t, file, nil)
}

// missingUpstream are corpus files whose buffers were not in the upstream
// snapshot (corpus/SOURCES.md, "Unresolved URIs").
var missingUpstream = map[string]string{
	"MotionProperties.gltf": "MotionProperties.bin",
	"WaterWheel.gltf":       "WaterWheel.bin",
}

func TestDecodeCorpus(t *testing.T) {
	for _, f := range corpusFiles(t, "khr", "gltf", "omi") {
		rel, _ := filepath.Rel(testenv.Corpus(t), f)
		t.Run(rel, func(t *testing.T) {
			d, err := Decode(inputFor(t, f))
			if strings.Contains(rel, "legacy") && missingUpstream[filepath.Base(f)] != "" {
				var fe *convert.FormatError
				if !errors.As(err, &fe) || !strings.Contains(fe.Msg, missingUpstream[filepath.Base(f)]) || !strings.HasPrefix(fe.Path, "buffers[") {
					t.Fatalf("want an error naming the missing buffer, got %v", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			g, err := GraphFromDoc(d)
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Nodes) != len(d.GLTF.Nodes) || len(d.GLTF.Nodes) == 0 {
				t.Fatalf("graph has %d nodes, document %d", len(g.Nodes), len(d.GLTF.Nodes))
			}
			for m := range d.GLTF.Meshes {
				pos, idx, err := MeshTriangles(d, m)
				if err != nil {
					t.Fatal(err)
				}
				if len(idx)%3 != 0 {
					t.Fatalf("mesh %d: %d indices", m, len(idx))
				}
				for _, i := range idx {
					if int(i) >= len(pos) {
						t.Fatalf("mesh %d: index %d of %d", m, i, len(pos))
					}
				}
			}
		})
	}
}
