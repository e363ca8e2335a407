package godot

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"sync/atomic"
	"testing"

	"github.com/physconv/physconv/convert"
)

// The images a visual mesh file's own materials name (a COLLADA robot's
// textures) are made ready to embed before the scene is written, on
// every core, as images visuals name directly are: they were decoded and
// re-encoded one after another while writing, most of a textured robot's
// conversion. Each is read once, however many meshes and parts name it.
func TestPrepareImagesOfMeshLooks(t *testing.T) {
	var pic bytes.Buffer
	img := image.NewRGBA(image.Rect(0, 0, 16, 8))
	img.Set(1, 1, color.RGBA{200, 10, 10, 255})
	if err := jpeg.Encode(&pic, img, nil); err != nil {
		t.Fatal(err)
	}
	var reads atomic.Int32
	texture := func(file string) *convert.Image {
		return &convert.Image{Name: file, File: file, Read: func() ([]byte, error) { reads.Add(1); return pic.Bytes(), nil }}
	}
	g := convert.NewGraph()
	tri := convert.Mesh{Name: "m", Loaded: true, Scale: convert.Vec3{1, 1, 1},
		Positions: []convert.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, Indices: []uint32{0, 1, 2}}
	for _, files := range [][]string{{"a.jpg", "b.jpg"}, {"b.jpg"}} {
		m := tri
		look := &convert.MeshLook{}
		for _, f := range files {
			look.Parts = append(look.Parts, convert.MeshPart{Triangles: 1, Texture: texture(f)})
		}
		m.Look = func() (*convert.MeshLook, convert.Diagnostics, error) { return look, nil, nil }
		mi := g.AddMesh(m)
		shape := g.AddShape(convert.Shape{Kind: convert.TriMesh, Mesh: mi})
		g.AddNode(convert.Node{Name: "v", Transform: convert.Identity(), Visual: &convert.Visual{Shape: shape}}, -1)
	}
	e := &emitter{g: g, v: 4, images: map[string]*sceneImage{}}
	e.prepareImages()
	for _, f := range []string{"a.jpg", "b.jpg"} {
		si := e.images[f]
		if si == nil || si.err != nil || si.w != 16 || si.h != 8 || !bytes.HasPrefix(si.png, []byte("\x89PNG")) {
			t.Errorf("%s: not made ready: %+v", f, si)
		}
	}
	if n := reads.Load(); n != 2 {
		t.Errorf("%d reads of 2 images", n)
	}
}
