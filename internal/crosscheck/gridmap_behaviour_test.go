package crosscheck

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestBehaviourGridMap: a crate dropped on a GridMap floor (cells of a
// mesh library, one of them rotated) comes to rest in Godot 4 where it
// does on the static body physconv writes for the GridMap, directly and
// through KHR.
func TestBehaviourGridMap(t *testing.T) {
	testenv.Oracle(t, "godot4-inspect")
	dir := t.TempDir()
	for _, f := range []string{"level.tscn", "tiles.tres"} {
		data, err := os.ReadFile(filepath.Join("..", "..", "godot", "testdata", "gridmap", f))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, f), data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	src := filepath.Join(dir, "level.tscn")
	want := godotPoses(t, src, dir)
	if _, ok := want["Crate"]; !ok {
		t.Fatalf("no crate in the source's poses: %v", want)
	}
	for _, route := range [][]string{{"godot"}, {"khr", "godot"}} {
		key := "gridmap " + strings.Join(route, "→")
		out, warns, err := convertChain(t, src, dir, route, func(to string) *convert.Options {
			return &convert.Options{To: to, AllowRoots: []string{dir}}
		})
		if err != nil {
			t.Fatalf("%s: %v", key, err)
		}
		worst, bad := poseDiff(want, godotPoses(t, out, dir), behaviourGodotTol)
		behaviourVerdict(t, key, worst, bad, warns)
	}
}
