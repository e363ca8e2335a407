// Package archtest checks the architecture rules of DESIGN.md.
package archtest

import (
	"os/exec"
	"strings"
	"testing"
)

const module = "github.com/physconv/physconv"

var formatPackages = []string{"omi", "khr", "godot", "urdf", "mjcf"}

// deps lists the module's own packages that pkg depends on.
func deps(t *testing.T, pkg string) []string {
	t.Helper()
	out, err := exec.Command("go", "list", "-deps", pkg).Output()
	if err != nil {
		t.Fatalf("go list -deps %s: %v", pkg, err)
	}
	var own []string
	for _, line := range strings.Fields(string(out)) {
		if strings.HasPrefix(line, module+"/") {
			own = append(own, strings.TrimPrefix(line, module+"/"))
		}
	}
	return own
}

func isFormat(pkg string) (string, bool) {
	for _, f := range formatPackages {
		if pkg == f || strings.HasPrefix(pkg, f+"/") {
			return f, true
		}
	}
	return "", false
}

// TestConvertImportsNoFormat: the Graph and its passes know no format.
func TestConvertImportsNoFormat(t *testing.T) {
	for _, d := range deps(t, module+"/convert/...") {
		if f, ok := isFormat(d); ok {
			t.Errorf("convert depends on format package %s (via %s)", f, d)
		}
	}
}

// TestFormatsImportNoOtherFormat: format packages import convert and
// internal/…, never each other.
func TestFormatsImportNoOtherFormat(t *testing.T) {
	for _, f := range formatPackages {
		if err := exec.Command("go", "list", module+"/"+f).Run(); err != nil {
			continue // format not present
		}
		for _, d := range deps(t, module+"/"+f+"/...") {
			if g, ok := isFormat(d); ok && g != f {
				t.Errorf("%s depends on format package %s (via %s)", f, g, d)
			}
		}
	}
}

// TestInternalImportsNoFormat: shared plumbing stays format-free, except
// the cross-format tests, whose job is to know them all.
func TestInternalImportsNoFormat(t *testing.T) {
	out, err := exec.Command("go", "list", module+"/internal/...").Output()
	if err != nil {
		t.Fatal(err)
	}
	for _, pkg := range strings.Fields(string(out)) {
		rel := strings.TrimPrefix(pkg, module+"/")
		if strings.HasPrefix(rel, "internal/crosscheck") {
			continue
		}
		for _, d := range deps(t, pkg) {
			if f, ok := isFormat(d); ok {
				t.Errorf("%s depends on format package %s", rel, f)
			}
		}
	}
}

// appDeps are the dependencies of the CLI, batch and configuration; a build
// tool importing one format must not pull them in.
var appDeps = []string{
	"gopkg.in/yaml.v3",
	"github.com/bmatcuk/doublestar",
	"golang.org/x/sync/errgroup",
	"github.com/vbauerster/mpb",
	"github.com/fsnotify/fsnotify",
	"github.com/spf13/cobra",
}

// TestFormatsPullNoAppDependency: importing a format (or the IR core and
// its passes) costs no batch, config, watch or CLI dependency.
func TestFormatsPullNoAppDependency(t *testing.T) {
	pkgs := []string{module + "/convert/..."}
	// Each format package itself; the xacro reader (urdf/xacro) is a format
	// of its own and needs YAML for xacro.load_yaml, so a build tool that
	// imports urdf alone does not get it.
	for _, f := range formatPackages {
		pkgs = append(pkgs, module+"/"+f)
	}
	for _, pkg := range pkgs {
		out, err := exec.Command("go", "list", "-deps", pkg).Output()
		if err != nil {
			t.Fatalf("go list -deps %s: %v", pkg, err)
		}
		for _, line := range strings.Fields(string(out)) {
			for _, a := range appDeps {
				if line == a || strings.HasPrefix(line, a+"/") {
					t.Errorf("%s depends on %s", pkg, line)
				}
			}
		}
	}
}

// TestCoreImportsNoPass: the IR core (package convert) knows none of the
// passes built on it (mass properties, kinematics, inspect), so each of them
// can import it.
func TestCoreImportsNoPass(t *testing.T) {
	for _, d := range deps(t, module+"/convert") {
		if strings.HasPrefix(d, "convert/") {
			t.Errorf("package convert depends on %s", d)
		}
	}
}

// TestCommandLinksNoHTTPStack: the command serves its one page without
// net/http, whose TLS, HTTP/2 and proxy code every run of the command
// would load and initialise (2 MB more resident at start-up).
func TestCommandLinksNoHTTPStack(t *testing.T) {
	out, err := exec.Command("go", "list", "-deps", module+"/cmd/physconv").Output()
	if err != nil {
		t.Fatalf("go list -deps: %v", err)
	}
	for _, line := range strings.Fields(string(out)) {
		if line == "net/http" || line == "crypto/tls" {
			t.Errorf("cmd/physconv depends on %s", line)
		}
	}
}
