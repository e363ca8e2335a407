package testenv

import (
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// CorpusFiles lists the files below the corpus folders dirs whose names
// end in one of exts (any case), in walk order. It skips the test when the
// corpus is not configured and fails it when nothing matches.
func CorpusFiles(t testing.TB, exts []string, dirs ...string) []string {
	t.Helper()
	root := Corpus(t)
	var files []string
	for _, d := range dirs {
		err := filepath.WalkDir(filepath.Join(root, d), func(p string, e fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !e.IsDir() && hasExt(p, exts) {
				files = append(files, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if len(files) == 0 {
		t.Fatalf("no %v files under %v", exts, dirs)
	}
	return files
}

func hasExt(p string, exts []string) bool {
	ext := strings.ToLower(filepath.Ext(p))
	for _, e := range exts {
		if ext == e {
			return true
		}
	}
	return false
}

// WriteFiles writes a main file called name and its side files (paths
// relative to it, slash-separated) into dir, and returns the main path.
func WriteFiles(t testing.TB, dir, name string, main []byte, side map[string][]byte) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, main, 0o644); err != nil {
		t.Fatal(err)
	}
	for rel, data := range side {
		q := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(q), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(q, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return p
}
