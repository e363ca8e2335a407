package physconv_test

import (
	"context"
	"fmt"
	"math"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestURDFInvertedLimitInMuJoCo: a URDF joint whose lower bound is above
// its upper one (Bullet's sample pendulums) swings freely in MuJoCo's own
// import of the file, and in Bullet; physconv swapped the bounds, and the
// pendulum of its MJCF output stopped at 1 rad where the source's swung
// past 2.5. Both the revolute and the prismatic joint now move in the
// output as in MuJoCo's import of the URDF.
func TestURDFInvertedLimitInMuJoCo(t *testing.T) {
	reg := all.Registry()
	for _, c := range []struct{ typ, axis, origin string }{
		{"revolute", "0 1 0", `xyz="0 0 2"`},
		{"prismatic", "0 0 1", `xyz="0 0 2" rpy="0 0.6 0"`},
	} {
		src := fmt.Sprintf(`<robot name="pendulum">
  <link name="base"/>
  <link name="bob">
    <inertial><origin xyz="0.5 0 0"/><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>
  </link>
  <joint name="swing" type="%s"><parent link="base"/><child link="bob"/><origin %s/><axis xyz="%s"/>
    <limit lower="1" upper="0" effort="0" velocity="100"/></joint>
</robot>`, c.typ, c.origin, c.axis)
		opts := &convert.Options{From: "urdf", To: "mjcf", OutputName: "p.xml"}
		opts.SetOption("base", "fixed") // as MuJoCo imports a URDF
		out, res, err := physconv.ConvertBytes(context.Background(), reg, &convert.Input{Name: "p.urdf", Data: []byte(src), Options: opts})
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Diagnostics.OfCode(convert.CodeLimitInverted)) != 1 || res.Diagnostics.Has(convert.CodeVerifyMismatch) {
			t.Errorf("%s: %v", c.typ, res.Diagnostics)
		}
		testenv.Oracle(t, "mj-inspect")
		dir := t.TempDir()
		steps := []string{"--backend", "c", "--steps", "300"}
		want := testenv.MuJoCoBodies(t, testenv.WriteFiles(t, dir, "p.urdf", []byte(src), nil), steps...)["bob"]
		got := testenv.MuJoCoBodies(t, testenv.WriteFiles(t, dir, "p.xml", out.Main, out.Files), steps...)["bob"]
		// the bob's frame moves along the slider, turns about the hinge
		moved := convert.Vec3(want.Xpos).Sub(convert.Vec3{0, 0, 2}).Len() + 2*math.Acos(min(1, math.Abs(want.Xquat[0])))
		d := convert.Vec3(want.Xpos).Sub(convert.Vec3(got.Xpos)).Len()
		for k := range 4 {
			d += math.Abs(want.Xquat[k] - got.Xquat[k])
		}
		if d > 1e-6 || math.IsNaN(d) || moved < 0.5 {
			t.Errorf("%s: bob after 300 steps at %v %v in the output, %v %v in MuJoCo's import of the URDF", c.typ, got.Xpos, got.Xquat, want.Xpos, want.Xquat)
		}
	}
}
