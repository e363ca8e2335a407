package resolve

import (
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
)

// Resolver maps the references one input makes to files it may read.
//
// Relative references resolve against the input's folder and may climb
// with ".." up to the root of FS (the project root), never beyond it
// (except into an AllowRoots folder). package://NAME/rest resolves, in
// this order, through:
//  1. Packages[NAME], the folder the caller named (an explicit choice
//     always wins over discovery);
//  2. the package.xml naming NAME at or above the input's folder, or in
//     a child folder called NAME of one of those folders;
//  3. on disk, the packages beside the enclosing package and below the
//     workspace's src/ folder;
//  4. on disk, ROS_PACKAGE_PATH and AMENT_PREFIX_PATH (share/NAME);
//  5. NAME/rest relative to the input's folder, as PyBullet reads it;
//  6. a path-suffix search: the longest tail of NAME/rest found at or
//     above the input's folder inside FS (with a Note).
//
// Every file is read inside the folder it was found in (through Confined
// on disk), so a symbolic link cannot lead out of it.
type Resolver struct {
	// FS is the project root: the input and its relative references.
	FS fs.FS
	// Root is FS's folder on disk; "" when FS is not a folder on disk, in
	// which case only FS is searched.
	Root string
	// Dir is the input's folder inside FS ("." for its root).
	Dir string
	// Packages are ROS package folders by name, given by the caller.
	Packages map[string]string
	// AllowRoots are further folders on disk that references may reach.
	AllowRoots []string
	// Getenv reads ROS_PACKAGE_PATH and AMENT_PREFIX_PATH; nil means the
	// environment is not consulted.
	Getenv func(string) string
	// SearchUp looks for a relative reference that is not beside the
	// input from each folder above it, nearest first, inside FS (with a
	// Note): loaders that read paths against an asset root (Isaac Gym's
	// URDF assets name their meshes so) find files there.
	SearchUp bool

	mu    sync.Mutex
	locs  map[string]result
	pkgs  map[string]pkgResult
	notes []Note
	noted map[string]bool
	// folders holds one confined FS per allowed folder a reference
	// reached, so its files share one (and its kept os.Root)
	folders map[string]fs.FS

	// looked collects the names of FS the resolution under way looks at,
	// so that a Resolver following this one knows what its answer rests on
	looked []string
	// prior and shadowed: see Follow
	prior    *Resolver
	shadowed func(name string) bool
}

// Loc is where a reference resolved to.
type Loc struct {
	// FS holds the file at Path; it is confined to the folder the file was
	// found in.
	FS   fs.FS
	Path string
	// Main reports whether the file lies in the project root (the
	// Resolver's FS), Path then being relative to it.
	Main bool
	// Name is the file for messages: Path in the project root, else its
	// path on disk.
	Name string
}

// Note is an event worth telling the user about that did not stop the
// resolution (a guess that worked).
type Note struct {
	Kind    NoteKind
	Ref     string
	Message string
}

// NoteKind says which guess a Note reports.
type NoteKind int

const (
	// PackageAsFolder: package://NAME/… read as the folder NAME beside the
	// input, as PyBullet does.
	PackageAsFolder NoteKind = iota + 1
	// PackageGuessed: a package's files found by a path-suffix search.
	PackageGuessed
	// FoundAbove: a relative reference found from a folder above the
	// input's (SearchUp).
	FoundAbove
)

type result struct {
	loc Loc
	err error
	// searched: the answer comes from looking for a package's files
	// beside the input or by the end of their path, after the package
	// itself was not found; looked lists the names of FS that search
	// tried, and note is what it tells the user (once per package)
	searched bool
	looked   []string
	note     *keyedNote
}

type keyedNote struct {
	key string
	Note
}

type pkgResult struct {
	fsys fs.FS  // the package folder
	base string // its path inside fsys ("." when fsys is the package)
	disk string // its folder on disk, "" when not on disk
	main bool   // fsys is the project root
	// looked lists the names of FS read to find (or not find) it
	looked []string
}

// Kind says why a reference could not be read.
type Kind int

const (
	// NotFound: the file does not exist where the reference leads.
	NotFound Kind = iota
	// PackageNotFound: no folder of the ROS package was found.
	PackageNotFound
	// Outside: the reference leads out of the allowed folders (".." above
	// the project root, an absolute path elsewhere).
	Outside
	// Link: a symbolic link on the way leads out of the allowed folders.
	Link
	// NoFolder: the input has no folder (standard input).
	NoFolder
	// Invalid: the reference cannot be parsed.
	Invalid
)

