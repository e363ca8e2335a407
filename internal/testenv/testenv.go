// Package testenv finds the shared corpus and the external oracles for
// tests. PHYSCONV_CORPUS and PHYSCONV_ORACLES point at them (.ci/run sets
// both). Where they are unset, tests that need them skip with a message; in
// CI (CI=true) a missing corpus or oracle is a failure, not a skip.
package testenv

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
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
// the test.
func RunOracle(t testing.TB, name string, args ...string) ([]byte, int) {
	t.Helper()
	out, err := exec.Command(Oracle(t, name), args...).Output()
	// the browser an oracle drives sometimes dies while launching on a
	// loaded machine; that says nothing about the input: try once more
	if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 2 && bytes.Contains(out, []byte("browserType.launch")) {
		t.Logf("oracle %s: the browser failed to launch; running it again", name)
		out, err = exec.Command(Oracle(t, name), args...).Output()
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
	return out, code
}

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
