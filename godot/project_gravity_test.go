package godot

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestOutputProjectGravitySaid: a scene written into a Godot project
// whose default gravity is not Godot's falls by the project's gravity
// (a ball in a project of 22 m/s² fell 99.6 m in 120 steps where the
// source's fell 44.4 m), which the gravity scales written, relative to
// Godot's default, do not undo: a warning says so. A project that keeps
// Godot's gravity, or none, gets none.
func TestOutputProjectGravitySaid(t *testing.T) {
	g := convert.NewGraph()
	g.AddNode(convert.Node{Name: "ball", Motion: &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(1.0), GravityFactor: 1}}, -1)
	for _, c := range []struct {
		project string // "" = no project
		warned  bool
	}{
		{"config_version=5\n\n[physics]\n\n3d/default_gravity=22.0\n", true},
		{"config_version=5\n\n[physics]\n\n3d/default_gravity_vector=Vector3(1, 0, 0)\n", true},
		{"config_version=5\n\n[physics]\n\n3d/default_gravity=9.8\n", false},
		{"", false},
	} {
		dir := t.TempDir()
		if c.project != "" {
			if err := os.WriteFile(filepath.Join(dir, "project.godot"), []byte(c.project), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		_, diags, err := Emit(g, &convert.Options{OutputName: filepath.Join(dir, "scenes", "ball.tscn")})
		if err != nil {
			t.Fatal(err)
		}
		if got := diags.Has(convert.CodeGodotProjectGravity); got != c.warned {
			t.Errorf("project %q: warned %v, want %v", c.project, got, c.warned)
		}
	}
}
