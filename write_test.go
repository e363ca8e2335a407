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

// TestWriteOutputLinksThroughSymlinks: a source mesh that is a symbolic
// link (relative, to a shared folder) was hard-linked as the link itself,
// which kept its relative target and pointed nowhere from the output's
// folder: MuJoCo and physconv refused the output they had just written.
// The link is followed first; the output's mesh is the file itself.
func TestWriteOutputLinksThroughSymlinks(t *testing.T) {
	src := t.TempDir()
	if err := os.MkdirAll(filepath.Join(src, "shared"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(src, "meshes"), 0o755); err != nil {
		t.Fatal(err)
	}
	real := filepath.Join(src, "shared", "hub.stl")
	if err := os.WriteFile(real, []byte("solid hub"), 0o644); err != nil {
		t.Fatal(err)
	}
	mesh := filepath.Join(src, "meshes", "hub.stl")
	if err := os.Symlink("../shared/hub.stl", mesh); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	out := filepath.Join(t.TempDir(), "deeper", "model.xml")
	o := &convert.Output{Main: []byte("<mujoco/>"), Files: map[string][]byte{"meshes/hub.stl": []byte("solid hub")},
		Links: map[string]string{"meshes/hub.stl": mesh}}
	if _, err := WriteOutput(out, o); err != nil {
		t.Fatal(err)
	}
	written := filepath.Join(filepath.Dir(out), "meshes", "hub.stl")
	st, err := os.Lstat(written)
	if err != nil || st.Mode()&os.ModeSymlink != 0 {
		t.Fatalf("the output's mesh is %v (%v), not a file", st, err)
	}
	if got, err := os.ReadFile(written); err != nil || string(got) != "solid hub" {
		t.Errorf("the output's mesh reads %q, %v", got, err)
	}
	if a, err := os.Stat(real); err != nil || !os.SameFile(a, st) {
		t.Errorf("the output's mesh is not the shared file itself (%v)", err)
	}
}
