package testreport

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
)

// Refused checks what a parser returned for a malformed input: a
// *convert.FormatError and no Graph. It returns the error so the caller
// can check the path, line and message its format promises.
func Refused(t testing.TB, g *convert.Graph, err error) *convert.FormatError {
	t.Helper()
	var fe *convert.FormatError
	if !errors.As(err, &fe) {
		t.Fatalf("want a FormatError, got %T: %v", err, err)
	}
	if g != nil {
		t.Errorf("a Graph came back with the error %v", fe)
	}
	return fe
}

// ConversionRefused converts file into a temporary folder and checks that
// the conversion fails and leaves no output file behind.
func ConversionRefused(t testing.TB, reg *convert.Registry, file, outName string, opts *convert.Options) {
	t.Helper()
	out := filepath.Join(t.TempDir(), outName)
	if _, err := physconv.ConvertFile(context.Background(), reg, file, out, opts); err == nil {
		t.Errorf("conversion succeeded")
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("conversion left an output file (%v)", err)
	}
}

// FileInput reads file as a parser input whose side files resolve beside
// it, the way a conversion of that path would see them.
func FileInput(t testing.TB, file string, opts *convert.Options) *convert.Input {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return &convert.Input{Name: file, Data: data, FS: os.DirFS(filepath.Dir(file)), Dir: ".", Options: opts}
}
