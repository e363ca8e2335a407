package inspect

import (
	"fmt"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// TestCouplingSenses: a coupling relates joint coordinates, and a joint
// whose bodies are swapped or whose axis is reversed measures its
// coordinate with the other sign. The second report's coupling is the
// first's when its factors change sign with the follower's and the
// leader's senses (follower = multiplier·leader + offset), and differs
// when they are the first's unchanged (unless both signs are 1).
func TestCouplingSenses(t *testing.T) {
	joint := func(name, a, b string, axis convert.Vec3, m *MimicReport) JointReport {
		return JointReport{Name: name, BodyA: a, BodyB: b, Kind: kin.KindContinuous, Axis: &axis,
			Lower: num(-1e300), Upper: num(1e300), Mimic: m}
	}
	up, down := convert.Vec3{0, 0, 1}, convert.Vec3{0, 0, -1}
	x := &Report{Joints: []JointReport{
		joint("lead", "", "a", up, nil),
		joint("follow", "a", "b", up, &MimicReport{Joint: "lead", Multiplier: 0.5, Offset: 0.1}),
	}}
	for _, leadSwap := range []bool{false, true} {
		for _, leadDown := range []bool{false, true} {
			for _, followSwap := range []bool{false, true} {
				for _, followDown := range []bool{false, true} {
					sl, sf := 1.0, 1.0
					la, lb, fa, fb, lax, fax := "", "a", "a", "b", up, up
					if leadSwap {
						la, lb, sl = lb, la, -sl
					}
					if leadDown {
						lax, sl = down, -sl
					}
					if followSwap {
						fa, fb, sf = fb, fa, -sf
					}
					if followDown {
						fax, sf = down, -sf
					}
					y := func(m, o float64) *Report {
						return &Report{Joints: []JointReport{
							joint("lead", la, lb, lax, nil),
							joint("follow", fa, fb, fax, &MimicReport{Joint: "lead", Multiplier: m, Offset: o}),
						}}
					}
					c := fmt.Sprintf("leader swapped %v reversed %v, follower swapped %v reversed %v", leadSwap, leadDown, followSwap, followDown)
					if d := couplingDiffs(x, y(sf*sl*0.5, sf*0.1)); len(d) != 0 {
						t.Errorf("%s: the coupling in the written senses differs: %v", c, d)
					}
					if d := couplingDiffs(x, y(0.5, 0.1)); (sf != 1 || sl != 1) != (len(d) == 1) {
						t.Errorf("%s: the source's factors unchanged: %v", c, d)
					}
				}
			}
		}
	}
}

// couplingDiffs is the coupling differences between two reports.
func couplingDiffs(a, b *Report) []string {
	var out []string
	for _, d := range Diff(a, b, 1e-9) {
		if d.Quantity == convert.QCoupling {
			out = append(out, d.Message)
		}
	}
	return out
}
