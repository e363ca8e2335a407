package physconv_test

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/physconv/physconv"
	"github.com/physconv/physconv/all"
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/meshio"
	"github.com/physconv/physconv/internal/testenv"
)

// boxTriangles is a closed box from lo to hi, its triangles counter-
// clockwise seen from outside.
func boxTriangles(lo, hi convert.Vec3) ([]convert.Vec3, []uint32) {
	var pos []convert.Vec3
	for k := range 8 {
		p := lo
		for a := range 3 {
			if k>>a&1 == 1 {
				p[a] = hi[a]
			}
		}
		pos = append(pos, p)
	}
	idx := []uint32{
		0, 2, 1, 1, 2, 3, // -z
		4, 5, 6, 5, 7, 6, // +z
		0, 1, 4, 1, 5, 4, // -y
		2, 6, 3, 3, 6, 7, // +y
		0, 4, 2, 2, 4, 6, // -x
		1, 3, 5, 3, 7, 5, // +x
	}
	return pos, idx
}

// gltfNode is a node of a generated glTF mesh file.
type gltfNode struct {
	mesh       int // -1 for none
	t, s       *convert.Vec3
	r          *convert.Quat
	m          *[16]float64
	children   []int
	positions  []convert.Vec3 // the mesh's, when mesh ≥ 0 and new
	indices    []uint32
	colors     [][4]float64 // one material per primitive when set
	primitives int          // the triangles split into this many primitives
}

// meshGLTF writes a glTF document whose meshes (one per distinct
// positions list, in node order) the nodes draw. The buffer is embedded
// (data: URI), a file of its own (bin, when external) or the GLB chunk.
type meshDoc struct {
	nodes    []gltfNode
	roots    []int
	external string // the buffer file's name, "" to embed it
	glb      bool
	image    string // a base-colour texture's image file, "" for none
}

