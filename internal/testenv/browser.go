package testenv

import (
	"os"
	"os/exec"
	"path/filepath"
	"testing"
)

// Browser is what a test needs to drive headless Chromium through
// playwright-core: the node binary, the folder whose node_modules holds
// playwright-core, and the browser binary.
type Browser struct {
	Node, PlaywrightHome, Chromium string
}

// HeadlessBrowser finds node, playwright-core (installed with the oracles
// under ORACLE_HOME, default ~/.cache/physconv-oracles) and Chromium
// (PHYSCONV_CHROMIUM, default /usr/bin/chromium), or skips the test (fails
// it in CI). It requires PHYSCONV_ORACLES like every oracle test.
func HeadlessBrowser(t testing.TB) Browser {
	t.Helper()
	dirFromEnv(t, "PHYSCONV_ORACLES")
	node, err := exec.LookPath("node")
	if err != nil {
		missing(t, "node not found on PATH")
	}
	home := os.Getenv("ORACLE_HOME")
	if home == "" {
		h, _ := os.UserHomeDir()
		home = filepath.Join(h, ".cache", "physconv-oracles")
	}
	if _, err := os.Stat(filepath.Join(home, "node_modules", "playwright-core", "package.json")); err != nil {
		missing(t, "playwright-core not installed under "+home+" (run the oracles' install.sh)")
	}
	chromium := os.Getenv("PHYSCONV_CHROMIUM")
	if chromium == "" {
		chromium = "/usr/bin/chromium"
	}
	if _, err := os.Stat(chromium); err != nil {
		missing(t, "chromium not found at "+chromium)
	}
	return Browser{Node: node, PlaywrightHome: home, Chromium: chromium}
}

// Artifacts returns a folder for files a test leaves for people to look
// at: $PHYSCONV_ARTIFACTS/name when set, else a new temporary folder that
// outlives the test. The test logs where it is.
func Artifacts(t testing.TB, name string) string {
	t.Helper()
	var dir string
	var err error
	if root := os.Getenv("PHYSCONV_ARTIFACTS"); root != "" {
		dir = filepath.Join(root, name)
		err = os.MkdirAll(dir, 0o755)
	} else {
		dir, err = os.MkdirTemp("", "physconv-"+name+"-")
	}
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("artifacts: %s", dir)
	return dir
}

// TestJS returns the folder whose node_modules holds the npm packages only
// tests use (three's loaders, urdf-loader), installed by .ci/install-testjs
// into PHYSCONV_TESTJS (default ~/.cache/physconv-testjs), or skips the
// test (fails it in CI).
func TestJS(t testing.TB, packages ...string) string {
	t.Helper()
	dir := os.Getenv("PHYSCONV_TESTJS")
	if dir == "" {
		h, _ := os.UserHomeDir()
		dir = filepath.Join(h, ".cache", "physconv-testjs")
	}
	for _, p := range packages {
		if _, err := os.Stat(filepath.Join(dir, "node_modules", p, "package.json")); err != nil {
			missing(t, "npm package "+p+" not installed under "+dir+" (run .ci/install-testjs)")
		}
	}
	return dir
}
