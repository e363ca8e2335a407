package urdf

import (
	"path"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
	"github.com/physconv/physconv/internal/meshio"
)

// isSceneFile reports a mesh reference to a glTF file (.gltf or .glb).
// Gazebo, RViz and MoveIt draw such a file whole: every node of its scene
// that draws a mesh, where the node puts it, in the file's coordinates as
// the link's (no turn from glTF's Y up, as COLLADA's up_axis is not
// applied either). Drake, which turns glTF to Z up, reads it otherwise.
func isSceneFile(name string) bool {
	switch strings.ToLower(path.Ext(name)) {
	case ".gltf", ".glb":
		return true
	}
	return false
}

// meshTriangles returns the function that decodes the bytes of the mesh
// file ref (found at resolved) into triangles, in the file's unit: a glTF
// file as its whole scene, others by meshio. Triangles read are charged to
// budget (nil for none); a glTF file's first reading charges the input's
// own budget, as any glTF document read does.
func (p *parser) meshTriangles(ref, resolved string, budget *convert.Budget) func([]byte) ([]convert.Vec3, []uint32, error) {
	return func(data []byte) ([]convert.Vec3, []uint32, error) {
		if isSceneFile(resolved) {
			s, err := p.readScene(ref, data, budget)
			if err != nil {
				return nil, nil, err
			}
			return s.Positions, s.Indices, nil
		}
		m, err := meshio.DecodeCached(p.in.Decoded(), resolved, data, budget)
		if err != nil {
			return nil, nil, err
		}
		return m.Positions, m.Indices, nil
	}
}

// sceneCacheKind names flattened glTF files in the conversion's cache of
// decoded files. The reference is part of it: a .gltf's buffers are files
// beside it, so the same JSON in another folder may draw something else.
const sceneCacheKind = "urdf:gltf-scene:"

// readScene reads the glTF file ref (its bytes data) as one mesh, once
// per conversion: its buffers and images are found beside it under the
// input's rules, its size is held to the input's limits (its triangles
// charged to the input's budget). Read again, its triangles are charged
// to budget (nil for none).
func (p *parser) readScene(ref string, data []byte, budget *convert.Budget) (*gltfx.SceneMesh, error) {
	cache := p.in.Decoded()
	kind := sceneCacheKind + ref
	if v, ok := cache.Load(kind, data); ok {
		s := v.(*gltfx.SceneMesh)
		if err := budget.Triangles("mesh file "+ref, int64(len(s.Indices)/3)); err != nil {
			return nil, err
		}
		return s, nil
	}
	sub, err := p.in.Referenced(ref, data)
	if err != nil {
		return nil, err
	}
	d, err := gltfx.Decode(sub)
	if err != nil {
		return nil, err
	}
	s, err := gltfx.FlattenScene(d)
	if err != nil {
		return nil, err
	}
	// reading the document counted its triangles against the input's
	// budget already
	cache.Store(kind, data, s)
	return s, nil
}

// sceneNotes are the diagnostics of a glTF file drawn as one mesh: the
// textures its look leaves out, and its animations and skins.
func sceneNotes(s *gltfx.SceneMesh, ref, where string) convert.Diagnostics {
	var diags convert.Diagnostics
	for _, n := range s.Notes {
		diags.Add(convert.CodeTextureDropped, convert.Subject{}, where, "mesh %q: %s", ref, n)
	}
	if s.Skinned > 0 || s.Animations > 0 {
		diags.Add(convert.CodeAnimationDropped, convert.Subject{}, where, "mesh %q has %d animation(s) and %d skinned mesh node(s): it is drawn still, skinned meshes in their bind pose", ref, s.Animations, s.Skinned)
	}
	return diags
}
