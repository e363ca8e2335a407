package view

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/testenv"
)

// corpusKinds are the corpus folders of each format with their files'
// extensions.
var corpusKinds = []struct {
	dir  string
	exts []string
}{
	{"gltf", []string{".gltf", ".glb"}},
	{"khr", []string{".gltf", ".glb"}},
	{"omi", []string{".gltf", ".glb"}},
	{"godot", []string{".tscn"}},
	{"godot3", []string{".tscn"}},
	{"urdf", []string{".urdf"}},
	{"xacro", []string{".xacro"}},
	{"mjcf", []string{".xml"}},
}

// perKind is how many files of each folder the browser test opens unless
// PHYSCONV_VIEW_ALL=1 asks for every one: each page takes about a second
// in software WebGL (about 1.8 s), and the sample must stay near a minute.
const perKind = 4

// spread picks n files evenly over a sorted list, so the sample reaches
// every project in the folder, not only the first.
func spread(files []string, n int) []string {
	if n <= 0 || len(files) <= n {
		return files
	}
	out := make([]string, n)
	for i := range out {
		out[i] = files[i*len(files)/n]
	}
	return out
}

type shot struct {
	Page        string   `json:"page"`
	OK          bool     `json:"ok"`
	Stats       *stats   `json:"stats"`
	ModelBodies int      `json:"modelBodies"`
	Selected    int      `json:"selected"`
	Coverage    int      `json:"coverage"`
	Screenshot  string   `json:"screenshot"`
	MS          int      `json:"ms"`
	Errors      []string `json:"errors"`
	Requests    []string `json:"requests"`
}

type stats struct {
	Bodies, Colliders, Visuals, Joints, Unreadable, WebglErrors int
}

// TestViewInBrowser writes the page of corpus files of every format, opens
// each in headless Chromium and checks it drew the file's bodies without
// errors or network requests, and that its screenshot is not blank. The
// screenshots stay as artifacts.
func TestViewInBrowser(t *testing.T) {
	br := testenv.HeadlessBrowser(t)
	every := os.Getenv("PHYSCONV_VIEW_ALL") == "1"
	reg := all.Registry()
	pages := t.TempDir()
	art := testenv.Artifacts(t, "view")
	corpus := testenv.Corpus(t)
	want := map[string]counts{} // page → what it must draw
	var order []string
	// first a scene with every shape kind, one over the mesh budget
	{
		g := everyShape()
		m, err := Build(g, inspect.Inspect(g, "test", nil), 12)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := WritePage(&buf, m); err != nil {
			t.Fatal(err)
		}
		name := filepath.Join(pages, "every_shape.html")
		if err := os.WriteFile(name, buf.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		want[name] = countsOf(m)
		order = append(order, name)
	}
	for _, k := range corpusKinds {
		files := testenv.CorpusFiles(t, k.exts, k.dir)
		if !every {
			// a spread of candidates, as many viewable ones as perKind
			files = spread(files, 4*perKind)
		}
		n := 0
		for _, f := range files {
			if !every && n == perKind {
				break
			}
			m, page, err := pageOf(reg, f)
			if err != nil {
				// files that are not whole models (includes, fragments)
				t.Logf("%s: not viewable: %v", f, err)
				continue
			}
			n++
			rel, _ := filepath.Rel(corpus, f)
			name := filepath.Join(pages, strings.NewReplacer("/", "_", ".", "_").Replace(rel)+".html")
			if err := os.WriteFile(name, page, 0o644); err != nil {
				t.Fatal(err)
			}
			want[name] = countsOf(m)
			order = append(order, name)
		}
	}
	if len(order) == 0 {
		t.Fatal("no corpus file made a page")
	}
	// a page that hangs fails on its own 30 s waits; this bounds the rest
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute+time.Duration(len(order))*30*time.Second)
	defer cancel()
	cmd := exec.CommandContext(ctx, br.Node, append([]string{filepath.Join("testdata", "shoot.mjs"), art}, order...)...)
	cmd.Env = append(os.Environ(), "PLAYWRIGHT_HOME="+br.PlaywrightHome, "CHROMIUM="+br.Chromium)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("browser driver: %v\n%s", err, stderr.String())
	}
	got := map[string]shot{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	total := 0
	for sc.Scan() {
		var s shot
		if err := json.Unmarshal(sc.Bytes(), &s); err != nil {
			t.Fatalf("driver output %q: %v", sc.Text(), err)
		}
		got[s.Page] = s
		total += s.MS
	}
	t.Logf("%d pages in %d ms of page time", len(got), total)
	for _, p := range order {
		s, ok := got[p]
		name := filepath.Base(p)
		switch {
		case !ok:
			t.Errorf("%s: no result from the browser", name)
			continue
		case !s.OK || len(s.Errors) > 0:
			t.Errorf("%s: page failed: %v", name, s.Errors)
			continue
		case len(s.Requests) > 0:
			t.Errorf("%s: page asked the network for %v", name, s.Requests)
		}
		w := want[p]
		if got := (counts{s.Stats.Bodies, s.Stats.Colliders, s.Stats.Visuals, s.Stats.Joints, s.Stats.Unreadable}); got != w || s.ModelBodies != w.Bodies {
			t.Errorf("%s: drew %+v (model bodies %d), want %+v", name, got, s.ModelBodies, w)
		}
		if s.Stats.WebglErrors != 0 {
			t.Errorf("%s: %d WebGL errors", name, s.Stats.WebglErrors)
		}
		if w.Bodies > 0 && s.Selected == 0 {
			t.Errorf("%s: clicking a body in the tree selected nothing", name)
		}
		if w.Bodies > 0 && s.Coverage == 0 {
			t.Errorf("%s: the bodies cover no pixel of the view", name)
		}
		if colours, err := distinctColours(s.Screenshot); err != nil || colours < 2 {
			t.Errorf("%s: screenshot %s has %d colours (%v)", name, s.Screenshot, colours, err)
		}
	}
}