func (d meshDoc) encode() (main []byte, bin []byte) {
	var buf bytes.Buffer
	type accessor = map[string]any
	var accessors, views, meshes, nodes, materials []any
	add := func(data []byte, target int) int {
		for buf.Len()%4 != 0 {
			buf.WriteByte(0)
		}
		views = append(views, map[string]any{"buffer": 0, "byteOffset": buf.Len(), "byteLength": len(data), "target": target})
		buf.Write(data)
		return len(views) - 1
	}
	for _, n := range d.nodes {
		node := map[string]any{}
		if n.t != nil {
			node["translation"] = n.t
		}
		if n.r != nil {
			node["rotation"] = n.r
		}
		if n.s != nil {
			node["scale"] = n.s
		}
		if n.m != nil {
			node["matrix"] = n.m
		}
		if len(n.children) > 0 {
			node["children"] = n.children
		}
		if n.mesh >= 0 {
			node["mesh"] = n.mesh
		}
		nodes = append(nodes, node)
		if n.positions == nil {
			continue
		}
		var pb bytes.Buffer
		lo, hi := n.positions[0], n.positions[0]
		for _, p := range n.positions {
			for a := range 3 {
				binary.Write(&pb, binary.LittleEndian, float32(p[a]))
				lo[a], hi[a] = min(lo[a], p[a]), max(hi[a], p[a])
			}
		}
		accessors = append(accessors, accessor{"bufferView": add(pb.Bytes(), 34962), "componentType": 5126, "count": len(n.positions), "type": "VEC3", "min": lo, "max": hi})
		posAcc := len(accessors) - 1
		uvAcc := -1
		if d.image != "" {
			var ub bytes.Buffer
			for _, p := range n.positions {
				binary.Write(&ub, binary.LittleEndian, [2]float32{float32(p[0]), float32(p[1])})
			}
			accessors = append(accessors, accessor{"bufferView": add(ub.Bytes(), 34962), "componentType": 5126, "count": len(n.positions), "type": "VEC2"})
			uvAcc = len(accessors) - 1
		}
		parts := max(n.primitives, 1)
		per := len(n.indices) / 3 / parts
		var prims []any
		for k := range parts {
			run := n.indices[3*per*k:]
			if k < parts-1 {
				run = run[:3*per]
			}
			var ib bytes.Buffer
			binary.Write(&ib, binary.LittleEndian, run)
			accessors = append(accessors, accessor{"bufferView": add(ib.Bytes(), 34963), "componentType": 5125, "count": len(run), "type": "SCALAR"})
			prim := map[string]any{"attributes": map[string]int{"POSITION": posAcc}, "indices": len(accessors) - 1}
			if uvAcc >= 0 {
				prim["attributes"].(map[string]int)["TEXCOORD_0"] = uvAcc
			}
			if k < len(n.colors) {
				pbr := map[string]any{"baseColorFactor": n.colors[k]}
				if d.image != "" {
					pbr["baseColorTexture"] = map[string]int{"index": 0}
				}
				materials = append(materials, map[string]any{"pbrMetallicRoughness": pbr})
				prim["material"] = len(materials) - 1
			}
			prims = append(prims, prim)
		}
		meshes = append(meshes, map[string]any{"primitives": prims})
	}
	for buf.Len()%4 != 0 {
		buf.WriteByte(0)
	}
	buffer := map[string]any{"byteLength": buf.Len()}
	switch {
	case d.external != "":
		buffer["uri"] = d.external
		bin = buf.Bytes()
	case !d.glb:
		buffer["uri"] = "data:application/octet-stream;base64," + base64.StdEncoding.EncodeToString(buf.Bytes())
	}
	doc := map[string]any{
		"asset": map[string]string{"version": "2.0"}, "scene": 0, "scenes": []any{map[string]any{"nodes": d.roots}},
		"nodes": nodes, "meshes": meshes, "accessors": accessors, "bufferViews": views, "buffers": []any{buffer},
	}
	if len(materials) > 0 {
		doc["materials"] = materials
	}
	if d.image != "" {
		doc["images"] = []any{map[string]string{"uri": d.image}}
		doc["textures"] = []any{map[string]int{"source": 0}}
	}
	js, err := json.Marshal(doc)
	if err != nil {
		panic(err)
	}
	if !d.glb {
		return js, bin
	}
	for len(js)%4 != 0 {
		js = append(js, ' ')
	}
	var g bytes.Buffer
	binary.Write(&g, binary.LittleEndian, []uint32{0x46546C67, 2, uint32(12 + 8 + len(js) + 8 + buf.Len()), uint32(len(js)), 0x4E4F534A})
	g.Write(js)
	binary.Write(&g, binary.LittleEndian, []uint32{uint32(buf.Len()), 0x004E4942})
	g.Write(buf.Bytes())
	return g.Bytes(), bin
}

// surfaceMoments are the volume, first moments and second moments of
// the solid a closed triangle surface bounds, signed by its winding:
// equal for two meshes that put the same triangles, facing the same way,
// in the same place, whatever their vertex order.
func surfaceMoments(pos []convert.Vec3, idx []uint32) [10]float64 {
	var m [10]float64
	for t := 0; t+2 < len(idx); t += 3 {
		a, b, c := pos[idx[t]], pos[idx[t+1]], pos[idx[t+2]]
		det := a.Dot(b.Cross(c))
		m[0] += det / 6
		for k := range 3 {
			m[1+k] += det * (a[k] + b[k] + c[k]) / 24
		}
		// ∫x_i x_j over the tetrahedron with the origin, times 120/det
		pair := func(i, j int) float64 {
			return 2*(a[i]*a[j]+b[i]*b[j]+c[i]*c[j]) + a[i]*b[j] + a[j]*b[i] + a[i]*c[j] + a[j]*c[i] + b[i]*c[j] + b[j]*c[i]
		}
		for k, ij := range [6][2]int{{0, 0}, {1, 1}, {2, 2}, {0, 1}, {0, 2}, {1, 2}} {
			m[4+k] += det * pair(ij[0], ij[1]) / 120
		}
	}
	return m
}

func momentsAgree(a, b [10]float64) bool {
	for k := range a {
		if math.Abs(a[k]-b[k]) > 1e-9*max(1, math.Abs(a[k])) {
			return false
		}
	}
	return true
}

