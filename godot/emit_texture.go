package godot

import (
	"errors"
	"fmt"
	"path"
	"path/filepath"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
	"github.com/physconv/physconv/internal/tscn"
)

// sideImage is a texture image checked for the output: the side file it
// is written as, or why it cannot be.
type sideImage struct {
	name string // textures/NAME beside the scene
	data []byte
	err  error
	id   string // its ext_resource, once written
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

// image reads and checks an image once per file, naming its side file
// textures/NAME (numbered when two files share a name).
func (e *emitter) image(im *convert.Image) *sideImage {
	if si, ok := e.images[im.File]; ok {
		return si
	}
	si := &sideImage{err: errors.New("not found")}
	if im.Read != nil {
		si.data, si.err = im.Read()
	}
	if si.err == nil {
		_, si.err = gltfx.ImageType(si.data)
	}
	if si.err == nil {
		base := path.Base(strings.ReplaceAll(im.Name, "\\", "/"))
		ext := path.Ext(base)
		stem := gltfx.SafeFileName(strings.TrimSuffix(base, ext))
		if stem == "" {
			stem = "image"
		}
		si.name = "textures/" + stem + ext
		for k := 2; e.sideTaken[si.name]; k++ {
			si.name = fmt.Sprintf("textures/%s_%d%s", stem, k, ext)
		}
		e.sideTaken[si.name] = true
	}
	e.images[im.File] = si
	return si
}

// textureExt writes image im beside the scene and returns its
// Texture2D ext_resource, once per image. The path is res:// when the
// output lies in a Godot project, else relative to the scene (Godot
// resolves it against the scene's folder).
func (e *emitter) textureExt(im *convert.Image) tscn.Value {
	si := e.image(im)
	if si.id == "" {
		e.files[si.name] = si.data
		if im.SourceFile != "" {
			e.links[si.name] = im.SourceFile
		}
		si.id = e.addExtTagged("Texture2D", e.resDir+si.name, "tex").ID
	}
	return tscn.Ref{Kind: "ExtResource", ID: si.id}
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
	props = append(props, tscn.Prop{Key: "albedo_texture", Value: e.textureExt(im)})
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

// outputResDir is the res:// folder of the output file when it lies in a
// Godot project, "" otherwise (side files are then named relative to the
// scene).
func outputResDir(out string) string {
	if out == "" || out == "-" {
		return ""
	}
	dir, err := filepath.Abs(filepath.Dir(out))
	if err != nil {
		return ""
	}
	root := ProjectRoot(dir)
	if root == "" {
		return ""
	}
	rel, err := filepath.Rel(root, dir)
	if err != nil || strings.HasPrefix(rel, "..") {
		return ""
	}
	if rel == "." {
		return "res://"
	}
	return "res://" + filepath.ToSlash(rel) + "/"
}
