package physconv

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// refFormat reads "mesh FILE" lines (side files, read through the
// input's FS) and writes one side file per "side NAME" line.
var refFormat = &convert.Format{
	Name: "ref", Extensions: []string{".ref"},
	Parse: func(in *convert.Input) (*convert.Graph, convert.Diagnostics, error) {
		g := convert.NewGraph()
		var sides []string
		for _, line := range strings.Split(string(in.Data), "\n") {
			if f, ok := strings.CutPrefix(line, "mesh "); ok {
				if _, err := in.Open(f); err != nil {
					return nil, nil, err
				}
			}
			if f, ok := strings.CutPrefix(line, "side "); ok {
				sides = append(sides, f)
			}
		}
		g.Extras["sides"] = sides
		return g, nil, nil
	},
	Emit: func(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
		out := &convert.Output{Main: []byte("written"), Files: map[string][]byte{}}
		sides, _ := g.Extras["sides"].([]string)
		for _, s := range sides {
			out.Files[s] = []byte("written")
		}
		return out, nil, nil
	},
}

// TestConvertFileNeverWritesOverWhatTheInputReads: neither the main
// output nor one of its side files may replace the input or a file it
// reads.
func TestConvertFileNeverWritesOverWhatTheInputReads(t *testing.T) {
	reg := convert.NewRegistry(refFormat)
	cases := []struct {
		name   string
		input  string
		output string
		refuse bool
	}{
		{"output over the input", "mesh meshes/m.stl\n", "a.ref", true},
		{"output over a mesh it reads", "mesh meshes/m.stl\n", "meshes/m.stl", true},
		{"output over a mesh through ..", "mesh ../shared/m.stl\n", "shared/m.stl", true},
		{"side file over a mesh it reads", "mesh meshes/m.stl\nside meshes/m.stl\n", "b.ref", true},
		{"a mesh it does not read", "mesh meshes/m.stl\n", "shared/m.stl", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{"physconv.yaml": "", "in/a.ref": c.input, "in/meshes/m.stl": "mesh", "shared/m.stl": "shared mesh"}
			for n, d := range files {
				p := filepath.Join(dir, filepath.FromSlash(n))
				os.MkdirAll(filepath.Dir(p), 0o755)
				os.WriteFile(p, []byte(d), 0o644)
			}
			out := filepath.Join(dir, "in", filepath.FromSlash(c.output))
			if strings.HasPrefix(c.output, "shared/") {
				out = filepath.Join(dir, filepath.FromSlash(c.output))
			}
			_, err := ConvertFile(t.Context(), reg, filepath.Join(dir, "in/a.ref"), out, &convert.Options{To: "ref"})
			if c.refuse != (err != nil && strings.Contains(err.Error(), "refusing to write")) {
				t.Fatalf("err = %v, want refused %v", err, c.refuse)
			}
			if !c.refuse {
				return
			}
			for n, d := range files {
				if got, _ := os.ReadFile(filepath.Join(dir, filepath.FromSlash(n))); string(got) != d {
					t.Errorf("%s changed to %q", n, got)
				}
			}
		})
	}
}

// TestWriteOutputRelinksItsOwnLinks: a side file hard-linked to a source
// mesh is the mesh under another name; converting again replaces the link
// (the default --side-files link made every second run fail), while a
// side file at the mesh's own path is still refused.
func TestWriteOutputRelinksItsOwnLinks(t *testing.T) {
	dir := t.TempDir()
	mesh := filepath.Join(dir, "in", "m.stl")
	os.MkdirAll(filepath.Dir(mesh), 0o755)
	os.WriteFile(mesh, []byte("solid m\nendsolid m\n"), 0o644)
	out := func() *convert.Output {
		o := &convert.Output{Main: []byte("<robot/>"), Files: map[string][]byte{"meshes/m.stl": []byte("solid m\nendsolid m\n")}}
		o.Link("meshes/m.stl", mesh, nil)
		return o
	}
	main := filepath.Join(dir, "out", "r.urdf")
	for run := 1; run <= 3; run++ {
		if _, err := WriteOutput(main, out(), mesh); err != nil {
			t.Fatalf("run %d: %v", run, err)
		}
	}
	if !sameFile(filepath.Join(dir, "out", "meshes", "m.stl"), mesh) {
		t.Errorf("the side file is not a link to the mesh")
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "out", "meshes", ".*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
	if got, _ := os.ReadFile(mesh); string(got) != "solid m\nendsolid m\n" {
		t.Errorf("the mesh changed to %q", got)
	}
	// the mesh's own directory entry is never a target
	inPlace := filepath.Join(dir, "in", "r.urdf")
	o := &convert.Output{Main: []byte("<robot/>"), Files: map[string][]byte{"m.stl": []byte("x")}}
	o.Link("m.stl", mesh, nil)
	if _, err := WriteOutput(inPlace, o, mesh); err == nil || !strings.Contains(err.Error(), "refusing to write") {
		t.Errorf("side file at the mesh's path: err = %v, want refused", err)
	}
}

// TestSideFileThatIsTheInput: a side file at the path of a file the input
// reads, holding its very bytes (an image a round trip names where its
// source keeps it), is left as it is: the conversion succeeds, the file
// keeps its identity and contents, and it is not recorded as a side file
// a later run could remove. One byte different is still refused.
func TestSideFileThatIsTheInput(t *testing.T) {
	reg := convert.NewRegistry(refFormat)
	for _, same := range []bool{true, false} {
		dir := t.TempDir()
		mesh := filepath.Join(dir, "meshes", "m.stl")
		os.MkdirAll(filepath.Dir(mesh), 0o755)
		content := "written" // what refFormat writes as every side file
		if !same {
			content = "written!"
		}
		os.WriteFile(mesh, []byte(content), 0o644)
		in := filepath.Join(dir, "a.ref")
		os.WriteFile(in, []byte("mesh meshes/m.stl\nside meshes/m.stl\nside other.stl\n"), 0o644)
		before, _ := os.Stat(mesh)
		res, err := ConvertFile(t.Context(), reg, in, filepath.Join(dir, "b.ref"), &convert.Options{To: "ref"})
		if !same {
			if err == nil || !strings.Contains(err.Error(), "refusing to write") {
				t.Errorf("different bytes: err = %v, want refused", err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("same bytes: %v", err)
		}
		after, _ := os.Stat(mesh)
		if !os.SameFile(before, after) || !after.ModTime().Equal(before.ModTime()) {
			t.Errorf("the input file was replaced")
		}
		if got, _ := os.ReadFile(mesh); string(got) != content {
			t.Errorf("the input file holds %q", got)
		}
		if len(res.Files) != 2 || res.Files[1] != filepath.Join(dir, "other.stl") {
			t.Errorf("files written %v, want the main file and other.stl", res.Files)
		}
		rec, _ := os.ReadFile(SideRecordPath(filepath.Join(dir, "b.ref")))
		if strings.Contains(string(rec), "meshes/m.stl") || !strings.Contains(string(rec), "other.stl") {
			t.Errorf("side record %s, want other.stl only", rec)
		}
	}
}
