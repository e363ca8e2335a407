package crosscheck

import (
	"context"
	"math"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// TestURDFToMJCFStableInMuJoCo: every corpus URDF written to MJCF, with
// the servos physconv writes for its transmissions (default gains) and the
// couplings for its mimic joints, runs 500 steps in MuJoCo without its
// integration blowing up. The NAO's hand servos (10 × effort on a 2 mg
// gripper link) turned 100 radians a step and sent it to NaN in 0.04 s.
// MuJoCo 2.2 (--backend c) is asked: it prints the NaN, where 3.3 resets
// the state with only a warning.
func TestURDFToMJCFStableInMuJoCo(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	for _, a := range urdfAssets {
		t.Run(a.name, func(t *testing.T) {
			t.Parallel()
			out := filepath.Join(t.TempDir(), a.name+".xml")
			if _, err := physconv.ConvertFile(context.Background(), all.Registry(), a.path(t), out, a.options(t, "mjcf")); err != nil {
				t.Fatal(err)
			}
			poses, why, ok := mujocoPoses(t, out, "--backend", "c")
			if !ok {
				t.Fatalf("MuJoCo does not run the output for %d steps: %s", behaviourMJSteps, why)
			}
			for name, p := range poses {
				for _, v := range append(p.p[:], p.q[:]...) {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Fatalf("body %q ends at %v %v", name, p.p, p.q)
					}
				}
			}
		})
	}
}
