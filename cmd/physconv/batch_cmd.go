package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"github.com/vbauerster/mpb/v8"
	"github.com/vbauerster/mpb/v8/decor"
	"golang.org/x/term"
)

// batchFlags are the flags of batch and watch beyond the conversion options.
type batchFlags struct {
	opts        optionFlags
	jobs        int
	include     []string
	exclude     []string
	config      string
	noConfig    bool
	shard       string
	report      string
	incremental bool
	failFast    bool
	sideFiles   string
	progress    string
	verbose     bool
	// asJSON prints the report on stdout (batch only; watch runs many).
	asJSON bool
	reg    *convert.Registry
}

func (f *batchFlags) bind(fs *pflag.FlagSet, reg *convert.Registry) {
	f.reg = reg
	f.opts.bindParse(fs, reg)
	f.opts.bindEmit(fs, reg)
	fs.IntVarP(&f.jobs, "jobs", "j", runtime.NumCPU(), "files converted at once")
	fs.StringArrayVar(&f.include, "include", nil, "glob of inputs, relative to SRC (repeatable; default: every file a format reads)")
	fs.StringArrayVar(&f.exclude, "exclude", nil, "glob of files to leave out (repeatable)")
	fs.StringVar(&f.config, "config", "", "project configuration (default: SRC/physconv.yaml when present)")
	fs.BoolVar(&f.noConfig, "no-config", false, "ignore SRC/physconv.yaml")
	fs.StringVar(&f.sideFiles, "side-files", "", "input side files the outputs name: copy (default), link or none")
	fs.StringVar(&f.progress, "progress", "auto", "auto (a bar on a terminal, else lines), bar, lines or none")
	fs.BoolVarP(&f.verbose, "verbose", "v", false, "print every diagnostic, not only failures")
}

// overrides lists the conversion flags given explicitly: they win over
// the project configuration, which wins over the flags' defaults.
func (f *batchFlags) overrides(fs *pflag.FlagSet, opts *convert.Options) batch.Settings {
	var s batch.Settings
	str := map[string]**string{"from": &s.From, "to": &s.To, "up": &s.Up}
	val := map[string]*string{"from": &opts.From, "to": &opts.To, "up": &opts.Up}
	for name, dst := range str {
		if fs.Changed(name) {
			v := *val[name]
			*dst = &v
		}
	}
	if fs.Changed("density") {
		s.Density = convert.Ptr(opts.Density)
	}
	if fs.Changed("strict") {
		s.Strict = convert.Ptr(opts.Strict)
	}
	if fs.Changed("no-verify") {
		s.Verify = convert.Ptr(!opts.NoVerify)
	}
	// opts holds only the format options given on the command line.
	s.FormatOptions = opts.FormatOptions
	if fs.Changed("package") {
		s.Packages = opts.Packages
	}
	if fs.Changed("allow-root") {
		s.AllowRoots = opts.AllowRoots
	}
	for _, l := range convert.LimitSpecs {
		if fs.Changed(l.Name) {
			if s.Limits == nil {
				s.Limits = map[string]int64{}
			}
			s.Limits[l.Name] = *l.Field(&opts.Limits)
		}
	}
	return s
}

