package godot

import (
	"regexp"
	"strconv"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// gridMap reads a GridMap's cell collision: the GridMap is one static
// body (the engine gives it static bodies of its own, with the GridMap's
// collision layer, mask and physics material), and each cell adds the
// shapes its mesh library item lists, placed by the cell's position and
// orientation. The cells' meshes are not converted.
func (p *parser) gridMap(n *node, idx int) error {
	v, ok := n.get("mesh_library")
	if !ok || v.v == nil {
		p.note(convert.CodeGodotGridMapEmpty, convert.NodeSubject(p.idx(n)), n, "GridMap has no mesh library: it has no collision")
		return nil
	}
	_, lib, ld, err := p.resourceOf(v, "mesh_library", n)
	if err != nil || lib == nil {
		return err // a missing or binary library is reported there
	}
	items, err := p.gridItems(lib, ld, n)
	if err != nil {
		return err
	}
	cells, err := gridCells(n)
	if err != nil {
		return err
	}
	size := convert.Vec3{2, 2, 2}
	if v, ok := n.get("cell_size"); ok {
		if size, err = v.vec3("cell_size"); err != nil {
			return err
		}
	}
	var offset convert.Vec3
	for k, key := range []string{"cell_center_x", "cell_center_y", "cell_center_z"} {
		center := true
		if v, ok := n.get(key); ok {
			if center, err = v.boolean(key); err != nil {
				return err
			}
		}
		if center {
			offset[k] = size[k] / 2
		}
	}
	scale := 1.0
	if v, ok := n.get("cell_scale"); ok {
		if scale, err = v.float("cell_scale"); err != nil {
			return err
		}
	}
	p.g.Nodes[idx].Motion = &convert.Motion{Kind: convert.Static, GravityFactor: 1}
	if err := p.filterOf(n, idx); err != nil {
		return err
	}
	filter := -1
	if f, ok := p.g.Nodes[idx].Extras["godot.filter"].(int); ok {
		filter = f
	}
	mat, err := p.materialFrom(n, "physics_material")
	if err != nil {
		return err
	}
	colliders := 0
	for _, c := range cells {
		shapes := items[c.item]
		if len(shapes) == 0 {
			continue
		}
		cell := convert.Transform{
			T: convert.Vec3{float64(c.x)*size[0] + offset[0], float64(c.y)*size[1] + offset[1], float64(c.z)*size[2] + offset[2]},
			R: orthogonalRotation(c.rot), S: convert.Vec3{scale, scale, scale},
		}
		for _, s := range shapes {
			name := "cell_" + strconv.Itoa(c.x) + "_" + strconv.Itoa(c.y) + "_" + strconv.Itoa(c.z)
			p.g.AddNode(convert.Node{Name: name, Transform: cell.Mul(s.local),
				Collider: &convert.Collider{Shape: s.shape, Material: mat, Filter: filter}}, idx)
			colliders++
		}
	}
	p.note(convert.CodeGodotGridMapRead, convert.BodySubject(p.idx(n)), n,
		"GridMap read as one static body: %d cells, %d collision shapes from its mesh library; the cells' meshes are not converted", len(cells), colliders)
	return nil
}

// gridShape is one shape of a mesh library item, in the item's frame.
type gridShape struct {
	shape int // Graph shape
	local convert.Transform
}

var gridItemShapes = regexp.MustCompile(`^item/(\d+)/shapes$`)

// gridItems reads every item's shapes from a MeshLibrary resource:
// item/ID/shapes lists a shape resource and its transform in turn.
func (p *parser) gridItems(lib *tscn.Section, d *doc, n *node) (map[int][]gridShape, error) {
	items := map[int][]gridShape{}
	for _, pr := range lib.Props {
		m := gridItemShapes.FindStringSubmatch(pr.Key)
		if m == nil {
			continue
		}
		id, err := strconv.Atoi(m[1])
		if err != nil || id > 1<<16 {
			return nil, lineErr(d.file, pr.Line, "%s: item id out of range", pr.Key)
		}
		list, ok := pr.Value.(tscn.Array)
		if !ok || len(list)%2 != 0 {
			return nil, lineErr(d.file, pr.Line, "%s must list a shape and its transform in turn", pr.Key)
		}
		for k := 0; k < len(list); k += 2 {
			ref, err := p.shapeFrom(value{v: list[k], doc: d, line: pr.Line}, pr.Key, n)
			if err != nil {
				return nil, err
			}
			if ref.index < 0 {
				continue
			}
			t, _, err := value{v: list[k+1], doc: d, line: pr.Line}.transform(pr.Key)
			if err != nil {
				return nil, err
			}
			if ref.align != nil {
				t = t.Mul(*ref.align)
			}
			items[id] = append(items[id], gridShape{ref.index, t})
		}
	}
	return items, nil
}

// gridCell is one filled cell of a GridMap.
type gridCell struct {
	x, y, z   int
	item, rot int
}

// maxGridCells bounds the cells read from one GridMap.
const maxGridCells = 1 << 22

// gridCells decodes a GridMap's data["cells"]: three 32-bit integers per
// cell — x and y as two 16-bit signed halves of the first (x low), z in
// the low half of the second; the third holds the item (low 16 bits) and
// the orientation index (the next 5).
func gridCells(n *node) ([]gridCell, error) {
	v, ok := n.get("data")
	if !ok || v.v == nil {
		return nil, nil
	}
	d, ok := v.v.(tscn.Dict)
	if !ok {
		return nil, v.typeErr("data", "a Dictionary")
	}
	for _, e := range d {
		if k, _ := e.Key.(string); k != "cells" {
			continue
		}
		c, ok := e.Value.(*tscn.Call)
		if !ok || c.Name != "PackedInt32Array" && c.Name != "PoolIntArray" {
			return nil, value{v: e.Value, doc: v.doc, line: v.line}.typeErr("data.cells", "PackedInt32Array")
		}
		if len(c.Args)%3 != 0 || len(c.Args)/3 > maxGridCells {
			return nil, lineErr(v.doc.file, v.line, "data.cells must hold three integers per cell (at most %d cells), has %d", maxGridCells, len(c.Args))
		}
		out := make([]gridCell, 0, len(c.Args)/3)
		for i := 0; i < len(c.Args); i += 3 {
			var w [3]uint32
			for k := range w {
				x, err := value{v: c.Args[i+k], doc: v.doc, line: v.line}.integer("data.cells")
				if err != nil {
					return nil, err
				}
				w[k] = uint32(int32(x))
			}
			out = append(out, gridCell{
				x: int(int16(w[0])), y: int(int16(w[0] >> 16)), z: int(int16(w[1])),
				item: int(w[2] & 0xffff), rot: int(w[2]>>16) & 0x1f,
			})
		}
		return out, nil
	}
	return nil, nil
}

// orthogonalBases are Godot's 24 cell orientations (Basis rows, in
// Godot's index order); an index beyond them is the identity, as Godot
// reads it.
var orthogonalBases = [24][9]float64{
	{1, 0, 0, 0, 1, 0, 0, 0, 1}, {0, -1, 0, 1, 0, 0, 0, 0, 1}, {-1, 0, 0, 0, -1, 0, 0, 0, 1}, {0, 1, 0, -1, 0, 0, 0, 0, 1},
	{1, 0, 0, 0, 0, -1, 0, 1, 0}, {0, 0, 1, 1, 0, 0, 0, 1, 0}, {-1, 0, 0, 0, 0, 1, 0, 1, 0}, {0, 0, -1, -1, 0, 0, 0, 1, 0},
	{1, 0, 0, 0, -1, 0, 0, 0, -1}, {0, 1, 0, 1, 0, 0, 0, 0, -1}, {-1, 0, 0, 0, 1, 0, 0, 0, -1}, {0, -1, 0, -1, 0, 0, 0, 0, -1},
	{1, 0, 0, 0, 0, 1, 0, -1, 0}, {0, 0, -1, 1, 0, 0, 0, -1, 0}, {-1, 0, 0, 0, 0, -1, 0, -1, 0}, {0, 0, 1, -1, 0, 0, 0, -1, 0},
	{0, 0, 1, 0, 1, 0, -1, 0, 0}, {0, -1, 0, 0, 0, 1, -1, 0, 0}, {0, 0, -1, 0, -1, 0, -1, 0, 0}, {0, 1, 0, 0, 0, -1, -1, 0, 0},
	{0, 0, 1, 0, -1, 0, 1, 0, 0}, {0, 1, 0, 0, 0, 1, 1, 0, 0}, {0, 0, -1, 0, 1, 0, 1, 0, 0}, {0, -1, 0, 0, 0, -1, 1, 0, 0},
}

func orthogonalRotation(i int) convert.Quat {
	if i < 0 || i >= len(orthogonalBases) {
		return convert.IdentityQuat()
	}
	return convert.QuatFromMat(basisFrom(orthogonalBases[i][:]))
}
