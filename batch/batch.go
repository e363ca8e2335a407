package batch

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"github.com/physconv/physconv/convert"
	"golang.org/x/sync/errgroup"
)

// BatchOptions configure Batch. Zero values mean defaults.
type BatchOptions struct {
	// Options are the conversion options for every file; Options.To names
	// the target format. Config defaults and rules refine them per file,
	// and Overrides win over both (the CLI puts flags given explicitly
	// there).
	Options   convert.Options
	Config    *Config
	Overrides Settings
	// Include and Exclude are glob patterns on the slash-separated path
	// relative to the source folder ("**" crosses folders; a pattern
	// without "/" matches the file name at any depth). With no Include,
	// every file whose extension a readable format claims is an input.
	// Config.Include and Config.Exclude are added to these.
	Include, Exclude []string
	// Jobs is how many files convert at once; 0 means runtime.NumCPU().
	Jobs int
	// FailFast stops scheduling new files after the first failure.
	FailFast bool
	// Incremental skips inputs whose outputs are up to date for the same
	// options, according to the manifest kept in the destination.
	Incremental bool
	// Shard restricts the run to one part of a deterministic partition of
	// the inputs; the zero value means all of them.
	Shard Shard
	// SideFiles says what happens to the files an input reads (meshes,
	// buffers) that the output refers to by name: SideCopy (default),
	// SideLink (symbolic links) or SideNone.
	SideFiles string
	// OnStart is called once, before any conversion, with the number of
	// inputs this run will report on.
	OnStart func(total int)
	// OnResult is called once per input, in input order (sorted by path),
	// never concurrently; the result is not retained by Batch afterwards.
	OnResult func(*FileResult)
}

// Side-file modes of BatchOptions.SideFiles.
const (
	SideCopy = "copy"
	SideLink = "link"
	SideNone = "none"
)

// Status is what happened to one input of a batch.
type Status string

const (
	// Converted: the output was written.
	Converted Status = "converted"
	// Skipped: --incremental found the output up to date.
	Skipped Status = "skipped"
	// Failed: no output was written; Diagnostics say why.
	Failed Status = "failed"
	// Canceled: the run stopped (interrupt or fail-fast) before this
	// input was converted; nothing was written for it.
	Canceled Status = "canceled"
)

// FileResult is the outcome of one input of a batch.
type FileResult struct {
	// Input is the path relative to the source folder, with slashes.
	Input string `json:"input"`
	// Output is the main output path relative to the destination.
	Output string `json:"output,omitempty"`
	From   string `json:"from,omitempty"`
	To     string `json:"to,omitempty"`
	Status Status `json:"status"`
	// Seconds is the wall time spent on this input.
	Seconds float64 `json:"seconds"`
	// Files written, relative to the destination: main output first, then
	// its side files, then copied or linked input side files.
	Files       []string            `json:"files,omitempty"`
	Diagnostics convert.Diagnostics `json:"diagnostics"`
	// Err is the failure, nil unless Status is Failed or Canceled.
	Err error `json:"-"`
}

// BatchSummary counts what a batch did.
type BatchSummary struct {
	Inputs    int `json:"inputs"`
	Converted int `json:"converted"`
	Skipped   int `json:"skipped"`
	Failed    int `json:"failed"`
	Canceled  int `json:"canceled"`
	// Warnings is the number of warning diagnostics over all inputs.
	Warnings int `json:"warnings"`
	// Seconds is the wall time of the whole run.
	Seconds float64 `json:"seconds"`
	// FilesPerSecond is Inputs / Seconds.
	FilesPerSecond float64 `json:"filesPerSecond"`
}

// ErrBatchFailed is returned by Batch under FailFast when an input failed.
var ErrBatchFailed = errors.New("batch stopped at the first failure (--fail-fast)")

