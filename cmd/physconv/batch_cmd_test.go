package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
)

// crateFormat is a test-only format: lines "crate NAME MASS", "warn" (a
// warning) or "bad" (malformed at that line). It emits ".crates" text.
var crateFormat = &convert.Format{
	Name:       "crate",
	Extensions: []string{".crate"},
	Parse: func(in *convert.Input) (*convert.Graph, convert.Diagnostics, error) {
		g := convert.NewGraph()
		var diags convert.Diagnostics
		for i, line := range strings.Split(string(in.Data), "\n") {
			f := strings.Fields(line)
			switch {
			case len(f) == 3 && f[0] == "crate":
				m, err := strconv.ParseFloat(f[2], 64)
				if err != nil {
					return nil, nil, convert.ErrorAtLine(i+1, "bad mass")
				}
				s := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{1, 1, 1}})
				g.AddNode(convert.Node{Name: f[1], Motion: &convert.Motion{Kind: convert.Dynamic, Mass: &m},
					Collider: &convert.Collider{Shape: s, Material: -1, Filter: -1}}, -1)
			case len(f) == 1 && f[0] == "warn":
				diags = append(diags, convert.Diagnostic{Severity: convert.Warning, Code: "crate-warning", Message: "a test warning"})
			case len(f) == 1 && f[0] == "bad":
				return nil, nil, convert.ErrorAtLine(i+1, "bad line")
			}
		}
		return g, diags, nil
	},
}

var cratesFormat = &convert.Format{
	Name:       "crates",
	Extensions: []string{".crates"},
	Emit: func(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
		var b strings.Builder
		for _, n := range g.Nodes {
			fmt.Fprintf(&b, "%s %g\n", n.Name, n.Motion.MassOr(0))
		}
		return &convert.Output{Main: []byte(b.String())}, nil, nil
	},
}

// syncBuffer is a bytes.Buffer safe for a command writing while a test reads.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// runCrates runs the CLI in-process with the test formats, stdout and
// stderr together.
func runCrates(ctx context.Context, stderr *syncBuffer, args ...string) int {
	return runCratesIO(ctx, stderr, stderr, args...)
}

// runCratesIO is runCrates with stdout apart.
func runCratesIO(ctx context.Context, stdout, stderr *syncBuffer, args ...string) int {
	a := &app{ctx: ctx, reg: convert.NewRegistry(crateFormat, cratesFormat),
		stdin: strings.NewReader(""), stdout: stdout, stderr: stderr}
	root := a.rootCommand()
	root.SetArgs(args)
	root.SetOut(stderr)
	root.SetErr(stderr)
	return a.exitCode(root.ExecuteContext(ctx))
}

func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func TestBatchCommandReportAndExitCodes(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	writeFiles(t, src, map[string]string{
		"a.crate": "crate a 2\n", "sub/b.crate": "crate b 3\nwarn\n", "sub/c.crate": "crate c 1\nbad\n", "notes.txt": "x",
	})
	report := filepath.Join(t.TempDir(), "report.json")
	var out syncBuffer
	code := runCrates(t.Context(), &out, "batch", src, dst, "--to", "crates", "-j", "2", "--report", report)
	if code != exitError {
		t.Fatalf("exit %d, want 1 (one file failed); output:\n%s", code, out.String())
	}
	for _, want := range []string{
		"converted a.crate -> a.crates\n",
		"converted sub/b.crate -> sub/b.crates (1 warning(s))\n",
		"failed sub/c.crate\n",
		"c.crate:2: bad line [input-malformed]",
		"converted 2, skipped 0, failed 1, canceled 0 of 3 file(s); 1 warning(s);",
		"physconv: 1 of 3 file(s) failed",
	} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, out.String())
		}
	}
	data, err := os.ReadFile(report)
	if err != nil {
		t.Fatal(err)
	}
	var rep batch.BatchReport
	if err := json.Unmarshal(data, &rep); err != nil {
		t.Fatalf("report: %v", err)
	}
	if rep.Schema != batch.ReportSchema || rep.Totals.Inputs != 3 || rep.Totals.Converted != 2 || rep.Totals.Failed != 1 || len(rep.Files) != 3 {
		t.Errorf("report %+v", rep)
	}
	if got, _ := os.ReadFile(filepath.Join(dst, "sub/b.crates")); string(got) != "b 3\n" {
		t.Errorf("sub/b.crates = %q", got)
	}

	// Under --strict the warning fails too; with only warnings failing, exit 3.
	os.Remove(filepath.Join(src, "sub/c.crate"))
	if code := runCrates(t.Context(), &out, "batch", src, t.TempDir(), "--to", "crates", "--strict"); code != exitStrict {
		t.Errorf("--strict with warnings: exit %d, want 3", code)
	}
	if code := runCrates(t.Context(), &out, "batch", src, dst, "--to", "crates", "--incremental", "--progress", "none"); code != exitOK {
		t.Errorf("--incremental: exit %d, want 0\n%s", code, out.String())
	}
	if !strings.Contains(out.String(), "converted 0, skipped 2, failed 0") {
		t.Errorf("--incremental did not skip both files:\n%s", out.String())
	}
}

