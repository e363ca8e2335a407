package batch

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestFoundConfigStaysInside: a physconv.yaml found in the folder being
// converted comes with its assets; one that allowed "/" let an asset pack
// read any file on the machine into its outputs. Its allowed roots and
// package folders must lie inside that folder now (links followed), an
// error naming the line otherwise; the same file named with --config, by
// the user, may reach anywhere.
func TestFoundConfigStaysInside(t *testing.T) {
	base := t.TempDir()
	src := filepath.Join(base, "src")
	for _, d := range []string{"src/shared/meshes", "outside"} {
		if err := os.MkdirAll(filepath.Join(base, d), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.Symlink(filepath.Join(base, "outside"), filepath.Join(src, "away")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	for _, c := range []struct {
		yaml string
		line int // of the refused entry; 0: read
	}{
		{"defaults:\n  allow-roots: [shared/meshes]\n", 0},
		{"defaults:\n  packages:\n    my_robot: shared\n", 0},
		{"defaults:\n  allow-roots: [/]\n", 2},
		{"defaults:\n  allow-roots: [../outside]\n", 2},
		{"defaults:\n  allow-roots: [away]\n", 2}, // a link out of the folder
		{"defaults:\n  packages:\n    my_robot: ../outside\n", 3},
		{"rules:\n  - match: \"*.urdf\"\n    allow-roots: [" + filepath.Join(base, "outside") + "]\n", 3},
	} {
		file := filepath.Join(src, ConfigName)
		if err := os.WriteFile(file, []byte(c.yaml), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := FindConfig(src, nil)
		var ce *ConfigError
		switch {
		case c.line == 0 && err != nil:
			t.Errorf("%q: %v", c.yaml, err)
		case c.line > 0 && (!errors.As(err, &ce) || ce.Line != c.line || !strings.Contains(err.Error(), "outside")):
			t.Errorf("%q: %v, want an error at line %d", c.yaml, err, c.line)
		}
		if _, err := ReadConfig(file, nil); err != nil {
			t.Errorf("%q named with --config: %v", c.yaml, err)
		}
	}
}
