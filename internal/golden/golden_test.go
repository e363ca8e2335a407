// Package golden pins the bytes every emitter writes. Each archive in
// testdata/golden holds one input and, for every format of the registry that
// writes files, the expected main file, side files and diagnostics of
// converting it. Regenerate them all after an intended output change with
//
//	go test ./internal/golden -run Golden -update
//
// (or PHYSCONV_UPDATE_GOLDEN=1 go test ./... -run Golden) and review the
// diff like code.
package golden

import (
	"bytes"
	"context"
	"encoding/base64"
	"flag"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"testing/fstest"
	"unicode/utf8"

	"golang.org/x/tools/txtar"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/propgen"
)

var update = flag.Bool("update", false, "rewrite the archives in testdata/golden from the current emitters")

// updating reports whether goldens are rewritten instead of compared. The
// environment variable lets `go test ./...` update without every test
// binary knowing the flag.
func updating() bool { return *update || os.Getenv("PHYSCONV_UPDATE_GOLDEN") != "" }

const (
	goldenDir   = "../../testdata/golden"
	examplesDir = "../../testdata/examples"
	// inputPrefix starts the names of the sections that hold the input.
	inputPrefix = "input/"
	// regenerate is the command printed in archive headers and failures.
	regenerate = "go test ./internal/golden -run Golden -update"
)

// seeds are the generated Graphs pinned as goldens: a handful that
// together hold every primitive shape, a mesh, materials, filters and
// joints of several kinds (see TestGoldenSeedsCover).
var seeds = []uint64{2, 12, 14, 17, 21, 39}

// goldenCase is one archive: where its input comes from and how it is
// converted to one target.
type goldenCase struct {
	name    string // archive file name without .txtar
	comment []byte // the archive header
	inputs  []txtar.File
	// convert runs the conversion to target and returns the sections of
	// its result (main file, side files, diagnostics or error).
	convert func(target *convert.Format) []txtar.File
}

// build renders the whole archive of c: header, input, then each target's
// sections in registry order.
func (c *goldenCase) build(targets []*convert.Format) []byte {
	a := &txtar.Archive{Comment: c.comment, Files: slices.Clone(c.inputs)}
	for _, t := range targets {
		a.Files = append(a.Files, c.convert(t)...)
	}
	return txtar.Format(a)
}

// targets are the registry's formats that write files.
func targets() []*convert.Format {
	var out []*convert.Format
	for _, f := range all.Registry().Formats() {
		if f.Emit != nil {
			out = append(out, f)
		}
	}
	return out
}

