package urdf

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv/convert"
)

// TestVisualLooks: what the URDF reader finds of a visual's texture (on
// the visual, or through a named material) and of a mesh file's
// materials (an OBJ's mtllib beside it, its images resolved beside it).
func TestVisualLooks(t *testing.T) {
	const robot = `<robot name="r">
  <material name="skin"><texture filename="package://pkg/tex/skin.png"/></material>
  <link name="a">
    <visual><geometry><box size="1 1 1"/></geometry><material name="skin"/></visual>
    <visual><geometry><sphere radius="1"/></geometry><material name="own"><color rgba="0 1 0 1"/><texture filename="tex/own.jpg"/></material></visual>
    <visual><geometry><mesh filename="package://pkg/meshes/quad.obj"/></geometry><material name="blue"><color rgba="0 0 1 1"/></material></visual>
    <visual><geometry><mesh filename="package://pkg/meshes/nolib.obj"/></geometry></visual>
  </link>
</robot>`
	quad := "mtllib quad.mtl\nv 0 0 0\nv 1 0 0\nv 1 1 0\nv 0 1 0\nvt 0 0\nvt 1 0\nvt 1 1\nvt 0 1\nusemtl red\nf 1/1 2/2 3/3\nusemtl skin\nf 1/1 3/3 4/4\n"
	fsys := fstest.MapFS{
		"robot.urdf":           {Data: []byte(robot)},
		"pkg/package.xml":      {Data: []byte("<package><name>pkg</name></package>")},
		"pkg/meshes/quad.obj":  {Data: []byte(quad)},
		"pkg/meshes/quad.mtl":  {Data: []byte("newmtl red\nKd 1 0 0\nnewmtl skin\nmap_Kd ../tex/skin.png\n")},
		"pkg/meshes/nolib.obj": {Data: []byte("mtllib gone.mtl\nv 0 0 0\nv 1 0 0\nv 0 1 0\nusemtl x\nf 1 2 3\n")},
		"pkg/tex/skin.png":     {Data: []byte("png")},
		"tex/own.jpg":          {Data: []byte("jpg")},
	}
	in := &convert.Input{Name: "robot.urdf", Data: fsys["robot.urdf"].Data, FS: fsys, Dir: ".", Options: &convert.Options{}}
	g, _, err := Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	var vis []*convert.Visual
	for _, n := range g.Nodes {
		if n.Visual != nil {
			vis = append(vis, n.Visual)
		}
	}
	if len(vis) != 4 {
		t.Fatalf("%d visuals, want 4", len(vis))
	}
	read := func(im *convert.Image) string {
		if im == nil || im.Read == nil {
			return "<none>"
		}
		b, err := im.Read()
		if err != nil {
			return err.Error()
		}
		return string(b)
	}
	if vis[0].Texture == nil || vis[0].Texture.Name != "package://pkg/tex/skin.png" || read(vis[0].Texture) != "png" {
		t.Errorf("named material's texture: %+v", vis[0].Texture)
	}
	if vis[1].Texture == nil || read(vis[1].Texture) != "jpg" || vis[1].Color == nil || vis[1].Color[1] != 1 {
		t.Errorf("own texture %+v colour %v", vis[1].Texture, vis[1].Color)
	}
	mesh := g.Meshes[g.Shapes[vis[2].Shape].Mesh]
	if mesh.Look == nil {
		t.Fatal("mesh visual without Look")
	}
	look, diags, err := mesh.Look()
	if err != nil || len(diags) != 0 {
		t.Fatalf("look: %v %v", err, diags)
	}
	if len(look.Parts) != 2 || !reflect.DeepEqual(look.Parts[0].Color, &[4]float64{1, 0, 0, 1}) || look.Parts[0].Texture != nil ||
		look.Parts[1].Texture == nil || look.Parts[1].Texture.Name != "package://pkg/meshes/../tex/skin.png" || read(look.Parts[1].Texture) != "png" {
		t.Errorf("parts %+v", look.Parts)
	}
	if len(look.UV) != 6 || look.UV[2] != [2]float64{1, 1} {
		t.Errorf("uv %v", look.UV)
	}
	look, diags, err = g.Meshes[g.Shapes[vis[3].Shape].Mesh].Look()
	if err != nil || len(diags) != 1 || diags[0].Code != convert.CodeTextureDropped || len(look.Parts) != 1 || look.Parts[0].Color != nil {
		t.Errorf("missing mtllib: look %+v diags %v err %v", look, diags, err)
	}
}

// TestTextureSideFiles: URDF output writes a texture beside the source as
// textures/NAME beside the output, keeps package:// references, and
// reports an image it cannot read (keeping its reference).
func TestTextureSideFiles(t *testing.T) {
	const robot = `<robot name="r">
  <link name="a">
    <visual><geometry><box size="1 1 1"/></geometry><material name="p"><texture filename="package://pkg/skin.png"/></material></visual>
    <visual><geometry><sphere radius="1"/></geometry><material name="own"><color rgba="0 1 0 1"/><texture filename="tex/own.jpg"/></material></visual>
    <visual><geometry><sphere radius="2"/></geometry><material name="gone"><texture filename="tex/gone.png"/></material></visual>
  </link>
</robot>`
	fsys := fstest.MapFS{
		"robot.urdf":      {Data: []byte(robot)},
		"pkg/package.xml": {Data: []byte("<package><name>pkg</name></package>")},
		"pkg/skin.png":    {Data: []byte("png")},
		"tex/own.jpg":     {Data: []byte("jpg")},
	}
	in := &convert.Input{Name: "robot.urdf", Data: fsys["robot.urdf"].Data, FS: fsys, Dir: ".", Options: &convert.Options{}}
	g, _, err := Parse(in)
	if err != nil {
		t.Fatal(err)
	}
	out, diags, err := Emit(g, &convert.Options{OutputName: "out/robot.urdf"})
	if err != nil {
		t.Fatal(err)
	}
	if string(out.Files["textures/own.jpg"]) != "jpg" || len(out.Files) != 1 {
		t.Errorf("side files %v", out.SideFiles())
	}
	text := string(out.Main)
	for _, want := range []string{`<texture filename="package://pkg/skin.png"/>`, `<texture filename="textures/own.jpg"/>`, `<texture filename="tex/gone.png"/>`} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %s:\n%s", want, text)
		}
	}
	n := 0
	for _, d := range diags {
		if d.Code == convert.CodeTextureDropped && strings.Contains(d.Message, "tex/gone.png") {
			n++
		}
	}
	if n != 1 {
		t.Errorf("%d texture-dropped for the missing image, want 1: %v", n, diags)
	}
}
