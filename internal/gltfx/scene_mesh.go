package gltfx

import (
	"fmt"
	"slices"

	"github.com/physconv/physconv/convert"
	"github.com/qmuntal/gltf"
)

// SceneMesh is the whole drawing of a glTF file used as one mesh (a URDF
// <mesh> naming a .gltf or .glb): the triangles of every node of its
// scene that draws a mesh, placed by the node's world transform, in the
// file's own axes and unit.
type SceneMesh struct {
	Positions []convert.Vec3
	Indices   []uint32
	// Look is the base colours and textures of the triangle runs, in the
	// order of Indices; nil when no primitive names a material.
	Look *convert.MeshLook
	// Notes say which textures the look leaves out, and why.
	Notes []string
	// Skinned counts the mesh nodes drawn in their bind pose, Animations
	// the animations not played.
	Skinned, Animations int
}

// affine is x ↦ L·x + T, exact for any matrix a node gives (shear too),
// which a Transform is not.
type affine struct {
	L convert.Mat3
	T convert.Vec3
}

func (a affine) apply(v convert.Vec3) convert.Vec3 { return a.L.MulVec(v).Add(a.T) }

func (a affine) then(child affine) affine {
	return affine{L: a.L.Mul(child.L), T: a.apply(child.T)}
}

// nodeAffine is a node's local transform as the file writes it: its
// matrix, or translation · rotation · scale.
func nodeAffine(n *gltf.Node) affine {
	if n.Matrix != gltf.DefaultMatrix && n.Matrix != ([16]float64{}) {
		m := n.Matrix // column-major
		return affine{
			L: convert.Mat3{{m[0], m[4], m[8]}, {m[1], m[5], m[9]}, {m[2], m[6], m[10]}},
			T: convert.Vec3{m[12], m[13], m[14]},
		}
	}
	r := convert.Quat(n.RotationOrDefault()).Normalize()
	return affine{L: r.Mat().Mul(convert.Diag(convert.Vec3(n.ScaleOrDefault()))), T: convert.Vec3(n.Translation)}
}

// FlattenScene reads d as one mesh: the nodes of its default scene (of
// every root node when it has no scenes) that draw a mesh, each mesh's
// triangles moved by its node's world transform, so the result sits as
// the file draws it. A transform that mirrors reverses its triangles'
// winding, which keeps them facing out. A skinned mesh is drawn in its
// bind pose (its node's transform does not apply, as glTF says). A mesh
// drawn by several nodes is read once and counted against the triangle
// and element budgets each time.
func FlattenScene(d *Doc) (*SceneMesh, error) {
	var roots []int
	if s := d.defaultScene(); s >= 0 {
		if s >= len(d.GLTF.Scenes) {
			return nil, convert.Errorf("scene", "scene %d does not exist (%d scenes)", s, len(d.GLTF.Scenes))
		}
		roots = d.GLTF.Scenes[s].Nodes
	} else {
		g, err := GraphFromDoc(d)
		if err != nil {
			return nil, err
		}
		roots = g.Roots
	}
	type meshRead struct {
		pos   []convert.Vec3
		idx   []uint32
		look  *convert.MeshLook
		reads int
	}
	meshes := map[int]*meshRead{}
	out := &SceneMesh{}
	var looks []*convert.MeshLook // per placed mesh, nil when plain
	var tris []int
	skinned := 0
	seen := make([]bool, len(d.GLTF.Nodes))
	type item struct {
		node int
		at   affine
	}
	stack := make([]item, 0, len(roots))
	world := affine{L: convert.Diag(convert.Vec3{1, 1, 1})}
	for k := len(roots) - 1; k >= 0; k-- {
		stack = append(stack, item{roots[k], world})
	}
	for len(stack) > 0 {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if it.node < 0 || it.node >= len(d.GLTF.Nodes) {
			return nil, convert.Errorf("nodes", "node %d does not exist (%d nodes)", it.node, len(d.GLTF.Nodes))
		}
		if seen[it.node] {
			return nil, convert.Errorf(fmt.Sprintf("nodes[%d]", it.node), "node %d is reached twice (a node may have one parent)", it.node)
		}
		seen[it.node] = true
		n := d.GLTF.Nodes[it.node]
		at := it.at.then(nodeAffine(n))
		for k := len(n.Children) - 1; k >= 0; k-- {
			stack = append(stack, item{n.Children[k], at})
		}
		if n.Mesh == nil {
			continue
		}
		mi := *n.Mesh
		m := meshes[mi]
		if m == nil {
			pos, idx, look, why, err := MeshTrianglesLook(d, mi)
			if err != nil {
				return nil, err
			}
			out.Notes = append(out.Notes, why...)
			m = &meshRead{pos: pos, idx: idx, look: look}
			meshes[mi] = m
		}
		if m.reads++; m.reads > 1 {
			// each copy holds its triangles and its vertices' numbers again
			where := fmt.Sprintf("nodes[%d].mesh", it.node)
			if err := d.Budget.Triangles(where, int64(len(m.idx)/3)); err != nil {
				return nil, err
			}
			if err := d.Budget.Elements(where, 3*int64(len(m.pos))); err != nil {
				return nil, err
			}
		}
		if n.Skin != nil {
			skinned++
			at = world
		}
		base := uint32(len(out.Positions))
		out.Positions = slices.Grow(out.Positions, len(m.pos))
		for _, v := range m.pos {
			out.Positions = append(out.Positions, at.apply(v))
		}
		mirrored := at.L.Det() < 0
		out.Indices = slices.Grow(out.Indices, len(m.idx))
		for t := 0; t+2 < len(m.idx); t += 3 {
			a, b, c := m.idx[t], m.idx[t+1], m.idx[t+2]
			if mirrored {
				b, c = c, b
			}
			out.Indices = append(out.Indices, base+a, base+b, base+c)
		}
		looks = append(looks, m.look)
		tris = append(tris, len(m.idx)/3)
		if mirrored && m.look != nil && m.look.UV != nil {
			// the corners' coordinates follow their corners
			uv := slices.Clone(m.look.UV)
			for t := 0; t+2 < len(uv); t += 3 {
				uv[t+1], uv[t+2] = uv[t+2], uv[t+1]
			}
			l := *m.look
			l.UV = uv
			looks[len(looks)-1] = &l
		}
	}
	out.Skinned, out.Animations = skinned, len(d.GLTF.Animations)
	out.Look = joinLooks(looks, tris)
	return out, nil
}

// joinLooks is the look of meshes placed one after another, each with
// tris triangles: their parts in order (a mesh without a look one part
// without colour), and texture coordinates for every corner when any has
// them (0, 0 for the others). Nil when none has a look.
func joinLooks(looks []*convert.MeshLook, tris []int) *convert.MeshLook {
	some, uv := false, false
	for _, l := range looks {
		if l != nil {
			some = true
			uv = uv || l.UV != nil
		}
	}
	if !some {
		return nil
	}
	out := &convert.MeshLook{}
	for k, l := range looks {
		if l == nil {
			out.Parts = append(out.Parts, convert.MeshPart{Triangles: tris[k]})
		} else {
			out.Parts = append(out.Parts, l.Parts...)
		}
		if !uv {
			continue
		}
		if l != nil && l.UV != nil {
			out.UV = append(out.UV, l.UV...)
		} else {
			out.UV = append(out.UV, make([][2]float64, 3*tris[k])...)
		}
	}
	return out
}
