package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

const example = "../../testdata/examples/door.gltf"

// TestMalformedInputsExit1NoOutput runs every malformed case we keep
// (glTF, URDF, MJCF, Godot) through the CLI: exit 1, a message naming the
// file and the place in it, and no output file.
func TestMalformedInputsExit1NoOutput(t *testing.T) {
	var files []string
	for _, pat := range []string{"gltf/bad/*.gltf", "gltf/bad/*.glb", "urdf/bad/*.urdf", "mjcf/bad/*.xml", "godot/bad/*.tscn"} {
		m, _ := filepath.Glob(filepath.Join("../../testdata", pat))
		files = append(files, m...)
	}
	if len(files) < 100 {
		t.Fatalf("found %d malformed cases, expected the full set", len(files))
	}
	for _, f := range files {
		f := f
		t.Run(strings.TrimPrefix(f, "../../testdata/"), func(t *testing.T) {
			t.Parallel()
			out := filepath.Join(t.TempDir(), "out.gltf")
			code, _, stderr := runCLI(t, "", "convert", "--to", "khr", f, out)
			if code != exitError {
				t.Fatalf("exit %d, want 1; stderr %q", code, stderr)
			}
			// The file: the input, or the included file the error is in.
			if !strings.Contains(stderr, filepath.Base(f)) && !strings.Contains(stderr, ".xml:") {
				t.Errorf("message does not name the file: %q", stderr)
			}
			// The place: a JSON path, a line number or a path in the file.
			if !strings.ContainsAny(stderr, ":[.") {
				t.Errorf("message names no place: %q", stderr)
			}
			entries, _ := os.ReadDir(filepath.Dir(out))
			if len(entries) != 0 {
				t.Errorf("output folder not empty after a failure: %v", entries)
			}
		})
	}
}

// TestStdinToStdout converts through pipes: the glTF on stdout is
// self-contained and means the same physics as the file.
func TestStdinToStdout(t *testing.T) {
	in, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	code, out, stderr := runCLI(t, string(in), "convert", "--from", "khr", "--to", "omi", "-", "-")
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc map[string]any
	if err := json.Unmarshal([]byte(out), &doc); err != nil {
		t.Fatalf("stdout is not one glTF JSON document: %v", err)
	}
	dir := t.TempDir()
	file := filepath.Join(dir, "door_omi.gltf")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	want := inspectJSON(t, example)
	got := inspectJSON(t, file)
	if got.Format != "omi" {
		t.Errorf("format %q, want omi", got.Format)
	}
	if d := inspect.CompareReports(want, got, 1e-9); len(d) > 0 {
		// The infinite plane has no OMI form: it is a floor box
		// (diagnosed shape-approximated), the plane's one difference.
		if !strings.Contains(stderr, "shape-approximated") || len(d) != 2 || !strings.Contains(d[0]+d[1], `plane on "Floor"`) || !strings.Contains(d[0]+d[1], `box on "Floor"`) {
			t.Errorf("stdin → stdout changed the physics: %v\n%s", d, stderr)
		}
	}
}

func inspectJSON(t *testing.T, file string) *inspect.Report {
	t.Helper()
	code, out, stderr := runCLI(t, "", "inspect", "--json", file)
	if code != exitOK {
		t.Fatalf("inspect %s: exit %d: %s", file, code, stderr)
	}
	var r inspect.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("inspect --json of %s: %v", file, err)
	}
	return &r
}

// TestInspectReportsValues checks the JSON contract on the shipped
// example: given mass, computed centre of mass and inertia, the hinge.
func TestInspectReportsValues(t *testing.T) {
	r := inspectJSON(t, example)
	var door *inspect.BodyReport
	for i := range r.Bodies {
		if r.Bodies[i].Name == "Door" {
			door = &r.Bodies[i]
		}
	}
	if door == nil || door.Kind != convert.Dynamic || door.Mass == nil || float64(*door.Mass) != 18 {
		t.Fatalf("door body: %+v", door)
	}
	if door.Source.Mass != convert.Given || door.Source.Inertia != convert.Computed {
		t.Errorf("sources %+v, want mass given, inertia computed", door.Source)
	}
	// A 0.9×2×0.04 m box of 18 kg (the 3 cm knob is part of the mass, so
	// the box alone is close to but above the moment below).
	iyy := 18.0 / 12 * (0.9*0.9 + 0.04*0.04)
	if got := float64(door.Inertia[1][1]); got < iyy*0.99 || got > iyy*1.05 {
		t.Errorf("Iyy %g, want about %g", got, iyy)
	}
	if len(r.Joints) != 1 {
		t.Fatalf("joints %+v", r.Joints)
	}
	j := r.Joints[0]
	if j.Kind != "revolute" || j.BodyA != "" && j.BodyA != "Frame" || j.BodyB != "Door" {
		t.Errorf("joint %+v", j)
	}
	if j.Axis == nil || (*j.Axis != convert.Vec3{0, 1, 0}) || float64(*j.Lower) != -1.5707963267948966 || float64(*j.Upper) != 1.5707963267948966 {
		t.Errorf("hinge axis %v [%v, %v]", j.Axis, j.Lower, j.Upper)
	}
	if (j.Anchor != convert.Vec3{0.05, 1.1, 0}) {
		t.Errorf("anchor %v", j.Anchor)
	}
}

// TestStrictExit3NoOutput: warnings under --strict fail with exit 3 and
// write nothing.
func TestStrictExit3NoOutput(t *testing.T) {
	out := filepath.Join(t.TempDir(), "door.gltf")
	code, _, stderr := runCLI(t, "", "convert", "--strict", "--to", "omi", example, out)
	if code != exitStrict {
		t.Fatalf("exit %d, want 3: %s", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("output written under --strict with warnings")
	}
	if code, _, stderr := runCLI(t, "", "convert", "--strict", "--to", "khr", example, out); code != exitOK {
		t.Errorf("KHR → KHR has no warnings, got exit %d: %s", code, stderr)
	}
}

// TestNeverOverwritesInput: converting a file onto itself is refused,
// as an existing output and, under --force, as the input.
func TestNeverOverwritesInput(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "door.gltf")
	data, _ := os.ReadFile(example)
	os.WriteFile(f, data, 0o644)
	code, _, stderr := runCLI(t, "", "convert", f, f)
	if code != exitError || !strings.Contains(stderr, "exists; give --force") {
		t.Errorf("exit %d, stderr %q: want a refusal", code, stderr)
	}
	code, _, stderr = runCLI(t, "", "convert", "--force", f, f)
	if code != exitError || !strings.Contains(stderr, "input") {
		t.Errorf("--force: exit %d, stderr %q: want a refusal", code, stderr)
	}
	after, _ := os.ReadFile(f)
	if string(after) != string(data) {
		t.Error("the input was changed")
	}
}
