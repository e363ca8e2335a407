package batch_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
)

func TestBatchMirrorsLayoutAndCopiesSideFiles(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	writeTree(t, src, map[string]string{
		"a.box":                   "box crate 0.5 2\n",
		"robots/arm.box":          "box link1 1 3\nmesh meshes/link1.stl\n",
		"robots/meshes/link1.stl": "solid x\nendsolid x\n",
		"robots/notes.txt":        "not an input",
		".hidden/x.box":           "box h 1 1\n",
		"robots/.x.box":           "box h 1 1\n",
	})
	sum, res, err := runBatch(t, src, dst, batch.BatchOptions{Options: convert.Options{To: "boxout"}, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Inputs != 2 || sum.Converted != 2 || sum.Failed != 0 {
		t.Fatalf("summary %+v, want 2 inputs converted", sum)
	}
	want := []string{".physconv-manifest.jsonl", "a.boxout", "robots/arm.boxout", "robots/meshes/link1.stl"}
	if got := listTree(t, dst); !reflect.DeepEqual(got, want) {
		t.Fatalf("destination has %v, want %v", got, want)
	}
	out, _ := os.ReadFile(filepath.Join(dst, "robots/arm.boxout"))
	if string(out) != "link1 3\nuses meshes/link1.stl\n" {
		t.Errorf("arm output = %q", out)
	}
	if res[0].Input != "a.box" || res[1].Input != "robots/arm.box" {
		t.Fatalf("results not in input order: %s, %s", res[0].Input, res[1].Input)
	}
	if got := res[1].Files; !reflect.DeepEqual(got, []string{"robots/arm.boxout", "robots/meshes/link1.stl"}) {
		t.Errorf("arm files = %v", got)
	}
	if res[1].Status != batch.Converted || res[1].From != "box" || res[1].To != "boxout" {
		t.Errorf("arm result %+v", res[1])
	}
}

func TestBatchOneBadFileNeverStopsTheOthers(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	writeTree(t, src, map[string]string{
		"1.box": "box a 1 1\n",
		"2.box": "box b 1 1\nbad\n",
		"3.box": "boom\n",
		"4.box": "box d 1 4\nmesh missing.stl\n",
		"5.box": "box e 1 5\nwarn\n",
	})
	sum, res, err := runBatch(t, src, dst, batch.BatchOptions{Options: convert.Options{To: "boxout"}, Jobs: 3})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Converted != 2 || sum.Failed != 3 || sum.Warnings != 1 {
		t.Fatalf("summary %+v, want 2 converted, 3 failed, 1 warning", sum)
	}
	codes := map[string]string{}
	for _, r := range res {
		for _, d := range r.Diagnostics {
			if d.Severity == convert.Error {
				codes[r.Input] = string(d.Code)
				if r.Input == "2.box" && d.Line != 2 {
					t.Errorf("2.box failure at line %d, want 2", d.Line)
				}
			}
		}
		if r.Status == batch.Failed && codes[r.Input] == "" {
			t.Errorf("%s failed without an error diagnostic: %v", r.Input, r.Diagnostics)
		}
	}
	want := map[string]string{"2.box": "input-malformed", "3.box": "conversion-failed", "4.box": "input-malformed"}
	if !reflect.DeepEqual(codes, want) {
		t.Errorf("failure codes %v, want %v", codes, want)
	}
	if !res[4].Diagnostics.Has("box-warning") {
		t.Errorf("5.box lost its warning: %v", res[4].Diagnostics)
	}
	for _, name := range []string{"2.boxout", "3.boxout", "4.boxout"} {
		if _, err := os.Stat(filepath.Join(dst, name)); err == nil {
			t.Errorf("%s written for a failed input", name)
		}
	}
}

func TestBatchFailFastCancelsTheRest(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	writeTree(t, src, map[string]string{"1.box": "bad\n", "2.box": "box b 1 1\n", "3.box": "box c 1 1\n"})
	sum, res, err := runBatch(t, src, dst, batch.BatchOptions{Options: convert.Options{To: "boxout"}, Jobs: 1, FailFast: true})
	if !errors.Is(err, batch.ErrBatchFailed) {
		t.Fatalf("err = %v, want ErrBatchFailed", err)
	}
	if sum.Failed != 1 || sum.Canceled != 2 || len(res) != 3 {
		t.Fatalf("summary %+v (results %d), want 1 failed and 2 canceled", sum, len(res))
	}
	if res[2].Status != batch.Canceled || !res[2].Diagnostics.Has("batch-canceled") {
		t.Errorf("3.box: %+v", res[2])
	}
}

func TestBatchStrictAndConfiguredLevels(t *testing.T) {
	src := t.TempDir()
	writeTree(t, src, map[string]string{"w.box": "box a 1 1\nwarn\n"})
	run := func(opts batch.BatchOptions) *batch.FileResult {
		opts.Options.To = "boxout"
		_, res, err := runBatch(t, src, t.TempDir(), opts)
		if err != nil {
			t.Fatal(err)
		}
		return res[0]
	}
	if r := run(batch.BatchOptions{Options: convert.Options{Strict: true}}); r.Status != batch.Failed || !r.Diagnostics.Has("strict-warnings") {
		t.Errorf("strict: %+v", r)
	}
	ignore := batch.Settings{Diagnostics: map[string]string{"box-warning": "ignore"}}
	if r := run(batch.BatchOptions{Options: convert.Options{Strict: true}, Overrides: ignore}); r.Status != batch.Converted || r.Diagnostics.Has("box-warning") {
		t.Errorf("strict with the warning ignored: %+v", r)
	}
	raise := batch.Settings{Diagnostics: map[string]string{"box-warning": "error"}}
	r := run(batch.BatchOptions{Overrides: raise})
	if r.Status != batch.Failed || !r.Diagnostics.Has("diagnostic-is-error") {
		t.Errorf("warning raised to error: %+v", r)
	}
}

func TestBatchOutputCollision(t *testing.T) {
	// Twins (a.box, a.bx) keep their extension in their output names; a
	// file that still lands on one of those names collides.
	src, dst := t.TempDir(), t.TempDir()
	writeTree(t, src, map[string]string{"a.box": "box a 1 1\n", "a.bx": "box b 1 1\n", "a.box.box": "box c 1 1\n"})
	sum, res, err := runBatch(t, src, dst, batch.BatchOptions{Options: convert.Options{To: "boxout"}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Converted != 2 || sum.Failed != 1 || res[1].Input != "a.box.box" || !res[1].Diagnostics.Has("output-collision") {
		t.Fatalf("summary %+v, second result %+v", sum, res[1])
	}
	if res[0].Output != "a.box.boxout" || res[2].Output != "a.bx.boxout" {
		t.Errorf("twin outputs %s, %s", res[0].Output, res[2].Output)
	}
}

func TestBatchIncremental(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	writeTree(t, src, map[string]string{
		"a.box": "box a 1 1\n", "b.box": "box b 1 2\nmesh m.stl\n", "c.box": "box c 1 3\n", "m.stl": "v1",
	})
	opts := batch.BatchOptions{Options: convert.Options{To: "boxout"}, Incremental: true}
	statuses := func() map[string]batch.Status {
		t.Helper()
		_, res, err := runBatch(t, src, dst, opts)
		if err != nil {
			t.Fatal(err)
		}
		m := map[string]batch.Status{}
		for _, r := range res {
			m[r.Input] = r.Status
		}
		return m
	}
	all := func(s batch.Status) map[string]batch.Status {
		return map[string]batch.Status{"a.box": s, "b.box": s, "c.box": s}
	}
	check := func(step string, got, want map[string]batch.Status) {
		t.Helper()
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %v, want %v", step, got, want)
		}
	}
	check("first run", statuses(), all(batch.Converted))
	check("unchanged", statuses(), all(batch.Skipped))

	writeTree(t, src, map[string]string{"a.box": "box a 1 10\n"})
	want := all(batch.Skipped)
	want["a.box"] = batch.Converted
	check("input edited", statuses(), want)

	writeTree(t, src, map[string]string{"m.stl": "v2"})
	want = all(batch.Skipped)
	want["b.box"] = batch.Converted
	check("side file edited", statuses(), want)

	os.Remove(filepath.Join(dst, "c.boxout"))
	want = all(batch.Skipped)
	want["c.box"] = batch.Converted
	check("output deleted", statuses(), want)

	os.WriteFile(filepath.Join(dst, "a.boxout"), []byte("tampered"), 0o644)
	want = all(batch.Skipped)
	want["a.box"] = batch.Converted
	check("output changed", statuses(), want)

	opts.Options.Density = 500
	check("options changed", statuses(), all(batch.Converted))

	opts.Incremental = false
	check("not incremental", statuses(), all(batch.Converted))
}

func TestBatchCancelLeavesNoPartialFile(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	files := map[string]string{}
	for i := range 40 {
		files[fmt.Sprintf("f%02d.box", i)] = "sleep 5\nbox a 1 1\n"
	}
	writeTree(t, src, files)
	writeTree(t, dst, map[string]string{".f00.boxout.tmp12345": "stale half file"})
	ctx, cancel := context.WithCancel(t.Context())
	var results []*batch.FileResult
	opts := batch.BatchOptions{Options: convert.Options{To: "boxout"}, Jobs: 2,
		OnResult: func(r *batch.FileResult) {
			results = append(results, r)
			if len(results) == 5 {
				cancel()
			}
		}}
	sum, err := batch.Batch(ctx, boxRegistry(), src, dst, &opts)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err = %v, want context.Canceled", err)
	}
	if len(results) != 40 || sum.Canceled == 0 || sum.Converted+sum.Canceled != 40 {
		t.Fatalf("summary %+v with %d results", sum, len(results))
	}
	for _, f := range listTree(t, dst) {
		if f == ".physconv-manifest.jsonl" {
			continue
		}
		if filepath.Ext(f) != ".boxout" {
			t.Errorf("left behind %s", f)
			continue
		}
		data, _ := os.ReadFile(filepath.Join(dst, f))
		if string(data) != "a 1\n" {
			t.Errorf("%s is partial: %q", f, data)
		}
	}
	for _, r := range results {
		_, err := os.Stat(filepath.Join(dst, r.Output))
		if (r.Status == batch.Converted) != (err == nil) {
			t.Errorf("%s: status %s but output exists = %v", r.Input, r.Status, err == nil)
		}
	}
}

func TestShardsAreDisjointAndCover(t *testing.T) {
	src := t.TempDir()
	files := map[string]string{}
	for i := range 300 {
		files[fmt.Sprintf("d%d/f%03d.box", i%7, i)] = "box a 1 1\n"
	}
	writeTree(t, src, files)
	reg := boxRegistry()
	all, err := batch.BatchInputs(reg, src, "", nil)
	if err != nil || len(all) != 300 {
		t.Fatalf("inputs: %d, %v", len(all), err)
	}
	seen := map[string]int{}
	for k := 1; k <= 3; k++ {
		sh, err := batch.ParseShard(fmt.Sprintf("%d/3", k))
		if err != nil {
			t.Fatal(err)
		}
		part, err := batch.BatchInputs(reg, src, "", &batch.BatchOptions{Shard: sh})
		if err != nil {
			t.Fatal(err)
		}
		if len(part) < 60 {
			t.Errorf("shard %d/3 has only %d of 300 inputs", k, len(part))
		}
		again, _ := batch.BatchInputs(reg, src, "", &batch.BatchOptions{Shard: sh})
		if !slices.Equal(part, again) {
			t.Errorf("shard %d/3 is not deterministic", k)
		}
		for _, p := range part {
			if prev := seen[p]; prev != 0 {
				t.Errorf("%s in shards %d and %d", p, prev, k)
			}
			seen[p] = k
		}
	}
	if len(seen) != len(all) {
		t.Errorf("shards cover %d of %d inputs", len(seen), len(all))
	}
	for _, bad := range []string{"0/3", "4/3", "1/0", "x/2", "2"} {
		if _, err := batch.ParseShard(bad); err == nil {
			t.Errorf("ParseShard(%q) accepted", bad)
		}
	}
}

func TestBatchInputsIncludeExclude(t *testing.T) {
	src := t.TempDir()
	writeTree(t, src, map[string]string{
		"a.box": "", "wip/b.box": "", "robots/c.box": "", "robots/deep/d.box": "", "e.txt": "",
	})
	reg := boxRegistry()
	cases := []struct {
		include, exclude []string
		want             []string
	}{
		{nil, nil, []string{"a.box", "robots/c.box", "robots/deep/d.box", "wip/b.box"}},
		{nil, []string{"wip/**"}, []string{"a.box", "robots/c.box", "robots/deep/d.box"}},
		{[]string{"robots/*.box"}, nil, []string{"robots/c.box"}},
		{[]string{"robots/**"}, []string{"d.box"}, []string{"robots/c.box"}},
		{[]string{"*.txt"}, nil, []string{"e.txt"}},
	}
	for _, c := range cases {
		got, err := batch.BatchInputs(reg, src, "", &batch.BatchOptions{Include: c.include, Exclude: c.exclude})
		if err != nil || !slices.Equal(got, c.want) {
			t.Errorf("include %v exclude %v: %v (%v), want %v", c.include, c.exclude, got, err, c.want)
		}
	}
	if _, err := batch.BatchInputs(reg, src, "", &batch.BatchOptions{Include: []string{"[a"}}); err == nil {
		t.Error("a bad glob was accepted")
	}
}

func TestBatchDestinationInsideSource(t *testing.T) {
	src := t.TempDir()
	writeTree(t, src, map[string]string{"a.box": "box a 1 1\n"})
	dst := filepath.Join(src, "out")
	for range 2 { // the second run must not pick up its own outputs
		sum, _, err := runBatch(t, src, dst, batch.BatchOptions{Options: convert.Options{To: "box"}})
		if err != nil || sum.Inputs != 1 || sum.Converted != 1 {
			t.Fatalf("summary %+v, err %v", sum, err)
		}
	}
}

func TestReportWriterRoundTrip(t *testing.T) {
	src, dst := t.TempDir(), t.TempDir()
	writeTree(t, src, map[string]string{"a.box": "box a 1 1\nwarn\n", "b.box": "bad\n"})
	var buf bytes.Buffer
	rw := batch.NewReportWriter(&buf, batch.BatchReport{Source: src, Destination: dst, To: "boxout"})
	opts := batch.BatchOptions{Options: convert.Options{To: "boxout"}, OnResult: rw.Add}
	sum, err := batch.Batch(t.Context(), boxRegistry(), src, dst, &opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := rw.Close(sum); err != nil {
		t.Fatal(err)
	}
	var rep batch.BatchReport
	if err := json.Unmarshal(buf.Bytes(), &rep); err != nil {
		t.Fatalf("report is not JSON: %v\n%s", err, buf.Bytes())
	}
	if rep.Schema != batch.ReportSchema || rep.To != "boxout" || len(rep.Files) != 2 {
		t.Fatalf("report header/files wrong: %+v", rep)
	}
	if rep.Totals.Inputs != 2 || rep.Totals.Converted != 1 || rep.Totals.Failed != 1 || rep.Totals.Warnings != 1 {
		t.Errorf("totals %+v", rep.Totals)
	}
	if f := rep.Files[1]; f.Status != batch.Failed || len(f.Diagnostics) == 0 || f.Diagnostics[0].Code != "input-malformed" {
		t.Errorf("failed entry %+v", f)
	}
	if f := rep.Files[0]; f.Output != "a.boxout" || !f.Diagnostics.Has("box-warning") || f.Seconds <= 0 {
		t.Errorf("converted entry %+v", f)
	}
}

func TestBatchInPlaceNeverOverwritesAnInput(t *testing.T) {
	src := t.TempDir()
	writeTree(t, src, map[string]string{"a.box": "box a 1 1\n", "b.bx": "box b 1 1\n"})
	// Same format, same folder: each output would be its own input.
	sum, res, err := runBatch(t, src, src, batch.BatchOptions{Options: convert.Options{To: "box"}})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Failed != 2 || !res[0].Diagnostics.Has("output-collision") || !res[1].Diagnostics.Has("output-collision") {
		t.Fatalf("summary %+v; results %+v %+v", sum, res[0], res[1])
	}
	if data, _ := os.ReadFile(filepath.Join(src, "a.box")); string(data) != "box a 1 1\n" {
		t.Errorf("input a.box changed: %q", data)
	}
	// Another format in the same folder: outputs beside the inputs.
	sum, _, err = runBatch(t, src, src, batch.BatchOptions{Options: convert.Options{To: "boxout"}})
	if err != nil || sum.Converted != 2 {
		t.Fatalf("summary %+v, %v", sum, err)
	}
	if data, _ := os.ReadFile(filepath.Join(src, "b.boxout")); string(data) != "b 1\n" {
		t.Errorf("b.boxout = %q", data)
	}
}
