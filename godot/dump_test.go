package godot

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestDump writes emitted corpus scenes to $GODOT_DUMP for manual checks.
func TestDump(t *testing.T) {
	dir := os.Getenv("GODOT_DUMP")
	if dir == "" {
		t.Skip("GODOT_DUMP not set")
	}
	for _, sc := range corpusScenes(t) {
		for _, v := range []int{4, 3} {
			g, _, err := Parse(corpusInput(t, sc[0], sc[1]))
			if err != nil {
				t.Fatal(err)
			}
			out, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(v)))
			if err != nil {
				t.Fatal(err)
			}
			name := strings.ReplaceAll(sc[0]+"_"+sc[1], "/", "_")
			name = strings.TrimSuffix(name, ".tscn") + map[int]string{3: ".g3.tscn", 4: ".g4.tscn"}[v]
			os.WriteFile(filepath.Join(dir, name), out.Main, 0o644)
			_ = diags
		}
	}
}
