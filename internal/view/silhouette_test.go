package view

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// minIoU is how much of the union of the two silhouettes, in every view,
// both must cover: what is left is room for tessellation at the edges.
const minIoU = 0.98

// silSize is the side of each view's mask in pixels.
const silSize = 384

type silJob struct {
	Name     string            `json:"name"`
	GLTF     string            `json:"gltf"`
	Kind     string            `json:"kind"`
	Src      string            `json:"src"`
	Packages map[string]string `json:"packages,omitempty"`
	Size     int               `json:"size"`
	// SrcBody, when set, is a file the driver serves in place of Src's
	// bytes at Src's address (so relative references still resolve): the
	// source as the reference loader can read it (see readableXML).
	SrcBody string `json:"srcBody,omitempty"`
	rel     string // corpus path of the source
}

// xmlDecl matches an XML declaration's version.
var xmlDecl = regexp.MustCompile(`^(?:\x{FEFF})?\s*<\?xml\s[^>]*?version\s*=\s*["']([^"']*)["']`)

// readableXML returns src with its XML declaration's version made 1.0,
// and whether it changed it. The browser's DOMParser, which urdf-loader
// reads URDF with, rejects any other version (bullet's humanoid.urdf
// says "0.0") where XML readers used with URDF (urdfdom's TinyXML, ours)
// read on: a limit of the reference loader, so only its copy changes.
func readableXML(src []byte) ([]byte, bool) {
	m := xmlDecl.FindSubmatchIndex(src)
	if m == nil || string(src[m[2]:m[3]]) == "1.0" {
		return src, false
	}
	return append(append(append([]byte(nil), src[:m[2]]...), "1.0"...), src[m[3]:]...), true
}

type silResult struct {
	Name   string `json:"name"`
	PNG    string `json:"png"`
	Counts struct{ A, B int }
	Views  []struct {
		Name       string
		A, B, Both int
		IoU        float64 `json:"iou"`
	}
	Errors          []string `json:"errors"`
	MissingTextures []string `json:"missingTextures"`
	MS              int      `json:"ms"`
}

// knownDiff lists the models (corpus paths) whose silhouettes are known to
// differ, and why. The test checks they still do, so a fix shows up.
var knownDiff = map[string]string{}

var packageRef = regexp.MustCompile(`package://([^/"]+)/`)

