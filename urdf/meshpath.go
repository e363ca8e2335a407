package urdf

import (
	"fmt"
	"io/fs"
	"net/url"
	"path"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/physconv/physconv/convert"
)

// resolveMesh maps a URDF mesh filename to a path inside in.FS:
//
//   - package://NAME/rest: Options.Packages[NAME] when given; else the
//     nearest folder at or above the URDF's folder (or a child of one named
//     NAME) whose package.xml declares <name>NAME</name>; else rest
//     relative to the URDF's folder.
//   - file:///abs and absolute paths: must lie inside the allowed root.
//   - anything else: relative to the URDF's folder.
//
// A result outside in.FS (the allowed root) is an error.
func resolveMesh(in *convert.Input, filename string) (string, error) {
	if in.FS == nil {
		return "", fmt.Errorf("mesh %q cannot be read: the input has no folder (standard input)", filename)
	}
	dir := in.Dir
	if dir == "" {
		dir = "."
	}
	switch {
	case strings.HasPrefix(filename, "package://"):
		rest := strings.TrimPrefix(filename, "package://")
		name, sub, _ := strings.Cut(rest, "/")
		if in.Options != nil {
			if d, ok := in.Options.Packages[name]; ok {
				base, err := osToFS(in, d)
				if err != nil {
					return "", fmt.Errorf("package %q folder %s: %w", name, d, err)
				}
				return inside(base, sub, filename)
			}
		}
		if base, ok := findPackage(in.FS, dir, name); ok {
			return inside(base, sub, filename)
		}
		return inside(dir, sub, filename)
	case strings.HasPrefix(filename, "file://"):
		u, err := url.Parse(filename)
		if err != nil {
			return "", fmt.Errorf("mesh %q: %v", filename, err)
		}
		p, err := osToFS(in, u.Path)
		if err != nil {
			return "", fmt.Errorf("mesh %q: %w", filename, err)
		}
		return p, nil
	case strings.HasPrefix(filename, "/"):
		p, err := osToFS(in, filename)
		if err != nil {
			return "", fmt.Errorf("mesh %q: %w", filename, err)
		}
		return p, nil
	}
	return inside(dir, filename, filename)
}

// inside joins base and rel and refuses results that leave the FS root.
func inside(base, rel, orig string) (string, error) {
	p := path.Clean(path.Join(base, rel))
	if path.IsAbs(rel) || !fs.ValidPath(p) {
		return "", fmt.Errorf("mesh %q escapes the allowed root", orig)
	}
	return p, nil
}

// fsRoot is the OS folder in.FS is rooted at: the input's folder with
// in.Dir taken off its end.
func fsRoot(in *convert.Input) (string, error) {
	d, err := filepath.Abs(filepath.Dir(in.Name))
	if err != nil {
		return "", err
	}
	if in.Dir != "" && in.Dir != "." {
		for range strings.Split(in.Dir, "/") {
			d = filepath.Dir(d)
		}
	}
	return d, nil
}

// osToFS converts an OS path to a path inside in.FS.
func osToFS(in *convert.Input, osPath string) (string, error) {
	root, err := fsRoot(in)
	if err != nil {
		return "", err
	}
	abs, err := filepath.Abs(osPath)
	if err != nil {
		return "", err
	}
	rel, err := filepath.Rel(root, abs)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return "", fmt.Errorf("outside the allowed root %s (see --allow-root)", root)
	}
	return filepath.ToSlash(rel), nil
}

var packageName = regexp.MustCompile(`<name>\s*([^<\s]+)\s*</name>`)

// findPackage looks at dir and each folder above it (inside fsys) for a
// package.xml naming the package, in the folder itself or in a child
// folder called name.
func findPackage(fsys fs.FS, dir, name string) (string, bool) {
	names := func(p string) bool {
		b, err := fs.ReadFile(fsys, path.Join(p, "package.xml"))
		if err != nil {
			return false
		}
		m := packageName.FindSubmatch(b)
		return m != nil && string(m[1]) == name
	}
	for d := path.Clean(dir); ; d = path.Dir(d) {
		if names(d) {
			return d, true
		}
		if c := path.Join(d, name); fs.ValidPath(c) && names(c) {
			return c, true
		}
		if d == "." || d == "/" {
			return "", false
		}
	}
}
