// Package scripts tests the shell scripts shipped beside physconv.
package scripts

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/testenv"
)

// buildPhysconv builds the CLI once per test into a temporary folder.
func buildPhysconv(t *testing.T) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "physconv")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/physconv/physconv/cmd/physconv").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	return bin
}

// postExport runs the DCC post-step script and returns its exit code and
// combined output.
func postExport(t *testing.T, bin string, args ...string) (int, string) {
	t.Helper()
	cmd := exec.Command("bash", append([]string{"blender-postexport.sh"}, args...)...)
	cmd.Env = append(os.Environ(), "PHYSCONV="+bin)
	out, err := cmd.CombinedOutput()
	if ee, ok := err.(*exec.ExitError); ok {
		return ee.ExitCode(), string(out)
	} else if err != nil {
		t.Fatal(err)
	}
	return 0, string(out)
}

func inspectFile(t *testing.T, bin, file string) *inspect.Report {
	t.Helper()
	out, err := exec.Command(bin, "inspect", "--json", file).Output()
	if err != nil {
		t.Fatalf("inspect %s: %v", file, err)
	}
	var rep inspect.Report
	if err := json.Unmarshal(out, &rep); err != nil {
		t.Fatalf("inspect %s: %v", file, err)
	}
	return &rep
}

// TestBlenderPostExport converts a KHR glTF like the ones a Blender physics
// add-on exports: one output per target, each with the same mass
// properties and joints as the export, and MuJoCo loads the MJCF.
func TestBlenderPostExport(t *testing.T) {
	bin := buildPhysconv(t)
	export := filepath.Join("..", "testdata", "examples", "door.gltf")
	out := t.TempDir()
	code, log := postExport(t, bin, export, out)
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, log)
	}
	want := []string{"door.tscn", "door.xml"}
	formats, _ := exec.Command(bin, "formats").Output()
	if strings.Contains(string(formats), "\nurdf ") {
		want = append(want, "door.urdf")
	}
	source := inspectFile(t, bin, export)
	if len(massAndJoints(source).Bodies) == 0 || len(source.Joints) == 0 {
		t.Fatalf("the example has no bodies or joints: %+v", source)
	}
	for _, name := range want {
		p := filepath.Join(out, name)
		if _, err := os.Stat(p); err != nil {
			t.Errorf("%s not written:\n%s", name, log)
			continue
		}
		if !strings.Contains(log, "wrote "+p) {
			t.Errorf("the log does not report %s:\n%s", p, log)
		}
		if diffs := inspect.CompareReports(massAndJoints(source), massAndJoints(inspectFile(t, bin, p)), 1e-6); len(diffs) > 0 {
			t.Errorf("%s does not describe the same physics as the export:\n  %s", name, strings.Join(diffs, "\n  "))
		}
	}
	res, code := testenv.RunOracle(t, "mj-inspect", "--compact", filepath.Join(out, "door.xml"))
	var mj struct {
		OK     bool `json:"ok"`
		Counts struct {
			Njnt int `json:"njnt"`
		} `json:"counts"`
	}
	if err := json.Unmarshal(res, &mj); err != nil || code != 0 || !mj.OK || mj.Counts.Njnt == 0 {
		t.Errorf("MuJoCo did not load door.xml with its joints (exit %d): %s", code, res)
	}
}

// massAndJoints keeps what every target must carry exactly: moving bodies'
// mass properties and the joints. Colliders' materials and static shapes
// are approximated per target, with diagnostics the format tests check.
// massAndJoints keeps what every target holds exactly: the moving
// bodies' mass properties and the joints' frames, axes and limits. Drive
// gains are not: Godot and URDF drop a drive's damping with a diagnostic.
func massAndJoints(r *inspect.Report) *inspect.Report {
	// the scene's gravity, which the bodies' gravity factors scale
	out := &inspect.Report{Format: r.Format, Gravity: r.Gravity, DefaultGravity: r.DefaultGravity}
	for _, j := range r.Joints {
		j.Drives = nil
		out.Joints = append(out.Joints, j)
	}
	for _, b := range r.Bodies {
		if b.Kind != convert.Static {
			b.Colliders, b.Triggers = nil, nil
			out.Bodies = append(out.Bodies, b)
		}
	}
	return out
}

func TestBlenderPostExportFailures(t *testing.T) {
	bin := buildPhysconv(t)
	dir := t.TempDir()
	broken := filepath.Join(dir, "broken.gltf")
	os.WriteFile(broken, []byte(`{"asset": {"version": "2.0"}, "nodes": [{"children": [7]}]}`), 0o644)
	out := filepath.Join(dir, "out")

	code, log := postExport(t, bin, broken, out, "godot", "mjcf")
	if code != 1 || strings.Count(log, "broken.gltf") < 2 {
		t.Errorf("broken export: exit %d, want 1 with both failures named:\n%s", code, log)
	}
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("outputs written for a broken export: %v", entries)
	}
	if code, log := postExport(t, bin, broken, out, "fbx"); code != 2 || !strings.Contains(log, "unknown format fbx") {
		t.Errorf("unknown format: exit %d:\n%s", code, log)
	}
	if code, _ := postExport(t, bin, broken); code != 2 {
		t.Errorf("missing OUTDIR: exit %d, want 2", code)
	}
	if code, log := postExport(t, bin, filepath.Join(dir, "nope.glb"), out); code != 1 || !strings.Contains(log, "no such file") {
		t.Errorf("missing input: exit %d:\n%s", code, log)
	}
}
