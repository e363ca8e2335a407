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

// TestSamePathThroughLinks: samePath with its folder cache gives what
// comparing filepath.EvalSymlinks of both gives, for names through a
// linked folder, a linked file, hard links (one file, two entries) and a
// missing file.
func TestSamePathThroughLinks(t *testing.T) {
	dir := t.TempDir()
	real := filepath.Join(dir, "real")
	if err := os.MkdirAll(real, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(real, "a.stl")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	links := map[string]func() error{
		"via":       func() error { return os.Symlink(real, filepath.Join(dir, "via")) },
		"alias.stl": func() error { return os.Symlink(file, filepath.Join(real, "alias.stl")) },
		"hard.stl":  func() error { return os.Link(file, filepath.Join(real, "hard.stl")) },
	}
	for name, make := range links {
		if err := make(); err != nil {
			t.Skipf("%s: %v", name, err)
		}
	}
	names := []string{file, filepath.Join(dir, "via", "a.stl"), filepath.Join(real, "alias.stl"),
		filepath.Join(dir, "via", "alias.stl"), filepath.Join(real, "hard.stl"), filepath.Join(real, "missing.stl"),
		filepath.Join(dir, "via", "..", "real", "a.stl")}
	reference := func(a, b string) bool {
		ra, err1 := filepath.EvalSymlinks(a)
		rb, err2 := filepath.EvalSymlinks(b)
		return err1 == nil && err2 == nil && ra == rb
	}
	folders := realFolders{}
	same := 0
	for _, a := range names {
		for _, b := range names {
			want := reference(a, b)
			if got := samePath(a, b, folders); got != want {
				t.Errorf("samePath(%s, %s) = %v, want %v", a, b, got, want)
			}
			if want && a != b {
				same++
			}
		}
	}
	if same == 0 {
		t.Error("no two different names of one entry were compared")
	}
}
