package gltfx

import (
	"errors"
	"fmt"
	"path"
	"strings"

	"github.com/qmuntal/gltf"

	"github.com/physconv/physconv/convert"
)

// MeshLook returns how mesh draws, aligned with the triangles
// MeshTriangles returns: one part per triangle primitive with its
// material's base colour and base-colour texture, and, when a texture is
// drawn, the texture coordinates of every corner (V up, as
// convert.MeshLook has them; glTF's are V down). A primitive without a
// material has no colour of its own. nil when the mesh names no
// material. Textures read from another coordinate set than the one given
// as TEXCOORD_n, or images that cannot be read, are left out with the
// reason in the returned messages.
func MeshLook(d *Doc, mesh int) (*convert.MeshLook, []string) {
	if mesh < 0 || mesh >= len(d.GLTF.Meshes) {
		return nil, nil
	}
	var look convert.MeshLook
	var uv [][2]float64
	var why []string
	named, textured := false, false
	for k, prim := range d.GLTF.Meshes[mesh].Primitives {
		if prim.Mode != gltf.PrimitiveTriangles && prim.Mode != gltf.PrimitiveTriangleStrip && prim.Mode != gltf.PrimitiveTriangleFan {
			continue
		}
		tris, err := d.primitiveCorners(prim)
		if err != nil {
			return nil, nil // MeshTriangles reports it
		}
		part := convert.MeshPart{Triangles: len(tris) / 3}
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
					why = append(why, fmt.Sprintf("meshes[%d].primitives[%d]: base-colour texture left out: %v", mesh, k, err))
				} else {
					part.Texture, set, textured = im, coords, true
				}
			}
		}
		for _, v := range tris {
			var t [2]float64
			if 2*int(v)+1 < len(set) {
				t = [2]float64{set[2*v], 1 - set[2*v+1]}
			}
			uv = append(uv, t)
		}
		look.Parts = append(look.Parts, part)
	}
	if !named {
		return nil, why
	}
	if textured {
		look.UV = uv
	}
	return &look, why
}

// primitiveCorners returns a triangle primitive's vertex indices, three
// per triangle, in the order MeshTriangles lists them.
func (d *Doc) primitiveCorners(prim *gltf.Primitive) ([]uint32, error) {
	pa, ok := prim.Attributes["POSITION"]
	if !ok || pa < 0 || pa >= len(d.GLTF.Accessors) {
		return nil, errors.New("no POSITION")
	}
	nv := d.GLTF.Accessors[pa].Count
	var order []uint32
	if prim.Indices != nil {
		raw, err := d.readAccessor(*prim.Indices, gltf.AccessorScalar)
		if err != nil {
			return nil, err
		}
		order = make([]uint32, len(raw))
		for i, f := range raw {
			if f < 0 || int(f) >= nv {
				return nil, errors.New("index out of range")
			}
			order[i] = uint32(f)
		}
	} else {
		order = make([]uint32, nv)
		for i := range order {
			order[i] = uint32(i)
		}
	}
	return triangleList(prim.Mode, order), nil
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
	if p, err := relativeURI(im.URI); err == nil && im.URI != "" && !strings.HasPrefix(im.URI, "data:") {
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
