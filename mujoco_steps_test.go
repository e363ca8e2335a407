package physconv_test

import (
	"fmt"
	"math"
	"testing"

	"github.com/physconv/physconv/internal/testenv"
)

// stepped writes data (and its side files) into dir as name and returns
// its bodies after the given steps in MuJoCo (0: as loaded; args: the
// oracle's own, as "--backend", "c" for MuJoCo 2.2).
func stepped(t *testing.T, dir, name string, data []byte, side map[string][]byte, steps int, args ...string) map[string]testenv.MuJoCoBody {
	t.Helper()
	testenv.Oracle(t, "mj-inspect")
	file := testenv.WriteFiles(t, dir, name, data, side)
	if steps > 0 {
		args = append(args, "--steps", fmt.Sprint(steps))
	}
	return testenv.MuJoCoBodies(t, file, args...)
}

// apart is the distance between two points.
func apart(a, b [3]float64) float64 {
	return math.Hypot(math.Hypot(a[0]-b[0], a[1]-b[1]), a[2]-b[2])
}
