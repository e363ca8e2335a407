// Package formattest is the test harness every format plugs into. A format
// declares one Suite in its tests and calls
//
//	func TestFormat(t *testing.T)       { formattest.Run(t, suite) }
//	func FuzzParse(f *testing.F)        { formattest.Fuzz(f, suite) }
//	func BenchmarkParseEmit(b *testing.B) { formattest.Bench(b, suite) }
//
// Run checks sniffing (positive and negative samples), that every malformed
// input of the format's bad folder is refused at the place its expectation
// table names, and that every round-trip input survives parse → emit →
// parse with the same physics (inspect reports equal at 1e-9, unless the
// suite's Explained accepts a difference together with the emit's
// diagnostics). Fuzz seeds the fuzzer with all of those inputs and checks
// that whatever parses emits and parses again. Bench parses and emits each
// round-trip input.
package formattest

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"golang.org/x/tools/txtar"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/testreport"
)

// Suite describes one format's test inputs. Paths are relative to the
// format package's folder (tests run there).
type Suite struct {
	Format *convert.Format

	// SniffYes and SniffNo are file heads Format.Sniff must accept and
	// reject. Every round-trip input must be accepted as well.
	SniffYes, SniffNo []string

	// BadDir is the folder of malformed inputs; BadGlob picks this format's
	// files in it (several formats may share a folder). Every picked file
	// needs a row in the table BadTable (a file in BadDir), and every row a
	// file; see ReadTable for its form.
	BadDir, BadGlob, BadTable string
	// MinBad is the fewest malformed inputs the table may list; 0 means 15.
	MinBad int
	// BadMention, when set, must appear in every malformed input's error
	// (the format's name, where the format promises to say it).
	BadMention string

	// RoundTrip are globs of inputs that parse → emit → parse with the same
	// physics. A .txtar input is a golden archive: its input/ sections are
	// the files, the first one the main file.
	RoundTrip []string
	// Explained, when set, accepts a round-trip difference (a line of
	// inspect.CompareReports) given the emit's diagnostics; when nil no
	// difference is accepted.
	Explained func(diff string, diags convert.Diagnostics) bool

	// Variants are the ways to emit, each an output file name and options;
	// nil means one: "out" + the first extension with default options.
	Variants []Variant

	// FuzzFiles are globs of further seed files; FuzzSeeds are extra
	// seeds; FuzzCorpus are globs below PHYSCONV_CORPUS
	// whose files under 64 KB seed the fuzzer when the corpus is set.
	FuzzFiles  []string
	FuzzSeeds  [][]byte
	FuzzCorpus []string
	// FuzzFS holds side files fuzzed inputs may refer to (MJCF includes);
	// nil means none.
	FuzzFS fstest.MapFS
	// ParseValidates promises that every Graph Parse returns passes
	// convert.Validate, but for numbers out of the computable range
	// (convert.ErrOutOfRange), which readers pass on as given; without it the fuzzer skips Graphs that fail it,
	// as a conversion refuses them before emitting.
	ParseValidates bool
}

// Variant is one way to emit: the output file name (its extension may
// choose a container, e.g. .glb) and the options.
type Variant struct {
	Name    string
	Options convert.Options
}

func (s *Suite) variants() []Variant {
	if len(s.Variants) > 0 {
		return s.Variants
	}
	return []Variant{{Name: "out" + s.Format.Extensions[0]}}
}

// Bad is one row of a malformed-input table: the file and where its error
// must point.
type Bad struct {
	File string
	// Path is the JSON or element path the FormatError must name; "" when
	// the format reports lines.
	Path string
	// Line is the line the FormatError must name; -1 means any line (a
	// syntax error whose column-exact line the decoder decides); 0 means
	// the error need not name a line.
	Line int
	// Msg must appear in the error's text ("" = not checked).
	Msg string
}

// ReadTable reads a malformed-input table: one row per line, tab-separated
// file, place and message fragment; '#' starts a comment line. The place is
// a JSON/element path, "line:N" (exactly line N) or "line:" (any line).
func ReadTable(file string) ([]Bad, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var rows []Bad
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 3 {
			return nil, fmt.Errorf("%s:%d: want 3 tab-separated fields (file, place, message), got %d", file, i+1, len(f))
		}
		b := Bad{File: f[0], Msg: f[2]}
		switch place := f[1]; {
		case place == "line:":
			b.Line = -1
		case strings.HasPrefix(place, "line:"):
			n, err := strconv.Atoi(strings.TrimPrefix(place, "line:"))
			if err != nil || n <= 0 {
				return nil, fmt.Errorf("%s:%d: bad line %q", file, i+1, place)
			}
			b.Line = n
		default:
			b.Path = place
		}
		rows = append(rows, b)
	}
	return rows, nil
}

