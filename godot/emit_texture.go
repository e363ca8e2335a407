package godot

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/draw"
	_ "image/jpeg" // JPEG textures are decoded to be embedded as PNG
	"image/png"
	"path"
	"runtime"
	"strings"
	"sync"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
	"github.com/physconv/physconv/internal/tscn"
)

// sceneImage is a texture image checked for the output: the PNG it is
// embedded as, or why it cannot be.
type sceneImage struct {
	name string // resource_name: the source file's stem
	png  []byte
	w, h int
	err  error
	id   string // its sub_resource, once written
}

// visualTexture returns the texture node i's visual is drawn with, nil
// (reported) when there is none the output can carry: Godot 3 output
// carries none, and an image must be a readable PNG or JPEG.
func (e *emitter) visualTexture(i int, v *convert.Visual) *convert.Image {
	im := v.Texture
	if im == nil {
		return nil
	}
	if e.v == 3 {
		e.note(convert.CodeTextureDropped, e.g.VisualSubject(i), e.name(i), "texture %q is not carried: Godot 3 output writes visuals' colours only", im.Name)
		return nil
	}
	si := e.image(im)
	if si.err != nil {
		e.note(convert.CodeTextureDropped, e.g.VisualSubject(i), e.name(i), "texture %q is not carried (%v); the visual is drawn in its colour", im.Name, si.err)
		return nil
	}
	return im
}

// image reads and checks an image once per file; a JPEG is re-encoded
// as PNG, the one lossless form a scene can embed.
func (e *emitter) image(im *convert.Image) *sceneImage {
	if si, ok := e.images[im.File]; ok {
		return si
	}
	si := readImage(im)
	si.embed()
	e.images[im.File] = si
	return si
}

// prepareImages reads every texture the visuals name and makes them
// ready to embed on every core: decoding a JPEG and encoding it as PNG
// is most of a textured robot's conversion to Godot 4. The files are
// read one after another (the input's file system is not asked from two
// goroutines); image then finds each ready.
func (e *emitter) prepareImages() {
	if e.v == 3 {
		return
	}
	var ready []*sceneImage
	add := func(im *convert.Image) {
		if _, ok := e.images[im.File]; ok {
			return
		}
		si := readImage(im)
		e.images[im.File] = si
		ready = append(ready, si)
	}
	looked := map[int]bool{}
	for i := range e.g.Nodes {
		v := e.g.Nodes[i].Visual
		if v == nil {
			continue
		}
		if v.Texture != nil {
			add(v.Texture)
			continue
		}
		// the images of a mesh file's own materials (a COLLADA or OBJ
		// robot's textures), which lookMesh embeds; its diagnostics are
		// lookMesh's to report
		if v.Shape < 0 || v.Shape >= len(e.g.Shapes) {
			continue
		}
		sh := e.g.Shapes[v.Shape]
		if sh.Kind != convert.TriMesh && sh.Kind != convert.Convex {
			continue
		}
		mi := sh.Mesh
		if mi < 0 || mi >= len(e.g.Meshes) || looked[mi] || e.g.Meshes[mi].Look == nil {
			continue
		}
		if p, _ := e.g.Meshes[mi].Extras[extraMeshPath].(string); p != "" {
			continue // written as the file it is
		}
		looked[mi] = true
		if look, _, err := e.g.Meshes[mi].Look(); err == nil && look != nil {
			for _, part := range look.Parts {
				if part.Texture != nil {
					add(part.Texture)
				}
			}
		}
	}
	// a format package pulls no application dependency (errgroup): a
	// wait group and a token per core do
	var wg sync.WaitGroup
	tokens := make(chan struct{}, runtime.GOMAXPROCS(0))
	for _, si := range ready {
		tokens <- struct{}{}
		wg.Go(func() {
			defer func() {
				if r := recover(); r != nil { // a decoder's, off the emitter's goroutine
					si.err = fmt.Errorf("the image cannot be decoded: %v", r)
				}
				<-tokens
			}()
			si.embed()
		})
	}
	wg.Wait()
}

// readImage reads an image's bytes and names it; embed does the rest.
func readImage(im *convert.Image) *sceneImage {
	si := &sceneImage{err: errors.New("not found")}
	if im.Read != nil {
		si.png, si.err = im.Read()
	}
	base := path.Base(strings.ReplaceAll(im.Name, "\\", "/"))
	si.name = strings.TrimSuffix(base, path.Ext(base))
	return si
}