// Error is a reference that could not be read. Its text names the
// reference, the package or file and where it was looked for; it says
// nothing of command-line flags (a CLI adds its own hint by Kind).
type Error struct {
	Kind    Kind
	Ref     string   // the reference as the input wrote it
	Package string   // the ROS package, for PackageNotFound
	File    string   // the file tried, when there is one
	Root    string   // the folder the file had to stay in
	Looked  []string // where the package or file was looked for
	Err     error    // the underlying error, if any
}

func (e *Error) Error() string {
	var b strings.Builder
	switch e.Kind {
	case PackageNotFound:
		fmt.Fprintf(&b, "%q: ROS package %q not found", e.Ref, e.Package)
	case NotFound:
		fmt.Fprintf(&b, "%q: file %s not found", e.Ref, e.File)
	case Outside:
		fmt.Fprintf(&b, "%q escapes the allowed root %s", e.Ref, e.Root)
	case Link:
		fmt.Fprintf(&b, "%q: %v", e.Ref, e.Err)
	case NoFolder:
		fmt.Fprintf(&b, "%q cannot be read: the input has no folder (standard input)", e.Ref)
	default:
		fmt.Fprintf(&b, "%q: %v", e.Ref, e.Err)
	}
	if len(e.Looked) > 0 {
		b.WriteString("; looked in: ")
		b.WriteString(strings.Join(e.Looked, "; "))
	}
	return b.String()
}

func (e *Error) Unwrap() error { return e.Err }

// Read resolves ref and reads the file.
func (r *Resolver) Read(ref string) ([]byte, Loc, error) {
	loc, err := r.Resolve(ref)
	if err != nil {
		return nil, loc, err
	}
	data, err := fs.ReadFile(loc.FS, loc.Path)
	if err != nil {
		return nil, loc, r.readError(ref, loc, err)
	}
	return data, loc, nil
}

// Stat resolves ref and reports on the file without reading it.
func (r *Resolver) Stat(ref string) (fs.FileInfo, Loc, error) {
	loc, err := r.Resolve(ref)
	if err != nil {
		return nil, loc, err
	}
	st, err := fs.Stat(loc.FS, loc.Path)
	if err != nil {
		return nil, loc, r.readError(ref, loc, err)
	}
	return st, loc, nil
}

func (r *Resolver) readError(ref string, loc Loc, err error) error {
	if loc.Main {
		loc.Name = r.describe(loc.Path)
	}
	var esc *EscapeError
	if errors.As(err, &esc) {
		return &Error{Kind: Link, Ref: ref, File: loc.Name, Root: esc.Root, Err: esc}
	}
	if errors.Is(err, fs.ErrNotExist) {
		return &Error{Kind: NotFound, Ref: ref, File: loc.Name, Err: fs.ErrNotExist}
	}
	return &Error{Kind: Invalid, Ref: ref, File: loc.Name, Err: err}
}

// Notes returns what the resolution guessed, in order.
func (r *Resolver) Notes() []Note {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Note(nil), r.notes...)
}

func (r *Resolver) note(key string, n Note) {
	if r.noted == nil {
		r.noted = map[string]bool{}
	}
	if !r.noted[key] {
		r.noted[key] = true
		r.notes = append(r.notes, n)
	}
}

// Resolve finds the file a reference names, without reading it (a
// package search does look for files).
func (r *Resolver) Resolve(ref string) (Loc, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if res, ok := r.locs[ref]; ok {
		return res.loc, res.err
	}
	res := r.resolve(ref)
	if r.locs == nil {
		r.locs = map[string]result{}
	}
	r.locs[ref] = res
	return res.loc, res.err
}

func (r *Resolver) dir() string {
	if r.Dir == "" {
		return "."
	}
	return path.Clean(r.Dir)
}

