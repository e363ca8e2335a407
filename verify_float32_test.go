package physconv_test

import (
	"context"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/khr"
	"github.com/physconv/physconv/urdf"
)

// TestVerifyFloat32MeshExplainsNoMass: glTF rounds mesh vertices to
// 32-bit floats (mesh-float32), which explains a shape difference only. A
// writer error in the mass properties of a body whose collider is such a
// mesh is still a verify-mismatch: the writers make mass properties
// explicit wherever a reader would compute them from rounded vertices,
// so rounding moves no mass, centre of mass or inertia.
func TestVerifyFloat32MeshExplainsNoMass(t *testing.T) {
	const obj = "v 0 0 0\nv 0.1 0 0\nv 0 0.1 0\nv 0 0 0.1\nv 0.1 0.1 0.1\nf 1 3 2\nf 1 2 4\nf 1 4 3\nf 2 3 5\nf 2 5 4\nf 3 4 5\n"
	const robot = `<robot name="r"><link name="b">
  <inertial><mass value="1.3"/><origin xyz="0.03 0.03 0.03"/><inertia ixx="0.001" iyy="0.002" izz="0.0025" ixy="0" ixz="0" iyz="0"/></inertial>
  <collision><geometry><mesh filename="tet.obj"/></geometry></collision></link></robot>`
	fsys := fstest.MapFS{"r.urdf": {Data: []byte(robot)}, "tet.obj": {Data: []byte(obj)}}
	for _, c := range []struct {
		name   string
		change func(m *convert.Motion)
		want   string
	}{
		{"inertia", func(m *convert.Motion) {
			d := *m.InertiaDiagonal
			d[1] *= 1 + 1e-6
			m.InertiaDiagonal = &d
		}, "inertia"},
		{"centre of mass", func(m *convert.Motion) {
			c := *m.CenterOfMass
			c[0] += 1e-6
			m.CenterOfMass = &c
		}, "centre of mass"},
		{"none", nil, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := *khr.Format
			f.Emit = func(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
				g = g.Clone()
				for i := range g.Nodes {
					if m := g.Nodes[i].Motion; m != nil && c.change != nil {
						cp := *m
						c.change(&cp)
						g.Nodes[i].Motion = &cp
					}
				}
				return khr.Format.Emit(g, opts)
			}
			in, err := physconv.NewInput(fsys, "r.urdf", &convert.Options{To: "khr", OutputName: "r.gltf"})
			if err != nil {
				t.Fatal(err)
			}
			reg := convert.NewRegistry(urdf.Format, &f)
			_, res, err := physconv.ConvertBytes(context.Background(), reg, in)
			if err != nil {
				t.Fatal(err)
			}
			rounded := false
			for _, d := range res.Diagnostics {
				rounded = rounded || d.Code == convert.CodeMeshFloat32
			}
			if !rounded {
				t.Fatalf("the mesh is not rounded (no mesh-float32): the test shows nothing: %v", res.Diagnostics)
			}
			ms := mismatches(res)
			switch {
			case c.change == nil && len(ms) > 0:
				t.Errorf("faithful writer: %v", ms)
			case c.change != nil && (len(ms) == 0 || !strings.Contains(ms[0].Message, c.want)):
				t.Errorf("no verify-mismatch about the %s: %v", c.want, res.Diagnostics)
			}
		})
	}
}
