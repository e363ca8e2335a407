package mjcf

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"image/png"
	"math"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/meshio"
)

// meshAsset is one <mesh>: its triangles (scaled, in the asset frame), the
// Graph mesh index, and the mass data MuJoCo derives from it (computed on
// first use: only geoms that count for mass need it).
type meshAsset struct {
	el      *Element
	mesh    int // index in Graph.Meshes
	inertia string
	mass    *meshMass
	massErr error
}

// hfieldAsset is one <hfield>: MJCF size (x, y half extents, top z, base
// depth) and the grid.
type hfieldAsset struct {
	size       [4]float64
	nrow, ncol int
	heights    []float64
}

func (p *parser) assets(e *Element) error {
	p.prefetchMeshes(e)
	var added []*meshAsset
	for _, c := range e.Children {
		switch c.Name {
		case "mesh":
			n := len(p.meshes)
			if err := p.meshAsset(c); err != nil {
				return err
			}
			if len(p.meshes) > n {
				added = append(added, p.lastMesh)
			}
		case "hfield":
			if err := p.hfieldAsset(c); err != nil {
				return err
			}
		case "texture":
			if err := p.textureAsset(c); err != nil {
				return err
			}
		case "material":
			if err := p.materialAsset(c); err != nil {
				return err
			}
		}
	}
	// MuJoCo places every mesh geom at its mesh's centre of mass, so each
	// mesh's mass data is needed; it is computed side by side now, and
	// its errors are met where a geom asks for it
	convert.Parallel(len(added), func(i int) { p.massData(added[i]) })
	return nil
}

// prefetchMeshes decodes the <asset>'s mesh files side by side before
// meshAsset takes them in order. A mesh's file is not a default class
// attribute, so the element's own attribute names it.
func (p *parser) prefetchMeshes(e *Element) {
	if p.in.FS == nil {
		return
	}
	var files []meshio.File
	for _, c := range e.Children {
		if c.Name != "mesh" {
			continue
		}
		file, ok := c.Attr("file")
		if !ok || file == "" {
			continue
		}
		rel, _ := findBeside(p.in, c, p.meshPath(c, file), file)
		if data, err := p.in.Open(rel); err == nil {
			files = append(files, meshio.File{Name: rel, Data: data})
		}
	}
	meshio.Prefetch(p.in.Decoded(), files, p.in.Budget().Limits())
}

// meshPath is the path of the file asset e names: under the compiler's
// meshdir unless absolute (or, for an attached model's asset, where that
// model finds it).
func (p *parser) meshPath(e *Element, file string) string {
	return p.assetPath(e, file, p.comp.meshdir)
}

// assetPath is file, named by asset e, under dir (the compiler's meshdir
// or texturedir) unless absolute, or under the folder an attached
// model's asset is found in (assetDir).
func (p *parser) assetPath(e *Element, file, dir string) string {
	if d, ok := e.Attr(assetDir); ok {
		dir = d
	}
	if dir != "" && !path.IsAbs(file) {
		return path.Join(dir, file)
	}
	return file
}

// assetFile reads the file of asset e (a mesh or height field, under the
// compiler's meshdir), returning its bytes and path, or an error at e.
func (p *parser) assetFile(e *Element, what, file string) ([]byte, string, error) {
	rel := p.meshPath(e, file)
	if p.in.FS == nil {
		return nil, rel, errAt(e, "cannot read %s file %q: the input has no folder", what, rel)
	}
	if found, outside := findBeside(p.in, e, rel, file); found != rel {
		if outside {
			besideDiag(&p.diags, p.path(e), rel, found)
		}
		rel = found
	}
	data, err := p.in.Open(rel)
	if err != nil {
		return nil, rel, errAt(e, "missing %s file %q: %v", what, rel, err)
	}
	return data, rel, nil
}

