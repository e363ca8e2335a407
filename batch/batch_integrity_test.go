package batch_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
)

// sideRef matches the references the box emitter writes for its side files.
var sideRef = regexp.MustCompile(`side "([^"]+)"`)

// ownSides checks that every output's side files exist beside it with the
// bytes its input asked for, and returns the side file each output names.
func ownSides(t *testing.T, dst string, want map[string]string) map[string]string {
	t.Helper()
	refs := map[string]string{}
	for out, content := range want {
		main, err := os.ReadFile(filepath.Join(dst, out))
		if err != nil {
			t.Fatal(err)
		}
		m := sideRef.FindSubmatch(main)
		if m == nil {
			t.Fatalf("%s names no side file: %q", out, main)
		}
		p := filepath.Join(filepath.Dir(filepath.Join(dst, out)), string(m[1]))
		got, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("%s names %s: %v", out, m[1], err)
		}
		if string(got) != content {
			t.Errorf("%s names %s holding %q, want its own %q", out, m[1], got, content)
		}
		refs[out] = string(m[1])
	}
	return refs
}

func TestBatchSideFilesAreNeverSharedUnlessEqual(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	writeTree(t, src, map[string]string{
		"a.box": "box a 1 1\nside meshes/5.stl AAA\n",
		"b.box": "box b 1 1\nside meshes/5.stl BBB\n",
		"c.box": "box c 1 1\nside meshes/5.stl AAA\n",
	})
	opts := batch.BatchOptions{Options: convert.Options{To: "boxout"}, Jobs: 3, Incremental: true}
	want := map[string]string{"a.boxout": "AAA", "b.boxout": "BBB", "c.boxout": "AAA"}
	for run := 1; run <= 3; run++ {
		sum, _, err := runBatch(t, src, dst, opts)
		if err != nil {
			t.Fatal(err)
		}
		if wantConv := map[int]int{1: 3}[run]; sum.Converted != wantConv || sum.Skipped != 3-wantConv {
			t.Fatalf("run %d: %+v, want %d converted and the rest skipped", run, sum, wantConv)
		}
		refs := ownSides(t, dst, want)
		if refs["a.boxout"] != refs["c.boxout"] || refs["a.boxout"] == refs["b.boxout"] {
			t.Errorf("run %d: side files %v: equal bytes must share one name, different bytes must not", run, refs)
		}
	}
	// a's side file changes: a gets a new one, c keeps the one they shared,
	// b's is untouched.
	writeTree(t, src, map[string]string{"a.box": "box a 1 1\nside meshes/5.stl CCC\n"})
	sum, _, err := runBatch(t, src, dst, opts)
	if err != nil || sum.Converted != 1 || sum.Skipped != 2 {
		t.Fatalf("after the change: %+v, %v", sum, err)
	}
	want["a.boxout"] = "CCC"
	ownSides(t, dst, want)
	// b changes too: its old side file, used by no output now, is removed.
	old := ownSides(t, dst, map[string]string{"b.boxout": "BBB"})["b.boxout"]
	writeTree(t, src, map[string]string{"b.box": "box b 1 1\nside meshes/5.stl DDD\n"})
	if _, _, err := runBatch(t, src, dst, opts); err != nil {
		t.Fatal(err)
	}
	want["b.boxout"] = "DDD"
	ownSides(t, dst, want)
	if _, err := os.Stat(filepath.Join(dst, old)); !os.IsNotExist(err) {
		t.Errorf("stale side file %s is still there (%v)", old, err)
	}
	if got := len(listTree(t, filepath.Join(dst, "meshes"))); got != 3 {
		t.Errorf("meshes/ holds %d files, want 3 (a, b, c's shared with nobody else)", got)
	}
}

