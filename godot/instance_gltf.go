package godot

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/gltfx"
	"github.com/physconv/physconv/internal/tscn"
)

// gltfScene is the part of a glTF document an instance needs: the node
// tree with names and local transforms.
type gltfScene struct {
	Scene  *int `json:"scene"`
	Scenes []struct {
		Nodes []int `json:"nodes"`
	} `json:"scenes"`
	Nodes []struct {
		Name        string       `json:"name"`
		Children    []int        `json:"children"`
		Translation *[3]float64  `json:"translation"`
		Rotation    *[4]float64  `json:"rotation"`
		Scale       *[3]float64  `json:"scale"`
		Matrix      *[16]float64 `json:"matrix"`
		Mesh        *int         `json:"mesh"`
	} `json:"nodes"`
}

// gltfInstance expands an instanced .gltf/.glb into the Node3D tree Godot
// imports it as: a root (renamed by the instancing node) whose children
// are the glTF scene's root nodes, each with its name and local
// transform. The nodes are marked as brought in by the instance, so a
// Godot writer references the file instead of writing them, while bodies
// the scene parents into them keep their place and world pose. A node
// that draws a mesh gets it as its visual (gltfDrawing), so other
// formats draw the model; any physics inside the glTF is not read.
// unread says why a file that cannot be read is kept as a reference; err
// is the input's node budget.
func (l *loader) gltfInstance(d *doc, r *resource, s *tscn.Section) (n *node, unread, err error) {
	file, err := l.gltfFile(r.path)
	if err != nil {
		return nil, err, nil
	}
	g := &file.scene
	root := &node{class: "Node3D", version: d.version, props: map[string]value{}, file: d.file, line: s.Line,
		attrs: map[string]tscn.Value{"instance": r.resPath}, gltf: r.resPath}
	sc := 0
	if g.Scene != nil {
		sc = *g.Scene
	}
	if len(g.Scenes) == 0 {
		return root, nil, nil
	}
	if sc < 0 || sc >= len(g.Scenes) {
		return nil, fmt.Errorf("scene %d does not exist", sc), nil
	}
	used := map[string]int{}
	seen := make([]bool, len(g.Nodes))
	var fatal error
	var add func(parent *node, k int) error
	add = func(parent *node, k int) error {
		if k < 0 || k >= len(g.Nodes) {
			return fmt.Errorf("node %d does not exist", k)
		}
		if seen[k] {
			return fmt.Errorf("node %d is used twice", k)
		}
		seen[k] = true
		if err := l.charge(d, s, 1); err != nil {
			fatal = err
			return err
		}
		gn := g.Nodes[k]
		t := convert.Identity()
		switch {
		case gn.Matrix != nil:
			t = convert.TransformFromMatrix4(*gn.Matrix)
		default:
			if gn.Translation != nil {
				t.T = *gn.Translation
			}
			if gn.Rotation != nil {
				t.R = convert.Quat(*gn.Rotation).Normalize()
			}
			if gn.Scale != nil {
				t.S = *gn.Scale
			}
		}
		c := &node{name: gltfNodeName(gn.Name, used), class: "Node3D", version: d.version, props: map[string]value{},
			file: d.file, line: s.Line, parent: parent, gltf: r.resPath, xf: &t}
		if gn.Mesh != nil {
			c.gltfMesh = &gltfMesh{file: r.path, mesh: *gn.Mesh}
		}
		parent.children = append(parent.children, c)
		for _, k := range gn.Children {
			if err := add(c, k); err != nil {
				return err
			}
		}
		return nil
	}
	for _, k := range g.Scenes[sc].Nodes {
		if err := add(root, k); err != nil {
			if fatal != nil {
				return nil, nil, fatal
			}
			return nil, err, nil
		}
	}
	return root, nil, nil
}

// gltfFile is an instanced glTF file as read: its bytes (for its meshes,
// gltfDrawing) and its node tree.
type gltfFile struct {
	data  []byte
	scene gltfScene
}

// gltfFile reads an instanced glTF file once, however many times the
// scene instances it.
func (l *loader) gltfFile(path string) (*gltfFile, error) {
	if f, ok := l.gltfFiles[path]; ok {
		return f, nil
	}
	data, err := l.in.Open(path)
	if err != nil {
		return nil, err
	}
	js, err := gltfx.JSONChunk(data)
	if err != nil {
		return nil, err
	}
	f := &gltfFile{data: data}
	if err := json.Unmarshal(js, &f.scene); err != nil {
		return nil, err
	}
	l.gltfFiles[path] = f
	return f, nil
}

// gltfNodeName is the name Godot's importer gives a glTF node: without the
// characters node names may not hold, "Node" when empty, and numbered
// from 2 when the document already used it.
func gltfNodeName(name string, used map[string]int) string {
	name = strings.Map(func(r rune) rune {
		if strings.ContainsRune(".:@/\"%", r) {
			return -1
		}
		return r
	}, name)
	if strings.TrimSpace(name) == "" {
		name = "Node"
	}
	used[name]++
	if c := used[name]; c > 1 {
		return fmt.Sprintf("%s%d", name, c)
	}
	return name
}

// gltfMesh is the mesh an instanced glTF's node draws.
type gltfMesh struct {
	file string // the glTF file, as the loader opens it
	mesh int
}

// gltfDrawings are the drawings of the instanced glTF files of one scene,
// each file read once however often it is instanced: its document, and
// the visual of each of its meshes made so far (their shapes shared by
// every instance).
type gltfDrawings struct {
	docs    map[string]*gltfx.Doc // nil: the file's meshes cannot be read (reported)
	visuals map[gltfMesh]*convert.Visual
}

// gltfDrawing gives Graph node idx the visual of the mesh its instanced
// glTF node draws, reading the file the first time. Reading the document
// back to verify an output skips it (Options.SkipVisualData), as other
// visual data.
func (p *parser) gltfDrawing(m *gltfMesh, n *node, idx int) {
	in := p.l.in
	if in.Options != nil && in.Options.SkipVisualData {
		return
	}
	dr := &p.drawings
	if dr.docs == nil {
		dr.docs, dr.visuals = map[string]*gltfx.Doc{}, map[gltfMesh]*convert.Visual{}
	}
	d, ok := dr.docs[m.file]
	if !ok {
		var data []byte
		if f := p.l.gltfFiles[m.file]; f != nil {
			data = f.data
		}
		sub, err := in.Referenced(m.file, data)
		if err == nil {
			d, err = gltfx.Decode(sub)
		}
		if err != nil {
			p.note(convert.CodeVisualDropped, p.g.VisualSubject(idx), n, "the meshes of %s cannot be read (%v); its nodes are written without them", m.file, err)
		} else {
			skinned := 0
			for _, gn := range d.GLTF.Nodes {
				if gn.Skin != nil && gn.Mesh != nil {
					skinned++
				}
			}
			if len(d.GLTF.Animations) > 0 || skinned > 0 {
				p.note(convert.CodeAnimationDropped, convert.DocumentSubject(), n, "%s has %d animation(s) and %d skinned mesh node(s): other formats draw the model still, skinned meshes in their bind pose (Godot output instances the file)", m.file, len(d.GLTF.Animations), skinned)
			}
		}
		dr.docs[m.file] = d
	}
	if d == nil {
		return
	}
	v, ok := dr.visuals[*m]
	if !ok {
		v = gltfx.MeshVisual(p.g, d, m.mesh, idx, p.l.diags)
		dr.visuals[*m] = v
	}
	if v != nil {
		own := *v
		p.g.Nodes[idx].Visual = &own
		p.g.Nodes[idx].Extras[extraInstanceDrawn] = true
	}
}