func (p *parser) meshAsset(e *Element) error {
	a, err := p.resolve(e, "")
	if err != nil {
		return err
	}
	file := a.str("file", "")
	name := a.str("name", "")
	if name == "" {
		if file == "" {
			return errAt(e, "a mesh needs a name or a file")
		}
		base := path.Base(file)
		name = base[:len(base)-len(path.Ext(base))]
	}
	if _, dup := p.meshes[name]; dup {
		return errAt(e, "mesh %q is defined twice", name)
	}
	scale, err := a.vec3("scale", convert.Vec3{1, 1, 1})
	if err != nil {
		return err
	}
	mode := a.str("inertia", "legacy")
	switch mode {
	case "legacy", "exact", "convex", "shell":
	default:
		return errAt(e, "inertia=%q must be legacy, exact, convex or shell", mode)
	}
	for _, k := range []string{"refpos", "refquat"} {
		if a.has(k) {
			p.diags.Add(convert.CodeFieldDropped, convert.SourceSubject(-1), p.path(e), "mesh %s is not applied; the mesh is read in its file frame", k).Affecting(convert.QShape)
		}
	}
	var pos []convert.Vec3
	var idx []uint32
	var uv [][2]float64 // the file's texture coordinates per corner
	var fileData []byte // the mesh file, while its triangles are the mesh's
	var fileRel string
	switch {
	case file != "":
		if a.has("vertex") {
			return errAt(e, "a mesh has either a file or inline vertices, not both")
		}
		data, rel, err := p.assetFile(e, "mesh", file)
		if err != nil {
			return err
		}
		m, err := meshio.DecodeCached(p.in.Decoded(), rel, data, p.in.Budget())
		if err != nil {
			return errAt(e, "mesh file %q: %v", rel, err)
		}
		// copies: the mesh may be shared, and it is scaled below
		pos, idx = slices.Clone(m.Positions), slices.Clone(m.Indices)
		fileData, fileRel = data, rel
		uv = m.UV
		if n := m.FirstObject; n > 0 && strings.EqualFold(path.Ext(rel), ".obj") {
			// MuJoCo takes the faces of an OBJ's first object (and the
			// hull of every vertex a face names)
			idx = idx[:3*n]
			if uv != nil {
				uv = uv[:3*n]
			}
			p.diags.Add(convert.CodeMeshFirstObject, convert.SourceSubject(-1), p.path(e), "mesh file %q holds several objects; as MuJoCo does, the faces of the first (%d of %d triangles) give the mesh's volume and mass, and the vertices of all its collision hull", rel, n, len(m.Indices)/3).Affecting(convert.QShape)
		}
	case a.has("vertex"):
		v, err := a.nums("vertex", -1, nil)
		if err != nil {
			return err
		}
		if len(v)%3 != 0 || len(v) < 12 {
			return errAt(e, "vertex needs at least 4 points of 3 numbers, has %d numbers", len(v))
		}
		for i := 0; i < len(v); i += 3 {
			pos = append(pos, convert.Vec3{v[i], v[i+1], v[i+2]})
		}
		if a.has("face") {
			f, err := a.nums("face", -1, nil)
			if err != nil {
				return err
			}
			if len(f)%3 != 0 {
				return errAt(e, "face needs triples of vertex indices")
			}
			for _, x := range f {
				if x < 0 || x >= float64(len(pos)) || x != float64(int(x)) {
					return errAt(e, "face index %s out of range (%d vertices)", fmtFloat(x), len(pos))
				}
				idx = append(idx, uint32(x))
			}
		}
	case a.has("builtin"):
		return errAt(e, "builtin meshes (builtin=%q) are not supported; give the mesh as a file or vertex data", a.str("builtin", ""))
	case e.Child("plugin") != nil:
		return errAt(e, "meshes made by a plugin (signed distance fields) are not supported")
	default:
		return errAt(e, "a mesh needs a file or vertex data")
	}
	if len(idx) == 0 {
		// vertices without faces (inline, or a file of points): MuJoCo
		// takes their convex hull, whose faces the mesh gets
		idx, uv = convert.HullIndices(pos), nil
	} else if distinctUpTo(idx, 4) < 4 {
		// faces that touch fewer than 4 points bound no volume; MuJoCo
		// collides with (and, for inertia="convex", weighs) the convex hull
		// of the vertices, so the hull's faces stand in for them
		if h := convert.HullIndices(pos); len(h) > 0 {
			idx, uv, fileData = h, nil, nil
			p.diags.Add(convert.CodeFieldDropped, convert.MeshSubject(len(p.g.Meshes)), p.path(e), // the mesh added below
				"mesh %q: its faces touch fewer than 4 vertices and bound no volume; the convex hull of its vertices (what MuJoCo collides with) is used", name).Affecting(convert.QShape)
		}
	}
	for i := range pos {
		pos[i] = pos[i].Mul(scale)
	}
	if scale[0]*scale[1]*scale[2] < 0 {
		if uv != nil {
			uv = slices.Clone(uv)
		}
		for i := 0; i+2 < len(idx); i += 3 {
			idx[i+1], idx[i+2] = idx[i+2], idx[i+1]
			if uv != nil {
				uv[i+1], uv[i+2] = uv[i+2], uv[i+1]
			}
		}
	}
	gm := convert.Mesh{Name: name, Positions: pos, Indices: idx, Loaded: true, Scale: convert.Vec3{1, 1, 1}}
	if uv != nil {
		// MuJoCo draws a mesh in its geom's material, not the file's:
		// only the coordinates a 2D texture needs are carried.
		look := &convert.MeshLook{UV: uv}
		gm.Look = func() (*convert.MeshLook, convert.Diagnostics, error) { return look, nil, nil }
	}
	if file != "" {
		gm.Extras = map[string]any{"mjcf.file": file}
	}
	if fileData != nil {
		// the file as MuJoCo reads it and the scale baked in above: a
		// writer copies it and writes the scale, rather than encode the
		// scaled triangles again (in single precision, for STL)
		ext := strings.ToLower(strings.TrimPrefix(path.Ext(fileRel), "."))
		gm.Source = func() ([]byte, string, convert.Vec3, error) { return fileData, ext, scale, nil }
		if loc, err := p.in.Locate(fileRel); err == nil && filepath.IsAbs(loc) {
			gm.SourceFile = loc
		}
	}
	p.lastMesh = &meshAsset{el: e, mesh: p.g.AddMesh(gm), inertia: mode}
	p.meshes[name] = p.lastMesh
	return nil
}

