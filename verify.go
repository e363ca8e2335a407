package physconv

import (
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"strings"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/mass"
)

// VerifyTolerance is the relative tolerance of Verify (and its absolute
// floor near zero). Outputs are meant to be exact: every text format
// writes shortest round-trip decimals, so a number read back is the number
// written; nothing is loosened for float32 (glTF accessors hold only mesh
// vertices, which Verify compares through the mass properties they give
// and mesh-float32 reports), so anything beyond rounding is a difference.
const VerifyTolerance = 1e-9

// Verify reads out back as format f and compares its physics with g, the
// Graph f's emitter wrote (lowered to f's capabilities). Every difference
// that no diagnostic of diags (the lowering's and the emitter's) explains,
// by subject and quantity, becomes a verify-mismatch warning naming the
// quantity and both values. A reader that refuses the output is a
// verify-mismatch too: physconv must be able to read what it writes.
//
// src, when not nil, is the conversion's input: files the output refers
// to without writing them (a source mesh kept by its path) are read as it
// read them.
func Verify(g *convert.Graph, f *convert.Format, out *convert.Output, diags convert.Diagnostics, opts *convert.Options, src *convert.Input) convert.Diagnostics {
	if f.Parse == nil || out == nil {
		return nil
	}
	return verifyAgainst(g, startReport(g, f), f, out, diags, opts, src)
}

// pendingReport is the report of a Graph made on another goroutine: a
// conversion makes the source's report on the second core while the
// writer writes (both only read the Graph), so neither waits for the other
// and the Graph can go before the output is read back. Calling it waits
// for the report, and raises a panic of its goroutine where it would have
// been raised without it.
type pendingReport func() *inspect.Report

// startReport begins g's report as format f's.
func startReport(g *convert.Graph, f *convert.Format) pendingReport {
	var r *inspect.Report
	wait := aside(func() { r = inspect.Inspect(g, f.Name, nil) })
	return func() *inspect.Report {
		wait()
		return r
	}
}

// verifyAgainst is Verify with the source's report begun already. The
// index that explains differences is built on the second core while the
// output is read back, and holds only what it needs of the source Graph,
// which then goes while the output's text is still being read, before
// the output's Graph is built: the two Graphs at once were most of a
// long chain's peak memory.
func verifyAgainst(g *convert.Graph, pending pendingReport, f *convert.Format, out *convert.Output, diags convert.Diagnostics, opts *convert.Options, src *convert.Input) convert.Diagnostics {
	want := pending()
	got := &inspect.Report{}
	x := inspect.NewExplainer(g, want, got, diags)
	prepared := aside(x.Prepare)
	back, over, err := reread(f, out, opts, src)
	prepared()
	var res convert.Diagnostics
	if err != nil {
		res.Add(convert.CodeVerifyMismatch, convert.DocumentSubject(), "",
			"the written %s file does not read back: %v", f.Name, err).Affecting(convert.QStructure)
		return res
	}
	if len(over) > 0 {
		res.Add(convert.CodeOutputOverLimits, convert.DocumentSubject(), "",
			"the written %s file expands to %s, more than this conversion's limits let a reader take: reading it back needs those limits raised", f.Name, strings.Join(over, ", ")).Affecting(convert.QData)
	}
	*got = *inspect.Inspect(back, f.Name, nil)
	inspect.Equate(want, got, VerifyTolerance)
	for _, d := range inspect.DiffDeferred(want, got, VerifyTolerance) {
		if x.Explains(d) {
			continue
		}
		subj := convert.DocumentSubject()
		if s := x.Subjects(d); len(s) > 0 {
			subj = s[0]
		}
		res.Add(convert.CodeVerifyMismatch, subj, "", "%s written, read back differently (source vs output): %s",
			d.QuantityName, d.Format()).Affecting(d.Quantity)
	}
	return res
}

// aside runs work on another goroutine; the function it returns waits
// for it, and raises its panic where it would have been raised had it
// run in place.
func aside(work func()) (wait func()) {
	done := make(chan any, 1)
	go func() {
		defer func() { done <- recover() }()
		work()
	}()
	return func() {
		if r := <-done; r != nil {
			panic(r)
		}
	}
}

