package batch_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// A program lists the formats it needs in a registry, for example
//
//	reg := convert.NewRegistry(khr.Format, omi.Format, godot.Format, urdf.Format, mjcf.Format)
//
// These examples use a small line-based format ("box NAME SIZE MASS",
// written as ".boxout" with one "NAME MASS" line per body) so that they
// run anywhere.
func exampleRegistry() *convert.Registry { return boxRegistry() }

// exampleFolder makes a throw-away folder with the given files.
func exampleFolder(files map[string]string) string {
	dir, err := os.MkdirTemp("", "physconv-example")
	if err != nil {
		panic(err)
	}
	for name, content := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(content), 0o644)
	}
	return dir
}

func ExampleConvertFile() {
	dir := exampleFolder(map[string]string{"crate.box": "box crate 0.5 12.5\n"})
	defer os.RemoveAll(dir)

	opts := &convert.Options{To: "boxout"}
	res, err := physconv.ConvertFile(context.Background(), exampleRegistry(),
		filepath.Join(dir, "crate.box"), filepath.Join(dir, "crate.boxout"), opts)
	if err != nil {
		fmt.Println("error:", err) // nothing was written
		return
	}
	fmt.Printf("%s → %s, %d file(s) written\n", res.From, res.To, len(res.Files))
	out, _ := os.ReadFile(filepath.Join(dir, "crate.boxout"))
	fmt.Print(string(out))
	// Output:
	// box → boxout, 1 file(s) written
	// crate 12.5
}

func ExampleConvertBytes() {
	// In memory: the input comes from anywhere (a request body, an
	// archive); side files, if any, are read through in.FS.
	in := &convert.Input{
		Name:    "upload.box",
		Data:    []byte("box lid 1 2\nbox base 1 8\n"),
		Options: &convert.Options{To: "boxout"},
	}
	out, res, err := physconv.ConvertBytes(context.Background(), exampleRegistry(), in)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Print(string(out.Main))
	fmt.Println(len(out.Files), "side files;", res.From, "→", res.To)
	// Output:
	// lid 2
	// base 8
	// 0 side files; box → boxout
}

func ExampleParseGraph() {
	in := &convert.Input{Name: "crate.box", Data: []byte("box crate 2 6\n")}
	format, g, diags, err := physconv.ParseGraph(context.Background(), exampleRegistry(), in)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	// Complete has filled in what the file left out: the inertia of a
	// 6 kg, 2 m cube is m·s²/6 = 4 kg·m² about each axis.
	rep := inspect.Inspect(g, format.Name, diags)
	b := rep.Bodies[0]
	fmt.Printf("%s: %s, mass %v kg (%s), inertia %v %v %v kg·m² (%s)\n", b.Name, b.Kind,
		*b.Mass, b.Source.Mass, b.Inertia[0][0], b.Inertia[1][1], b.Inertia[2][2], b.Source.Inertia)
	// Output:
	// crate: dynamic, mass 6 kg (given), inertia 4 4 4 kg·m² (computed)
}

func ExampleBatch() {
	src := exampleFolder(map[string]string{
		"props/crate.box":  "box crate 0.5 12.5\n",
		"props/barrel.box": "box barrel 0.6 30\n",
		"wip/broken.box":   "box broken\n",
	})
	defer os.RemoveAll(src)
	dst := filepath.Join(src, "out") // may lie inside src: it is skipped

	opts := &batch.BatchOptions{
		Options: convert.Options{To: "boxout"},
		Jobs:    2,
		OnResult: func(r *batch.FileResult) { // in input order, one at a time
			fmt.Println(r.Status, r.Input, r.Output)
			for _, d := range r.Diagnostics {
				if d.Severity == convert.Error {
					fmt.Println("  ", d.Code, strings.TrimPrefix(d.Message, src))
				}
			}
		},
	}
	sum, err := batch.Batch(context.Background(), exampleRegistry(), src, dst, opts)
	if err != nil {
		fmt.Println("error:", err)
		return
	}
	fmt.Printf("%d converted, %d failed\n", sum.Converted, sum.Failed)

	// Again, incrementally: the outputs are up to date; the broken file
	// is tried again.
	opts.Incremental = true
	opts.OnResult = nil
	sum, _ = batch.Batch(context.Background(), exampleRegistry(), src, dst, opts)
	fmt.Printf("%d converted, %d skipped, %d failed\n", sum.Converted, sum.Skipped, sum.Failed)
	// Output:
	// converted props/barrel.box props/barrel.boxout
	// converted props/crate.box props/crate.boxout
	// failed wip/broken.box wip/broken.boxout
	//    input-malformed box wants NAME SIZE MASS
	// 2 converted, 1 failed
	// 0 converted, 2 skipped, 1 failed
}
