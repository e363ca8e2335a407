package gltfx

import (
	"encoding/binary"
	"fmt"
	"hash/fnv"
	"math"

	"github.com/physconv/physconv/convert"
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
// distinct surface, one material per colour, one mesh per pair.
type visualWriter struct {
	d        *Doc
	g        *convert.Graph
	surfaces map[uint64][3]int // content hash → POSITION, NORMAL, indices accessors
	byShape  map[int][3]int
	// byForm maps a primitive's dimensions to its surface's accessors:
	// a chain of a thousand links with a few kinds of link tessellates
	// each kind once, not once per link.
	byForm    map[primitive][3]int
	materials map[[4]float64]int
	meshes    map[[4]int]int // accessors + material → mesh
}

// AddVisuals gives every Graph node with a visual, and no mesh of its own
// in d, a glTF mesh: primitives tessellated with normals, mesh files'
// triangles shaded flat, each with a material of the visual's colour.
// Identical surfaces share accessors and identical (surface, colour) pairs
// one mesh, so a robot of repeated links stays small. Visuals that cannot
// be drawn (no triangles) are reported.
func AddVisuals(d *Doc, g *convert.Graph) {
	w := &visualWriter{d: d, g: g, surfaces: map[uint64][3]int{}, byShape: map[int][3]int{}, byForm: map[primitive][3]int{},
		materials: map[[4]float64]int{}, meshes: map[[4]int]int{}}
	for i := range g.Nodes {
		v := g.Nodes[i].Visual
		if v == nil || i >= len(d.GLTF.Nodes) || d.GLTF.Nodes[i].Mesh != nil || v.Shape < 0 || v.Shape >= len(g.Shapes) {
			continue
		}
		acc, ok := w.surface(i, v.Shape)
		if !ok {
			continue
		}
		mat := -1
		if v.Color != nil {
			mat = w.material(*v.Color, g.Shapes[v.Shape].DoubleSided)
		}
		key := [4]int{acc[0], acc[1], acc[2], mat}
		m, ok := w.meshes[key]
		if !ok {
			prim := &gltf.Primitive{
				Attributes: gltf.PrimitiveAttributes{"POSITION": acc[0], "NORMAL": acc[1]},
				Indices:    gltf.Index(acc[2]),
			}
			if mat >= 0 {
				prim.Material = gltf.Index(mat)
			}
			name := g.Shapes[v.Shape].Name
			if name == "" {
				name = g.Nodes[i].Name
			}
			d.GLTF.Meshes = append(d.GLTF.Meshes, &gltf.Mesh{Name: name, Primitives: []*gltf.Primitive{prim}})
			m = len(d.GLTF.Meshes) - 1
			w.meshes[key] = m
		}
		d.GLTF.Nodes[i].Mesh = gltf.Index(m)
	}
}

// surface returns the accessors of shape s's surface, writing them the
// first time that surface is seen.
func (w *visualWriter) surface(node, s int) ([3]int, bool) {
	if acc, ok := w.byShape[s]; ok {
		return acc, true
	}
	sh := w.g.Shapes[s]
	form, primitive := formOf(sh)
	if acc, ok := w.byForm[form]; ok && primitive {
		w.byShape[s] = acc
		return acc, true
	}
	subj := w.g.VisualSubject(node)
	surf, ok := Tessellate(sh)
	if !ok && (sh.Kind == convert.TriMesh || sh.Kind == convert.Convex) && sh.Mesh >= 0 && sh.Mesh < len(w.g.Meshes) {
		m := &w.g.Meshes[sh.Mesh]
		pos, idx, loaded, err := m.Triangles()
		if loaded && len(pos) > 0 {
			surf, ok = Faceted(pos, idx), true
		} else {
			why := "its file was not read"
			if err != nil {
				why = err.Error()
			}
			w.d.Diags.Add(convert.CodeVisualDropped, subj, w.g.NodeLabel(node), "visual mesh %q has no triangles to draw (%s); the node is written without a mesh", m.Name, why)
			return [3]int{}, false
		}
	}
	if !ok || len(surf.Indices) == 0 {
		w.d.Diags.Add(convert.CodeVisualDropped, subj, w.g.NodeLabel(node), "the %s visual has no surface to draw; the node is written without a mesh", sh.Kind)
		return [3]int{}, false
	}
	h := surf.hash()
	acc, seen := w.surfaces[h]
	if !seen {
		acc = [3]int{addVec3(w.d, subj, sh.Name, surf.Positions, true), addVec3(w.d, subj, sh.Name, surf.Normals, false), addIndices(w.d, surf.Indices)}
		w.surfaces[h] = acc
	}
	w.byShape[s] = acc
	if primitive {
		w.byForm[form] = acc
	}
	return acc, true
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

// hash identifies a surface by its float32 bytes, as it will be written.
func (s *Surface) hash() uint64 {
	h := fnv.New64a()
	var b [4]byte
	for _, vs := range [][]convert.Vec3{s.Positions, s.Normals} {
		for _, v := range vs {
			for _, c := range v {
				binary.LittleEndian.PutUint32(b[:], math.Float32bits(float32(c)))
				h.Write(b[:])
			}
		}
		h.Write([]byte{0xff})
	}
	for _, i := range s.Indices {
		binary.LittleEndian.PutUint32(b[:], i)
		h.Write(b[:])
	}
	return h.Sum64()
}

// material returns the index of a plain material of colour c: dielectric,
// half rough, blended when translucent.
func (w *visualWriter) material(c [4]float64, doubleSided bool) int {
	for k := range c {
		c[k] = math.Min(math.Max(c[k], 0), 1)
	}
	key := c
	if doubleSided {
		key[3] += 2 // a separate material; the colour is unchanged
	}
	if m, ok := w.materials[key]; ok {
		return m
	}
	mat := &gltf.Material{
		Name: fmt.Sprintf("rgba(%g,%g,%g,%g)", c[0], c[1], c[2], c[3]),
		PBRMetallicRoughness: &gltf.PBRMetallicRoughness{
			BaseColorFactor: &c, MetallicFactor: gltf.Float(0), RoughnessFactor: gltf.Float(0.5)},
		DoubleSided: doubleSided,
	}
	if c[3] < 1 {
		mat.AlphaMode = gltf.AlphaBlend
	}
	w.d.GLTF.Materials = append(w.d.GLTF.Materials, mat)
	w.materials[key] = len(w.d.GLTF.Materials) - 1
	return len(w.d.GLTF.Materials) - 1
}
