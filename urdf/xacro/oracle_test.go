package xacro

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/internal/testenv"
)

// TestBehavioursMatchOracle runs every behaviour case through the
// reference xacro: where the case expects a document, the reference must
// produce the same one; where it expects an error, the reference must
// refuse the input too.
func TestBehavioursMatchOracle(t *testing.T) {
	oracle := testenv.Oracle(t, "xacro-expand")
	dir := t.TempDir()
	for name, body := range sideFiles {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkgXML := `<package><name>demo_pkg</name></package>`
	if err := os.WriteFile(filepath.Join(dir, "ws", "demo_pkg", "package.xml"), []byte(pkgXML), 0o644); err != nil {
		t.Fatal(err)
	}
	// Cases whose output holds absolute paths (which differ by design).
	skip := map[string]bool{"find": true, "dirname": true}
	for i, c := range behaviourCases {
		if skip[c.name] {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			t.Parallel() // each case has its own main file; the reference takes seconds per run
			main := filepath.Join(dir, "t", fmt.Sprintf("main%d.xacro", i))
			if err := os.WriteFile(main, []byte(c.src), 0o644); err != nil {
				t.Fatal(err)
			}
			args := []string{"--package-path", filepath.Join(dir, "ws"), main}
			for k, v := range c.args {
				args = append(args, k+":="+v)
			}
			cmd := exec.Command(oracle, args...)
			cmd.Dir = filepath.Join(dir, "t")
			cmd.Env = append(os.Environ(), "DEMO_ENV=from-env")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			out, err := cmd.Output()
			if c.err != "" {
				if err == nil {
					t.Errorf("reference accepts the input, the case expects the error %q:\n%s", c.err, out)
				}
				return
			}
			if err != nil {
				t.Fatalf("reference refuses the input: %v\n%s", err, stderr.String())
			}
			if d := canonDiff(out, []byte(c.want)); d != "" {
				t.Errorf("reference differs from the case: %s\n%s", d, strings.TrimSpace(string(out)))
			}
		})
	}
}

// TestSuitePR2: the PR2 snapshot of xacro's own test suite expands to its
// golden expansion ($(find xacro) is the vendored xacro folder), numbers
// within 1e-9 as that suite compares them.
func TestSuitePR2(t *testing.T) {
	vendor, err := filepath.Abs(filepath.Join(filepath.Dir(testenv.Oracle(t, "xacro-expand")), "vendor", "xacro"))
	if err != nil {
		t.Fatal(err)
	}
	opts := osOptions(vendor, nil, nil)
	opts.FindPackage = func(name string) (string, error) {
		if name != "xacro" {
			t.Fatalf("unexpected $(find %s)", name)
		}
		return filepath.ToSlash(vendor), nil
	}
	dir := filepath.Join(vendor, "test", "robots", "pr2")
	res, err := Expand(filepath.ToSlash(filepath.Join(dir, "pr2.urdf.xacro")), opts)
	if err != nil {
		t.Fatal(err)
	}
	got, _ := Encode(res.Root)
	want, err := os.ReadFile(filepath.Join(dir, "pr2_1.11.4.xml"))
	if err != nil {
		t.Fatal(err)
	}
	// The golden file was written with 12 significant digits.
	close := func(x, y float64) bool { return math.Abs(x-y) <= 1e-9 }
	if d := canonDiffTol(got, want, close); d != "" {
		t.Errorf("differs from the golden expansion: %s", d)
	}
}
