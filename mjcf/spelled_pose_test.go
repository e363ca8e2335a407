package mjcf

import (
	"fmt"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// TestSpellingsKeptThroughMJCF: MJCF written from an MJCF source spells
// a body's or geom's quat, a joint's axis and a mesh file as the source
// did, where they are unchanged: MuJoCo normalises a quat and an axis
// itself, and reads a mesh file scaled in double precision, so the
// engine builds the very model it built from the source. A normalised
// quat or axis written back differed in the last bit, and a scaled mesh
// re-encoded as single-precision STL by 1e-8, which a chaotic model grew
// to micrometres within a few hundred steps. On 8 generated models of
// unnormalised quats, axes not of unit length and scaled meshes.
func TestSpellingsKeptThroughMJCF(t *testing.T) {
	nums := func(v ...float64) string {
		s := make([]string, len(v))
		for i, x := range v {
			s[i] = strconv.FormatFloat(x, 'g', -1, 64)
		}
		return strings.Join(s, " ")
	}
	r := rand.New(rand.NewPCG(3, 9))
	u := func() float64 { return r.Float64()*2 - 1 }
	for k := range 8 {
		q := nums(1+r.Float64(), u(), u(), u())
		gq := nums(u(), 1+r.Float64(), u(), u())
		axis := nums(1+r.Float64(), u(), u())
		scale := nums(0.5+r.Float64(), 0.5+r.Float64(), 0.5+r.Float64())
		src := fmt.Sprintf(`<mujoco>
  <asset><mesh name="tet" file="tet.stl" scale="%s"/></asset>
  <worldbody>
    <geom type="plane" size="3 3 0.1"/>
    <body name="b" pos="0 0 1" quat="%s"><freejoint/>
      <geom type="box" size="0.1 0.2 0.05" quat="%s"/>
      <body name="c" pos="0.2 0 0"><joint name="j" axis="%s"/><geom type="mesh" mesh="tet"/></body>
    </body>
  </worldbody>
</mujoco>`, scale, q, gq, axis)
		fsys := fstest.MapFS{"tet.stl": {Data: tetraSTL()}}
		g, _, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), FS: fsys, Dir: ".", Options: &convert.Options{}})
		if err != nil {
			t.Fatal(err)
		}
		out, _, err := Emit(g, &convert.Options{})
		if err != nil {
			t.Fatal(err)
		}
		for _, want := range []string{`quat="` + q + `"`, `quat="` + gq + `"`, `axis="` + axis + `"`, `scale="` + scale + `"`} {
			if !strings.Contains(string(out.Main), want) {
				t.Errorf("model %d: output lacks %s:\n%s", k, want, out.Main)
			}
		}
		if len(out.Files) != 1 {
			t.Errorf("model %d: files %v", k, len(out.Files))
		}
		for _, data := range out.Files {
			if string(data) != string(tetraSTL()) {
				t.Errorf("model %d: the mesh file was written again", k)
			}
		}
	}
}
