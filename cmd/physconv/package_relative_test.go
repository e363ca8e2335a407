package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRelativePackageFolder: a --package folder given relative to the
// working folder names the same folder wherever the input lies. With the
// input inside that package, the folder was joined to the project root a
// second time (ws/ws/mypkg), so xacro's $(find mypkg) and URDF's
// package://mypkg named files that do not exist and the robot was
// refused.
func TestRelativePackageFolder(t *testing.T) {
	dir := t.TempDir()
	write := func(rel, text string) {
		t.Helper()
		p := filepath.Join(dir, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("ws/mypkg/package.xml", "<package><name>mypkg</name></package>\n")
	write("ws/mypkg/urdf/top.urdf.xacro", `<robot name="r" xmlns:xacro="http://www.ros.org/wiki/xacro">
  <xacro:include filename="$(find mypkg)/urdf/part.xacro"/>
  <xacro:part/>
</robot>`)
	write("ws/mypkg/urdf/part.xacro", `<robot xmlns:xacro="http://www.ros.org/wiki/xacro"><xacro:macro name="part">
  <link name="base"><inertial><mass value="2"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><geometry><mesh filename="package://mypkg/meshes/cube.stl"/></geometry></collision></link>
</xacro:macro></robot>`)
	write("ws/mypkg/urdf/mesh.urdf", `<robot name="m"><link name="base"><inertial><mass value="2"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
  <collision><geometry><mesh filename="package://mypkg/meshes/cube.stl"/></geometry></collision></link></robot>`)
	write("ws/mypkg/meshes/cube.stl", string(tetraSTL()))
	for _, c := range []struct{ cwd, pkg, input string }{
		{".", "ws/mypkg", "ws/mypkg/urdf/top.urdf.xacro"},
		{"ws", "mypkg", "mypkg/urdf/top.urdf.xacro"},
		{"ws/mypkg/urdf", "..", "top.urdf.xacro"},
		{"ws/mypkg", ".", "urdf/top.urdf.xacro"},
		{".", "ws/mypkg", "ws/mypkg/urdf/mesh.urdf"},
		{"ws/mypkg/urdf", "..", "mesh.urdf"},
	} {
		t.Run(c.cwd+" "+c.input, func(t *testing.T) {
			t.Chdir(filepath.Join(dir, filepath.FromSlash(c.cwd)))
			out := filepath.Join(t.TempDir(), "r.xml")
			code, _, stderr := runCLI(t, "", "convert", "--package", "mypkg="+c.pkg, c.input, out)
			if code != 0 {
				t.Fatalf("exit %d: %s", code, stderr)
			}
			data, err := os.ReadFile(out)
			if err != nil || !strings.Contains(string(data), `<mesh name=`) {
				t.Errorf("no mesh in the output (%v):\n%s", err, data)
			}
		})
	}
}