// cases lists every golden: the hand-written archives in testdata/golden
// (their input sections are the source), the shipped examples and the
// pinned generator seeds.
func cases(t *testing.T) []*goldenCase {
	t.Helper()
	var cs []*goldenCase
	archives, err := filepath.Glob(filepath.Join(goldenDir, "*.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range archives {
		name := strings.TrimSuffix(filepath.Base(p), ".txtar")
		if strings.HasPrefix(name, "example-") || strings.HasPrefix(name, "seed-") {
			continue // produced below, never written by hand
		}
		a, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		var in []txtar.File
		for _, f := range a.Files {
			if strings.HasPrefix(f.Name, inputPrefix) {
				in = append(in, f)
			}
		}
		if len(in) == 0 {
			t.Errorf("%s: no %s section: a hand-written golden needs its input", p, inputPrefix)
			continue
		}
		c, err := fileCase(name, a.Comment, in)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		cs = append(cs, c)
	}
	examples, err := os.ReadDir(examplesDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range examples {
		if e.IsDir() {
			continue
		}
		data, err := os.ReadFile(filepath.Join(examplesDir, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		stem := strings.TrimSuffix(e.Name(), path.Ext(e.Name()))
		comment := fmt.Sprintf("The shipped example testdata/examples/%s converted to every format.\nRegenerate: %s\n", e.Name(), regenerate)
		c, err := fileCase("example-"+stem, []byte(comment), []txtar.File{{Name: inputPrefix + e.Name(), Data: data}})
		if err != nil {
			t.Fatal(err)
		}
		cs = append(cs, c)
	}
	for _, s := range seeds {
		cs = append(cs, seedCase(s))
	}
	return cs
}

// fileCase converts the first input section (the others are its side
// files) through the library's ConvertBytes, as the CLI would.
func fileCase(name string, comment []byte, inputs []txtar.File) (*goldenCase, error) {
	fsys := fstest.MapFS{}
	for _, f := range inputs {
		data, err := decodeSection(f)
		if err != nil {
			return nil, fmt.Errorf("section %s: %v", f.Name, err)
		}
		fsys[strings.TrimPrefix(strings.TrimSuffix(f.Name, base64Suffix), inputPrefix)] = &fstest.MapFile{Data: data}
	}
	mainRel := strings.TrimPrefix(inputs[0].Name, inputPrefix)
	stem := strings.TrimSuffix(path.Base(mainRel), path.Ext(mainRel))
	return &goldenCase{name: name, comment: comment, inputs: inputs, convert: func(target *convert.Format) []txtar.File {
		outName := stem + target.Extensions[0]
		in := &convert.Input{Name: path.Base(mainRel), Data: fsys[mainRel].Data, FS: fsys, Dir: path.Dir(mainRel),
			Options: &convert.Options{To: target.Name, OutputName: outName}}
		out, res, err := physconv.ConvertBytes(context.Background(), all.Registry(), in)
		var diags convert.Diagnostics
		if res != nil {
			diags = res.Diagnostics
		}
		return resultSections(target.Name, outName, out, diags, err)
	}}, nil
}

// seedCase emits a generated Graph, completed as a conversion would
// complete a parsed one. Its input section is the Graph's inspect report,
// so a change of the generator shows in the diff too.
func seedCase(seed uint64) *goldenCase {
	name := "seed-" + strconv.FormatUint(seed, 10)
	g, _ := mass.Complete(propgen.Generate(seed), &convert.Options{})
	var report bytes.Buffer
	_ = inspect.Inspect(g, "graph", nil).WriteText(&report)
	comment := fmt.Sprintf("The Graph of generator seed %d (internal/propgen) emitted as every format.\nRegenerate: %s\n", seed, regenerate)
	return &goldenCase{name: name, comment: []byte(comment), inputs: []txtar.File{{Name: inputPrefix + "graph.txt", Data: report.Bytes()}},
		convert: func(target *convert.Format) []txtar.File {
			// a fresh Graph each time, as each conversion parses its own
			g, cdiags := mass.Complete(propgen.Generate(seed), &convert.Options{})
			outName := name + target.Extensions[0]
			out, ediags, err := target.Emit(g, &convert.Options{OutputName: outName})
			diags := append(slices.Clone(cdiags), ediags.WithFile(outName)...).Sorted()
			return resultSections(target.Name, outName, out, diags, err)
		}}
}

// resultSections lays out one target's result: the main file, the side
// files in sorted order, the diagnostics one per line, and the error if
// the conversion failed.
func resultSections(target, outName string, out *convert.Output, diags convert.Diagnostics, err error) []txtar.File {
	var fs []txtar.File
	if out != nil {
		fs = append(fs, section(target+"/"+outName, out.Main))
		for _, rel := range out.SideFiles() {
			fs = append(fs, section(target+"/"+rel, out.Files[rel]))
		}
	}
	var b strings.Builder
	for _, d := range diags {
		b.WriteString(d.String())
		b.WriteByte('\n')
	}
	fs = append(fs, txtar.File{Name: target + "/diagnostics.txt", Data: []byte(b.String())})
	if err != nil {
		fs = append(fs, txtar.File{Name: target + "/error.txt", Data: []byte(err.Error() + "\n")})
	}
	return fs
}

// base64Suffix marks a section whose bytes are not text a txtar archive
// can hold exactly (binary buffers and meshes, a missing final newline).
const base64Suffix = " (base64)"

func section(name string, data []byte) txtar.File {
	if isText(data) {
		return txtar.File{Name: name, Data: data}
	}
	enc := base64.StdEncoding.EncodeToString(data)
	var b strings.Builder
	for len(enc) > 76 {
		b.WriteString(enc[:76] + "\n")
		enc = enc[76:]
	}
	b.WriteString(enc + "\n")
	return txtar.File{Name: name + base64Suffix, Data: []byte(b.String())}
}

// isText reports whether data survives a txtar archive byte for byte:
// UTF-8 without NUL or carriage returns, ending in a newline, with no line
// that reads as a section marker.
func isText(data []byte) bool {
	if len(data) == 0 {
		return true
	}
	if !utf8.Valid(data) || bytes.IndexByte(data, 0) >= 0 || bytes.IndexByte(data, '\r') >= 0 || data[len(data)-1] != '\n' {
		return false
	}
	for _, line := range bytes.Split(data, []byte("\n")) {
		if bytes.HasPrefix(line, []byte("-- ")) && bytes.HasSuffix(line, []byte(" --")) {
			return false
		}
	}
	return true
}

func decodeSection(f txtar.File) ([]byte, error) {
	if !strings.HasSuffix(f.Name, base64Suffix) {
		return f.Data, nil
	}
	return base64.StdEncoding.DecodeString(strings.ReplaceAll(string(f.Data), "\n", ""))
}

// TestGolden converts every golden input to every target and compares
// the result with the archive byte for byte. An archive no case produced
// fails the run (with -update it is removed).
func TestGolden(t *testing.T) {
	tg := targets()
	if len(tg) == 0 {
		t.Fatal("no format in the registry writes files")
	}
	produced := map[string]bool{}
	for _, c := range cases(t) {
		produced[c.name+".txtar"] = true
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(goldenDir, c.name+".txtar")
			got := c.build(tg)
			if updating() {
				if err := os.WriteFile(p, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(p)
			if err != nil {
				t.Fatalf("%v (create it with: %s)", err, regenerate)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("%s is out of date (if the change is intended: %s)\n%s", p, regenerate, archiveDiff(want, got))
			}
		})
	}
	archives, _ := filepath.Glob(filepath.Join(goldenDir, "*.txtar"))
	for _, p := range archives {
		if produced[filepath.Base(p)] {
			continue
		}
		if updating() {
			if err := os.Remove(p); err != nil {
				t.Error(err)
			}
			continue
		}
		t.Errorf("%s: no golden case produces this archive (stale; %s removes it)", p, regenerate)
	}
}

// archiveDiff names the sections that differ, are missing or are new,
// with the first differing line of each.
func archiveDiff(want, got []byte) string {
	w, g := txtar.Parse(want), txtar.Parse(got)
	index := func(a *txtar.Archive) map[string][]byte {
		m := map[string][]byte{}
		for _, f := range a.Files {
			m[f.Name] = f.Data
		}
		return m
	}
	wm, gm := index(w), index(g)
	var b strings.Builder
	if !bytes.Equal(w.Comment, g.Comment) {
		b.WriteString("  header differs\n")
	}
	for _, f := range w.Files {
		gd, ok := gm[f.Name]
		switch {
		case !ok:
			fmt.Fprintf(&b, "  %s: no longer produced\n", f.Name)
		case !bytes.Equal(gd, f.Data):
			fmt.Fprintf(&b, "  %s: %s\n", f.Name, firstLineDiff(f.Data, gd))
		}
	}
	for _, f := range g.Files {
		if _, ok := wm[f.Name]; !ok {
			fmt.Fprintf(&b, "  %s: new section\n", f.Name)
		}
	}
	return b.String()
}

func firstLineDiff(want, got []byte) string {
	wl, gl := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var a, b string
		if i < len(wl) {
			a = wl[i]
		}
		if i < len(gl) {
			b = gl[i]
		}
		if a != b {
			return fmt.Sprintf("line %d\n    want: %.200s\n    got:  %.200s", i+1, a, b)
		}
	}
	return "differs"
}

// TestGoldenStable runs every golden conversion again, with one and with
// several threads: the same conversion always gives the same bytes (no map
// order, clock or scheduling in the output).
func TestGoldenStable(t *testing.T) {
	tg := targets()
	procs := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(procs)
	for _, c := range cases(t) {
		t.Run(c.name, func(t *testing.T) {
			var first []byte
			for i, n := range []int{1, 4, 1, 8} {
				runtime.GOMAXPROCS(n)
				got := c.build(tg)
				if i == 0 {
					first = got
					continue
				}
				if !bytes.Equal(got, first) {
					t.Fatalf("run %d (GOMAXPROCS=%d) differs from run 1:\n%s", i+1, n, archiveDiff(first, got))
				}
			}
		})
	}
}

// TestGoldenSeedsCover: the pinned seeds together hold every body kind,
// every joint kind the generator makes and every shape kind it makes, so
// no emitter path of generated Graphs goes unpinned.
func TestGoldenSeedsCover(t *testing.T) {
	want := map[string]bool{}
	for _, k := range propgen.JointKinds {
		want["joint "+k] = true
	}
	for _, k := range []convert.ShapeKind{convert.Box, convert.Sphere, convert.Capsule, convert.Cylinder, convert.Plane, convert.Convex, convert.TriMesh} {
		want["shape "+string(k)] = true
	}
	for _, k := range []convert.BodyKind{convert.Static, convert.Kinematic, convert.Dynamic} {
		want["body "+string(k)] = true
	}
	for _, s := range seeds {
		g := propgen.Generate(s)
		for _, sh := range g.Shapes {
			delete(want, "shape "+string(sh.Kind))
		}
		for _, n := range g.Nodes {
			if n.Motion != nil {
				delete(want, "body "+string(n.Motion.Kind))
			}
		}
		for _, j := range inspect.Inspect(g, "graph", nil).Joints {
			delete(want, "joint "+j.Kind)
		}
	}
	for k := range want {
		t.Errorf("no pinned seed has a %s", k)
	}
}

// TestGoldenInputsCover: the hand-written inputs together hold every shape
// kind and every joint kind of the Graph, and each readable format is the
// input of at least one of them.
func TestGoldenInputsCover(t *testing.T) {
	want := map[string]bool{}
	for _, k := range []convert.ShapeKind{convert.Box, convert.Sphere, convert.Capsule, convert.Cylinder, convert.Plane,
		convert.Convex, convert.TriMesh, convert.Heightfield, convert.Ellipsoid, convert.Ray} {
		want["shape "+string(k)] = true
	}
	for _, k := range []string{kin.KindFixed, kin.KindBall, kin.KindRevolute, kin.KindContinuous, kin.KindPrismatic,
		kin.KindCylindrical, kin.KindUniversal, kin.KindPlanar, kin.KindConeTwist, kin.KindFree, kin.KindGeneric} {
		want["joint "+k] = true
	}
	reg := all.Registry()
	for _, f := range reg.Formats() {
		if f.Parse != nil && f.Name != "godot3" { // godot3 reads what godot reads
			want["input format "+f.Name] = true
		}
	}
	for _, c := range cases(t) {
		if strings.HasPrefix(c.name, "seed-") {
			continue
		}
		fsys := fstest.MapFS{}
		for _, s := range c.inputs {
			data, err := decodeSection(s)
			if err != nil {
				t.Fatal(err)
			}
			fsys[strings.TrimPrefix(strings.TrimSuffix(s.Name, base64Suffix), inputPrefix)] = &fstest.MapFile{Data: data}
		}
		rel := strings.TrimPrefix(c.inputs[0].Name, inputPrefix)
		in := &convert.Input{Name: path.Base(rel), Data: fsys[rel].Data, FS: fsys, Dir: path.Dir(rel), Options: &convert.Options{}}
		f, g, diags, err := physconv.ParseGraph(context.Background(), reg, in)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		delete(want, "input format "+f.Name)
		for _, s := range g.Shapes {
			delete(want, "shape "+string(s.Kind))
		}
		for _, j := range inspect.Inspect(g, f.Name, diags).Joints {
			delete(want, "joint "+j.Kind)
		}
	}
	for k := range want {
		t.Errorf("no golden input has a %s", k)
	}
}

// TestGoldenBatchStable converts the golden file inputs as one batch to
// every target, once on one thread with one worker and once on several with
// several workers: every output file and every input's diagnostics are the
// same bytes.
func TestGoldenBatchStable(t *testing.T) {
	src := t.TempDir()
	for _, c := range cases(t) {
		if strings.HasPrefix(c.name, "seed-") {
			continue
		}
		for _, s := range c.inputs {
			data, err := decodeSection(s)
			if err != nil {
				t.Fatal(err)
			}
			rel := strings.TrimPrefix(strings.TrimSuffix(s.Name, base64Suffix), inputPrefix)
			p := filepath.Join(src, c.name, filepath.FromSlash(rel))
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	procs := runtime.GOMAXPROCS(0)
	defer runtime.GOMAXPROCS(procs)
	for _, tg := range targets() {
		t.Run(tg.Name, func(t *testing.T) {
			var runs [2]map[string]string
			for i, n := range []int{1, 4} {
				runtime.GOMAXPROCS(n)
				dst := t.TempDir()
				got := map[string]string{}
				var mu sync.Mutex
				opts := &batch.BatchOptions{Options: convert.Options{To: tg.Name}, Jobs: n, SideFiles: batch.SideNone,
					OnResult: func(r *batch.FileResult) {
						var b strings.Builder
						fmt.Fprintf(&b, "%s %v\n", r.Status, r.Err)
						for _, d := range r.Diagnostics {
							d.File = strings.ReplaceAll(d.File, dst, "DST")
							b.WriteString(d.String() + "\n")
						}
						mu.Lock()
						got["result of "+r.Input] = b.String()
						mu.Unlock()
					}}
				if _, err := batch.Batch(context.Background(), all.Registry(), src, dst, opts); err != nil {
					t.Fatal(err)
				}
				err := filepath.WalkDir(dst, func(p string, d fs.DirEntry, err error) error {
					if err != nil || d.IsDir() || d.Name() == batch.ManifestName {
						return err
					}
					data, err := os.ReadFile(p)
					rel, _ := filepath.Rel(dst, p)
					got[filepath.ToSlash(rel)] = string(data)
					return err
				})
				if err != nil {
					t.Fatal(err)
				}
				runs[i] = got
			}
			converted := 0
			for k, v := range runs[0] {
				if strings.HasPrefix(k, "result of ") && strings.HasPrefix(v, string(batch.Converted)+" ") {
					converted++
				}
			}
			if want := len(cases(t)) - len(seeds); converted != want {
				t.Errorf("%d inputs converted, want %d", converted, want)
			}
			for k, a := range runs[0] {
				if b, ok := runs[1][k]; !ok {
					t.Errorf("%s: only in the first run", k)
				} else if a != b {
					t.Errorf("%s differs between the runs:\n%s", k, firstLineDiff([]byte(a), []byte(b)))
				}
			}
			for k := range runs[1] {
				if _, ok := runs[0][k]; !ok {
					t.Errorf("%s: only in the second run", k)
				}
			}
		})
	}
}
