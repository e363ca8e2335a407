package mjcf

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestHFieldSizeAndNameKept: MJCF to MJCF, a height field keeps its name
// (a program that fills a terrain in at run time finds it by name), its
// height scale and its base depth, flat or not: 20 generated fields, each
// written with the source's size, and MuJoCo 3.3.8 loads every output.
func TestHFieldSizeAndNameKept(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 41))
	sizeRe := regexp.MustCompile(`<hfield name="([^"]*)"[^>]* size="([^"]*)"`)
	for seed := range 20 {
		size := fmt.Sprintf("%g %g %g %g", float64(1+r.IntN(40))/4, float64(1+r.IntN(40))/4, float64(1+r.IntN(40))/8, float64(1+r.IntN(16))/32)
		data := ""
		if seed%2 == 1 { // a terrain with its elevation; otherwise flat, to be filled in
			var v []string
			for range 9 {
				v = append(v, fmt.Sprint(float64(r.IntN(9))/8))
			}
			v[r.IntN(9)], v[r.IntN(9)] = "0", "1"
			data = ` elevation="` + strings.Join(v, " ") + `"`
		}
		name := fmt.Sprintf("terrain%d", seed)
		src := fmt.Sprintf(`<mujoco><asset><hfield name=%q nrow="3" ncol="3" size=%q%s/></asset><worldbody><geom type="hfield" hfield=%q/></worldbody></mujoco>`, name, size, data, name)
		g, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		m := sizeRe.FindStringSubmatch(string(out.Main))
		if m == nil || m[1] != name || m[2] != size {
			t.Errorf("seed %d: hfield %q size %q written as %q\n%s", seed, name, size, m, out.Main)
			continue
		}
		if out, code := testenv.RunOracle(t, "mj-inspect", "--compact", testenv.WriteFiles(t, t.TempDir(), "o.xml", out.Main, nil)); code != 0 {
			t.Errorf("seed %d: MuJoCo refuses the output: %s", seed, out)
		}
	}
}
