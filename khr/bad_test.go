package khr

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testreport"
)

// TestBadInputs: every malformed input listed in khr_expect.tsv is a
// FormatError at its JSON path (or line for syntax errors) and a
// conversion writes no output.
func TestBadInputs(t *testing.T) {
	dir := filepath.Join("..", "testdata", "gltf", "bad")
	table, err := os.ReadFile(filepath.Join(dir, "khr_expect.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, line := range strings.Split(string(table), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			t.Fatalf("bad table line %q", line)
		}
		name, wantPath, wantMsg := f[0], f[1], f[2]
		n++
		t.Run(name, func(t *testing.T) {
			g, _, err := Parse(inputFor(t, filepath.Join(dir, name)))
			fe := testreport.Refused(t, g, err)
			if wantPath == "line:" {
				if fe.Line == 0 {
					t.Errorf("syntax error without a line: %v", fe)
				}
			} else if fe.Path != wantPath {
				t.Errorf("path %q, want %q (%v)", fe.Path, wantPath, fe)
			}
			if !strings.Contains(fe.Error(), wantMsg) {
				t.Errorf("message %q lacks %q", fe.Error(), wantMsg)
			}
			testreport.ConversionRefused(t, convert.NewRegistry(Format), filepath.Join(dir, name), "out.gltf", &convert.Options{})
		})
	}
	if n < 25 {
		t.Errorf("only %d malformed inputs", n)
	}
}
