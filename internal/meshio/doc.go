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
	"errors"
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
// (case-insensitive: .stl, .obj, .dae). The triangles it builds (COLLADA
// instances counted each time) are charged to budget, which may be nil.
func Decode(name string, data []byte, budget *convert.Budget) (*Mesh, error) {
	b := newBuilder()
	b.budget, b.file = budget, name
	var err error
	switch ext := strings.ToLower(path.Ext(name)); ext {
	case ".stl":
		err = decodeSTL(data, b)
	case ".obj":
		err = decodeOBJ(data, b)
	case ".dae":
		err = decodeDAE(data, b)
	default:
		return nil, fmt.Errorf("meshio: unsupported mesh format %q", ext)
	}
	if err == nil {
		err = b.flush()
	}
	if err != nil {
		return nil, err
	}
	return b.mesh(), nil
}

// builder merges identical vertices while a decoder adds triangles.
type builder struct {
	m     Mesh
	index map[convert.Vec3]uint32
	// budget is charged every chargeEvery triangles (and at the end);
	// pending are the triangles not yet charged.
	budget  *convert.Budget
	file    string
	pending int64
}

const chargeEvery = 1 << 14

func newBuilder() *builder { return &builder{index: map[convert.Vec3]uint32{}} }

// flush charges the pending triangles to the budget.
func (b *builder) flush() error {
	n := b.pending
	b.pending = 0
	if n <= 0 {
		return nil
	}
	if err := b.budget.Triangles("mesh file "+b.file, n); err != nil {
		var fe *convert.FormatError
		if errors.As(err, &fe) {
			return fmt.Errorf("meshio: %s", fe.Msg)
		}
		return err
	}
	return nil
}

func (b *builder) vertex(p convert.Vec3) uint32 {
	if i, ok := b.index[p]; ok {
		return i
	}
	i := uint32(len(b.m.Positions))
	b.m.Positions = append(b.m.Positions, p)
	b.index[p] = i
	return i
}

// triangle adds a triangle; it fails once the budget is spent.
func (b *builder) triangle(p0, p1, p2 convert.Vec3) error {
	if b.pending++; b.pending >= chargeEvery {
		if err := b.flush(); err != nil {
			return err
		}
	}
	b.add(p0, p1, p2)
	return nil
}

// add adds a triangle already charged to the budget.
func (b *builder) add(p0, p1, p2 convert.Vec3) {
	b.m.Indices = append(b.m.Indices, b.vertex(p0), b.vertex(p1), b.vertex(p2))
}

func (b *builder) mesh() *Mesh { return &b.m }
