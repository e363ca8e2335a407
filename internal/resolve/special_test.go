//go:build unix

package resolve

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// TestSpecialFilesRefused: a side file that is a named pipe made reading
// it wait for a writer that never came (a batch stalled on one robot's
// mesh); opening no longer waits, and anything but a regular file or a
// folder is refused at once, through the folder and through a link to
// another allowed one alike.
func TestSpecialFilesRefused(t *testing.T) {
	dir, other := t.TempDir(), t.TempDir()
	if err := syscall.Mkfifo(filepath.Join(dir, "pipe.stl"), 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	if err := syscall.Mkfifo(filepath.Join(other, "far.stl"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(other, "far.stl"), filepath.Join(dir, "far.stl")); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "mesh.stl"), []byte("solid"), 0o644); err != nil {
		t.Fatal(err)
	}
	fsys := Confined(dir, other)
	for _, name := range []string{"pipe.stl", "far.stl"} {
		done := make(chan error, 1)
		go func() {
			_, err := fs.ReadFile(fsys, name)
			done <- err
		}()
		select {
		case err := <-done:
			if !errors.Is(err, errNotRegular) {
				t.Errorf("%s: %v, want %v", name, err, errNotRegular)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: reading a named pipe still waits", name)
		}
	}
	if data, err := fs.ReadFile(fsys, "mesh.stl"); err != nil || string(data) != "solid" {
		t.Errorf("a regular file reads %q, %v", data, err)
	}
}
