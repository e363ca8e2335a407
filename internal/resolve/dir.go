// Package resolve decides where the files an input refers to come from
// (meshes, buffers, images, includes, resources) and reads them without
// ever leaving the folders the input may read: its project root, the ROS
// packages it names and the folders the caller allows. Formats only say
// what kind of reference they hold; the policy lives here, once.
package resolve

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"syscall"
)

// Confined returns an fs.FS over the folder dir whose reads never leave
// it: every name is resolved to its real path after symbolic links, which
// must lie inside dir or inside one of also (other allowed folders), and
// the file is then opened through an os.Root for that folder, so a link
// swapped in between cannot escape either. A name that leaves every
// allowed folder fails with an *EscapeError inside the *fs.PathError.
func Confined(dir string, also ...string) fs.FS {
	return &confinedFS{dir: dir, also: also}
}

type confinedFS struct {
	dir  string
	also []string

	// the allowed folders after symbolic links, found once: every file
	// of a robot is opened through them
	rootsOnce sync.Once
	realRoots []string // "" for a folder that does not resolve

	// the folder itself as an os.Root, kept from the second use on (its
	// descriptor is closed when the FS is collected): a robot's files are
	// looked for and opened through its folder's FS hundreds of times,
	// while the FS of a lone file found elsewhere (an allowed folder, a
	// package.xml) is used once and keeps nothing open
	uses       atomic.Int32
	folderOnce sync.Once
	folderRoot *os.Root
}

// folder returns an os.Root of the folder and what to call once done with
// it; nil when the folder cannot be opened (every name then takes the
// walk in open).
func (c *confinedFS) folder() (*os.Root, func()) {
	if c.uses.Add(1) == 1 {
		r, err := os.OpenRoot(c.dir)
		if err != nil {
			return nil, func() {}
		}
		return r, func() { r.Close() }
	}
	c.folderOnce.Do(func() {
		if r, err := os.OpenRoot(c.dir); err == nil {
			c.folderRoot = r
		}
	})
	return c.folderRoot, func() {}
}

func (c *confinedFS) roots() []string {
	c.rootsOnce.Do(func() {
		for _, root := range append([]string{c.dir}, c.also...) {
			real, err := filepath.EvalSymlinks(root)
			if err != nil {
				real = ""
			}
			c.realRoots = append(c.realRoots, real)
		}
	})
	return c.realRoots
}

// EscapeError is a file whose real path, after symbolic links, lies
// outside every allowed folder.
type EscapeError struct {
	File   string // the name as asked for, inside Root
	Target string // where its links lead
	Root   string // the folder it had to stay in
}

func (e *EscapeError) Error() string {
	return fmt.Sprintf("%s is a symbolic link to %s, outside the allowed root %s", e.File, e.Target, e.Root)
}

func (c *confinedFS) Open(name string) (fs.File, error) {
	f, err := c.open("open", name)
	if err != nil {
		return nil, err
	}
	return f, nil
}