// batchOptions builds the library options from the flags and the
// project configuration.
func (f *batchFlags) batchOptions(cmd *cobra.Command, src string) (*batch.BatchOptions, error) {
	opts, err := f.opts.resolve()
	if err != nil {
		return nil, err
	}
	if f.jobs < 1 {
		return nil, usageError{fmt.Errorf("--jobs must be at least 1, not %d", f.jobs)}
	}
	switch f.progress {
	case "auto", "bar", "lines", "none":
	default:
		return nil, usageError{fmt.Errorf("--progress must be auto, bar, lines or none, not %q", f.progress)}
	}
	switch f.sideFiles {
	case "", batch.SideCopy, batch.SideLink, batch.SideNone:
	default:
		return nil, usageError{fmt.Errorf("--side-files must be copy, link or none, not %q", f.sideFiles)}
	}
	bo := &batch.BatchOptions{
		Overrides: f.overrides(cmd.Flags(), opts),
		Include:   f.include, Exclude: f.exclude,
		Jobs: f.jobs, FailFast: f.failFast, Incremental: f.incremental, SideFiles: f.sideFiles,
	}
	// The flags' values are the base; the ones given explicitly are also
	// in Overrides, applied again over the configuration.
	bo.Options = *opts
	if f.shard != "" {
		if bo.Shard, err = batch.ParseShard(f.shard); err != nil {
			return nil, usageError{fmt.Errorf("--shard: %w", err)}
		}
	}
	switch {
	case f.config != "":
		bo.Config, err = batch.ReadConfig(f.config, f.reg.Options())
	case !f.noConfig:
		bo.Config, err = batch.FindConfig(src, f.reg.Options())
	}
	if err != nil {
		return nil, configError(err)
	}
	if bo.Config != nil && bo.SideFiles == "" {
		bo.SideFiles = bo.Config.SideFiles
	}
	if opts.To == "" && !configHasTarget(bo.Config) {
		return nil, usageError{errors.New("batch needs --to FORMAT (or `to:` in physconv.yaml)")}
	}
	return bo, nil
}

func configHasTarget(c *batch.Config) bool {
	if c == nil {
		return false
	}
	if c.Defaults.To != nil {
		return true
	}
	for _, r := range c.Rules {
		if r.Settings.To != nil {
			return true
		}
	}
	return false
}

// configError makes a bad configuration a usage error (exit 2).
func configError(err error) error {
	var ce *batch.ConfigError
	if errors.As(err, &ce) {
		return usageError{err}
	}
	return err
}

func (a *app) batchCommand() *cobra.Command {
	var f batchFlags
	cmd := &cobra.Command{
		Use:   "batch SRC DST",
		Short: "Convert every asset below SRC into the same layout below DST",
		Long: `Convert a folder of assets. Every file below SRC that a format reads (or that
--include selects) is converted to --to, at the same relative path below DST
with the target's extension. Side files an output names (meshes, buffers) are
copied beside it; those it writes itself carry a short hash of their bytes in
their names, so outputs never share one unless its bytes are equal. No output
or report replaces an input or a file an input reads. A .xml file no format
recognises (a ROS package.xml) is skipped. Files convert concurrently (-j); one bad file never stops
the others unless --fail-fast. Outputs are written atomically: an interrupted
or killed run leaves no partial file, and --incremental then converts only what
is missing or out of date (DST/.physconv-manifest.jsonl records content and
option hashes).

SRC/physconv.yaml (or --config) sets defaults and per-glob rules; flags given
explicitly win over it. --shard K/N converts one deterministic part of the
inputs, so N machines can share a large library. --report writes every file's
status, outputs, duration and diagnostics as JSON (schema
physconv-batch-report/1); --json prints that report on stdout, with an
"error" object when the run fails.

Exit codes: 0 every file converted, 1 some failed or the run was interrupted,
2 usage or configuration error, 3 the only failures were warnings under
--strict.`,
		Example: `  physconv batch assets/ build/godot --to godot
  physconv batch robots/ out/ --to mjcf -j 8 --report report.json
  physconv batch robots/ out/ --to mjcf --json --progress none > report.json
  physconv batch assets/ out/ --to khr --include '**/*.urdf' --exclude 'wip/**'
  physconv batch assets/ out/ --to khr --incremental        # after an interruption
  physconv batch assets/ out/ --to khr --shard 2/4          # machine 2 of 4`,
		Args: exactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			bo, err := f.batchOptions(cmd, args[0])
			if err != nil {
				if f.asJSON {
					// The run never started: the report is empty but for
					// the error.
					rw := batch.NewReportWriter(a.stdout, batch.BatchReport{Source: args[0], Destination: args[1]})
					rw.CloseWithError(nil, newJSONError(err))
				}
				return err
			}
			return a.runBatch(args[0], args[1], bo, &f)
		},
	}
	f.bind(cmd.Flags(), a.reg)
	cmd.Flags().StringVar(&f.shard, "shard", "", "convert only part K of N of the inputs (K/N)")
	cmd.Flags().StringVar(&f.report, "report", "", "write a JSON report of every file and the totals")
	cmd.Flags().BoolVar(&f.incremental, "incremental", false, "skip inputs whose outputs are up to date for the same options")
	cmd.Flags().BoolVar(&f.failFast, "fail-fast", false, "stop at the first failed file")
	cmd.Flags().BoolVar(&f.asJSON, "json", false, "print the report (schema "+batch.ReportSchema+") on stdout, with an error object on failure")
	return cmd
}

