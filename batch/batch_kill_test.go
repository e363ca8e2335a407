package batch_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
)

// The killed-run test re-executes this test binary as a child that runs a
// batch; the parent kills it with SIGKILL part-way.
const childEnv = "PHYSCONV_BATCH_KILL_CHILD"

func TestMain(m *testing.M) {
	if dirs := os.Getenv(childEnv); dirs != "" {
		src, dst, _ := strings.Cut(dirs, string(os.PathListSeparator))
		opts := batch.BatchOptions{Options: convert.Options{To: "boxout"}, Jobs: 2, Incremental: true}
		if _, err := batch.Batch(context.Background(), boxRegistry(), src, dst, &opts); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

func TestBatchKilledRunLeavesNoPartialOutputAndIncrementalFinishes(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	src, dst := t.TempDir(), t.TempDir()
	const n = 200
	files := map[string]string{}
	want := map[string]string{} // output → its complete content
	for i := range n {
		// Large enough outputs that a kill can land during a write.
		var b strings.Builder
		b.WriteString("sleep 4\n")
		for j := range 200 {
			fmt.Fprintf(&b, "box b%d_%d 1 %d\n", i, j, j+1)
		}
		files[fmt.Sprintf("d%d/f%03d.box", i%5, i)] = b.String()
		var o strings.Builder
		for j := range 200 {
			fmt.Fprintf(&o, "b%d_%d %d\n", i, j, j+1)
		}
		want[fmt.Sprintf("d%d/f%03d.boxout", i%5, i)] = o.String()
	}
	writeTree(t, src, files)

	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), childEnv+"="+src+string(os.PathListSeparator)+dst)
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for countOutputs(dst) < n/4 && time.Now().Before(deadline) {
		time.Sleep(2 * time.Millisecond)
	}
	child.Process.Signal(syscall.SIGKILL)
	child.Wait()

	done := map[string]bool{}
	for _, f := range listTree(t, dst) {
		base := filepath.Base(f)
		switch {
		case f == batch.ManifestName:
		case strings.HasPrefix(base, ".") && strings.Contains(base, ".tmp"):
			// an unfinished temporary file: never at an output's name
		default:
			data, _ := os.ReadFile(filepath.Join(dst, f))
			if string(data) != want[f] {
				t.Errorf("%s is partial or unexpected after the kill (%d bytes)", f, len(data))
			}
			done[f] = true
		}
	}
	if len(done) == 0 || len(done) == n {
		t.Fatalf("the kill did not land mid-way: %d of %d outputs", len(done), n)
	}

	// The manifest line follows the main file's rename: an output whose
	// line the kill cut off is converted again (to the same bytes).
	recorded := map[string]bool{}
	if data, err := os.ReadFile(filepath.Join(dst, batch.ManifestName)); err == nil {
		for _, line := range strings.SplitAfter(string(data), "\n") {
			var e struct{ Outputs []struct{ Path string } }
			if strings.HasSuffix(line, "\n") && json.Unmarshal([]byte(line), &e) == nil && len(e.Outputs) > 0 {
				recorded[e.Outputs[0].Path] = true
			}
		}
	}
	for f := range done {
		if !recorded[f] {
			delete(done, f)
		}
	}

	sum, res, err := runBatch(t, src, dst, batch.BatchOptions{Options: convert.Options{To: "boxout"}, Incremental: true})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range res {
		wantStatus := batch.Converted
		if done[r.Output] {
			wantStatus = batch.Skipped
		}
		if r.Status != wantStatus {
			t.Errorf("%s: %s, want %s", r.Input, r.Status, wantStatus)
		}
	}
	if sum.Converted != n-len(done) || sum.Skipped != len(done) {
		t.Errorf("rerun %+v, want %d converted and %d skipped", sum, n-len(done), len(done))
	}
	for _, f := range listTree(t, dst) {
		if f != batch.ManifestName && want[f] == "" {
			t.Errorf("left behind after the rerun: %s", f)
		}
	}
	t.Logf("killed after %d of %d outputs; the rerun converted %d", len(done), n, sum.Converted)
}

func countOutputs(dir string) int {
	n := 0
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && filepath.Ext(p) == ".boxout" {
			n++
		}
		return nil
	})
	return n
}

// TestBatchKilledRunNeverLeavesAMainFileWithAnotherSideFile: 200 inputs
// in one folder each write a side file of the same name with their own
// bytes; all are changed and a run is killed part-way. Every main file
// must still name a side file holding the bytes of its own version, and
// the next run finishes the job and removes the side files no output
// names.
func TestBatchKilledRunNeverLeavesAMainFileWithAnotherSideFile(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	src, dst := t.TempDir(), t.TempDir()
	const n = 200
	version := func(v int) map[string]string {
		files := map[string]string{}
		for i := range n {
			files[fmt.Sprintf("f%03d.box", i)] = fmt.Sprintf("sleep 4\nbox b%d 1 %d\nside meshes/s.stl V%d-%d\n", i, v, v, i)
		}
		return files
	}
	// check returns how many outputs are at version 2, after checking that
	// every output names its own side file.
	check := func(when string) int {
		at2 := 0
		for i := range n {
			main, err := os.ReadFile(filepath.Join(dst, fmt.Sprintf("f%03d.boxout", i)))
			if err != nil {
				t.Fatalf("%s: %v", when, err)
			}
			var mass int
			var side string
			if _, err := fmt.Sscanf(string(main), "b%d %d\nside %q\n", new(int), &mass, &side); err != nil {
				t.Fatalf("%s: f%03d.boxout = %q: %v", when, i, main, err)
			}
			got, err := os.ReadFile(filepath.Join(dst, side))
			if want := fmt.Sprintf("V%d-%d", mass, i); err != nil || string(got) != want {
				t.Errorf("%s: f%03d.boxout (version %d) names %s holding %q (%v), want %q", when, i, mass, side, got, err, want)
			}
			if mass == 2 {
				at2++
			}
		}
		return at2
	}
	writeTree(t, src, version(1))
	opts := batch.BatchOptions{Options: convert.Options{To: "boxout"}, Incremental: true}
	if _, _, err := runBatch(t, src, dst, opts); err != nil {
		t.Fatal(err)
	}
	check("after the first run")

	writeTree(t, src, version(2))
	child := exec.Command(os.Args[0], "-test.run=^$")
	child.Env = append(os.Environ(), childEnv+"="+src+string(os.PathListSeparator)+dst)
	if err := child.Start(); err != nil {
		t.Fatal(err)
	}
	countNew := func() int {
		entries, _ := os.ReadDir(filepath.Join(dst, "meshes"))
		return len(entries) - n
	}
	for deadline := time.Now().Add(60 * time.Second); countNew() < n/4 && time.Now().Before(deadline); {
		time.Sleep(2 * time.Millisecond)
	}
	child.Process.Signal(syscall.SIGKILL)
	child.Wait()
	at2 := check("after the kill")
	if at2 == 0 || at2 == n {
		t.Fatalf("the kill did not land mid-way: %d of %d outputs changed", at2, n)
	}

	sum, _, err := runBatch(t, src, dst, opts)
	if err != nil {
		t.Fatal(err)
	}
	if got := check("after the rerun"); got != n {
		t.Errorf("%d of %d outputs at the new version after the rerun (%+v)", got, n, sum)
	}
	if entries, _ := os.ReadDir(filepath.Join(dst, "meshes")); len(entries) != n {
		t.Errorf("meshes/ holds %d files after the rerun, want %d (one per output)", len(entries), n)
	}
	t.Logf("killed with %d of %d outputs changed; the rerun converted %d", at2, n, sum.Converted)
}
