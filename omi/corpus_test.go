package omi

import (
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// corpusFiles lists every .gltf/.glb below the corpus folders rel.
func corpusFiles(t testing.TB, rel ...string) []string {
	t.Helper()
	root := testenv.Corpus(t)
	var out []string
	for _, r := range rel {
		err := filepath.WalkDir(filepath.Join(root, r), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if ext := strings.ToLower(filepath.Ext(p)); !d.IsDir() && (ext == ".gltf" || ext == ".glb") {
				out = append(out, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no glTF files under %v", rel)
	}
	return out
}

// parseFile parses one file with this package.
func parseFile(t testing.TB, path string) (*convert.Graph, convert.Diagnostics, error) {
	t.Helper()
	in, err := convert.OpenInput(path, nil, &convert.Options{})
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
