package batch

import (
	"bytes"
	"encoding/binary"
	"testing"

	"github.com/physconv/physconv/convert"
)

func TestContentNames(t *testing.T) {
	h := func(s string) string { return hashBytes([]byte(s))[:12] }
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
			got := contentNames(out)
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
			if again := contentNames(out); !bytes.Equal(again.Main, got.Main) {
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
	got := contentNames(&convert.Output{Main: glb, Files: map[string][]byte{"tex.png": []byte("PNG")}})
	m := got.Main
	if int(binary.LittleEndian.Uint32(m[8:12])) != len(m) {
		t.Fatalf("GLB length %d, file is %d bytes", binary.LittleEndian.Uint32(m[8:12]), len(m))
	}
	n := int(binary.LittleEndian.Uint32(m[12:16]))
	if n%4 != 0 || !bytes.Contains(m[20:20+n], []byte(`"tex.`+hashBytes([]byte("PNG"))[:12]+`.png"`)) {
		t.Errorf("JSON chunk %q", m[20:20+n])
	}
	if !bytes.Equal(m[20+n:], glb[20+len(js):]) {
		t.Error("BIN chunk changed")
	}
}
