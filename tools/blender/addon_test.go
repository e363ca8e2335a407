package blender

import (
	"archive/zip"
	"bytes"
	"context"
	"encoding/json"
	"io"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/physconv/physconv/convert/inspect"
)

// TestAddonZip: the zip holds the add-on's module with the hook the glTF
// exporter looks for, and building it twice gives the same bytes.
func TestAddonZip(t *testing.T) {
	var a, b bytes.Buffer
	if err := WriteAddonZip(&a); err != nil {
		t.Fatal(err)
	}
	if err := WriteAddonZip(&b); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a.Bytes(), b.Bytes()) {
		t.Error("two builds of the zip differ")
	}
	zr, err := zip.NewReader(bytes.NewReader(a.Bytes()), int64(a.Len()))
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
	}
	if len(names) != 1 || names[0] != "physconv_addon/__init__.py" {
		t.Fatalf("zip holds %v, want the one module physconv_addon/__init__.py", names)
	}
	r, _ := zr.File[0].Open()
	src, _ := io.ReadAll(r)
	for _, want := range []string{"bl_info", "def glTF2_post_export_callback(export_settings):", "def register():", `"--force"`} {
		if !bytes.Contains(src, []byte(want)) {
			t.Errorf("the module lacks %q", want)
		}
	}
}

// TestBlenderAddon installs the zip into Blender (headless, in a user
// folder of its own), exports a scene named with --collision-names
// suffixes and checks the conversions (see testdata/test_addon.py), then
// that the export left pending was converted when Blender exited.
func TestBlenderAddon(t *testing.T) {
	blender, err := exec.LookPath("blender")
	if err != nil {
		// Not installed on CI machines by default: `apt-get install
		// blender` takes minutes; see the README.
		t.Skip("blender not found on PATH: the add-on's headless test needs Blender (apt-get install blender)")
	}
	tmp := t.TempDir()
	bin := filepath.Join(tmp, "physconv")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/physconv/physconv/cmd/physconv").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	zipPath := filepath.Join(tmp, "physconv_addon.zip")
	var z bytes.Buffer
	if err := WriteAddonZip(&z); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(zipPath, z.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	work := filepath.Join(tmp, "work")
	os.Mkdir(work, 0o755)
	script, _ := filepath.Abs(filepath.Join("testdata", "test_addon.py"))

	ctx, cancel := context.WithTimeout(t.Context(), 5*time.Minute)
	defer cancel()
	cmd := exec.CommandContext(ctx, blender, "-b", "--factory-startup", "--python-exit-code", "1",
		"--python", script, "--", zipPath, bin, work)
	// The add-on is installed into these folders, not the user's.
	cmd.Env = append(os.Environ(), "BLENDER_USER_SCRIPTS="+filepath.Join(tmp, "scripts"),
		"BLENDER_USER_CONFIG="+filepath.Join(tmp, "config"), "HOME="+tmp)
	out, err := cmd.CombinedOutput()
	if err != nil || !bytes.Contains(out, []byte("ADDON TEST OK")) {
		t.Fatalf("blender: %v\n%s", err, out)
	}
	log := string(out)
	for _, want := range []string{"physconv: wrote " + filepath.Join(work, "build", "scene.xml"), "physconv: wrote " + filepath.Join(work, "build", "later.tscn")} {
		if !strings.Contains(log, want) {
			t.Errorf("Blender's output lacks the report %q:\n%s", want, log)
		}
	}

	// Three targets, converted by the operator, as the timer does, and at exit.
	if n := strings.Count(log, "physconv: wrote "); n != 9 {
		t.Errorf("%d reports of a written output, want 9:\n%s", n, log)
	}

	// later.glb was converted at exit, with the same physics.
	raw, err := exec.Command(bin, "inspect", "--json", filepath.Join(work, "build", "later.xml")).Output()
	if err != nil {
		t.Fatalf("inspect later.xml: %v", err)
	}
	var rep inspect.Report
	if err := json.Unmarshal(raw, &rep); err != nil {
		t.Fatal(err)
	}
	var dynamic []float64
	for _, b := range rep.Bodies {
		if b.Kind == "dynamic" && b.Mass != nil {
			dynamic = append(dynamic, float64(*b.Mass))
		}
	}
	if len(dynamic) != 1 || math.Abs(dynamic[0]-4000) > 1e-6 {
		t.Errorf("later.xml: dynamic body masses %v, want one of 4000 kg", dynamic)
	}
}