// Run runs the sniff, malformed-input and round-trip tests of s.
func Run(t *testing.T, s Suite) {
	if s.Format == nil || s.Format.Parse == nil {
		t.Fatal("formattest: the suite needs a Format that parses")
	}
	t.Run("Sniff", func(t *testing.T) { testSniff(t, &s) })
	t.Run("Malformed", func(t *testing.T) { testMalformed(t, &s) })
	if s.Format.Emit != nil {
		t.Run("RoundTrip", func(t *testing.T) { testRoundTrip(t, &s) })
	}
}

func head(b []byte) []byte {
	if len(b) > convert.SniffLen {
		return b[:convert.SniffLen]
	}
	return b
}

func testSniff(t *testing.T, s *Suite) {
	if len(s.SniffYes) == 0 || len(s.SniffNo) == 0 {
		t.Error("the suite needs positive and negative sniff samples")
	}
	for _, h := range s.SniffYes {
		if !s.Format.Sniff([]byte(h)) {
			t.Errorf("Sniff(%.60q) = false, want true", h)
		}
	}
	for _, h := range s.SniffNo {
		if s.Format.Sniff([]byte(h)) {
			t.Errorf("Sniff(%.60q) = true, want false", h)
		}
	}
	for _, p := range roundTripFiles(t, s) {
		in := LoadInput(t, p, nil)
		if !s.Format.Sniff(head(in.Data)) {
			t.Errorf("%s: not recognised as %s", p, s.Format.Name)
		}
	}
}

func testMalformed(t *testing.T, s *Suite) {
	if s.BadDir == "" {
		t.Fatal("the suite needs a folder of malformed inputs (BadDir)")
	}
	rows, err := ReadTable(filepath.Join(s.BadDir, s.BadTable))
	if err != nil {
		t.Fatal(err)
	}
	files, err := filepath.Glob(filepath.Join(s.BadDir, s.BadGlob))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, r := range rows {
		if listed[r.File] {
			t.Errorf("%s: %s listed twice", s.BadTable, r.File)
		}
		listed[r.File] = true
	}
	for _, f := range files {
		if !listed[filepath.Base(f)] {
			t.Errorf("%s has no row in %s", f, s.BadTable)
		}
	}
	if min := cmp.Or(s.MinBad, 15); len(rows) < min {
		t.Errorf("only %d malformed inputs in %s, want at least %d", len(rows), s.BadTable, min)
	}
	for _, r := range rows {
		t.Run(r.File, func(t *testing.T) {
			file := filepath.Join(s.BadDir, r.File)
			if ok, _ := filepath.Match(s.BadGlob, r.File); !ok {
				t.Fatalf("%s does not match the suite's BadGlob %q", r.File, s.BadGlob)
			}
			g, _, err := s.Format.Parse(testreport.FileInput(t, file, &convert.Options{}))
			fe := testreport.Refused(t, g, err)
			checkPlace(t, r, fe)
			if s.BadMention != "" && !strings.Contains(fe.Error(), s.BadMention) {
				t.Errorf("message %q does not name %q", fe.Error(), s.BadMention)
			}
			v := s.variants()[0]
			opts := v.Options
			opts.From = s.Format.Name
			testreport.ConversionRefused(t, convert.NewRegistry(s.Format), file, v.Name, &opts)
		})
	}
}

func checkPlace(t *testing.T, r Bad, fe *convert.FormatError) {
	t.Helper()
	switch {
	case r.Path != "" && fe.Path != r.Path:
		t.Errorf("error at path %q, want %q (%v)", fe.Path, r.Path, fe)
	case r.Line > 0 && fe.Line != r.Line:
		t.Errorf("error at line %d, want %d (%v)", fe.Line, r.Line, fe)
	case r.Line < 0 && fe.Line <= 0:
		t.Errorf("error without a line (%v)", fe)
	}
	if !strings.Contains(fe.Error(), r.Msg) {
		t.Errorf("message %q lacks %q", fe.Error(), r.Msg)
	}
}

