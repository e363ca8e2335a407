package hull

import (
	"errors"
	"math"
	"testing"
)

// TestCheckVolumeAgreesWithCompute checks CheckVolume against Compute on
// a solid, each degenerate dimension and a non-finite point.
func TestCheckVolumeAgreesWithCompute(t *testing.T) {
	cases := map[string][]Vec{
		"tetrahedron": {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		"point":       {{1, 2, 3}, {1, 2, 3}},
		"line":        {{0, 0, 0}, {1, 1, 1}, {2, 2, 2}},
		"plane":       {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {1, 1, 0}},
		"nan":         {{0, 0, 0}, {1, 0, 0}, {0, 1, 0}, {0, 0, math.NaN()}},
		"empty":       nil,
	}
	for name, pts := range cases {
		_, want := Compute(pts)
		got := CheckVolume(pts)
		var wd, gd *DegenerateError
		switch {
		case want == nil && got == nil:
		case errors.As(want, &wd) && errors.As(got, &gd) && wd.Dim == gd.Dim:
		case errors.Is(want, ErrNotFinite) && errors.Is(got, ErrNotFinite):
		default:
			t.Errorf("%s: CheckVolume %v, Compute %v", name, got, want)
		}
	}
	if CheckVolume(cases["tetrahedron"]) != nil {
		t.Error("a tetrahedron has a volume")
	}
}
