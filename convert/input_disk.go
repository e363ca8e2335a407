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

// openFile reads a file on disk into an Input whose FS is its project
// root (see inputRoot), confined so that no symbolic link leads out of it.
// The input itself is read through the same FS: a link to a file outside
// is refused.
func openFile(name string, opts *Options) (*Input, error) {
	root, rel := inputRoot(name, opts)
	fsys := resolve.Confined(root, extraRoots(opts)...)
	data, err := fs.ReadFile(fsys, path.Join(rel, filepath.Base(name)))
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
	return &Input{Name: name, Data: data, FS: fsys, Dir: rel, Root: root, Options: opts}, nil
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

// inputRoot returns the folder side files may come from — the input's
// project root (resolve.ProjectRoot: the nearest folder above it with a
// package.xml, project.godot, .git or physconv.yaml), or the widest of
// Options.AllowRoots and Options.Packages folders that contains it — and
// the input's folder relative to it.
func inputRoot(name string, opts *Options) (root, rel string) {
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

// linkedOutside reports an input below src that is a symbolic link to a
// file outside src: Batch skips it, as a hostile folder could point one at
// any file of the machine.
func linkedOutside(src, file string) (Diagnostic, bool) {
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
	return Diagnostic{Severity: Warning, Code: "input-link-outside", File: file,
		Message: fmt.Sprintf("skipped: the input is a symbolic link to %s, outside the source folder %s", real, src)}, true
}