// TestURDFReadsGLTFMeshes: a URDF <mesh> may name a .gltf or .glb file
// (Gazebo, RViz and MoveIt draw them), which physconv refused as an
// unknown mesh format. It is read whole, as those tools draw it: every
// node of its scene that draws a mesh, placed by the node's transform
// (matrix or TRS, mirrors keeping the triangles facing out), each node
// that draws a mesh again a copy of it, in the file's coordinates. Each
// case is compared with the same triangles written as a binary STL: the
// volume and the first and second moments of the solid both bound agree
// to 1e-9, for the collision mesh (parsed) and the visual (decoded).
func TestURDFReadsGLTFMeshes(t *testing.T) {
	reg := all.Registry()
	lp, li := boxTriangles(convert.Vec3{-0.25, -0.5, -0.25}, convert.Vec3{0.5, 1, 0.75})
	v := func(x, y, z float64) *convert.Vec3 { return &convert.Vec3{x, y, z} }
	// 180° about z, then scale (2, 0.5, 1), then translate (1, 2, 3):
	// exact in binary, as the STL's float32 corners need
	trs := func(p convert.Vec3) convert.Vec3 { return convert.Vec3{1 - 2*p[0], 2 - 0.5*p[1], 3 + p[2]} }
	mirrorX := func(p convert.Vec3) convert.Vec3 { return convert.Vec3{-p[0], p[1], p[2]} }
	// a matrix node (columns: x→z, y→x·2, z→y; a turn with a stretch)
	// then its child moved by (0, 0, 1)
	matrix := &[16]float64{0, 0, 1, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0.5, 0, 0, 1}
	viaMatrix := func(p convert.Vec3) convert.Vec3 { return convert.Vec3{0.5 + 2*p[1], p[2], p[0]} }
	cases := []struct {
		name     string
		doc      meshDoc
		wantPos  []convert.Vec3
		wantIdx  []uint32
		wantLook int // parts with a colour
	}{
		{"one node, TRS", meshDoc{nodes: []gltfNode{{mesh: 0, t: v(1, 2, 3), r: &convert.Quat{0, 0, 1, 0}, s: v(2, 0.5, 1), positions: lp, indices: li}}, roots: []int{0}},
			moved(lp, trs), li, 0},
		{"binary .glb", meshDoc{nodes: []gltfNode{{mesh: 0, t: v(1, 2, 3), r: &convert.Quat{0, 0, 1, 0}, s: v(2, 0.5, 1), positions: lp, indices: li}}, roots: []int{0}, glb: true},
			moved(lp, trs), li, 0},
		{"buffer in a file beside it", meshDoc{nodes: []gltfNode{{mesh: 0, t: v(1, 2, 3), r: &convert.Quat{0, 0, 1, 0}, s: v(2, 0.5, 1), positions: lp, indices: li}}, roots: []int{0}, external: "box%20data.bin"},
			moved(lp, trs), li, 0},
		{"matrix parent, moved child", meshDoc{nodes: []gltfNode{{mesh: -1, m: matrix, children: []int{1}}, {mesh: 0, t: v(0, 0, 1), positions: lp, indices: li}}, roots: []int{0}},
			moved(lp, func(p convert.Vec3) convert.Vec3 { return viaMatrix(convert.Vec3{p[0], p[1], p[2] + 1}) }), li, 0},
		{"mirrored node", meshDoc{nodes: []gltfNode{{mesh: 0, s: v(-1, 1, 1), positions: lp, indices: li}}, roots: []int{0}},
			moved(lp, mirrorX), reversedWinding(li), 0},
		{"mesh drawn twice, split in two coloured primitives", meshDoc{nodes: []gltfNode{
			{mesh: 0, positions: lp, indices: li, primitives: 2, colors: [][4]float64{{1, 0, 0, 1}, {0, 0, 1, 0.5}}},
			{mesh: 0, t: v(0, 0, 4)}}, roots: []int{0, 1}},
			append(append([]convert.Vec3(nil), lp...), moved(lp, func(p convert.Vec3) convert.Vec3 { return p.Add(convert.Vec3{0, 0, 4}) })...),
			append(append([]uint32(nil), li...), shifted(li, 8)...), 4},
	}
	for _, c := range cases {
		file := "parts/box.gltf"
		if c.doc.glb {
			file = "parts/box.glb"
		}
		main, bin := c.doc.encode()
		fsys := fstest.MapFS{file: {Data: main}}
		if bin != nil {
			fsys["parts/box data.bin"] = &fstest.MapFile{Data: bin}
		}
		fsys["parts/box.stl"] = &fstest.MapFile{Data: meshio.EncodeSTL(&meshio.Mesh{Positions: c.wantPos, Indices: c.wantIdx}, "box")}
		moments := map[string][2][10]float64{}
		for _, mesh := range []string{file, "parts/box.stl"} {
			fsys["r.urdf"] = &fstest.MapFile{Data: []byte(fmt.Sprintf(`<robot name="r"><link name="a">
  <inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
  <visual><geometry><mesh filename="%[1]s"/></geometry></visual>
  <collision><geometry><mesh filename="%[1]s"/></geometry></collision></link></robot>`, mesh))}
			in, err := physconv.NewInput(fsys, "r.urdf", &convert.Options{})
			if err != nil {
				t.Fatal(err)
			}
			_, g, diags, err := physconv.ParseGraph(context.Background(), reg, in)
			if err != nil {
				t.Fatalf("%s: %s: %v", c.name, mesh, err)
			}
			if len(g.Meshes) != 2 {
				t.Fatalf("%s: %s: %d meshes, want a visual and a collision (%v)", c.name, mesh, len(g.Meshes), diags)
			}
			var got [2][10]float64
			for k, m := range g.Meshes {
				pos, idx := m.Positions, m.Indices
				if !m.Loaded {
					if pos, idx, err = m.Decode(); err != nil {
						t.Fatalf("%s: %s: visual: %v", c.name, mesh, err)
					}
				}
				got[k] = surfaceMoments(pos, idx)
				if mesh == file && k == 0 && c.wantLook > 0 {
					look, _, err := m.Look()
					colored := 0
					if look != nil {
						for _, p := range look.Parts {
							if p.Color != nil {
								colored++
							}
						}
					}
					if err != nil || colored != c.wantLook {
						t.Errorf("%s: %d coloured parts (%v), want %d", c.name, colored, err, c.wantLook)
					}
				}
			}
			moments[mesh] = got
		}
		want := moments["parts/box.stl"]
		if want[0][0] <= 0 {
			t.Fatalf("%s: the reference STL bounds volume %g", c.name, want[0][0])
		}
		for k, what := range []string{"visual", "collision"} {
			if got := moments[file][k]; !momentsAgree(got, want[k]) {
				t.Errorf("%s: %s mesh moments %v, want the STL's %v", c.name, what, got, want[k])
			}
		}
	}
}