func (c *confinedFS) ReadFile(name string) ([]byte, error) {
	f, err := c.open("read", name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.IsDir() {
		return nil, &fs.PathError{Op: "read", Path: name, Err: errors.New("is a directory")}
	}
	// sized from the file's length, as os.ReadFile does, rather than
	// grown by doubling (a huge file still grows as it is read)
	buf := bytes.NewBuffer(make([]byte, 0, min(st.Size(), 64<<20)+512))
	_, err = buf.ReadFrom(f)
	return buf.Bytes(), err
}

// Stat reports on a file as opening it would find it. Readers probe many
// names for one reference (a package's files by the end of their path), so
// a file in the folder itself is looked at through the folder's os.Root
// without being opened; a link to another allowed folder (which os.Root
// does not follow) is opened as Open would.
func (c *confinedFS) Stat(name string) (fs.FileInfo, error) {
	if fs.ValidPath(name) {
		if r, done := c.folder(); r != nil {
			st, err := r.Stat(filepath.FromSlash(name))
			done()
			if err == nil {
				return st, nil
			}
			if err := missing("stat", name, err); err != nil {
				return nil, err
			}
		}
	}
	f, err := c.open("stat", name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return f.Stat()
}

// missing is the error for name when err, from the folder's os.Root, says
// it is not there at all, as the walk in open would find (a link that
// leaves the folder fails otherwise, and takes the walk); nil for any
// other error. A reader looking for a package's files tries many names.
func missing(op, name string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) && errors.Is(pe.Err, fs.ErrNotExist) {
		return &fs.PathError{Op: op, Path: name, Err: pe.Err}
	}
	return nil
}

// open resolves name to its real path, checks it against the allowed
// folders and opens it through an os.Root of the folder that holds it.
func (c *confinedFS) open(op, name string) (*os.File, error) {
	if !fs.ValidPath(name) {
		return nil, &fs.PathError{Op: op, Path: name, Err: fs.ErrInvalid}
	}
	// Most files lie in the folder itself, links and all: opened through
	// an os.Root of it, which refuses a path or link that would leave it,
	// they need no walk of their path first (a system call per folder on
	// the way, for every mesh of a robot). The rest (a file that is not
	// there, a link to another allowed folder or an absolute link, which
	// os.Root does not follow) go the whole way below.
	if r, done := c.folder(); r != nil {
		f, err := openFile(r, op, name, filepath.FromSlash(name))
		done() // the file stays open
		if err == nil {
			return f, nil
		}
		if err := missing(op, name, err); err != nil {
			return nil, err
		}
	}
	full := filepath.Join(c.dir, filepath.FromSlash(name))
	real, err := filepath.EvalSymlinks(full)
	if err != nil {
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return nil, &fs.PathError{Op: op, Path: name, Err: err}
	}
	for _, realRoot := range c.roots() {
		if realRoot == "" {
			continue
		}
		rel, ok := within(realRoot, real)
		if !ok {
			continue
		}
		r, err := os.OpenRoot(realRoot)
		if err != nil {
			return nil, &fs.PathError{Op: op, Path: name, Err: err}
		}
		f, err := openFile(r, op, name, rel)
		r.Close()
		if err != nil {
			var pe *fs.PathError
			if errors.As(err, &pe) {
				err = pe.Err
			}
			return nil, &fs.PathError{Op: op, Path: name, Err: err}
		}
		return f, nil
	}
	return nil, &fs.PathError{Op: op, Path: name, Err: &EscapeError{File: name, Target: real, Root: c.dir}}
}

// errNotRegular refuses what is neither a file nor a folder: reading a
// named pipe waits for a writer that never comes, a device may never end.
var errNotRegular = errors.New("is not a regular file")

// openFile opens rel in r without waiting (opening a named pipe blocks
// until something writes to it) and refuses anything but a regular file
// or a folder.
func openFile(r *os.Root, op, name, rel string) (*os.File, error) {
	f, err := r.OpenFile(rel, os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err == nil && !st.Mode().IsRegular() && !st.IsDir() {
		err = &fs.PathError{Op: op, Path: name, Err: errNotRegular}
	}
	if err != nil {
		f.Close()
		return nil, err
	}
	return f, nil
}

// within reports whether p lies in (or is) dir, both absolute and clean,
// and returns p relative to dir.
func within(dir, p string) (string, bool) {
	rel, err := filepath.Rel(dir, p)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return "", false
	}
	return rel, true
}

// Within reports whether the OS path p lies in (or is) the folder dir,
// comparing absolute clean paths, and returns p relative to dir with
// slashes.
func Within(dir, p string) (string, bool) {
	ad, err1 := filepath.Abs(dir)
	ap, err2 := filepath.Abs(p)
	if err1 != nil || err2 != nil {
		return "", false
	}
	rel, ok := within(ad, ap)
	return filepath.ToSlash(rel), ok
}

// Markers are the files whose folder is a project root: a ROS package, a
// Godot project, a repository or a physconv project.
var Markers = []string{"package.xml", "project.godot", ".git", "physconv.yaml"}

// layoutDirs are folder names robot descriptions sit in, beside their
// meshes/ (the ROS package layout, the SolidWorks exporter's urdf/ and
// meshes/): with no marker above, an input in such a folder may read the
// folder above it.
var layoutDirs = map[string]bool{"urdf": true, "urdfs": true, "robots": true, "xacro": true, "mjcf": true, "sdf": true}

// ProjectRoot returns the folder relative references of an input in the
// folder dir (absolute) may reach: the nearest folder at or above dir
// that holds one of the Markers; else, when dir is a description folder
// (urdf/, robots/, xacro/, …), the folder above it; else dir itself.
func ProjectRoot(dir string) string {
	dir = filepath.Clean(dir)
	for d, i := dir, 0; i < 256; d, i = filepath.Dir(d), i+1 {
		for _, m := range Markers {
			if _, err := os.Lstat(filepath.Join(d, m)); err == nil {
				return d
			}
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	if up := filepath.Dir(dir); layoutDirs[strings.ToLower(filepath.Base(dir))] && up != dir && filepath.Dir(up) != up {
		return up
	}
	return dir
}
