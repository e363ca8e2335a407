package mjcf

import (
	"reflect"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/lower"
	"github.com/physconv/physconv/khr"
)

// TestSolverSettings: <option> values other than MuJoCo's defaults, and
// flags turned from their default, are named in Graph.SolverSettings;
// MJCF output keeps them (its option section), and a target without
// solver settings drops them with one warning naming each.
func TestSolverSettings(t *testing.T) {
	cases := []struct {
		option string
		want   []string
	}{
		{``, nil},
		{`<option timestep="0.002" integrator="Euler" cone="pyramidal"/>`, nil},
		{`<option timestep="0.01" integrator="RK4"><flag contact="disable" energy="enable"/></option>`,
			[]string{"timestep 0.01", "integrator RK4", "flag contact disable"}},
		{`<option wind="0 0 0" density="1.2"><flag gravity="disable" override="enable"/></option>`,
			[]string{"density 1.2", "flag override enable"}},
	}
	for _, c := range cases {
		src := `<mujoco>` + c.option + `<worldbody><body name="b"><freejoint/><geom size="0.1"/></body></worldbody></mujoco>`
		g, _, err := Parse(&convert.Input{Name: "s.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("%s: %v", c.option, err)
		}
		if !reflect.DeepEqual(g.SolverSettings, c.want) {
			t.Errorf("%s: settings %q, want %q", c.option, g.SolverSettings, c.want)
		}
		_, mdiags := lower.Lower(g, &Capabilities)
		_, kdiags := lower.Lower(g, &khr.Capabilities)
		if mdiags.Has(convert.CodeSolverSettingsDropped) || kdiags.Has(convert.CodeSolverSettingsDropped) != (len(c.want) > 0) {
			t.Errorf("%s: %s to MJCF %v, to KHR %v", c.option, convert.CodeSolverSettingsDropped, mdiags.Has(convert.CodeSolverSettingsDropped), kdiags.Has(convert.CodeSolverSettingsDropped))
		}
	}
}
