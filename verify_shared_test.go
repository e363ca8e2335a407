package physconv

import (
	"errors"
	"io/fs"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// TestReadBackSharesOutputFiles: reading an output back, a side file its
// writer made is handed to the reader as the writer holds it, not copied
// (a robot's meshes were copied once more to be verified), and it still
// obeys the side-file size limit; files under it (the source's) are read
// as before.
func TestReadBackSharesOutputFiles(t *testing.T) {
	mesh := []byte("solid m\nendsolid m\n")
	big := []byte(strings.Repeat("x", 64))
	top := fstest.MapFS{
		"out/meshes/m.stl": &fstest.MapFile{Data: mesh},
		"out/big.bin":      &fstest.MapFile{Data: big},
	}
	under := fstest.MapFS{"src/part.stl": &fstest.MapFile{Data: []byte("solid p\nendsolid p\n")}}
	in := &convert.Input{Name: "out.xml", FS: overlayFS{top, under}, Options: &convert.Options{Limits: convert.Limits{InputBytes: 32}}}
	convert.LimitSideFiles(in)

	for _, c := range []struct {
		name   string
		shared bool   // the top's own bytes, not a copy
		want   string // contents; "" with tooBig
		tooBig bool
	}{
		{name: "out/meshes/m.stl", shared: true, want: string(mesh)},
		{name: "src/part.stl", want: "solid p\nendsolid p\n"},
		{name: "out/big.bin", tooBig: true},
	} {
		data, err := fs.ReadFile(in.FS, c.name)
		if c.tooBig {
			var fe *convert.FormatError
			if err == nil || !errors.As(err, &fe) || !strings.Contains(fe.Msg, "32-byte limit") || fe.File != c.name {
				t.Errorf("%s: %d bytes over a 32-byte limit read, err %v", c.name, len(data), err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if string(data) != c.want {
			t.Errorf("%s: read %q, want %q", c.name, data, c.want)
		}
		if same := &data[0] == &mesh[0]; same != c.shared {
			t.Errorf("%s: shared %v, want %v", c.name, same, c.shared)
		}
	}
	o := overlayFS{top, nil}
	for _, name := range []string{"out", "out/meshes", "/out/meshes/m.stl", "out/../out/meshes/m.stl", "src/part.stl"} {
		if data, ok := o.SharedFile(name); ok {
			t.Errorf("SharedFile(%q) gave %d bytes: only the output's own files are shared", name, len(data))
		}
	}
	if _, err := o.Open("src/part.stl"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("an overlay with nothing under it opened a file it does not hold: %v", err)
	}
}
