package physconv_test

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
	"github.com/physconv/physconv/internal/testenv"
)

// TestForReportSamePhysics reads every corpus MJCF model and the MJCF
// output of every corpus URDF with and without Options.ForReport,
// which verification reads outputs back with (the reader then leaves out
// the spellings only its writer uses): the physics reports must be
// equal, and the option must have left Extras out.
func TestForReportSamePhysics(t *testing.T) {
	reg := all.Registry()
	ctx := context.Background()
	root := testenv.Corpus(t)
	compared, lighter := 0, 0
	check := func(name string, open func(opts *convert.Options) (*convert.Input, error)) {
		t.Helper()
		var reports [2][]byte
		var errs [2]error
		var extras [2]int
		for k, forReport := range []bool{false, true} {
			in, err := open(&convert.Options{ForReport: forReport})
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			f, g, _, err := physconv.ParseGraph(ctx, reg, in)
			if errs[k] = err; err != nil {
				continue
			}
			for _, n := range g.Nodes {
				extras[k] += len(n.Extras)
			}
			if reports[k], err = json.Marshal(inspect.Inspect(g, f.Name, nil)); err != nil {
				t.Fatalf("%s: %v", name, err)
			}
		}
		switch {
		case (errs[0] == nil) != (errs[1] == nil):
			t.Errorf("%s: error %v without the option, %v with it", name, errs[0], errs[1])
		case errs[0] != nil:
			// included fragments and unsupported inputs: refused alike
		case !bytes.Equal(reports[0], reports[1]):
			t.Errorf("%s: physics read differently with the option:\n%s\nwithout:\n%s", name, reports[1], reports[0])
		default:
			compared++
			if extras[1] > extras[0] {
				t.Errorf("%s: %d node extras with the option, %d without", name, extras[1], extras[0])
			}
			if extras[1] < extras[0] {
				lighter++
			}
		}
	}
	for _, file := range corpusInputs(t) {
		rel, _ := filepath.Rel(root, file)
		if strings.HasPrefix(filepath.ToSlash(rel), "mjcf/") {
			check(rel, func(opts *convert.Options) (*convert.Input, error) { return physconv.OpenInput(file, nil, opts) })
			continue
		}
		if !strings.HasPrefix(filepath.ToSlash(rel), "urdf/") {
			continue
		}
		out := filepath.Join(t.TempDir(), "out.xml")
		if _, err := physconv.ConvertFile(ctx, reg, file, out, &convert.Options{To: "mjcf", NoVerify: true}); err != nil {
			continue // refused: included fragments, unsupported inputs
		}
		check(rel+" → mjcf", func(opts *convert.Options) (*convert.Input, error) { return physconv.OpenInput(out, nil, opts) })
	}
	if compared == 0 || lighter < compared/2 {
		t.Errorf("%d inputs compared, %d read with fewer extras: the option was not exercised", compared, lighter)
	}
	t.Logf("%d inputs read alike, %d of them with fewer extras", compared, lighter)
}
