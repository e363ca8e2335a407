package convert

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"

	"github.com/physconv/physconv/internal/resolve"
)

// OpenFile reads a file on disk into an Input whose FS is its project
// root (see InputRoot), confined so that no symbolic link leads out of it.
// The input itself is read through the same FS: a link to a file outside
// is refused. Data is read for the Input alone and marked Immutable:
// leave it unchanged.
func OpenFile(name string, opts *Options) (*Input, error) {
	root, rel := InputRoot(name, opts)
	fsys := resolve.Confined(root, extraRoots(opts)...)
	p := path.Join(rel, filepath.Base(name))
	if st, err := fs.Stat(fsys, p); err == nil {
		if err := opts.EffectiveLimits().CheckSize(name, st.Size()); err != nil {
			return nil, err
		}
	}
	data, err := fs.ReadFile(fsys, p)
	if err != nil {
		var esc *resolve.EscapeError
		if errors.As(err, &esc) {
			return nil, &RefError{Kind: RefLink, Ref: name, File: name, Root: root, Err: fmt.Errorf("the input is a symbolic link to %s, outside the allowed root %s", esc.Target, root)}
		}
		var pe *fs.PathError
		if errors.As(err, &pe) {
			return nil, &fs.PathError{Op: "open", Path: name, Err: pe.Err}
		}
		return nil, err
	}
	return &Input{Name: name, Data: data, Immutable: true, FS: fsys, Dir: rel, Root: root, Options: opts}, nil
}

// extraRoots are the folders besides the project root that reads may
// reach through a link: --allow-root and --package folders.
func extraRoots(opts *Options) []string {
	if opts == nil {
		return nil
	}
	out := append([]string(nil), opts.AllowRoots...)
	for _, d := range opts.Packages {
		out = append(out, d)
	}
	return out
}

// InputRoot returns the folder side files may come from — the input's
// project root (resolve.ProjectRoot: the nearest folder above it with a
// package.xml, project.godot, .git or physconv.yaml), or the widest of
// Options.AllowRoots and Options.Packages folders that contains it — and
// the input's folder relative to it.
func InputRoot(name string, opts *Options) (root, rel string) {
	absDir, err := filepath.Abs(filepath.Dir(name))
	if err != nil {
		return filepath.Dir(name), "."
	}
	root = resolve.ProjectRoot(absDir)
	for _, r := range extraRoots(opts) {
		absRoot, err := filepath.Abs(r)
		if err != nil {
			continue
		}
		if _, ok := resolve.Within(absRoot, absDir); ok && len(absRoot) < len(root) {
			root = absRoot
		}
	}
	rel, _ = resolve.Within(root, absDir)
	if rel == "" {
		rel = "."
	}
	return root, rel
}

// LinkedOutside reports an input below src that is a symbolic link to a
// file outside src: Batch skips it, as a hostile folder could point one at
// any file of the machine.
func LinkedOutside(src, file string) (Diagnostic, bool) {
	st, err := os.Lstat(file)
	if err != nil || st.Mode()&fs.ModeSymlink == 0 {
		return Diagnostic{}, false
	}
	realSrc, err1 := filepath.EvalSymlinks(src)
	real, err2 := filepath.EvalSymlinks(file)
	if err1 == nil && err2 == nil {
		if _, ok := resolve.Within(realSrc, real); ok {
			return Diagnostic{}, false
		}
	}
	if err2 != nil {
		real = "(unresolvable)"
	}
	d := NewDiagnostic(CodeInputLinkOutside, DocumentSubject(), "", "skipped: the input is a symbolic link to %s, outside the source folder %s", real, src)
	d.File = file
	return d, true
}

// Reroot widens a file input to a wider folder on disk, root, holding the
// input's folder at rel (a format's project root, e.g. a Godot project's):
// reads stay confined to root and the allowed roots.
func (in *Input) Reroot(root, rel string) {
	in.FS, in.Dir, in.Root = ConfinedFS(root, extraRoots(in.Options)...), filepath.ToSlash(rel), root
	in.refs = nil
}