func roundTripFiles(t testing.TB, s *Suite) []string {
	t.Helper()
	var files []string
	for _, g := range s.RoundTrip {
		m, err := filepath.Glob(g)
		if err != nil || len(m) == 0 {
			t.Fatalf("round-trip glob %q matches nothing (%v)", g, err)
		}
		files = append(files, m...)
	}
	return files
}

// LoadInput reads a file as a parser input whose side files resolve beside
// it; a .txtar golden archive gives its input/ sections instead.
func LoadInput(t testing.TB, file string, opts *convert.Options) *convert.Input {
	t.Helper()
	if opts == nil {
		opts = &convert.Options{}
	}
	if !strings.HasSuffix(file, ".txtar") {
		return testreport.FileInput(t, file, opts)
	}
	a, err := txtar.ParseFile(file)
	if err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{}
	main := ""
	for _, f := range a.Files {
		rel, ok := strings.CutPrefix(f.Name, "input/")
		if !ok {
			continue
		}
		if strings.HasSuffix(rel, " (base64)") {
			t.Fatalf("%s: binary input sections are not supported here", file)
		}
		if main == "" {
			main = rel
		}
		fsys[rel] = &fstest.MapFile{Data: f.Data}
	}
	if main == "" {
		t.Fatalf("%s has no input/ section", file)
	}
	return &convert.Input{Name: path.Base(main), Data: fsys[main].Data, FS: fsys, Dir: path.Dir(main), Options: opts}
}

func testRoundTrip(t *testing.T, s *Suite) {
	files := roundTripFiles(t, s)
	if len(files) == 0 {
		t.Fatal("the suite needs round-trip inputs")
	}
	for _, p := range files {
		t.Run(filepath.Base(p), func(t *testing.T) {
			in := LoadInput(t, p, nil)
			g, diags, err := s.Format.Parse(in)
			if err != nil {
				t.Fatal(err)
			}
			if err := convert.Validate(g); err != nil {
				t.Fatal(err)
			}
			g, more := mass.Complete(g, in.Options)
			before := inspect.Inspect(g, s.Format.Name, append(diags, more...))
			for _, v := range s.variants() {
				opts := v.Options
				opts.OutputName = v.Name
				out, ediags, err := s.Format.Emit(g, &opts)
				if err != nil {
					t.Fatalf("%s: emit: %v", v.Name, err)
				}
				back, err := Reparse(s.Format, v.Name, out, inputDir(in))
				if err != nil {
					t.Fatalf("%s: our own output does not parse: %v", v.Name, err)
				}
				after := inspect.Inspect(back, s.Format.Name, nil)
				for _, d := range inspect.CompareReports(before, after, 1e-9) {
					if s.Explained == nil || !s.Explained(d, ediags) {
						t.Errorf("%s: physics changed: %s", v.Name, d)
					}
				}
			}
		})
	}
}

// Reparse parses an Output as the file name it was emitted for, its side
// files beside it, then validates and completes the Graph as a conversion
// would. beside, when not nil, is the folder the output was written to:
// files the output refers to without writing them (a URDF mesh kept by
// reference) resolve there.
func Reparse(f *convert.Format, name string, out *convert.Output, beside fs.FS) (*convert.Graph, error) {
	top := fstest.MapFS{name: &fstest.MapFile{Data: out.Main}}
	for rel, data := range out.Files {
		top[rel] = &fstest.MapFile{Data: data}
	}
	var fsys fs.FS = top
	if beside != nil {
		fsys = overlay{top, beside}
	}
	in := &convert.Input{Name: name, Data: out.Main, FS: fsys, Dir: ".", Options: &convert.Options{}}
	g, _, err := f.Parse(in)
	if err == nil {
		err = convert.Validate(g)
	}
	if err != nil {
		return nil, err
	}
	g, _ = mass.Complete(g, in.Options)
	return g, nil
}

