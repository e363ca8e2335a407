package gltfx

import (
	"errors"
	"fmt"
	"os"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// TestMatchNameHint follows the rules of Godot's scene importer: "-" or
// "_" before a suffix at the end, "$" anywhere, any case, trailing
// digits/dots/underscores/spaces ignored, precedence colonly, convcolonly,
// rigid, col, convcol.
func TestMatchNameHint(t *testing.T) {
	cases := map[string]string{
		"Wall-col":             "col",
		"Wall_col":             "col",
		"Wall$col":             "col",
		"WALL-COL":             "col",
		"Wall-col.001":         "col",
		"Wall-col_001":         "col",
		"Wall-col 2":           "col",
		"Wall$col.Left":        "col", // "$" may sit anywhere
		"Wall$color":           "col", // …so this matches too, as in Godot
		"Floor-colonly":        "colonly",
		"Floor$colonly":        "colonly",
		"Floor_ColOnly.003":    "colonly",
		"Rock-convcolonly":     "convcolonly",
		"Rock$convcolonly":     "convcolonly",
		"Rock-convcol":         "convcol",
		"Rock_ConvCol":         "convcol",
		"Crate-rigid":          "rigid",
		"Crate$rigid.002":      "rigid",
		"Pillar-CONVCOLONLY_2": "convcolonly",
		"Collider":             "",
		"col":                  "",
		"Wallcol":              "",
		"Wall-color":           "",
		"Wall-col-x":           "",
		"Rigidity":             "",
		"Wall-colonlyx":        "",
		"":                     "",
	}
	for name, want := range cases {
		h, ok := matchNameHint(name)
		if got := h.suffix; ok != (want != "") || got != want {
			t.Errorf("%q: hint %q (matched %v), want %q", name, got, ok, want)
		}
	}
}

func namesDoc(t testing.TB) *Doc {
	t.Helper()
	data, err := os.ReadFile("../../testdata/gltf/names/names.gltf")
	if err != nil {
		t.Fatal(err)
	}
	d, err := Decode(&convert.Input{Name: "names.gltf", Data: data, FS: fstest.MapFS{}, Dir: "."})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestNameHintBadMesh: a suffixed node whose mesh data is broken is an
// input error naming the accessor, not a panic, an exhausted memory or a
// silent skip.
func TestNameHintBadMesh(t *testing.T) {
	for count, path := range map[int]string{
		20:      "accessors[0]",       // overruns its 96-byte view
		5 << 30: "accessors[0].count", // more elements than the file has bytes
		-1:      "accessors[0].count",
	} {
		d := namesDoc(t)
		d.GLTF.Accessors[0].Count = count // positions of mesh 0
		g, err := GraphFromDoc(d)
		if err != nil {
			t.Fatal(err)
		}
		var diags convert.Diagnostics
		err = ApplyNameHints(d, g, &diags)
		var fe *convert.FormatError
		if !errors.As(err, &fe) || fe.Path != path {
			t.Errorf("count %d: want a FormatError at %s, got %v", count, path, err)
		}
	}
}

// TestNameHintDetached: a suffixed node outside the scene is reported and
// gets nothing.
func TestNameHintDetached(t *testing.T) {
	d := namesDoc(t)
	d.GLTF.Scenes[0].Nodes = d.GLTF.Scenes[0].Nodes[1:] // Ground-colonly leaves the scene
	g, err := GraphFromDoc(d)
	if err != nil {
		t.Fatal(err)
	}
	var diags convert.Diagnostics
	if err := ApplyNameHints(d, g, &diags); err != nil {
		t.Fatal(err)
	}
	found := false
	for _, dg := range diags {
		if dg.Path == "nodes[0].name" {
			found = dg.Code == "name-hint-ignored" && dg.Severity == convert.Warning
		}
	}
	if !found || g.Nodes[0].Collider != nil || d.GLTF.Nodes[0].Mesh == nil {
		t.Errorf("detached node: collider %v, mesh %v, diagnostics %v", g.Nodes[0].Collider, d.GLTF.Nodes[0].Mesh, diags)
	}
}

// FuzzNameHints: any decodable document with any node names goes through
// ApplyNameHints without a panic, and every hint applied gives a collider.
func FuzzNameHints(f *testing.F) {
	data, err := os.ReadFile("../../testdata/gltf/names/names.gltf")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data, "Wall-col", "Crate$rigid.001")
	f.Add(data, "X_convcolonly", "")
	f.Fuzz(func(t *testing.T, data []byte, name0, name1 string) {
		d, err := Decode(&convert.Input{Name: "f.gltf", Data: data, FS: fstest.MapFS{}, Dir: "."})
		if err != nil {
			return
		}
		if len(d.GLTF.Nodes) > 1 && d.GLTF.Nodes[0] != nil && d.GLTF.Nodes[1] != nil {
			d.GLTF.Nodes[0].Name, d.GLTF.Nodes[1].Name = name0, name1
		}
		g, err := GraphFromDoc(d)
		if err != nil {
			return
		}
		var diags convert.Diagnostics
		if err := ApplyNameHints(d, g, &diags); err != nil {
			return
		}
		for _, dg := range diags {
			if dg.Code != "name-hint-applied" {
				continue
			}
			var i int
			if _, err := fmt.Sscanf(dg.Path, "nodes[%d].name", &i); err != nil || g.Nodes[i].Collider == nil {
				t.Fatalf("%s: hint applied without a collider", dg.Path)
			}
		}
	})
}

// BenchmarkApplyNameHints measures the hint pass on names.gltf (twelve
// nodes, eight hints applied), triangles read from the buffers included.
func BenchmarkApplyNameHints(b *testing.B) {
	d := namesDoc(b)
	meshes := make([]*int, len(d.GLTF.Nodes))
	for i, n := range d.GLTF.Nodes {
		meshes[i] = n.Mesh
	}
	b.ReportAllocs()
	for k := 0; k < b.N; k++ {
		for i, n := range d.GLTF.Nodes {
			n.Mesh = meshes[i] // -colonly takes meshes off
		}
		g, err := GraphFromDoc(d)
		if err != nil {
			b.Fatal(err)
		}
		var diags convert.Diagnostics
		if err := ApplyNameHints(d, g, &diags); err != nil {
			b.Fatal(err)
		}
	}
}
