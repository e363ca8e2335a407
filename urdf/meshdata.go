package urdf

import (
	"path"
	"strings"
	"sync"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/meshio"
)

// meshData holds the triangles of mesh files read so far, by file and
// scale, so that a visual mesh is read only when an emitter asks for it
// (convert.Mesh.Decode) and never twice: a link's visual and collision
// usually name one file.
type meshData struct {
	mu     sync.Mutex
	byFile map[meshFile]triangles
	files  map[string]*fileBytes // by reference, as read
}

// fileBytes is a mesh file read once: the parser (collision meshes), the
// decoder (visual meshes) and Source (writers that copy the file) all ask
// for the same bytes.
type fileBytes struct {
	once sync.Once
	data []byte
	err  error
}

// reader returns a function reading the file ref names through open, once
// for the whole conversion. The bytes are shared: nobody may change them.
func (d *meshData) reader(ref string, open func(string) ([]byte, error)) func() ([]byte, error) {
	d.mu.Lock()
	f := d.files[ref]
	if f == nil {
		f = &fileBytes{}
		d.files[ref] = f
	}
	d.mu.Unlock()
	return func() ([]byte, error) {
		f.once.Do(func() { f.data, f.err = open(ref) })
		return f.data, f.err
	}
}

type meshFile struct {
	path  string
	scale convert.Vec3
}

type triangles struct {
	positions []convert.Vec3
	indices   []uint32
}

// keep records a file read at parse time (collision meshes).
func (d *meshData) keep(path string, scale convert.Vec3, pos []convert.Vec3, idx []uint32) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.byFile[meshFile{path, scale}] = triangles{pos, idx}
}

// decoder returns a Decode function for a visual mesh: the triangles
// already read for that file and scale, else the file read and scaled as a
// collision mesh is (through the conversion's cache of decoded files).
func (d *meshData) decoder(read func() ([]byte, error), path string, scale convert.Vec3, decode func([]byte) ([]convert.Vec3, []uint32, error)) func() ([]convert.Vec3, []uint32, error) {
	return func() ([]convert.Vec3, []uint32, error) {
		key := meshFile{path, scale}
		d.mu.Lock()
		t, ok := d.byFile[key]
		d.mu.Unlock()
		if ok {
			return t.positions, t.indices, nil
		}
		data, err := read()
		if err != nil {
			return nil, nil, err
		}
		filePos, idx, err := decode(data)
		if err != nil {
			return nil, nil, err
		}
		pos := make([]convert.Vec3, len(filePos))
		for i, v := range filePos {
			pos[i] = v.Mul(scale)
		}
		d.keep(path, scale, pos, idx)
		return pos, idx, nil
	}
}

// source returns a Source function for a mesh file: its bytes as they are,
// for emitters that copy mesh files rather than encode triangles again.
// The file's vertices times scale are the mesh's Positions.
func source(read func() ([]byte, error), file string, scale convert.Vec3) func() ([]byte, string, convert.Vec3, error) {
	return func() ([]byte, string, convert.Vec3, error) {
		data, err := read()
		if err != nil {
			return nil, "", convert.Vec3{}, err
		}
		return data, strings.ToLower(strings.TrimPrefix(path.Ext(file), ".")), scale, nil
	}
}

// look returns a Look function for a visual mesh: the file's materials and
// texture coordinates (meshio.Look), its .mtl libraries and images found
// beside the reference ref; a glTF file's base colours and textures.
func (p *parser) look(read func() ([]byte, error), resolved, ref, where string) func() (*convert.MeshLook, convert.Diagnostics, error) {
	cache := p.in.Decoded()
	return func() (*convert.MeshLook, convert.Diagnostics, error) {
		data, err := read()
		if err != nil {
			return nil, nil, err
		}
		if isSceneFile(resolved) {
			s, err := p.readScene(ref, data, nil)
			if err != nil {
				return nil, nil, err
			}
			return s.Look, sceneNotes(s, ref, where), nil
		}
		m, err := meshio.DecodeCached(cache, resolved, data, nil)
		if err != nil {
			return nil, nil, err
		}
		look, diags := meshio.Look(m, ref, p.in.Open, p.image, convert.Subject{}, where)
		return look, diags, nil
	}
}

// image is a texture image referenced by ref, resolved as meshes are; a
// reference that does not resolve keeps Read's error for the writer to
// report.
func (p *parser) image(ref string) *convert.Image {
	im := &convert.Image{Name: ref, File: ref, Read: p.visualData().reader(ref, p.in.Open)}
	if loc, err := p.in.Locate(ref); err == nil {
		im.File, im.SourceFile = loc, p.diskPath(loc)
	}
	return im
}

// sibling returns a Mesh.Sibling function for the mesh file reference
// ref: a file it names, found beside ref as its images and .mtl libraries
// are (read once for the conversion, under the input's rules).
func (p *parser) sibling(ref string) func(string) (convert.SiblingFile, error) {
	return func(rel string) (convert.SiblingFile, error) {
		r := meshio.Sibling(ref, rel)
		data, err := p.visualData().reader(r, p.in.Open)()
		if err != nil {
			return convert.SiblingFile{ID: path.Clean(r)}, err
		}
		f := convert.SiblingFile{Data: data, ID: r}
		if loc, err := p.in.Locate(r); err == nil {
			f.ID, f.Disk = loc, p.diskPath(loc)
		}
		return f, nil
	}
}
