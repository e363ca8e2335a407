package mjcf

import (
	"bytes"
	"fmt"
	"image"
	_ "image/png" // header check of texture images
	pathpkg "path"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/hull"
	"github.com/physconv/physconv/internal/meshio"
)

// visualTexture is the image a visual is drawn with: its own texture, or
// else the one texture its mesh file's parts all use (MuJoCo gives a geom
// one material, so a file that mixes materials keeps only its colour).
func visualTexture(v *convert.Visual, sh convert.Shape, g *convert.Graph) *convert.Image {
	if v.Texture != nil || sh.Kind != convert.TriMesh && sh.Kind != convert.Convex || sh.Mesh < 0 || sh.Mesh >= len(g.Meshes) || g.Meshes[sh.Mesh].Look == nil {
		return v.Texture
	}
	look, _, err := g.Meshes[sh.Mesh].Look()
	if err != nil || look == nil || len(look.Parts) == 0 {
		return nil
	}
	im := look.Parts[0].Texture
	for _, p := range look.Parts {
		if p.Texture == nil || im == nil || p.Texture.File != im.File {
			return nil
		}
	}
	return im
}

// textureGeom gives a visual mesh geom g its texture: the mesh written
// again as OBJ with its texture coordinates (MuJoCo reads them from OBJ
// only), a 2d <texture> of the image beside the output and a <material>
// naming it. A primitive (MuJoCo would wrap the image its own way, not as
// the source did), a mesh without coordinates and an image MuJoCo cannot
// read (it takes PNG) are reported and drawn in the colour alone.
func (e *emitter) textureGeom(g *Element, sh convert.Shape, sc convert.Vec3, im *convert.Image, node int) {
	drop := func(format string, args ...any) {
		e.diags.Add(convert.CodeTextureDropped, e.subj, e.names[node], "texture %q is not written: "+format+"; the geom keeps its colour", append([]any{im.Name}, args...)...)
	}
	if sh.Kind != convert.TriMesh && sh.Kind != convert.Convex {
		drop("MuJoCo maps a 2d texture onto a %s its own way, not as the source does", sh.Kind)
		return
	}
	// the image first: a mesh written again for a texture that is then
	// dropped would be an asset no geom uses
	data, err := e.png(im)
	if err != nil {
		drop("%v", err)
		return
	}
	mesh, ok := e.uvMesh(sh.Mesh, sc, g.AttrOr("mesh", ""))
	if !ok {
		drop("its mesh has no texture coordinates")
		return
	}
	tex := e.texture(im, data)
	if e.texMaterials == nil {
		e.texMaterials = map[string]string{}
	}
	mat, ok := e.texMaterials[tex]
	if !ok {
		mat = e.uniqueName("material", tex)
		e.asset.AddChild("material", "name", mat, "texture", tex)
		e.texMaterials[tex] = mat
	}
	g.SetAttr("mesh", mesh)
	g.SetAttr("material", mat)
}

// uvMesh writes mesh mi again as OBJ with its file's texture coordinates,
// beside the asset plain named (whose scale it takes); ok is false when
// the mesh has none.
func (e *emitter) uvMesh(mi int, sc convert.Vec3, plain string) (string, bool) {
	if mi < 0 || mi >= len(e.g.Meshes) || e.g.Meshes[mi].Look == nil {
		return "", false
	}
	key := plain
	if name, ok := e.uvMeshes[key]; ok {
		return name, true
	}
	m := e.g.Meshes[mi]
	pos, idx, ok, err := m.Triangles()
	if !ok || err != nil {
		return "", false
	}
	look, _, err := m.Look()
	if err != nil || look == nil || len(look.UV) != len(idx) {
		return "", false
	}
	uv := look.UV
	if e.flat[mi] != nil {
		// thickened as the plain asset is (see mesh), the back faces
		// taking their front faces' coordinates
		s := sc
		if m.Scale != (convert.Vec3{}) {
			s = s.Mul(m.Scale)
		}
		if pos, idx, ok = hull.ThickenFlat(pos, idx, s); !ok {
			return "", false
		}
		uv = append(make([][2]float64, 0, 2*len(uv)), uv...)
		for k := 0; k+2 < len(look.UV); k += 3 {
			uv = append(uv, look.UV[k], look.UV[k+2], look.UV[k+1])
		}
	}
	name := e.uniqueName("mesh", plain+"_uv")
	el := e.asset.AddChild("mesh", "name", name)
	e.encodeLater("meshes/"+name+".obj", func() []byte {
		return meshio.EncodeOBJ(&meshio.Mesh{Positions: pos, Indices: idx, UV: uv})
	})
	el.SetAttr("file", e.meshPrefix()+name+".obj")
	for _, c := range e.asset.Children {
		if c.Name == "mesh" && c.AttrOr("name", "") == plain {
			if v, ok := c.Attr("scale"); ok {
				el.SetAttr("scale", v)
			}
		}
	}
	if e.uvMeshes == nil {
		e.uvMeshes = map[string]string{}
	}
	e.uvMeshes[key] = name
	return name, true
}

// png reads image im and checks that MuJoCo can take it: a well-formed
// PNG. An image already written as a texture is not read again (nil
// data).
func (e *emitter) png(im *convert.Image) ([]byte, error) {
	if _, ok := e.textures[im.File]; ok {
		return nil, nil
	}
	if im.Read == nil {
		return nil, fmt.Errorf("the image was not found")
	}
	data, err := im.Read()
	if err != nil {
		return nil, fmt.Errorf("the image cannot be read (%v)", err)
	}
	if !bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n")) {
		return nil, fmt.Errorf("MuJoCo reads PNG textures only")
	}
	if cfg, _, err := image.DecodeConfig(bytes.NewReader(data)); err != nil || cfg.Width <= 0 || cfg.Height <= 0 {
		return nil, fmt.Errorf("malformed PNG (%v)", err)
	}
	return data, nil
}

// texture writes image im, its bytes data as png read them, as a 2d
// <texture> (the file under textures/ beside the output) once, and
// returns its name.
func (e *emitter) texture(im *convert.Image, data []byte) string {
	if name, ok := e.textures[im.File]; ok {
		return name
	}
	base := pathpkg.Base(strings.ReplaceAll(im.Name, "\\", "/"))
	stem := sanitize(strings.TrimSuffix(base, pathpkg.Ext(base)))
	name := e.uniqueName("texture", stem)
	file := "textures/" + name + ".png"
	ref := e.referenceTo(im.SourceFile)
	if ref == "" {
		e.out.Files[file] = data
		if im.SourceFile != "" && e.opts.SideFiles != "copy" {
			e.linkSide(file, im.SourceFile)
		}
		ref = file
	}
	e.asset.AddChild("texture", "name", name, "type", "2d", "file", ref)
	if e.textures == nil {
		e.textures = map[string]string{}
	}
	e.textures[im.File] = name
	return name
}