func (r *Resolver) resolve(ref string) result {
	if r.FS == nil {
		return failed(&Error{Kind: NoFolder, Ref: ref})
	}
	switch {
	case strings.HasPrefix(ref, "package://"):
		return r.pkg(ref)
	case strings.HasPrefix(ref, "file://"):
		u, err := url.Parse(ref)
		if err != nil {
			return failed(&Error{Kind: Invalid, Ref: ref, Err: err})
		}
		return found(r.abs(ref, u.Path))
	case strings.HasPrefix(ref, "/") || filepath.IsAbs(ref):
		return found(r.abs(ref, ref))
	}
	rel := strings.ReplaceAll(ref, "\\", "/")
	p := path.Clean(path.Join(r.dir(), rel))
	if fs.ValidPath(p) {
		if r.SearchUp && !r.exists(p) {
			if q, d, ok := r.above(rel); ok {
				// once per folder: an asset names all its meshes so
				r.note("above:"+d, Note{Kind: FoundAbove, Ref: ref,
					Message: fmt.Sprintf("relative paths not beside the input (the first: %q) are read relative to the folder %s above it, as loaders that read paths against an asset root (Isaac Gym's) find them", ref, d)})
				return result{loc: r.mainLoc(q)}
			}
		}
		return result{loc: r.mainLoc(p)}
	}
	if r.Root != "" {
		// ".." above the project root: only into a folder the caller allows
		return found(r.abs(ref, filepath.Join(r.Root, filepath.FromSlash(p))))
	}
	return failed(&Error{Kind: Outside, Ref: ref, Root: r.rootName()})
}

func found(loc Loc, err error) result { return result{loc: loc, err: err} }

func failed(err error) result { return result{err: err} }

func (r *Resolver) rootName() string {
	if r.Root != "" {
		return r.Root
	}
	return "(the input's file system)"
}

func (r *Resolver) mainLoc(p string) Loc {
	return Loc{FS: r.FS, Path: p, Main: true, Name: p}
}

// abs places an absolute OS path: in the project root, else in an
// allowed folder, else it is refused.
func (r *Resolver) abs(ref, osPath string) (Loc, error) {
	if r.Root == "" {
		return Loc{}, &Error{Kind: Outside, Ref: ref, Root: r.rootName()}
	}
	if rel, ok := Within(r.Root, osPath); ok {
		return r.mainLoc(rel), nil
	}
	for _, p := range r.pkgs {
		if p.fsys != nil && !p.main && p.disk != "" {
			if rel, ok := Within(p.disk, osPath); ok {
				// a package found before ($(find NAME) in xacro gives its path)
				return Loc{FS: p.fsys, Path: rel, Name: filepath.Join(p.disk, filepath.FromSlash(rel))}, nil
			}
		}
	}
	for _, d := range r.allowed() {
		if rel, ok := Within(d, osPath); ok {
			return Loc{FS: r.folder(d), Path: rel, Name: filepath.Join(d, filepath.FromSlash(rel))}, nil
		}
	}
	return Loc{}, &Error{Kind: Outside, Ref: ref, File: filepath.Clean(osPath), Root: r.Root}
}

// folder is the confined FS of allowed folder d, made once.
func (r *Resolver) folder(d string) fs.FS {
	if f, ok := r.folders[d]; ok {
		return f
	}
	if r.folders == nil {
		r.folders = map[string]fs.FS{}
	}
	f := Confined(d, r.AllowRoots...)
	r.folders[d] = f
	return f
}

// allowed lists the folders besides the project root that may be read.
func (r *Resolver) allowed() []string {
	out := append([]string(nil), r.AllowRoots...)
	names := make([]string, 0, len(r.Packages))
	for n := range r.Packages {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		out = append(out, r.Packages[n])
	}
	return out
}

func (r *Resolver) pkg(ref string) result {
	rest := strings.TrimPrefix(ref, "package://")
	name, sub, _ := strings.Cut(rest, "/")
	if name == "" {
		if res, ok := r.emptyPackage(ref, rest); ok {
			return res
		}
	}
	if name == "" || name == "." || name == ".." {
		return failed(&Error{Kind: Invalid, Ref: ref, Err: errors.New("no package name")})
	}
	// the rest is inside the package's folder: a slash doubled after the
	// name ("package://pkg//meshes/a.stl", which ROS joins to the
	// folder's path as a file system reads it) does not make it absolute
	sub = path.Clean(strings.TrimLeft(sub, "/"))
	if !fs.ValidPath(sub) {
		// a package path stays inside its package
		return failed(&Error{Kind: Outside, Ref: ref, Root: "package://" + name})
	}
	if p, ok := r.findPackage(name); ok {
		target := path.Join(p.base, sub)
		loc := Loc{FS: p.fsys, Path: target, Main: p.main, Name: target}
		if !p.main && p.disk != "" {
			loc.Name = filepath.Join(p.disk, filepath.FromSlash(sub))
		}
		return result{loc: loc}
	}
	res, ok := r.followSearch(ref)
	if !ok {
		res = r.search(ref, name, sub)
	}
	if res.note != nil {
		r.note(res.note.key, res.note.Note)
	}
	return res
}

