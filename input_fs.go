package physconv

import (
	"errors"
	"fmt"
	"io/fs"
	"path"

	"github.com/physconv/physconv/convert"
)

// NewInput reads the file name of fsys (a slash-separated path, as fs.FS
// names files) as a conversion input. Everything the file refers to is
// read in fsys: relative references from name's folder, climbing with ".."
// no higher than fsys's root, which is also the project root (a Godot
// project's res://); opts.Packages name folders inside fsys; nothing is
// read from disk unless fsys is a folder on disk. Any fs.FS works: an
// embed.FS, an fstest.MapFS, os.DirFS, a zip.Reader. The Input's Data is
// read for it alone and marked Immutable: leave it unchanged.
func NewInput(fsys fs.FS, name string, opts *convert.Options) (*convert.Input, error) {
	if fsys == nil {
		return nil, errors.New("NewInput: no file system")
	}
	if opts == nil {
		opts = &convert.Options{}
	}
	if !fs.ValidPath(name) || name == "." {
		return nil, fmt.Errorf("%q is not a file name inside the file system (slash-separated, no leading / and no ..)", name)
	}
	if st, err := fs.Stat(fsys, name); err == nil {
		if st.IsDir() {
			return nil, fmt.Errorf("%s is a folder, not a file", name)
		}
		if err := opts.EffectiveLimits().CheckSize(name, st.Size()); err != nil {
			return nil, err
		}
	}
	f, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	data, err := convert.ReadLimited(f, name, opts.EffectiveLimits().InputBytes)
	if err != nil {
		return nil, err
	}
	return &convert.Input{Name: name, Data: data, Immutable: true, FS: fsys, Dir: path.Dir(name), Options: opts}, nil
}
