package physconv_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// TestActuatorDefaultsShared: MuJoCo keeps one actuator default per
// class, which <general>, <motor>, <position> and <velocity> in a
// <default> all write in turn, and an actuator of any element starts
// from it. The reader kept a default per element, so a class's
// <motor ctrlrange> was lost on its <position> actuators (MuJoCo refused
// the output) and a gear or gain came from the wrong element. Generated
// models of mixed defaults in a main and a child class: written to MJCF,
// each moves in MuJoCo as its source after 200 steps.
func TestActuatorDefaultsShared(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	reg := all.Registry()
	rng := rand.New(rand.NewPCG(5, 11))
	shortcut := func(allowRange bool) string {
		attrs := func(opts ...string) string {
			var b []string
			for _, o := range opts {
				if rng.IntN(2) == 0 {
					b = append(b, o)
				}
			}
			return strings.Join(b, " ")
		}
		ranges := []string{}
		if allowRange {
			ranges = append(ranges, `ctrlrange="-0.7 0.7"`, `ctrlrange="0.2 0.9"`, `forcerange="-2 2"`)
		}
		pick := func() string {
			if len(ranges) == 0 {
				return ""
			}
			return ranges[rng.IntN(len(ranges))]
		}
		switch rng.IntN(4) {
		case 0:
			return "<motor " + attrs(`gear="2"`, pick()) + "/>"
		case 1:
			return "<position " + attrs(fmt.Sprintf(`kp="%d"`, 2+rng.IntN(30)), fmt.Sprintf(`kv="%d"`, rng.IntN(4)), pick()) + "/>"
		case 2:
			return "<velocity " + attrs(fmt.Sprintf(`kv="%d"`, 1+rng.IntN(5)), pick()) + "/>"
		}
		return "<general " + attrs(`gear="3"`, pick(), `biastype="affine"`, fmt.Sprintf(`gainprm="%d"`, 1+rng.IntN(9)), fmt.Sprintf(`biasprm="0 -%d -1"`, 1+rng.IntN(9))) + "/>"
	}
	for c := 0; c < 24; c++ {
		var main, child []string
		for k := 0; k < 1+rng.IntN(3); k++ {
			main = append(main, shortcut(true))
		}
		for k := 0; k < rng.IntN(3); k++ {
			child = append(child, shortcut(true))
		}
		act := shortcut(false)
		class := ""
		if rng.IntN(2) == 0 {
			class = ` class="c"`
		}
		act = strings.Replace(act, "/>", class+` name="a" joint="j"/>`, 1)
		model := fmt.Sprintf(`<mujoco><compiler autolimits="true"/>
<default>%s<default class="c">%s</default></default>
<worldbody><body name="b" pos="0 0 1"><joint name="j" type="hinge" axis="0 1 0" damping="0.1"/>
<geom type="capsule" size="0.05" fromto="0 0 0 0.3 0 0" mass="1"/></body></worldbody>
<actuator>%s</actuator></mujoco>`, strings.Join(main, ""), strings.Join(child, ""), act)
		// one stepped run of each file: it refuses what the plain one
		// would, and MuJoCoBodies then reads the answer it gave
		srcFile := testenv.WriteFiles(t, t.TempDir(), "src.xml", []byte(model), nil)
		if _, code := testenv.RunOracle(t, "mj-inspect", "--steps", "200", "--compact", srcFile); code != 0 {
			continue // a combination MuJoCo itself refuses (a range a damper or servo may not have)
		}
		want := testenv.MuJoCoBodies(t, srcFile, "--steps", "200")["b"].Xquat
		out, res := convertIn(t, reg, fstest.MapFS{"s.xml": {Data: []byte(model)}}, "s.xml", "mjcf")
		for _, d := range mismatches(res) {
			t.Errorf("model %d: %v", c, d)
		}
		outFile := testenv.WriteFiles(t, t.TempDir(), "out.xml", out.Main, out.Files)
		if o, code := testenv.RunOracle(t, "mj-inspect", "--steps", "200", "--compact", outFile); code != 0 {
			t.Errorf("model %d: MuJoCo refuses the output: %s\n%s\n%s", c, o, model, out.Main)
			continue
		}
		got := testenv.MuJoCoBodies(t, outFile, "--steps", "200")["b"].Xquat
		if a, b := 2*math.Atan2(got[2], got[0]), 2*math.Atan2(want[2], want[0]); math.Abs(a-b) > 1e-6 {
			t.Errorf("model %d: hinge at %.6f rad after 200 steps, source at %.6f\n%s\n%s", c, a, b, model, out.Main)
		}
	}
}
