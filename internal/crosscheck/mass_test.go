package crosscheck

import (
	"encoding/json"
	"github.com/physconv/physconv"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/gltfx"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/khr"
	"github.com/physconv/physconv/omi"
)

// gltfFormat picks the reader of a glTF file by the physics extensions it
// uses.
func gltfFormat(data []byte) *convert.Format {
	switch gltfx.SniffDialect(data) {
	case "khr":
		return khr.Format
	case "omi":
		return omi.Format
	}
	return nil
}

func parseFile(t *testing.T, f *convert.Format, path string, data []byte) (*convert.Graph, error) {
	t.Helper()
	g, _, err := f.Parse(&convert.Input{Name: path, Data: data, FS: os.DirFS(filepath.Dir(path)), Dir: ".", Options: &convert.Options{}})
	return g, err
}

// massOf returns the completed report bodies that move, by name.
func movingBodies(g *convert.Graph) map[string]inspect.BodyReport {
	done, diags := mass.Complete(g, nil)
	out := map[string]inspect.BodyReport{}
	for _, b := range inspect.Inspect(done, "", diags).Bodies {
		if b.Kind != convert.Static {
			out[b.Name] = b
		}
	}
	return out
}

// checkPhysical asserts a finite positive mass (or an infinite one) and an
// inertia whose principal moments are positive and obey the triangle
// inequality (or are infinite).
func checkPhysical(t *testing.T, file string, b inspect.BodyReport) {
	t.Helper()
	if b.Mass == nil || b.CenterOfMass == nil || b.Inertia == nil {
		t.Errorf("%s: body %s has no mass properties after Complete", file, b.Name)
		return
	}
	m := float64(*b.Mass)
	if !(m > 0) || math.IsNaN(m) {
		t.Errorf("%s: body %s mass %v", file, b.Name, m)
	}
	if !b.CenterOfMass.Finite() {
		t.Errorf("%s: body %s centre of mass %v", file, b.Name, *b.CenterOfMass)
	}
	var I convert.Mat3
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			I[i][j] = float64(b.Inertia[i][j])
			if math.IsNaN(I[i][j]) {
				t.Errorf("%s: body %s inertia has NaN", file, b.Name)
				return
			}
			if math.IsInf(I[i][j], 0) {
				return // an infinite moment, given as such
			}
		}
	}
	moments, _ := mass.PrincipalAxes(I)
	// positive moments that break the triangle inequality are a glTF
	// source's own (a water wheel's), which its engines take: kept
	if moments[0] > 0 && moments[1] > 0 && moments[2] > 0 {
		return
	}
	if _, problem := mass.RepairInertia(moments); problem != "" {
		t.Errorf("%s: body %s inertia %v not physical: %s", file, b.Name, moments, problem)
	}
}

func closeRel(a, b, tol float64) bool {
	if math.IsInf(a, 0) || math.IsInf(b, 0) {
		return a == b
	}
	return math.Abs(a-b) <= tol*math.Max(1, math.Max(math.Abs(a), math.Abs(b)))
}