func TestBatchCommandUsageAndConfigErrors(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, map[string]string{"a.crate": "crate a 1\n"})
	bad := filepath.Join(t.TempDir(), "bad.yaml")
	os.WriteFile(bad, []byte("defaults:\n  to: crates\n  density: lots\n"), 0o644)
	cases := []struct {
		args []string
		msg  string
	}{
		{[]string{"batch", src, t.TempDir()}, "batch needs --to"},
		{[]string{"batch", src, t.TempDir(), "--to", "crates", "--shard", "4/3"}, "--shard"},
		{[]string{"batch", src, t.TempDir(), "--to", "crates", "-j", "0"}, "--jobs"},
		{[]string{"batch", src, t.TempDir(), "--to", "crates", "--side-files", "move"}, "--side-files"},
		{[]string{"batch", src, t.TempDir(), "--config", bad}, "bad.yaml:3:12: density must be a positive number"},
		{[]string{"watch", src}, "accepts 2 arg(s)"},
	}
	for _, c := range cases {
		var out syncBuffer
		if code := runCrates(t.Context(), &out, c.args...); code != exitUsage || !strings.Contains(out.String(), c.msg) {
			t.Errorf("%v: exit %d, want 2 with %q; output:\n%s", c.args, code, c.msg, out.String())
		}
	}
}

func TestBatchCommandFlagsWinOverConfig(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	writeFiles(t, src, map[string]string{
		"a.crate":       "crate a 1\nwarn\n",
		"physconv.yaml": "defaults:\n  to: crates\n  strict: true\n",
	})
	var out syncBuffer
	if code := runCrates(t.Context(), &out, "batch", src, dst); code != exitStrict {
		t.Errorf("config strict: exit %d, want 3\n%s", code, out.String())
	}
	if code := runCrates(t.Context(), &out, "batch", src, dst, "--strict=false"); code != exitOK {
		t.Errorf("--strict=false over the config: exit %d, want 0\n%s", code, out.String())
	}
	if code := runCrates(t.Context(), &out, "batch", src, t.TempDir(), "--no-config", "--to", "crates"); code != exitOK {
		t.Errorf("--no-config: exit %d, want 0\n%s", code, out.String())
	}
}

func TestWatchReconvertsOnSave(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	writeFiles(t, src, map[string]string{"a.crate": "crate a 1\n"})
	ctx, cancel := context.WithCancel(t.Context())
	var out syncBuffer
	done := make(chan int)
	go func() { done <- runCrates(ctx, &out, "watch", src, dst, "--to", "crates", "--settle", "50ms") }()
	waitFor := func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				cancel()
				t.Fatalf("timed out waiting for %s; output:\n%s", what, out.String())
			}
		}
	}
	content := func(name string) func() bool {
		return func() bool {
			want := map[string]string{"a.crates": "a 1\n", "a2.crates": "a 7\n", "new/b.crates": "b 2\n"}[name]
			data, _ := os.ReadFile(filepath.Join(dst, filepath.FromSlash(name)))
			return string(data) == want
		}
	}
	waitFor("the first conversion", func() bool { return strings.Contains(out.String(), "watching ") && content("a.crates")() })

	writeFiles(t, src, map[string]string{"a.crate": "crate a 7\n"})
	waitFor("the re-conversion of a saved file", func() bool {
		data, _ := os.ReadFile(filepath.Join(dst, "a.crates"))
		return string(data) == "a 7\n"
	})
	writeFiles(t, src, map[string]string{"new/b.crate": "crate b 2\n"})
	waitFor("a file in a new folder", content("new/b.crates"))

	cancel()
	if code := <-done; code != exitOK {
		t.Errorf("watch ended with exit %d\n%s", code, out.String())
	}
	if n := strings.Count(out.String(), "converted a.crate -> a.crates"); n != 2 {
		t.Errorf("a.crate converted %d times, want 2 (start and save):\n%s", n, out.String())
	}
}

