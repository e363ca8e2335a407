package mjcf

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
)

// jointSenseModel is a generated model whose bodies hold several hinges
// and slides in random orders and senses (often left-handed: a Graph frame
// then runs one of them backwards), driven by what measures joints in the
// source's sense: actuators with random gears and a constant bias force,
// a fixed tendon spring over joints of both bodies, a polynomial joint
// equality, joint springs with springref, asymmetric ranges.
func jointSenseModel(seed uint64) string {
	r := rand.New(rand.NewPCG(seed, 29))
	u := func(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }
	axes := [][3]float64{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}
	joints := func(body string, kinds []string) (string, []string) {
		perm := r.Perm(3)
		var b strings.Builder
		var names []string
		for k, kind := range kinds {
			a := axes[perm[k]]
			s := 1.0
			if r.IntN(2) == 0 {
				s = -1
			}
			name := fmt.Sprintf("%s_%s%d", body, kind, k)
			names = append(names, name)
			lo, hi := u(-1.2, -0.2), u(0.3, 1.5)
			fmt.Fprintf(&b, "      <joint name=%q type=%q axis=\"%g %g %g\" limited=\"true\" range=\"%.4f %.4f\" damping=\"0.05\"", name, kind, s*a[0], s*a[1], s*a[2], lo, hi)
			if r.IntN(2) == 0 {
				fmt.Fprintf(&b, " stiffness=\"%.3f\" springref=\"%.3f\"", u(0.5, 3), u(-0.3, 0.3))
			}
			b.WriteString("/>\n")
		}
		return b.String(), names
	}
	j0, n0 := joints("a", []string{"hinge", "hinge", "hinge"})
	j1, n1 := joints("b", []string{"slide", "hinge"})
	all := append(append([]string{}, n0...), n1...)
	pick := func() string { return all[r.IntN(len(all))] }
	var act strings.Builder
	for range 3 {
		fmt.Fprintf(&act, "    <general joint=%q gear=\"%.3f\" biastype=\"affine\" biasprm=\"%.3f 0 0\"/>\n", pick(), u(-3, 3), u(-0.5, 0.5))
	}
	t1, t2 := n0[r.IntN(3)], n1[1]
	e1, e2 := n0[r.IntN(3)], n1[1]
	return fmt.Sprintf(`<mujoco model="sense%d">
  <option timestep="0.002"/>
  <worldbody>
    <body name="a" pos="0 0 1">
%s      <geom type="capsule" fromto="0 0 0 0.3 0.1 0" size="0.04"/>
      <body name="b" pos="0.3 0.1 0">
%s        <geom type="box" size="0.1 0.05 0.03" pos="0.1 0 0"/>
      </body>
    </body>
  </worldbody>
  <tendon>
    <fixed name="t" stiffness="%.3f" springlength="%.3f">
      <joint joint=%q coef="%.3f"/>
      <joint joint=%q coef="%.3f"/>
    </fixed>
  </tendon>
  <equality>
    <joint joint1=%q joint2=%q polycoef="%.3f %.3f %.3f 0 0"/>
  </equality>
  <actuator>
%s  </actuator>
</mujoco>
`, seed, j0, j1, u(1, 5), u(-0.2, 0.2), t1, u(-1, 1), t2, u(-1, 1), e1, e2, u(-0.05, 0.05), u(-0.8, 0.8), u(-0.3, 0.3), act.String())
}

// TestJointSenseKeptThroughMJCF: converted MJCF to MJCF, every generated
// model moves in MuJoCo 2.2.2 as its source does — 300 steps under
// gravity, the bias forces, springs, tendon and equality (sameInMuJoCo) —
// so each gear, tendon coefficient and polynomial coefficient acts on the
// joint it acted on, in the same sense, whichever way the written joint's
// axis points.
func TestJointSenseKeptThroughMJCF(t *testing.T) {
	flipped := 0
	for seed := uint64(1); seed <= 12; seed++ {
		src := jointSenseModel(seed)
		g, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("seed %d: %v\n%s", seed, err, src)
		}
		for _, n := range g.Nodes {
			if n.Joint != nil {
				if s, _ := n.Joint.Extras[extraJointSigns].(map[string]float64); len(s) > 0 {
					flipped++
				}
			}
		}
		sameInMuJoCo(t, fmt.Sprintf("seed %d", seed), src, 300, "--backend", "c")
	}
	if flipped == 0 {
		t.Fatal("no generated joint runs against its Graph axis: the test tests nothing")
	}
}
