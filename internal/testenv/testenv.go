// Package testenv finds the shared corpus and the external oracles for
// tests. PHYSCONV_CORPUS and PHYSCONV_ORACLES point at them (.ci/run sets
// both). Where they are unset, tests that need them skip with a message; in
// CI (CI=true) a missing corpus or oracle is a failure, not a skip.
package testenv

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// InCI reports whether the tests run under CI, where nothing may skip.
func InCI() bool { return os.Getenv("CI") == "true" }

// Corpus returns the corpus root (…/shared/corpus) or skips the test.
func Corpus(t testing.TB) string {
	t.Helper()
	return dirFromEnv(t, "PHYSCONV_CORPUS")
}

// CorpusPath returns a path inside the corpus or skips the test.
func CorpusPath(t testing.TB, rel ...string) string {
	t.Helper()
	return filepath.Join(append([]string{Corpus(t)}, rel...)...)
}

// Oracle returns the path of an oracle script (e.g. "mj-inspect") or skips.
func Oracle(t testing.TB, name string) string {
	t.Helper()
	p := filepath.Join(dirFromEnv(t, "PHYSCONV_ORACLES"), name)
	if _, err := os.Stat(p); err != nil {
		missing(t, "oracle "+name+" not found at "+p)
	}
	return p
}

// RunOracle runs an oracle script and returns its stdout and exit code.
// Exit codes 0 and 1 are answers (accepted/rejected); anything else fails
// the test. An answer given before to the same question about the same
// files is given again without running the oracle (see answers).
func RunOracle(t testing.TB, name string, args ...string) ([]byte, int) {
	t.Helper()
	// the oracle is found (or the test skipped) before any answer is recalled
	key, plain, steps, memo := memoKey(name, Oracle(t, name), args)
	if memo {
		if a, ok := recalled(key, plain, steps); ok {
			return slices.Clone(a.out), a.code
		}
	}
	out, code := runOracle(t, name, args)
	if memo {
		remember(key, plain, steps, answer{out: out, code: code})
	}
	return out, code
}

// RunOracleAfresh is RunOracle that always runs the oracle and keeps
// nothing, for a test of how the oracle answers where the files lie (the
// remembered answers take a copy of the same files elsewhere for the same
// question).
func RunOracleAfresh(t testing.TB, name string, args ...string) ([]byte, int) {
	t.Helper()
	return runOracle(t, name, args)
}

// runOracle is RunOracle without the remembered answers.
func runOracle(t testing.TB, name string, args []string) ([]byte, int) {
	t.Helper()
	out, err := oracleCommand(t, name, args).Output()
	// the browser an oracle drives sometimes dies while launching, or
	// closes before the page loads, on a loaded machine; that says
	// nothing about the input: try once more
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 2 && browserDied(out) {
		t.Logf("oracle %s: the browser died before the engine ran; running it again", name)
		out, err = oracleCommand(t, name, args).Output()
	}
	code := 0
	if err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatalf("oracle %s: %v", name, err)
		}
		code = ee.ExitCode()
		if code > 1 {
			t.Fatalf("oracle %s %v: exit %d: %s\n%s", name, args, code, out, ee.Stderr)
		}
	}
	if name == "mj-inspect" && code == 0 && lostNames(out) {
		if again, ok := inspectRenamed(t, args); ok {
			return again, 0
		}
		if named, ok := namesFromSaved(t, args, out); ok {
			t.Logf("mj-inspect lost the names of %v at every path tried; they are read from MuJoCo's re-written model", args)
			return named, 0
		}
	}
	return out, code
}

// browserDied reports whether an oracle's answer says its browser failed
// to start or closed before the page loaded.
func browserDied(out []byte) bool {
	return bytes.Contains(out, []byte("browserType.launch")) ||
		bytes.Contains(out, []byte("page.goto: Target page, context or browser has been closed"))
}

// oracleCommand is the command that runs an oracle. Godot 4's web build
// runs in the browser's baseline WebAssembly compiler only: a run lasts
// seconds, too short for the optimizing compiler to pay back compiling
// the engine a second time, and WebAssembly computes the same either way
// (the reports are identical). A GODOT4_INSPECT_JSFLAGS already set is
// kept.
func oracleCommand(t testing.TB, name string, args []string) *exec.Cmd {
	t.Helper()
	cmd := exec.Command(Oracle(t, name), args...)
	if name == "godot4-inspect" {
		if _, set := os.LookupEnv("GODOT4_INSPECT_JSFLAGS"); !set {
			cmd.Env = append(os.Environ(), "GODOT4_INSPECT_JSFLAGS=--liftoff-only")
		}
	}
	return cmd
}

