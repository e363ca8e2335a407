package testenv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// godot3TeardownNoise are the errors Godot 3.2.3 (headless) prints when it
// quits after loading any scene with a mesh: it frees the meshes before
// the MeshInstances that use them, then reports the freed mesh. They come
// after godot3-inspect's report and say nothing about the scene.
var godot3TeardownNoise = []string{
	`getornull: Condition "!id_map.has(p_rid.get_data())" is true`,
	`mesh_get_surface_count: Condition "!m" is true`,
	`mesh_get_blend_shape_count: Condition "!m" is true`,
}

// Godot3Errors are the engine errors among godot3-inspect's
// engine_messages, its teardown noise left out. Tests read them instead
// of --strict, which fails on the noise too.
func Godot3Errors(messages []string) []string {
	var out []string
	for _, m := range messages {
		if !strings.HasPrefix(m, "ERROR") && !strings.HasPrefix(m, "SCRIPT ERROR") {
			continue
		}
		noise := false
		for _, n := range godot3TeardownNoise {
			noise = noise || strings.Contains(m, n)
		}
		if !noise {
			out = append(out, m)
		}
	}
	return out
}

// Godot3Rooted writes a copy of a Godot 3 scene whose res:// paths point
// into project (an absolute folder) and returns it: godot3-inspect runs
// Godot 3 in a scratch folder, so res:// is not the project's root as
// godot4-inspect --root makes it.
func Godot3Rooted(t testing.TB, scene []byte, project string) string {
	t.Helper()
	s := strings.ReplaceAll(string(scene), `path="res://`, `path="`+filepath.ToSlash(project)+`/`)
	p := filepath.Join(t.TempDir(), "rooted.tscn")
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
