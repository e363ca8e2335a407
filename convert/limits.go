package convert

import (
	"bytes"
	"fmt"
	"io"
	"io/fs"
	"math"
	"os"
	"strconv"
	"strings"
	"sync"
)

// Limits bound what one input may make physconv read and build, so that a
// small hostile file (instancing, replication, sparse data, a length that
// lies) is refused with an input error instead of exhausting memory. Every
// reader consults the same Limits through Input.Budget. The defaults are far
// above any real physics asset; a zero field means its default.
type Limits struct {
	// InputBytes is the largest file read: the input itself and each side
	// file (buffer, mesh, include, resource). Default 1 GiB.
	InputBytes int64
	// Nodes is the most scene elements one input may expand to: nodes,
	// bodies, links, geoms and joints after Godot instancing, MJCF
	// <replicate> and includes, COLLADA node instancing. Default 250,000.
	Nodes int64
	// Triangles is the most mesh triangles one input may expand to, over
	// every mesh read (COLLADA instances counted each time). Default
	// 10,000,000.
	Triangles int64
	// Elements is the most numbers decoded from glTF accessors (count ×
	// components, sparse accessors included, each use counted). Default
	// 50,000,000.
	Elements int64
	// JSONValues is the most values (objects, arrays, numbers, strings)
	// a glTF document's JSON may hold, an object's member counting as
	// four. Default 5,000,000: a scene of
	// max-nodes nodes holds a few million; each value costs some tens of
	// bytes in every copy of the document a conversion makes.
	JSONValues int64
}

// DefaultLimits are the documented defaults of Limits.
var DefaultLimits = Limits{
	InputBytes: 1 << 30,
	Nodes:      250_000,
	Triangles:  10_000_000,
	Elements:   50_000_000,
	JSONValues: 5_000_000,
}

// LimitSpec describes one limit for flags and physconv.yaml: the flag and
// key share Name (--max-nodes, max-nodes:).
type LimitSpec struct {
	Name, Doc string
	Field     func(*Limits) *int64
}

// LimitSpecs lists every limit, in the order help shows them.
var LimitSpecs = []LimitSpec{
	{"max-input-bytes", "largest file read (input or side file), in bytes", func(l *Limits) *int64 { return &l.InputBytes }},
	{"max-nodes", "most nodes, bodies, geoms and joints an input may expand to", func(l *Limits) *int64 { return &l.Nodes }},
	{"max-triangles", "most mesh triangles an input may expand to", func(l *Limits) *int64 { return &l.Triangles }},
	{"max-elements", "most numbers decoded from glTF accessors (count × components, every use)", func(l *Limits) *int64 { return &l.Elements }},
	{"max-json-values", "most values (objects, arrays, numbers, strings; a member counts 4) a glTF document's JSON may hold", func(l *Limits) *int64 { return &l.JSONValues }},
}

// LimitSpecByName finds a limit by its flag/key name.
func LimitSpecByName(name string) (LimitSpec, bool) {
	for _, s := range LimitSpecs {
		if s.Name == name {
			return s, true
		}
	}
	return LimitSpec{}, false
}

// ParseLimit reads a limit value: a positive integer, with an optional
// k/M/G suffix (powers of 1000) or KiB/MiB/GiB (powers of 1024).
func ParseLimit(s string) (int64, error) {
	t := strings.TrimSpace(s)
	mult := int64(1)
	for _, u := range []struct {
		suf string
		m   int64
	}{{"KiB", 1 << 10}, {"MiB", 1 << 20}, {"GiB", 1 << 30}, {"k", 1e3}, {"M", 1e6}, {"G", 1e9}} {
		if strings.HasSuffix(t, u.suf) {
			t, mult = strings.TrimSuffix(t, u.suf), u.m
			break
		}
	}
	n, err := strconv.ParseInt(strings.ReplaceAll(t, "_", ""), 10, 64)
	if err != nil || n <= 0 || n > math.MaxInt64/mult {
		return 0, fmt.Errorf("%q is not a positive whole number (suffixes k, M, G, KiB, MiB, GiB)", s)
	}
	return n * mult, nil
}

// Or returns l with every zero field set to its default.
func (l Limits) Or() Limits {
	d := DefaultLimits
	for _, s := range LimitSpecs {
		if v := *s.Field(&l); v > 0 {
			*s.Field(&d) = v
		}
	}
	return d
}

// Budget counts what one input has expanded to against its Limits. It is
// safe for concurrent use; a nil *Budget charges nothing and never fails.
type Budget struct {
	mu        sync.Mutex
	lim       Limits
	nodes     int64
	triangles int64
	elements  int64
}

// NewBudget starts an empty budget; zero fields of lim mean defaults.
func NewBudget(lim Limits) *Budget { return &Budget{lim: lim.Or()} }

// Budget returns the input's budget, created from Options.Limits on first
// use, so every reader of one input (and of its includes and side files)
// draws on the same counts.
func (in *Input) Budget() *Budget {
	budgetMu.Lock()
	defer budgetMu.Unlock()
	if in.budget == nil {
		var lim Limits
		if in.Options != nil {
			lim = in.Options.Limits
		}
		in.budget = NewBudget(lim)
	}
	return in.budget
}

var budgetMu sync.Mutex

