package godot

import "github.com/physconv/physconv/internal/gltfx"

// gltfVisuals gives every node the source glTF document draws a visual of
// its mesh, the primitives' materials kept as the mesh's look, so the
// Godot scene shows the model; the emitter writes it as an ArrayMesh of
// one surface per material.
func (e *emitter) gltfVisuals() {
	gltfx.DrawnVisuals(e.g, false, &e.diags)
}
