package physconv_test

import (
	"strings"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/propgen"
)

// TestEmitGraphCompletesMass: generated Graphs handed to EmitGraph without
// their mass properties completed are written in every format with the
// moments the shapes give, never zero moments under a mass (MuJoCo refuses
// an MJCF body with a mass and diaginertia="0 0 0").
func TestEmitGraphCompletesMass(t *testing.T) {
	f, err := all.Registry().Lookup("mjcf")
	if err != nil {
		t.Fatal(err)
	}
	for seed := uint64(1); seed <= 40; seed++ {
		out, diags, err := physconv.EmitGraph(f, propgen.Generate(seed), &convert.Options{OutputName: "g.xml"})
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		for _, l := range strings.Split(string(out.Main), "\n") {
			if strings.Contains(l, "<inertial") && strings.Contains(l, `diaginertia="0 0 0"`) && !strings.Contains(l, `mass="0"`) {
				t.Errorf("seed %d: a mass with zero moments: %s", seed, strings.TrimSpace(l))
			}
		}
		for _, d := range diags {
			if d.Code == convert.CodeVerifyMismatch {
				t.Errorf("seed %d: %s", seed, d.Message)
			}
		}
	}
}
