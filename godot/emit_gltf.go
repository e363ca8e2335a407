package godot

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
)

// gltfVisuals gives every node the source glTF document draws (a node in
// its scene with a mesh) a visual of that mesh's triangles and materials
// (base colour and texture per primitive), so the Godot scene shows the
// model; the emitter writes it as an ArrayMesh. Meshes
// only physics uses (geometry nodes outside the scene) stay out. A mesh
// whose triangles cannot be read is reported and left out.
func (e *emitter) gltfVisuals() {
	d := gltfx.SourceDoc(e.g)
	if d == nil {
		return
	}
	g := e.g
	shapes := map[int]int{} // glTF mesh → Graph shape, -1 unreadable
	stack := append([]int(nil), g.Roots...)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = append(stack[:len(stack)-1], g.Nodes[i].Children...)
		if i >= len(d.GLTF.Nodes) || d.GLTF.Nodes[i].Mesh == nil || g.Nodes[i].Visual != nil {
			continue
		}
		mi := *d.GLTF.Nodes[i].Mesh
		s, ok := shapes[mi]
		if !ok {
			s = -1
			pos, idx, err := gltfx.MeshTriangles(d, mi)
			switch {
			case err != nil:
				e.note(convert.CodeVisualDropped, g.VisualSubject(i), g.NodeLabel(i), "mesh %d cannot be read (%v); the node is written without it", mi, err)
			case len(idx) > 0:
				mesh := convert.Mesh{Name: d.GLTF.Meshes[mi].Name, Positions: pos, Indices: idx, Loaded: true, Scale: convert.Vec3{1, 1, 1}}
				look, why := gltfx.MeshLook(d, mi)
				for _, w := range why {
					e.note(convert.CodeTextureDropped, g.VisualSubject(i), g.NodeLabel(i), "%s", w)
				}
				if look != nil {
					mesh.Look = func() (*convert.MeshLook, convert.Diagnostics, error) { return look, nil, nil }
				}
				m := g.AddMesh(mesh)
				s = g.AddShape(convert.Shape{Kind: convert.TriMesh, Name: d.GLTF.Meshes[mi].Name, Mesh: m})
			}
			shapes[mi] = s
		}
		if s >= 0 {
			g.Nodes[i].Visual = &convert.Visual{Shape: s}
		}
	}
}
