package main

import (
	"encoding/xml"
	"io"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/physconv/physconv/internal/testenv"
)

// checkInspectViews runs inspect's text, tree and SVG views of one file;
// false when the file is not readable (inspect exits 1).
func checkInspectViews(t *testing.T, file string) bool {
	t.Helper()
	code, text, stderr := runCLI(t, "", "inspect", "-q", file)
	if code == exitError {
		return false
	}
	if code != exitOK {
		t.Errorf("%s: inspect exit %d: %s", file, code, stderr)
		return false
	}
	for _, l := range lines(text) {
		if l == "diagnostics:" {
			break
		}
		if n := utf8.RuneCountInString(l); n > 100 {
			t.Errorf("%s: %d columns: %q", file, n, l)
		}
	}
	if !strings.Contains(text, "frame: ") || !strings.Contains(text, "degrees of freedom: ") {
		t.Errorf("%s: no summary header:\n%s", file, text)
	}
	code, tree, stderr := runCLI(t, "", "inspect", "-q", "--tree", file)
	if code != exitOK || !strings.Contains(tree, "\n(world)\n") {
		t.Errorf("%s: --tree exit %d: %s%s", file, code, tree, stderr)
	}
	code, svg, stderr := runCLI(t, "", "inspect", "-q", "--format", "svg", file)
	if code != exitOK || !strings.HasPrefix(svg, "<svg ") {
		t.Errorf("%s: --format svg exit %d: %s", file, code, stderr)
	}
	dec := xml.NewDecoder(strings.NewReader(svg))
	for {
		if _, err := dec.Token(); err == io.EOF {
			break
		} else if err != nil {
			t.Errorf("%s: the SVG is not well-formed XML: %v", file, err)
			break
		}
	}
	return true
}

// TestInspectSummaryTreeAndPictures: the door example's summary, tree
// and pictures say what it is.
func TestInspectSummaryTreeAndPictures(t *testing.T) {
	checkInspectViews(t, doorExample)
	_, text, _ := runCLI(t, "", "inspect", doorExample)
	for _, want := range []string{
		"frame: Y up, the file's own axes",
		"bodies: 3 (1 dynamic, 2 static) · joints: 1\ndegrees of freedom: 1 · total mass: 18 kg",
		"Hinge  revolute  (world)  Door    (0, 1, 0)     -1.571  1.571",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("inspect lacks %q:\n%s", want, text)
		}
	}
	_, tree, _ := runCLI(t, "", "inspect", "--tree", doorExample)
	if !strings.Contains(tree, "(world)\n├── Door  (Hinge: revolute about (0, 1, 0) [-1.571, 1.571])\n├── Floor  (static)\n└── Frame  (static)\n") {
		t.Errorf("tree:\n%s", tree)
	}
	_, dot, _ := runCLI(t, "", "inspect", "--format", "dot", doorExample)
	if !strings.HasPrefix(dot, "digraph physics {") || !strings.Contains(dot, `"(world)" -> "Door" [label="Hinge: revolute`) {
		t.Errorf("dot:\n%s", dot)
	}
	_, mm, _ := runCLI(t, "", "inspect", "--format", "mermaid", doorExample)
	if !strings.HasPrefix(mm, "flowchart TD\n") || !strings.Contains(mm, `n0 -->|"Hinge: revolute`) {
		t.Errorf("mermaid:\n%s", mm)
	}
	for _, args := range [][]string{
		{"inspect", "--format", "png", doorExample},
		{"inspect", "--tree", "--json", doorExample},
		{"inspect", "--tree", "--format", "svg", doorExample},
	} {
		if code, _, stderr := runCLI(t, "", args...); code != exitUsage {
			t.Errorf("%v: exit %d, want 2: %s", args, code, stderr)
		}
	}
}

// TestInspectFrameNamed: a Z-up file says it was turned, and --up keep
// shows its own axes.
func TestInspectFrameNamed(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "door.urdf")
	if code, _, stderr := runCLI(t, "", "convert", "-q", doorExample, out); code != exitOK {
		t.Fatal(stderr)
	}
	_, turned, _ := runCLI(t, "", "inspect", out)
	_, kept, _ := runCLI(t, "", "inspect", "--up", "keep", out)
	if !strings.Contains(turned, "frame: Y-up world; the file is Z-up: its (x, y, z) reads (x, z, -y)") || !strings.Contains(turned, "(0, 1, 0)") {
		t.Errorf("default:\n%s", turned)
	}
	if !strings.Contains(kept, "frame: the file's own axes, Z up") || !strings.Contains(kept, "(0, 0, 1)") {
		t.Errorf("--up keep:\n%s", kept)
	}
}

// TestInspectViewsOnCorpus: every readable corpus file has a summary,
// tables within 100 columns, a tree and a well-formed SVG.
func TestInspectViewsOnCorpus(t *testing.T) {
	root := testenv.Corpus(t)
	n := 0
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return nil
		}
		switch strings.ToLower(filepath.Ext(p)) {
		case ".urdf", ".xml", ".gltf", ".glb", ".tscn", ".xacro":
			if checkInspectViews(t, p) {
				n++
			}
		}
		return nil
	})
	if n == 0 {
		t.Fatal("no corpus file inspected")
	}
	t.Logf("%d corpus files inspected", n)
}
