package crosscheck

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// writtenSource writes a test's source model into a fresh folder and
// returns its path.
func writtenSource(t *testing.T, name, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// convertedFile converts in to out as the command does (the format by
// the names), failing the test when it cannot.
func convertedFile(t *testing.T, in, out string) *physconv.Result {
	t.Helper()
	res, err := physconv.ConvertFile(context.Background(), all.Registry(), in, out, &convert.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return res
}
