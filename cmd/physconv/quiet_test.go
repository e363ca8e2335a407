package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/internal/testenv"
)

const doorExample = "../../testdata/examples/door.gltf"

func lines(s string) []string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return nil
	}
	return strings.Split(s, "\n")
}

// TestQuietByDefault: the shipped example prints its warnings (each
// grouped, with a count: the frictions MuJoCo combines otherwise, the
// restitution it drops), one line about the hidden infos and the "wrote"
// line; -v adds the infos, -q prints nothing.
func TestQuietByDefault(t *testing.T) {
	out := filepath.Join(t.TempDir(), "door.xml")
	code, _, stderr := runCLI(t, "", "convert", doorExample, out)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	got := lines(stderr)
	if len(got) != 4 || strings.HasPrefix(got[0], "info:") ||
		!strings.Contains(got[0], "[friction-combine-maximum] (×4)") || !strings.Contains(got[0], "Door and 3 more") ||
		!strings.Contains(got[1], "[restitution-dropped] (×3)") || !strings.Contains(got[1], "Door and 2 more") ||
		!strings.Contains(got[2], "6 less severe") || !strings.HasPrefix(got[3], "wrote ") {
		t.Errorf("default stderr:\n%s", stderr)
	}
	_, _, verbose := runCLI(t, "", "convert", "-v", "--force", doorExample, out)
	if !strings.Contains(verbose, "info: ") || !strings.Contains(verbose, "[mass-computed]") || strings.Contains(verbose, "not shown") {
		t.Errorf("-v stderr:\n%s", verbose)
	}
	_, _, quiet := runCLI(t, "", "convert", "-q", "--force", doorExample, out)
	if quiet != "" {
		t.Errorf("-q stderr: %q, want nothing", quiet)
	}
}

// TestDiagnosticsLevels: --diagnostics drops or re-grades a code; raised
// to error it fails the conversion with no output.
func TestDiagnosticsLevels(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "door.xml")
	code, _, stderr := runCLI(t, "", "convert", "--diagnostics", "restitution-dropped=ignore,friction-combine-maximum=ignore", doorExample, out)
	if code != exitOK || strings.Contains(stderr, "restitution-dropped") || strings.Contains(stderr, "warning:") {
		t.Errorf("ignore: exit %d, stderr:\n%s", code, stderr)
	}
	code, _, stderr = runCLI(t, "", "convert", "--force", "--diagnostics", "mass-computed=warning,restitution-dropped=info", doorExample, out)
	if code != exitOK || !strings.Contains(stderr, "warning: ") || !strings.Contains(stderr, "[mass-computed]") || strings.Contains(stderr, "restitution") || !strings.Contains(stderr, "[friction-combine-maximum]") {
		t.Errorf("re-grade: exit %d, stderr:\n%s", code, stderr)
	}
	os.Remove(out)
	code, _, stderr = runCLI(t, "", "convert", "--diagnostics", "mass-computed=error", doorExample, out)
	if code != exitError || !strings.Contains(stderr, "error: ") || !strings.Contains(stderr, "[mass-computed]") {
		t.Errorf("error: exit %d, stderr:\n%s", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("output written although a diagnostic was raised to error")
	}
	code, _, stderr = runCLI(t, "", "validate", "--diagnostics", "mass-computed=error", doorExample)
	if code != exitError {
		t.Errorf("validate with an error level: exit %d, stderr:\n%s", code, stderr)
	}
}

// TestUsageMistakesExit2BeforeReading: every usage mistake exits 2 with
// an input that does not exist, so the input was never opened.
func TestUsageMistakesExit2BeforeReading(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.urdf")
	cases := []struct {
		name string
		args []string
		want string
	}{
		{"unknown command", []string{"frobnicate", missing}, "unknown command"},
		{"unknown flag", []string{"convert", "--no-such", missing, "b.xml"}, "unknown flag"},
		{"unknown output extension", []string{"convert", missing, "b.fbx"}, "cannot tell the output format"},
		{"stdout without --to", []string{"convert", missing, "-"}, "cannot tell the output format"},
		{"bad --to", []string{"convert", "--to", "fbx", missing, "b.xml"}, "fbx"},
		{"--to gltf", []string{"convert", "--to", "gltf", missing, "b.gltf"}, "--to khr or --to omi"},
		{"--from glb", []string{"inspect", "--from", "glb", missing}, "--from khr or --from omi"},
		{"unwritable --to", []string{"convert", "--to", "xacro", missing, "b.xacro"}, "cannot write xacro"},
		{"bad --up", []string{"inspect", "--up", "sideways", missing}, "--up"},
		{"bad --density", []string{"validate", "--density", "0", missing}, "--density"},
		{"bad option value", []string{"convert", "--khr-geometry", "blob", missing, "b.gltf"}, "khr-geometry"},
		{"bad --side-files", []string{"convert", "--side-files", "move", missing, "b.xml"}, "side-files"},
		{"bad --package", []string{"inspect", "--package", "noequals", missing}, "NAME=DIR"},
		{"unknown diagnostic code", []string{"convert", "--diagnostics", "no-such-code=ignore", missing, "b.xml"}, "not a diagnostic code"},
		{"bad diagnostic level", []string{"validate", "--diagnostics", "mass-computed=loud", missing}, "must be one of"},
		{"diagnostics without level", []string{"inspect", "--diagnostics", "mass-computed", missing}, "CODE=LEVEL"},
		{"-v with -q", []string{"convert", "-v", "-q", missing, "b.xml"}, "together"},
		{"--json with stdout", []string{"convert", "--json", "--to", "mjcf", missing, "-"}, "--json"},
		{"too many args", []string{"inspect", missing, missing}, "accepts 1 arg"},
		{"diff one file", []string{"diff", missing}, "accepts 2 arg"},
		{"bad --tolerance", []string{"diff", "--tolerance", "-1", missing, missing}, "--tolerance"},
	}
	for _, c := range cases {
		code, _, stderr := runCLI(t, "", c.args...)
		if code != exitUsage || !strings.Contains(stderr, c.want) || strings.Contains(stderr, "missing.urdf: ") {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 saying %q", c.name, code, stderr, c.want)
		}
	}
}