// Every corpus glTF with moving bodies gets physical mass properties, and
// the same ones after a trip to the other glTF dialect and back (KHR → OMI
// → Graph, OMI → KHR → Graph) with computed values written out. Joint kinds
// over the corpus are counted in the log.
func TestCorpusMassAndRoundTrip(t *testing.T) {
	root := testenv.Corpus(t)
	var files []string
	for _, sub := range []string{"khr", "omi", "gltf"} {
		filepath.WalkDir(filepath.Join(root, sub), func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() && (strings.HasSuffix(p, ".gltf") || strings.HasSuffix(p, ".glb")) {
				files = append(files, p)
			}
			return nil
		})
	}
	sort.Strings(files)
	kinds := map[string]int{}
	bodies, tripped := 0, 0
	for _, p := range files {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f := gltfFormat(data)
		if f == nil {
			continue
		}
		rel, _ := filepath.Rel(root, p)
		g, err := parseFile(t, f, p, data)
		if err != nil {
			continue // malformed corpus files are the format packages' business
		}
		for i := range g.Nodes {
			if j := g.Nodes[i].Joint; j != nil {
				kinds[kin.Classify(j).Kind]++
			}
		}
		before := movingBodies(g)
		for _, b := range before {
			checkPhysical(t, rel, b)
			bodies++
		}
		if len(before) == 0 {
			continue
		}
		other := khr.Format
		if f == khr.Format {
			other = omi.Format
		}
		done, _ := mass.Complete(g, nil)
		out, emitDiags, err := physconv.EmitGraph(other, done, (&convert.Options{OutputName: "trip.gltf"}).With(gltfx.BakeMassOption, "true"))
		if err != nil {
			t.Errorf("%s: emit as %s: %v", rel, other.Name, err)
			continue
		}
		dir := t.TempDir()
		for name, b := range out.Files {
			os.MkdirAll(filepath.Join(dir, filepath.Dir(name)), 0o755)
			os.WriteFile(filepath.Join(dir, name), b, 0o644)
		}
		back, err := parseFile(t, other, filepath.Join(dir, "trip.gltf"), out.Main)
		if err != nil {
			t.Errorf("%s: parse back from %s: %v", rel, other.Name, err)
			continue
		}
		after := movingBodies(back)
		tripped++
		for name, b := range before {
			a, ok := after[name]
			if !ok {
				t.Errorf("%s: body %s lost in the %s round trip", rel, name, other.Name)
				continue
			}
			// OMI has no infinite mass or moment: its emitter lowers them
			// with a warning, and only then may they differ
			if infiniteMass(b) && other == omi.Format {
				if !emitDiags.Has("mass-infinite") && !emitDiags.Has("inertia-infinite") {
					t.Errorf("%s: body %s: infinite mass properties changed without a diagnostic", rel, name)
				}
				continue
			}
			compareMass(t, rel+" via "+other.Name, b, a)
		}
	}
	if bodies == 0 {
		t.Fatal("no moving bodies found in the corpus")
	}
	names := kin.JointKinds()
	var counts []string
	for _, k := range names {
		if kinds[k] > 0 {
			counts = append(counts, k+"="+strconv.Itoa(kinds[k]))
		}
	}
	t.Logf("%d moving bodies checked, %d files round-tripped; joint kinds: %s", bodies, tripped, strings.Join(counts, " "))
}

func infiniteMass(b inspect.BodyReport) bool {
	if b.Mass != nil && math.IsInf(float64(*b.Mass), 0) {
		return true
	}
	if b.Inertia != nil {
		for i := 0; i < 3; i++ {
			if math.IsInf(float64(b.Inertia[i][i]), 0) {
				return true
			}
		}
	}
	return false
}

func compareMass(t *testing.T, what string, want, got inspect.BodyReport) {
	t.Helper()
	const tol = 1e-9
	if (want.Mass == nil) != (got.Mass == nil) || want.Mass != nil && !closeRel(float64(*want.Mass), float64(*got.Mass), tol) {
		t.Errorf("%s: body %s mass %v, after the trip %v", what, want.Name, num(want.Mass), num(got.Mass))
	}
	if want.CenterOfMass != nil && got.CenterOfMass != nil {
		for k := 0; k < 3; k++ {
			if !closeRel(want.CenterOfMass[k], got.CenterOfMass[k], tol) {
				t.Errorf("%s: body %s COM %v, after the trip %v", what, want.Name, *want.CenterOfMass, *got.CenterOfMass)
				break
			}
		}
	}
	if want.Inertia != nil && got.Inertia != nil {
		scale := 0.0
		for i := 0; i < 3; i++ {
			if v := math.Abs(float64(want.Inertia[i][i])); !math.IsInf(v, 0) {
				scale = math.Max(scale, v)
			}
		}
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				a, b := float64(want.Inertia[i][j]), float64(got.Inertia[i][j])
				if math.IsInf(a, 0) || math.IsInf(b, 0) {
					if a != b {
						t.Errorf("%s: body %s inertia[%d][%d] %v, after the trip %v", what, want.Name, i, j, a, b)
					}
					continue
				}
				if math.Abs(a-b) > tol*math.Max(scale, 1e-300) {
					t.Errorf("%s: body %s inertia %v, after the trip %v", what, want.Name, *want.Inertia, *got.Inertia)
					return
				}
			}
		}
	}
}

func num(n *inspect.Num) any {
	if n == nil {
		return nil
	}
	return float64(*n)
}

// mjBody is the part of mj-inspect's body JSON the fixtures compare.
type mjBody struct {
	Name        string       `json:"name"`
	Mass        float64      `json:"mass"`
	Inertia     convert.Vec3 `json:"inertia"`
	IPos        convert.Vec3 `json:"ipos"`
	InertiaFull convert.Mat3 `json:"inertia_full"`
	XIPos       convert.Vec3 `json:"xipos"`
}