// runBatch runs one batch with progress, report and summary.
func (a *app) runBatch(src, dst string, bo *batch.BatchOptions, f *batchFlags) error {
	prog := a.newProgress(f.progress, f.verbose)
	bo.OnStart = prog.start
	bo.OnResult = prog.result
	head := batch.BatchReport{Source: src, Destination: dst, To: bo.Options.To, Shard: bo.Shard.String()}
	var stdoutReport *batch.ReportWriter
	if f.asJSON {
		stdoutReport = batch.NewReportWriter(a.stdout, head)
	}
	sum, err := a.runBatchReported(src, dst, bo, f, head, stdoutReport, prog)
	if stdoutReport != nil {
		var errObj any
		if err != nil {
			errObj = newJSONError(err)
		}
		if jerr := stdoutReport.CloseWithError(sum, errObj); jerr != nil && err == nil {
			err = jerr
		}
	}
	return err
}

// runBatchReported runs the batch, feeding --report and the stdout report
// (when not nil) as files finish, and returns the run's outcome as an
// error for the exit code.
func (a *app) runBatchReported(src, dst string, bo *batch.BatchOptions, f *batchFlags, head batch.BatchReport, stdoutReport *batch.ReportWriter, prog *progress) (*batch.BatchSummary, error) {
	var report *reportFile
	if f.report != "" {
		if err := checkReportPath(f.report, src, dst); err != nil {
			return nil, err
		}
		var err error
		if report, err = newReportFile(f.report, head); err != nil {
			return nil, err
		}
		defer report.abort()
	}
	onResult := bo.OnResult
	bo.OnResult = func(r *batch.FileResult) {
		if report != nil {
			report.w.Add(r)
		}
		if stdoutReport != nil {
			stdoutReport.Add(r)
		}
		onResult(r)
	}
	sum, err := batch.Batch(a.ctx, a.reg, src, dst, bo)
	prog.finish()
	if sum == nil {
		return nil, configError(err)
	}
	if report != nil {
		if rerr := report.commit(sum); rerr != nil && err == nil {
			err = rerr
		}
	}
	if prog.mode != "changes" || sum.Converted+sum.Failed > 0 {
		a.printSummary(sum)
	}
	return sum, batchOutcome(a, sum, err, prog)
}

// batchOutcome turns a finished run into the error its exit code follows.
func batchOutcome(a *app, sum *batch.BatchSummary, err error, prog *progress) error {
	switch {
	case errors.Is(err, a.ctx.Err()) && a.ctx.Err() != nil:
		return fmt.Errorf("interrupted: %d file(s) not converted; rerun with --incremental to finish", sum.Canceled)
	case err != nil:
		return err
	case sum.Failed > 0 && prog.strictOnly():
		return &batchFailure{sum: sum, strict: &physconv.StrictError{}}
	case sum.Failed > 0:
		return &batchFailure{sum: sum}
	}
	return nil
}

// batchFailure reports failed files; it unwraps to a StrictError when the
// only failures were warnings under --strict (exit 3).
type batchFailure struct {
	sum    *batch.BatchSummary
	strict *physconv.StrictError
}

func (e *batchFailure) Error() string {
	if e.strict != nil {
		return fmt.Sprintf("%d of %d file(s) had warnings under --strict; nothing written for them", e.sum.Failed, e.sum.Inputs)
	}
	return fmt.Sprintf("%d of %d file(s) failed; nothing written for them", e.sum.Failed, e.sum.Inputs)
}