// reread parses an output from memory, as a conversion would read it
// had it been written in place: its side files beside its main file, over
// the source's project (src, when not nil: files the output refers to
// without writing them, a URDF mesh kept by its path or package, resolve
// as they did for the source), or, under --side-files reference, over the
// disk where the output goes.
func reread(f *convert.Format, out *convert.Output, opts *convert.Options, src *convert.Input) (g *convert.Graph, over []string, err error) {
	defer func() {
		if r := recover(); r != nil {
			g, over, err = nil, nil, fmt.Errorf("internal error while reading it: %v", r)
		}
	}()
	name := "output" + f.Extensions[0]
	if opts.OutputName != "" && opts.OutputName != "-" {
		name = path.Base(filepath.ToSlash(opts.OutputName))
	}
	var under fs.FS
	dir, root := ".", ""
	overSource := false
	switch {
	case opts.SideFiles == "reference" && opts.OutputName != "" && opts.OutputName != "-":
		if abs, err := filepath.Abs(filepath.Dir(opts.OutputName)); err == nil {
			vol := filepath.VolumeName(abs) + string(filepath.Separator)
			rel, _ := filepath.Rel(vol, abs)
			dir, root, under = filepath.ToSlash(rel), vol, convert.ConfinedFS(vol)
		}
	case src != nil && src.FS != nil:
		dir, root, under = src.Dir, src.Root, src.FS
		overSource = true
	}
	top := fstest.MapFS{path.Join(dir, name): &fstest.MapFile{Data: out.Main}}
	for rel, data := range out.Files {
		top[path.Join(dir, rel)] = &fstest.MapFile{Data: data}
	}
	fsys := overlayFS{top, under}
	// visuals are not compared: their geometry may be left unread
	ropts := &convert.Options{From: f.Name, Up: opts.Up, Density: opts.Density, Limits: readBackLimits(opts), Packages: opts.Packages, AllowRoots: opts.AllowRoots,
		SkipVisualData: true, DefaultProject: true, ForReport: true}
	// out.Main is not changed while it is verified, and nothing read back
	// outlives Verify: the diagnostics name subjects by index and format
	// their own messages
	in := &convert.Input{Name: name, Data: out.Main, Immutable: true, FS: fsys, Dir: dir, Root: root, Options: ropts}
	in.ShareDecoded(src) // the output's mesh files are mostly the source's, decoded already
	if overSource {
		in.ShareResolved(src, top) // and its references mostly the source's, found already
	}
	back, _, err := f.Parse(in)
	if err == nil {
		err = convert.Validate(back)
	}
	if err != nil {
		return nil, nil, err
	}
	mass.CompleteInPlace(back, ropts)
	return back, in.Budget().Over(opts.EffectiveLimits()), nil
}

// readBackLimits are the limits an output is read back under: the
// conversion's, with room for what a writer expands. An input within its
// limits may be written larger than they allow a reader: a height field
// sample becomes two triangles in a format without height fields, a
// joint a chain of dummy links. The output is the writer's own, made from
// an input that passed the limits, so the read-back allows four times
// the nodes, triangles and decoded numbers; the bytes stay bounded.
func readBackLimits(opts *convert.Options) convert.Limits {
	l := opts.EffectiveLimits()
	l.Nodes, l.Triangles, l.Elements = 4*l.Nodes, 4*l.Triangles, 4*l.Elements
	return l
}

// overlayFS reads from top (the output's own files) first, then from
// under (nil: nothing else).
type overlayFS struct {
	top   fstest.MapFS
	under fs.FS
}

func (o overlayFS) Open(name string) (fs.File, error) {
	f, err := o.top.Open(name)
	if err == nil || o.under == nil {
		return f, err
	}
	return o.under.Open(name)
}

// Stat reports from top first, then from under (a file system of folders
// on disk answers without opening the file).
func (o overlayFS) Stat(name string) (fs.FileInfo, error) {
	st, err := o.top.Stat(name)
	if err == nil || o.under == nil {
		return st, err
	}
	return fs.Stat(o.under, name)
}

// SharedFile gives the output's own side files to the reader as the
// writer made them (convert.SharedFiles): the read-back of a robot's
// meshes reads them without copying them again.
func (o overlayFS) SharedFile(name string) ([]byte, bool) {
	if !fs.ValidPath(name) {
		return nil, false
	}
	f, ok := o.top[name]
	if !ok || f.Mode.IsDir() {
		return nil, false
	}
	return f.Data, true
}
