package batch_test

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
)

// The "box" test format: a tiny line-based text file, so batch semantics
// are tested without any real format.
//
//	box NAME SIZE MASS   a dynamic body with a box collider (m, kg)
//	mesh FILE            reads a side file (must exist), named in the output
//	side FILE TEXT       the output writes side file FILE holding TEXT
//	warn                 a warning diagnostic
//	bad                  a malformed line (FormatError at that line)
//	boom                 the parser panics
//	sleep MS             the parser takes this long
//
// Emitted as ".boxout": one line per body with its completed mass, plus
// "uses FILE" for every mesh line.
var boxFormat = &convert.Format{
	Name:       "box",
	Extensions: []string{".box", ".bx"},
	Parse:      parseBox,
	Emit:       emitBox,
}

var boxOutFormat = &convert.Format{
	Name:       "boxout",
	Extensions: []string{".boxout"},
	Emit:       emitBox,
}

func boxRegistry() *convert.Registry { return convert.NewRegistry(boxFormat, boxOutFormat) }

func parseBox(in *convert.Input) (*convert.Graph, convert.Diagnostics, error) {
	g := convert.NewGraph()
	var diags convert.Diagnostics
	var uses, sides []string
	for i, line := range strings.Split(string(in.Data), "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "box":
			if len(f) != 4 {
				return nil, diags, convert.ErrorAtLine(i+1, "box wants NAME SIZE MASS")
			}
			size, err1 := strconv.ParseFloat(f[2], 64)
			mass, err2 := strconv.ParseFloat(f[3], 64)
			if err1 != nil || err2 != nil {
				return nil, diags, convert.ErrorAtLine(i+1, "bad number")
			}
			s := g.AddShape(convert.Shape{Kind: convert.Box, Size: convert.Vec3{size, size, size}})
			g.AddNode(convert.Node{Name: f[1],
				Motion:   &convert.Motion{Kind: convert.Dynamic, Mass: convert.Ptr(mass)},
				Collider: &convert.Collider{Shape: s, Material: -1, Filter: -1}}, -1)
		case "mesh":
			if _, err := in.Open(f[1]); err != nil {
				return nil, diags, convert.ErrorAtLine(i+1, "mesh %s: %v", f[1], err)
			}
			uses = append(uses, f[1])
		case "side":
			sides = append(sides, f[1]+" "+f[2])
		case "warn":
			diags = append(diags, convert.Diagnostic{Severity: convert.Warning, Code: "box-warning", Path: fmt.Sprintf("line %d", i+1), Message: "a warning for the test"})
		case "bad":
			return nil, diags, convert.ErrorAtLine(i+1, "bad line")
		case "boom":
			panic("box parser exploded")
		case "sleep":
			ms, _ := strconv.Atoi(f[1])
			time.Sleep(time.Duration(ms) * time.Millisecond)
		}
	}
	g.Extras["box.uses"] = uses
	g.Extras["box.sides"] = sides
	return g, diags, nil
}

func emitBox(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
	var b strings.Builder
	for _, n := range g.Nodes {
		if n.Motion != nil {
			fmt.Fprintf(&b, "%s %s\n", n.Name, strconv.FormatFloat(n.Motion.MassOr(0), 'g', -1, 64))
		}
	}
	uses, _ := g.Extras["box.uses"].([]string)
	for _, u := range uses {
		fmt.Fprintf(&b, "uses %s\n", u)
	}
	out := &convert.Output{Files: map[string][]byte{}}
	sides, _ := g.Extras["box.sides"].([]string)
	for _, sd := range sides {
		name, text, _ := strings.Cut(sd, " ")
		out.Files[name] = []byte(text)
		fmt.Fprintf(&b, "side \"%s\"\n", name)
	}
	out.Main = []byte(b.String())
	return out, nil, nil
}

// writeTree creates files (slash paths → content) below dir.
func writeTree(t testing.TB, dir string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// listTree returns every file below dir as sorted slash paths.
func listTree(t testing.TB, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, filepath.ToSlash(rel))
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// runBatch runs Batch and collects the results.
func runBatch(t testing.TB, src, dst string, opts batch.BatchOptions) (*batch.BatchSummary, []*batch.FileResult, error) {
	t.Helper()
	var results []*batch.FileResult
	opts.OnResult = func(r *batch.FileResult) { results = append(results, r) }
	sum, err := batch.Batch(t.Context(), boxRegistry(), src, dst, &opts)
	return sum, results, err
}
