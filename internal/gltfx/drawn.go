package gltfx

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/qmuntal/gltf"

	"github.com/physconv/physconv/convert"
)

// DrawnVisuals gives every node the source glTF document of g draws (a
// node in its scene with a mesh) a visual of that mesh's triangles and
// materials, so a target that writes visuals in its own form shows the
// model; nothing when g was not read from glTF. Meshes only physics uses
// (geometry nodes outside the scene) stay out; a mesh whose triangles
// cannot be read is reported and left out.
//
// With oneLook false the visual keeps the mesh whole, its primitives'
// base colours and textures as the mesh's look (a target that draws a
// mesh's parts in their own materials: Godot). With oneLook set, for
// targets whose visual has one colour and one texture (URDF, MJCF), a
// mesh of several looks becomes one visual per look, on child nodes of
// the drawing node named after it ("_lookN"); so does one of a node that
// is also a collider ("_visual"), whose name stays the collider's.
func DrawnVisuals(g *convert.Graph, oneLook bool, diags *convert.Diagnostics) {
	d := SourceDoc(g)
	if d == nil {
		return
	}
	drawn := map[int][]convert.Visual{} // glTF mesh → its visuals, nil when unreadable
	skinned := 0
	stack := append([]int(nil), g.Roots...)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = append(stack[:len(stack)-1], g.Nodes[i].Children...)
		if i >= len(d.GLTF.Nodes) || d.GLTF.Nodes[i].Mesh == nil || g.Nodes[i].Visual != nil {
			continue
		}
		mi := *d.GLTF.Nodes[i].Mesh
		if d.GLTF.Nodes[i].Skin != nil {
			skinned++
		}
		vs, ok := drawn[mi]
		if !ok {
			vs = meshVisuals(g, d, mi, i, oneLook, diags)
			drawn[mi] = vs
		}
		switch {
		case len(vs) == 0:
		case len(vs) == 1 && (!oneLook || g.Nodes[i].Collider == nil):
			g.Nodes[i].Visual = &vs[0]
		default:
			// on nodes of their own, so a collider on the node keeps its
			// name where visuals and colliders share one namespace
			name := g.Nodes[i].Name
			if name == "" {
				name = fmt.Sprintf("node%d", i)
			}
			for k := range vs {
				child := name + "_visual"
				if len(vs) > 1 {
					child = fmt.Sprintf("%s_look%d", name, k+1)
				}
				g.AddNode(convert.Node{Name: child, Transform: convert.Identity(), Visual: &vs[k]}, i)
			}
		}
	}
	lostLooks(d, drawn, skinned, diags)
}

// lostLooks names what of the drawn meshes' looks no target that writes
// visuals in its own form carries: animations, skins, and material maps
// beyond the base colour and its texture.
func lostLooks(d *Doc, drawn map[int][]convert.Visual, skinned int, diags *convert.Diagnostics) {
	if n := len(d.GLTF.Animations); n > 0 {
		diags.Add(convert.CodeAnimationDropped, convert.DocumentSubject(), "animations", "%d animation(s) are not carried: this format has none", n)
	}
	if skinned > 0 {
		diags.Add(convert.CodeAnimationDropped, convert.DocumentSubject(), "skins", "%d skinned mesh node(s) are drawn in their bind pose", skinned)
	}
	seen := map[int]bool{}
	for mi := range d.GLTF.Meshes {
		if _, ok := drawn[mi]; !ok {
			continue
		}
		for _, prim := range d.GLTF.Meshes[mi].Primitives {
			m := prim.Material
			if m == nil || *m < 0 || *m >= len(d.GLTF.Materials) || seen[*m] {
				continue
			}
			seen[*m] = true
			if lost := lostMaps(d.GLTF.Materials[*m]); len(lost) > 0 {
				diags.Add(convert.CodeShaderDropped, convert.DocumentSubject(), fmt.Sprintf("materials[%d]", *m),
					"material %q: %s not carried; drawn with its base colour and texture", d.GLTF.Materials[*m].Name, strings.Join(lost, ", "))
			}
		}
	}
}

