package physconv

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/convert/mass"
	"golang.org/x/sync/errgroup"
)

// Result is what a conversion produced.
type Result struct {
	Input  string `json:"input"`
	Output string `json:"output"`
	From   string `json:"from"`
	To     string `json:"to"`
	// Files written, main file first, then side files.
	Files []string `json:"files"`
	// Removed lists the side files of the output this one replaced that
	// it no longer names (see SideRecordPath).
	Removed     []string            `json:"removed,omitempty"`
	Diagnostics convert.Diagnostics `json:"diagnostics"`
}

// StrictError is returned under Options.Strict when a conversion produced
// warnings; nothing was written.
type StrictError struct{ Diagnostics convert.Diagnostics }

func (e *StrictError) Error() string {
	n := 0
	for _, d := range e.Diagnostics {
		if d.Severity >= convert.Warning {
			n++
		}
	}
	return fmt.Sprintf("%d warning(s) under --strict; no output written", n)
}

// ErrDiagnosticIsError fails a conversion in which a diagnostic that
// Options.Levels raised to "error" was reported; nothing was written.
var ErrDiagnosticIsError = errors.New("a diagnostic set to error by the diagnostic levels was reported")

// ParseGraph detects the input's format, parses it, validates the Graph and
// completes its mass properties.
func ParseGraph(ctx context.Context, reg *convert.Registry, in *convert.Input) (*convert.Format, *convert.Graph, convert.Diagnostics, error) {
	opts := in.Options
	if opts == nil {
		opts = &convert.Options{}
		in.Options = opts
	}
	f, err := reg.Detect(opts.From, in.Name, in.Data)
	if err != nil {
		return nil, nil, nil, err
	}
	if f.Parse == nil {
		return f, nil, nil, fmt.Errorf("%s: physconv cannot read %s files", in.Name, f.Name)
	}
	if err := ctx.Err(); err != nil {
		return f, nil, nil, err
	}
	reroot(f, in)
	convert.LimitSideFiles(in)
	if err := opts.Limits.CheckSize(in.Name, int64(len(in.Data))); err != nil {
		return f, nil, nil, err
	}
	g, diags, err := safeParse(f, in)
	if err != nil {
		return f, nil, diags.WithFile(in.Name), withFile(err, in.Name)
	}
	if err := convert.Validate(g); err != nil {
		return f, nil, diags.WithFile(in.Name), withFile(err, in.Name)
	}
	diags = append(diags, in.ResolveDiagnostics()...)
	more := mass.CompleteInPlace(g, opts)
	diags = append(diags, more...)
	if err := convert.ValidateComputed(g); err != nil {
		return f, nil, diags.WithFile(in.Name), withFile(err, in.Name)
	}
	return f, g, diags.WithFile(in.Name), nil
}

// ConvertBytes converts one in-memory input (side files through in.FS) to
// an Output. Nothing is written.
func ConvertBytes(ctx context.Context, reg *convert.Registry, in *convert.Input) (*convert.Output, *Result, error) {
	from, g, diags, err := ParseGraph(ctx, reg, in)
	res := &Result{Input: in.Name, Diagnostics: diags}
	if from != nil {
		res.From = from.Name
	}
	if err != nil {
		return nil, res, err
	}
	to := from
	if in.Options.To != "" {
		if to, err = reg.Lookup(in.Options.To); err != nil {
			return nil, res, err
		}
	}
	return emit(ctx, g, from, to, in.Options, res, in, nil)
}

