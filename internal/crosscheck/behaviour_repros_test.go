package crosscheck

import (
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
	"github.com/physconv/physconv/urdf"
)

// reproRoutes take a robot repro through every target format and back to
// one MuJoCo runs, so the same engine compares source and result.
var reproRoutes = [][]string{
	{"mjcf"}, {"urdf"}, {"khr", "mjcf"}, {"omi", "mjcf"}, {"godot", "mjcf"}, {"godot3", "mjcf"},
}

// TestBehaviourRobotRepros: the robot defects' small inputs (joint ref,
// spatial tendons, loops cut at the source's closure, re-rooting, mimic
// couplings) move in MuJoCo after every target as the source does, or
// the conversion warned of the difference. PHYSCONV_REPROS names their
// folder.
func TestBehaviourRobotRepros(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	repros := os.Getenv("PHYSCONV_REPROS")
	if repros == "" {
		t.Skip("set PHYSCONV_REPROS to the folder of defect inputs")
	}
	for _, rel := range []string{
		"mjcf-joint-ref/ref.xml",
		"mjcf-spatial-tendon/rope.xml",
		"mjcf-loop-cut/fourbar.xml",
		"mjcf-loop-cut/cassie_leg.xml",
		"robot-reroot/chain.urdf",
		"couplings-godot/mimic.urdf",
	} {
		src := filepath.Join(repros, filepath.FromSlash(rel))
		opts := func(to string) *convert.Options {
			// MuJoCo fixes a URDF's root link to the world; physconv
			// floats it unless told, so the URDF sources say fixed
			return (&convert.Options{To: to, AllowRoots: []string{filepath.Dir(src)}}).With(urdf.BaseOption, "fixed")
		}
		t.Run(rel, func(t *testing.T) {
			t.Parallel()
			checkMuJoCoBehaviour(t, rel, src, reproRoutes, opts)
			if strings.HasSuffix(src, ".urdf") {
				checkCompiledRepro(t, src, opts)
			}
		})
	}
}

// checkCompiledRepro compares what MuJoCo compiles from src and from each
// route's result: the joints in world terms (kind, axis, range, anchor:
// a re-rooted tree reverses joints and flips limits) and the equality
// constraints (a mimic coupling MuJoCo applies). The URDF repros hold
// still under gravity from rest, so stepping alone would not tell.
func checkCompiledRepro(t *testing.T, src string, opts func(to string) *convert.Options) {
	t.Helper()
	want, ok := inspectJointsWith(t, "wasm", src, 0)
	if !ok {
		t.Fatalf("MuJoCo refuses %s", src)
	}
	text, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	mimics := strings.Count(string(text), "<mimic")
	wj := worldJoints(want)
	extent := 1e-3
	for _, j := range wj {
		extent = math.Max(extent, j.anchor.Len())
	}
	for _, route := range reproRoutes {
		what := strings.Join(route, "→")
		out, _, err := convertChain(t, src, t.TempDir(), route, opts)
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		got, ok := inspectJointsWith(t, "wasm", out, 0)
		if !ok {
			t.Errorf("%s: MuJoCo refuses the result", what)
			continue
		}
		matchJoints(t, what, wj, worldJoints(got), 1e-6*extent, false)
		// a tree re-rooted at another link moves other masses
		if gm, wm := movingMasses(got), movingMasses(want); !slices.EqualFunc(gm, wm, func(a, b float64) bool { return mjcfNear(a, b, 1e-6, 0) }) {
			t.Errorf("%s: moving masses %v, want %v", what, gm, wm)
		}
		// MuJoCo's URDF import drops <mimic>: a URDF result compiles to
		// the source's count, an MJCF one to one equality per mimic
		wantEq := want.Counts.NEq
		if strings.HasSuffix(out, ".xml") {
			wantEq += mimics
		}
		if got.Counts.NEq != wantEq {
			t.Errorf("%s: %d equality constraints, want %d", what, got.Counts.NEq, wantEq)
		}
	}
}
