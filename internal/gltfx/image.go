package gltfx

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	_ "image/jpeg" // header decoding for ImageType
	_ "image/png"
	"math"
	"path"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/qmuntal/gltf"
)

// ImageType tells a PNG or JPEG file by its bytes and checks its header
// (a size the standard library decoder accepts, not 0), returning its MIME
// type: glTF core images are PNG or JPEG only, and a file that only
// claims to be one would make the output invalid.
func ImageType(data []byte) (string, error) {
	var mime string
	switch {
	case bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")):
		mime = "image/png"
	case bytes.HasPrefix(data, []byte("\xff\xd8\xff")):
		mime = "image/jpeg"
	default:
		return "", errors.New("not a PNG or JPEG image (glTF takes only those)")
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return "", fmt.Errorf("malformed %s: %v", strings.TrimPrefix(mime, "image/"), err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 {
		return "", fmt.Errorf("%s of size %d×%d", mime, cfg.Width, cfg.Height)
	}
	return mime, nil
}

// texture returns the glTF texture of image im, writing image, sampler
// and texture the first time; -1 (reported once, against the visual on
// node) when the image cannot be carried.
func (w *visualWriter) texture(im *convert.Image, node int) int {
	if t, ok := w.textures[im.File]; ok {
		return t
	}
	w.textures[im.File] = -1
	var data []byte
	err := errors.New("not found")
	if im.Read != nil {
		data, err = im.Read()
	}
	mime := ""
	if err == nil {
		mime, err = ImageType(data)
	}
	if err != nil {
		w.d.Diags.Add(convert.CodeTextureDropped, w.g.VisualSubject(node), w.g.NodeLabel(node), "texture %q is not carried (%v); the visual is drawn in its colour", im.Name, err)
		return -1
	}
	uri := w.imageURI(im, mime)
	if w.d.Resources == nil {
		w.d.Resources = map[string][]byte{}
	}
	if w.d.Embed == nil {
		w.d.Embed = map[string]string{}
	}
	w.d.Resources[uri], w.d.Embed[uri] = data, mime
	name := path.Base(strings.ReplaceAll(im.Name, "\\", "/"))
	w.d.GLTF.Images = append(w.d.GLTF.Images, &gltf.Image{Name: name, URI: uri})
	if w.sampler < 0 {
		// Repeat, as mesh files' coordinates beyond 0..1 (a tiled floor)
		// expect; linear filtering with mipmaps, as viewers default to.
		w.d.GLTF.Samplers = append(w.d.GLTF.Samplers, &gltf.Sampler{MagFilter: gltf.MagLinear, MinFilter: gltf.MinLinearMipMapLinear})
		w.sampler = len(w.d.GLTF.Samplers) - 1
	}
	w.d.GLTF.Textures = append(w.d.GLTF.Textures, &gltf.Texture{Name: name, Sampler: gltf.Index(w.sampler), Source: gltf.Index(len(w.d.GLTF.Images) - 1)})
	t := len(w.d.GLTF.Textures) - 1
	w.textures[im.File] = t
	return t
}

// imageURI names an image beside the output: textures/ and its own file
// name, numbered when two files share a name.
func (w *visualWriter) imageURI(im *convert.Image, mime string) string {
	base := path.Base(strings.ReplaceAll(im.Name, "\\", "/"))
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	if stem == "" || stem == "." || stem == "/" {
		stem = "image"
	}
	if want := map[string]string{"image/png": ".png", "image/jpeg": ".jpg"}[mime]; !strings.EqualFold(ext, want) && !(mime == "image/jpeg" && strings.EqualFold(ext, ".jpeg")) {
		ext = want
	}
	// once per file (texture remembers them): a name another file took
	// is numbered
	safe := SafeFileName(stem)
	return w.uris.Unique("textures/"+safe+ext, func(k int) string { return fmt.Sprintf("textures/%s_%d%s", safe, k, ext) })
}

// SafeFileName keeps a file name to characters a relative URI (and a
// Godot res:// path) takes as they are.
func SafeFileName(s string) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('_')
		}
	}
	return b.String()
}

// addVec2 writes float32 texture coordinates into buffer 0 as a new
// accessor.
func addVec2(d *Doc, vs [][2]float64) int {
	data := make([]byte, 8*len(vs))
	for i, p := range vs {
		for c := 0; c < 2; c++ {
			binary.LittleEndian.PutUint32(data[8*i+4*c:], math.Float32bits(float32(p[c])))
		}
	}
	view := appendView(d, buffer0(d), data, gltf.TargetArrayBuffer)
	d.GLTF.Accessors = append(d.GLTF.Accessors, &gltf.Accessor{BufferView: gltf.Index(view), ComponentType: gltf.ComponentFloat, Count: len(vs), Type: gltf.AccessorVec2})
	return len(d.GLTF.Accessors) - 1
}
