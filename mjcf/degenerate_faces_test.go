package mjcf

import (
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// TestDegenerateFacesUseTheHull: a mesh whose faces touch fewer than four
// vertices bounds no volume; its vertices' convex hull (what MuJoCo
// collides with) stands in, with a diagnostic, so the written mesh file
// reads back.
func TestDegenerateFacesUseTheHull(t *testing.T) {
	for _, face := range []string{"0 0 0", "0 1 2", "0 1 2 2 1 0"} {
		src := `<mujoco><asset><mesh name="m" inertia="convex" vertex="0 0 0 1 0 0 0 1 0 0 0 1 0 0 0" face="` + face + `"/></asset>
<worldbody><body><geom type="mesh" mesh="m"/></body></worldbody></mujoco>`
		g, diags, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(src), Options: &convert.Options{}})
		if err != nil {
			t.Fatalf("face %q: %v", face, err)
		}
		if !diags.Has(convert.CodeFieldDropped) {
			t.Errorf("face %q: no diagnostic for the replaced faces: %v", face, diags)
		}
		if n := len(g.Meshes[0].Indices); n != 12 {
			t.Errorf("face %q: %d indices, want the tetrahedron's 12", face, n)
		}
		out, _, err := Emit(g, &convert.Options{OutputName: "out.xml"})
		if err != nil {
			t.Fatalf("face %q: emit: %v", face, err)
		}
		if _, _, err := Parse(&convert.Input{Name: "out.xml", Data: out.Main, FS: outputFS(out), Dir: ".", Options: &convert.Options{}}); err != nil {
			t.Errorf("face %q: the output does not read back: %v", face, err)
		}
	}
}

// outputFS holds an Output's side files, as reading the written files
// back from disk would find them.
func outputFS(out *convert.Output) fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, data := range out.Files {
		fsys[name] = &fstest.MapFile{Data: data}
	}
	return fsys
}