// The KHR twins of the MJCF fixtures in testdata/mass (written by
// testdata/mass/mjcf2khr.py), read by the khr package and completed, give
// MuJoCo's mass properties for the MJCF files: masses, centres of mass and
// principal moments to 1e-9 relative, body-frame tensors to 1e-6.
func TestKHRMassFixturesMatchMuJoCo(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	dir := filepath.Join("..", "..", "testdata", "mass")
	files, _ := filepath.Glob(filepath.Join(dir, "*.gltf"))
	if len(files) < 15 {
		t.Fatalf("%d glTF fixtures in %s, want at least 15", len(files), dir)
	}
	for _, gltfPath := range files {
		gltfPath := gltfPath
		name := strings.TrimSuffix(filepath.Base(gltfPath), ".gltf")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			out, code := testenv.RunOracle(t, "mj-inspect", "--compact", strings.TrimSuffix(gltfPath, ".gltf")+".xml")
			if code != 0 {
				t.Fatalf("MuJoCo rejected the MJCF twin: %s", out)
			}
			var res struct {
				Bodies []mjBody `json:"bodies"`
			}
			if err := json.Unmarshal(out, &res); err != nil {
				t.Fatal(err)
			}
			data, err := os.ReadFile(gltfPath)
			if err != nil {
				t.Fatal(err)
			}
			g, err := parseFile(t, khr.Format, gltfPath, data)
			if err != nil {
				t.Fatal(err)
			}
			done, diags := mass.Complete(g, nil)
			for _, d := range diags {
				if d.Severity >= convert.Warning {
					t.Errorf("diagnostic %s", d)
				}
			}
			byName := map[string]int{}
			for i, n := range done.Nodes {
				if n.Motion != nil {
					byName[n.Name] = i
				}
			}
			if len(byName) != len(res.Bodies)-1 {
				t.Fatalf("%d bodies in glTF, %d in MuJoCo", len(byName), len(res.Bodies)-1)
			}
			for _, want := range res.Bodies[1:] {
				i, ok := byName[want.Name]
				if !ok {
					t.Fatalf("no body %q in the glTF", want.Name)
				}
				compareWithMuJoCo(t, done, i, want)
			}
		})
	}
}

func compareWithMuJoCo(t *testing.T, g *convert.Graph, i int, want mjBody) {
	t.Helper()
	m := g.Nodes[i].Motion
	if m.Mass == nil || m.CenterOfMass == nil || m.InertiaDiagonal == nil {
		t.Fatalf("%s: not completed", want.Name)
	}
	if !closeRel(*m.Mass, want.Mass, 1e-9) {
		t.Errorf("%s: mass %.17g, MuJoCo %.17g", want.Name, *m.Mass, want.Mass)
	}
	size := math.Sqrt((want.Inertia[0] + want.Inertia[1] + want.Inertia[2]) / want.Mass)
	for k := 0; k < 3; k++ {
		if math.Abs(m.CenterOfMass[k]-want.IPos[k]) > 1e-9*math.Max(size, want.IPos.Len()) {
			t.Errorf("%s: body-frame COM %v, MuJoCo %v", want.Name, *m.CenterOfMass, want.IPos)
			break
		}
	}
	got, ref := *m.InertiaDiagonal, want.Inertia
	sort.Float64s(got[:])
	sort.Float64s(ref[:])
	for k := 0; k < 3; k++ {
		if math.Abs(got[k]-ref[k]) > 1e-9*ref[k] {
			t.Errorf("%s: principal moments %v, MuJoCo %v", want.Name, got, ref)
			break
		}
	}
	tensor, _ := m.InertiaTensor()
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			if math.Abs(tensor[r][c]-want.InertiaFull[r][c]) > 1e-6*ref[2] {
				t.Errorf("%s: body-frame tensor %v, MuJoCo %v", want.Name, tensor, want.InertiaFull)
				r, c = 3, 3
			}
		}
	}
	// world centre of mass: undo the Y-up root rotation
	com := convert.AxisAngle(convert.Vec3{1, 0, 0}, math.Pi/2).Rotate(g.WorldTransform(i).Apply(*m.CenterOfMass))
	for k := 0; k < 3; k++ {
		if math.Abs(com[k]-want.XIPos[k]) > 1e-9*math.Max(1, want.XIPos.Len()) {
			t.Errorf("%s: world COM %v, MuJoCo %v", want.Name, com, want.XIPos)
			break
		}
	}
}
