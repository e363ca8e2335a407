package crosscheck

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// ropeXML is a ball hanging from a world site by a spatial tendon of the
// given maximum length; it starts 0.05 m above where the rope holds it.
func ropeXML(length float64) string {
	return fmt.Sprintf(`<mujoco model="rope">
  <worldbody>
    <site name="anchor" pos="0 0 2"/>
    <body name="ball" pos="0 0 %g">
      <freejoint/>
      <geom type="sphere" size="0.05" mass="1"/>
      <site name="hook" pos="0 0 0.05"/>
    </body>
  </worldbody>
  <tendon>
    <spatial name="rope" limited="true" range="0 %g">
      <site site="anchor"/>
      <site site="hook"/>
    </spatial>
  </tendon>
</mujoco>`, 2-0.05-length+0.05, length)
}

// A ball on a rope hangs where the rope holds it in MuJoCo after MJCF →
// MJCF and after MJCF → KHR → MJCF (the rope a distance-limit joint in
// between), as in the source; without the rope it would fall.
func TestRopeHangsAfterConversion(t *testing.T) {
	testenv.Oracle(t, "mj-inspect")
	for _, length := range []float64{0.5, 0.8, 1.2} {
		t.Run(fmt.Sprint(length), func(t *testing.T) {
			dir := t.TempDir()
			src := filepath.Join(dir, "rope.xml")
			if err := os.WriteFile(src, []byte(ropeXML(length)), 0o644); err != nil {
				t.Fatal(err)
			}
			conv := func(in, out, to string) string {
				p := filepath.Join(dir, out)
				if _, err := physconv.ConvertFile(context.Background(), all.Registry(), in, p, &convert.Options{To: to}); err != nil {
					t.Fatalf("convert %s → %s: %v", in, out, err)
				}
				return p
			}
			mj := conv(src, "mj.xml", "mjcf")
			khr := conv(src, "rope.gltf", "khr")
			back := conv(khr, "back.xml", "mjcf")
			want := 2 - length - 0.05 // anchor − rope − hook offset
			z := func(file string) float64 {
				m := mjcfInspect(t, "--steps", "2000", file)
				if m.AfterSteps == nil || len(m.AfterSteps.QPos) < 3 {
					t.Fatalf("%s: no state after stepping", file)
				}
				v, _ := m.AfterSteps.QPos[2].(float64)
				return v
			}
			zs := z(src)
			if math.Abs(zs-want) > 0.005 {
				t.Fatalf("source ball at z = %v, want about %v (the test model is wrong)", zs, want)
			}
			for _, f := range []string{mj, back} {
				if got := z(f); math.Abs(got-zs) > 1e-6 {
					t.Errorf("%s: ball at z = %v after 4 s, source at %v", filepath.Base(f), got, zs)
				}
			}
		})
	}
}