// emptyPackage reads package:///NAME/rest, a reference with no package
// name (robots made for resolvers that append the path to each package
// folder), as package://NAME/rest, and package:///FILE (onshape-to-robot
// writes its meshes so, beside the URDF) as FILE beside the input, as
// MuJoCo reads it, each with a note; ok is false when rest is neither.
func (r *Resolver) emptyPackage(ref, rest string) (result, bool) {
	trimmed := strings.TrimLeft(rest, "/")
	name, sub, found := strings.Cut(trimmed, "/")
	if !found && fs.ValidPath(trimmed) && trimmed != "." {
		beside := path.Join(r.dir(), trimmed)
		if !r.exists(beside) {
			return failed(&Error{Kind: Invalid, Ref: ref, Err: fmt.Errorf("no package name, and no file %s beside the input", trimmed)}), true
		}
		r.note("empty-file", Note{Kind: PackageAsFolder, Ref: ref,
			Message: fmt.Sprintf("%s names no package; read as %s beside the input, as MuJoCo reads it", ref, trimmed)})
		return result{loc: r.mainLoc(beside)}, true
	}
	if !found || name == "" || name == "." || name == ".." || sub == "" {
		return result{}, false
	}
	res := r.pkg("package://" + trimmed)
	if res.err == nil {
		r.note("empty:"+name, Note{Kind: PackageGuessed, Ref: ref,
			Message: fmt.Sprintf("%s names no package; read as package://%s, its first folder taken for the package", ref, trimmed)})
	}
	return res, true
}

// search looks for the files of package name, not found as a package,
// beside the input and then by the end of their path.
func (r *Resolver) search(ref, name, sub string) result {
	r.looked = nil
	defer func() { r.looked = nil }()
	// PyBullet reads package://NAME/rest as NAME/rest beside the URDF.
	beside := path.Join(r.dir(), name, sub)
	if fs.ValidPath(beside) && r.exists(beside) {
		return result{loc: r.mainLoc(beside), searched: true, looked: r.looked, note: &keyedNote{"beside:" + name, Note{Kind: PackageAsFolder, Ref: ref,
			Message: fmt.Sprintf("no ROS package %q was found; package://%s/… is read as the folder %s beside the input, as PyBullet does", name, name, path.Join(r.dir(), name))}}}
	}
	if loc, ok := r.suffix(name + "/" + sub); ok {
		return result{loc: loc, searched: true, looked: r.looked, note: &keyedNote{"suffix:" + name, Note{Kind: PackageGuessed, Ref: ref,
			Message: fmt.Sprintf("no ROS package %q was found; its files were found by the end of their paths (first: %s → %s); give the package's folder to be sure", name, ref, loc.Name)}}}
	}
	// where it was looked for, spelled only now: finding the enclosing
	// package stats every folder up to the file system's root, which a
	// robot's hundred mesh references found by suffix did each time
	looked := append(r.lookedFor(name), r.describe(beside),
		fmt.Sprintf("files ending in %s at or above %s up to %s", sub, r.describe(r.dir()), r.rootName()))
	return result{err: &Error{Kind: PackageNotFound, Ref: ref, Package: name, Looked: looked}, searched: true, looked: r.looked}
}

// describe names a path inside FS for messages (on disk when known).
func (r *Resolver) describe(p string) string {
	if r.Root != "" {
		return filepath.Join(r.Root, filepath.FromSlash(p))
	}
	return p
}

// lookedFor lists the places findPackage searched, for the error.
func (r *Resolver) lookedFor(name string) []string {
	var looked []string
	if d, ok := r.Packages[name]; ok && r.Root == "" {
		looked = append(looked, fmt.Sprintf("the package folder given for %q, %s, which is not a folder of the input's file system", name, d))
	}
	looked = append(looked, fmt.Sprintf("package.xml naming %q at or above %s up to %s (and in child folders named %s)", name, r.describe(r.dir()), r.rootName(), name))
	if r.Root == "" {
		return looked
	}
	if enc, ok := r.enclosingPackage(); ok {
		looked = append(looked, "packages beside "+enc)
	}
	if ws, ok := r.workspaceSrc(); ok {
		looked = append(looked, "packages below "+ws)
	}
	if r.Getenv != nil {
		for _, v := range []string{"ROS_PACKAGE_PATH", "AMENT_PREFIX_PATH"} {
			if val := r.Getenv(v); val != "" {
				looked = append(looked, fmt.Sprintf("%s (%s)", v, val))
			} else {
				looked = append(looked, v+" (not set)")
			}
		}
	}
	return looked
}

