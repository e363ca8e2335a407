package meshio

import (
	"slices"
	"testing"
)

// TestRefsAndRewrite: the files each kind of mesh-side file names, and the
// same file with some of them renamed (everything else byte for byte).
func TestRefsAndRewrite(t *testing.T) {
	cases := []struct {
		name, ext, data string
		refs            []string
		renames         map[string]string
		rewritten       string
	}{
		{"obj one library", "obj", "mtllib a.mtl\r\nv 0 0 0\nusemtl m\n", []string{"a.mtl"},
			map[string]string{"a.mtl": "a_2.mtl"}, "mtllib a_2.mtl\r\nv 0 0 0\nusemtl m\n"},
		{"obj two libraries on a line and one more", "obj", "# mtllib c.mtl\nmtllib a.mtl b.mtl\nmtllib a.mtl sub/c.mtl\nv 0 0 0", []string{"a.mtl", "b.mtl", "sub/c.mtl"},
			map[string]string{"sub/c.mtl": "c.mtl"}, "# mtllib c.mtl\nmtllib a.mtl b.mtl\nmtllib a.mtl c.mtl\nv 0 0 0"},
		{"obj without libraries", "obj", "v 0 0 0\nf 1 1 1\n", nil, nil, "v 0 0 0\nf 1 1 1\n"},
		{"mtl maps with options", "mtl", "newmtl m\nKd 1 0 0\nmap_Kd -s 2 2 1 tex/a.png\nmap_Ka cube.tga\nbump -bm 0.5 n.png\nmap_Kd tex/a.png\n", []string{"tex/a.png", "cube.tga", "n.png"},
			map[string]string{"tex/a.png": "a.png"}, "newmtl m\nKd 1 0 0\nmap_Kd -s 2 2 1 a.png\nmap_Ka cube.tga\nbump -bm 0.5 n.png\nmap_Kd a.png\n"},
		{"collada 1.4 and 1.5 images", "dae", `<COLLADA><library_images><image id="i"><init_from> ../img/a.png </init_from></image><image id="j"><init_from><ref>b&amp;c.png</ref></init_from></image></library_images>` +
			`<library_effects><effect id="e"><profile_COMMON><newparam sid="s"><surface><init_from>i</init_from></surface></newparam></profile_COMMON></effect></library_effects></COLLADA>`,
			[]string{"../img/a.png", "b&c.png"}, map[string]string{"../img/a.png": "a.png", "b&c.png": "b_c.png"},
			`<COLLADA><library_images><image id="i"><init_from>a.png</init_from></image><image id="j"><init_from><ref>b_c.png</ref></init_from></image></library_images>` +
				`<library_effects><effect id="e"><profile_COMMON><newparam sid="s"><surface><init_from>i</init_from></surface></newparam></profile_COMMON></effect></library_effects></COLLADA>`},
		{"stl names nothing", "stl", "solid x\nendsolid x\n", nil, map[string]string{"x": "y"}, "solid x\nendsolid x\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			refs, err := Refs(c.ext, []byte(c.data))
			if err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(refs, c.refs) {
				t.Errorf("Refs = %q, want %q", refs, c.refs)
			}
			if got := string(Rewrite(c.ext, []byte(c.data), c.renames)); got != c.rewritten {
				t.Errorf("Rewrite =\n%s\nwant\n%s", got, c.rewritten)
			}
		})
	}
}

// TestRefsBadInput: a file that is not what its extension says is an
// error naming the problem, not a panic or a guess.
func TestRefsBadInput(t *testing.T) {
	for ext, data := range map[string]string{"mtl": "newmtl a\x00\x01\x02\n", "dae": "<COLLADA><library_images>"} {
		if _, err := Refs(ext, []byte(data)); err == nil {
			t.Errorf("%s: no error for %q", ext, data)
		}
	}
}