// Batch converts every input below src into the same layout below dst.
// One bad input never stops the others (unless FailFast); each input's
// outcome goes to OnResult. Outputs are written atomically; when ctx is
// canceled, files in flight finish or are dropped whole and the rest are
// reported as Canceled. The error is nil when every input was attempted,
// even if some failed; it is ctx.Err() after an interruption,
// ErrBatchFailed under FailFast, or a problem with src, dst or the
// configuration.
func Batch(ctx context.Context, reg *convert.Registry, src, dst string, opts *BatchOptions) (*BatchSummary, error) {
	start := time.Now()
	if opts == nil {
		opts = &BatchOptions{}
	}
	b, err := newBatchRun(reg, src, dst, opts)
	if err != nil {
		return nil, err
	}
	defer b.close()
	if opts.OnStart != nil {
		opts.OnStart(len(b.inputs))
	}

	jobs := opts.Jobs
	if jobs <= 0 {
		jobs = runtime.NumCPU()
	}
	var g *errgroup.Group
	gctx := ctx
	if opts.FailFast {
		g, gctx = errgroup.WithContext(ctx)
	} else {
		g = &errgroup.Group{}
	}
	g.SetLimit(jobs)

	scheduled := 0
	for i := range b.inputs {
		if gctx.Err() != nil {
			break
		}
		scheduled++
		g.Go(func() error {
			res := b.convertOne(gctx, i)
			b.deliver(i, res)
			if opts.FailFast && res.Status == Failed {
				return ErrBatchFailed
			}
			return nil
		})
	}
	gerr := g.Wait()
	for i := scheduled; i < len(b.inputs); i++ {
		b.deliver(i, b.canceled(i))
	}
	if err := b.manifest.compact(); err != nil && gerr == nil && ctx.Err() == nil {
		gerr = err
	}
	sum := b.summary
	sum.Seconds = time.Since(start).Seconds()
	if sum.Seconds > 0 {
		sum.FilesPerSecond = float64(sum.Inputs) / sum.Seconds
	}
	if ctx.Err() != nil {
		return &sum, ctx.Err()
	}
	return &sum, gerr
}

// batchRun is the state of one Batch call shared by its workers.
type batchRun struct {
	reg      *convert.Registry
	opts     *BatchOptions
	src, dst string
	inputs   []batchInput
	manifest *manifest
	sides    *sideCopier

	mu      sync.Mutex
	pending map[int]*FileResult
	next    int
	summary BatchSummary
}

// batchInput is one planned conversion.
type batchInput struct {
	rel    string // relative to src, slashes
	output string // relative to dst, slashes; "" when planning failed
	plan   error  // set when the input cannot be converted at all
}

func newBatchRun(reg *convert.Registry, src, dst string, opts *BatchOptions) (*batchRun, error) {
	st, err := os.Stat(src)
	if err != nil {
		return nil, fmt.Errorf("source folder: %w", err)
	}
	if !st.IsDir() {
		return nil, fmt.Errorf("source %s is not a folder", src)
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		return nil, fmt.Errorf("destination folder: %w", err)
	}
	if err := opts.Config.Check(reg); err != nil {
		return nil, err
	}
	if err := RemoveStaleTemps(dst); err != nil {
		return nil, err
	}
	rels, err := BatchInputs(reg, src, dst, opts)
	if err != nil {
		return nil, err
	}
	// Absolute from here on: side files are found below the input's
	// project root, an absolute folder, and must be recognised as lying
	// inside SRC however SRC was spelled.
	if src, err = filepath.Abs(src); err != nil {
		return nil, err
	}
	if dst, err = filepath.Abs(dst); err != nil {
		return nil, err
	}
	b := &batchRun{reg: reg, opts: opts, src: src, dst: dst, pending: map[int]*FileResult{}}
	b.inputs = b.plan(rels)
	b.summary.Inputs = len(b.inputs)
	if b.manifest, err = openManifest(dst, opts.Incremental); err != nil {
		return nil, err
	}
	b.sides = newSideCopier(src, dst, opts.SideFiles)
	return b, nil
}

func (b *batchRun) close() { b.manifest.close() }

// deliver hands results to OnResult in input order.
func (b *batchRun) deliver(i int, res *FileResult) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.pending[i] = res
	for {
		r, ok := b.pending[b.next]
		if !ok {
			return
		}
		delete(b.pending, b.next)
		b.next++
		b.count(r)
		if b.opts.OnResult != nil {
			b.opts.OnResult(r)
		}
	}
}

func (b *batchRun) count(r *FileResult) {
	switch r.Status {
	case Converted:
		b.summary.Converted++
	case Skipped:
		b.summary.Skipped++
	case Failed:
		b.summary.Failed++
	case Canceled:
		b.summary.Canceled++
	}
	for _, d := range r.Diagnostics {
		if d.Severity == convert.Warning {
			b.summary.Warnings++
		}
	}
}

func (b *batchRun) canceled(i int) *FileResult {
	in := b.inputs[i]
	return &FileResult{
		Input: in.rel, Output: in.output, Status: Canceled, Err: context.Canceled,
		Diagnostics: convert.Diagnostics{{Severity: convert.Info, Code: convert.CodeBatchCanceled, Subject: convert.DocumentSubject(), Quantities: convert.Qs(convert.QData), File: in.rel,
			Message: "not converted: the run stopped before this file (interrupt or --fail-fast); nothing was written"}},
	}
}

// absIn and absOut turn planned relative paths into file paths.
func (b *batchRun) absIn(rel string) string  { return filepath.Join(b.src, filepath.FromSlash(rel)) }
func (b *batchRun) absOut(rel string) string { return filepath.Join(b.dst, filepath.FromSlash(rel)) }
