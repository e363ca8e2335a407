package crosscheck

import (
	"math"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// globalModels are models in MuJoCo 1.x global coordinates, which MuJoCo
// up to 2.3.3 compiles and MuJoCo 3 refuses: a planar hopper (three root
// joints on the torso, capsules by fromto, body frames placed apart from
// their geoms as such files place them) and an arm of turned bodies with
// a box, an inertial and hinges about oblique axes.
var globalModels = map[string]string{
	"hopper.xml": `<mujoco model="hop">
  <compiler angle="degree" coordinate="global" inertiafromgeom="true"/>
  <default><joint armature="1" damping="1" limited="true"/></default>
  <worldbody>
    <geom type="plane" size="20 20 0.1"/>
    <body name="torso" pos="0 0 1.3">
      <joint name="rootx" type="slide" axis="1 0 0" pos="0 0 0" limited="false" armature="0" damping="0"/>
      <joint name="rootz" type="slide" axis="0 0 1" pos="0 0 0" limited="false" armature="0" damping="0" ref="1.3"/>
      <joint name="rooty" type="hinge" axis="0 1 0" pos="0 0 1.3" limited="false" armature="0" damping="0"/>
      <geom type="capsule" size="0.05" fromto="0 0 1.5 0 0 1.1"/>
      <body name="thigh" pos="0 0 1.1">
        <joint name="hip" axis="0 -1 0" pos="0 0 1.1" range="-150 0"/>
        <geom type="capsule" size="0.05" fromto="0 0 1.1 0 0 0.6"/>
        <body name="leg" pos="0 0 0.35">
          <joint name="knee" axis="0 -1 0" pos="0 0 0.6" range="-150 0"/>
          <geom type="capsule" size="0.04" fromto="0 0 0.6 0 0 0.1"/>
          <body name="foot" pos="0.13 0 0">
            <joint name="ankle" axis="0 -1 0" pos="0 0 0.1" range="-45 45"/>
            <geom type="capsule" size="0.06" fromto="-0.13 0 0.1 0.26 0 0.1"/>
          </body>
        </body>
      </body>
    </body>
  </worldbody>
</mujoco>
`,
	"arm.xml": `<mujoco model="arm">
  <compiler angle="radian" coordinate="global"/>
  <worldbody>
    <body name="base" pos="0.2 0.1 1" euler="0.3 0 0.2">
      <joint name="shoulder" type="hinge" pos="0.2 0.1 1" axis="0.6 0 0.8"/>
      <geom type="box" size="0.1 0.05 0.2" pos="0.2 0.1 0.8" euler="0.3 0 0.2"/>
      <body name="fore" pos="0.25 0.12 0.55" quat="0.9 0.1 0.3 0">
        <joint name="elbow" type="hinge" pos="0.25 0.12 0.6" axis="0 1 0.2"/>
        <inertial pos="0.27 0.1 0.4" quat="1 0 0.2 0" mass="0.7" diaginertia="0.01 0.02 0.025"/>
        <geom type="capsule" size="0.03" fromto="0.25 0.12 0.6 0.3 0.1 0.2"/>
      </body>
    </body>
  </worldbody>
</mujoco>
`,
}

// TestGlobalCoordinatesInMuJoCo: MuJoCo 2.2 compiles a global-coordinate
// model and the MJCF physconv writes from it (in local coordinates) to
// the same bodies (world poses and masses to 1e-9), and moves them alike
// for 300 steps under gravity: to 1e-9 m for the arm, to 1e-4 m for the
// hopper, whose three root joints in one body are written as a chain
// through massless links (joint-stack-split), an equivalent but not
// identical formulation (3e-6 m apart after the steps). MuJoCo 3, which
// refuses the source, loads the output and moves it as MuJoCo 2.2 does.
func TestGlobalCoordinatesInMuJoCo(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	for name, text := range globalModels {
		src := writtenSource(t, name, text)
		out := filepath.Join(filepath.Dir(src), "local_"+name)
		res := convertedFile(t, src, out)
		if !res.Diagnostics.Has(convert.CodeGlobalCoordinates) {
			t.Errorf("%s: the conversion is not reported", name)
		}
		want := mjcfInspect(t, "--backend", "c", "--steps", "300", src)
		got := mjcfInspect(t, "--backend", "c", "--steps", "300", out)
		got3 := mjcfInspect(t, "--steps", "300", out)
		tol := 1e-9
		if name == "hopper.xml" {
			tol = 1e-4
		}
		for _, wb := range want.Bodies {
			for _, gb := range got.Bodies {
				if gb.Name != wb.Name {
					continue
				}
				if math.Abs(gb.Mass-wb.Mass) > 1e-9*math.Max(1, wb.Mass) || gb.XIPos.Sub(wb.XIPos).Len() > 1e-9 {
					t.Errorf("%s: body %s compiles to mass %v at %v, the source's %v at %v", name, wb.Name, gb.Mass, gb.XIPos, wb.Mass, wb.XIPos)
				}
			}
			if wb.Name == "world" {
				continue
			}
			w := afterSteps(t, want, wb.Name)
			for _, m := range []mjcfModel{got, got3} {
				if g := afterSteps(t, m, wb.Name); g.Sub(w).Len() > tol {
					t.Errorf("%s: after 300 steps body %s is at %v, the source's at %v", name, wb.Name, g, w)
				}
			}
		}
	}
}