// moved is every position mapped by f.
func moved(pos []convert.Vec3, f func(convert.Vec3) convert.Vec3) []convert.Vec3 {
	out := make([]convert.Vec3, len(pos))
	for i, p := range pos {
		out[i] = f(p)
	}
	return out
}

// reversedWinding is idx with each triangle's last two corners swapped:
// the same triangles facing the other way.
func reversedWinding(idx []uint32) []uint32 {
	out := append([]uint32(nil), idx...)
	for k := 0; k+2 < len(out); k += 3 {
		out[k+1], out[k+2] = out[k+2], out[k+1]
	}
	return out
}

// shifted is idx with base added to every index.
func shifted(idx []uint32, base uint32) []uint32 {
	out := make([]uint32, len(idx))
	for i, x := range idx {
		out[i] = x + base
	}
	return out
}

// TestURDFCopiesGLTFMeshFiles: URDF output copies a glTF mesh file beside
// it with the files it names (its buffer, its texture), renaming them
// where two sources' files would take one name, and the copy is rewritten
// to name them (in a .glb, its JSON chunk, lengths set again). The output
// reads back to the source's physics (no verify-mismatch), each copy
// naming files that are there; a buffer outside the input's folder is an
// error naming the buffer.
func TestURDFCopiesGLTFMeshFiles(t *testing.T) {
	reg := all.Registry()
	lp, li := boxTriangles(convert.Vec3{0, 0, 0}, convert.Vec3{1, 2, 3})
	a, abin := meshDoc{nodes: []gltfNode{{mesh: 0, positions: lp, indices: li, colors: [][4]float64{{1, 1, 1, 1}}}}, roots: []int{0}, external: "data.bin", image: "skin.png"}.encode()
	small := scaled(lp, 0.5)
	b, bbin := meshDoc{nodes: []gltfNode{{mesh: 0, positions: small, indices: li}}, roots: []int{0}, external: "data.bin"}.encode()
	c, _ := meshDoc{nodes: []gltfNode{{mesh: 0, positions: scaled(lp, 0.25), indices: li, colors: [][4]float64{{1, 1, 1, 1}}}}, roots: []int{0}, glb: true, image: "skin.png"}.encode()
	png := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x02\x00\x00\x00\x90wS\xde\x00\x00\x00\x0cIDATx\x9cc\xf8\xcf\xc0\x00\x00\x03\x01\x01\x00\xc9\xfe\x92\xef\x00\x00\x00\x00IEND\xaeB`\x82")
	fsys := fstest.MapFS{
		"a/box.gltf": {Data: a}, "a/data.bin": {Data: abin}, "a/skin.png": {Data: png},
		"b/box.gltf": {Data: b}, "b/data.bin": {Data: bbin},
		"c/box.glb": {Data: c}, "c/skin.png": {Data: append(append([]byte(nil), png...), 0)},
		"r.urdf": {Data: []byte(`<robot name="r">
  <link name="a"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
    <visual><geometry><mesh filename="a/box.gltf"/></geometry></visual><collision><geometry><mesh filename="a/box.gltf"/></geometry></collision></link>
  <link name="b"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
    <visual><geometry><mesh filename="b/box.gltf"/></geometry></visual><collision><geometry><mesh filename="b/box.gltf"/></geometry></collision></link>
  <link name="c"><inertial><mass value="1"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
    <visual><geometry><mesh filename="c/box.glb"/></geometry></visual><collision><geometry><mesh filename="c/box.glb"/></geometry></collision></link>
  <joint name="ab" type="fixed"><parent link="a"/><child link="b"/></joint>
  <joint name="ac" type="revolute"><parent link="a"/><child link="c"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="1" velocity="1"/></joint>
</robot>`)},
	}
	out, res := convertIn(t, reg, fsys, "r.urdf", "urdf")
	for _, d := range res.Diagnostics {
		if d.Code == convert.CodeVerifyMismatch || d.Code == convert.CodeTextureDropped {
			t.Errorf("diagnostic: %v", d)
		}
	}
	// every copied glTF names files the output holds, and reads back to
	// the source's triangles
	copies := 0
	for name, data := range out.Files {
		ext := strings.TrimPrefix(name[strings.LastIndex(name, "."):], ".")
		if ext != "gltf" && ext != "glb" {
			continue
		}
		copies++
		refs, err := meshio.Refs(ext, data)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		// which source this copy is, by what it names
		want := map[string][]byte{"bin": bbin}
		switch {
		case ext == "glb":
			want = map[string][]byte{"png": fsys["c/skin.png"].Data}
		case len(refs) == 2:
			want = map[string][]byte{"bin": abin, "png": png}
		}
		for _, r := range refs {
			got, ok := out.Files["meshes/"+r]
			if !ok {
				t.Errorf("%s names %q, which the output does not hold (files %v)", name, r, slices.Sorted(maps.Keys(out.Files)))
			} else if w := want[r[strings.LastIndex(r, ".")+1:]]; !bytes.Equal(got, w) {
				t.Errorf("%s names %q, which holds another source's file", name, r)
			}
		}
	}
	if copies != 3 {
		t.Errorf("%d glTF files copied, want 3 (files %v)", copies, slices.Sorted(maps.Keys(out.Files)))
	}
	if len(out.Files) != 3+2+2 {
		t.Errorf("output files %v, want the three meshes, two buffers and two images", slices.Sorted(maps.Keys(out.Files)))
	}
	// a buffer outside the input's folder
	escape, _ := meshDoc{nodes: []gltfNode{{mesh: 0, positions: lp, indices: li}}, roots: []int{0}, external: "../../outside.bin"}.encode()
	fsys["a/box.gltf"] = &fstest.MapFile{Data: escape}
	in, err := physconv.NewInput(fsys, "r.urdf", &convert.Options{To: "urdf"})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := physconv.ConvertBytes(context.Background(), reg, in); err == nil || !strings.Contains(err.Error(), "buffers[0].uri") || !strings.Contains(err.Error(), "a/box.gltf") {
		t.Errorf("a buffer outside the folder: error %v, want one naming the mesh file and its buffer", err)
	}
}

// scaled scales every position by f.
func scaled(pos []convert.Vec3, f float64) []convert.Vec3 {
	out := make([]convert.Vec3, len(pos))
	for i, p := range pos {
		out[i] = p.Scale(f)
	}
	return out
}

// TestURDFGLTFAndVTKMeshesInMuJoCo: a URDF whose link collides through a
// glTF mesh (placed by a matrix node, or mirrored) or a VTK volume mesh
// (tetrahedra listed either way round), converted to MJCF, gives MuJoCo
// the solid the same URDF with the triangles as an STL gives it when
// MuJoCo reads that URDF itself: each mesh geom where MuJoCo puts it (the
// solid's centre of volume) with the same extents, in MuJoCo 3 and 2.
func TestURDFGLTFAndVTKMeshesInMuJoCo(t *testing.T) {
	reg := all.Registry()
	lp, li := boxTriangles(convert.Vec3{-0.25, -0.5, -0.25}, convert.Vec3{0.5, 1, 0.75})
	mirrored := moved(lp, func(p convert.Vec3) convert.Vec3 { return convert.Vec3{-p[0], p[1], p[2]} })
	matrixed := moved(lp, func(p convert.Vec3) convert.Vec3 { return convert.Vec3{0.5 + 2*p[1], p[2] + 1, p[0]} })
	matrixDoc, _ := meshDoc{nodes: []gltfNode{{mesh: -1, m: &[16]float64{0, 0, 1, 0, 2, 0, 0, 0, 0, 1, 0, 0, 0.5, 0, 0, 1}, children: []int{1}}, {mesh: 0, t: &convert.Vec3{0, 0, 1}, positions: lp, indices: li}}, roots: []int{0}}.encode()
	mirrorDoc, _ := meshDoc{nodes: []gltfNode{{mesh: 0, s: &convert.Vec3{-1, 1, 1}, positions: lp, indices: li}}, roots: []int{0}}.encode()
	// the box from (-0.25, -0.5, -0.25) to (0.5, 1, 0.75) as five
	// tetrahedra, two of them listed inside out
	var vtk strings.Builder
	vtk.WriteString("# vtk DataFile Version 3.0\nbox\nASCII\nDATASET UNSTRUCTURED_GRID\nPOINTS 8 double\n")
	for _, p := range lp {
		fmt.Fprintf(&vtk, "%g %g %g\n", p[0], p[1], p[2])
	}
	vtk.WriteString("CELLS 5 25\n4 0 1 4 2\n4 3 2 1 7\n4 5 4 1 7\n4 6 7 4 2\n4 1 2 4 7\nCELL_TYPES 5\n10 10 10 10 10\n")
	for _, c := range []struct {
		name, file string
		data       []byte
		pos        []convert.Vec3
		idx        []uint32
	}{
		{"glTF, matrix parent", "box.gltf", matrixDoc, matrixed, li},
		{"glTF, mirrored", "mirrored.gltf", mirrorDoc, mirrored, reversedWinding(li)},
		{"VTK tetrahedra", "box.vtk", []byte(vtk.String()), lp, li},
	} {
		link := func(file string) string {
			return fmt.Sprintf(`<robot name="r"><link name="a">
  <inertial><origin xyz="0.1 0.2 0.3"/><mass value="2"/><inertia ixx="1" iyy="1" izz="1" ixy="0" ixz="0" iyz="0"/></inertial>
  <collision><origin xyz="0 0 0.5"/><geometry><mesh filename="%s"/></geometry></collision></link></robot>`, file)
		}
		fsys := fstest.MapFS{c.file: {Data: c.data}, "r.urdf": {Data: []byte(link(c.file))}}
		out, res := convertIn(t, reg, fsys, "r.urdf", "mjcf")
		noMismatch(t, res, c.name)
		dir := t.TempDir()
		converted := testenv.WriteFiles(t, dir, "out.xml", out.Main, out.Files)
		direct := testenv.WriteFiles(t, dir, "direct.urdf", []byte(link("box.stl")), map[string][]byte{
			"box.stl": meshio.EncodeSTL(&meshio.Mesh{Positions: c.pos, Indices: c.idx}, "box")})
		for _, backend := range [][]string{nil, {"--backend", "c"}} {
			geom := func(file string) (pos, size [3]float64) {
				report, code := testenv.RunOracle(t, "mj-inspect", append(append([]string{}, backend...), "--compact", file)...)
				if code != 0 {
					t.Fatalf("%s: MuJoCo %v refuses %s: %s", c.name, backend, file, report)
				}
				var r struct {
					Geoms []struct {
						Type      string
						Pos, Size [3]float64
					}
				}
				if err := json.Unmarshal(report, &r); err != nil {
					t.Fatal(err)
				}
				for _, g := range r.Geoms {
					if g.Type == "mesh" {
						s := g.Size[:]
						slices.Sort(s)
						return g.Pos, g.Size
					}
				}
				t.Fatalf("%s: no mesh geom in %s: %s", c.name, file, report)
				return
			}
			gotPos, gotSize := geom(converted)
			wantPos, wantSize := geom(direct)
			for k := range 3 {
				if math.Abs(gotPos[k]-wantPos[k]) > 1e-6 || math.Abs(gotSize[k]-wantSize[k]) > 1e-6 {
					t.Errorf("%s: MuJoCo %v puts the mesh at %v with extents %v, the STL at %v with %v", c.name, backend, gotPos, gotSize, wantPos, wantSize)
					break
				}
			}
		}
	}
}

// TestURDFGLTFMeshCopiesCounted: a glTF mesh file whose nodes draw one
// mesh many times holds each copy in memory, so each counts against the
// input's limits again: triangles, and the numbers of its vertices (a
// mesh of many vertices and one triangle drawn a thousand times would
// otherwise pass a triangle limit while it filled memory). Past either
// limit the URDF is refused with an error naming the node.
func TestURDFGLTFMeshCopiesCounted(t *testing.T) {
	reg := all.Registry()
	pos := make([]convert.Vec3, 1000)
	for i := range pos {
		pos[i] = convert.Vec3{float64(i), float64(i % 7), float64(i % 3)}
	}
	nodes := []gltfNode{{mesh: 0, positions: pos, indices: []uint32{0, 1, 2}}}
	var roots []int
	for i := range 200 {
		if i > 0 {
			nodes = append(nodes, gltfNode{mesh: 0, t: &convert.Vec3{0, 0, float64(i)}})
		}
		roots = append(roots, i)
	}
	doc, _ := meshDoc{nodes: nodes, roots: roots}.encode()
	fsys := fstest.MapFS{"many.gltf": {Data: doc}, "r.urdf": {Data: []byte(`<robot name="r"><link name="a">
  <collision><geometry><mesh filename="many.gltf"/></geometry></collision></link></robot>`)}}
	for _, c := range []struct {
		name   string
		limits convert.Limits
		err    string
	}{
		{"within the limits", convert.Limits{}, ""},
		{"vertex numbers", convert.Limits{Elements: 100_000}, "nodes[33].mesh"},
		{"triangles", convert.Limits{Triangles: 150}, "nodes[150].mesh"},
	} {
		in, err := physconv.NewInput(fsys, "r.urdf", &convert.Options{Limits: c.limits})
		if err != nil {
			t.Fatal(err)
		}
		_, g, _, err := physconv.ParseGraph(context.Background(), reg, in)
		switch {
		case c.err == "" && err != nil:
			t.Errorf("%s: %v", c.name, err)
		case c.err == "" && len(g.Meshes[0].Positions) != 200*1000:
			t.Errorf("%s: %d vertices, want 200 copies of 1000", c.name, len(g.Meshes[0].Positions))
		case c.err != "" && (err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), "many.gltf")):
			t.Errorf("%s: error %v, want one naming many.gltf and %s", c.name, err, c.err)
		}
	}
}
