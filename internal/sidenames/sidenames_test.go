package sidenames

import (
	"bytes"
	"encoding/binary"
	"path"
	"strings"
	"testing"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/meshio"
)

func TestContentNames(t *testing.T) {
	h := func(s string) string { return ContentHash([]byte(s))[:12] }
	cases := []struct {
		name      string
		main      string
		files     map[string]string
		wantMain  string
		wantFiles []string
	}{
		{"full path reference (URDF)", `<mesh filename="meshes/5.stl"/><mesh filename="x/meshes/5.stl"/>`,
			map[string]string{"meshes/5.stl": "A"},
			`<mesh filename="meshes/5.` + h("A") + `.stl"/><mesh filename="x/meshes/5.stl"/>`,
			[]string{"meshes/5." + h("A") + ".stl"}},
		{"base name under a mesh folder (MJCF meshdir)", `<compiler meshdir="meshes/"/><mesh file="arm.stl"/><mesh file="forearm.stl"/>`,
			map[string]string{"meshes/arm.stl": "A", "meshes/forearm.stl": "B"},
			`<compiler meshdir="meshes/"/><mesh file="arm.` + h("A") + `.stl"/><mesh file="forearm.` + h("B") + `.stl"/>`,
			[]string{"meshes/arm." + h("A") + ".stl", "meshes/forearm." + h("B") + ".stl"}},
		{"buffer URI (glTF)", `{"buffers":[{"uri":"r.bin"}],"nodes":[{"name":"r.bin2"}]}`,
			map[string]string{"r.bin": "xyz"},
			`{"buffers":[{"uri":"r.` + h("xyz") + `.bin"}],"nodes":[{"name":"r.bin2"}]}`,
			[]string{"r." + h("xyz") + ".bin"}},
		{"a name the main file does not contain keeps it", `{"uri":"a%20b.png"}`,
			map[string]string{"a b.png": "P"}, `{"uri":"a%20b.png"}`, []string{"a b.png"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := &convert.Output{Main: []byte(c.main), Files: map[string][]byte{}}
			for n, d := range c.files {
				out.Files[n] = []byte(d)
			}
			got := ContentNames(out)
			if string(got.Main) != c.wantMain {
				t.Errorf("main:\n got %s\nwant %s", got.Main, c.wantMain)
			}
			names := got.SideFiles()
			if len(names) != len(c.wantFiles) {
				t.Fatalf("files %v, want %v", names, c.wantFiles)
			}
			for i, n := range c.wantFiles {
				if names[i] != n {
					t.Errorf("file %d = %s, want %s", i, names[i], n)
				}
			}
			if again := ContentNames(out); !bytes.Equal(again.Main, got.Main) {
				t.Error("renaming is not deterministic")
			}
		})
	}
}

func TestContentNamesRepacksGLB(t *testing.T) {
	js := []byte(`{"images":[{"uri":"tex.png"}]}`)
	for len(js)%4 != 0 {
		js = append(js, ' ')
	}
	bin := []byte{1, 2, 3, 4}
	var glb []byte
	glb = append(glb, "glTF"...)
	glb = binary.LittleEndian.AppendUint32(glb, 2)
	glb = binary.LittleEndian.AppendUint32(glb, uint32(12+8+len(js)+8+len(bin)))
	glb = binary.LittleEndian.AppendUint32(glb, uint32(len(js)))
	glb = append(glb, "JSON"...)
	glb = append(glb, js...)
	glb = binary.LittleEndian.AppendUint32(glb, uint32(len(bin)))
	glb = append(glb, "BIN\x00"...)
	glb = append(glb, bin...)
	got := ContentNames(&convert.Output{Main: glb, Files: map[string][]byte{"tex.png": []byte("PNG")}})
	m := got.Main
	if int(binary.LittleEndian.Uint32(m[8:12])) != len(m) {
		t.Fatalf("GLB length %d, file is %d bytes", binary.LittleEndian.Uint32(m[8:12]), len(m))
	}
	n := int(binary.LittleEndian.Uint32(m[12:16]))
	if n%4 != 0 || !bytes.Contains(m[20:20+n], []byte(`"tex.`+ContentHash([]byte("PNG"))[:12]+`.png"`)) {
		t.Errorf("JSON chunk %q", m[20:20+n])
	}
	if !bytes.Equal(m[20+n:], glb[20+len(js):]) {
		t.Error("BIN chunk changed")
	}
}

