package mjcf

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TestMasslessInertialFrame: MuJoCo weighs the equality constraints and
// contacts at a body (body_invweight0) at its inertial frame, which for a
// massless body without <inertial> it puts at the body's pos and quat
// (a site-only gripper frame welded to a mocap target, a body whose only
// geom is outside inertiagrouprange). MJCF output of such a body puts
// its inertial frame there, and keeps an explicit one where the file
// put it: 12 generated arms (a massless tip at a random pose, welded or
// connected to a mocap target, soft or stiff) move in MuJoCo 3.3 and 2.2
// as their sources do after 200 steps.
func TestMasslessInertialFrame(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 8))
	num := func(lo, hi float64) float64 { return lo + (hi-lo)*r.Float64() }
	for i := range 12 {
		tipPos := fmt.Sprintf("%.3f %.3f %.3f", num(0.2, 0.4), num(-0.1, 0.1), num(-0.1, 0.1))
		tipQuat := fmt.Sprintf("%.3f %.3f %.3f %.3f", num(0.5, 1), num(-0.5, 0.5), num(-0.5, 0.5), num(-0.5, 0.5))
		tip := []string{
			`<site name="s" size="0.01"/>`,
			`<geom type="sphere" size="0.03" group="4"/>`,
			fmt.Sprintf(`<inertial pos="%.3f 0 %.3f" mass="0" diaginertia="0 0 0"/><site name="s" size="0.01"/>`, num(-0.1, 0.1), num(-0.1, 0.1)),
		}[i%3]
		eq := []string{
			`<weld body1="target" body2="tip" solref="0.2 1"/>`,
			`<connect body1="target" body2="tip" anchor="0 0 0" solref="0.1 1"/>`,
		}[i/3%2]
		src := fmt.Sprintf(`<mujoco>
  <compiler inertiagrouprange="0 3"/>
  <worldbody>
    <body name="target" mocap="true" pos="%.3f 0 %.3f"/>
    <body name="arm" pos="0 0 1">
      <joint name="j1" type="hinge" axis="0 1 0" damping="1"/>
      <joint name="j2" type="hinge" axis="0 0 1" damping="1"/>
      <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.02"/>
      <body name="tip" pos="%s" quat="%s">%s</body>
    </body>
  </worldbody>
  <equality>%s</equality>
</mujoco>`, num(0.2, 0.5), num(0.8, 1.2), tipPos, tipQuat, tip, eq)
		what := fmt.Sprintf("arm %d", i)
		sameInMuJoCo(t, what, src, 200)
		sameInMuJoCo(t, what+" (MuJoCo 2.2)", src, 200, "--backend", "c")
	}
}
