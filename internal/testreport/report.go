// Package testreport holds the test helpers that need convert (testenv
// may not import it): adjusting inspect reports for comparisons where a
// format writes a documented stand-in for something it cannot express, and
// checking how malformed inputs are refused.
package testreport

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/inspect"
)

// MasslessStandIn rewrites the massless moving bodies of a report as the
// near-zero stand-in that URDF and MJCF write for them (diagnosed
// "massless-body"), so a round trip through those formats can be compared
// exactly.
func MasslessStandIn(r *inspect.Report) {
	for i := range r.Bodies {
		b := &r.Bodies[i]
		if b.Kind == convert.Static || b.Mass == nil || *b.Mass != 0 {
			continue
		}
		m := inspect.Num(convert.NearZeroMass)
		b.Mass = &m
		k := inspect.Num(convert.NearZeroInertia)
		b.Inertia = &[3][3]inspect.Num{{k, 0, 0}, {0, k, 0}, {0, 0, k}}
	}
}
