// Package meshio reads triangle meshes from the files robot descriptions
// reference (STL binary and ASCII, Wavefront OBJ, COLLADA .dae) and writes
// binary STL. Meshes come back in the file's own length unit and axes,
// except COLLADA, whose <unit meter> is applied and whose up_axis is turned
// into Z-up (the frame URDF and MJCF place meshes in), as ROS tools do.
//
// Decoders never panic on malformed input; they return an error that says
// what is wrong. Identical vertices are merged so closed meshes stay closed
// for volume integration.
package meshio

import (
	"fmt"
	"path"
	"strings"

	"github.com/physconv/physconv/convert"
)

// Mesh is an indexed triangle mesh; Indices hold three entries per
// triangle, counter-clockwise seen from outside.
type Mesh struct {
	Positions []convert.Vec3
	Indices   []uint32
}

// Decode reads a mesh file, choosing the decoder by the file's extension
// (case-insensitive: .stl, .obj, .dae).
func Decode(name string, data []byte) (*Mesh, error) {
	switch ext := strings.ToLower(path.Ext(name)); ext {
	case ".stl":
		return DecodeSTL(data)
	case ".obj":
		return DecodeOBJ(data)
	case ".dae":
		return DecodeDAE(data)
	default:
		return nil, fmt.Errorf("meshio: unsupported mesh format %q", ext)
	}
}

// builder merges identical vertices while a decoder adds triangles.
type builder struct {
	m     Mesh
	index map[convert.Vec3]uint32
}

func newBuilder() *builder { return &builder{index: map[convert.Vec3]uint32{}} }

func (b *builder) vertex(p convert.Vec3) uint32 {
	if i, ok := b.index[p]; ok {
		return i
	}
	i := uint32(len(b.m.Positions))
	b.m.Positions = append(b.m.Positions, p)
	b.index[p] = i
	return i
}

func (b *builder) triangle(p0, p1, p2 convert.Vec3) {
	b.m.Indices = append(b.m.Indices, b.vertex(p0), b.vertex(p1), b.vertex(p2))
}

func (b *builder) mesh() *Mesh { return &b.m }
