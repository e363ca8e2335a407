package mjcf

import (
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/testenv"
)

// TestFlagsBothVersionsRead: MJCF output is read by MuJoCo 2.2 and 3, and
// each refuses the other's simulation flags (2.2 does not know eulerdamp,
// island, spring, damper, nativeccd, midphase, autoreset or invdiscrete;
// 3 no longer knows passive or sensornoise). The source's <flag> was
// written as it was, and 113 humanoid-bench outputs failed to load in
// MuJoCo 2.2. Flags both read are written; the others are dropped, each
// said: a warning (solver-settings-dropped) when the source turned it
// from its default, as the output then moves otherwise (a stiff damped
// pendulum with eulerdamp disabled goes unstable), an info when not; an
// output left with no flag writes none; every output loads in both
// versions.
func TestFlagsBothVersionsRead(t *testing.T) {
	cases := []struct {
		flags   string
		kept    []string // name="value" each, in the written <flag>; none: no <flag>
		dropped []string // dropped flags; those turned from their default with a "!"
	}{
		{`eulerdamp="disable" energy="enable"`, []string{`energy="enable"`}, []string{"eulerdamp!"}},
		{`island="enable" nativeccd="disable" midphase="disable" spring="disable" damper="disable" autoreset="disable" invdiscrete="enable"`, nil,
			[]string{"island", "nativeccd!", "midphase!", "spring!", "damper!", "autoreset!", "invdiscrete!"}},
		{`passive="disable" sensornoise="enable" contact="disable"`, []string{`contact="disable"`}, []string{"passive!", "sensornoise!"}},
		{`eulerdamp="enable" sensornoise="disable"`, nil, []string{"eulerdamp", "sensornoise"}},
		{`constraint="disable" equality="disable" frictionloss="disable" limit="disable" clampctrl="disable" warmstart="disable" filterparent="disable" actuation="disable" refsafe="disable" sensor="disable" override="enable" fwdinv="enable" multiccd="enable"`,
			strings.Fields(`constraint="disable" equality="disable" frictionloss="disable" limit="disable" clampctrl="disable" warmstart="disable" filterparent="disable" actuation="disable" refsafe="disable" sensor="disable" override="enable" fwdinv="enable" multiccd="enable"`), nil},
	}
	for _, c := range cases {
		src := `<mujoco><option timestep="0.004"><flag ` + c.flags + `/></option><worldbody>
  <body name="b" pos="0 0 1"><freejoint/><geom type="sphere" size="0.1"/></body></worldbody></mujoco>`
		out, diags := readWrite(t, src)
		text := string(out.Main)
		flag := ""
		if i := strings.Index(text, "<flag "); i >= 0 {
			flag = text[i : i+strings.Index(text[i:], ">")]
		}
		if len(c.kept) == 0 && flag != "" || len(c.kept) > 0 && len(strings.Fields(flag))-1 != len(c.kept) {
			t.Errorf("flags %s: written %q, want %v", c.flags, flag, c.kept)
		}
		for _, k := range c.kept {
			if !strings.Contains(flag, " "+k) {
				t.Errorf("flags %s: %s not written in %q", c.flags, k, flag)
			}
		}
		for _, name := range c.dropped {
			code := convert.CodeOptionDropped
			if n, turned := strings.CutSuffix(name, "!"); turned {
				name, code = n, convert.CodeSolverSettingsDropped
			}
			said := false
			for _, d := range diags {
				said = said || d.Code == code && strings.Contains(d.Message, "flag "+name+"=")
			}
			if !said {
				t.Errorf("flags %s: %s dropped without %s: %v", c.flags, name, code, diags)
			}
		}
		dir := t.TempDir()
		for _, backend := range [][]string{nil, {"--backend", "c"}} {
			testenv.MuJoCoBodies(t, testenv.WriteFiles(t, dir, "o.xml", out.Main, out.Files), backend...)
		}
	}
}

// TestOptionsBothVersionsReadSaid: an <option> attribute only MuJoCo 3
// reads is dropped as its flags are: a warning when the source set it
// from its default (the output is simulated otherwise), an info when it
// spelled the default.
func TestOptionsBothVersionsReadSaid(t *testing.T) {
	for _, c := range []struct {
		option string
		code   convert.Code
	}{
		{`ls_iterations="10"`, convert.CodeSolverSettingsDropped},
		{`ls_tolerance="0.001"`, convert.CodeSolverSettingsDropped},
		{`ls_iterations="50"`, convert.CodeOptionDropped},
		{`apirate="200"`, convert.CodeOptionDropped},
	} {
		src := `<mujoco><option ` + c.option + `/><worldbody>
  <body name="b" pos="0 0 1"><freejoint/><geom type="sphere" size="0.1"/></body></worldbody></mujoco>`
		out, diags := readWrite(t, src)
		name := strings.SplitN(c.option, "=", 2)[0]
		if strings.Contains(string(out.Main), name+"=") {
			t.Errorf("%s written:\n%s", c.option, out.Main)
		}
		said := false
		for _, d := range diags {
			said = said || d.Code == c.code && strings.Contains(d.Message, "option "+name+"=")
		}
		if !said {
			t.Errorf("%s dropped without %s: %v", c.option, c.code, diags)
		}
	}
}