// PackageDir finds a ROS package by steps 1–4 of the search order and
// returns its folder: on disk when it is known there, else inside FS.
// Absolute paths into it resolve afterwards (xacro's $(find NAME)).
func (r *Resolver) PackageDir(name string) (string, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.FS == nil {
		return "", &Error{Kind: NoFolder, Ref: "package://" + name}
	}
	p, ok := r.findPackage(name)
	if !ok {
		return "", &Error{Kind: PackageNotFound, Ref: "package://" + name, Package: name, Looked: r.lookedFor(name)}
	}
	if p.disk != "" {
		return p.disk, nil
	}
	if r.Root != "" {
		// absolute, as the paths into it are taken to be: a Root given
		// relative to the working folder would be joined twice
		dir := filepath.Join(r.Root, filepath.FromSlash(p.base))
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		return dir, nil
	}
	return p.base, nil
}

// findPackage runs the search order's package steps (1–4).
func (r *Resolver) findPackage(name string) (pkgResult, bool) {
	if p, ok := r.pkgs[name]; ok {
		return p, p.fsys != nil
	}
	p, followed := r.followPackage(name)
	if !followed {
		r.looked = nil
		p, _ = r.findPackageUncached(name)
		p.looked, r.looked = r.looked, nil
	}
	if r.pkgs == nil {
		r.pkgs = map[string]pkgResult{}
	}
	r.pkgs[name] = p
	return p, p.fsys != nil
}

func (r *Resolver) findPackageUncached(name string) (pkgResult, bool) {
	if d, ok := r.Packages[name]; ok {
		if r.Root == "" && r.FS != nil {
			// an input that is no folder on disk (an embed.FS, a map):
			// its packages are folders inside it
			p := path.Clean(strings.TrimPrefix(filepath.ToSlash(d), "/"))
			if !fs.ValidPath(p) || !r.isDir(p) {
				return pkgResult{}, false
			}
			return pkgResult{fsys: r.FS, base: p, main: true}, true
		}
		return r.diskPackage(d), true
	}
	for d := r.dir(); ; d = path.Dir(d) {
		if r.declares(d, name) {
			return pkgResult{fsys: r.FS, base: d, main: true}, true
		}
		if c := path.Join(d, name); fs.ValidPath(c) && r.declares(c, name) {
			return pkgResult{fsys: r.FS, base: c, main: true}, true
		}
		if d == "." {
			break
		}
	}
	if r.Root == "" {
		return pkgResult{}, false
	}
	var places []string
	if enc, ok := r.enclosingPackage(); ok {
		places = append(places, filepath.Dir(enc))
	}
	for _, parent := range places {
		if d, ok := scanPackages(parent, name, 1); ok {
			return r.diskPackage(d), true
		}
	}
	if ws, ok := r.workspaceSrc(); ok {
		if d, ok := scanPackages(ws, name, maxScanDepth); ok {
			return r.diskPackage(d), true
		}
	}
	if r.Getenv != nil {
		for _, e := range filepath.SplitList(r.Getenv("ROS_PACKAGE_PATH")) {
			if e == "" {
				continue
			}
			if d, ok := scanPackages(e, name, maxScanDepth); ok {
				return r.diskPackage(d), true
			}
		}
		for _, e := range filepath.SplitList(r.Getenv("AMENT_PREFIX_PATH")) {
			if e == "" {
				continue
			}
			d := filepath.Join(e, "share", name)
			if st, err := os.Stat(d); err == nil && st.IsDir() {
				return r.diskPackage(d), true
			}
		}
	}
	return pkgResult{}, false
}

// diskPackage is a package folder on disk: inside the project root it is
// read through FS (so callers that watch FS see the reads), else through
// a confined FS of its own.
func (r *Resolver) diskPackage(d string) pkgResult {
	abs, err := filepath.Abs(d) // a folder given relative to the working folder
	if err != nil {
		abs = d
	}
	if r.Root != "" {
		if rel, ok := Within(r.Root, abs); ok {
			return pkgResult{fsys: r.FS, base: rel, main: true, disk: abs}
		}
	}
	return pkgResult{fsys: Confined(abs, r.AllowRoots...), base: ".", disk: abs}
}

