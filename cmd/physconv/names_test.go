package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A Blender-style export whose colliders are named with Godot's suffixes:
// --collision-names on convert (and collision-names in physconv.yaml for
// batch) turns them into URDF collisions; without it there are none.
func TestCollisionNamesFlag(t *testing.T) {
	in, err := filepath.Abs("../../testdata/gltf/names/names.gltf")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	with, without := filepath.Join(dir, "with.urdf"), filepath.Join(dir, "without.urdf")
	code, _, stderr := runCLI(t, "", "convert", "-v", "--collision-names", in, with)
	if code != 0 || strings.Count(stderr, "[name-hint-applied]") != 8 {
		t.Fatalf("exit %d, want 0 with 8 hints applied:\n%s", code, stderr)
	}
	if code, _, stderr := runCLI(t, "", "convert", in, without); code != 0 || strings.Contains(stderr, "name-hint") {
		t.Fatalf("without the flag: exit %d:\n%s", code, stderr)
	}
	hinted := []string{`<link name="Crate-rigid">`, `<collision name="Lid_col">`, `<collision name="Ground-colonly">`, `<collision name="Pillar-CONVCOLONLY_2">`}
	a, _ := os.ReadFile(with)
	b, _ := os.ReadFile(without)
	for _, s := range hinted {
		if !strings.Contains(string(a), s) {
			t.Errorf("with --collision-names the URDF lacks %s", s)
		}
		if strings.Contains(string(b), s) {
			t.Errorf("without --collision-names the URDF has %s", s)
		}
	}

	src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
	os.MkdirAll(src, 0o755)
	data, _ := os.ReadFile(in)
	os.WriteFile(filepath.Join(src, "level.gltf"), data, 0o644)
	os.WriteFile(filepath.Join(src, "physconv.yaml"), []byte("defaults:\n  collision-names: true\n"), 0o644)
	if code, _, stderr := runCLI(t, "", "batch", src, dst, "--to", "urdf", "--progress", "none", "-j", "1"); code != 0 {
		t.Fatalf("batch: exit %d:\n%s", code, stderr)
	}
	c, _ := os.ReadFile(filepath.Join(dst, "level.urdf"))
	if !strings.Contains(string(c), `<collision name="Ground-colonly">`) {
		t.Errorf("batch with collision-names in physconv.yaml: no hinted collider in\n%s", c)
	}
	// An explicit flag wins over the file.
	dst2 := filepath.Join(dir, "dst2")
	if code, _, stderr := runCLI(t, "", "batch", src, dst2, "--to", "urdf", "--progress", "none", "-j", "1", "--collision-names=false"); code != 0 {
		t.Fatalf("batch --collision-names=false: exit %d:\n%s", code, stderr)
	}
	// (the node's mesh is then drawn as a visual of that name, not a collider)
	if c, _ := os.ReadFile(filepath.Join(dst2, "level.urdf")); strings.Contains(string(c), `<collision name="Ground-colonly">`) {
		t.Errorf("--collision-names=false did not win over physconv.yaml")
	}
}
