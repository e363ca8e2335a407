package physconv

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestWriteOutputLinksSourceFiles: a side file that is a source file
// unchanged is hard-linked (the same file on disk), one whose source
// cannot be linked (here: gone) is written from its bytes, and plain side
// files are written as before; no temporary file is left behind.
func TestWriteOutputLinksSourceFiles(t *testing.T) {
	src := t.TempDir()
	mesh := filepath.Join(src, "arm.stl")
	if err := os.WriteFile(mesh, []byte("solid mesh bytes"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "model.xml")
	o := &convert.Output{Main: []byte("<mujoco/>"),
		Files: map[string][]byte{
			"meshes/arm.stl":  []byte("solid mesh bytes"),
			"meshes/gone.stl": []byte("gone bytes"),
			"meshes/new.stl":  []byte("encoded"),
		},
		Links: map[string]string{"meshes/arm.stl": mesh, "meshes/gone.stl": filepath.Join(src, "gone.stl")}}
	files, err := WriteOutput(out, o)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 4 {
		t.Errorf("files %v", files)
	}
	dir := filepath.Dir(out)
	a, err1 := os.Stat(mesh)
	b, err2 := os.Stat(filepath.Join(dir, "meshes", "arm.stl"))
	if err1 != nil || err2 != nil || !os.SameFile(a, b) {
		t.Errorf("arm.stl is not a hard link of the source (%v, %v)", err1, err2)
	}
	for name, want := range map[string]string{"model.xml": "<mujoco/>", "meshes/arm.stl": "solid mesh bytes", "meshes/gone.stl": "gone bytes", "meshes/new.stl": "encoded"} {
		got, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil || !bytes.Equal(got, []byte(want)) {
			t.Errorf("%s: %q, %v; want %q", name, got, err, want)
		}
	}
	for _, d := range []string{dir, filepath.Join(dir, "meshes")} {
		entries, _ := os.ReadDir(d)
		for _, e := range entries {
			if e.Name()[0] == '.' {
				t.Errorf("temporary file %s left in %s", e.Name(), d)
			}
		}
	}
}