// Over lists, as "N what (--flag)", what the budget has counted past lim:
// an output read back within wider limits than a reader of it will have.
func (b *Budget) Over(lim Limits) []string {
	if b == nil {
		return nil
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	lim = lim.Or()
	var over []string
	for _, c := range []struct {
		used, limit int64
		what, flag  string
	}{{b.nodes, lim.Nodes, "nodes", "max-nodes"}, {b.triangles, lim.Triangles, "triangles", "max-triangles"}, {b.elements, lim.Elements, "numbers", "max-elements"}} {
		if c.used > c.limit {
			over = append(over, fmt.Sprintf("%d %s (limit %d, --%s)", c.used, c.what, c.limit, c.flag))
		}
	}
	return over
}

// Limits returns the budget's limits, defaults filled in.
func (b *Budget) Limits() Limits { return b.lim }

// Nodes charges n scene elements created at path (a JSON path, element or
// file:line); it fails once the total would pass Limits.Nodes. Readers
// call it before they build the elements.
func (b *Budget) Nodes(path string, n int64) error {
	if b == nil {
		return nil
	}
	return b.charge(&b.nodes, b.lim.Nodes, n, path, "nodes", "max-nodes")
}

// Triangles charges n mesh triangles.
func (b *Budget) Triangles(path string, n int64) error {
	if b == nil {
		return nil
	}
	return b.charge(&b.triangles, b.lim.Triangles, n, path, "triangles", "max-triangles")
}

// Elements charges n decoded numbers.
func (b *Budget) Elements(path string, n int64) error {
	if b == nil {
		return nil
	}
	return b.charge(&b.elements, b.lim.Elements, n, path, "numbers", "max-elements")
}

func (b *Budget) charge(used *int64, limit, n int64, path, what, flag string) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if n < 0 || n > limit-*used {
		return LimitError(path, what, flag, limit)
	}
	*used += n
	return nil
}

// LimitError is the input error for a passed limit; it names the place,
// the limit and the flag and physconv.yaml key that raise it.
func LimitError(path, what, flag string, limit int64) *FormatError {
	return Errorf(path, "input expands to more than %d %s (limit %s; raise it with --%s or %s: in physconv.yaml)",
		limit, what, flag, flag, flag)
}

// CheckSize refuses a file of n bytes above Limits.InputBytes.
func (l Limits) CheckSize(file string, n int64) error {
	if max := l.Or().InputBytes; n > max {
		return &FormatError{File: file, Msg: fmt.Sprintf("file is %d bytes, more than the %d-byte limit (max-input-bytes; raise it with --max-input-bytes or max-input-bytes: in physconv.yaml)", n, max)}
	}
	return nil
}

// ReadLimited reads all of r, refusing more than max bytes without
// reading them all into memory first.
func ReadLimited(r io.Reader, name string, max int64) ([]byte, error) {
	data, err := io.ReadAll(io.LimitReader(r, max+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > max {
		return nil, Limits{InputBytes: max}.CheckSize(name, int64(len(data)))
	}
	return data, nil
}

// readLimitedSized is ReadLimited for a file whose size is known: the
// buffer is sized once (a mesh of a few megabytes grew by copying several
// times through io.ReadAll), up to 64 MB (a larger file grows as it is
// read, as it did) and never past max.
func readLimitedSized(r io.Reader, name string, max, size int64) ([]byte, error) {
	buf := bytes.NewBuffer(make([]byte, 0, min(size, max, 64<<20)+bytes.MinRead))
	if _, err := buf.ReadFrom(io.LimitReader(r, max+1)); err != nil {
		return nil, err
	}
	if int64(buf.Len()) > max {
		return nil, Limits{InputBytes: max}.CheckSize(name, int64(buf.Len()))
	}
	return buf.Bytes(), nil
}

// EffectiveLimits returns the options' limits, defaults filled in (nil-safe).
func (o *Options) EffectiveLimits() Limits {
	if o == nil {
		return DefaultLimits
	}
	return o.Limits.Or()
}

// ReadFileLimited is os.ReadFile that refuses a file above max bytes
// before reading it.
func ReadFileLimited(name string, max int64) ([]byte, error) {
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		if err := (Limits{InputBytes: max}).CheckSize(name, st.Size()); err != nil {
			return nil, err
		}
		return readLimitedSized(f, name, max, st.Size())
	}
	return ReadLimited(f, name, max)
}

// sizeFS refuses side files larger than max before reading them.
type sizeFS struct {
	fs.FS
	max int64
}

// SharedFiles is a file system that holds some of its files in memory
// already: an output read back to verify it holds the side files its
// writer made. SharedFile returns such a file's bytes as they are, without
// a copy, and false for any other file. Side-file bytes are read-only to
// every reader (the DecodeCache keeps and compares them), so a mesh the
// writer copied out is not copied once more to be read back.
type SharedFiles interface {
	SharedFile(name string) ([]byte, bool)
}

// ReadFile stats the file first, so a huge (or sparse) side file is refused
// without being read. A file the FS shares (SharedFiles) comes as it is
// held: unlike fs.ReadFile's, the bytes must not be changed.
func (s sizeFS) ReadFile(name string) ([]byte, error) {
	if shared, ok := s.FS.(SharedFiles); ok {
		if data, ok := shared.SharedFile(name); ok {
			if err := (Limits{InputBytes: s.max}).CheckSize(name, int64(len(data))); err != nil {
				return nil, err
			}
			return data, nil
		}
	}
	f, err := s.FS.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		if err := (Limits{InputBytes: s.max}).CheckSize(name, st.Size()); err != nil {
			return nil, err
		}
		return readLimitedSized(f, name, s.max, st.Size())
	}
	return ReadLimited(f, name, s.max)
}

// Stat passes through: a reader probing for files (a package's, by the
// end of their path) reads none of them.
func (s sizeFS) Stat(name string) (fs.FileInfo, error) { return fs.Stat(s.FS, name) }

// LimitSideFiles wraps the input's FS so every side file read through it
// obeys Limits.InputBytes.
func LimitSideFiles(in *Input) {
	if in.FS == nil {
		return
	}
	if _, ok := in.FS.(sizeFS); ok {
		return
	}
	in.FS = sizeFS{FS: in.FS, max: in.Budget().Limits().InputBytes}
}
