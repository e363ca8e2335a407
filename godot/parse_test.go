package godot

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// corpusInput opens a corpus scene with its Godot project folder as the
// file system, so res:// paths resolve.
func corpusInput(t testing.TB, project, rel string) *convert.Input {
	t.Helper()
	root := testenv.CorpusPath(t, project)
	data, err := os.ReadFile(filepath.Join(root, rel))
	if err != nil {
		t.Fatal(err)
	}
	return &convert.Input{Name: rel, Data: data, FS: os.DirFS(root), Dir: path.Dir(rel), Options: &convert.Options{}}
}

// corpusScenes lists (project, scene) pairs of every corpus .tscn.
func corpusScenes(t testing.TB) [][2]string {
	var out [][2]string
	for _, set := range []string{"godot", "godot3"} {
		base := testenv.CorpusPath(t, set)
		entries, _ := os.ReadDir(base)
		for _, e := range entries {
			project := path.Join(set, e.Name())
			root := filepath.Join(base, e.Name())
			filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
				if err == nil && strings.HasSuffix(p, ".tscn") {
					rel, _ := filepath.Rel(root, p)
					out = append(out, [2]string{project, filepath.ToSlash(rel)})
				}
				return nil
			})
		}
	}
	return out
}

func TestParseCorpus(t *testing.T) {
	scenes := corpusScenes(t)
	if len(scenes) < 30 {
		t.Fatalf("only %d scenes", len(scenes))
	}
	for _, sc := range scenes {
		in := corpusInput(t, sc[0], sc[1])
		g, diags, err := Parse(in)
		if err != nil {
			t.Errorf("%s/%s: %v", sc[0], sc[1], err)
			continue
		}
		if err := convert.Validate(g); err != nil {
			t.Errorf("%s/%s: invalid graph: %v", sc[0], sc[1], err)
		}
		bodies, joints := 0, 0
		for _, n := range g.Nodes {
			if n.Motion != nil {
				bodies++
			}
			if n.Joint != nil {
				joints++
			}
		}
		t.Logf("%s/%s: %d nodes, %d bodies, %d joints, %d shapes, %d diags", sc[0], sc[1], len(g.Nodes), bodies, joints, len(g.Shapes), len(diags))
	}
}