func (e *batchFailure) Unwrap() error {
	if e.strict != nil {
		return e.strict
	}
	return nil
}

func (a *app) printSummary(s *batch.BatchSummary) {
	fmt.Fprintf(a.stderr, "converted %d, skipped %d, failed %d, canceled %d of %d file(s); %d warning(s); %.2fs (%.1f files/s)\n",
		s.Converted, s.Skipped, s.Failed, s.Canceled, s.Inputs, s.Warnings, s.Seconds, s.FilesPerSecond)
}

// checkReportPath refuses a --report path that would replace a file
// below SRC or DST other than an earlier report: an input, a side file it
// reads, or an output.
func checkReportPath(report, src, dst string) error {
	for _, dir := range []string{src, dst} {
		// DST may not be there yet: the paths are compared as given too
		if filepath.Clean(report) == filepath.Clean(dir) || batch.RealPath(report) == batch.RealPath(dir) {
			return fmt.Errorf("--report %s is the folder %s; give a file name (as %s)", report, dir, filepath.Join(dir, "report.json"))
		}
	}
	st, err := os.Stat(report)
	if err != nil {
		return nil // nothing there to replace
	}
	if !st.Mode().IsRegular() {
		return fmt.Errorf("--report %s is not a regular file", report)
	}
	real := batch.RealPath(report)
	for _, dir := range []string{src, dst} {
		rel, err := filepath.Rel(batch.RealPath(dir), real)
		if err != nil || !filepath.IsLocal(rel) {
			continue
		}
		if isBatchReport(report) {
			return nil
		}
		return fmt.Errorf("--report %s would replace a file below %s that is not a batch report; choose another path", report, dir)
	}
	return nil
}

// isBatchReport reports whether the file starts as ReportWriter starts a
// report.
func isBatchReport(p string) bool {
	f, err := os.Open(p)
	if err != nil {
		return false
	}
	defer f.Close()
	head := make([]byte, 64)
	n, _ := io.ReadFull(f, head)
	return strings.HasPrefix(string(head[:n]), "{\n  \"schema\": \""+strings.TrimSuffix(batch.ReportSchema, "1"))
}

// reportFile streams the report into a temporary file renamed into place
// at the end, so a report is always whole.
type reportFile struct {
	path string
	tmp  *os.File
	w    *batch.ReportWriter
	// elsewhere: the report's folder did not exist when the batch began
	// (DST, which the batch makes and clears of temporary files), so the
	// report is written in the system's temporary folder and copied
	// beside its name at the end
	elsewhere bool
}

func newReportFile(path string, head batch.BatchReport) (*reportFile, error) {
	r := &reportFile{path: path}
	var err error
	if st, serr := os.Stat(filepath.Dir(path)); serr == nil && st.IsDir() {
		r.tmp, err = physconv.CreateTemp(filepath.Dir(path), filepath.Base(path))
	} else {
		r.tmp, err = os.CreateTemp("", "physconv-report-*.json")
		r.elsewhere = true
	}
	if err != nil {
		return nil, err
	}
	r.w = batch.NewReportWriter(r.tmp, head)
	return r, nil
}

func (r *reportFile) commit(sum *batch.BatchSummary) error {
	err := r.w.Close(sum)
	if err == nil && r.elsewhere {
		err = r.copyBeside()
	}
	if cerr := r.tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil && !r.elsewhere {
		err = os.Rename(r.tmp.Name(), r.path)
	}
	if err != nil || r.elsewhere {
		os.Remove(r.tmp.Name())
	}
	if err != nil {
		return err
	}
	r.tmp = nil
	return nil
}

// copyBeside copies a report written elsewhere to a temporary file beside
// its path (making its folder) and renames it into place.
func (r *reportFile) copyBeside() error {
	if err := os.MkdirAll(filepath.Dir(r.path), 0o777); err != nil {
		return err
	}
	if _, err := r.tmp.Seek(0, io.SeekStart); err != nil {
		return err
	}
	dst, err := physconv.CreateTemp(filepath.Dir(r.path), filepath.Base(r.path))
	if err != nil {
		return err
	}
	_, err = io.Copy(dst, r.tmp)
	if cerr := dst.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(dst.Name(), r.path)
	}
	if err != nil {
		os.Remove(dst.Name())
	}
	return err
}

