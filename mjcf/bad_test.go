package mjcf

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testreport"
)

// TestMalformed checks that every case in testdata/mjcf/bad fails with a
// FormatError at the line its .line file names, and produces no Graph.
func TestMalformed(t *testing.T) {
	dir := filepath.Join("..", "testdata", "mjcf", "bad")
	files, err := filepath.Glob(filepath.Join(dir, "*.xml"))
	if err != nil || len(files) < 15 {
		t.Fatalf("want ≥ 15 malformed cases, found %d (%v)", len(files), err)
	}
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".xml")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			want, err := os.ReadFile(strings.TrimSuffix(f, ".xml") + ".line")
			if err != nil {
				t.Fatal(err)
			}
			line, _ := strconv.Atoi(strings.TrimSpace(string(want)))
			in := &convert.Input{Name: filepath.Base(f), Data: data, FS: os.DirFS(dir), Dir: "."}
			g, _, err := Parse(in)
			fe := testreport.Refused(t, g, err)
			if fe.Line != line {
				t.Errorf("error at line %d, want %d: %v", fe.Line, line, err)
			}
			if !strings.Contains(fe.Error(), "mjcf") {
				t.Errorf("message does not name the format: %v", err)
			}
		})
	}
}