// enclosingPackage is the nearest folder at or above the input's folder
// on disk holding a package.xml.
func (r *Resolver) enclosingPackage() (string, bool) {
	start := filepath.Join(r.Root, filepath.FromSlash(r.dir()))
	for d, i := start, 0; i < 256; d, i = filepath.Dir(d), i+1 {
		if st, err := os.Stat(filepath.Join(d, "package.xml")); err == nil && st.Mode().IsRegular() {
			return d, true
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return "", false
}

// workspaceSrc is the nearest folder named src at or above the input's
// folder (a catkin or colcon workspace's source space).
func (r *Resolver) workspaceSrc() (string, bool) {
	start := filepath.Join(r.Root, filepath.FromSlash(r.dir()))
	for d, i := start, 0; i < 256; d, i = filepath.Dir(d), i+1 {
		if filepath.Base(d) == "src" {
			return d, true
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return "", false
}

// maxScanDepth bounds the search for packages below a folder; maxScanDirs
// bounds the folders visited, so a huge tree costs little.
const (
	maxScanDepth = 5
	maxScanDirs  = 20000
)

// scanPackages looks for a package.xml naming name in dir and the folders
// below it (depth levels), not below a package (ROS packages do not nest)
// nor into hidden folders or ones marked CATKIN_IGNORE/COLCON_IGNORE.
func scanPackages(dir, name string, depth int) (string, bool) {
	visited := 0
	var walk func(d string, level int) (string, bool)
	walk = func(d string, level int) (string, bool) {
		if visited++; visited > maxScanDirs {
			return "", false
		}
		if _, err := os.Lstat(filepath.Join(d, "package.xml")); err == nil {
			// read inside its folder: a package.xml linked elsewhere is no package
			data, err := fs.ReadFile(Confined(d), "package.xml")
			return d, err == nil && declaredName(data) == name
		}
		if level >= depth {
			return "", false
		}
		for _, m := range []string{"CATKIN_IGNORE", "COLCON_IGNORE", "AMENT_IGNORE"} {
			if _, err := os.Lstat(filepath.Join(d, m)); err == nil {
				return "", false
			}
		}
		ents, err := os.ReadDir(d)
		if err != nil {
			return "", false
		}
		// a folder called name first: the usual layout
		sort.SliceStable(ents, func(i, j int) bool { return ents[i].Name() == name && ents[j].Name() != name })
		for _, e := range ents {
			if !e.IsDir() || strings.HasPrefix(e.Name(), ".") {
				continue
			}
			if p, ok := walk(filepath.Join(d, e.Name()), level+1); ok {
				return p, true
			}
		}
		return "", false
	}
	return walk(dir, 0)
}

var packageName = regexp.MustCompile(`<name>\s*([^<\s]+)\s*</name>`)

func declaredName(data []byte) string {
	if m := packageName.FindSubmatch(data); m != nil {
		return string(m[1])
	}
	return ""
}

// declares reports whether dir inside FS holds a package.xml naming the
// package.
func (r *Resolver) declares(dir, name string) bool {
	p := path.Join(dir, "package.xml")
	r.looked = append(r.looked, p)
	b, err := fs.ReadFile(r.FS, p)
	return err == nil && declaredName(b) == name
}

// exists reports whether p is a file of FS.
func (r *Resolver) exists(p string) bool {
	r.looked = append(r.looked, p)
	st, err := fs.Stat(r.FS, p)
	return err == nil && !st.IsDir()
}

// above finds relative reference rel from the folders above the input's
// inside FS, nearest first: the file and the folder it is relative to.
func (r *Resolver) above(rel string) (file, dir string, ok bool) {
	for d := r.dir(); d != "."; {
		d = path.Dir(d)
		if q := path.Join(d, rel); fs.ValidPath(q) && r.exists(q) {
			return q, d, true
		}
	}
	return "", "", false
}

// suffix finds the longest tail of rel (two components at least, or the
// file name alone when rel has one) that exists at or above the input's
// folder inside FS, nearest folder first.
func (r *Resolver) suffix(rel string) (Loc, bool) {
	parts := strings.Split(path.Clean(rel), "/")
	for k := 0; k < len(parts); k++ {
		if len(parts)-k < 2 && len(parts) > 1 {
			break
		}
		tail := strings.Join(parts[k:], "/")
		for d := r.dir(); ; d = path.Dir(d) {
			if p := path.Join(d, tail); fs.ValidPath(p) && r.exists(p) {
				return r.mainLoc(p), true
			}
			if d == "." {
				break
			}
		}
	}
	return Loc{}, false
}

// isDir reports whether p is a folder of FS.
func (r *Resolver) isDir(p string) bool {
	r.looked = append(r.looked, p)
	st, err := fs.Stat(r.FS, p)
	return err == nil && st.IsDir()
}