func TestBatchRelativeSourceCopiesSideFiles(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		"src/robots/arm.box":          "box link1 1 3\nmesh meshes/link1.stl\n",
		"src/robots/meshes/link1.stl": "solid x\nendsolid x\n",
	})
	if err := os.Symlink("src", filepath.Join(dir, "alias")); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	for _, src := range []string{"src", "./src/", "alias", filepath.Join(dir, "src")} {
		t.Run(src, func(t *testing.T) {
			dst := filepath.Join("out", strings.ReplaceAll(src, "/", "_"))
			_, res, err := runBatch(t, src, dst, batch.BatchOptions{Options: convert.Options{To: "boxout"}})
			if err != nil {
				t.Fatal(err)
			}
			if len(res) != 1 || res[0].Status != batch.Converted {
				t.Fatalf("results %+v", res)
			}
			if res[0].Diagnostics.Has(convert.CodeSideFileOutsideSource) {
				t.Errorf("false warning: %v", res[0].Diagnostics)
			}
			got, err := os.ReadFile(filepath.Join(dst, "robots/meshes/link1.stl"))
			if err != nil || string(got) != "solid x\nendsolid x\n" {
				t.Errorf("side file not copied: %q, %v", got, err)
			}
		})
	}
}

func TestBatchTwinsConvertToDistinctNames(t *testing.T) {
	cases := []struct {
		files []string
		want  []string // outputs, in input order
	}{
		{[]string{"x.box", "x.bx"}, []string{"x.box.boxout", "x.bx.boxout"}},
		{[]string{"d/x.box", "d/x.bx", "d/y.box"}, []string{"d/x.box.boxout", "d/x.bx.boxout", "d/y.boxout"}},
		{[]string{"x.box", "other/x.bx"}, []string{"other/x.boxout", "x.boxout"}},
	}
	for _, c := range cases {
		t.Run(strings.Join(c.files, ","), func(t *testing.T) {
			src, dst := t.TempDir(), t.TempDir()
			tree := map[string]string{}
			for _, f := range c.files {
				tree[f] = "box " + strings.ReplaceAll(f, "/", "_") + " 1 1\n"
			}
			writeTree(t, src, tree)
			// Every shard names the outputs as the whole run does.
			for _, shard := range []batch.Shard{{}, {K: 1, N: 2}, {K: 2, N: 2}} {
				_, res, err := runBatch(t, src, dst, batch.BatchOptions{Options: convert.Options{To: "boxout"}, Shard: shard})
				if err != nil {
					t.Fatal(err)
				}
				for _, r := range res {
					if r.Status != batch.Converted {
						t.Errorf("%s: %s %v", r.Input, r.Status, r.Diagnostics)
					}
					found := false
					for _, w := range c.want {
						found = found || w == r.Output
					}
					if !found {
						t.Errorf("shard %v: %s -> %s, not one of %v", shard, r.Input, r.Output, c.want)
					}
				}
			}
			var outs []string
			for _, f := range listTree(t, dst) {
				if strings.HasSuffix(f, ".boxout") {
					outs = append(outs, f)
				}
			}
			if strings.Join(outs, " ") != strings.Join(c.want, " ") {
				t.Errorf("outputs %v, want %v", outs, c.want)
			}
		})
	}
}

func TestBatchSkipsFilesNoFormatRecognises(t *testing.T) {
	xml := &convert.Format{Name: "xmlbox", Extensions: []string{".xml"}, Parse: parseBox, Emit: emitBox,
		Sniff: func(head []byte) bool { return strings.HasPrefix(string(head), "box ") }}
	reg := convert.NewRegistry(boxFormat, boxOutFormat, xml)
	src, dst := t.TempDir(), t.TempDir()
	writeTree(t, src, map[string]string{
		"robot/model.xml":   "box a 1 1\n",
		"robot/package.xml": "<?xml version=\"1.0\"?>\n<package format=\"3\"><name>robot</name></package>\n",
		"robot/broken.box":  "<package/>\n",
	})
	run := func(opts batch.BatchOptions) map[string]*batch.FileResult {
		res := map[string]*batch.FileResult{}
		opts.OnResult = func(r *batch.FileResult) { res[r.Input] = r }
		if _, err := batch.Batch(t.Context(), reg, src, dst, &opts); err != nil {
			t.Fatal(err)
		}
		return res
	}
	res := run(batch.BatchOptions{Options: convert.Options{To: "boxout"}})
	want := map[string]batch.Status{"robot/model.xml": batch.Converted, "robot/package.xml": batch.Skipped,
		// an extension that is not generic still decides: it is an input whatever its content
		"robot/broken.box": batch.Converted}
	for in, st := range want {
		if r := res[in]; r == nil || r.Status != st {
			t.Errorf("%s: %+v, want %s", in, r, st)
		}
	}
	if d := res["robot/package.xml"].Diagnostics; len(d) != 1 || d[0].Code != convert.CodeInputNotRecognised || d[0].Severity != convert.Info {
		t.Errorf("package.xml diagnostics %v", d)
	}
	if _, err := os.Stat(filepath.Join(dst, "robot/package.boxout")); !os.IsNotExist(err) {
		t.Errorf("an output was written for package.xml (%v)", err)
	}
	// --from converts it anyway (and the box parser ignores unknown lines).
	res = run(batch.BatchOptions{Options: convert.Options{To: "boxout", From: "xmlbox"}})
	if r := res["robot/package.xml"]; r == nil || r.Status != batch.Converted {
		t.Errorf("with --from: %+v", r)
	}
}

