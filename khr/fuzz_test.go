package khr

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// FuzzParse feeds arbitrary bytes to the KHR decoder: it must return a
// Graph or a FormatError, never panic; what parses must emit and parse
// again.
func FuzzParse(f *testing.F) {
	seeds, _ := filepath.Glob(filepath.Join("..", "testdata", "gltf", "bad", "*.gltf"))
	if root := os.Getenv("PHYSCONV_CORPUS"); root != "" {
		for _, pat := range []string{"khr/current/tests/*/*.gltf", "khr/legacy/*/samples/*/*.gltf", "khr/current/samples/*/*.gltf"} {
			m, _ := filepath.Glob(filepath.Join(root, pat))
			seeds = append(seeds, m...)
		}
	}
	for _, s := range seeds {
		if data, err := os.ReadFile(s); err == nil && len(data) < 64<<10 {
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		opts := &convert.Options{Limits: convert.Limits{InputBytes: 1 << 20, Nodes: 100_000, Triangles: 1 << 20, Elements: 1 << 22}}
		in := &convert.Input{Name: "fuzz.gltf", Data: data, FS: fstest.MapFS{}, Dir: ".", Options: opts}
		g, _, err := Parse(in)
		if err != nil {
			var fe *convert.FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error is not a FormatError: %T %v", err, err)
			}
			return
		}
		// As ParseGraph does: what Validate or the computed mass
		// properties refuse is an input error, not a finding.
		if convert.Validate(g) != nil {
			return
		}
		if g, _ = mass.Complete(g, opts); convert.ValidateComputed(g) != nil {
			return
		}
		out, _, err := Emit(g, &convert.Options{OutputName: "out.gltf"})
		if err != nil {
			t.Fatalf("emit after a successful parse: %v", err)
		}
		fs := fstest.MapFS{}
		for name, b := range out.Files {
			fs[name] = &fstest.MapFile{Data: b}
		}
		if _, _, err := Parse(&convert.Input{Name: "out.gltf", Data: out.Main, FS: fs, Dir: ".", Options: &convert.Options{}}); err != nil {
			t.Fatalf("our own output does not parse: %v", err)
		}
	})
}
