package scripts

import (
	"encoding/json"
	"math"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/testenv"
)

// TestBlenderPostExportCollisionNames: an export without a physics add-on,
// its colliders named with Godot's suffixes, goes through the post-step
// with PHYSCONV_FLAGS=--collision-names. Every target has the bodies and
// mass properties the names describe and the five static hinted colliders;
// MuJoCo loads the MJCF with the same total mass.
func TestBlenderPostExportCollisionNames(t *testing.T) {
	bin := buildPhysconv(t)
	export := filepath.Join("..", "testdata", "gltf", "names", "names.gltf")
	out := t.TempDir()
	t.Setenv("PHYSCONV_FLAGS", "--collision-names")
	code, log := postExport(t, bin, export, out, "godot", "mjcf", "urdf")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, log)
	}
	raw, err := exec.Command(bin, "inspect", "--json", "--collision-names", export).Output()
	if err != nil {
		t.Fatal(err)
	}
	var source inspect.Report
	if err := json.Unmarshal(raw, &source); err != nil {
		t.Fatal(err)
	}
	moving := massAndJoints(&source)
	if len(moving.Bodies) != 3 {
		t.Fatalf("the export read with --collision-names has %d moving bodies, want 3 (two -rigid, one KHR)", len(moving.Bodies))
	}
	for _, name := range []string{"names.tscn", "names.xml", "names.urdf"} {
		rep := inspectFile(t, bin, filepath.Join(out, name))
		if diffs := inspect.CompareReports(moving, withoutFreeJoints(massAndJoints(rep)), 1e-6); len(diffs) > 0 {
			t.Errorf("%s: moving bodies differ from the export's:\n  %v", name, diffs)
		}
		static := 0
		for _, b := range rep.Bodies {
			if b.Kind == convert.Static {
				static += len(b.Colliders)
			}
		}
		if static != 5 {
			t.Errorf("%s: %d static colliders, want the 5 hinted ones", name, static)
		}
	}

	res, code := testenv.RunOracle(t, "mj-inspect", "--compact", filepath.Join(out, "names.xml"))
	var mj struct {
		OK        bool    `json:"ok"`
		TotalMass float64 `json:"total_mass"`
	}
	if err := json.Unmarshal(res, &mj); err != nil || code != 0 || !mj.OK || math.Abs(mj.TotalMass-193) > 1e-9 {
		t.Errorf("MuJoCo: exit %d, want names.xml loaded with 193 kg (187.5 + 3.5 + 2): %s", code, res)
	}
}

// withoutFreeJoints drops joints that constrain nothing (URDF hangs free
// bodies from its root by floating joints the export does not have).
func withoutFreeJoints(r *inspect.Report) *inspect.Report {
	var kept []inspect.JointReport
	for _, j := range r.Joints {
		if j.Kind != "free" || len(j.Limits) > 0 || len(j.Drives) > 0 {
			kept = append(kept, j)
		}
	}
	r.Joints = kept
	return r
}
