package mjcf

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// TestBodyQuaternionWrittenExactly: a body's orientation reads back bit
// for bit (the unit quaternion written, w first, w not negative), never a
// tidied decimal a few ulps away.
func TestBodyQuaternionWrittenExactly(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 8))
	for trial := 0; trial < 2000; trial++ {
		q := convert.Quat{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}
		if trial%4 == 0 {
			// rotations from rpy, as a URDF gives them
			q = convert.Quat{math.Sin(rng.Float64()), 0, 0, math.Cos(rng.Float64())}
		}
		el := &Element{Name: "body"}
		setPose(el, convert.Transform{R: q, S: convert.Vec3{1, 1, 1}})
		want := q.Normalize()
		if want[3] < 0 {
			want = convert.Quat{-want[0], -want[1], -want[2], -want[3]}
		}
		s, ok := el.Attr("quat")
		if !ok {
			continue // the identity
		}
		f := strings.Fields(s)
		got := make([]float64, len(f))
		for i, x := range f {
			got[i], _ = strconv.ParseFloat(x, 64)
		}
		exact := []float64{clean(want[3]), clean(want[0]), clean(want[1]), clean(want[2])}
		for i := range exact {
			if got[i] != exact[i] {
				t.Fatalf("quaternion %v written %q: component %d reads back %v, not %v", want, s, i, got[i], exact[i])
			}
		}
	}
}