// TestContentNamesFollowsSideReferences: a side file another side file
// names (OBJ → .mtl → image, COLLADA → image) is renamed by its bytes
// too, the naming file rewritten to say the new name and hashed with it
// (no longer a link to its source); a reference that cannot be rewritten
// keeps its file at its own name as well, so every reference resolves.
func TestContentNamesFollowsSideReferences(t *testing.T) {
	h := func(s string) string { return ContentHash([]byte(s))[:12] }
	png := "PNG"
	mtl := "newmtl m\nmap_Kd -s 1 1 1 tex\\t." + h(png) + ".png\n"
	obj := "mtllib m." + h(mtl) + ".mtl\nv 0 0 0\n"
	dae := `<COLLADA><library_images><image id="i"><init_from>t.png</init_from></image></library_images></COLLADA>`
	daeNew := strings.Replace(dae, "t.png", "t."+h("D")+".png", 1)
	cases := []struct {
		name      string
		main      string
		files     map[string]string
		links     []string
		wantMain  string
		wantFiles map[string]string
		wantLinks []string
	}{
		{"obj, mtl, image", `<mesh filename="meshes/a.obj"/>`,
			map[string]string{"meshes/a.obj": "mtllib m.mtl\nv 0 0 0\n", "meshes/m.mtl": "newmtl m\nmap_Kd -s 1 1 1 tex\\t.png\n", "meshes/tex/t.png": png},
			[]string{"meshes/a.obj", "meshes/m.mtl", "meshes/tex/t.png"},
			`<mesh filename="meshes/a.` + h(obj) + `.obj"/>`,
			map[string]string{"meshes/a." + h(obj) + ".obj": obj, "meshes/m." + h(mtl) + ".mtl": mtl, "meshes/tex/t." + h(png) + ".png": png},
			[]string{"meshes/tex/t." + h(png) + ".png"}},
		{"collada image", `<mesh file="m.dae"/>`,
			map[string]string{"m.dae": dae, "t.png": "D"}, nil,
			`<mesh file="m.` + h(daeNew) + `.dae"/>`,
			map[string]string{"m." + h(daeNew) + ".dae": daeNew, "t." + h("D") + ".png": "D"}, nil},
		{"reference the rewriting cannot reach", `<mesh file="m.dae"/>`,
			map[string]string{"m.dae": strings.Replace(dae, "<init_from>", "<init_from >", 1), "t.png": "D"}, nil,
			`<mesh file="m.` + h(strings.Replace(dae, "<init_from>", "<init_from >", 1)) + `.dae"/>`,
			map[string]string{"m." + h(strings.Replace(dae, "<init_from>", "<init_from >", 1)) + ".dae": strings.Replace(dae, "<init_from>", "<init_from >", 1), "t.png": "D", "t." + h("D") + ".png": "D"}, nil},
		{"libraries naming each other", `<mesh filename="a.obj"/>`,
			map[string]string{"a.obj": "mtllib x.mtl\n", "x.mtl": "map_Kd y.mtl\n", "y.mtl": "map_Kd x.mtl\n"}, nil,
			"", nil, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			out := &convert.Output{Main: []byte(c.main), Files: map[string][]byte{}}
			for n, d := range c.files {
				out.Files[n] = []byte(d)
			}
			for _, n := range c.links {
				out.Link(n, "/src/"+n, nil)
			}
			got := ContentNames(out)
			if c.wantFiles == nil {
				// a cycle: whatever the names, every reference resolves
				resolves(t, got)
				return
			}
			if string(got.Main) != c.wantMain {
				t.Errorf("main:\n got %s\nwant %s", got.Main, c.wantMain)
			}
			if len(got.Files) != len(c.wantFiles) {
				t.Errorf("files %v, want %v", got.SideFiles(), c.wantFiles)
			}
			for n, d := range c.wantFiles {
				if string(got.Files[n]) != d {
					t.Errorf("%s = %q, want %q", n, got.Files[n], d)
				}
			}
			var links []string
			for n := range got.Links {
				links = append(links, n)
			}
			if len(links) != len(c.wantLinks) || len(links) == 1 && links[0] != c.wantLinks[0] {
				t.Errorf("links %v, want %v (a rewritten file is not its source)", links, c.wantLinks)
			}
			resolves(t, got)
		})
	}
}

// resolves checks that every reference a side file makes to another
// names one the output holds.
func resolves(t *testing.T, out *convert.Output) {
	t.Helper()
	for name, data := range out.Files {
		refs, _ := meshio.Refs(strings.TrimPrefix(path.Ext(name), "."), data)
		for _, r := range refs {
			to := path.Join(path.Dir(name), strings.ReplaceAll(r, "\\", "/"))
			if _, ok := out.Files[to]; !ok {
				t.Errorf("%s names %s, which is not written (%v)", name, r, out.SideFiles())
			}
		}
	}
}
