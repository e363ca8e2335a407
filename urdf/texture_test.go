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

// TestTexturedMeshIsOBJ: a triangle-mesh visual drawn with a texture
// (from Godot, glTF: no mesh file of its own) is written as an OBJ with
// its corners' texture coordinates, since STL holds none; an untextured
// one and a collider stay STL. Read back, the textured visual draws the
// same image with the same coordinates.
func TestTexturedMeshIsOBJ(t *testing.T) {
	g := convert.NewGraph()
	body := g.AddNode(convert.Node{Name: "base", Motion: &convert.Motion{Kind: convert.Static}}, -1)
	pos := []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}
	idx := []uint32{0, 1, 2}
	uv := [][2]float64{{0, 0}, {1, 0.25}, {0.5, 1}}
	look := &convert.MeshLook{Parts: []convert.MeshPart{{Triangles: 1}}, UV: uv}
	png := []byte("\x89PNG\r\n\x1a\nfake")
	im := &convert.Image{Name: "skin.png", File: "in/skin.png", Read: func() ([]byte, error) { return png, nil }}
	mesh := func(withLook bool) int {
		m := convert.Mesh{Name: "tri", Positions: pos, Indices: idx, Loaded: true, Scale: convert.Vec3{1, 1, 1}}
		if withLook {
			m.Look = func() (*convert.MeshLook, convert.Diagnostics, error) { return look, nil, nil }
		}
		return g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: g.AddMesh(m)})
	}
	textured, plain := mesh(true), mesh(false)
	g.AddNode(convert.Node{Name: "skinned", Transform: convert.Identity(), Visual: &convert.Visual{Shape: textured, Texture: im}}, body)
	g.AddNode(convert.Node{Name: "bare", Transform: convert.Identity(), Visual: &convert.Visual{Shape: plain}}, body)
	g.AddNode(convert.Node{Name: "solid", Transform: convert.Identity(), Collider: &convert.Collider{Shape: textured, Material: -1, Filter: -1}}, body)
	out, _, err := Emit(g, &convert.Options{OutputName: "robot.urdf"})
	if err != nil {
		t.Fatal(err)
	}
	var objs, stls int
	fsys := fstest.MapFS{"robot.urdf": {Data: out.Main}}
	for name, data := range out.Files {
		fsys[name] = &fstest.MapFile{Data: data}
		switch {
		case strings.HasSuffix(name, ".obj"):
			objs++
			if !strings.Contains(string(data), "\nvt ") {
				t.Errorf("%s has no texture coordinates:\n%s", name, data)
			}
		case strings.HasSuffix(name, ".stl"):
			stls++
		}
	}
	if objs != 1 || stls != 2 {
		t.Fatalf("%d OBJ and %d STL files (%v), want the textured visual as OBJ, the rest STL", objs, stls, out.SideFiles())
	}
	back, _, err := Parse(&convert.Input{Name: "robot.urdf", Data: out.Main, FS: fsys, Dir: ".", Options: &convert.Options{}})
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, n := range back.Nodes {
		v := n.Visual
		if v == nil || v.Texture == nil {
			continue
		}
		found = true
		if data, err := v.Texture.Read(); err != nil || string(data) != string(png) {
			t.Errorf("texture reads %q, %v", data, err)
		}
		m := back.Meshes[back.Shapes[v.Shape].Mesh]
		_, ix, _, err := m.Triangles()
		if err != nil || m.Look == nil {
			t.Fatalf("textured mesh: %v, look %v", err, m.Look != nil)
		}
		l, _, err := m.Look()
		if err != nil || l == nil || len(l.UV) != len(ix) {
			t.Fatalf("textured mesh reads back without its coordinates: %v", err)
		}
		for c := range ix {
			if l.UV[c] != uv[c] {
				t.Errorf("corner %d UV %v, want %v", c, l.UV[c], uv[c])
			}
		}
	}
	if !found {
		t.Error("no textured visual read back")
	}
}
