package gltfx

import (
	"encoding/json"
	"fmt"
	"slices"

	"github.com/physconv/physconv/convert"
	"github.com/qmuntal/gltf"
)

// GraphFromDoc maps the node hierarchy into a new Graph: Graph node i is
// glTF node i (name, transform, children); roots come from the default
// scene, and nodes outside it stay detached (KHR geometry may point at
// them). The Doc itself is kept in g.Extras[DocumentKey].
func GraphFromDoc(d *Doc) (*convert.Graph, error) {
	nodes := d.GLTF.Nodes
	g := convert.NewGraph()
	g.Nodes = make([]convert.Node, len(nodes))
	for i, n := range nodes {
		g.Nodes[i] = convert.Node{Name: n.Name, Parent: -1, Transform: NodeTransform(n)}
	}
	// every node's children in one allocation; a path is spelled only for
	// an error
	total := 0
	for _, n := range nodes {
		total += len(n.Children)
	}
	room := make([]int, 0, total)
	for i, n := range nodes {
		if len(n.Children) > 0 {
			g.Nodes[i].Children = room[len(room) : len(room) : len(room)+len(n.Children)]
			room = room[:len(room)+len(n.Children)]
		}
		for k, c := range n.Children {
			switch {
			case c == i:
				return nil, convert.Errorf(fmt.Sprintf("nodes[%d].children[%d]", i, k), "node %d lists itself as a child", i)
			case g.Nodes[c].Parent >= 0:
				return nil, convert.Errorf(fmt.Sprintf("nodes[%d].children[%d]", i, k), "node %d already has parent %d (a node may have one parent)", c, g.Nodes[c].Parent)
			}
			g.Nodes[c].Parent = i
			g.Nodes[i].Children = append(g.Nodes[i].Children, c)
		}
	}
	if i := convert.ParentCycle(len(g.Nodes), func(i int) int { return g.Nodes[i].Parent }); i >= 0 {
		return nil, convert.Errorf(fmt.Sprintf("nodes[%d]", i), "cyclic node hierarchy: node %d is its own ancestor", i)
	}
	if s := d.defaultScene(); s >= 0 {
		g.Name = d.GLTF.Scenes[s].Name
		seen := map[int]bool{}
		for k, r := range d.GLTF.Scenes[s].Nodes {
			p := fmt.Sprintf("scenes[%d].nodes[%d]", s, k)
			if par := g.Nodes[r].Parent; par >= 0 {
				return nil, convert.Errorf(p, "node %d is not a root node (its parent is node %d)", r, par)
			}
			if seen[r] {
				return nil, convert.Errorf(p, "node %d is listed twice", r)
			}
			seen[r] = true
			g.Roots = append(g.Roots, r)
		}
	} else {
		for i := range g.Nodes {
			if g.Nodes[i].Parent < 0 {
				g.Roots = append(g.Roots, i)
			}
		}
	}
	g.Extras[DocumentKey] = d
	return g, nil
}

// defaultScene is the scene index the Graph's roots come from, -1 if the
// document has no scenes.
func (d *Doc) defaultScene() int {
	if d.GLTF.Scene != nil {
		return *d.GLTF.Scene
	}
	if len(d.GLTF.Scenes) > 0 {
		return 0
	}
	return -1
}

// NodeTransform returns a node's local transform (a matrix is decomposed).
func NodeTransform(n *gltf.Node) convert.Transform {
	if n.Matrix != gltf.DefaultMatrix && n.Matrix != ([16]float64{}) {
		return convert.TransformFromMatrix4(n.Matrix)
	}
	return convert.Transform{
		T: convert.Vec3(n.Translation),
		// Exporters write float32 rotations slightly off unit length;
		// normalised, children land where the file means them.
		R: convert.Quat(n.RotationOrDefault()).Normalize(),
		S: convert.Vec3(n.ScaleOrDefault()),
	}
}

// SourceDoc returns the glTF document a Graph was parsed from, if any.
func SourceDoc(g *convert.Graph) *Doc {
	if g == nil || g.Extras == nil {
		return nil
	}
	d, _ := g.Extras[DocumentKey].(*Doc)
	return d
}

// DocFromGraph starts a glTF document for g: a deep copy of the source
// document (or a new one for non-glTF sources) with every physics extension
// of every dialect removed and the nodes synced with the Graph (names,
// transforms, children, appended nodes, scene roots). Dialects then add
// their own extensions.
func DocFromGraph(g *convert.Graph) (*Doc, error) {
	var d *Doc
	if src := SourceDoc(g); src != nil {
		var err error
		if d, err = src.Clone(); err != nil {
			return nil, err
		}
	} else {
		d = NewDoc()
	}
	d.StripPhysics()
	// the nodes the document lacks are laid out in one array
	var added []gltf.Node
	if more := len(g.Nodes) - len(d.GLTF.Nodes); more > 0 {
		added = make([]gltf.Node, more)
		d.GLTF.Nodes = slices.Grow(d.GLTF.Nodes, more)
	}
	for i, gn := range g.Nodes {
		if i >= len(d.GLTF.Nodes) {
			n := &added[0]
			added = added[1:]
			n.Matrix, n.Rotation, n.Scale = gltf.DefaultMatrix, gltf.DefaultRotation, gltf.DefaultScale
			d.GLTF.Nodes = append(d.GLTF.Nodes, n)
		}
		n := d.GLTF.Nodes[i]
		n.Name = gn.Name
		SetNodeTransform(n, gn.Transform)
		n.Children = append([]int(nil), gn.Children...)
	}
	s := d.defaultScene()
	if s < 0 {
		d.GLTF.Scenes = append(d.GLTF.Scenes, &gltf.Scene{})
		s = len(d.GLTF.Scenes) - 1
	}
	d.GLTF.Scene = gltf.Index(s)
	d.GLTF.Scenes[s].Nodes = append([]int(nil), g.Roots...)
	if g.Name != "" {
		d.GLTF.Scenes[s].Name = g.Name // the document name (a robot's, a model's)
	}
	return d, nil
}

