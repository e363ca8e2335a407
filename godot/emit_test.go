package godot

import (
	"os"
	"path"
	"strconv"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/testenv"
)

// roundTrip parses a corpus scene, emits it (Godot 4 or 3) and parses the
// output again; both reports must agree.
func roundTrip(t *testing.T, project, rel string, version int) (*convert.Graph, convert.Diagnostics, *convert.Graph) {
	t.Helper()
	in := corpusInput(t, project, rel)
	g, _, err := Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	// as a conversion does (physconv.ParseGraph): mass properties complete,
	// so Godot 4 output states them and its engine does not approximate
	g, _ = mass.Complete(g, &convert.Options{})
	out, diags, err := Emit(g, (&convert.Options{}).With(VersionOption, strconv.Itoa(version)))
	if err != nil {
		t.Fatal(err)
	}
	// The output stays in the same project: its project.godot names layers.
	fsys := fstest.MapFS{}
	if pg, err := os.ReadFile(testenv.CorpusPath(t, project, "project.godot")); err == nil {
		fsys["project.godot"] = &fstest.MapFile{Data: pg}
	}
	back, _, err := Parse(&convert.Input{Name: "out.tscn", Data: out.Main, FS: fsys, Dir: ".", Options: &convert.Options{}})
	if err != nil {
		t.Fatalf("re-parse: %v\n%s", err, out.Main)
	}
	return g, diags, back
}

// compare fails on every difference between a and its round trip b that
// no diagnostic of the writer explains (matched by subject and quantity).
func compare(t *testing.T, a, b *convert.Graph, diags convert.Diagnostics) {
	t.Helper()
	ga, _ := mass.Complete(a, &convert.Options{})
	gb, _ := mass.Complete(b, &convert.Options{})
	ra, rb := inspect.Inspect(ga, "godot", nil), inspect.Inspect(gb, "godot", nil)
	if len(ra.Bodies) == 0 && len(a.Nodes) > 3 {
		t.Logf("no bodies")
	}
	x := inspect.NewExplainer(ga, ra, rb, diags)
	for _, d := range inspect.Diff(ra, rb, 1e-9) {
		if !x.Explains(d) {
			t.Error(d.Message)
		}
	}
}

func TestRoundTripCorpus(t *testing.T) {
	for _, sc := range corpusScenes(t) {
		for _, v := range []int{4, 3} {
			t.Run(path.Join(sc[0], sc[1])+"/godot"+string(rune('0'+v)), func(t *testing.T) {
				a, diags, b := roundTrip(t, sc[0], sc[1], v)
				if v == 3 {
					// Godot 3 has no centre-of-mass or inertia properties.
					for _, g := range []*convert.Graph{a, b} {
						for i := range g.Nodes {
							if m := g.Nodes[i].Motion; m != nil {
								m.CenterOfMass, m.InertiaDiagonal, m.CenterOfMassSource, m.InertiaSource = nil, nil, "", ""
							}
						}
					}
				}
				compare(t, a, b, diags)
			})
		}
	}
}

func writeTemp(t *testing.T, name string, data []byte) string {
	p := path.Join(t.TempDir(), name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}