// massData computes the mesh's MuJoCo mass data once. Calls for
// different meshes may run side by side: each writes only its own m.
func (p *parser) massData(m *meshAsset) (*meshMass, error) {
	if m.mass == nil && m.massErr == nil {
		gm := &p.g.Meshes[m.mesh]
		mm, err := computeMeshMass(gm.Positions, gm.Indices, m.inertia)
		if err != nil {
			m.massErr = errAt(m.el, "mesh %q: %v", gm.Name, err)
		} else {
			m.mass = &mm
		}
	}
	return m.mass, m.massErr
}

func (p *parser) hfieldAsset(e *Element) error {
	a, err := p.resolve(e, "")
	if err != nil {
		return err
	}
	name := a.str("name", "")
	if file := a.str("file", ""); name == "" && file != "" {
		// unnamed, it is named by its file, as a mesh is
		base := path.Base(file)
		name = base[:len(base)-len(path.Ext(base))]
	}
	size, err := a.nums("size", 4, nil)
	if err != nil {
		return err
	}
	if size == nil {
		return errAt(e, "hfield needs a size")
	}
	for k, s := range size {
		if s <= 0 && k < 3 || s < 0 {
			return errAt(e, "hfield size values must be positive")
		}
	}
	h := &hfieldAsset{size: [4]float64{size[0], size[1], size[2], size[3]}}
	if h.nrow, err = a.intAttr("nrow", 0); err != nil {
		return err
	}
	if h.ncol, err = a.intAttr("ncol", 0); err != nil {
		return err
	}
	if h.nrow < 0 || h.ncol < 0 || h.ncol > 0 && h.nrow > maxHFieldSamples/h.ncol {
		// divided, not multiplied: the product of two large counts wraps
		return errAt(e, "hfield nrow %d × ncol %d: not 0 to %d samples", h.nrow, h.ncol, maxHFieldSamples)
	}
	if a.has("elevation") {
		v, err := a.nums("elevation", -1, nil)
		if err != nil {
			return err
		}
		if len(v) != h.nrow*h.ncol {
			return errAt(e, "elevation has %d values, nrow×ncol is %d", len(v), h.nrow*h.ncol)
		}
		h.heights = v
	}
	if file := a.str("file", ""); file != "" {
		if h.nrow != 0 || h.ncol != 0 || a.has("elevation") {
			return errAt(e, "hfield is given by a file and by nrow/ncol or elevation; MuJoCo takes one")
		}
		data, rel, err := p.assetFile(e, "height field", file)
		if err != nil {
			return err
		}
		if h.nrow, h.ncol, h.heights, err = decodeHField(data, hfieldIsPNG(file, a.str("content_type", ""))); err != nil {
			return errAt(e, "height field file %q: %v", rel, err)
		}
	}
	if h.nrow*h.ncol == 0 {
		return errAt(e, "hfield has no elevation data (nrow, ncol and elevation, or a file)")
	}
	p.hfields[name] = h
	return nil
}

