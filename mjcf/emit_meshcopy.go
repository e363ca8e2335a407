package mjcf

import (
	"encoding/binary"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/meshio"
)

// meshFormat is the mesh file format Options ask for: "stl" (default) or
// "obj".
func (e *emitter) meshFormat() string {
	if e.opts.Value(MeshFormatOption) == "obj" {
		return "obj"
	}
	return "stl"
}

// sourceFile returns the bytes of the file a mesh was read from when they
// can be written as its side file unchanged: MuJoCo reads the file as it
// is (binary STL, or OBJ; MuJoCo rejects ASCII STL), and it is in the
// mesh format Options ask for, any of the two by default. Copying the
// file saves decoding and encoding it and keeps its vertices exact (an
// OBJ's decimals would be rounded to STL's float32); scale maps its
// vertices onto the mesh's triangles, which the asset writes unmoved. ok
// is false when the triangles must be encoded instead.
func (e *emitter) sourceFile(m convert.Mesh) (data []byte, ext string, scale convert.Vec3, ok bool) {
	if m.Source == nil {
		return nil, "", convert.Vec3{}, false
	}
	data, ext, scale, err := m.Source()
	wanted := ext == e.meshFormat() || e.opts.Value(MeshFormatOption) == "source" && (ext == "stl" || ext == "obj")
	if err != nil || !wanted || !finitePositive(scale) {
		return nil, "", convert.Vec3{}, false
	}
	if ext == "stl" && !isBinarySTL(data) {
		return nil, "", convert.Vec3{}, false
	}
	if ext == "obj" && meshio.OBJObjects(data) {
		// MuJoCo would read the faces of its first object only
		return nil, "", convert.Vec3{}, false
	}
	return data, ext, scale, true
}

// isBinarySTL reports whether data is a whole binary STL: an 80-byte
// header, a triangle count and 50 bytes per triangle, nothing more.
func isBinarySTL(data []byte) bool {
	if len(data) < 84 {
		return false
	}
	n := uint64(binary.LittleEndian.Uint32(data[80:84]))
	return n > 0 && uint64(len(data)) == 84+50*n
}

func finitePositive(v convert.Vec3) bool {
	return v.Finite() && v[0] > 0 && v[1] > 0 && v[2] > 0
}

// referencing reports --side-files reference with an output file to
// refer from. Mesh paths are then relative to the output file (no
// meshdir: MuJoCo would resolve meshes/../.. through a folder that may
// not exist).
func (e *emitter) referencing() bool {
	return e.opts.SideFiles == "reference" && e.opts.OutputName != "" && e.opts.OutputName != "-"
}

// meshPrefix is the folder written side meshes are named under in file
// attributes: none when the compiler's meshdir says it.
func (e *emitter) meshPrefix() string {
	if e.referencing() {
		return "meshes/"
	}
	return ""
}

// referenceTo returns, under --side-files reference, the path of a source
// file relative to the output file, so the output uses it in place; ""
// when it is not referenced.
func (e *emitter) referenceTo(src string) string {
	if !e.referencing() {
		return ""
	}
	return e.opts.ReferenceTo(src)
}

// linkSide records that side file name is the source file src unchanged.
func (e *emitter) linkSide(name, src string) { e.out.Link(name, src, e.opts) }
