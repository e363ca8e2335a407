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
		{"convert", "--xacro-arg", "noequals", "a.urdf.xacro", "b.xml"},
		{"convert", "--xacro-arg", "=value", "a.urdf.xacro", "b.xml"},
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

// TestXacroArgs: --xacro-arg reaches the expander; an expansion error
// exits 1 naming the xacro file and line.
func TestXacroArgs(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "r.urdf.xacro")
	src := `<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:arg name="m" default="1"/>
  <link name="base"><inertial><mass value="${2 * $(arg m)}"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial></link>
  <xacro:if value="$(arg broken)"><link name="x"/></xacro:if>
</robot>`
	if err := os.WriteFile(in, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out.urdf")
	code, _, stderr := runCLI(t, "", "convert", "--xacro-arg", "m=2.5", "--xacro-arg", "broken:=false", in, out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil || !strings.Contains(string(b), `<mass value="5"/>`) {
		t.Errorf("output lacks the mass 2 × 2.5: %s %v", b, err)
	}
	code, _, stderr = runCLI(t, "", "convert", in, filepath.Join(dir, "out2.urdf"))
	if code != 1 || !strings.Contains(stderr, in+":4:") || !strings.Contains(stderr, "undefined substitution argument broken") {
		t.Errorf("exit %d, stderr %q: want exit 1 naming %s:4", code, stderr, in)
	}
}
