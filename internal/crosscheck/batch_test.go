package crosscheck

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/batch"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// corpusListing lists the corpus files some registered format reads,
// independently of Batch's own walk.
func corpusListing(t *testing.T, reg *convert.Registry, root string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			t.Fatal(err)
		}
		if strings.HasPrefix(d.Name(), ".") && p != root {
			if d.IsDir() {
				return filepath.SkipDir
			}
			return nil
		}
		if d.IsDir() {
			return nil
		}
		for _, f := range reg.ByExtension(p) {
			if f.Parse != nil {
				rel, _ := filepath.Rel(root, p)
				out = append(out, filepath.ToSlash(rel))
				break
			}
		}
		return nil
	})
	sort.Strings(out)
	return out
}

// TestBatchWholeCorpusToEachFormat converts the whole corpus to every
// format physconv writes: the report accounts for exactly the listed
// inputs, every failure carries an error diagnostic, nothing panics, and
// every converted output exists.
func TestBatchWholeCorpusToEachFormat(t *testing.T) {
	corpus := testenv.Corpus(t)
	reg := all.Registry()
	listing := corpusListing(t, reg, corpus)
	if len(listing) < 100 {
		t.Fatalf("only %d corpus inputs listed", len(listing))
	}
	for _, f := range reg.Formats() {
		if f.Emit == nil {
			continue
		}
		t.Run(f.Name, func(t *testing.T) {
			dst := t.TempDir()
			var buf bytes.Buffer
			rw := batch.NewReportWriter(&buf, batch.BatchReport{Source: corpus, Destination: dst, To: f.Name})
			opts := &batch.BatchOptions{Options: convert.Options{To: f.Name}, OnResult: rw.Add}
			sum, err := batch.Batch(t.Context(), reg, corpus, dst, opts)
			if err != nil {
				t.Fatal(err)
			}
			if err := rw.Close(sum); err != nil {
				t.Fatal(err)
			}
			var rep batch.BatchReport
			if err := json.Unmarshal(buf.Bytes(), &rep); err != nil {
				t.Fatalf("report is not JSON: %v", err)
			}
			var inputs []string
			for _, r := range rep.Files {
				inputs = append(inputs, r.Input)
			}
			if strings.Join(inputs, "\n") != strings.Join(listing, "\n") {
				t.Errorf("report lists %d inputs, the corpus has %d", len(inputs), len(listing))
			}
			tot := rep.Totals
			// Skipped: only files no format recognises (a ROS package.xml).
			if tot.Inputs != len(listing) || tot.Converted+tot.Failed+tot.Skipped != tot.Inputs || tot.Canceled != 0 {
				t.Errorf("totals %+v do not add up to %d inputs", tot, len(listing))
			}
			for _, r := range rep.Files {
				switch r.Status {
				case batch.Failed:
					if r.Diagnostics.Max() < convert.Error {
						t.Errorf("%s failed without an error diagnostic", r.Input)
					}
				case batch.Skipped:
					if !strings.HasSuffix(r.Input, ".xml") || len(r.Diagnostics) != 1 || r.Diagnostics[0].Code != convert.CodeInputNotRecognised {
						t.Errorf("%s skipped: %v", r.Input, r.Diagnostics)
					}
				case batch.Converted:
					if st, err := os.Stat(filepath.Join(dst, filepath.FromSlash(r.Output))); err != nil || st.Size() == 0 {
						t.Errorf("%s: converted, but its output %s is missing or empty", r.Input, r.Output)
					}
					for _, f := range r.Files {
						if _, err := os.Stat(filepath.Join(dst, filepath.FromSlash(f))); err != nil {
							t.Errorf("%s: a file it wrote is gone: %v", r.Input, err)
						}
					}
				}
				for _, d := range r.Diagnostics {
					if strings.Contains(d.Message, "internal error") {
						t.Errorf("%s: a panic was caught: %s", r.Input, d.Message)
					}
				}
			}
			t.Logf("%s: %d converted, %d failed, %d warnings in %.1fs", f.Name, tot.Converted, tot.Failed, tot.Warnings, tot.Seconds)
		})
	}
}