// emit lowers, emits and, unless opts.NoVerify, verifies against src (the
// input; nil: none). alongside, when not nil, is given the output as soon
// as it is emitted and runs while it is verified (a file conversion
// writes it under temporary names meanwhile); emit returns once both are
// done. g is the conversion's own, parsed for it: it is lowered in place.
func emit(ctx context.Context, g *convert.Graph, from, to *convert.Format, opts *convert.Options, res *Result, src *convert.Input, alongside func(*convert.Output)) (*convert.Output, *Result, error) {
	res.To = to.Name
	if to.Emit == nil {
		return nil, res, fmt.Errorf("physconv cannot write %s files", to.Name)
	}
	if err := ctx.Err(); err != nil {
		return nil, res, err
	}
	lowered, lowerDiags := lowerFor(to, g, true)
	// the source's report is made while the writer writes
	var pending pendingReport
	verify := !opts.NoVerify && to.Parse != nil
	if verify {
		pending = startReport(lowered, to)
	}
	out, diags, err := convert.EmitChecked(to, lowered, opts)
	diags = append(lowerDiags, diags...)
	if err == nil && alongside != nil {
		done := make(chan struct{})
		go func() {
			defer close(done)
			alongside(out)
		}()
		defer func() { <-done }()
	}
	switch {
	case err == nil && verify && out != nil:
		diags = append(diags, verifyAgainst(lowered, pending, to, out, diags, opts, src)...)
	case verify:
		pending() // a panic in the report is still raised
	}
	if opts.OutputName != "" && opts.OutputName != "-" {
		diags = diags.WithFile(opts.OutputName)
	}
	res.Diagnostics = opts.Levels.Apply(append(res.Diagnostics, diags...).Sorted())
	if err != nil {
		return nil, res, err
	}
	if len(opts.Levels) > 0 && res.Diagnostics.Max() >= convert.Error {
		return nil, res, ErrDiagnosticIsError
	}
	if opts.Strict && res.Diagnostics.Max() >= convert.Warning {
		return nil, res, &StrictError{Diagnostics: res.Diagnostics}
	}
	return out, res, nil
}

// ConvertFile converts the file at inPath to outPath ("-" = stdin/stdout).
// The output and its side files are written atomically: either all of them
// appear complete or none does. It never writes over the input. An
// existing output is replaced; the side files ConvertFile wrote for it
// (recorded at SideRecordPath) that the new output no longer names are
// removed, and listed in Result.Removed.
func ConvertFile(ctx context.Context, reg *convert.Registry, inPath, outPath string, opts *convert.Options) (*Result, error) {
	return ConvertFileIO(ctx, reg, inPath, outPath, os.Stdin, os.Stdout, opts)
}

// ConvertFileIO is ConvertFile with the streams "-" stands for.
func ConvertFileIO(ctx context.Context, reg *convert.Registry, inPath, outPath string, stdin io.Reader, stdout io.Writer, opts *convert.Options) (*Result, error) {
	if opts == nil {
		opts = &convert.Options{}
	}
	in, err := OpenInput(inPath, stdin, opts)
	if err != nil {
		return &Result{Input: inPath, Output: outPath}, err
	}
	var rec *RecordingFS
	if in.FS != nil {
		rec = &RecordingFS{FS: in.FS}
		in.FS = rec
	}
	from, g, diags, err := ParseGraph(ctx, reg, in)
	res := &Result{Input: inPath, Output: outPath, Diagnostics: diags}
	if from != nil {
		res.From = from.Name
	}
	if err != nil {
		return res, err
	}
	to, err := reg.DetectOutput(opts.To, outPath, from)
	if err != nil {
		return res, err
	}
	withName := *opts
	withName.OutputName = outPath
	toFile := outPath != "-" && outPath != ""
	// Never over the input, nor over a file it reads (its meshes).
	protect := append([]string{inPath}, SideInputs(in, rec)...)
	// The files are written under temporary names while the output is
	// verified, and put in place once it passes.
	var staged *StagedOutput
	var stageErr error
	var written *convert.Output
	var alongside func(*convert.Output)
	if toFile {
		alongside = func(out *convert.Output) {
			written = sideNamesFor(outPath, out)
			staged, stageErr = StageOutput(outPath, written, protect...)
		}
	}
	out, res, err := emit(ctx, g, from, to, &withName, res, in, alongside)
	if written != nil {
		out = written // the names written, which verification did not need
	}
	if err == nil {
		err = ctx.Err()
	}
	if err != nil {
		staged.Discard()
		return res, err
	}
	if !toFile {
		if len(out.Files) > 0 {
			return res, fmt.Errorf("%s output has side files (%v); give an output file name instead of -", to.Name, out.SideFiles())
		}
		_, err := stdout.Write(out.Main)
		return res, err
	}
	if more := append([]string{inPath}, SideInputs(in, rec)...); len(more) != len(protect) {
		// reading the output back read more of the source's files: the
		// output is checked against those too before it is written
		staged.Discard()
		protect = more
		staged, stageErr = StageOutput(outPath, out, protect...)
	}
	var files []string
	if err = stageErr; err == nil {
		files, err = staged.Commit()
	}
	res.Files = files
	if err == nil {
		res.Removed = replaceSideFiles(outPath, writtenSide(outPath, out, files), protect)
	}
	return res, err
}

