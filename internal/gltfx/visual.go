package gltfx

import (
	"fmt"
	"math"
	"strconv"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/names"
	"github.com/qmuntal/gltf"
)

// VisualShapes is the visual row of the glTF targets: primitives are
// tessellated and meshes written as triangles, so every kind but
// heightfields (lowered to meshes first) and infinite planes is taken.
var VisualShapes = convert.ShapeRow{
	Kinds: []convert.ShapeKind{convert.Box, convert.Sphere, convert.Capsule, convert.Cylinder,
		convert.Ellipsoid, convert.Plane, convert.Convex, convert.TriMesh},
	TaperedCapsules: true, TaperedCylinders: true, Cones: true,
	FinitePlanes: true,
}

// visualWriter dedupes what AddVisuals writes: one accessor set per
// distinct surface, one material per colour and texture, one mesh per
// list of (surface, material), one texture per image file.
type visualWriter struct {
	d        *Doc
	g        *convert.Graph
	surfaces map[uint64][4]int
	byShape  map[shapeKey][]piece
	// byForm maps a primitive's dimensions to its pieces: a chain of a
	// thousand links with a few kinds of link tessellates each kind once,
	// not once per link.
	byForm    map[formKey][]piece
	materials map[matKey]int
	meshes    map[string]int
	textures  map[string]int // image File → texture index, -1: not carried
	sampler   int            // -1 until written
	uris      names.Set      // the image files written
}

type shapeKey struct {
	shape int
	uv    bool
}

type formKey struct {
	form primitive
	uv   bool
}

// piece is one primitive's surface with the look the mesh file gives it.
type piece struct {
	acc     [4]int // POSITION, NORMAL, indices, TEXCOORD_0 (-1: none)
	color   *[4]float64
	texture *convert.Image
}

type matKey struct {
	c      [4]float64
	tex    int
	double bool
}

// AddVisuals gives every Graph node with a visual, and no mesh of its own
// in d, a glTF mesh: primitives tessellated with normals, mesh files'
// triangles shaded flat, one primitive per material of the file (its
// diffuse colour or texture), the rest in the visual's colour and
// texture. Identical surfaces share accessors and identical primitive
// lists one mesh, so a robot of repeated links stays small. Visuals that
// cannot be drawn (no triangles) and textures that cannot be carried are
// reported.
func AddVisuals(d *Doc, g *convert.Graph) {
	w := &visualWriter{d: d, g: g, uris: names.Set{Fold: true}, surfaces: map[uint64][4]int{}, byShape: map[shapeKey][]piece{}, byForm: map[formKey][]piece{},
		materials: map[matKey]int{}, meshes: map[string]int{}, textures: map[string]int{}, sampler: -1}
	var key []byte // a node's primitives spelled out, to find an identical mesh; reused node after node
	for i := range g.Nodes {
		v := g.Nodes[i].Visual
		if v == nil || i >= len(d.GLTF.Nodes) || d.GLTF.Nodes[i].Mesh != nil || v.Shape < 0 || v.Shape >= len(g.Shapes) {
			continue
		}
		pieces, ok := w.pieces(i, v.Shape, v.Texture != nil)
		if !ok {
			continue
		}
		var prims []*gltf.Primitive
		key = key[:0]
		noUV := false
		for _, pc := range pieces {
			color, img := v.Color, v.Texture
			if img == nil && pc.texture != nil {
				// The file's own image, times its own colour (an MTL's Kd
				// with its map_Kd, a glTF base colour with its texture),
				// as the Godot output draws it.
				color, img = pc.color, pc.texture
			} else if pc.color != nil && v.Texture == nil {
				color = pc.color
			}
			tex := -1
			if img != nil {
				if pc.acc[3] < 0 {
					noUV = true
				} else {
					tex = w.texture(img, i)
				}
			}
			if tex < 0 && color == nil {
				// the texture is not drawn: the part's colour, else the
				// visual's
				if color = pc.color; color == nil {
					color = v.Color
				}
			}
			mat := -1
			if color != nil || tex >= 0 {
				c := [4]float64{1, 1, 1, 1}
				if color != nil {
					c = *color
				}
				mat = w.material(c, tex, g.Shapes[v.Shape].DoubleSided)
			}
			prim := &gltf.Primitive{
				Attributes: gltf.PrimitiveAttributes{"POSITION": pc.acc[0], "NORMAL": pc.acc[1]},
				Indices:    gltf.Index(pc.acc[2]),
			}
			uv := -1
			if tex >= 0 {
				uv = pc.acc[3]
				prim.Attributes["TEXCOORD_0"] = uv
			}
			if mat >= 0 {
				prim.Material = gltf.Index(mat)
			}
			prims = append(prims, prim)
			for k, n := range [5]int{pc.acc[0], pc.acc[1], pc.acc[2], uv, mat} {
				if k > 0 {
					key = append(key, ',')
				}
				key = strconv.AppendInt(key, int64(n), 10)
			}
			key = append(key, ';')
		}
		if noUV {
			w.d.Diags.Add(convert.CodeTextureDropped, g.VisualSubject(i), g.NodeLabel(i), "the visual's mesh has no texture coordinates; it is drawn without its texture")
		}
		m, ok := w.meshes[string(key)]
		if !ok {
			name := g.Shapes[v.Shape].Name
			if name == "" {
				name = g.Nodes[i].Name
			}
			d.GLTF.Meshes = append(d.GLTF.Meshes, &gltf.Mesh{Name: name, Primitives: prims})
			m = len(d.GLTF.Meshes) - 1
			w.meshes[string(key)] = m
		}
		d.GLTF.Nodes[i].Mesh = gltf.Index(m)
	}
}