// maxHFieldSamples bounds a height field's samples, as nrow×ncol is.
const maxHFieldSamples = 1 << 24

// hfieldIsPNG reports whether a height field file is read as PNG (by its
// content type, else its extension) rather than MuJoCo's own format.
func hfieldIsPNG(file, contentType string) bool {
	if contentType != "" {
		return contentType == "image/png"
	}
	return strings.EqualFold(path.Ext(file), ".png")
}

// decodeHField reads a height field file as MuJoCo does, into the order
// of an elevation attribute (top row, +Y, first): a PNG's grey values
// (the red channel of a colour image, the high byte of a 16-bit one) in
// image order, which MuJoCo, like the attribute, reverses into its data;
// or MuJoCo's own format, two little-endian int32 (nrow, ncol) and
// nrow×ncol float32 heights in its data's order (bottom row first),
// reversed here. The heights are not yet scaled: the field (as MuJoCo's
// compiler) maps them to [0, 1].
func decodeHField(data []byte, isPNG bool) (nrow, ncol int, heights []float64, err error) {
	if isPNG {
		cfg, err := png.DecodeConfig(bytes.NewReader(data))
		if err != nil {
			return 0, 0, nil, err
		}
		if cfg.Width < 1 || cfg.Height < 1 || cfg.Width*cfg.Height > maxHFieldSamples {
			return 0, 0, nil, fmt.Errorf("%d×%d pixels: not 1 to %d samples", cfg.Width, cfg.Height, maxHFieldSamples)
		}
		img, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			return 0, 0, nil, err
		}
		b := img.Bounds()
		nrow, ncol = b.Dy(), b.Dx()
		heights = make([]float64, 0, nrow*ncol)
		for r := 0; r < nrow; r++ {
			y := b.Min.Y + r
			for c := 0; c < ncol; c++ {
				red, _, _, _ := img.At(b.Min.X+c, y).RGBA()
				heights = append(heights, float64(red>>8))
			}
		}
		return nrow, ncol, heights, nil
	}
	if len(data) < 8 {
		return 0, 0, nil, errors.New("no header (nrow, ncol)")
	}
	nrow, ncol = int(int32(binary.LittleEndian.Uint32(data))), int(int32(binary.LittleEndian.Uint32(data[4:])))
	if nrow < 1 || ncol < 1 || nrow > maxHFieldSamples/ncol {
		return 0, 0, nil, fmt.Errorf("dimensions %d×%d are not positive or too large", nrow, ncol)
	}
	if len(data) != 8+4*nrow*ncol {
		return 0, 0, nil, fmt.Errorf("%d bytes, not the 8 + 4×%d×%d its dimensions say", len(data), nrow, ncol)
	}
	heights = make([]float64, nrow*ncol)
	for i := range heights {
		v := float64(math.Float32frombits(binary.LittleEndian.Uint32(data[8+4*i:])))
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, 0, nil, fmt.Errorf("height %d is %v", i, v)
		}
		r, c := i/ncol, i%ncol
		heights[(nrow-1-r)*ncol+c] = v
	}
	return nrow, ncol, heights, nil
}