// OpenInput reads a file ("-" = stdin) into an Input whose FS is its
// project root, confined so that side files cannot leave it (see
// convert.InputRoot). Data is marked Immutable, as OpenFile's.
func OpenInput(path string, stdin io.Reader, opts *convert.Options) (*convert.Input, error) {
	if path == "-" {
		data, err := convert.ReadLimited(stdin, "<stdin>", opts.EffectiveLimits().InputBytes)
		if err != nil {
			return nil, fmt.Errorf("reading standard input: %w", err)
		}
		return &convert.Input{Name: "<stdin>", Data: data, Immutable: true, Options: opts}, nil
	}
	return convert.OpenFile(path, opts)
}

// reroot widens a file input's FS (on disk: an input whose FS is no
// folder on disk, NewInput's, has its project root at the FS's root) to the format's project root (e.g. the
// folder of a Godot project.godot) so references like res:// resolve.
func reroot(f *convert.Format, in *convert.Input) {
	if f.ProjectRoot == nil || in.FS == nil || in.Root == "" || in.Name == "" || in.Name == "<stdin>" {
		return
	}
	dir, err := filepath.Abs(filepath.Dir(in.Name))
	if err != nil {
		return
	}
	root := f.ProjectRoot(dir)
	if root == "" {
		return
	}
	rel, err := filepath.Rel(root, dir)
	if err != nil || !filepath.IsLocal(rel) && rel != "." {
		return
	}
	if in.Root != "" {
		if cur, err := filepath.Abs(in.Root); err == nil && len(cur) <= len(root) {
			return // already as wide (--allow-root)
		}
	}
	rec, _ := in.FS.(*RecordingFS)
	in.Reroot(root, rel)
	if rec != nil {
		rec.FS, in.FS = in.FS, rec
	}
}

// RecordingFS notes every file read through it, so a caller knows an
// input's side files: to keep outputs off them, to copy them, to tell
// when they change. ParseGraph keeps it when it widens the input's FS.
type RecordingFS struct {
	fs.FS
	mu   sync.Mutex
	read map[string]bool
}

func (r *RecordingFS) note(name string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.read == nil {
		r.read = map[string]bool{}
	}
	r.read[name] = true
}

// Open opens a file and notes it.
func (r *RecordingFS) Open(name string) (fs.File, error) {
	f, err := r.FS.Open(name)
	if err == nil {
		r.note(name)
	}
	return f, err
}

// Stat reports on a file and notes it, as opening it would (readers
// probe for files by statting them).
func (r *RecordingFS) Stat(name string) (fs.FileInfo, error) {
	st, err := fs.Stat(r.FS, name)
	if err == nil {
		r.note(name)
	}
	return st, err
}

// ReadFile reads a file and notes it.
func (r *RecordingFS) ReadFile(name string) ([]byte, error) {
	data, err := fs.ReadFile(r.FS, name)
	if err == nil {
		r.note(name)
	}
	return data, err
}