// pieces returns the primitives of shape s's surface, writing their
// accessors the first time that surface is seen; uv asks for texture
// coordinates (a visual with a texture).
func (w *visualWriter) pieces(node, s int, uv bool) ([]piece, bool) {
	k := shapeKey{s, uv}
	if ps, ok := w.byShape[k]; ok {
		return ps, true
	}
	sh := w.g.Shapes[s]
	form, primitive := formOf(sh)
	if ps, ok := w.byForm[formKey{form, uv}]; ok && primitive {
		w.byShape[k] = ps
		return ps, true
	}
	subj := w.g.VisualSubject(node)
	var surfs []Surface
	var looks []piece
	if surf, ok := tessellate(sh, uv); ok {
		surfs, looks = []Surface{surf}, []piece{{}}
	} else if (sh.Kind == convert.TriMesh || sh.Kind == convert.Convex) && sh.Mesh >= 0 && sh.Mesh < len(w.g.Meshes) {
		m := &w.g.Meshes[sh.Mesh]
		pos, idx, loaded, err := m.Triangles()
		if !loaded || len(pos) == 0 {
			why := "its file was not read"
			if err != nil {
				why = err.Error()
			}
			w.d.Diags.Add(convert.CodeVisualDropped, subj, w.g.NodeLabel(node), "visual mesh %q has no triangles to draw (%s); the node is written without a mesh", m.Name, why)
			return nil, false
		}
		surfs, looks = w.meshSurfaces(node, m, pos, idx, uv)
	}
	var out []piece
	for j, surf := range surfs {
		if len(surf.Indices) == 0 {
			continue
		}
		h := surf.hash()
		acc, seen := w.surfaces[h]
		if !seen {
			acc = [4]int{addVec3(w.d, subj, sh.Name, surf.Positions, true), addVec3(w.d, subj, sh.Name, surf.Normals, false), addIndices(w.d, surf.Indices), -1}
			if surf.UV != nil {
				acc[3] = addVec2(w.d, surf.UV)
			}
			w.surfaces[h] = acc
		}
		pc := looks[j]
		pc.acc = acc
		out = append(out, pc)
	}
	if len(out) == 0 {
		w.d.Diags.Add(convert.CodeVisualDropped, subj, w.g.NodeLabel(node), "the %s visual has no surface to draw; the node is written without a mesh", sh.Kind)
		return nil, false
	}
	w.byShape[k] = out
	if primitive {
		w.byForm[formKey{form, uv}] = out
	}
	return out, true
}