// Fuzz seeds f with the suite's malformed inputs, round-trip inputs, extra
// seeds and corpus files, and fuzzes Parse: it never panics; an error is a
// FormatError or UnsupportedError without a Graph; whatever parses (and,
// unless ParseValidates, validates) emits in every variant and the output
// parses again.
func Fuzz(f *testing.F, s Suite) {
	if s.BadDir != "" {
		bad, _ := filepath.Glob(filepath.Join(s.BadDir, s.BadGlob))
		for _, p := range bad {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
	}
	for _, p := range roundTripFiles(f, &s) {
		f.Add(LoadInput(f, p, nil).Data)
	}
	for _, g := range s.FuzzFiles {
		m, _ := filepath.Glob(g)
		for _, p := range m {
			if data, err := os.ReadFile(p); err == nil {
				f.Add(data)
			}
		}
	}
	for _, b := range s.FuzzSeeds {
		f.Add(b)
	}
	if root := os.Getenv("PHYSCONV_CORPUS"); root != "" {
		for _, g := range s.FuzzCorpus {
			for _, p := range globAll(filepath.Join(root, g)) {
				if st, err := os.Stat(p); err == nil && st.Size() < 64<<10 {
					if data, err := os.ReadFile(p); err == nil {
						f.Add(data)
					}
				}
			}
		}
	}
	fsys := s.FuzzFS
	if fsys == nil {
		fsys = fstest.MapFS{}
	}
	name := "fuzz" + s.Format.Extensions[0]
	f.Fuzz(func(t *testing.T, data []byte) {
		// Budgets as small as real assets allow, so a seed cannot make the
		// fuzzer run out of memory before a limit refuses it.
		fuzzOpts := &convert.Options{Limits: convert.Limits{InputBytes: 1 << 20, Nodes: 100_000, Triangles: 1 << 20, Elements: 1 << 22}}
		in := &convert.Input{Name: name, Data: data, FS: fsys, Dir: ".", Options: fuzzOpts}
		g, _, err := s.Format.Parse(in)
		if err != nil {
			var fe *convert.FormatError
			var ue *convert.UnsupportedError
			if !errors.As(err, &fe) && !errors.As(err, &ue) {
				t.Fatalf("error is neither a FormatError nor an UnsupportedError: %T %v", err, err)
			}
			if g != nil {
				t.Fatal("a Graph came back with an error")
			}
			return
		}
		if err := convert.Validate(g); err != nil {
			if s.ParseValidates && !errors.Is(err, convert.ErrOutOfRange) {
				t.Fatalf("Parse returned a Graph that fails Validate: %v", err)
			}
			return
		}
		_ = inspect.Inspect(g, s.Format.Name, nil)
		if s.Format.Emit == nil {
			return
		}
		// As ParseGraph does: what the computed mass properties refuse is
		// an input error, not a finding.
		if g, _ = mass.Complete(g, in.Options); convert.ValidateComputed(g) != nil {
			return
		}
		for _, v := range s.variants() {
			opts := v.Options
			opts.OutputName = v.Name
			out, _, err := s.Format.Emit(g, &opts)
			if err != nil {
				t.Fatalf("%s: emit after a successful parse: %v", v.Name, err)
			}
			if _, err := Reparse(s.Format, v.Name, out, fsys); err != nil {
				t.Fatalf("%s: our own output does not parse: %v\n%s", v.Name, err, head(out.Main))
			}
		}
	})
}

// Bench parses, completes and emits (every variant) each round-trip input,
// as one conversion does.
func Bench(b *testing.B, s Suite) {
	for _, p := range roundTripFiles(b, &s) {
		in := LoadInput(b, p, nil)
		b.Run(filepath.Base(p), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(in.Data)))
			for b.Loop() {
				g, _, err := s.Format.Parse(in)
				if err != nil {
					b.Fatal(err)
				}
				if s.Format.Emit == nil {
					continue
				}
				g, _ = mass.Complete(g, in.Options)
				for _, v := range s.variants() {
					opts := v.Options
					opts.OutputName = v.Name
					if _, _, err := s.Format.Emit(g, &opts); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

// globAll is filepath.Glob where "**/" in pattern matches any depth of
// folders (at most one "**").
func globAll(pattern string) []string {
	dir, rest, ok := strings.Cut(pattern, "**"+string(filepath.Separator))
	if !ok {
		m, _ := filepath.Glob(pattern)
		return m
	}
	var out []string
	_ = filepath.WalkDir(filepath.Clean(dir), func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		if ok, _ := filepath.Match(rest, d.Name()); ok {
			out = append(out, p)
		}
		return nil
	})
	return out
}

// overlay reads from top first, then from under: an output written into
// its input's folder.
type overlay struct {
	top   fstest.MapFS
	under fs.FS
}

func (o overlay) Open(name string) (fs.File, error) {
	if f, err := o.top.Open(name); err == nil {
		return f, nil
	}
	return o.under.Open(name)
}

// inputDir is the folder of an input's main file as a file system.
func inputDir(in *convert.Input) fs.FS {
	if in.FS == nil {
		return nil
	}
	sub, err := fs.Sub(in.FS, in.Dir)
	if err != nil {
		return nil
	}
	return sub
}