// Paths returns the files read, sorted, relative to the FS root (the
// input's Root on disk).
func (r *RecordingFS) Paths() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	out := make([]string, 0, len(r.read))
	for p := range r.read {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// SideInputs lists on disk the files an input read through rec (which
// wraps the input's FS): the files an output must not be written over.
func SideInputs(in *convert.Input, rec *RecordingFS) []string {
	if rec == nil || in.Root == "" {
		return nil
	}
	var out []string
	for _, p := range rec.Paths() {
		out = append(out, filepath.Join(in.Root, filepath.FromSlash(p)))
	}
	return out
}

// writtenSide is out's side files that WriteOutput wrote (files), by
// name: one that already is an input, byte for byte, was not written and
// is no output of physconv's to replace later.
func writtenSide(mainPath string, out *convert.Output, files []string) map[string][]byte {
	if len(files) == len(out.Files)+1 {
		return out.Files
	}
	dir := filepath.Dir(mainPath)
	side := map[string][]byte{}
	for _, f := range files[1:] {
		if rel, err := filepath.Rel(dir, f); err == nil {
			name := filepath.ToSlash(rel)
			side[name] = out.Files[name]
		}
	}
	return side
}

// WriteOutput writes the main file and its side files atomically (temp
// files renamed into place once all are complete) and refuses to write
// over any of the inputs named in protect: at an input's own directory
// entry (the same folder, through symbolic links, and the same name
// ignoring case, as a case-insensitive file system takes it), except a
// side file that is an input byte for byte, which is left as it is.
// Another name of an input's file (a hard link, a symbolic link) is
// replaced by rename like any file, which leaves the input alone. It
// returns the files written, the main file first.
func WriteOutput(mainPath string, out *convert.Output, protect ...string) ([]string, error) {
	s, err := StageOutput(mainPath, out, protect...)
	if err != nil {
		return nil, err
	}
	return s.Commit()
}

// StagedOutput is an output written in full under temporary names beside
// its places, not yet in them: Commit puts it in place, Discard removes it.
type StagedOutput struct {
	targets []string
	temps   []string // "" for a file left in place
	inPlace []bool
	links   []string // the source file each target is a hard link to, or ""
	dirs    []string // folders made for it, each before its parent
}

// StageOutput is WriteOutput's first half: the checks, and every file
// written under a temporary name. On error nothing is left behind.
func StageOutput(mainPath string, out *convert.Output, protect ...string) (*StagedOutput, error) {
	dir := filepath.Dir(mainPath)
	targets := []string{mainPath}
	for _, name := range out.SideFiles() {
		p := filepath.Join(dir, filepath.FromSlash(name))
		rel, err := filepath.Rel(dir, p)
		if err != nil || !filepath.IsLocal(rel) {
			return nil, fmt.Errorf("side file %q would escape the output folder", name)
		}
		targets = append(targets, p)
	}
	names := out.SideFiles()
	data := func(i int) []byte {
		if i == 0 {
			return out.Main
		}
		return out.Files[names[i-1]]
	}
	link := func(i int) string {
		if i == 0 {
			return ""
		}
		return out.Links[names[i-1]]
	}
	// each file is looked at once: a robot has dozens of meshes, and
	// every target is checked against every input
	protected := make([]fs.FileInfo, len(protect))
	for k, in := range protect {
		if in != "" && in != "-" {
			protected[k], _ = os.Stat(in)
		}
	}
	// A target that is an input's file is mostly another directory entry
	// of it: a hard link an earlier conversion made (a source mesh
	// written unchanged is linked), or a symbolic link to it. Those are
	// replaced like any file, by renaming a new one over them, which
	// leaves the input alone. Only a target that is (or, on a
	// case-insensitive file system, may be) the input's own entry is never
	// written. In place: such a side file that holds the output's bytes
	// exactly (an image the output names where the source keeps it):
	// there is nothing to write, and writing would touch the input.
	inPlace := make([]bool, len(targets))
	entries := newDirEntries()
	for i, t := range targets {
		st, err := os.Stat(t)
		if err != nil {
			continue // not there yet: nothing to write over
		}
		for k, in := range protect {
			if protected[k] == nil || !os.SameFile(st, protected[k]) || !entries.own(t, in) {
				continue
			}
			if i > 0 && st.Size() == int64(len(data(i))) {
				if held, err := os.ReadFile(t); err == nil && bytes.Equal(held, data(i)) {
					inPlace[i] = true
					continue
				}
			}
			return nil, fmt.Errorf("refusing to write %s over the input %s", t, in)
		}
	}
	staged := &StagedOutput{targets: targets, temps: make([]string, len(targets)), inPlace: inPlace}
	temps := staged.temps
	cleanup := staged.Discard
	// Files are written side by side (a robot has dozens of meshes); a
	// source file written unchanged is hard-linked when it can be.
	// folders made once each (many side files share one); those that did
	// not exist are noted, for Discard to remove
	var dirs sync.Map
	var made sync.Mutex
	mkdir := func(dir string) error {
		if _, done := dirs.Load(dir); done {
			return nil
		}
		var missing []string
		for d := dir; ; d = filepath.Dir(d) {
			if _, err := os.Stat(d); err == nil || filepath.Dir(d) == d {
				break
			}
			missing = append(missing, d)
		}
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		made.Lock()
		staged.dirs = append(staged.dirs, missing...)
		made.Unlock()
		dirs.Store(dir, true)
		return nil
	}
	var wg errgroup.Group
	wg.SetLimit(4)
	for i, t := range targets {
		if inPlace[i] {
			continue
		}
		wg.Go(func() error {
			if err := mkdir(filepath.Dir(t)); err != nil {
				return err
			}
			if src := link(i); src != "" {
				if name, err := linkTemp(src, filepath.Dir(t), filepath.Base(t)); err == nil {
					temps[i] = name
					return nil
				}
				// another file system, or links not allowed: copy
			}
			f, err := CreateTemp(filepath.Dir(t), filepath.Base(t))
			if err != nil {
				return err
			}
			temps[i] = f.Name()
			// No fsync: rename makes the write atomic against a killed
			// process, which is what a converter needs (outputs can be
			// made again; --incremental checks their hashes); syncing
			// every file would dominate batch runs.
			_, err = f.Write(data(i))
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			return err
		})
	}
	if err := wg.Wait(); err != nil {
		cleanup()
		return nil, err
	}
	staged.links = make([]string, len(targets))
	for i := range staged.links {
		staged.links[i] = link(i)
	}
	return staged, nil
}

// Commit renames the staged files into place, side files first and the
// main file last, so that a reader that sees the main file also finds
// everything it references. It returns the files written, the main file
// first. On error the files not yet in place are removed.
func (s *StagedOutput) Commit() ([]string, error) {
	for i := len(s.targets) - 1; i >= 0; i-- {
		if s.inPlace[i] {
			continue
		}
		if err := os.Rename(s.temps[i], s.targets[i]); err != nil {
			s.Discard()
			return nil, err
		}
		if s.links[i] != "" && sameFile(s.temps[i], s.targets[i]) {
			// the target already was this link (an earlier run's): a
			// rename between two names of one file does nothing, so the
			// temporary name is left and goes now
			os.Remove(s.temps[i])
		}
		s.temps[i] = ""
	}
	written := s.targets[:0:0]
	for i, t := range s.targets {
		if !s.inPlace[i] {
			written = append(written, t)
		}
	}
	return written, nil
}

// Discard removes the files not yet put in place, and the folders made
// for them that are left empty. A nil StagedOutput has none.
func (s *StagedOutput) Discard() {
	if s == nil {
		return
	}
	for i, t := range s.temps {
		if t != "" {
			os.Remove(t)
			s.temps[i] = ""
		}
	}
	// deepest first: a folder is noted before its parent, and a longer
	// path is never the parent of a shorter one
	slices.SortFunc(s.dirs, func(a, b string) int { return len(b) - len(a) })
	for _, d := range s.dirs {
		os.Remove(d) // only when empty
	}
	s.dirs = nil
}

// linkTemp hard-links src as a temporary name beside base in dir, as
// CreateTemp names it. A symbolic link is followed first: a hard link
// to the link itself would keep its relative target, which points
// nowhere from the output's folder.
func linkTemp(src, dir, base string) (string, error) {
	if real, err := filepath.EvalSymlinks(src); err == nil {
		src = real
	}
	for try := 0; ; try++ {
		name := tempName(dir, base)
		err := os.Link(src, name)
		if os.IsExist(err) && try < 10000 {
			continue
		}
		return name, err
	}
}

// tempName is a temporary name for base in dir: ".<base>.tmp<digits>",
// base cut to maxTempBase bytes (at a character boundary) so that a
// legal name near the file systems' 255-byte limit still has one.
func tempName(dir, base string) string {
	if len(base) > maxTempBase {
		cut := maxTempBase
		for cut > 0 && !utf8.RuneStart(base[cut]) {
			cut--
		}
		base = base[:cut]
	}
	return filepath.Join(dir, "."+base+".tmp"+strconv.FormatUint(uint64(rand.Uint32()), 10))
}

// maxTempBase leaves room in a 255-byte name for the dot, ".tmp" and ten
// digits of a temporary name.
const maxTempBase = 255 - 15

// CreateTemp creates the temporary file ".<base>.tmp<digits>" in dir for
// an output to be renamed into place. Unlike os.CreateTemp it asks for
// mode 0666, so the output gets the user's umask (0644 by default) like
// any file a tool writes, not 0600.
func CreateTemp(dir, base string) (*os.File, error) {
	for try := 0; ; try++ {
		name := tempName(dir, base)
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o666)
		if os.IsExist(err) && try < 10000 {
			continue
		}
		return f, err
	}
}