// meshSurfaces cuts a mesh file's triangles into one surface per look
// (colour and texture) of its parts, in the order they first appear,
// with texture coordinates where a texture will use them.
func (w *visualWriter) meshSurfaces(node int, m *convert.Mesh, pos []convert.Vec3, idx []uint32, uv bool) ([]Surface, []piece) {
	var look *convert.MeshLook
	if m.Look != nil && len(idx) > 0 {
		l, diags, err := m.Look()
		for _, dg := range diags {
			if dg.Subject.IsZero() {
				dg.Subject = w.g.VisualSubject(node)
			}
			w.d.Diags = append(w.d.Diags, dg)
		}
		if err == nil {
			look = l
		}
	}
	surfs, parts := LookSurfaces(pos, idx, look, uv)
	pieces := make([]piece, len(parts))
	for i, p := range parts {
		pieces[i] = piece{color: p.Color, texture: p.Texture}
	}
	return surfs, pieces
}

// LookSurfaces cuts a mesh file's triangles into one surface per look
// (colour and texture) of its parts, in the order they first appear,
// with texture coordinates (glTF's V down) where a part's texture uses
// them, or everywhere when uv is set. Each returned part is the look of
// the surface at the same place (Triangles: its triangle count). A nil
// look, or one not made for these triangles, gives one plain surface.
func LookSurfaces(pos []convert.Vec3, idx []uint32, look *convert.MeshLook, uv bool) ([]Surface, []convert.MeshPart) {
	if look == nil {
		return []Surface{Faceted(pos, idx)}, []convert.MeshPart{{Triangles: len(idx) / 3}}
	}
	n := 0
	for _, p := range look.Parts {
		n += p.Triangles
	}
	parts := look.Parts
	if n != len(idx)/3 {
		parts = nil // not the triangles it was made for: colours unknown
	}
	if len(parts) == 0 {
		parts = []convert.MeshPart{{Triangles: len(idx) / 3}}
	}
	corners := look.UV
	if len(corners) != len(idx) {
		corners = nil
	}
	type group struct {
		look convert.MeshPart
		idx  []uint32
		uv   [][2]float64
	}
	var groups []*group
	byLook := map[string]*group{}
	t := 0
	for _, p := range parts {
		key := "-"
		if p.Color != nil {
			key = fmt.Sprint(*p.Color)
		}
		if p.Texture != nil {
			key += "|" + p.Texture.File
		}
		gr := byLook[key]
		if gr == nil {
			gr = &group{look: convert.MeshPart{Color: p.Color, Texture: p.Texture}}
			byLook[key] = gr
			groups = append(groups, gr)
		}
		gr.idx = append(gr.idx, idx[3*t:3*(t+p.Triangles)]...)
		if corners != nil && (uv || p.Texture != nil) {
			gr.uv = append(gr.uv, corners[3*t:3*(t+p.Triangles)]...)
		}
		gr.look.Triangles += p.Triangles
		t += p.Triangles
	}
	surfs := make([]Surface, len(groups))
	looks := make([]convert.MeshPart, len(groups))
	for i, gr := range groups {
		surfs[i] = FacetedUV(pos, gr.idx, gr.uv)
		looks[i] = gr.look
	}
	return surfs, looks
}

// primitive is what Tessellate reads of a primitive shape, bit for bit
// (-0 and 0 are written apart).
type primitive struct {
	kind                                      convert.ShapeKind
	size                                      [3]uint64
	radius, height, top, bottom, sizeX, sizeZ uint64
}

