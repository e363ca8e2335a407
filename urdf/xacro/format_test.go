package xacro

import (
	"errors"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

const xacroNS = `xmlns:xacro="http://www.ros.org/wiki/xacro"`

// xacroLib is an included macro file: line numbers below matter.
const xacroLib = `<robot ` + xacroNS + `>
  <xacro:macro name="inner" params="n">
    <link name="${n}">
      <inertial><mass value="${undefined_mass}"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
    </link>
  </xacro:macro>
  <xacro:macro name="outer" params="n">
    <xacro:inner n="${n}_in"/>
  </xacro:macro>
  <xacro:macro name="heavy" params="n m">
    <link name="${n}">
      <inertial><mass value="${m}"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>
    </link>
  </xacro:macro>
</robot>
`

func parseXacroString(t *testing.T, src string, files map[string]string) (*convert.Graph, error) {
	t.Helper()
	fsys := fstest.MapFS{"robots/robot.urdf.xacro": {Data: []byte(src)}, "robots/lib.xacro": {Data: []byte(xacroLib)}}
	for k, v := range files {
		fsys[k] = &fstest.MapFile{Data: []byte(v)}
	}
	g, _, err := Parse(&convert.Input{Name: "robots/robot.urdf.xacro", Data: []byte(src), FS: fsys, Dir: "robots", Options: &convert.Options{}})
	return g, err
}

// TestXacroErrors: malformed xacro fails with the xacro file and line
// (of an included file when the fault is there) and the macro call chain.
func TestXacroErrors(t *testing.T) {
	head := `<robot name="r" ` + xacroNS + `>
  <xacro:include filename="lib.xacro"/>
`
	cases := []struct {
		name, src string
		files     map[string]string
		file      string
		line      int
		msg       []string
	}{
		{"undefined in nested macro", head + `  <link name="base"/>
  <xacro:outer n="a"/>
</robot>`, nil, "robots/lib.xacro", 4, []string{"name 'undefined_mass' is not defined", `in macro "inner" called at robots/lib.xacro:8`, `in macro "outer" called at robots/robot.urdf.xacro:4`}},
		{"unknown macro", head + `
  <xacro:nothing/>
</robot>`, nil, "robots/robot.urdf.xacro", 4, []string{"unknown macro name: xacro:nothing"}},
		{"bad expression", `<robot name="r" ` + xacroNS + `>
  <link name="${1 +}"/>
</robot>`, nil, "robots/robot.urdf.xacro", 2, []string{"invalid syntax", "when evaluating expression '1 +'"}},
		{"missing arg", `<robot name="$(arg robot_name)" ` + xacroNS + `>
</robot>`, nil, "robots/robot.urdf.xacro", 1, []string{"undefined substitution argument robot_name"}},
		{"XML error in include", head + `  <xacro:include filename="bad.xacro"/>
</robot>`, map[string]string{"robots/bad.xacro": "<robot>\n\n  <link>\n</robot>\n"}, "robots/bad.xacro", 4, []string{"malformed XML"}},
		{"include cycle", head + `  <xacro:include filename="loop.xacro"/>
</robot>`, map[string]string{"robots/loop.xacro": "<robot " + xacroNS + ">\n  <xacro:include filename=\"robot.urdf.xacro\"/>\n</robot>\n"}, "robots/loop.xacro", 2, []string{"include cycle"}},
		{"missing include", head + `  <xacro:include filename="gone.xacro"/>
</robot>`, nil, "robots/robot.urdf.xacro", 3, []string{"cannot read", "gone.xacro"}},
		{"missing package", `<robot name="r" ` + xacroNS + `>
  <xacro:include filename="$(find no_such_pkg)/x.xacro"/>
</robot>`, nil, "robots/robot.urdf.xacro", 2, []string{`$(find no_such_pkg)`, `ROS package "no_such_pkg" not found`, "looked in"}},
		{"escape above the root", `<robot name="r" ` + xacroNS + `>
  <xacro:include filename="../../outside.xacro"/>
</robot>`, nil, "robots/robot.urdf.xacro", 2, []string{"climbs above the root folder"}},
		{"recursion", `<robot name="r" ` + xacroNS + `>
  <xacro:macro name="loop"><xacro:loop/></xacro:macro>
  <xacro:loop/>
</robot>`, nil, "robots/robot.urdf.xacro", 2, []string{"nested deeper than", `in macro "loop" called at robots/robot.urdf.xacro:3`}},
		{"macro library", `<robot name="r" ` + xacroNS + `>
  <xacro:macro name="m"><link name="a"/></xacro:macro>
</robot>`, nil, "", 1, []string{"defines 1 macro(s) and is meant to be included"}},
		// URDF faults found after expansion point at the xacro source.
		{"URDF fault in macro", head + `  <xacro:heavy n="base" m="heavy"/>
</robot>`, nil, "robots/lib.xacro", 12, []string{`<mass value="heavy">: not a finite number`}},
		{"URDF fault in root", `<robot name="r" ` + xacroNS + `>
  <xacro:property name="p" value="nowhere"/>
  <link name="a"/>

  <joint name="j" type="fixed"><parent link="a"/><child link="${p}"/></joint>
</robot>`, nil, "robots/robot.urdf.xacro", 5, []string{`joint "j" names unknown link "nowhere"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := parseXacroString(t, c.src, c.files)
			var fe *convert.FormatError
			if !errors.As(err, &fe) {
				t.Fatalf("error %v (%T), want a FormatError", err, err)
			}
			if fe.File != c.file || fe.Line != c.line {
				t.Errorf("at %s:%d, want %s:%d (%v)", fe.File, fe.Line, c.file, c.line, err)
			}
			for _, m := range c.msg {
				if !strings.Contains(fe.Msg, m) {
					t.Errorf("message %q lacks %q", fe.Msg, m)
				}
			}
		})
	}
}

// TestXacroParse: a xacro robot reads as the URDF it expands to; args
// given in the options override <xacro:arg> defaults.
func TestXacroParse(t *testing.T) {
	src := `<robot name="r" ` + xacroNS + `>
  <xacro:arg name="name" default="dflt"/>
  <xacro:arg name="m" default="2"/>
  <xacro:include filename="lib.xacro"/>
  <xacro:heavy n="$(arg name)" m="${3 * $(arg m)}"/>
</robot>`
	fsys := fstest.MapFS{"robots/lib.xacro": {Data: []byte(xacroLib)}}
	for _, c := range []struct {
		args map[string]string
		mass float64
		name string
	}{{nil, 6, "dflt"}, {map[string]string{"m": "0.5", "name": "given"}, 1.5, "given"}} {
		g, _, err := Parse(&convert.Input{Name: "robots/robot.urdf.xacro", Data: []byte(src), FS: fsys, Dir: "robots", Options: (&convert.Options{}).WithPairs(ArgOption, c.args)})
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, n := range g.Nodes {
			if n.Motion != nil && n.Motion.Mass != nil {
				found = true
				if n.Name != c.name {
					t.Errorf("body %q, want %q", n.Name, c.name)
				}
				if *n.Motion.Mass != c.mass {
					t.Errorf("mass %v, want %v", *n.Motion.Mass, c.mass)
				}
			}
		}
		if !found {
			t.Error("no body with a mass")
		}
	}
}

// TestSniffXacro: xacro content is recognised by its namespace or tags,
// plain URDF is not.
func TestSniffXacro(t *testing.T) {
	for in, want := range map[string]bool{
		`<robot name="r" ` + xacroNS + `>`:     true,
		`<robot><xacro:include filename="x"/>`: true,
		`<robot name="r"><link name="a"/>`:     false,
		`<robot name="${n}"><link name="a"/>`:  true,
		`<mujoco model="$(x)">`:                false,
	} {
		if got := Sniff([]byte(in)); got != want {
			t.Errorf("Sniff(%q) = %v, want %v", in, got, want)
		}
	}
}

// TestXacroWarningDiagnostic: xacro.warning() becomes a diagnostic at the
// line of the element whose text called it.
func TestXacroWarningDiagnostic(t *testing.T) {
	src := `<robot name="r" ` + xacroNS + `>
  <link name="a"/>
  <xacro:unless value="${'b' in 'abc'}">never</xacro:unless>
  <xacro:if value="true">${xacro.warning('no inertia for', 'a')}</xacro:if>
</robot>`
	_, diags, err := Parse(&convert.Input{Name: "r.urdf.xacro", Data: []byte(src), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, d := range diags {
		if d.Code == "xacro-warning" {
			found = true
			if d.Message != "no inertia for a" || d.Line != 4 || d.File != "r.urdf.xacro" || d.Severity != convert.Warning {
				t.Errorf("diagnostic %+v, want the warning at r.urdf.xacro:4", d)
			}
		}
	}
	if !found {
		t.Error("no xacro-warning diagnostic")
	}
}

// TestXacroResolveNotes: what resolving an expanded robot's mesh
// references guesses is reported as for a URDF, each form once: a
// package:/// path with no package name, a package found by the end of
// its path, a package read as the folder beside the robot.
func TestXacroResolveNotes(t *testing.T) {
	const stl = "solid t\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1 0\nendloop\nendfacet\nfacet normal 0 0 -1\nouter loop\nvertex 0 0 0\nvertex 0 1 0\nvertex 0 0 1\nendloop\nendfacet\nfacet normal 0 -1 0\nouter loop\nvertex 0 0 0\nvertex 0 0 1\nvertex 1 0 0\nendloop\nendfacet\nfacet normal 1 1 1\nouter loop\nvertex 1 0 0\nvertex 0 0 1\nvertex 0 1 0\nendloop\nendfacet\nendsolid t\n"
	for _, c := range []struct {
		name, ref string
		code      convert.Code
	}{
		{"no package name", "package:///robot_pkg/meshes/m.stl", convert.CodePackageGuessed},
		{"found by the end of its path", "package://other_name/meshes/m.stl", convert.CodePackageGuessed},
		{"a folder beside the robot", "package://meshes/m.stl", convert.CodePackageAsFolder},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := `<robot name="r" ` + xacroNS + `>
  <xacro:property name="m" value="2"/>
  <link name="a"><inertial><mass value="${m}"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><mesh filename="` + c.ref + `"/></geometry></collision>
    <collision><origin xyz="1 0 0"/><geometry><mesh filename="` + c.ref + `"/></geometry></collision></link>
</robot>`
			fsys := fstest.MapFS{
				"robot_pkg/package.xml":       {Data: []byte(`<package format="2"><name>robot_pkg</name></package>`)},
				"robot_pkg/meshes/m.stl":      {Data: []byte(stl)},
				"robot_pkg/urdf/meshes/m.stl": {Data: []byte(stl)},
			}
			_, diags, err := Parse(&convert.Input{Name: "robot_pkg/urdf/r.urdf.xacro", Data: []byte(src), FS: fsys, Dir: "robot_pkg/urdf", Options: &convert.Options{}})
			if err != nil {
				t.Fatal(err)
			}
			n := 0
			for _, d := range diags {
				if d.Code == convert.CodePackageGuessed || d.Code == convert.CodePackageAsFolder {
					n++
					if d.Code != c.code || d.Path != c.ref {
						t.Errorf("%v", d)
					}
				}
			}
			if n != 1 {
				t.Errorf("%d notes, want one: %v", n, diags)
			}
		})
	}
}