// embed checks the bytes read and makes them the PNG to embed: a PNG is
// embedded as it is, so its header is all that is read; a JPEG is
// decoded and written as PNG.
func (si *sceneImage) embed() {
	if si.err != nil {
		return
	}
	data := si.png
	var mime string
	if mime, si.err = gltfx.ImageType(data); si.err != nil {
		return
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err == nil && mime != "image/png" {
		var pic image.Image
		if pic, _, err = image.Decode(bytes.NewReader(data)); err == nil {
			si.png, err = losslessPNG(pic)
		}
	}
	if err != nil {
		si.err = err
		return
	}
	si.w, si.h = cfg.Width, cfg.Height
}

// losslessPNG encodes a decoded image (a JPEG's) as PNG, quickly: the
// PNG encoder reads an RGBA image a row at a time but any other kind a
// pixel at a time through an interface, so a JPEG's YCbCr is converted
// first; and it compresses at its fastest level, which for photographic
// textures costs a few per cent of size and a fifth of the time (a
// robot's fifteen 2k textures took seven seconds).
func losslessPNG(pic image.Image) ([]byte, error) {
	if _, ok := pic.(*image.YCbCr); ok {
		rgba := image.NewRGBA(pic.Bounds())
		draw.Draw(rgba, rgba.Rect, pic, pic.Bounds().Min, draw.Src)
		pic = rgba
	}
	var b bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&b, pic); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// Godot's PortableCompressedTexture2D data: a 20-byte header (compression
// mode, data format, image format, mipmap count, width, height; little
// endian) and per mipmap level its byte count and its image, a PNG behind
// Godot's own 4-byte "PNG " tag.
const (
	portableLossless = 0 // COMPRESSION_MODE_LOSSLESS
	portablePNG      = 2 // DATA_FORMAT_PNG
	imageRGBA8       = 5 // Image::FORMAT_RGBA8
)

// textureSub embeds image im in the scene as a PortableCompressedTexture2D
// and returns its reference, once per image: the scene then loads in any
// Godot 4 game, with no import step (an image file beside it is only
// usable once the editor has imported it).
func (e *emitter) textureSub(im *convert.Image) tscn.Value {
	si := e.image(im)
	if si.id == "" {
		data := make([]byte, 24, 28+len(si.png))
		binary.LittleEndian.PutUint16(data[0:], portableLossless)
		binary.LittleEndian.PutUint16(data[2:], portablePNG)
		binary.LittleEndian.PutUint32(data[4:], imageRGBA8)
		binary.LittleEndian.PutUint32(data[8:], 1)
		binary.LittleEndian.PutUint32(data[12:], uint32(si.w))
		binary.LittleEndian.PutUint32(data[16:], uint32(si.h))
		binary.LittleEndian.PutUint32(data[20:], uint32(4+len(si.png)))
		data = append(append(data, "PNG "...), si.png...)
		var props []tscn.Prop
		if si.name != "" {
			props = append(props, tscn.Prop{Key: "resource_name", Value: si.name})
		}
		props = append(props, tscn.Prop{Key: "_data", Value: &tscn.Call{Name: "PackedByteArray", Bytes: data}})
		si.id = e.addSub("PortableCompressedTexture2D", props).ID
	}
	return e.refFromID(si.id)
}

// textureMaterial writes a StandardMaterial3D drawing image im (times
// colour c when there is one), once per image and colour.
func (e *emitter) textureMaterial(c *[4]float64, im *convert.Image) tscn.Value {
	key := "texture#" + im.File
	if c != nil {
		key += fmt.Sprintf("#%v", *c)
	}
	if id, ok := e.meshIDs[key]; ok {
		return e.refFromID(id)
	}
	var props []tscn.Prop
	if c != nil {
		if c[3] < 1 {
			props = append(props, tscn.Prop{Key: "transparency", Value: int64(1)})
		}
		props = append(props, tscn.Prop{Key: "albedo_color", Value: &tscn.Call{Name: "Color", Args: []tscn.Value{c[0], c[1], c[2], c[3]}}})
	}
	props = append(props, tscn.Prop{Key: "albedo_texture", Value: e.textureSub(im)})
	ref := e.addSub("StandardMaterial3D", props)
	e.meshIDs[key] = ref.ID
	return ref
}

// uvMesh writes the surface of shape s with texture coordinates as an
// ArrayMesh, once per shape: primitives with the mapping the glTF output
// uses (gltfx.TessellateUV), mesh files with their own coordinates. ok is
// false (reported) when the shape has none.
func (e *emitter) uvMesh(i, s int) (tscn.Value, bool) {
	key := fmt.Sprintf("uvmesh#%d", s)
	if id, ok := e.meshIDs[key]; ok {
		return e.refFromID(id), true
	}
	sh := e.g.Shapes[s]
	surf, ok := gltfx.TessellateUV(sh)
	why := "the shape has no surface"
	if !ok && (sh.Kind == convert.TriMesh || sh.Kind == convert.Convex) && sh.Mesh >= 0 && sh.Mesh < len(e.g.Meshes) {
		surf, why = e.meshUV(i, &e.g.Meshes[sh.Mesh])
		ok = why == ""
	}
	if !ok || len(surf.Indices) < 3 {
		e.note(convert.CodeTextureDropped, e.g.VisualSubject(i), e.name(i), "texture %q is not carried (%s); the visual is drawn in its colour", e.g.Nodes[i].Visual.Texture.Name, why)
		return nil, false
	}
	ref := e.surfaceMesh(surf.Positions, surf.Indices, surf.UV, [2]convert.Vec3{})
	e.meshIDs[key] = ref.ID
	return ref, true
}

// meshUV returns a mesh file's triangles with their texture coordinates
// (V down, as Godot and glTF have them), or why there are none.
func (e *emitter) meshUV(i int, m *convert.Mesh) (gltfx.Surface, string) {
	pos, idx, ok, err := m.Triangles()
	switch {
	case err != nil:
		return gltfx.Surface{}, err.Error()
	case !ok || len(idx) == 0:
		return gltfx.Surface{}, "the mesh has no triangles"
	case m.Look == nil:
		return gltfx.Surface{}, "the mesh has no texture coordinates"
	}
	look, diags, err := m.Look()
	for _, dg := range diags {
		if dg.Subject.IsZero() {
			dg.Subject = e.g.VisualSubject(i)
		}
		e.diags = append(e.diags, dg)
	}
	if err != nil {
		return gltfx.Surface{}, err.Error()
	}
	if look == nil || len(look.UV) != len(idx) {
		return gltfx.Surface{}, "the mesh has no texture coordinates"
	}
	return gltfx.FacetedUV(pos, idx, look.UV), ""
}
