package physconv_test

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
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
		var extras [2]int
		look := func(with bool, _ *convert.Input, g *convert.Graph) {
			k := map[bool]int{false: 0, true: 1}[with]
			extras[k] = 0
			if g == nil {
				return
			}
			for _, n := range g.Nodes {
				extras[k] += len(n.Extras)
			}
		}
		if !readsAlike(t, reg, name, open, func(o *convert.Options) { o.ForReport = true }, look) {
			return
		}
		compared++
		if extras[1] > extras[0] {
			t.Errorf("%s: %d node extras with the option, %d without", name, extras[1], extras[0])
		}
		if extras[1] < extras[0] {
			lighter++
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
