package omi

import (
	"path/filepath"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// corpusFiles lists every .gltf/.glb under the given corpus folders.
func corpusFiles(t testing.TB, dirs ...string) []string {
	t.Helper()
	return testenv.CorpusFiles(t, []string{".gltf", ".glb"}, dirs...)
}

// parseFile parses one file with this package.
func parseFile(t testing.TB, path string) (*convert.Graph, convert.Diagnostics, error) {
	t.Helper()
	in, err := physconv.OpenInput(path, nil, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return Parse(in)
}

func TestParseCorpus(t *testing.T) {
	root := testenv.Corpus(t)
	for _, p := range corpusFiles(t, "omi", "gltf") {
		rel, _ := filepath.Rel(root, p)
		t.Run(rel, func(t *testing.T) {
			g, diags, err := parseFile(t, p)
			if err != nil {
				t.Fatalf("parse: %v", err)
			}
			bodies := 0
			for _, n := range g.Nodes {
				if n.Motion != nil || n.Collider != nil || n.Trigger != nil || n.Seat != nil || n.SpawnPoint != nil {
					bodies++
				}
			}
			if bodies == 0 {
				t.Errorf("no physics found")
			}
			for _, d := range diags {
				t.Log(d)
			}
		})
	}
}
