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
// holds mass properties and reads the output back: every moving body has
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
		_, src, _, err := physconv.ParseGraph(context.Background(), reg, in)
		if err != nil {
			continue // bad inputs are refused on purpose
		}
		want := movingBodies(src)
		index, seen := map[string]int{}, map[string]int{}
		for i, n := range src.Nodes {
			if n.Motion != nil {
				index[n.Name] = i
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
		for _, name := range names {
			to, _ := reg.Lookup(name)
			file := "out" + massTargets[name]
			out, diags, err := physconv.EmitGraph(to, src, &convert.Options{OutputName: file})
			if err != nil {
				continue // refused with an error, not written wrong
			}
			back, ok := readBack(reg, to, file, out)
			if !ok {
				continue // the output needs its project's files (Godot res://)
			}
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
				if i, ok := index[bname]; ok {
					var why convert.Diagnostics
					for _, q := range []convert.Quantity{convert.QMass, convert.QCenterOfMass, convert.QInertia} {
						why = append(why, diags.Explaining(convert.BodySubject(i), q)...)
					}
					if len(why) > 0 {
						explained++
						byCode[string(why[0].Code)]++
						continue
					}
				}
				t.Errorf("%s → %s: body %s: %v", rel, name, bname, bad)
			}
		}
	}
	t.Logf("%d bodies × targets read back: %d exact at 1e-9, %d different with a diagnostic %v", total, exact, explained, byCode)
}
