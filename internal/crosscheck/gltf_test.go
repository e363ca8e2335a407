package crosscheck

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/gltfx"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/khr"
	"github.com/physconv/physconv/omi"
)

// dialectFormat picks the glTF dialect a corpus file is written in.
func dialectFormat(data []byte) *convert.Format {
	if gltfx.SniffDialect(data) == "omi" {
		return omi.Format
	}
	return khr.Format
}

// corpusGLTF lists every .gltf/.glb under the corpus folders.
func corpusGLTF(t *testing.T, dirs ...string) []string {
	t.Helper()
	root := testenv.Corpus(t)
	var out []string
	for _, d := range dirs {
		err := filepath.Walk(filepath.Join(root, d), func(p string, info os.FileInfo, err error) error {
			if err != nil {
				return err
			}
			if ext := strings.ToLower(filepath.Ext(p)); !info.IsDir() && (ext == ".gltf" || ext == ".glb") {
				out = append(out, p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// completed parses a file with f the way `physconv inspect` does:
// Parse, Validate, Complete.
func completed(f *convert.Format, path string) (*convert.Graph, convert.Diagnostics, error) {
	in, err := physconv.OpenInput(path, nil, &convert.Options{})
	if err != nil {
		return nil, nil, err
	}
	g, diags, err := f.Parse(in)
	if err != nil {
		return nil, diags, err
	}
	if err := convert.Validate(g); err != nil {
		return nil, diags, err
	}
	done, more := mass.Complete(g, in.Options)
	return done, append(diags, more...), nil
}

// convertTo emits g as to into dir and parses the result again; it
// returns the emitter's diagnostics (the ones that name losses).
func convertTo(t *testing.T, g *convert.Graph, to *convert.Format, dir, name string) (*convert.Graph, convert.Diagnostics) {
	t.Helper()
	p := filepath.Join(dir, name)
	out, diags, err := physconv.EmitGraph(to, g, &convert.Options{OutputName: p})
	if err != nil {
		t.Fatalf("emit %s: %v", to.Name, err)
	}
	if err := os.WriteFile(p, out.Main, 0o644); err != nil {
		t.Fatal(err)
	}
	for rel, data := range out.Files {
		q := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(q), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(q, data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	back, _, err := completed(to, p)
	if err != nil {
		t.Fatalf("parse of emitted %s: %v", to.Name, err)
	}
	return back, diags
}

// warnings returns the codes of the warnings among diags, sorted.
func warnings(diags convert.Diagnostics) []string {
	seen := map[string]bool{}
	for _, d := range diags {
		if d.Severity >= convert.Warning {
			seen[string(d.Code)] = true
		}
	}
	var out []string
	for c := range seen {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// apartByFilters reports whether the conversion kept a jointed pair of a
// static body and another apart by collision filters, as a format without
// static bodies does (said at info level: the pair collides no more than
// the joint let it).
func apartByFilters(diags convert.Diagnostics) bool {
	for _, d := range diags {
		if d.Code == convert.CodeStaticJointApart {
			return true
		}
	}
	return false
}

// onlyFilterDiffs reports whether every difference is a collision filter's.
func onlyFilterDiffs(diffs []string) bool {
	for _, d := range diffs {
		if !strings.Contains(d, "collision filter") {
			return false
		}
	}
	return true
}

// staticAsWorld names the world ("") as the body of joint sides attached
// to a static body: both dialects mean the same immovable frame, but KHR
// has no static body node (a static OMI body reads back as the world) and
// OMI needs a body on the connected side (a KHR world frame becomes a
// static body).
func staticAsWorld(r *inspect.Report) *inspect.Report {
	static := map[string]bool{}
	for _, b := range r.Bodies {
		if b.Kind == convert.Static {
			static[b.Name] = true
		}
	}
	for i := range r.Joints {
		j := &r.Joints[i]
		if static[j.BodyA] {
			j.BodyA = ""
		}
		if static[j.BodyB] {
			j.BodyB = ""
		}
	}
	return r
}

// TestGLTFDialectRoundTrips converts every corpus glTF KHR → OMI → KHR or
// OMI → KHR → OMI and compares `inspect` reports of the input, the other
// dialect and the result. A difference is only accepted when the
// conversion warned about a loss; those are listed in the log.
func TestGLTFDialectRoundTrips(t *testing.T) {
	root := testenv.Corpus(t)
	var mu sync.Mutex
	losses := map[string][]string{}
	t.Cleanup(func() {
		var keys []string
		for k := range losses {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			t.Logf("loss %s:\n  %s", k, strings.Join(losses[k], "\n  "))
		}
	})
	own, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "gltf", "omi", "*.gltf"))
	for _, p := range append(corpusGLTF(t, "omi", "khr", "gltf"), own...) {
		rel, err := filepath.Rel(root, p)
		if err != nil || strings.HasPrefix(rel, "..") {
			rel = filepath.Base(p)
		}
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			from := dialectFormat(data)
			via := omi.Format
			if from == omi.Format {
				via = khr.Format
			}
			g0, d0, err := completed(from, p)
			if err != nil {
				if strings.Contains(err.Error(), "is missing") {
					t.Skipf("buffer missing upstream: %v", err)
				}
				t.Fatalf("parse: %v", err)
			}
			dir := t.TempDir()
			ext := filepath.Ext(p)
			g1, d1 := convertTo(t, g0, via, dir, "via"+ext)
			if via == omi.Format {
				validateOMI(t, filepath.Join(dir, "via"+ext), d0.Has("image-missing"))
			}
			g2, d2 := convertTo(t, g1, from, dir, "back"+ext)
			r0 := staticAsWorld(inspect.Inspect(g0, from.Name, nil))
			r1 := staticAsWorld(inspect.Inspect(g1, via.Name, nil))
			r2 := staticAsWorld(inspect.Inspect(g2, from.Name, nil))
			warned := warnings(append(d1, d2...))
			if from == omi.Format {
				for _, d := range vehicleDiffs(g0, g2) {
					if len(warned) == 0 {
						t.Errorf("omi→khr→omi: %s", d)
					}
				}
			}
			for _, step := range []struct {
				name  string
				diffs []string
			}{
				{from.Name + "→" + via.Name, inspect.CompareReports(r0, r1, 1e-9)},
				{from.Name + "→" + via.Name + "→" + from.Name, inspect.CompareReports(r0, r2, 1e-9)},
			} {
				if len(step.diffs) == 0 {
					continue
				}
				if len(warned) == 0 && !(apartByFilters(append(d1, d2...)) && onlyFilterDiffs(step.diffs)) {
					t.Errorf("%s changed the physics without a diagnostic:\n  %s", step.name, strings.Join(step.diffs, "\n  "))
					continue
				}
				mu.Lock()
				losses[rel+" ("+step.name+", warned: "+strings.Join(warned, ", ")+")"] = step.diffs
				mu.Unlock()
			}
		})
	}
}

// vehicleDiffs compares the OMI-only node attributes (vehicles, wheels,
// thrusters, seats, spawn points), which `inspect` does not report, by
// node name.
func vehicleDiffs(a, b *convert.Graph) []string {
	type attrs struct {
		Vehicle       *convert.Vehicle
		Wheel         *convert.Wheel
		Thruster      *convert.Thruster
		HoverThruster *convert.HoverThruster
		Seat          *convert.Seat
		SpawnPoint    *convert.SpawnPoint
	}
	collect := func(g *convert.Graph) map[string]string {
		out := map[string]string{}
		for _, n := range g.Nodes {
			at := attrs{n.Vehicle, n.Wheel, n.Thruster, n.HoverThruster, n.Seat, n.SpawnPoint}
			if at != (attrs{}) {
				out[n.Name] = fmt.Sprintf("%+v %+v %+v %+v %+v %+v", deref(at.Vehicle), deref(at.Wheel),
					deref(at.Thruster), deref(at.HoverThruster), deref(at.Seat), deref(at.SpawnPoint))
			}
		}
		return out
	}
	ma, mb := collect(a), collect(b)
	var diffs []string
	for name, x := range ma {
		if y := mb[name]; x != y {
			diffs = append(diffs, fmt.Sprintf("node %q: %s vs %s", name, x, y))
		}
	}
	for name := range mb {
		if _, ok := ma[name]; !ok {
			diffs = append(diffs, fmt.Sprintf("node %q: vehicle attributes only in the result", name))
		}
	}
	sort.Strings(diffs)
	return diffs
}

func deref[T any](p *T) any {
	if p == nil {
		return nil
	}
	return *p
}

// validatorSlots bounds concurrent glTF-Validator runs.
var validatorSlots = make(chan struct{}, 2)

// validateOMI runs the Khronos glTF-Validator on an OMI file we wrote.
// When the source's own images are missing (some corpus textures are not
// in the snapshot) the output keeps their references, so the validator's
// IO_ERROR for them is inherited, not ours.
func validateOMI(t *testing.T, path string, imagesMissing bool) {
	t.Helper()
	args := []string{"--summary"}
	if imagesMissing {
		args = append(args, "--ignore", "IO_ERROR")
	}
	validatorSlots <- struct{}{}
	out, code := func() ([]byte, int) {
		defer func() { <-validatorSlots }() // a skip (no oracle) ends the goroutine here too
		return testenv.RunOracle(t, "gltf-validate", append(args, path)...)
	}()
	if code != 0 {
		t.Errorf("gltf-validate rejects the OMI output: %s", out)
	}
}
