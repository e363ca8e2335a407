package convert

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sync"

	"github.com/physconv/physconv/internal/resolve"
)

// RefError is a reference (mesh, buffer, image, include, resource, ROS
// package) that could not be read: not found, or leading outside the
// folders the input may read. Kind tells which; the message names the
// reference and where it was looked for. Parse errors wrap it.
type RefError = resolve.Error

// RefErrorKind says why a reference could not be read.
type RefErrorKind = resolve.Kind

// The kinds of RefError.
const (
	RefNotFound        = resolve.NotFound        // no such file
	RefPackageNotFound = resolve.PackageNotFound // no folder for the ROS package
	RefOutside         = resolve.Outside         // ".." or an absolute path beyond the allowed folders
	RefLink            = resolve.Link            // a symbolic link leading beyond them
	RefNoFolder        = resolve.NoFolder        // the input has no folder (standard input)
	RefInvalid         = resolve.Invalid         // unreadable for another reason
)

// ConfinedFS is an fs.FS over the folder dir that refuses every file
// whose real path, after symbolic links, lies outside dir and the also
// folders. Library callers reading untrusted folders should pass it (or
// an os.Root's FS) as Input.FS; OpenInput does. Read more than once, it
// holds dir open, as an os.Root does, until it is collected, so take one
// per conversion: a folder removed and made again meanwhile is not seen.
func ConfinedFS(dir string, also ...string) fs.FS { return resolve.Confined(dir, also...) }

// refState is an Input's resolver, built on first use for the FS and
// folder the input has then; whoever changes them afterwards (reroot)
// drops it.
type refState struct {
	mu       sync.Mutex
	r        *resolve.Resolver
	searchUp bool // see SearchAbove
}

func (in *Input) resolver() *resolve.Resolver {
	if in.refs == nil {
		in.refs = &refState{}
	}
	s := in.refs
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.r != nil {
		return s.r
	}
	r := &resolve.Resolver{FS: in.FS, Dir: in.Dir}
	if in.FS != nil && in.Root != "" {
		if abs, err := filepath.Abs(in.Root); err == nil {
			r.Root = abs
			r.Getenv = os.Getenv
		}
	}
	if in.Options != nil {
		r.Packages = in.Options.Packages
		r.AllowRoots = in.Options.AllowRoots
	}
	r.SearchUp = s.searchUp
	s.r = r
	return r
}

// SearchAbove makes the input's relative references that are not beside
// it be looked for from each folder above it (inside FS, nearest first),
// with a diagnostic: a reader calls it, before it resolves anything, for
// a format whose loaders read paths against an asset root (URDF: Isaac
// Gym's assets name their meshes relative to the folder above).
func (in *Input) SearchAbove() {
	if in.refs == nil {
		in.refs = &refState{}
	}
	in.refs.mu.Lock()
	defer in.refs.mu.Unlock()
	in.refs.searchUp = true
	if in.refs.r != nil {
		in.refs.r.SearchUp = true
	}
}

// Stat reports on the file a reference names, without reading it; ref is
// read as Open reads it.
func (in *Input) Stat(ref string) (fs.FileInfo, error) {
	st, _, err := in.resolver().Stat(ref)
	return st, err
}

// Locate returns the file a reference names, for messages and as a
// mesh's File: its path inside FS when it lies there, else its path on
// disk. The file need not exist.
func (in *Input) Locate(ref string) (string, error) {
	loc, err := in.resolver().Resolve(ref)
	return loc.Name, err
}

// PackageDir returns the folder of a ROS package as package:// finds it
// (explicit, enclosing, beside, environment): on disk when the input is,
// else inside FS. Files below a folder on disk can then be named by
// absolute path, as xacro's $(find NAME) does.
func (in *Input) PackageDir(name string) (string, error) {
	return in.resolver().PackageDir(name)
}

// ResolveDiagnostics returns what resolving the input's references
// guessed (a ROS package found by path suffix, PyBullet's package-less
// form), as info diagnostics. ParseGraph adds them to the parse's.
func (in *Input) ResolveDiagnostics() Diagnostics {
	if in.refs == nil || in.refs.r == nil {
		return nil
	}
	var out Diagnostics
	for _, n := range in.refs.r.Notes() {
		code := CodePackageGuessed
		switch n.Kind {
		case resolve.PackageAsFolder:
			code = CodePackageAsFolder
		case resolve.FoundAbove:
			code = CodeRelativeFoundAbove
		}
		out.Add(code, DocumentSubject(), n.Ref, "%s", n.Message)
	}
	return out
}

// ShareResolved makes in take src's answers for the references both
// resolve the same way (resolve.Resolver.Follow) rather than look for the
// same files again. in.FS must read a name from top when top holds it and
// from src.FS otherwise: an output read back to verify it, its own files
// in memory over its source's. Call it before in resolves anything, and
// only with src's conversion under way: the answers are the ones src's
// reading gave.
func (in *Input) ShareResolved(src *Input, top fs.FS) {
	if src == nil || src.refs == nil || top == nil {
		return
	}
	src.refs.mu.Lock()
	prior := src.refs.r
	src.refs.mu.Unlock()
	if prior == nil || !sameFS(prior.FS, src.FS) {
		return // src's answers came from another FS
	}
	held := map[string]bool{}
	fs.WalkDir(top, ".", func(name string, _ fs.DirEntry, err error) error {
		if err == nil {
			held[name] = true
		}
		return nil
	})
	in.resolver().Follow(prior, func(name string) bool { return held[name] })
}

// sameFS reports whether a and b are the same FS; one that cannot be
// compared (a map, or a value holding one) counts as different.
func sameFS(a, b fs.FS) (same bool) {
	defer func() {
		if recover() != nil {
			same = false
		}
	}()
	return a == b
}

// Referenced returns an input for a file this one refers to (a Godot
// scene's instanced glTF), read as Open reads it: its own references
// resolve from its folder in the folder it was found in, under the same
// options, and what it decodes is charged to this input's budget. data,
// when not nil, is the file as the caller read it already through Open.
func (in *Input) Referenced(ref string, data []byte) (*Input, error) {
	var loc resolve.Loc
	var err error
	if data == nil {
		data, loc, err = in.resolver().Read(ref)
	} else {
		loc, err = in.resolver().Resolve(ref)
	}
	if err != nil {
		return nil, err
	}
	sub := &Input{Name: loc.Name, Data: data, Immutable: true, FS: loc.FS, Dir: path.Dir(loc.Path), Options: in.Options}
	if loc.Main {
		sub.Root = in.Root
	}
	sub.budget = in.Budget()
	sub.decoded = in.Decoded()
	return sub, nil
}