// TestSilhouette converts every corpus URDF and MJCF model to glTF and
// checks that three.js's GLTFLoader draws it with the silhouette of its
// source as a reader independent of physconv draws the source: urdf-loader
// for URDF, MuJoCo's compiled geoms (world poses, sizes, mesh vertices) for
// MJCF. Front, side and top views, orthographic, fitted to both.
func TestSilhouette(t *testing.T) {
	br := testenv.HeadlessBrowser(t)
	js := testenv.TestJS(t, "three", "urdf-loader")
	corpus := testenv.Corpus(t)
	art := testenv.Artifacts(t, "silhouette")
	work := t.TempDir()
	mjDir := filepath.Join(work, "mujoco")
	if err := os.MkdirAll(mjDir, 0o755); err != nil {
		t.Fatal(err)
	}
	reg := all.Registry()
	var jobs []silJob
	var mjFiles []string
	for _, dir := range []string{"urdf", "mjcf"} {
		ext := map[string][]string{"urdf": {".urdf"}, "mjcf": {".xml"}}[dir]
		for _, f := range testenv.CorpusFiles(t, ext, dir) {
			rel, _ := filepath.Rel(corpus, f)
			name := strings.NewReplacer("/", "_", ".", "_").Replace(rel)
			if filepath.Base(f) == "package.xml" || strings.Contains(filepath.ToSlash(rel), "/common/") {
				continue // a ROS package manifest; fragments MJCF models include
			}
			out := filepath.Join(work, name, name+".gltf")
			if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
				t.Fatal(err)
			}
			if _, err := physconv.ConvertFile(context.Background(), reg, f, out, nil); err != nil {
				t.Errorf("%s: %v", rel, err)
				continue
			}
			j := silJob{Name: name, GLTF: out, Kind: dir, Src: f, Size: silSize, rel: filepath.ToSlash(rel)}
			if dir == "urdf" {
				j.Packages = urdfPackages(t, corpus, f)
				src, err := os.ReadFile(f)
				if err != nil {
					t.Fatal(err)
				}
				if body, ok := readableXML(src); ok {
					j.SrcBody = filepath.Join(work, name, "source-xml-1.0.urdf")
					if err := os.WriteFile(j.SrcBody, body, 0o644); err != nil {
						t.Fatal(err)
					}
					t.Logf("%s: the reference loader reads it with its XML declaration's version made 1.0 (DOMParser rejects others)", rel)
				}
			} else {
				j.Src = filepath.Join(mjDir, fmt.Sprintf("%d.json", len(mjFiles)))
				mjFiles = append(mjFiles, f)
			}
			jobs = append(jobs, j)
		}
	}
	if len(jobs) == 0 {
		t.Fatal("no corpus model converted")
	}
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	run := func(args []string, env ...string) []byte {
		cmd := exec.CommandContext(ctx, br.Node, args...)
		cmd.Env = append(os.Environ(), env...)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("%s: %v\n%s", filepath.Base(args[0]), err, stderr.String())
		}
		return out
	}
	refused := map[string]bool{} // MuJoCo scene files of sources MuJoCo refused
	if len(mjFiles) > 0 {
		run(append([]string{filepath.Join("testdata", "mjscene.mjs"), mjDir}, mjFiles...), "ORACLE_HOME="+br.PlaywrightHome)
		for i, f := range mjFiles {
			var s struct {
				OK      bool
				Error   string
				Skipped []string
			}
			scene := filepath.Join(mjDir, fmt.Sprintf("%d.json", i))
			b, err := os.ReadFile(scene)
			if err == nil {
				err = json.Unmarshal(b, &s)
			}
			switch {
			case err != nil:
				t.Fatalf("%s: MuJoCo scene: %v", f, err)
			case !s.OK:
				// e.g. the legacy gym models' coordinate="local", gone in
				// MuJoCo 3: no reference to draw
				t.Logf("%s: MuJoCo refused it (%s); not compared", f, s.Error)
				refused[scene] = true
			case len(s.Skipped) > 0:
				t.Logf("%s: MuJoCo geoms not drawn by either side: %v", f, s.Skipped)
			}
		}
	}
	jobFile := filepath.Join(work, "jobs.json")
	jobs = slices.DeleteFunc(jobs, func(j silJob) bool { return refused[j.Src] })
	if b, err := json.Marshal(jobs); err != nil {
		t.Fatal(err)
	} else if err := os.WriteFile(jobFile, b, 0o644); err != nil {
		t.Fatal(err)
	}
	three, _ := filepath.Abs(filepath.Join("three", "three.module.min.js"))
	out := run([]string{filepath.Join("testdata", "sil.mjs"), jobFile, art},
		"PLAYWRIGHT_HOME="+br.PlaywrightHome, "CHROMIUM="+br.Chromium, "TESTJS="+js, "VIEW_THREE="+three)
	got := map[string]silResult{}
	sc := bufio.NewScanner(bytes.NewReader(out))
	sc.Buffer(nil, 1<<20)
	total := 0
	for sc.Scan() {
		var r silResult
		if err := json.Unmarshal(sc.Bytes(), &r); err != nil {
			t.Fatalf("driver output %q: %v", sc.Text(), err)
		}
		got[r.Name] = r
		total += r.MS
	}
	t.Logf("%d models in %d ms of page time", len(got), total)
	for _, j := range jobs {
		r, ok := got[j.Name]
		if !ok {
			t.Errorf("%s: no result from the browser", j.Name)
			continue
		}
		var ious []string
		worst := 1.0
		for _, v := range r.Views {
			ious = append(ious, fmt.Sprintf("%s %.4f", v.Name, v.IoU))
			worst = min(worst, v.IoU)
		}
		t.Logf("%-45s meshes glTF %3d source %3d  IoU %s", j.rel, r.Counts.A, r.Counts.B, strings.Join(ious, ", "))
		if len(r.MissingTextures) > 0 {
			t.Logf("%s: textures missing from the corpus (no effect on a silhouette): %v", j.rel, r.MissingTextures)
		}
		differs := len(r.Errors) > 0 || len(r.Views) != 3 || worst < minIoU
		if why, ok := knownDiff[j.rel]; ok {
			if !differs {
				t.Errorf("%s: silhouettes match now (IoU ≥ %.2f): drop it from knownDiff (%s)", j.rel, minIoU, why)
			} else {
				t.Logf("%s: known difference: %s", j.rel, why)
			}
			continue
		}
		switch {
		case len(r.Errors) > 0:
			t.Errorf("%s: page errors: %v", j.rel, r.Errors)
		case len(r.Views) != 3:
			t.Errorf("%s: %d views, want 3", j.rel, len(r.Views))
		case worst < minIoU:
			t.Errorf("%s: IoU %.4f < %.2f (masks: %s; red: glTF only, blue: source only)", j.rel, worst, minIoU, r.PNG)
		}
	}
	// a source without visuals gives two empty masks, which agree
	// whatever is drawn of them; this one has none, so neither side may
	// draw anything
	for _, j := range jobs {
		if j.rel != "urdf/bullet_humanoid_capsules/humanoid.urdf" {
			continue
		}
		src, err := os.ReadFile(j.Src)
		if err != nil {
			t.Fatal(err)
		}
		if n, m := bytes.Count(src, []byte("<visual")), gltfMeshNodes(t, j.GLTF); n != 0 || m != 0 {
			t.Errorf("%s: %d visuals, %d glTF mesh nodes: want none of either", j.rel, n, m)
		}
		if r := got[j.Name]; r.Counts.A != 0 || r.Counts.B != 0 {
			t.Errorf("%s: meshes drawn: glTF %d, urdf-loader %d; want none", j.rel, r.Counts.A, r.Counts.B)
		}
	}
}