// lostMaps lists what a material shades with beyond its base colour and
// base-colour texture.
func lostMaps(m *gltf.Material) []string {
	var lost []string
	if pbr := m.PBRMetallicRoughness; pbr != nil && pbr.MetallicRoughnessTexture != nil {
		lost = append(lost, "metallic-roughness map")
	}
	if m.NormalTexture != nil {
		lost = append(lost, "normal map")
	}
	if m.OcclusionTexture != nil {
		lost = append(lost, "occlusion map")
	}
	if m.EmissiveTexture != nil || m.EmissiveFactor != ([3]float64{}) {
		lost = append(lost, "emission")
	}
	for _, k := range slices.Sorted(maps.Keys(m.Extensions)) {
		lost = append(lost, k)
	}
	return lost
}

// meshVisuals returns the visuals glTF mesh mi is drawn as (node i names
// what is reported): one of the whole mesh, or with oneLook one per look.
// MeshVisual is the visual of glTF mesh mi of d for node i of g, the
// mesh kept whole with its primitives' base colours and textures as its
// look (nil, reported, when its triangles cannot be read): a reader that
// instances a glTF model (a Godot scene's) draws it with that.
func MeshVisual(g *convert.Graph, d *Doc, mi, i int, diags *convert.Diagnostics) *convert.Visual {
	if mi < 0 || mi >= len(d.GLTF.Meshes) {
		return nil
	}
	if vs := meshVisuals(g, d, mi, i, false, diags); len(vs) == 1 {
		return &vs[0]
	}
	return nil
}

func meshVisuals(g *convert.Graph, d *Doc, mi, i int, oneLook bool, diags *convert.Diagnostics) []convert.Visual {
	pos, idx, look, why, err := MeshTrianglesLook(d, mi)
	if err != nil {
		diags.Add(convert.CodeVisualDropped, g.VisualSubject(i), g.NodeLabel(i), "mesh %d cannot be read (%v); the node is written without it", mi, err)
		return nil
	}
	if len(idx) == 0 {
		return nil
	}
	name := d.GLTF.Meshes[mi].Name
	for _, w := range why {
		diags.Add(convert.CodeTextureDropped, g.VisualSubject(i), g.NodeLabel(i), "%s", w)
	}
	if !oneLook || look == nil {
		mesh := convert.Mesh{Name: name, Positions: pos, Indices: idx, Loaded: true, Scale: convert.Vec3{1, 1, 1}}
		if look != nil {
			mesh.Look = func() (*convert.MeshLook, convert.Diagnostics, error) { return look, nil, nil }
		}
		return []convert.Visual{{Shape: g.AddShape(convert.Shape{Kind: convert.TriMesh, Name: name, Mesh: g.AddMesh(mesh)})}}
	}
	surfs, parts := LookSurfaces(pos, idx, look, false)
	var out []convert.Visual
	for k, sf := range surfs {
		if len(sf.Indices) < 3 {
			continue
		}
		mesh := convert.Mesh{Name: name, Positions: sf.Positions, Indices: sf.Indices, Loaded: true, Scale: convert.Vec3{1, 1, 1}}
		if len(surfs) > 1 {
			mesh.Name = fmt.Sprintf("%s_look%d", name, k+1)
		}
		v := convert.Visual{Color: parts[k].Color, Texture: parts[k].Texture}
		if v.Texture != nil && len(sf.UV) == len(sf.Positions) {
			// the corners' coordinates, V up again
			uv := make([][2]float64, len(sf.Indices))
			for c, vi := range sf.Indices {
				uv[c] = [2]float64{sf.UV[vi][0], 1 - sf.UV[vi][1]}
			}
			l := &convert.MeshLook{Parts: []convert.MeshPart{{Triangles: len(sf.Indices) / 3, Color: v.Color, Texture: v.Texture}}, UV: uv}
			mesh.Look = func() (*convert.MeshLook, convert.Diagnostics, error) { return l, nil, nil }
		}
		v.Shape = g.AddShape(convert.Shape{Kind: convert.TriMesh, Name: mesh.Name, Mesh: g.AddMesh(mesh)})
		out = append(out, v)
	}
	return out
}