// dirEntry is a directory entry: a folder, and a name in it.
type dirEntry struct {
	folder fs.FileInfo
	name   string
}

// dirEntries tells which directory entry a path names. It looks at each
// folder once (a robot's side files share a few) and follows each input
// once.
type dirEntries struct {
	folders map[string]fs.FileInfo
	inputs  map[string][]dirEntry
}

func newDirEntries() *dirEntries {
	return &dirEntries{folders: map[string]fs.FileInfo{}, inputs: map[string][]dirEntry{}}
}

// at returns the entry p names: its last element, in the folder the
// system finds for the rest of p (through symbolic links, and a ".."
// after a link taken from the link's target, as the system takes it: p
// is not cleaned). It is false when that folder cannot be found.
func (e *dirEntries) at(p string) (dirEntry, bool) {
	dir, name := filepath.Split(p)
	if name == "" || name == "." || name == ".." {
		return dirEntry{}, false
	}
	if dir == "" {
		dir = "."
	}
	st, ok := e.folders[dir]
	if !ok {
		st, _ = os.Stat(dir)
		e.folders[dir] = st
	}
	return dirEntry{st, name}, st != nil
}

// input returns the entries that are the input at p: the one p names
// and, when that is a symbolic link, those of the links it leads through
// and of the file it ends at; none when one of them cannot be told.
func (e *dirEntries) input(p string) []dirEntry {
	if got, ok := e.inputs[p]; ok {
		return got
	}
	var out []dirEntry
	for at, hops := p, 0; hops < 255; hops++ {
		d, ok := e.at(at)
		if !ok {
			out = nil
			break
		}
		out = append(out, d)
		st, err := os.Lstat(at)
		if err != nil || st.Mode()&os.ModeSymlink == 0 {
			break
		}
		to, err := os.Readlink(at)
		if err != nil {
			break
		}
		if !filepath.IsAbs(to) {
			dir, _ := filepath.Split(at)
			to = dir + to // relative to the link's own folder, as the system takes it
		}
		at = to
	}
	e.inputs[p] = out
	return out
}

