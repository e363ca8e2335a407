package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/tools/txtar"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// roundTripInputs writes the golden inputs (text ones) and the shipped
// example into dir and returns their main files.
func roundTripInputs(t *testing.T, dir string) []string {
	t.Helper()
	files := []string{}
	archives, _ := filepath.Glob("../../testdata/golden/*.txtar")
	for _, p := range archives {
		a, err := txtar.ParseFile(p)
		if err != nil {
			t.Fatal(err)
		}
		base := filepath.Join(dir, strings.TrimSuffix(filepath.Base(p), ".txtar"))
		main, binary := "", false
		for _, f := range a.Files {
			rel, ok := strings.CutPrefix(f.Name, "input/")
			if !ok {
				continue
			}
			if strings.HasSuffix(rel, " (base64)") {
				binary = true
				break
			}
			out := filepath.Join(base, filepath.FromSlash(rel))
			os.MkdirAll(filepath.Dir(out), 0o755)
			if err := os.WriteFile(out, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
			if main == "" {
				main = out
			}
		}
		if main != "" && !binary && !strings.HasSuffix(main, ".txt") {
			files = append(files, main)
		}
	}
	return append(files, doorExample)
}

// subjectOf places a difference in the first file's Graph.
func subjectOf(g *convert.Graph, d inspect.Difference) []convert.Subject {
	node := func(name string) int {
		for i, n := range g.Nodes {
			if n.Name == name {
				return i
			}
		}
		return -1
	}
	var out []convert.Subject
	switch d.Element {
	case "joint":
		if i := node(d.Name); i >= 0 {
			out = append(out, convert.JointSubject(i))
		}
	case "body", "static":
		if d.Node != "" {
			if i := node(d.Node); i >= 0 {
				out = append(out, g.ColliderSubject(i), g.TriggerSubject(i))
				if c := g.Nodes[i].Collider; c != nil {
					out = append(out, convert.MaterialSubject(c.Material), convert.FilterSubject(c.Filter))
				}
			}
		}
		if i := node(d.Name); i >= 0 {
			out = append(out, convert.BodySubject(i))
		}
	}
	return append(out, convert.DocumentSubject())
}

// TestDiffRoundTripsReportDiagnosedLosses: a file and its conversion to
// every format differ, by physconv diff, only in quantities a diagnostic
// of the conversion affects, with exit 1 exactly when they differ; a file
// and itself do not differ. Differences no diagnostic about the same
// element explains are logged (the emitters' subjects are not all that
// precise yet).
func TestDiffRoundTripsReportDiagnosedLosses(t *testing.T) {
	dir := t.TempDir()
	reg := all.Registry()
	ctx := context.Background()
	total, unplaced, lossless := 0, 0, 0
	for _, in := range roundTripInputs(t, dir) {
		name := strings.TrimSuffix(filepath.Base(in), filepath.Ext(in))
		if code, stdout, stderr := runCLI(t, "", "diff", in, in); code != exitOK {
			t.Errorf("%s against itself: exit %d\n%s%s", name, code, stdout, stderr)
		}
		src, err := physconv.OpenInput(in, nil, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		from, g, _, err := physconv.ParseGraph(ctx, reg, src)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range reg.Formats() {
			// (a format to itself is left out: a URDF to another folder
			// does not carry its relative meshes along yet)
			if f.Emit == nil || f == from {
				continue
			}
			out := filepath.Join(dir, "out-"+f.Name, name+f.Extensions[0])
			res, err := physconv.ConvertFile(ctx, reg, in, out, &convert.Options{To: f.Name})
			if err != nil {
				t.Errorf("%s → %s: %v", name, f.Name, err)
				continue
			}
			code, stdout, stderr := runCLI(t, "", "diff", "--json", "--tolerance", "1e-6", in, out)
			var doc diffDoc
			if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
				t.Fatalf("%s → %s: diff --json: %v\n%s", name, f.Name, err, stderr)
			}
			if want := map[bool]int{true: exitOK, false: exitError}[len(doc.Differences) == 0]; code != want || doc.Error != nil || doc.Equal != (code == exitOK) {
				t.Errorf("%s → %s: exit %d with %d differences, error %+v", name, f.Name, code, len(doc.Differences), doc.Error)
			}
			// the reports as diff compared them, for the explainer that
			// verification uses (renamed, added and shared elements)
			ra, errA := physconv.InspectFile(ctx, reg, in, nil, &convert.Options{})
			rb, errB := physconv.InspectFile(ctx, reg, out, nil, &convert.Options{})
			if errA != nil || errB != nil {
				t.Fatalf("%s → %s: inspect: %v %v", name, f.Name, errA, errB)
			}
			inspect.Equate(ra, rb, 1e-6)
			x := inspect.NewExplainer(g, ra, rb, res.Diagnostics)
			for _, d := range doc.Differences {
				q, ok := quantityNamed(d.QuantityName)
				if !ok {
					t.Fatalf("unknown quantity %q", d.QuantityName)
				}
				explained := x.Explains(d)
				for _, s := range subjectOf(g, d) {
					explained = explained || res.Diagnostics.Explains(s, q)
				}
				if !explained {
					unplaced++
					t.Logf("%s → %s: no diagnostic about this element explains (%s): %s", name, f.Name, d.QuantityName, d.Message)
				}
				// an element renamed or regrouped is missing by name on
				// one side
				missing := strings.Contains(d.Message, ": missing in ")
				if strings.HasSuffix(d.Message, "cannot be compared") {
					t.Logf("%s → %s: %s", name, f.Name, d.Message)
					continue // the comparison's own limit, reported as a difference
				}
				if !affects(res.Diagnostics, q) && !(missing && (affects(res.Diagnostics, convert.QName) || affects(res.Diagnostics, convert.QStructure))) {
					t.Errorf("%s → %s: undiagnosed difference (%s): %s", name, f.Name, d.QuantityName, d.Message)
				}
			}
			if len(doc.Differences) == 0 && diagnosedVisibleLoss(res.Diagnostics) {
				lossless++
			}
			total += len(doc.Differences)
		}
	}
	t.Logf("%d differences, each of a quantity a diagnostic of the conversion affects; %d not explained by a diagnostic about the same element; %d conversions with warnings about report quantities but no difference", total, unplaced, lossless)
}

func quantityNamed(name string) (convert.Quantity, bool) {
	for q := convert.Quantity(0); q < 64; q++ {
		if q.String() == name {
			return q, true
		}
	}
	return 0, false
}

// affects reports whether a diagnostic of the conversion changes q.
func affects(ds convert.Diagnostics, q convert.Quantity) bool {
	for _, d := range ds {
		if d.Quantities.Has(q) {
			return true
		}
	}
	return false
}

// diagnosedVisibleLoss reports a warning about a quantity the report
// shows (mass properties, shapes, joints, materials).
func diagnosedVisibleLoss(ds convert.Diagnostics) bool {
	for _, d := range ds {
		if d.Severity < convert.Warning {
			continue
		}
		for _, q := range []convert.Quantity{convert.QMass, convert.QCenterOfMass, convert.QInertia, convert.QShape, convert.QAxis, convert.QLimit} {
			if d.Quantities.Has(q) {
				return true
			}
		}
	}
	return false
}
