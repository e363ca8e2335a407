package crosscheck

import (
	"context"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// behaviourModels are MJCF robots whose conversions must move as the
// source does in MuJoCo: joints with ref (the file's pose is the joint at
// qpos = ref) and mechanisms closed by <connect>, tilted so gravity swings
// them (at rest they hang still whatever the joints are).
var behaviourModels = []struct {
	name, xml string
	// routes to check ("" = MJCF→MJCF, "urdf", "khr" = via KHR back to
	// MJCF) and, per route, bodies left out with the reason
	routes map[string]map[string]string
}{
	{"joint ref", `<mujoco model="refs">
  <compiler angle="degree"/>
  <worldbody>
    <body name="arm" pos="0 0 1">
      <joint name="hinge" axis="0 1 0" ref="58" range="50 170"/>
      <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.02" mass="1"/>
      <body name="hand" pos="0.3 0 0">
        <joint name="flipped" axis="0 -1 0" ref="-20" range="-40 10"/>
        <geom type="capsule" fromto="0 0 0 0.2 0 0" size="0.02" mass="0.5"/>
      </body>
    </body>
    <body name="cart" pos="1 0 1">
      <joint name="rail" type="slide" axis="0 0 1" ref="0.1" springref="0.3" stiffness="50" range="-0.2 0.4"/>
      <geom type="box" size="0.05 0.05 0.05" mass="2"/>
    </body>
  </worldbody>
</mujoco>`, map[string]map[string]string{"": nil, "khr": nil,
		"urdf": {"cart": "URDF has no joint spring (dropped with a diagnostic)"}}},
	{"joint ref with a coupling", `<mujoco model="coupled">
  <compiler angle="radian" autolimits="true"/>
  <worldbody>
    <body name="a" pos="0 0 1">
      <joint name="ja" axis="0 1 0" ref="0.5"/>
      <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.02" mass="1"/>
    </body>
    <body name="b" pos="1 0 1" euler="0 0.4 0">
      <joint name="jb" axis="0 1 0" ref="-0.3" range="-1 1"/>
      <geom type="capsule" fromto="0 0 0 0.3 0 0" size="0.02" mass="1"/>
    </body>
  </worldbody>
  <equality><joint joint1="jb" joint2="ja" polycoef="0.1 2 0 0 0"/></equality>
</mujoco>`, map[string]map[string]string{"": nil, "khr": nil}}, // MuJoCo's URDF import ignores <mimic>
	{"four-bar loop", `<mujoco model="fourbar">
  <compiler angle="degree"/>
  <worldbody>
    <body name="base" pos="0 0 1" euler="0 40 0">
      <geom type="box" size="0.15 0.02 0.02" mass="5"/>
      <body name="crank" pos="-0.1 0 0">
        <joint name="crank_hinge" axis="0 1 0" range="-30 30"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.2" size="0.01" mass="1"/>
        <body name="coupler" pos="0 0 -0.2">
          <joint name="coupler_hinge" axis="0 1 0"/>
          <geom type="capsule" fromto="0 0 0 0.2 0 0" size="0.01" mass="1"/>
        </body>
      </body>
      <body name="rocker" pos="0.1 0 0">
        <joint name="rocker_hinge" axis="0 1 0" range="-20 20"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.2" size="0.01" mass="1"/>
      </body>
    </body>
  </worldbody>
  <equality>
    <connect body1="coupler" body2="rocker" anchor="0.2 0 0"/>
  </equality>
</mujoco>`, map[string]map[string]string{"": nil, "khr": nil}},
	{"leg loop with a ball rod", `<mujoco model="leg">
  <compiler angle="degree"/>
  <worldbody>
    <body name="hip" pos="0 0 1" euler="0 35 0">
      <geom type="sphere" size="0.05" mass="5"/>
      <body name="rod" pos="0.05 0 0">
        <joint name="rod_ball" type="ball"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.4" size="0.005" mass="0.1"/>
      </body>
      <body name="knee" pos="0 0 0">
        <joint name="knee_hinge" axis="0 1 0" range="-60 10"/>
        <geom type="capsule" fromto="0 0 0 0 0 -0.2" size="0.02" mass="1"/>
        <body name="shin" pos="0 0 -0.2">
          <joint name="shin_hinge" axis="0 1 0" range="-5 5"/>
          <geom type="capsule" fromto="0 0 0 0 0 -0.2" size="0.02" mass="1"/>
          <body name="tarsus" pos="0 0 -0.2">
            <joint name="tarsus_hinge" axis="0 1 0" range="-30 60"/>
            <geom type="capsule" fromto="0 0 0 0 0 -0.3" size="0.02" mass="1"/>
            <body name="heel" pos="0.05 0 0">
              <joint name="heel_hinge" axis="0 1 0"/>
              <geom type="sphere" size="0.01" mass="0.05"/>
            </body>
          </body>
        </body>
      </body>
    </body>
  </worldbody>
  <equality>
    <connect body1="rod" body2="heel" anchor="0 0 -0.4"/>
  </equality>
</mujoco>`, map[string]map[string]string{"": nil, "khr": nil}},
}

// behaviourSteps and behaviourTol: after 1,000 steps (2 s) every named body
// of the conversion is within 1e-9 m and 1e-9 (unit quaternion components)
// of the source's. The conversion is the same system written with 15+
// significant digits (mass properties explicit, frames composed, ranges
// shifted by ref), so only rounding separates the two runs: measured at
// most 1e-13 over these 2 s. A wrong loop cut, a snapped ref or a lost
// spring moves bodies by centimetres.
const (
	behaviourSteps = 1000
	behaviourTol   = 1e-9
)

// TestMJCFRefAndLoopBehaviour runs each behaviour model and its
// conversions in MuJoCo and compares the bodies' world poses.
func TestMJCFRefAndLoopBehaviour(t *testing.T) {
	reg := all.Registry()
	testenv.Oracle(t, "mj-inspect")
	for _, bm := range behaviourModels {
		t.Run(bm.name, func(t *testing.T) {
			dir := t.TempDir()
			src := filepath.Join(dir, "src.xml")
			if err := os.WriteFile(src, []byte(bm.xml), 0o644); err != nil {
				t.Fatal(err)
			}
			want, ok := inspectJoints(t, src, behaviourSteps)
			if !ok || want.AfterSteps == nil {
				t.Fatal("MuJoCo refuses the source or did not step it")
			}
			for route, skip := range bm.routes {
				ctx := context.Background()
				from, what := src, "MJCF→MJCF"
				out := filepath.Join(dir, "out"+route, "out.xml")
				switch route {
				case "urdf":
					out, what = filepath.Join(dir, "urdf", "out.urdf"), "MJCF→URDF"
				case "khr":
					from, what = filepath.Join(dir, "khr", "mid.gltf"), "MJCF→KHR→MJCF"
					if _, err := physconv.ConvertFile(ctx, reg, src, from, &convert.Options{To: "khr"}); err != nil {
						t.Fatal(err)
					}
				}
				if _, err := physconv.ConvertFile(ctx, reg, from, out, nil); err != nil {
					t.Fatalf("%s: %v", what, err)
				}
				got, ok := inspectJoints(t, out, behaviourSteps)
				if !ok || got.AfterSteps == nil {
					t.Fatalf("%s: MuJoCo refuses the result or did not step it", what)
				}
				poses := map[string]int{}
				for i, b := range got.AfterSteps.Bodies {
					poses[b.Name] = i
				}
				worst := 0.0
				for _, wb := range want.AfterSteps.Bodies {
					if wb.Name == "world" {
						continue
					}
					if why, ok := skip[wb.Name]; ok {
						t.Logf("%s: body %q not compared: %s", what, wb.Name, why)
						continue
					}
					i, ok := poses[wb.Name]
					if !ok {
						t.Errorf("%s: body %q missing", what, wb.Name)
						continue
					}
					gb := got.AfterSteps.Bodies[i]
					dp := gb.XPos.Sub(wb.XPos).Len()
					dq := quatDistance(mjcfQuat(gb.XQuat), mjcfQuat(wb.XQuat))
					worst = math.Max(worst, math.Max(dp, dq))
					if dp > behaviourTol || dq > behaviourTol {
						t.Errorf("%s: body %q after %d steps at %v %v, want %v %v (off by %.3g m, %.3g)",
							what, wb.Name, behaviourSteps, gb.XPos, gb.XQuat, wb.XPos, wb.XQuat, dp, dq)
					}
				}
				t.Logf("%s: largest pose difference after %d steps: %.3g", what, behaviourSteps, worst)
			}
		})
	}
}

// quatDistance is the largest component difference of two unit
// quaternions, sign-normalised (q and −q are one rotation).
func quatDistance(a, b convert.Quat) float64 {
	if a[0]*b[0]+a[1]*b[1]+a[2]*b[2]+a[3]*b[3] < 0 {
		b = convert.Quat{-b[0], -b[1], -b[2], -b[3]}
	}
	d := 0.0
	for k := range a {
		d = math.Max(d, math.Abs(a[k]-b[k]))
	}
	return d
}