// own reports whether target is, or may be, the input's own directory
// entry (see input): its folder is the same folder and the names are
// equal ignoring case, as they are on a case-insensitive file system,
// where a name differing only in case is the input's entry too. When an
// entry cannot be told, it may be the input's, and own is true.
func (e *dirEntries) own(target, input string) bool {
	t, ok := e.at(target)
	ins := e.input(input)
	if !ok || len(ins) == 0 {
		return true
	}
	for _, in := range ins {
		if os.SameFile(t.folder, in.folder) && strings.EqualFold(t.name, in.name) {
			return true
		}
	}
	return false
}

func sameFile(a, b string) bool {
	if b == "" || b == "-" {
		return false
	}
	sa, err1 := os.Stat(a)
	sb, err2 := os.Stat(b)
	if err1 != nil || err2 != nil {
		return false
	}
	return os.SameFile(sa, sb)
}

// InspectFile parses and completes a file and returns its report.
func InspectFile(ctx context.Context, reg *convert.Registry, path string, stdin io.Reader, opts *convert.Options) (*inspect.Report, error) {
	in, err := OpenInput(path, stdin, opts)
	if err != nil {
		return nil, err
	}
	f, g, diags, err := ParseGraph(ctx, reg, in)
	if err != nil {
		return nil, err
	}
	return inspect.Inspect(g, f.Name, diags), nil
}