// gltfMeshNodes counts the nodes of a .gltf that draw a mesh.
func gltfMeshNodes(t *testing.T, path string) int {
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct{ Nodes []struct{ Mesh *int } }
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	n := 0
	for _, nd := range doc.Nodes {
		if nd.Mesh != nil {
			n++
		}
	}
	return n
}

// urdfPackages maps each ROS package a URDF names to its corpus model's
// folder, as the corpus READMEs say to resolve them (the folder mirrors
// the package root).
func urdfPackages(t *testing.T, corpus, f string) map[string]string {
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	rel, _ := filepath.Rel(corpus, f)
	root := filepath.Join(corpus, strings.Join(strings.SplitN(filepath.ToSlash(rel), "/", 3)[:2], "/"))
	pk := map[string]string{}
	for _, m := range packageRef.FindAllSubmatch(b, -1) {
		pk[string(m[1])] = root
	}
	return pk
}

// TestReadableXML: only a declaration's version other than 1.0 changes.
func TestReadableXML(t *testing.T) {
	for in, want := range map[string]string{
		`<?xml version="0.0" ?><robot/>`:                    `<?xml version="1.0" ?><robot/>`,
		"\ufeff <?xml encoding='utf-8' version='1.1'?><r/>": "\ufeff <?xml encoding='utf-8' version='1.0'?><r/>",
		`<?xml version="1.0"?><robot/>`:                     "",
		`<robot version="0.0"/>`:                            "",
	} {
		got, ok := readableXML([]byte(in))
		if ok != (want != "") || ok && string(got) != want {
			t.Errorf("readableXML(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
}
