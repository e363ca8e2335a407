package formattest_test

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/formattest"
)

const module = "github.com/physconv/physconv/"

// packageDir is the folder (relative to this one) of the package that
// defines fn.
func packageDir(t *testing.T, fn any) string {
	t.Helper()
	name := runtime.FuncForPC(reflect.ValueOf(fn).Pointer()).Name()
	rel, ok := strings.CutPrefix(name, module)
	if !ok {
		t.Fatalf("%s is not in this module", name)
	}
	if i := strings.Index(rel, "."); i >= 0 {
		rel = rel[:i]
	}
	return filepath.Join("..", "..", filepath.FromSlash(rel))
}

// TestEveryFormatPlugsIn: the package of every registered format calls the
// harness (Run, Fuzz and Bench) from its tests, and every format that
// writes files has golden archives.
func TestEveryFormatPlugsIn(t *testing.T) {
	goldens, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "golden", "*.txtar"))
	var golden strings.Builder
	for _, p := range goldens {
		data, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		golden.Write(data)
	}
	for _, f := range all.Registry().Formats() {
		if f.Parse == nil {
			t.Errorf("%s: formats that cannot be read are not covered by the harness", f.Name)
			continue
		}
		dir := packageDir(t, f.Parse)
		tests, _ := filepath.Glob(filepath.Join(dir, "*_test.go"))
		var src strings.Builder
		for _, p := range tests {
			data, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			src.Write(data)
		}
		for _, call := range []string{"formattest.Run(t, ", "formattest.Fuzz(f, ", "formattest.Bench(b, "} {
			if !strings.Contains(src.String(), call) {
				t.Errorf("%s: the tests of %s do not call %s…)", f.Name, dir, call)
			}
		}
		if f.Emit != nil && !strings.Contains(golden.String(), "\n-- "+f.Name+"/") {
			t.Errorf("%s writes files but no archive in testdata/golden holds its output", f.Name)
		}
	}
}

// TestSniffExclusive: every golden input and shipped example is detected
// as one format, and no other format's sniffer claims it (formats sharing
// one sniffer, Godot 4 and 3, count as one).
func TestSniffExclusive(t *testing.T) {
	reg := all.Registry()
	inputs, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "golden", "*.txtar"))
	examples, _ := filepath.Glob(filepath.Join("..", "..", "testdata", "examples", "*"))
	inputs = append(inputs, examples...)
	n := 0
	for _, p := range inputs {
		if strings.HasPrefix(filepath.Base(p), "seed-") {
			continue // a generated Graph, not a file
		}
		n++
		in := formattest.LoadInput(t, p, nil)
		f, _, _, err := physconv.ParseGraph(context.Background(), reg, in)
		if err != nil {
			t.Errorf("%s: %v", p, err)
			continue
		}
		head := in.Data[:min(len(in.Data), convert.SniffLen)]
		if !f.Sniff(head) {
			t.Errorf("%s: detected as %s by extension only; its sniffer rejects it", p, f.Name)
		}
		own := reflect.ValueOf(f.Sniff).Pointer()
		for _, g := range reg.Formats() {
			if g.Sniff != nil && reflect.ValueOf(g.Sniff).Pointer() != own && g.Sniff(head) {
				t.Errorf("%s (%s) is also claimed by the %s sniffer", p, f.Name, g.Name)
			}
		}
	}
	if n < len(reg.Formats())-1 {
		t.Errorf("only %d sample inputs for %d formats", n, len(reg.Formats()))
	}
}