// withFile sets the file name on errors that carry a place but no file.
func withFile(err error, file string) error {
	var fe *convert.FormatError
	if errors.As(err, &fe) {
		// it says where; what it wraps (a file it could not read) is
		// part of its message
		if fe.File == "" {
			fe.File = file
		}
		return err
	}
	var ue *convert.UnsupportedError
	if errors.As(err, &ue) && ue.File == "" {
		ue.File = file
	}
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return &convert.FormatError{File: file, Msg: pe.Error(), Err: err}
	}
	return err
}

// safeParse turns a panic in a parser into an error: bad input must never
// crash the tool, even through a bug.
func safeParse(f *convert.Format, in *convert.Input) (g *convert.Graph, diags convert.Diagnostics, err error) {
	defer func() {
		if r := recover(); r != nil {
			g, err = nil, fmt.Errorf("internal error while reading %s as %s: %v", in.Name, f.Name, r)
		}
	}()
	return f.Parse(in)
}

// EmitGraph writes g as format f: it lowers g to f's row of the
// capability table (one diagnostic per change), emits the result and,
// unless opts.NoVerify, verifies it (Verify; files the output refers to
// without writing them are not found). It is what a conversion does after
// ParseGraph. A Graph built by hand may leave mass properties out: they
// are completed first (mass.Complete, as ParseGraph does), so no writer
// has to invent them (an MJCF body with a mass and no inertia was written
// with zero moments, which MuJoCo refuses).
func EmitGraph(f *convert.Format, g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
	if f.Emit == nil {
		return nil, nil, fmt.Errorf("physconv cannot write %s files", f.Name)
	}
	if opts == nil {
		opts = &convert.Options{}
	}
	g, completed := mass.Complete(g, opts)
	lowered, out, diags, err := safeEmit(f, g, opts, false)
	diags = append(completed, diags...)
	if err == nil && !opts.NoVerify {
		diags = append(diags, Verify(lowered, f, out, diags, opts, nil)...)
	}
	return out, diags, err
}

// safeEmit lowers g once to the target's row of the capability table, so
// the emitter only writes, then emits it (convert.EmitChecked: a panic or
// a non-finite number is an error, never a file). It returns the lowered
// Graph, what the output must mean. owned says g is the caller's to
// reshape (a Graph it parsed for this conversion only); otherwise g is
// left as it was.
func safeEmit(f *convert.Format, g *convert.Graph, opts *convert.Options, owned bool) (*convert.Graph, *convert.Output, convert.Diagnostics, error) {
	g, diags := lowerFor(f, g, owned)
	out, more, err := convert.EmitChecked(f, g, opts)
	return g, out, append(diags, more...), err
}

// lowerFor lowers g to f's row of the capability table (in place when
// owned), as safeEmit does before it writes.
func lowerFor(f *convert.Format, g *convert.Graph, owned bool) (*convert.Graph, convert.Diagnostics) {
	switch {
	case f.Capabilities == nil:
		return g, nil
	case owned:
		return lower.LowerInPlace(g, f.Capabilities)
	default:
		return lower.Lower(g, f.Capabilities)
	}
}