func TestBatchOutputsNeverReplaceInputs(t *testing.T) {
	// Each case: the tree, SRC and DST relative to it, and the inputs
	// whose output must be refused (output-collision) with nothing written.
	cases := []struct {
		name     string
		tree     map[string]string
		src, dst string
		opts     batch.BatchOptions
		refused  []string
	}{
		{"in place, same format", map[string]string{"a.box": "box a 1 1\n"}, ".", ".",
			batch.BatchOptions{Options: convert.Options{To: "box"}}, []string{"a.box"}},
		{"SRC inside DST", map[string]string{"lib/lib/a.box": "box a 1 1\n", "lib/a.box": "box keep 1 1\n"}, "lib", ".",
			batch.BatchOptions{Options: convert.Options{To: "box"}}, []string{"lib/a.box"}},
		{"SRC inside DST, input left out by a glob", map[string]string{"lib/lib/a.box": "box a 1 1\n", "lib/a.box": "box keep 1 1\n"}, "lib", ".",
			batch.BatchOptions{Options: convert.Options{To: "box"}, Include: []string{"lib/**"}}, []string{"lib/a.box"}},
		{"SRC inside DST, input in another shard", map[string]string{"lib/lib/a.box": "box a 1 1\n", "lib/a.box": "box keep 1 1\n"}, "lib", ".",
			batch.BatchOptions{Options: convert.Options{To: "box"}, Shard: splitting("lib/a.box", "a.box")}, []string{"lib/a.box"}},
		{"DST inside SRC", map[string]string{"a.box": "box a 1 1\n", "out/a.box": "box old 1 1\n"}, ".", "out",
			batch.BatchOptions{Options: convert.Options{To: "box"}}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			writeTree(t, dir, c.tree)
			src, dst := filepath.Join(dir, c.src), filepath.Join(dir, c.dst)
			_, res, err := runBatch(t, src, dst, c.opts)
			if err != nil {
				t.Fatal(err)
			}
			refused := map[string]bool{}
			for _, r := range res {
				if r.Diagnostics.Has(convert.CodeOutputCollision) {
					refused[r.Input] = true
				}
			}
			for _, in := range c.refused {
				if !refused[in] {
					t.Errorf("%s was not refused: %+v", in, res)
				}
				delete(refused, in)
			}
			if len(refused) > 0 {
				t.Errorf("refused too: %v", refused)
			}
			// No input of the tree changed (outputs inside DST aside).
			for name, content := range c.tree {
				if c.dst != "." && strings.HasPrefix(name, c.dst+"/") {
					continue
				}
				if got, _ := os.ReadFile(filepath.Join(dir, name)); string(got) != content {
					t.Errorf("input %s changed to %q", name, got)
				}
			}
		})
	}
}

// splitting finds a shard holding in but not out.
func splitting(in, out string) batch.Shard {
	for n := 2; n < 64; n++ {
		for k := 1; k <= n; k++ {
			if s := (batch.Shard{K: k, N: n}); s.Contains(in) && !s.Contains(out) {
				return s
			}
		}
	}
	panic("no shard splits " + in + " from " + out)
}
