//go:build unix

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestBatchReportNeverReplacesAnInputOrOutput(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
	writeFiles(t, dir, map[string]string{
		"src/a.crate": "crate a 2\n", "src/meshes/m.stl": "solid\n", "dst/old.crates": "keep\n",
	})
	if err := os.Symlink("src", filepath.Join(dir, "alias")); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		report string
		ok     bool
	}{
		{"src/a.crate", false},
		{"src/meshes/m.stl", false},
		{"alias/a.crate", false}, // through a link
		{"dst/old.crates", false},
		{"src/report.json", true}, // new file
		{"src/report.json", true}, // an earlier report is replaced
		{"elsewhere.json", true},
	}
	for _, c := range cases {
		report := filepath.Join(dir, c.report)
		before, _ := os.ReadFile(report)
		var out syncBuffer
		code := runCrates(t.Context(), &out, "batch", src, dst, "--to", "crates", "--progress", "none", "--report", report)
		after, _ := os.ReadFile(report)
		if c.ok {
			if code != exitOK || !strings.Contains(string(after), `"schema": "physconv-batch-report/1"`) {
				t.Errorf("--report %s: exit %d, report %q\n%s", c.report, code, after, out.String())
			}
			continue
		}
		if code != exitError || string(after) != string(before) || !strings.Contains(out.String(), "not a batch report") {
			t.Errorf("--report %s: exit %d, file now %q (was %q)\n%s", c.report, code, after, before, out.String())
		}
	}
}

// --report inside a DST the batch is yet to make failed after the whole
// run (its temporary file had no folder, or was cleared with DST's
// leftovers); --report naming DST itself failed only after converting
// every file. The first is written now, the second refused at once.
func TestBatchReportInNewDestination(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
	writeFiles(t, dir, map[string]string{"src/a.crate": "crate a 2\n"})
	var out syncBuffer
	report := filepath.Join(dst, "sub", "report.json")
	if code := runCrates(t.Context(), &out, "batch", src, dst, "--to", "crates", "--progress", "none", "--report", report); code != exitOK {
		t.Fatalf("--report in a new DST: exit %d\n%s", code, out.String())
	}
	if got, _ := os.ReadFile(report); !strings.Contains(string(got), `"schema": "physconv-batch-report/1"`) {
		t.Errorf("report %q", got)
	}
	if _, err := os.Stat(filepath.Join(dst, "a.crates")); err != nil {
		t.Error(err)
	}
	for _, r := range []string{filepath.Join(dir, "dst2"), src} {
		var out syncBuffer
		code := runCrates(t.Context(), &out, "batch", src, filepath.Join(dir, "dst2"), "--to", "crates", "--progress", "none", "--report", r)
		if code != exitError || !strings.Contains(out.String(), "give a file name") {
			t.Errorf("--report %s: exit %d\n%s", r, code, out.String())
		}
		if _, err := os.Stat(filepath.Join(dir, "dst2", "a.crates")); err == nil {
			t.Errorf("--report %s: the batch ran", r)
		}
	}
}

func TestOutputsHonourTheUmask(t *testing.T) {
	for _, mask := range []int{0o022, 0o077, 0o002} {
		old := syscall.Umask(mask)
		src, dst := t.TempDir(), t.TempDir()
		writeFiles(t, src, map[string]string{"a.crate": "crate a 2\n"})
		report := filepath.Join(t.TempDir(), "r.json")
		var out syncBuffer
		code := runCrates(t.Context(), &out, "batch", src, dst, "--to", "crates", "--progress", "none", "--report", report)
		syscall.Umask(old)
		if code != exitOK {
			t.Fatalf("exit %d\n%s", code, out.String())
		}
		want := os.FileMode(0o666 &^ mask)
		for _, p := range []string{filepath.Join(dst, "a.crates"), report} {
			st, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			if st.Mode().Perm() != want {
				t.Errorf("umask %03o: %s has mode %v, want %v", mask, filepath.Base(p), st.Mode().Perm(), want)
			}
		}
	}
}

// startWatch runs watch in the background and returns a function that
// waits until ok holds and one that stops it and returns its exit code.
func startWatch(t *testing.T, args ...string) (out *syncBuffer, waitFor func(string, func() bool), stop func() int) {
	ctx, cancel := context.WithCancel(t.Context())
	out = &syncBuffer{}
	done := make(chan int, 1)
	go func() { done <- runCrates(ctx, out, append([]string{"watch"}, args...)...) }()
	waitFor = func(what string, ok func() bool) {
		t.Helper()
		for deadline := time.Now().Add(10 * time.Second); !ok(); time.Sleep(10 * time.Millisecond) {
			if time.Now().After(deadline) {
				cancel()
				t.Fatalf("timed out waiting for %s; output:\n%s", what, out.String())
			}
		}
	}
	stop = func() int { cancel(); return <-done }
	return out, waitFor, stop
}

func fileIs(p, want string) func() bool {
	return func() bool { data, err := os.ReadFile(p); return err == nil && string(data) == want }
}

func TestWatchRefusesDestinationInsideSource(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string]string{"src/a.crate": "crate a 1\n", "src/out/.keep": ""})
	os.Symlink("src/out", filepath.Join(dir, "link"))
	os.Symlink("src", filepath.Join(dir, "srclink"))
	for _, c := range [][2]string{{"src", "src/out"}, {"src", "link"}, {"src", "src"}, {"srclink", "src/new"}, {"src", "link/deeper"}} {
		var out syncBuffer
		code := runCrates(t.Context(), &out, "watch", filepath.Join(dir, c[0]), filepath.Join(dir, c[1]), "--to", "crates")
		if code != exitError || !strings.Contains(out.String(), "lies inside SRC") {
			t.Errorf("watch %s %s: exit %d\n%s", c[0], c[1], code, out.String())
		}
	}
	if entries, _ := os.ReadDir(filepath.Join(dir, "src/out")); len(entries) != 1 {
		t.Errorf("something was written below SRC: %v", entries)
	}
}

func TestWatchSurvivesSourceRecreatedAndRestoresOutputs(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
	writeFiles(t, dir, map[string]string{"src/a.crate": "crate a 1\n", "src/sub/b.crate": "crate b 2\n"})
	out, waitFor, stop := startWatch(t, src, dst, "--to", "crates", "--settle", "50ms")
	waitFor("the first conversion", func() bool {
		return strings.Contains(out.String(), "watching ") && fileIs(filepath.Join(dst, "sub/b.crates"), "b 2\n")()
	})

	os.Remove(filepath.Join(dst, "a.crates"))
	waitFor("a deleted output restored", fileIs(filepath.Join(dst, "a.crates"), "a 1\n"))
	os.RemoveAll(filepath.Join(dst, "sub"))
	waitFor("a deleted output folder restored", fileIs(filepath.Join(dst, "sub/b.crates"), "b 2\n"))

	os.RemoveAll(src)
	time.Sleep(200 * time.Millisecond)
	writeFiles(t, dir, map[string]string{"src/c.crate": "crate c 3\n"})
	waitFor("a file in the re-created SRC", fileIs(filepath.Join(dst, "c.crates"), "c 3\n"))
	writeFiles(t, dir, map[string]string{"src/c.crate": "crate c 4\n"})
	waitFor("a save in the re-created SRC", fileIs(filepath.Join(dst, "c.crates"), "c 4\n"))

	if code := stop(); code != exitOK {
		t.Errorf("watch ended with exit %d\n%s", code, out.String())
	}
}