// lostNames reports whether an mj-inspect report names every body but the
// world by the placeholder it gives an unnamed one ("body3" for body 3)
// while the model has a name. MuJoCo's WebAssembly build then read the
// names from a view of its memory that had been replaced as the memory
// grew, which depends on how long the file's path is: the same file gives
// its names from one folder and loses them from another.
func lostNames(report []byte) bool {
	var r struct {
		Model  *string `json:"model"`
		Bodies []struct {
			ID   int    `json:"id"`
			Name string `json:"name"`
		} `json:"bodies"`
	}
	if json.Unmarshal(report, &r) != nil || r.Model == nil || len(r.Bodies) < 2 {
		return false
	}
	for _, b := range r.Bodies[1:] {
		if b.Name != fmt.Sprintf("body%d", b.ID) {
			return false
		}
	}
	return true
}

// inspectRenamed runs mj-inspect again on a copy of its file beside it
// under longer names (a path of another length), for a report that lost
// its names; ok is false when none of them keeps the names. A file the
// test does not own (in the corpus) is copied into a mirror of its folder
// under the temporary folder instead, never beside itself.
//
// Whether the names are lost follows the path's length in aligned blocks
// of eight: every length of a block keeps them or every length loses
// them, and up to five blocks in a row (40 lengths) were seen to lose
// them, in 1,200 paths probed. The copies lengthen the name by one block
// at a time, up to renameBlocks blocks.
func inspectRenamed(t testing.TB, args []string) ([]byte, bool) {
	t.Helper()
	at, _ := modelArgs(args)
	if at < 0 {
		return nil, false
	}
	file := args[at]
	orig := file
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, false
	}
	if dir, ok := testOwned(filepath.Dir(file)); !ok {
		// never write beside a file the test does not own (the corpus,
		// which other tests list meanwhile): the copies go into a mirror
		// of its folder
		tmp, err := os.MkdirTemp("", "mjnames")
		if err != nil {
			return nil, false
		}
		defer os.RemoveAll(tmp)
		if mirrorFolder(dir, tmp) != nil {
			return nil, false
		}
		file = filepath.Join(tmp, filepath.Base(file))
	}
	ext := filepath.Ext(file)
	stem := strings.TrimSuffix(file, ext)
	for block := 1; block <= renameBlocks; block++ {
		copyPath := stem + "_" + strings.Repeat("0", 8*block-1) + ext
		if _, err := os.Stat(copyPath); err == nil {
			continue
		}
		if os.WriteFile(copyPath, data, 0o644) != nil {
			return nil, false
		}
		again := append([]string(nil), args...)
		again[at] = copyPath
		out, err := exec.Command(Oracle(t, "mj-inspect"), again...).Output()
		os.Remove(copyPath)
		if err == nil && !lostNames(out) {
			t.Logf("mj-inspect lost the names of %s; read them from a copy at %s", orig, copyPath)
			return out, true
		}
	}
	return nil, false
}

// modelArgs reads mj-inspect's arguments: at is the index of the model
// file (-1 when there is none, or when they ask for --to-mjcf), load the
// arguments that load the same model (the file and the options that find
// its files), without those that say what to report.
func modelArgs(args []string) (at int, load []string) {
	at = -1
	for i := 0; i < len(args); i++ {
		switch a := args[i]; a {
		case "--meshdir", "--root":
			if i+1 < len(args) {
				load = append(load, a, args[i+1])
			}
			i++
		case "--steps", "--backend", "--bench":
			i++
		case "--to-mjcf":
			return -1, nil
		case "--keep-static":
			load = append(load, a)
		default:
			if !strings.HasPrefix(a, "--") {
				at = i
				load = append(load, a)
			}
		}
	}
	return at, load
}

// testOwned returns dir made absolute, and whether it lies under the
// temporary folder, where tests write their own files.
func testOwned(dir string) (string, bool) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return dir, false
	}
	rel, err := filepath.Rel(os.TempDir(), abs)
	return abs, err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator))
}

// mirrorFolder makes dst hold the files of src, hard-linked where the
// file system allows it and copied otherwise (a model's folder: the model,
// its meshes and includes, at most a few thousand files).
func mirrorFolder(src, dst string) error {
	count := 0
	return filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if count++; count > 5000 {
			return fmt.Errorf("%s holds more than 5,000 files", src)
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		to := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(to, 0o755)
		}
		if os.Link(p, to) == nil {
			return nil
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(to, data, 0o644)
	})
}

// renameBlocks bounds the copies inspectRenamed tries: one more than the
// longest run of lost blocks seen. In a run of the whole suite every copy
// that kept the names did so within three blocks, while 15 models lost
// them in all of fifteen (the names then come from MuJoCo's re-written
// model, namesFromSaved): each block more is a MuJoCo run in vain.
const renameBlocks = 6

func dirFromEnv(t testing.TB, env string) string {
	t.Helper()
	d := os.Getenv(env)
	if d == "" {
		missing(t, env+" is not set (run .ci/run, or export it to point into ../shared)")
		return ""
	}
	if st, err := os.Stat(d); err != nil || !st.IsDir() {
		missing(t, env+"="+d+" is not a folder")
	}
	return d
}

func missing(t testing.TB, msg string) {
	t.Helper()
	if InCI() {
		t.Fatal(msg)
	}
	t.Skip(msg)
}
