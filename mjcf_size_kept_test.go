package physconv_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestMJCFSizeKept: MJCF's <size> sets MuJoCo's memory and contact
// buffers; MuJoCo 2 drops the contacts past nconmax, and bodies resting
// in the source fall through the floor. MJCF output left it out without
// a word: forty boxes on a floor (MuJoCo 2's default buffer holds a
// hundred contacts) sank 4.9 m in a second. It is written as the source
// gave it now (but MuJoCo 3's memory, which MuJoCo 2 refuses, with a
// diagnostic), and MuJoCo 2.2 holds every box up in the output as in the
// source.
func TestMJCFSizeKept(t *testing.T) {
	var b strings.Builder
	b.WriteString(`<mujoco><size nconmax="500" njmax="2000" nstack="1000000"/><worldbody><geom name="floor" type="plane" size="10 10 0.1"/>`)
	for k := range 40 {
		fmt.Fprintf(&b, `<body name="b%d" pos="%g %g 0.1"><freejoint/><geom type="box" size="0.1 0.1 0.1" mass="1"/></body>`, k, 0.3*float64(k%8), 0.3*float64(k/8))
	}
	b.WriteString(`</worldbody></mujoco>`)
	src := b.String()
	out, res := convertIn(t, all.Registry(), fstest.MapFS{"src.xml": {Data: []byte(src)}}, "src.xml", "mjcf")
	if m := mismatches(res); len(m) > 0 {
		t.Errorf("%v", m)
	}
	if !strings.Contains(string(out.Main), `<size nconmax="500" njmax="2000" nstack="1000000"/>`) {
		t.Errorf("the source's <size> is not written:\n%s", out.Main)
	}
	// MuJoCo 3's memory, which MuJoCo 2 refuses, is left out and said
	mem := strings.Replace(src, `<size `, `<size memory="20M" `, 1)
	out3, res := convertIn(t, all.Registry(), fstest.MapFS{"src.xml": {Data: []byte(mem)}}, "src.xml", "mjcf")
	if !strings.Contains(string(out3.Main), `<size nconmax="500" njmax="2000" nstack="1000000"/>`) {
		t.Errorf("the source's <size> without memory is not written:\n%s", out3.Main)
	}
	said := false
	for _, d := range res.Diagnostics {
		said = said || d.Code == convert.CodeOptionDropped && strings.Contains(d.Message, "memory")
	}
	if !said {
		t.Errorf("no diagnostic says memory is not written: %v", res.Diagnostics)
	}
	testenv.Oracle(t, "mj-inspect")
	dir := t.TempDir()
	for name, data := range map[string]string{"src.xml": src, "out.xml": string(out.Main)} {
		file := filepath.Join(dir, name)
		if err := os.WriteFile(file, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
		at := testenv.MuJoCoBodies(t, file, "--backend", "c", "--steps", "500")
		for k := range 40 {
			if z := at[fmt.Sprint("b", k)].Xpos[2]; z < 0.09 {
				t.Errorf("%s: box %d at height %.3f after 500 steps in MuJoCo 2.2, not resting on the floor", name, k, z)
			}
		}
	}
}
