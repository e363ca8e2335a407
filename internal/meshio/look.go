package meshio

import (
	"path"
	"strings"

	"github.com/physconv/physconv/convert"
)

// Sibling is the reference of a file a mesh file names (an image, an
// .mtl) relative to itself: rel beside meshRef, kept in meshRef's scheme
// (package://, file://, model://) so it resolves the way the mesh did.
// An absolute rel or one with a scheme stands as it is.
func Sibling(meshRef, rel string) string {
	rel = strings.ReplaceAll(rel, "\\", "/")
	if strings.Contains(rel, "://") || path.IsAbs(rel) {
		return rel
	}
	i := strings.LastIndex(meshRef, "/")
	if i < 0 {
		return rel
	}
	return meshRef[:i+1] + rel
}

// Look is how m draws, for convert.Mesh.Look: its parts with OBJ
// materials read from its mtllib files (through open, by reference beside
// meshRef) and images made by image from their references. A library
// that cannot be read is a diagnostic (subject and where place it); its
// parts keep no colour.
func Look(m *Mesh, meshRef string, open func(ref string) ([]byte, error), image func(ref string) *convert.Image, subj convert.Subject, where string) (*convert.MeshLook, convert.Diagnostics) {
	var diags convert.Diagnostics
	parts := m.Parts
	if len(m.MaterialLibs) > 0 {
		lib := map[string]MTL{}
		for _, name := range m.MaterialLibs {
			ref := Sibling(meshRef, name)
			data, err := open(ref)
			if err == nil {
				var l map[string]MTL
				if l, err = DecodeMTL(data); err == nil {
					for k, v := range l {
						lib[k] = v
					}
					continue
				}
			}
			diags.Add(convert.CodeTextureDropped, subj, where, "material library %q of mesh %q is not read (%v); its materials' colours and textures are not carried", name, meshRef, err)
		}
		parts = ApplyMTL(m, lib)
	}
	if len(parts) == 0 && m.UV == nil {
		return nil, diags
	}
	look := &convert.MeshLook{UV: m.UV}
	images := map[string]*convert.Image{}
	for _, p := range parts {
		mp := convert.MeshPart{Triangles: p.Triangles, Color: p.Color}
		if p.Texture != "" {
			ref := Sibling(meshRef, p.Texture)
			if images[ref] == nil {
				images[ref] = image(ref)
			}
			mp.Texture = images[ref]
		}
		look.Parts = append(look.Parts, mp)
	}
	return look, diags
}
