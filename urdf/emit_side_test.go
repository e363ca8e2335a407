package urdf

import (
	"bytes"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// TestEmitSideMeshes: a mesh a URDF names relative to itself is written
// beside the output unchanged (same name, its case kept, one copy for a
// visual and a collision use), package:// references stay as written.
func TestEmitSideMeshes(t *testing.T) {
	obj := []byte("v 0 0 0\nv 1 0 0\nv 0 1 0\nv 0 0 1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 4\n")
	const doc = `<robot name="r"><link name="a">
<inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
<visual><geometry><mesh filename="%s"/></geometry></visual>
<collision><geometry><mesh filename="%s"/></geometry></collision></link></robot>`
	cases := []struct {
		name, ref, want, side string
	}{
		{"relative", "meshes/Tet.OBJ", "meshes/Tet.OBJ", "meshes/Tet.OBJ"},
		{"nested and climbing", "parts/../deep/x/tet.obj", "meshes/tet.obj", "meshes/tet.obj"},
		{"package", "package://pkg/meshes/tet.obj", "package://pkg/meshes/tet.obj", ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fsys := fstest.MapFS{
				"robot.urdf":         {Data: []byte(strings.ReplaceAll(doc, "%s", c.ref))},
				"meshes/Tet.OBJ":     {Data: obj},
				"deep/x/tet.obj":     {Data: obj},
				"pkg/package.xml":    {Data: []byte("<package><name>pkg</name></package>")},
				"pkg/meshes/tet.obj": {Data: obj},
			}
			in := &convert.Input{Name: "robot.urdf", Data: fsys["robot.urdf"].Data, FS: fsys, Dir: ".", Options: &convert.Options{}}
			g, _, err := Parse(in)
			if err != nil {
				t.Fatal(err)
			}
			out, _, err := Emit(g, &convert.Options{OutputName: "out/robot.urdf"})
			if err != nil {
				t.Fatal(err)
			}
			if n := strings.Count(string(out.Main), `filename="`+c.want+`"`); n != 2 {
				t.Errorf("%d meshes named %q, want 2:\n%s", n, c.want, out.Main)
			}
			if c.side == "" {
				if len(out.Files) != 0 {
					t.Errorf("side files %v, want none", out.SideFiles())
				}
				return
			}
			if len(out.Files) != 1 || !bytes.Equal(out.Files[c.side], obj) {
				t.Errorf("side files %v, want %s with the source's bytes", out.SideFiles(), c.side)
			}
		})
	}
}
