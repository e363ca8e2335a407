package crosscheck

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestCorpusMassReadBack converts every corpus file to every target that
// holds mass properties and reads the output back (and, through KHR, on to
// the source's own format): every moving body has
// the source's mass, centre of mass and world inertia to 1e-9 relative,
// unless a diagnostic of the conversion explains that quantity of that
// body (a dropped shape, Godot 3's missing inertia, a massless stand-in).
func TestCorpusMassReadBack(t *testing.T) {
	corpus := testenv.Corpus(t)
	reg := all.Registry()
	files := corpusListing(t, reg, corpus)
	total, exact, explained := 0, 0, 0
	byCode := map[string]int{}
	for _, rel := range files {
		in, err := physconv.OpenInput(filepath.Join(corpus, rel), nil, &convert.Options{})
		if err != nil {
			continue
		}
		from, src, _, err := physconv.ParseGraph(context.Background(), reg, in)
		if err != nil {
			continue // bad inputs are refused on purpose
		}
		want := movingBodies(src)
		seen := map[string]int{}
		for _, n := range src.Nodes {
			if n.Motion != nil {
				seen[strings.ToLower(n.Name)]++
			}
		}
		for name := range want {
			// several bodies of one name: no telling which came back
			if seen[strings.ToLower(name)] > 1 || strings.Contains(name, "#") {
				delete(want, name)
			}
		}
		names := make([]string, 0, len(massTargets))
		for name := range massTargets {
			names = append(names, name)
		}
		sort.Strings(names)
		// hop writes g as format f, reads it back, and returns the Graph
		// read with an explain function for its diagnostics
		hop := func(f *convert.Format, g *convert.Graph) (*convert.Graph, func(body string) convert.Diagnostics, bool) {
			file := "out" + massTargets[f.Name]
			out, diags, err := physconv.EmitGraph(f, g, &convert.Options{OutputName: file})
			if err != nil {
				return nil, nil, false // refused with an error, not written wrong
			}
			back, ok := readBack(reg, f, file, out)
			if !ok {
				return nil, nil, false // the output needs its project's files (Godot res://)
			}
			explain := func(body string) convert.Diagnostics {
				var why convert.Diagnostics
				for i, n := range g.Nodes {
					if n.Motion != nil && n.Name == body {
						for _, q := range []convert.Quantity{convert.QMass, convert.QCenterOfMass, convert.QInertia} {
							why = append(why, diags.Explaining(convert.BodySubject(i), q)...)
						}
					}
				}
				return why
			}
			return back, explain, true
		}
		check := func(what string, back *convert.Graph, explains ...func(string) convert.Diagnostics) {
			got := movingBodies(back)
			for bname, w := range want {
				g, ok := lookupPlain(got, bname)
				if !ok {
					continue // bodies merged or renamed: the joint and body checks see those
				}
				total++
				bad := sameMass(w, g, 1e-9)
				if len(bad) == 0 {
					exact++
					continue
				}
				var why convert.Diagnostics
				for _, e := range explains {
					why = append(why, e(bname)...)
				}
				if len(why) > 0 {
					explained++
					byCode[string(why[0].Code)]++
					continue
				}
				t.Errorf("%s %s: body %s: %v", rel, what, bname, bad)
			}
		}
		for _, name := range names {
			to, _ := reg.Lookup(name)
			back, e1, ok := hop(to, src)
			if !ok {
				continue
			}
			check("→ "+name, back, e1)
			if name != "khr" || massTargets[from.Name] == "" {
				continue
			}
			// through KHR and back to the source's own format
			if again, e2, ok := hop(from, back); ok {
				check("→ khr → "+from.Name, again, e1, e2)
			}
		}
	}
	t.Logf("%d bodies × targets read back: %d exact at 1e-9, %d different with a diagnostic %v", total, exact, explained, byCode)
}