func (r *reportFile) abort() {
	if r.tmp != nil {
		r.tmp.Close()
		os.Remove(r.tmp.Name())
	}
}

// progress shows a batch as it runs: a bar on a terminal, one line per
// file otherwise ("changes": only files converted or failed, for watch).
// Failures are always printed with their error.
type progress struct {
	a       *app
	mode    string
	verbose bool
	bars    *mpb.Progress // the bar's container; lines are printed through it, above the bar
	bar     *mpb.Bar
	failed  int
	strict  int
}

func (a *app) newProgress(mode string, verbose bool) *progress {
	if mode == "auto" {
		mode = "lines"
		if f, ok := a.stderr.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
			mode = "bar"
		}
	}
	return &progress{a: a, mode: mode, verbose: verbose}
}

func (p *progress) start(total int) {
	if p.mode != "bar" {
		return
	}
	p.bars = mpb.New(mpb.WithOutput(p.a.stderr), mpb.WithAutoRefresh(), mpb.WithRefreshRate(100*time.Millisecond))
	p.bar = p.bars.AddBar(int64(total), mpb.BarRemoveOnComplete(),
		mpb.PrependDecorators(decor.Name("converting "), decor.CountersNoUnit("%d/%d files")),
		mpb.AppendDecorators(decor.AverageSpeed(nil, " %.1f files/s")))
}

func (p *progress) result(r *batch.FileResult) {
	if r.Status == batch.Failed {
		p.failed++
		if r.Diagnostics.Has("strict-warnings") {
			p.strict++
		}
	}
	var b strings.Builder
	switch {
	case (p.mode == "lines" || p.mode == "changes") && r.Status == batch.Converted:
		fmt.Fprintf(&b, "converted %s -> %s%s\n", r.Input, r.Output, warningCount(r.Diagnostics))
	case p.mode != "none" && r.Status == batch.Skipped && r.Diagnostics.Has("input-link-outside"),
		p.mode == "lines" && r.Status == batch.Skipped && r.Diagnostics.Has(convert.CodeInputNotRecognised):
		fmt.Fprintf(&b, "skipped %s\n", r.Input)
	case p.mode == "lines" && r.Status == batch.Skipped:
		fmt.Fprintf(&b, "up to date %s\n", r.Input)
	case p.mode != "none" && r.Status == batch.Failed:
		fmt.Fprintf(&b, "failed %s\n", r.Input)
	}
	if p.mode != "none" {
		for _, d := range r.Diagnostics {
			if p.verbose || d.Severity == convert.Error || d.Code == "input-link-outside" {
				fmt.Fprintf(&b, "  %s\n", d)
			}
		}
		if h := refHint(r.Err); h != "" && r.Status == batch.Failed {
			fmt.Fprintf(&b, "  hint: %s\n", h)
		}
	}
	if p.bar != nil {
		if b.Len() > 0 {
			fmt.Fprint(p.bars, b.String())
		}
		p.bar.Increment()
		return
	}
	fmt.Fprint(p.a.stderr, b.String())
}

func (p *progress) finish() {
	if p.bar != nil {
		// a batch that stops early (--fail-fast, an interrupt) leaves the
		// bar short of its total, which Wait would wait for
		p.bar.Abort(true)
		p.bars.Wait()
	}
}

// strictOnly reports whether every failure was warnings under --strict.
func (p *progress) strictOnly() bool { return p.failed > 0 && p.strict == p.failed }

func warningCount(ds convert.Diagnostics) string {
	n := 0
	for _, d := range ds {
		if d.Severity == convert.Warning {
			n++
		}
	}
	if n == 0 {
		return ""
	}
	return fmt.Sprintf(" (%d warning(s))", n)
}