// TestJSONOnStdoutWithError: --json writes one document on stdout, with
// an error object when the command fails.
func TestJSONOnStdoutWithError(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing.urdf")
	for _, args := range [][]string{
		{"convert", "--json", missing, filepath.Join(dir, "o.xml")},
		{"inspect", "--json", missing},
		{"validate", "--json", missing},
	} {
		code, stdout, _ := runCLI(t, "", args...)
		var doc struct {
			Error *jsonError `json:"error"`
		}
		if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
			t.Fatalf("%v: stdout is not JSON (%v): %q", args, err, stdout)
		}
		if code != exitError || doc.Error == nil || doc.Error.Kind != "input" || doc.Error.ExitCode != exitError ||
			!strings.Contains(doc.Error.Message, "missing.urdf") {
			t.Errorf("%v: exit %d, error %+v", args, code, doc.Error)
		}
	}
	code, stdout, _ := runCLI(t, "", "convert", "--json", "--to", "gltf", missing, filepath.Join(dir, "o.gltf"))
	if code != exitUsage || !strings.Contains(stdout, `"kind": "usage"`) {
		t.Errorf("usage error under --json: exit %d, stdout %s", code, stdout)
	}
	code, stdout, stderr := runCLI(t, "", "convert", "--json", doorExample, filepath.Join(dir, "door.xml"))
	var res struct {
		From, To    string
		Files       []string
		Diagnostics []json.RawMessage
		Error       *jsonError
	}
	if err := json.Unmarshal([]byte(stdout), &res); err != nil || code != exitOK || res.Error != nil ||
		res.From != "khr" || res.To != "mjcf" || len(res.Files) == 0 || len(res.Diagnostics) != 13 || stderr != "" {
		t.Errorf("convert --json: exit %d, %+v (%v), stderr %q", code, res, err, stderr)
	}
}

func TestVersion(t *testing.T) {
	code, stdout, _ := runCLI(t, "", "--version")
	if code != exitOK || !strings.HasPrefix(stdout, "physconv ") || !strings.Contains(stdout, "go1.") {
		t.Errorf("--version: exit %d, %q", code, stdout)
	}
}

// TestFlagCompletion: every enumerated flag completes its values.
func TestFlagCompletion(t *testing.T) {
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"convert", "--to", ""}, []string{"khr", "omi", "godot", "godot3", "urdf", "mjcf"}},
		{[]string{"inspect", "--from", ""}, []string{"khr", "xacro", "mjcf"}},
		{[]string{"validate", "--up", ""}, []string{"auto", "keep"}},
		{[]string{"convert", "--side-files", ""}, []string{"link", "copy", "reference"}},
		{[]string{"convert", "--khr-geometry", ""}, []string{"mesh", "node"}},
		{[]string{"convert", "--diagnostics", "mass-computed="}, []string{"mass-computed=ignore", "mass-computed=error"}},
		{[]string{"inspect", "--diagnostics", ""}, []string{"mass-computed", "restitution-dropped"}},
	}
	for _, c := range cases {
		_, stdout, _ := runCLI(t, "", append([]string{"__complete"}, c.args...)...)
		got := map[string]bool{}
		for _, l := range lines(stdout) {
			v, _, _ := strings.Cut(l, "\t")
			got[strings.TrimSuffix(v, "=")] = true
		}
		for _, w := range c.want {
			if !got[w] {
				t.Errorf("%v: %q not offered in %q", c.args, w, stdout)
			}
		}
	}
	_, stdout, _ := runCLI(t, "", "__complete", "convert", "--to", "")
	if strings.Contains(stdout, "xacro") {
		t.Errorf("--to offers xacro, which cannot be written: %q", stdout)
	}
}

// TestPR2QuietConversion: the PR2 from the corpus converts to MJCF in at
// most 10 lines by default.
func TestPR2QuietConversion(t *testing.T) {
	in := testenv.CorpusPath(t, "urdf/erd_pr2/robots/pr2_description/urdf/pr2.urdf")
	code, _, stderr := runCLI(t, "", "convert", in, filepath.Join(t.TempDir(), "pr2.xml"))
	if code != exitOK || len(lines(stderr)) > 10 {
		t.Errorf("exit %d, %d lines:\n%s", code, len(lines(stderr)), stderr)
	}
}
