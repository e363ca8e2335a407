package mjcf

import (
	"bytes"
	"image"
	pngpkg "image/png"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/meshio"
	"github.com/physconv/physconv/internal/testenv"
)

// TestVisualTextures: what the MJCF reader carries of render materials: a
// 2d file texture (under texturedir) on a mesh with coordinates and on a
// primitive, the material's colour unless the geom's own rgba is not the
// default; builtin and cube textures are reported, not carried.
func TestVisualTextures(t *testing.T) {
	const model = `<mujoco>
  <compiler texturedir="tex" meshdir="m"/>
  <asset>
    <texture name="skin" type="2d" file="skin.png"/>
    <texture name="grid" type="2d" builtin="checker" width="8" height="8" rgb1="1 1 1" rgb2="0 0 0"/>
    <texture name="faces" file="cube.png"/>
    <material name="skinned" texture="skin" rgba="1 0 0 1"/>
    <material name="checker" texture="grid"/>
    <material name="boxy" texture="faces"/>
    <material name="green" rgba="0 1 0 1"/>
    <mesh name="quad" file="quad.obj"/>
  </asset>
  <worldbody>
    <geom name="m" type="mesh" mesh="quad" material="skinned" contype="0" conaffinity="0"/>
    <geom name="b" type="box" size="1 1 1" material="skinned" rgba="0 0 1 1" contype="0" conaffinity="0"/>
    <geom name="c" type="sphere" size="1" material="checker" contype="0" conaffinity="0"/>
    <geom name="d" type="sphere" size="1" material="boxy" contype="0" conaffinity="0"/>
    <geom name="e" type="sphere" size="1" material="green" rgba="0.5 0.5 0.5 1" contype="0" conaffinity="0"/>
  </worldbody>
</mujoco>`
	quad := "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 1\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nf 1/1 2/2 3/3\nf 1/1 3/3 4/4\nf 1/1 4/4 2/2\nf 2/2 4/4 3/3\n"
	fsys := fstest.MapFS{
		"model.xml":    {Data: []byte(model)},
		"m/quad.obj":   {Data: []byte(quad)},
		"tex/skin.png": {Data: []byte("png")},
		"tex/cube.png": {Data: []byte("png")},
	}
	g, diags, err := Parse(&convert.Input{Name: "model.xml", Data: fsys["model.xml"].Data, FS: fsys, Dir: ".", Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	vis := map[string]*convert.Visual{}
	for _, n := range g.Nodes {
		if n.Visual != nil {
			vis[n.Name] = n.Visual
		}
	}
	m := vis["m"]
	if m == nil || m.Texture == nil || m.Texture.File != "tex/skin.png" || m.Color == nil || *m.Color != [4]float64{1, 0, 0, 1} {
		t.Fatalf("mesh geom: %+v", m)
	}
	if data, err := m.Texture.Read(); err != nil || string(data) != "png" {
		t.Errorf("texture read %q %v", data, err)
	}
	mesh := g.Meshes[g.Shapes[m.Shape].Mesh]
	if mesh.Look == nil {
		t.Fatal("mesh without its texture coordinates")
	}
	look, _, _ := mesh.Look()
	if len(look.UV) != len(mesh.Indices) || look.Parts != nil {
		t.Errorf("look: %d uv for %d corners, parts %v", len(look.UV), len(mesh.Indices), look.Parts)
	}
	if b := vis["b"]; b.Texture == nil || *b.Color != [4]float64{0, 0, 1, 1} {
		t.Errorf("box: the geom's own rgba should win over the material's: %+v", b)
	}
	if e := vis["e"]; *e.Color != [4]float64{0, 1, 0, 1} {
		t.Errorf("default rgba should give way to the material's: %v", *e.Color)
	}
	for _, name := range []string{"c", "d"} {
		if vis[name].Texture != nil {
			t.Errorf("%s: texture carried", name)
		}
	}
	dropped := 0
	for _, d := range diags {
		if d.Code == convert.CodeTextureDropped {
			dropped++
		}
	}
	if dropped != 2 {
		t.Errorf("%d texture-dropped, want 2 (builtin, cube): %v", dropped, diags)
	}
}

// TestTextureOutput: MJCF output writes a textured visual mesh as an OBJ
// with its coordinates, a 2d texture of the PNG beside it and a material,
// which MuJoCo loads; a textured primitive keeps its colour, reported.
func TestTextureOutput(t *testing.T) {
	const model = `<mujoco>
  <asset>
    <texture name="skin" type="2d" file="skin.png"/>
    <material name="skinned" texture="skin"/>
    <mesh name="quad" file="quad.obj"/>
  </asset>
  <worldbody>
    <body name="b"><freejoint/><geom type="box" size="0.1 0.1 0.1"/>
      <geom name="m" type="mesh" mesh="quad" material="skinned" contype="0" conaffinity="0"/>
      <geom name="s" type="sphere" size="0.1" material="skinned" contype="0" conaffinity="0"/>
    </body>
  </worldbody>
</mujoco>`
	quad := "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 1\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nf 1/1 2/2 3/3\nf 1/1 3/3 4/4\nf 1/1 4/4 2/2\nf 2/2 4/4 3/3\n"
	var png bytes.Buffer
	if err := pngpkg.Encode(&png, image.NewGray(image.Rect(0, 0, 2, 2))); err != nil {
		t.Fatal(err)
	}
	fsys := fstest.MapFS{"model.xml": {Data: []byte(model)}, "quad.obj": {Data: []byte(quad)}, "skin.png": {Data: png.Bytes()}}
	out, diags := parseAndEmit(t, fsys)
	if !bytes.Equal(out.Files["textures/skin.png"], png.Bytes()) {
		t.Errorf("texture not written beside the output: %v", out.SideFiles())
	}
	text := string(out.Main)
	for _, want := range []string{`<texture name="skin" type="2d" file="textures/skin.png"/>`, `<material name="skin" texture="skin"/>`, `material="skin"`} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %s:\n%s", want, text)
		}
	}
	var uvFile []byte
	for name, data := range out.Files {
		if strings.HasSuffix(name, "_uv.obj") {
			uvFile = data
		}
	}
	m, err := meshio.Decode("x.obj", uvFile, nil)
	if err != nil || len(m.UV) != 12 || m.UV[2] != [2]float64{1, 1} {
		t.Errorf("uv mesh: %v, uv %v", err, m)
	}
	n := 0
	for _, d := range diags {
		if d.Code == convert.CodeTextureDropped {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d texture-dropped, want 1 (the sphere): %v", n, diags)
	}
	testenv.Oracle(t, "mj-inspect")
	p := testenv.WriteFiles(t, t.TempDir(), "out.xml", out.Main, out.Files)
	if report, code := testenv.RunOracle(t, "mj-inspect", p); code != 0 {
		t.Errorf("MuJoCo rejects the output: %s", report)
	}
}

// TestDroppedTextureWritesNoMesh: a texture MJCF output cannot take (not
// a PNG, a malformed PNG, an image that cannot be read) is reported
// before the mesh is written again with its coordinates, so no asset is
// left that no geom uses: the geom draws the plain mesh.
func TestDroppedTextureWritesNoMesh(t *testing.T) {
	quad := "v 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 1\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nf 1/1 2/2 3/3\nf 1/1 3/3 4/4\nf 1/1 4/4 2/2\nf 2/2 4/4 3/3\n"
	for _, c := range []struct {
		name, file string
		data       []byte // nil: not there
		reason     string
	}{
		{"jpeg", "skin.jpg", []byte("\xff\xd8\xff\xe0 not decoded"), "PNG textures only"},
		{"malformed png", "skin.png", []byte("\x89PNG\r\n\x1a\ntruncated"), "malformed PNG"},
		{"missing", "skin.png", nil, "not written"},
	} {
		t.Run(c.name, func(t *testing.T) {
			model := `<mujoco><asset><texture name="skin" type="2d" file="` + c.file + `"/><material name="skinned" texture="skin"/><mesh name="quad" file="quad.obj"/></asset>
  <worldbody><body name="b"><freejoint/><geom type="box" size="0.1 0.1 0.1"/>
    <geom name="m" type="mesh" mesh="quad" material="skinned" contype="0" conaffinity="0"/></body></worldbody></mujoco>`
			fsys := fstest.MapFS{"model.xml": {Data: []byte(model)}, "quad.obj": {Data: []byte(quad)}}
			if c.data != nil {
				fsys[c.file] = &fstest.MapFile{Data: c.data}
			}
			out, diags := parseAndEmit(t, fsys)
			for name, data := range out.Files {
				// the source's own OBJ, copied as MuJoCo reads it, is the
				// plain mesh; a mesh written again is the textured one
				if strings.HasSuffix(name, ".obj") && string(data) != quad || strings.HasPrefix(name, "textures/") {
					t.Errorf("%s written for a dropped texture", name)
				}
			}
			text := string(out.Main)
			if strings.Contains(text, "_uv") || strings.Contains(text, "<texture") || !strings.Contains(text, `mesh="quad"`) {
				t.Errorf("output:\n%s", text)
			}
			var dropped []string
			for _, d := range diags {
				if d.Code == convert.CodeTextureDropped {
					dropped = append(dropped, d.Message)
				}
			}
			if len(dropped) != 1 || !strings.Contains(dropped[0], c.reason) {
				t.Errorf("texture-dropped %q, want one saying %q", dropped, c.reason)
			}
		})
	}
}

// parseAndEmit reads fsys's model.xml and writes it back as out.xml.
func parseAndEmit(t *testing.T, fsys fstest.MapFS) (*convert.Output, convert.Diagnostics) {
	t.Helper()
	g, _, err := Parse(&convert.Input{Name: "model.xml", Data: fsys["model.xml"].Data, FS: fsys, Dir: ".", Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	out, diags, err := Emit(g, &convert.Options{OutputName: "out.xml"})
	if err != nil {
		t.Fatal(err)
	}
	return out, diags
}

// TestUndefinedMaterialSaid: a geom naming a material the model does not
// define is a file MuJoCo refuses ("material not found"); it was read in
// silence. The geom keeps its own colour, and the reader says which
// material is missing and where.
func TestUndefinedMaterialSaid(t *testing.T) {
	const model = `<mujoco>
  <asset><material name="red" rgba="1 0 0 1"/></asset>
  <worldbody>
    <geom name="wall" type="box" size="1 1 0.1" material="MatDarkWood" rgba="0 0 1 1"/>
    <geom name="floor" type="plane" size="1 1 0.1" material="red"/>
  </worldbody>
</mujoco>`
	g, diags, err := Parse(&convert.Input{Name: "m.xml", Data: []byte(model), Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	var said []string
	for _, d := range diags {
		if d.Code == convert.CodeTextureDropped {
			said = append(said, d.Path+": "+d.Message)
		}
	}
	if len(said) != 1 || !strings.Contains(said[0], `"MatDarkWood"`) || !strings.Contains(said[0], "wall") {
		t.Errorf("diagnostics of an undefined material: %q", said)
	}
	for _, n := range g.Nodes {
		if n.Visual != nil && n.Name == "wall" && (n.Visual.Color == nil || *n.Visual.Color != [4]float64{0, 0, 1, 1}) {
			t.Errorf("the wall lost its own colour: %v", n.Visual.Color)
		}
	}
}
