package gltfx

import (
	"fmt"
	"path"
	"strings"

	"github.com/qmuntal/gltf"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfrefs"
)

// MeshTrianglesLook is MeshTriangles with how the mesh draws, aligned
// with those triangles: one part per triangle primitive with its
// material's base colour and base-colour texture, and, when a texture is
// drawn, the texture coordinates of every corner (V up, as
// convert.MeshLook has them; glTF's are V down). A primitive without a
// material has no colour of its own. The look is nil when the mesh names
// no material. Textures read from a coordinate set the primitive does not
// have, or images that cannot be read, are left out with the reason in
// why. The primitives are read once for both.
func MeshTrianglesLook(d *Doc, mesh int) (pos []convert.Vec3, idx []uint32, look *convert.MeshLook, why []string, err error) {
	type span struct {
		prim       int
		base       uint32
		start, end int // its triangles
	}
	var spans []span
	tris := 0
	pos, idx, err = meshTriangles(d, mesh, func(k int, base uint32, n int) {
		spans = append(spans, span{k, base, tris, tris + n})
		tris += n
	})
	if err != nil {
		return nil, nil, nil, nil, err
	}
	var l convert.MeshLook
	var uv [][2]float64
	named, textured := false, false
	for _, sp := range spans {
		prim := d.GLTF.Meshes[mesh].Primitives[sp.prim]
		part := convert.MeshPart{Triangles: sp.end - sp.start}
		var set []float64
		if m := prim.Material; m != nil && *m >= 0 && *m < len(d.GLTF.Materials) {
			named = true
			pbr := d.GLTF.Materials[*m].PBRMetallicRoughness
			c := [4]float64{1, 1, 1, 1}
			if pbr != nil {
				c = pbr.BaseColorFactorOrDefault()
			}
			part.Color = &c
			if pbr != nil && pbr.BaseColorTexture != nil {
				im, coords, err := d.baseColorTexture(prim, pbr.BaseColorTexture)
				if err != nil {
					why = append(why, fmt.Sprintf("meshes[%d].primitives[%d]: base-colour texture left out: %v", mesh, sp.prim, err))
				} else {
					part.Texture, set, textured = im, coords, true
				}
			}
		}
		for _, v := range idx[3*sp.start : 3*sp.end] {
			var t [2]float64
			if local := int(v - sp.base); 2*local+1 < len(set) {
				t = [2]float64{set[2*local], 1 - set[2*local+1]}
			}
			uv = append(uv, t)
		}
		l.Parts = append(l.Parts, part)
	}
	if !named {
		return pos, idx, nil, why, nil
	}
	if textured {
		l.UV = uv
	}
	return pos, idx, &l, why, nil
}

// baseColorTexture returns the image a base-colour texture draws and the
// primitive's coordinates for it (two per vertex, V down).
func (d *Doc) baseColorTexture(prim *gltf.Primitive, ti *gltf.TextureInfo) (*convert.Image, []float64, error) {
	if ti.Index < 0 || ti.Index >= len(d.GLTF.Textures) || d.GLTF.Textures[ti.Index].Source == nil {
		return nil, nil, fmt.Errorf("texture %d has no image", ti.Index)
	}
	src := *d.GLTF.Textures[ti.Index].Source
	if src < 0 || src >= len(d.GLTF.Images) {
		return nil, nil, fmt.Errorf("texture %d names image %d of %d", ti.Index, src, len(d.GLTF.Images))
	}
	ta, ok := prim.Attributes[fmt.Sprintf("TEXCOORD_%d", ti.TexCoord)]
	if !ok {
		return nil, nil, fmt.Errorf("the primitive has no TEXCOORD_%d", ti.TexCoord)
	}
	coords, err := d.readAccessor(ta, gltf.AccessorVec2)
	if err != nil {
		return nil, nil, err
	}
	data, name, err := d.imageBytes(src)
	if err != nil {
		return nil, nil, err
	}
	im := &convert.Image{Name: name, File: fmt.Sprintf("gltf-image:%d", src), Read: func() ([]byte, error) { return data, nil }}
	return im, coords, nil
}

// imageBytes returns image i's bytes (from a buffer view, a data URI or
// the file its relative URI names, as Decode read it) and a file name
// for it with the extension its type has.
func (d *Doc) imageBytes(i int) ([]byte, string, error) {
	im := d.GLTF.Images[i]
	var data []byte
	switch {
	case im.BufferView != nil:
		v := *im.BufferView
		if v < 0 || v >= len(d.GLTF.BufferViews) {
			return nil, "", fmt.Errorf("image %d: buffer view %d out of range", i, v)
		}
		bv := d.GLTF.BufferViews[v]
		if bv.Buffer < 0 || bv.Buffer >= len(d.GLTF.Buffers) || bv.ByteOffset+bv.ByteLength > len(d.GLTF.Buffers[bv.Buffer].Data) {
			return nil, "", fmt.Errorf("image %d: buffer view %d lies outside its buffer", i, v)
		}
		data = d.GLTF.Buffers[bv.Buffer].Data[bv.ByteOffset : bv.ByteOffset+bv.ByteLength]
	case strings.HasPrefix(im.URI, "data:"):
		var err error
		if data, err = decodeDataURI(im.URI); err != nil {
			return nil, "", fmt.Errorf("image %d: %v", i, err)
		}
	default:
		var ok bool
		if data, ok = d.Resources[im.URI]; !ok {
			return nil, "", fmt.Errorf("image %q was not read", im.URI)
		}
	}
	mime, err := ImageType(data)
	if err != nil {
		return nil, "", fmt.Errorf("image %d: %v", i, err)
	}
	ext := map[string]string{"image/png": ".png", "image/jpeg": ".jpg"}[mime]
	name := im.Name
	if p, err := gltfrefs.RelativePath(im.URI); err == nil && im.URI != "" && !strings.HasPrefix(im.URI, "data:") {
		name = path.Base(p)
	}
	if name == "" {
		name = fmt.Sprintf("image_%d", i)
	}
	if !strings.EqualFold(path.Ext(name), ext) {
		name += ext
	}
	return data, name, nil
}