// SetNodeTransform writes t into n, keeping a matrix when it already
// decomposes to t so an untouched node is written as it was read.
func SetNodeTransform(n *gltf.Node, t convert.Transform) {
	if NodeTransform(n) == t {
		return // unchanged: keep the node's own spelling (matrix, unnormalised rotation)
	}
	n.Matrix = gltf.DefaultMatrix
	n.Translation = [3]float64(t.T)
	n.Rotation = [4]float64(t.R)
	n.Scale = [3]float64(t.S)
}

// NewDoc returns an empty glTF 2.0 document with one scene.
func NewDoc() *Doc {
	return &Doc{
		GLTF: &gltf.Document{
			Asset:  gltf.Asset{Version: "2.0", Generator: "physconv"},
			Scene:  gltf.Index(0),
			Scenes: []*gltf.Scene{{}},
		},
		Resources: map[string][]byte{},
	}
}

// Clone returns a deep copy; buffer bytes are shared but capped, so
// appending to a copy's buffer never writes into the original.
func (d *Doc) Clone() (*Doc, error) {
	raw, err := json.Marshal(d.GLTF)
	if err != nil {
		return nil, fmt.Errorf("gltf: copying document: %w", err)
	}
	parsed, err := decodeTree(raw, true)
	if err != nil {
		return nil, fmt.Errorf("gltf: copying document: %w", err)
	}
	c, err := typedDocument(parsed)
	if err != nil {
		return nil, fmt.Errorf("gltf: copying document: %w", err)
	}
	for i, b := range d.GLTF.Buffers {
		c.Buffers[i].Data = b.Data[:len(b.Data):len(b.Data)]
	}
	res := make(map[string][]byte, len(d.Resources))
	for k, v := range d.Resources {
		res[k] = v
	}
	return &Doc{GLTF: c, Binary: d.Binary, Resources: res}, nil
}

// StripPhysics removes every physics extension (KHR and OMI lineages) from
// nodes, the document and the extension lists.
func (d *Doc) StripPhysics() {
	d.tree = Value{}
	for _, n := range d.GLTF.Nodes {
		n.Extensions = stripExt(n.Extensions)
	}
	d.GLTF.Extensions = stripExt(d.GLTF.Extensions)
	// The world's gravity is the Graph's (OMI output writes it from
	// there); a node's gravity field has no Graph form and stays.
	if _, ok := d.GLTF.Extensions[OMIPhysicsGravity]; ok {
		delete(d.GLTF.Extensions, OMIPhysicsGravity)
		if len(d.GLTF.Extensions) == 0 {
			d.GLTF.Extensions = nil
		}
		if !nodesUse(d.GLTF.Nodes, OMIPhysicsGravity) {
			d.GLTF.ExtensionsUsed = slices.DeleteFunc(d.GLTF.ExtensionsUsed, func(n string) bool { return n == OMIPhysicsGravity })
			d.GLTF.ExtensionsRequired = slices.DeleteFunc(d.GLTF.ExtensionsRequired, func(n string) bool { return n == OMIPhysicsGravity })
		}
	}
	d.GLTF.ExtensionsUsed = stripNames(d.GLTF.ExtensionsUsed)
	d.GLTF.ExtensionsRequired = stripNames(d.GLTF.ExtensionsRequired)
}

// nodesUse reports whether a node has extension name.
func nodesUse(nodes []*gltf.Node, name string) bool {
	for _, n := range nodes {
		if _, ok := n.Extensions[name]; ok {
			return true
		}
	}
	return false
}

func stripExt(ext gltf.Extensions) gltf.Extensions {
	for k := range ext {
		if IsPhysicsExtension(k) {
			delete(ext, k)
		}
	}
	if len(ext) == 0 {
		return nil
	}
	return ext
}

func stripNames(names []string) []string {
	var out []string
	for _, n := range names {
		if !IsPhysicsExtension(n) {
			out = append(out, n)
		}
	}
	return out
}

// AddNode appends a node (under parent, or detached when parent is -1) to
// the document only; emitters use it for helper nodes the Graph does not
// have.
func (d *Doc) AddNode(parent int, name string, t convert.Transform) int {
	n := &gltf.Node{Name: name, Matrix: gltf.DefaultMatrix}
	SetNodeTransform(n, t)
	d.GLTF.Nodes = append(d.GLTF.Nodes, n)
	i := len(d.GLTF.Nodes) - 1
	if parent >= 0 {
		d.GLTF.Nodes[parent].Children = append(d.GLTF.Nodes[parent].Children, i)
	}
	return i
}
