package physconv_test

import (
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestTendonLimitSoftness: a tendon's solreflimit and solimplimit make
// its limit soft (a ball on a 1 m tendon sags 0.28 m further than on a
// stiff one). MJCF output keeps them, given on the tendon or by its
// class, and MuJoCo moves the output's ball as the source's; a target
// that writes the tendon as a distance joint says it loses them.
func TestTendonLimitSoftness(t *testing.T) {
	reg := all.Registry()
	dir := t.TempDir()
	for name, tendon := range map[string]string{
		"own":   `<spatial limited="true" range="0.99 1.01" solreflimit="0.2 1" solimplimit="0.5 0.9 0.01" solreffriction="0.05 1">`,
		"class": `<spatial class="soft" limited="true" range="0.99 1.01">`,
	} {
		src := `<mujoco><default><default class="soft"><tendon solreflimit="0.2 1" solimplimit="0.5 0.9 0.01"/></default></default>` +
			`<worldbody><site name="a"/><body name="ball" pos="1 0 0"><site name="b"/><freejoint/><geom size=".01"/></body></worldbody>` +
			`<tendon>` + tendon + `<site site="a"/><site site="b"/></spatial></tendon></mujoco>`
		fsys := fstest.MapFS{"src.xml": {Data: []byte(src)}}
		out, res := convertIn(t, reg, fsys, "src.xml", "mjcf")
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s: %v", name, m)
		}
		_, khrRes := convertIn(t, reg, fsys, "src.xml", "khr")
		said := false
		for _, d := range khrRes.Diagnostics {
			said = said || d.Severity >= convert.Warning && strings.Contains(d.Message, "solreflimit")
		}
		if !said {
			t.Errorf("%s: the KHR output's distance joint loses the limit's softness without a warning", name)
		}
		want := stepped(t, dir, name+"-src.xml", []byte(src), nil, 300, "--backend", "c")["ball"].Xpos
		got := stepped(t, dir, name+"-out.xml", out.Main, nil, 300, "--backend", "c")["ball"].Xpos
		if d := apart(got, want); d > 1e-6 {
			t.Errorf("%s: the ball at %v after 300 steps, the source's at %v", name, got, want)
		}
	}
}