// pageOf parses a file as physconv view does and returns its model and
// page.
func pageOf(reg *convert.Registry, path string) (*Model, []byte, error) {
	_, m, err := modelOf(reg, path)
	if err != nil {
		return nil, nil, err
	}
	var buf bytes.Buffer
	if err := WritePage(&buf, m); err != nil {
		return nil, nil, err
	}
	return m, buf.Bytes(), nil
}

// counts is what a page must draw: every body (the inspect report's),
// collider, visual and joint of its model; shapes whose mesh cannot be
// read are counted apart, as the page lists them.
type counts struct{ Bodies, Colliders, Visuals, Joints, Unreadable int }

func countsOf(m *Model) counts {
	c := counts{Bodies: len(m.Bodies), Joints: len(m.Joints)}
	for _, s := range m.Shapes {
		if s.Unreadable {
			c.Unreadable++
			continue
		}
		switch s.Role {
		case RoleCollider:
			c.Colliders++
		case RoleVisual:
			c.Visuals++
		}
	}
	return c
}

// modelOf parses a file and builds its page model. A parse error means
// the file is not a whole model; a Build error is the page's fault.
func modelOf(reg *convert.Registry, path string) (*inspect.Report, *Model, error) {
	in, err := physconv.OpenInput(path, nil, nil)
	if err != nil {
		return nil, nil, err
	}
	f, g, diags, err := physconv.ParseGraph(context.Background(), reg, in)
	if err != nil {
		return nil, nil, err
	}
	rep := inspect.Inspect(g, f.Name, diags)
	m, err := Build(g, rep, 0)
	if err != nil {
		return nil, nil, fmt.Errorf("%w: %w", errBuild, err)
	}
	return rep, m, nil
}

var errBuild = errors.New("page model")

// TestModelOnCorpus builds the page model of every corpus file that
// parses (no browser) and checks it against the inspect report: the same
// bodies, joints and colliders, and JSON that encodes.
func TestModelOnCorpus(t *testing.T) {
	reg := all.Registry()
	files, built := 0, 0
	for _, k := range corpusKinds {
		for _, f := range testenv.CorpusFiles(t, k.exts, k.dir) {
			files++
			rep, m, err := modelOf(reg, f)
			if errors.Is(err, errBuild) {
				t.Errorf("%s: %v", f, err)
			}
			if err != nil {
				continue
			}
			built++
			colliders, triggers := 0, 0
			for _, b := range rep.Bodies {
				colliders += len(b.Colliders)
				triggers += len(b.Triggers)
			}
			roles := map[Role]int{}
			for _, s := range m.Shapes {
				roles[s.Role]++
				if s.Body < -1 || s.Body >= len(m.Bodies) || s.Role != RoleVisual && s.Body < 0 {
					t.Errorf("%s: shape of node %d has body %d of %d", f, s.Node, s.Body, len(m.Bodies))
				}
			}
			if len(m.Bodies) != len(rep.Bodies) || len(m.Joints) != len(rep.Joints) ||
				roles[RoleCollider] != colliders || roles[RoleTrigger] != triggers {
				t.Errorf("%s: model has %d bodies, %d joints, %d colliders, %d triggers; report %d, %d, %d, %d", f,
					len(m.Bodies), len(m.Joints), roles[RoleCollider], roles[RoleTrigger], len(rep.Bodies), len(rep.Joints), colliders, triggers)
			}
			if _, err := json.Marshal(m); err != nil {
				t.Errorf("%s: %v", f, err)
			}
		}
	}
	t.Logf("%d of %d corpus files parse and build a page model", built, files)
}

// distinctColours counts the colours of a PNG up to 16 (a blank canvas
// has one).
func distinctColours(path string) (int, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return 0, err
	}
	seen := map[[4]uint32]bool{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y += 2 {
		for x := b.Min.X; x < b.Max.X; x += 2 {
			r, g, bl, a := img.At(x, y).RGBA()
			seen[[4]uint32{r, g, bl, a}] = true
			if len(seen) >= 16 {
				return len(seen), nil
			}
		}
	}
	return len(seen), nil
}
