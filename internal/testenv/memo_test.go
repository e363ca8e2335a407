package testenv

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// fakeOracle puts an mj-inspect into a folder of its own that counts its
// runs in a file and answers with the file's first line, and after_steps
// when asked for steps; PHYSCONV_ORACLES points there for the test.
func fakeOracle(t *testing.T) (runs func() int) {
	t.Helper()
	dir := t.TempDir()
	count := filepath.Join(dir, "runs")
	script := `#!/bin/sh
echo x >> "` + count + `"
steps=""
file=""
while [ $# -gt 0 ]; do
  case "$1" in
    --steps) steps="$2"; shift 2 ;;
    --*) shift ;;
    *) file="$1"; shift ;;
  esac
done
line=$(head -n 1 "$file")
if [ "$line" = refuse ]; then echo '{"ok":false,"error":"no"}'; exit 1; fi
if [ -n "$steps" ]; then
  echo "{\"ok\":true,\"model\":\"$line\",\"after_steps\":{\"steps\":$steps}}"
else
  echo "{\"ok\":true,\"model\":\"$line\"}"
fi
`
	if err := os.WriteFile(filepath.Join(dir, "mj-inspect"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PHYSCONV_ORACLES", dir)
	return func() int {
		data, _ := os.ReadFile(count)
		return strings.Count(string(data), "x")
	}
}

func TestOracleAnswersRemembered(t *testing.T) {
	runs := fakeOracle(t)
	dir := t.TempDir()
	model := filepath.Join(dir, "m.xml")
	mesh := filepath.Join(dir, "part.stl")
	write := func(p, s string) {
		t.Helper()
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(model, "one\n")
	write(mesh, "solid a\n")

	ask := func(args ...string) (map[string]any, int) {
		t.Helper()
		out, code := RunOracle(t, "mj-inspect", append(args, model)...)
		var r map[string]any
		if err := json.Unmarshal(out, &r); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return r, code
	}
	steps := []string{"--steps", "50", "--compact"}

	r, _ := ask(steps...)
	if r["model"] != "one" || r["after_steps"] == nil || runs() != 1 {
		t.Fatalf("stepped: %v after %d runs", r, runs())
	}
	ask(steps...)
	if runs() != 1 {
		t.Errorf("the same stepped call ran again (%d runs)", runs())
	}
	r, _ = ask("--compact")
	if runs() != 1 || r["model"] != "one" || r["after_steps"] != nil {
		t.Errorf("plain call after a stepped one: %v after %d runs, want the report without after_steps and no run", r, runs())
	}
	ask()
	if runs() != 2 {
		t.Errorf("a plain call laid out on several lines took a one-line answer (%d runs, want 2)", runs())
	}
	ask("--steps", "60", "--compact")
	if runs() != 3 {
		t.Errorf("another number of steps did not run (%d runs, want 3)", runs())
	}

	// a file beside the model changed: MuJoCo may read it
	later := time.Now().Add(time.Hour)
	write(mesh, "solid b\n")
	if err := os.Chtimes(mesh, later, later); err != nil {
		t.Fatal(err)
	}
	ask(steps...)
	if runs() != 4 {
		t.Errorf("a changed mesh beside the model did not run again (%d runs, want 4)", runs())
	}
	// the model itself changed
	write(model, "refuse\n")
	if r, code := ask("--compact"); code != 1 || r["ok"] != false || runs() != 5 {
		t.Errorf("changed model: %v exit %d after %d runs, want a refusal from a fifth run", r, code, runs())
	}
	if _, code := ask("--compact"); code != 1 || runs() != 5 {
		t.Errorf("a refusal asked again: exit %d after %d runs, want 1 after 5", code, runs())
	}
	// the same files in another folder the test wrote: the same answer
	copyDir := t.TempDir()
	write(filepath.Join(copyDir, "m.xml"), "refuse\n")
	write(filepath.Join(copyDir, "part.stl"), "solid b\n")
	if _, code := RunOracle(t, "mj-inspect", "--compact", filepath.Join(copyDir, "m.xml")); code != 1 || runs() != 5 {
		t.Errorf("a copy of the folder: exit %d after %d runs, want 1 after 5", code, runs())
	}
	// but not with another file beside it
	write(filepath.Join(copyDir, "other.stl"), "solid c\n")
	if _, code := RunOracle(t, "mj-inspect", "--compact", filepath.Join(copyDir, "m.xml")); code != 1 || runs() != 6 {
		t.Errorf("a folder with one more file: exit %d after %d runs, want 1 after 6", code, runs())
	}
	// a model that names a mesh in a folder beside its own: that folder
	// counts too
	top := t.TempDir()
	if err := os.MkdirAll(filepath.Join(top, "urdf"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(filepath.Join(top, "meshes"), 0o755); err != nil {
		t.Fatal(err)
	}
	deep := filepath.Join(top, "urdf", "m.xml")
	write(deep, "two\n")
	write(filepath.Join(top, "meshes", "part.stl"), "solid a\n")
	RunOracle(t, "mj-inspect", "--compact", deep)
	write(filepath.Join(top, "meshes", "part.stl"), "solid c\n")
	RunOracle(t, "mj-inspect", "--compact", deep)
	if runs() != 8 {
		t.Errorf("a changed mesh in the model's sibling folder did not run again (%d runs, want 8)", runs())
	}
	// a call that writes a file always runs
	RunOracle(t, "mj-inspect", "--to-mjcf", model, filepath.Join(t.TempDir(), "o.xml"))
	RunOracle(t, "mj-inspect", "--to-mjcf", model, filepath.Join(t.TempDir(), "o.xml"))
	if runs() != 10 {
		t.Errorf("--to-mjcf calls ran %d times in all, want 10", runs())
	}
	// another oracle script (another folder of oracles) is asked afresh
	other := fakeOracle(t)
	if _, code := RunOracle(t, "mj-inspect", "--compact", deep); code != 0 || other() != 1 || runs() != 10 {
		t.Errorf("another oracle: exit %d after %d runs of it, %d of the first; want 0, 1 and 10", code, other(), runs())
	}
}

// TestOracleRunAgainWhenBrowserDies: an oracle whose browser closed before
// the page loaded (exit 2) runs once more, and its second answer counts.
func TestOracleRunAgainWhenBrowserDies(t *testing.T) {
	dir := t.TempDir()
	count := filepath.Join(dir, "runs")
	script := `#!/bin/sh
echo x >> "` + count + `"
if [ $(wc -l < "` + count + `") -eq 1 ]; then
  echo '{"ok":false,"error":"page.goto: Target page, context or browser has been closed\nCall log:"}'
  exit 2
fi
echo '{"ok":true,"nodes":[]}'
`
	if err := os.WriteFile(filepath.Join(dir, "godot4-inspect"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PHYSCONV_ORACLES", dir)
	scene := filepath.Join(t.TempDir(), "s.tscn")
	if err := os.WriteFile(scene, []byte("[gd_scene format=3]\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, code := RunOracle(t, "godot4-inspect", "--compact", scene)
	data, _ := os.ReadFile(count)
	if code != 0 || !strings.Contains(string(out), `"ok":true`) || strings.Count(string(data), "x") != 2 {
		t.Errorf("exit %d, %s after %d runs; want the second run's answer", code, out, strings.Count(string(data), "x"))
	}
}