// TestBatchCommandJSON: --json prints the report on stdout, alone, with an
// error object exactly when the run fails (a failed file, or a usage error
// before any input is read).
func TestBatchCommandJSON(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, map[string]string{"a.crate": "crate a 2\n", "b.crate": "crate b 1\nbad\n"})
	type errObj struct {
		Message  string `json:"message"`
		Kind     string `json:"kind"`
		ExitCode int    `json:"exitCode"`
	}
	type doc struct {
		batch.BatchReport
		Error *errObj `json:"error"`
	}
	cases := []struct {
		name      string
		args      []string
		code      int
		converted int
		failed    int
		err       *errObj
	}{
		{"one file fails", []string{"--to", "crates"}, exitError, 1, 1,
			&errObj{Message: "1 of 2 file(s) failed; nothing written for them", Kind: "input", ExitCode: exitError}},
		{"every file converts", []string{"--to", "crates", "--exclude", "b.crate"}, exitOK, 1, 0, nil},
		{"usage error", []string{"--to", "crates", "-j", "0"}, exitUsage, 0, 0,
			&errObj{Message: "--jobs must be at least 1, not 0", Kind: "usage", ExitCode: exitUsage}},
	}
	for _, c := range cases {
		var stdout, stderr syncBuffer
		args := append([]string{"batch", src, t.TempDir(), "--json", "--progress", "none"}, c.args...)
		code := runCratesIO(t.Context(), &stdout, &stderr, args...)
		if code != c.code {
			t.Errorf("%s: exit %d, want %d\n%s", c.name, code, c.code, stderr.String())
		}
		var d doc
		if err := json.Unmarshal([]byte(stdout.String()), &d); err != nil {
			t.Fatalf("%s: stdout is not one JSON document: %v\n%s", c.name, err, stdout.String())
		}
		if d.Schema != batch.ReportSchema || d.Source != src || d.Totals.Converted != c.converted || d.Totals.Failed != c.failed {
			t.Errorf("%s: report %+v", c.name, d.BatchReport)
		}
		if len(d.Files) != c.converted+c.failed {
			t.Errorf("%s: %d file entries, want %d", c.name, len(d.Files), c.converted+c.failed)
		}
		switch {
		case c.err == nil && d.Error != nil:
			t.Errorf("%s: error %+v on success", c.name, d.Error)
		case c.err != nil && (d.Error == nil || *d.Error != *c.err):
			t.Errorf("%s: error %+v, want %+v", c.name, d.Error, c.err)
		}
	}
}

// TestBatchProgressBar runs batches with the bar drawn (on a writer that
// is no terminal, as --progress bar allows): failures are printed with
// their error, the bar counts every file, and a batch that stops at its
// first failure still returns.
func TestBatchProgressBar(t *testing.T) {
	src := t.TempDir()
	writeFiles(t, src, map[string]string{"a.crate": "crate a 1\n", "b.crate": "bad\n", "c.crate": "crate c 2\n"})
	for _, c := range []struct {
		args []string
		code int
		want []string
	}{
		{nil, exitError, []string{"failed b.crate", "bad line", "converting 3/3 files"}},
		{[]string{"--fail-fast", "-j", "1"}, exitError, []string{"failed b.crate", "--fail-fast"}},
	} {
		var out syncBuffer
		done := make(chan int, 1)
		go func() {
			done <- runCrates(t.Context(), &out, append([]string{"batch", src, t.TempDir(), "--to", "crates", "--progress", "bar"}, c.args...)...)
		}()
		select {
		case code := <-done:
			if code != c.code {
				t.Errorf("%v: exit %d, want %d\n%s", c.args, code, c.code, out.String())
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("%v: the batch did not return\n%s", c.args, out.String())
		}
		for _, w := range c.want {
			if !strings.Contains(out.String(), w) {
				t.Errorf("%v: no %q in\n%s", c.args, w, out.String())
			}
		}
	}
}
