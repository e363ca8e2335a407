package physconv_test

import (
	"math"
	"os"
	"path/filepath"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/internal/testenv"
)

// TestMJCFGeomFluidShapeKept: a geom's fluidshape and fluidcoef give it
// MuJoCo's ellipsoid fluid model, which drags and lifts its body through
// the <option> density, viscosity and wind; MJCF output kept the option
// and dropped the geom's attributes without a word (a plate blown 1.8 m
// came out 0.6 m). They are kept with the geom's contact attributes now,
// given on the geom or by its class: MuJoCo moves the output's body as
// the source's.
func TestMJCFGeomFluidShapeKept(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	for name, geom := range map[string]string{
		"own":   `<geom type="box" size="0.3 0.02 0.2" fluidshape="ellipsoid" fluidcoef="0.5 0.25 1.5 1 1"/>`,
		"class": `<geom class="plate" type="box" size="0.3 0.02 0.2"/>`,
	} {
		src := `<mujoco><option density="1.2" viscosity="2e-5" wind="5 0 0"/>` +
			`<default><default class="plate"><geom fluidshape="ellipsoid" fluidcoef="0.4 0.3 1.2 1 0.5"/></default></default>` +
			`<worldbody><body name="b" pos="0 0 1" euler="20 30 0"><freejoint/>` + geom + `</body></worldbody></mujoco>`
		out, res := convertIn(t, reg, fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "mjcf")
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s: %v", name, m)
		}
		testenv.Oracle(t, "mj-inspect")
		srcFile, outFile := filepath.Join(dir, name+"-src.xml"), filepath.Join(dir, name+"-out.xml")
		if err := os.WriteFile(srcFile, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(outFile, out.Main, 0o644); err != nil {
			t.Fatal(err)
		}
		want := testenv.MuJoCoBodies(t, srcFile, "--backend", "c", "--steps", "300")["b"].Xpos
		got := testenv.MuJoCoBodies(t, outFile, "--backend", "c", "--steps", "300")["b"].Xpos
		if d := math.Hypot(math.Hypot(got[0]-want[0], got[1]-want[1]), got[2]-want[2]); d > 1e-6 {
			t.Errorf("%s: the body at %v after 300 steps, the source's at %v", name, got, want)
		}
	}
}
