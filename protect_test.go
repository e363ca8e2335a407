package physconv

import (
	"io/fs"
	"maps"
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

// TestWriteOutputOverOtherNamesOfAnInput: a target that is an input's
// file under another directory entry (a hard link in another folder or
// beside it, a symbolic link to it) is replaced by rename, and the input
// keeps its bytes and its inode; a target that is the input's own entry
// (its path, through a linked folder, a linked input or a ".." after a
// linked folder, or a name differing only in case in its folder, which a
// case-insensitive file system takes for it) is refused with nothing
// written. The input is named absolute or relative to the working folder,
// beside "-" and "", which stand for no file.
func TestWriteOutputOverOtherNamesOfAnInput(t *testing.T) {
	const (
		input = "solid input\nendsolid input\n" // src/meshes/base_link.STL
		other = "solid other\nendsolid other\n" // src/arm/base_link.STL
		fresh = "solid fresh\nendsolid fresh\n" // what a side file is written with
	)
	cases := []struct {
		name     string
		make     map[string]string // name: "=FILE" a hard link to FILE, "->TARGET" a symbolic link to TARGET, "/" a folder
		main     string            // the output
		side     string            // its side file, relative to the output's folder ("" = none)
		link     string            // the source the side file is a hard link to ("" = written)
		protect  string            // the input
		relative bool              // the input is named relative to the working folder (dir)
		refuse   bool
	}{
		{name: "hard link in another folder",
			make: map[string]string{"out/meshes/base_link.STL": "=src/meshes/base_link.STL"},
			main: "out/r.urdf", side: "meshes/base_link.STL", protect: "src/meshes/base_link.STL"},
		{name: "hard link in another folder, input relative",
			make: map[string]string{"out/meshes/base_link.STL": "=src/meshes/base_link.STL"},
			main: "out/r.urdf", side: "meshes/base_link.STL", protect: "src/meshes/base_link.STL", relative: true},
		{name: "hard link in another folder, replaced by a link to another source",
			make: map[string]string{"out/meshes/base_link.STL": "=src/meshes/base_link.STL"},
			main: "out/r.urdf", side: "meshes/base_link.STL", link: "src/arm/base_link.STL", protect: "src/meshes/base_link.STL"},
		{name: "hard link in another folder, replaced by a link to the input again",
			make: map[string]string{"out/meshes/base_link.STL": "=src/meshes/base_link.STL"},
			main: "out/r.urdf", side: "meshes/base_link.STL", link: "src/meshes/base_link.STL", protect: "src/meshes/base_link.STL"},
		{name: "hard link beside the input under another name",
			make: map[string]string{"src/meshes/base_link_2.STL": "=src/meshes/base_link.STL"},
			main: "src/r.urdf", side: "meshes/base_link_2.STL", protect: "src/meshes/base_link.STL"},
		{name: "hard link beside the input as the main output",
			make: map[string]string{"src/meshes/r.urdf": "=src/meshes/base_link.STL"},
			main: "src/meshes/r.urdf", protect: "src/meshes/base_link.STL", relative: true},
		{name: "symbolic link to the input",
			make: map[string]string{"out/meshes/base_link.STL": "->../../src/meshes/base_link.STL"},
			main: "out/r.urdf", side: "meshes/base_link.STL", protect: "src/meshes/base_link.STL"},
		{name: "the input's path",
			main: "src/r.urdf", side: "meshes/base_link.STL", protect: "src/meshes/base_link.STL", refuse: true},
		{name: "the input's path, input relative",
			main: "src/r.urdf", side: "meshes/base_link.STL", protect: "src/meshes/base_link.STL", relative: true, refuse: true},
		{name: "the input's path as the main output",
			main: "src/meshes/base_link.STL", protect: "src/meshes/base_link.STL", refuse: true},
		{name: "the input's path, written as a link to another source",
			main: "src/r.urdf", side: "meshes/base_link.STL", link: "src/arm/base_link.STL", protect: "src/meshes/base_link.STL", refuse: true},
		{name: "the input's path through a linked folder",
			make: map[string]string{"out/meshes": "->../src/meshes"},
			main: "out/r.urdf", side: "meshes/base_link.STL", protect: "src/meshes/base_link.STL", refuse: true},
		{name: "the input named through a linked folder",
			make: map[string]string{"via": "->src"},
			main: "src/r.urdf", side: "meshes/base_link.STL", protect: "via/meshes/base_link.STL", relative: true, refuse: true},
		{name: "the input named with .. after a linked folder",
			// deep/link/.. is src to the system, deep to a lexical reading
			make: map[string]string{"deep/link": "->../src/meshes", "deep/meshes": "/"},
			main: "src/r.urdf", side: "meshes/base_link.STL", protect: "deep/link/../meshes/base_link.STL", relative: true, refuse: true},
		{name: "the file a linked input names",
			make: map[string]string{"src/alias.stl": "->meshes/base_link.STL"},
			main: "src/r.urdf", side: "meshes/base_link.STL", protect: "src/alias.stl", refuse: true},
		{name: "a linked input itself",
			make: map[string]string{"src/alias.stl": "->meshes/base_link.STL"},
			main: "src/r.urdf", side: "alias.stl", protect: "src/alias.stl", refuse: true},
		{name: "a name differing only in case beside the input",
			make: map[string]string{"src/meshes/base_link.stl": "=src/meshes/base_link.STL"},
			main: "src/r.urdf", side: "meshes/base_link.stl", protect: "src/meshes/base_link.STL", refuse: true},
		{name: "a name differing only in case, input relative",
			make: map[string]string{"src/meshes/BASE_LINK.stl": "=src/meshes/base_link.STL"},
			main: "src/r.urdf", side: "meshes/BASE_LINK.stl", protect: "src/meshes/base_link.STL", relative: true, refuse: true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			t.Chdir(dir)
			at := func(name string) string { return dir + string(filepath.Separator) + filepath.FromSlash(name) }
			for name, data := range map[string]string{"src/meshes/base_link.STL": input, "src/arm/base_link.STL": other} {
				os.MkdirAll(filepath.Dir(at(name)), 0o755)
				if err := os.WriteFile(at(name), []byte(data), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			for name, what := range c.make {
				os.MkdirAll(filepath.Dir(at(name)), 0o755)
				var err error
				switch {
				case what == "/":
					err = os.MkdirAll(at(name), 0o755)
				case strings.HasPrefix(what, "="):
					err = os.Link(at(what[1:]), at(name))
				default:
					err = os.Symlink(filepath.FromSlash(strings.TrimPrefix(what, "->")), at(name))
				}
				if err != nil {
					t.Skipf("%s: %v", name, err)
				}
			}
			in := at(c.protect)
			if c.relative {
				in = filepath.FromSlash(c.protect)
			}
			inBefore, err := os.Stat(at("src/meshes/base_link.STL"))
			if err != nil {
				t.Fatal(err)
			}
			treeBefore := snapshot(t, dir)
			data, target := fresh, at(c.main)
			o := &convert.Output{Main: []byte(fresh)}
			if c.side != "" {
				target = filepath.Join(filepath.Dir(at(c.main)), filepath.FromSlash(c.side))
				if c.link != "" {
					held, _ := os.ReadFile(at(c.link))
					data = string(held)
				}
				o.Files = map[string][]byte{c.side: []byte(data)}
				if c.link != "" {
					o.Link(c.side, at(c.link), nil)
				}
			}
			_, err = WriteOutput(at(c.main), o, "-", in, "")
			if got, _ := os.ReadFile(at("src/meshes/base_link.STL")); string(got) != input {
				t.Errorf("the input holds %q", got)
			}
			if inAfter, _ := os.Stat(at("src/meshes/base_link.STL")); inAfter == nil || !os.SameFile(inBefore, inAfter) {
				t.Errorf("the input is another file now")
			}
			if c.refuse {
				if err == nil || !strings.Contains(err.Error(), "refusing to write "+target+" over the input "+in) {
					t.Fatalf("err = %v, want refusing to write %s over the input %s", err, target, in)
				}
				if after := snapshot(t, dir); !maps.EqualFunc(treeBefore, after, sameEntry) {
					t.Errorf("files changed:\n%v\n%v", treeBefore, after)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got, _ := os.ReadFile(target); string(got) != data {
				t.Errorf("%s holds %q, want %q", c.side, got, data)
			}
			if st, err := os.Lstat(target); err != nil || !st.Mode().IsRegular() {
				t.Errorf("%s is no file: %v", target, err)
			}
			if linked := c.link != "" && sameFile(target, at(c.link)); linked != (c.link != "") {
				t.Errorf("%s linked to %s: %v", target, c.link, linked)
			}
			if c.link != "src/meshes/base_link.STL" && sameFile(target, at("src/meshes/base_link.STL")) {
				t.Errorf("%s is still the input's file", target)
			}
			for name := range snapshot(t, dir) {
				if strings.Contains(name, ".tmp") {
					t.Errorf("temporary file %s left", name)
				}
			}
		})
	}
}

// treeEntry is a file in a snapshot: what Lstat says and what it holds.
type treeEntry struct {
	st   fs.FileInfo
	data string
}

// snapshot lists every name under dir (links not followed).
func snapshot(t *testing.T, dir string) map[string]treeEntry {
	t.Helper()
	tree := map[string]treeEntry{}
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		st, err := os.Lstat(p)
		if err != nil {
			t.Fatal(err)
		}
		e := treeEntry{st: st}
		if st.Mode().IsRegular() {
			data, _ := os.ReadFile(p)
			e.data = string(data)
		}
		tree[p] = e
		return nil
	})
	return tree
}

func sameEntry(a, b treeEntry) bool {
	return os.SameFile(a.st, b.st) && a.st.Mode() == b.st.Mode() && a.data == b.data
}
