package physconv_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
)

// TestURDFLiteralSubstitutions: a URDF generated for Gazebo often keeps
// ${ns}, $(arg topic) or ${HOME} in a plugin's parameters, which its
// launch fills in. Such a robot, without the xacro namespace or a xacro
// tag, was taken for an unexpanded xacro file and refused (name 'ns' is
// not defined), where urdfdom and MuJoCo read it. A robot xacro cannot
// expand is read as plain URDF now, its substitutions as written, and
// said so (xacro-literal); one xacro can expand still is expanded (a
// ${pi/2} in an angle), one with the xacro namespace still fails as xacro
// fails, and so does one whose substitution is in a number URDF cannot
// read. MuJoCo moves the MJCF output as it moves the URDF.
func TestURDFLiteralSubstitutions(t *testing.T) {
	reg := all.Registry()
	robot := func(ns, rpy, plugin string) string {
		return `<?xml version="1.0"?><robot name="r"` + ns + `><link name="world"/><joint name="w" type="fixed"><parent link="world"/><child link="base"/></joint><link name="base"><inertial><mass value="1"/><inertia ixx="0.01" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial></link>` +
			`<link name="arm"><inertial><origin xyz="0.2 0 0"/><mass value="0.5"/><inertia ixx="0.001" ixy="0" ixz="0" iyy="0.01" iyz="0" izz="0.01"/></inertial>` +
			`<collision><origin xyz="0.2 0 0"/><geometry><box size="0.4 0.05 0.05"/></geometry></collision></link>` +
			`<joint name="j" type="continuous"><parent link="base"/><child link="arm"/><origin xyz="0 0 1" rpy="` + rpy + `"/><axis xyz="0 1 0"/></joint>` +
			`<gazebo><plugin name="p" filename="libp.so">` + plugin + `</plugin></gazebo></robot>`
	}
	const ns = ` xmlns:xacro="http://www.ros.org/wiki/xacro"`
	for _, c := range []struct {
		name    string
		src     string
		literal bool   // read as plain URDF, said so
		err     string // the refusal, when refused
	}{
		{"plugin namespace", robot("", "0 0 0", `<robotNamespace>${ns}</robotNamespace>`), true, ""},
		{"launch argument", robot("", "0 0 0", `<topic>$(arg topic)</topic>`), true, ""},
		{"environment", robot("", "0 0 0", `<path>${HOME}/x</path>`), true, ""},
		{"expandable", robot("", "${pi/2} 0 0", ``), false, ""},
		{"xacro namespace", robot(ns, "0 0 0", `<robotNamespace>${ns}</robotNamespace>`), false, "name 'ns' is not defined"},
		{"in a number", robot("", "${tilt} 0 0", ``), false, "name 'tilt' is not defined"},
	} {
		fsys := fstest.MapFS{"r.urdf": {Data: []byte(c.src)}}
		in, err := physconv.NewInput(fsys, "r.urdf", &convert.Options{To: "mjcf", OutputName: "out.xml"})
		if err != nil {
			t.Fatal(err)
		}
		out, res, err := physconv.ConvertBytes(context.Background(), reg, in)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("%s: error %v, want one saying %q", c.name, err, c.err)
			}
			continue
		}
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if got := res.Diagnostics.Has(convert.CodeXacroLiteral); got != c.literal {
			t.Errorf("%s: xacro-literal said %v, want %v: %v", c.name, got, c.literal, res.Diagnostics)
		}
		if m := mismatches(res); len(m) > 0 {
			t.Errorf("%s: %v", c.name, m)
		}
		if c.name == "expandable" {
			continue // MuJoCo's URDF import reads no ${…}
		}
		dir := t.TempDir()
		want := stepped(t, dir, "r.urdf", []byte(c.src), nil, 300, "--backend", "c")
		got := stepped(t, dir, "out.xml", out.Main, nil, 300, "--backend", "c")
		if d := apart(got["arm"].COM(), want["arm"].COM()); d > 1e-6 {
			t.Errorf("%s: the arm is %.3g m from MuJoCo's own import of the URDF after 300 steps", c.name, d)
		}
	}
}
