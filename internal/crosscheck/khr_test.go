package crosscheck

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/khr"
)

// onePerFolder picks, under each corpus asset folder, the first file (in
// sorted order) a registered format reads, so every source format and
// exporter reaches the KHR writer without one validator run per file.
func onePerFolder(t *testing.T, reg *convert.Registry, root string) []string {
	t.Helper()
	picked := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		fs := reg.ByExtension(p)
		if len(fs) == 0 || fs[0].Parse == nil {
			return nil
		}
		dir := filepath.Dir(p)
		if cur, ok := picked[dir]; !ok || p < cur {
			picked[dir] = p
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, p := range picked {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}

// TestEveryFormatToKHRValidates converts corpus files of every format to
// KHR glTF and requires glTF-Validator to report no errors (except one
// IO_ERROR per image the source itself lacks), and the result to read
// back as KHR with the same number of bodies and joints.
func TestEveryFormatToKHRValidates(t *testing.T) {
	root := testenv.Corpus(t)
	testenv.Oracle(t, "gltf-validate")
	reg := all.Registry()
	var files []string
	for _, d := range []string{"gltf", "omi/current", "godot", "godot3", "urdf", "mjcf"} {
		files = append(files, onePerFolder(t, reg, filepath.Join(root, d))...)
	}
	for _, p := range files {
		rel, _ := filepath.Rel(root, p)
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			t.Parallel()
			in, err := physconv.OpenInput(p, nil, &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			from, g, diags, err := physconv.ParseGraph(t.Context(), reg, in)
			if err != nil {
				t.Skipf("%v (the %v reader's malformed-input case, not the KHR writer's)", err, from)
			}
			if from == khr.Format {
				t.Skip("KHR sources are covered by khr's own round trip")
			}
			dir := t.TempDir()
			out := filepath.Join(dir, "out.gltf")
			o, _, err := physconv.EmitGraph(khr.Format, g, &convert.Options{OutputName: out})
			if err != nil {
				t.Fatalf("emit: %v", err)
			}
			writeAll(t, dir, out, o)
			missing := 0
			for _, d := range diags {
				if d.Code == "image-missing" {
					missing++
				}
			}
			khrValidatorSlots <- struct{}{}
			res, code := func() ([]byte, int) {
				defer func() { <-khrValidatorSlots }() // a skip ends the goroutine here too
				return testenv.RunOracle(t, "gltf-validate", "--summary", out)
			}()
			var sum struct {
				NumErrors int            `json:"numErrors"`
				Codes     map[string]int `json:"codes"`
			}
			if err := json.Unmarshal(res, &sum); err != nil {
				t.Fatalf("%v: %s", err, res)
			}
			if sum.NumErrors != missing || sum.Codes["IO_ERROR"] != missing || (code == 0) != (missing == 0) {
				t.Errorf("gltf-validate (%d images missing in the source): %s", missing, res)
			}
			back, _, err := khr.Parse(&convert.Input{Name: out, Data: o.Main, FS: os.DirFS(dir), Dir: ".", Options: &convert.Options{}})
			if err != nil {
				t.Fatalf("our KHR output does not read back: %v", err)
			}
			want, got := inspect.Inspect(g, from.Name, nil), inspect.Inspect(back, "khr", nil)
			if len(got.Joints) != len(want.Joints) {
				t.Errorf("joints: %d in, %d out", len(want.Joints), len(got.Joints))
			}
			if !strings.Contains(rel, "godot") && len(got.Bodies) == 0 && len(want.Bodies) > 0 {
				t.Errorf("no bodies written (%d in the source)", len(want.Bodies))
			}
		})
	}
}

func writeAll(t *testing.T, dir, main string, o *convert.Output) {
	t.Helper()
	if err := os.WriteFile(main, o.Main, 0o644); err != nil {
		t.Fatal(err)
	}
	for rel, data := range o.Files {
		q := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(q), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(q, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// khrValidatorSlots bounds concurrent glTF-Validator runs of this file.
var khrValidatorSlots = make(chan struct{}, 2)