// distinctUpTo counts the vertices a face list uses, stopping at limit:
// asking whether faces touch at least 4 points need not look at every
// face.
func distinctUpTo(idx []uint32, limit int) int {
	seen := map[uint32]bool{}
	for _, i := range idx {
		if seen[i] = true; len(seen) >= limit {
			break
		}
	}
	return len(seen)
}

// textureAsset is one <texture>: a 2D image file is carried to other
// formats; builtin (procedural), cube and skybox textures are not.
type textureAsset struct {
	el         *Element
	kind, file string
	builtin    string
	image      *convert.Image
}

// materialAsset is one render <material>: its colour and texture.
type materialAsset struct {
	rgba    *[4]float64
	texture string
}

func (p *parser) textureAsset(e *Element) error {
	a, err := p.resolve(e, "")
	if err != nil {
		return err
	}
	t := &textureAsset{el: e, kind: a.str("type", "cube"), file: a.str("file", ""), builtin: a.str("builtin", "none")}
	name := a.str("name", "")
	if name == "" && t.file != "" {
		base := path.Base(t.file)
		name = base[:len(base)-len(path.Ext(base))]
	}
	if t.file != "" {
		rel := p.assetPath(e, t.file, p.comp.texturedir)
		if p.in.FS != nil {
			if found, outside := findBeside(p.in, e, rel, t.file); found != rel {
				if outside {
					besideDiag(&p.diags, p.path(e), rel, found)
				}
				rel = found
			}
		}
		t.image = &convert.Image{Name: t.file, File: rel, Read: func() ([]byte, error) { return p.in.Open(rel) }}
		if loc, err := p.in.Locate(rel); err == nil {
			t.image.File = loc
			if filepath.IsAbs(loc) {
				t.image.SourceFile = loc
			} else if p.in.Root != "" {
				t.image.SourceFile = filepath.Join(p.in.Root, filepath.FromSlash(loc))
			}
		}
	}
	if name != "" {
		p.textures[name] = t
	}
	return nil
}

func (p *parser) materialAsset(e *Element) error {
	a, err := p.resolve(e, "")
	if err != nil {
		return err
	}
	m := &materialAsset{texture: a.str("texture", "")}
	// MuJoCo's material rgba defaults to opaque white
	rgba, err := a.nums("rgba", 4, []float64{1, 1, 1, 1})
	if err != nil {
		return err
	}
	m.rgba = &[4]float64{rgba[0], rgba[1], rgba[2], rgba[3]}
	if name := a.str("name", ""); name != "" {
		p.looks[name] = m
	}
	return nil
}

// visualLook gives a visual geom its material's colour (unless the geom's
// own rgba differs from MuJoCo's default, which then wins, as in MuJoCo)
// and the material's 2D image texture; other textures are reported.
func (p *parser) visualLook(e *Element, a attrs, v *convert.Visual, subj convert.Subject) {
	name := a.str("material", "")
	m := p.looks[name]
	if m == nil {
		if name != "" {
			p.diags.Add(convert.CodeTextureDropped, subj, p.path(e), "material %q is not defined (MuJoCo refuses the file for it); the geom keeps its own colour", name)
		}
		return
	}
	if m.rgba != nil && (v.Color == nil || *v.Color == [4]float64{0.5, 0.5, 0.5, 1}) {
		c := *m.rgba
		v.Color = &c
	}
	if m.texture == "" {
		return
	}
	t := p.textures[m.texture]
	switch {
	case t == nil:
		p.diags.Add(convert.CodeTextureDropped, subj, p.path(e), "material %q names texture %q, which is not defined; the geom keeps its colour", name, m.texture)
	case t.image == nil:
		p.diags.Add(convert.CodeTextureDropped, subj, p.path(e), "texture %q is a builtin (%s) texture, generated by MuJoCo; it is not carried, the geom keeps its colour", m.texture, t.builtin)
	case t.kind != "2d":
		p.diags.Add(convert.CodeTextureDropped, subj, p.path(e), "texture %q is a %s texture (an image per face of a cube); only 2d textures are carried, the geom keeps its colour", m.texture, t.kind)
	default:
		v.Texture = t.image
	}
}