// formOf returns the dimensions Tessellate draws sh from, and whether sh
// is a primitive it draws from those alone.
func formOf(sh convert.Shape) (primitive, bool) {
	switch sh.Kind {
	case convert.Box, convert.Sphere, convert.Ellipsoid, convert.Capsule, convert.Cylinder, convert.Plane:
	default:
		return primitive{}, false
	}
	b := math.Float64bits
	return primitive{kind: sh.Kind, size: [3]uint64{b(sh.Size[0]), b(sh.Size[1]), b(sh.Size[2])},
		radius: b(sh.Radius), height: b(sh.Height), top: b(sh.RadiusTop), bottom: b(sh.RadiusBottom),
		sizeX: b(sh.SizeX), sizeZ: b(sh.SizeZ)}, true
}

// hash identifies a surface by its float32 bytes, as it will be written:
// FNV-64a over them (positions, 0xff, normals, 0xff, texture coordinates,
// 0xfe, indices, each little-endian), computed inline rather than through
// hash.Hash's Write four bytes at a time, which cost a robot's visuals a
// quarter of their writing.
func (s *Surface) hash() uint64 {
	h := uint64(fnvOffset64)
	for _, vs := range [][]convert.Vec3{s.Positions, s.Normals} {
		for _, v := range vs {
			for _, c := range v {
				h = fnvAdd32(h, math.Float32bits(float32(c)))
			}
		}
		h = fnvAdd8(h, 0xff)
	}
	for _, v := range s.UV {
		for _, c := range v {
			h = fnvAdd32(h, math.Float32bits(float32(c)))
		}
	}
	h = fnvAdd8(h, 0xfe)
	for _, i := range s.Indices {
		h = fnvAdd32(h, i)
	}
	return h
}

// FNV-64a (hash/fnv's New64a) over bytes added one at a time.
const (
	fnvOffset64 = 14695981039346656037
	fnvPrime64  = 1099511628211
)

func fnvAdd8(h uint64, b byte) uint64 { return (h ^ uint64(b)) * fnvPrime64 }

// fnvAdd32 adds x's four bytes, least significant first.
func fnvAdd32(h uint64, x uint32) uint64 {
	h = fnvAdd8(h, byte(x))
	h = fnvAdd8(h, byte(x>>8))
	h = fnvAdd8(h, byte(x>>16))
	return fnvAdd8(h, byte(x>>24))
}

// material returns the index of a plain material of colour c times
// texture tex (-1: none): dielectric, half rough, blended when
// translucent.
func (w *visualWriter) material(c [4]float64, tex int, doubleSided bool) int {
	for k := range c {
		c[k] = math.Min(math.Max(c[k], 0), 1)
	}
	key := matKey{c, tex, doubleSided}
	if m, ok := w.materials[key]; ok {
		return m
	}
	name := fmt.Sprintf("rgba(%g,%g,%g,%g)", c[0], c[1], c[2], c[3])
	mat := &gltf.Material{
		Name: name,
		PBRMetallicRoughness: &gltf.PBRMetallicRoughness{
			BaseColorFactor: &c, MetallicFactor: gltf.Float(0), RoughnessFactor: gltf.Float(0.5)},
		DoubleSided: doubleSided,
	}
	if tex >= 0 {
		mat.Name = w.d.GLTF.Textures[tex].Name
		if c != [4]float64{1, 1, 1, 1} {
			mat.Name += " " + name
		}
		mat.PBRMetallicRoughness.BaseColorTexture = &gltf.TextureInfo{Index: tex}
	}
	if c[3] < 1 {
		mat.AlphaMode = gltf.AlphaBlend
	}
	w.d.GLTF.Materials = append(w.d.GLTF.Materials, mat)
	w.materials[key] = len(w.d.GLTF.Materials) - 1
	return len(w.d.GLTF.Materials) - 1
}
