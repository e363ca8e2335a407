package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runCLI runs the CLI in-process and returns exit code, stdout and stderr.
func runCLI(t *testing.T, stdin string, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errb)
	return code, out.String(), errb.String()
}

func TestUsageErrorsExit2(t *testing.T) {
	cases := [][]string{
		{"convert", "only-one-arg"},
		{"inspect"},
		{"convert", "--no-such-flag", "a", "b"},
		{"convert", "--up", "sideways", "a.gltf", "b.gltf"},
		{"convert", "--density", "-3", "a.gltf", "b.gltf"},
		{"convert", "--package", "noequals", "a.urdf", "b.gltf"},
		{"convert", "--khr-geometry", "blob", "a.gltf", "b.gltf"},
		{"convert", "--side-files", "move", "a.urdf", "b.xml"},
		{"formats", "extra"},
	}
	for _, args := range cases {
		code, _, stderr := runCLI(t, "", args...)
		if code != exitUsage {
			t.Errorf("%v: exit %d, want %d (stderr %q)", args, code, exitUsage, stderr)
		}
		if !strings.Contains(stderr, "physconv:") {
			t.Errorf("%v: stderr %q does not explain the error", args, stderr)
		}
	}
}

func TestMissingInputExit1NoOutput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.gltf")
	code, _, stderr := runCLI(t, "", "convert", filepath.Join(dir, "nope.gltf"), out)
	if code != exitError {
		t.Fatalf("exit %d, want 1; stderr %q", code, stderr)
	}
	if !strings.Contains(stderr, "nope.gltf") {
		t.Errorf("stderr %q does not name the missing file", stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("output exists after a failed conversion")
	}
}

func TestUnknownFormatName(t *testing.T) {
	code, _, stderr := runCLI(t, "", "convert", "--to", "fbx", "a.gltf", "b.fbx")
	if code != exitUsage || !strings.Contains(stderr, "fbx") {
		t.Errorf("exit %d, stderr %q: want a failure naming fbx", code, stderr)
	}
}

func TestHelpHasExamples(t *testing.T) {
	for _, sub := range []string{"convert", "inspect", "validate", "formats"} {
		code, out, _ := runCLI(t, "", sub, "--help")
		if code != exitOK || !strings.Contains(out, "Examples:") || !strings.Contains(out, "physconv "+sub) {
			t.Errorf("%s --help: exit %d, no examples in %q", sub, code, out)
		}
	}
}
