package omi

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/mass"
)

// fuzzSeeds adds every .gltf under the OMI corpus (when PHYSCONV_CORPUS is
// set) and the hand-written OMI cases.
func fuzzSeeds(f *testing.F) {
	var files []string
	if root := os.Getenv("PHYSCONV_CORPUS"); root != "" {
		for _, d := range []string{"omi", "gltf"} {
			filepath.Walk(filepath.Join(root, d), func(p string, info os.FileInfo, err error) error {
				if err == nil && !info.IsDir() && filepath.Ext(p) == ".gltf" && info.Size() < 64<<10 {
					files = append(files, p)
				}
				return nil
			})
		}
	}
	for _, d := range []string{"omi", "bad"} {
		m, _ := filepath.Glob(filepath.Join("..", "testdata", "gltf", d, "*.gltf"))
		files = append(files, m...)
	}
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
}

// FuzzParse: the OMI decoders never panic, and whatever parses emits and
// parses again (buffers come inline or not at all: no folder).
func FuzzParse(f *testing.F) {
	fuzzSeeds(f)
	f.Fuzz(func(t *testing.T, data []byte) {
		opts := &convert.Options{Limits: convert.Limits{InputBytes: 1 << 20, Nodes: 100_000, Triangles: 1 << 20, Elements: 1 << 22}}
		g, _, err := Parse(&convert.Input{Name: "fuzz.gltf", Data: data, Options: opts})
		if err != nil {
			return
		}
		if convert.Validate(g) != nil {
			return
		}
		if g, _ = mass.Complete(g, opts); convert.ValidateComputed(g) != nil {
			return
		}
		out, _, err := Emit(g, &convert.Options{OutputName: "out.glb"})
		if err != nil {
			t.Fatalf("emit of a parsed file failed: %v", err)
		}
		if _, _, err := Parse(&convert.Input{Name: "out.glb", Data: out.Main, Options: &convert.Options{}}); err != nil {
			t.Fatalf("emitted file does not parse: %v", err)
		}
	})
}
