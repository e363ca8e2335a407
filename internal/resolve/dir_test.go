package resolve

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// TestStatAsOpen: Stat on a confined folder finds what opening the file
// finds — regular files, folders, links inside the folder, links to
// another allowed folder, links leaving every allowed folder, dangling
// links and missing names — whether it answers through the folder's
// os.Root or by opening.
func TestStatAsOpen(t *testing.T) {
	base := t.TempDir()
	root := filepath.Join(base, "root")
	also := filepath.Join(base, "also")
	outside := filepath.Join(base, "outside")
	for _, d := range []string{filepath.Join(root, "meshes"), also, outside} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	write := func(p, data string) {
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(root, "meshes", "a.stl"), "solid a")
	write(filepath.Join(also, "b.stl"), "solid bb")
	write(filepath.Join(outside, "secret"), "secret!")
	links := map[string]string{
		"meshes/in.stl":   "a.stl",
		"meshes/abs.stl":  filepath.Join(root, "meshes", "a.stl"),
		"also.stl":        filepath.Join(also, "b.stl"),
		"alsodir":         also,
		"escape":          filepath.Join(outside, "secret"),
		"escapedir":       outside,
		"dangling.stl":    "nowhere.stl",
		"meshes/up.stl":   "../meshes/a.stl",
		"meshes/loop.stl": "loop.stl",
	}
	for name, target := range links {
		if err := os.Symlink(target, filepath.Join(root, filepath.FromSlash(name))); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	c := Confined(root, also).(*confinedFS)
	names := []string{"meshes/a.stl", "meshes", ".", "meshes/in.stl", "meshes/abs.stl", "also.stl", "alsodir/b.stl",
		"escape", "escapedir/secret", "dangling.stl", "meshes/up.stl", "meshes/loop.stl", "missing.stl", "meshes/missing/x.stl",
		"../outside/secret", "/etc/passwd", "meshes/a.stl/x"}
	for _, name := range names {
		var want fs.FileInfo
		f, openErr := c.Open(name)
		if openErr == nil {
			want, openErr = f.(fs.File).Stat()
			f.Close()
		}
		got, statErr := c.Stat(name)
		if (openErr == nil) != (statErr == nil) {
			t.Errorf("%s: stat error %v, open error %v", name, statErr, openErr)
			continue
		}
		if openErr != nil {
			if errors.Is(openErr, fs.ErrNotExist) != errors.Is(statErr, fs.ErrNotExist) {
				t.Errorf("%s: stat error %v, open error %v", name, statErr, openErr)
			}
			continue
		}
		if got.Size() != want.Size() || got.IsDir() != want.IsDir() || got.Mode() != want.Mode() {
			t.Errorf("%s: stat %v %d %v, open %v %d %v", name, got.Mode(), got.Size(), got.IsDir(), want.Mode(), want.Size(), want.IsDir())
		}
	}
}

// TestConfinedKeepsOneFolderOpen: the FS of a folder read many times keeps
// one descriptor open for it, and the FS of a file read once (an allowed
// folder's mesh, a package.xml) keeps none, however many there are.
func TestConfinedKeepsOneFolderOpen(t *testing.T) {
	open := func() int {
		ents, err := os.ReadDir("/proc/self/fd")
		if err != nil {
			t.Skip("no /proc/self/fd here")
		}
		return len(ents)
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.stl"), []byte("solid a"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := open()
	var keep []fs.FS // held, so none is collected (and closed) meanwhile
	for i := 0; i < 300; i++ {
		c := Confined(dir)
		if _, err := fs.ReadFile(c, "a.stl"); err != nil {
			t.Fatal(err)
		}
		keep = append(keep, c)
	}
	if n := open() - before; n > 2 {
		t.Errorf("300 folders' FS read once each keep %d descriptors open", n)
	}
	c := Confined(dir)
	for i := 0; i < 300; i++ {
		if _, err := fs.Stat(c, "a.stl"); err != nil {
			t.Fatal(err)
		}
		if _, err := fs.Stat(c, "missing.stl"); !errors.Is(err, fs.ErrNotExist) {
			t.Fatal(err)
		}
	}
	if n := open() - before; n > 3 {
		t.Errorf("a folder's FS used 600 times keeps %d descriptors open", n)
	}
	runtime.KeepAlive(keep)
	runtime.KeepAlive(c)
}

// TestAllowedFolderSharedByItsFiles: references into the same allowed
// folder resolve to one confined FS (which then keeps the folder open
// once), each file still read from its own place.
func TestAllowedFolderSharedByItsFiles(t *testing.T) {
	base := t.TempDir()
	root, extra := filepath.Join(base, "root"), filepath.Join(base, "extra")
	for _, d := range []string{root, filepath.Join(extra, "m")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	for name, data := range map[string]string{"a.stl": "A", "m/b.stl": "BB"} {
		if err := os.WriteFile(filepath.Join(extra, filepath.FromSlash(name)), []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	r := &Resolver{FS: Confined(root, extra), Root: root, Dir: ".", AllowRoots: []string{extra}}
	a, la, err := r.Read(filepath.Join(extra, "a.stl"))
	if err != nil {
		t.Fatal(err)
	}
	b, lb, err := r.Read("../extra/m/b.stl")
	if err != nil {
		t.Fatal(err)
	}
	if string(a) != "A" || string(b) != "BB" {
		t.Fatalf("read %q and %q", a, b)
	}
	if la.FS != lb.FS || la.Main || lb.Main {
		t.Errorf("two files of one allowed folder: FS %p and %p (main %v %v), want one confined FS", la.FS, lb.FS, la.Main, lb.Main)
	}
}
