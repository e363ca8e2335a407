package gltfx

import (
	"fmt"
	"sort"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/qmuntal/gltf"
)

// A nameHint is one of the object-name suffixes Godot's scene importer
// reads from DCC exports (Blender among them) to make colliders and bodies
// out of mesh objects, for files that carry no physics extension.
type nameHint struct {
	suffix string
	shape  convert.ShapeKind
	// colliderOnly: the mesh is a collider only and no longer rendered.
	colliderOnly bool
	// dynamic: the node becomes a dynamic rigid body.
	dynamic bool
}

// nameHints in the importer's order of precedence: a name matching several
// (a "$col" inside "$colonly") takes the first.
var nameHints = []nameHint{
	{suffix: "colonly", shape: convert.TriMesh, colliderOnly: true},
	{suffix: "convcolonly", shape: convert.Convex, colliderOnly: true},
	{suffix: "rigid", shape: convert.Convex, dynamic: true},
	{suffix: "col", shape: convert.TriMesh},
	{suffix: "convcol", shape: convert.Convex},
}

// matchNameHint finds the hint a node name carries. As in Godot's importer,
// the suffix follows "-" or "_" at the end of the name, or "$" anywhere,
// in any letter case; trailing digits, dots, underscores and spaces are
// ignored first, so Blender's duplicate numbering ("Wall-col.001") still
// matches.
func matchNameHint(name string) (nameHint, bool) {
	base := strings.TrimRightFunc(name, func(r rune) bool {
		return r >= '0' && r <= '9' || r <= ' ' || r == '.' || r == '_'
	})
	lower := strings.ToLower(base)
	for _, h := range nameHints {
		if strings.Contains(lower, "$"+h.suffix) || strings.HasSuffix(lower, "-"+h.suffix) || strings.HasSuffix(lower, "_"+h.suffix) {
			return h, true
		}
	}
	return nameHint{}, false
}

// ApplyNameHints gives glTF nodes whose names carry a collision suffix the
// collider (and, for -rigid, the dynamic body) Godot's importer would make
// of them: -col and -convcol add a triangle-mesh or convex collider from
// the node's mesh, which stays visible; -colonly and -convcolonly do the
// same and the mesh is no longer rendered (it is taken off the node in d,
// so glTF outputs keep it as collider geometry only); -rigid makes a
// dynamic body with a convex collider, its mass properties computed later
// from its colliders. A collider outside every body is static; inside a body (a
// -rigid or extension body above it) it joins that body, as a glTF collider
// would. Nodes that already have physics from an extension keep it and the
// hint is reported, not applied. Names stay as they are.
//
// Parsers call it after mapping the extensions, when
// the collision-names option is set. Graph node i must be glTF node i.
func ApplyNameHints(d *Doc, g *convert.Graph, diags *convert.Diagnostics) error {
	a := &hintApplier{d: d, g: g, diags: diags, meshes: map[int]int{}, shapes: map[hintShapeKey]int{}}
	inScene := sceneNodes(g)
	var applied []appliedHint
	for i, n := range d.GLTF.Nodes {
		if i >= len(g.Nodes) {
			break
		}
		h, ok := matchNameHint(n.Name)
		if !ok {
			continue
		}
		if !inScene[i] {
			diags.Add(convert.CodeNameHintIgnored, convert.NodeSubject(i), hintPath(i),
				"%s is not in the scene; its -%s name hint adds nothing", g.NodeLabel(i), h.suffix)
			continue
		}
		ok, err := a.apply(i, h)
		if err != nil {
			return err
		}
		if ok {
			applied = append(applied, appliedHint{i, h})
		}
	}
	// Reported once every hint is in place: whether a collider is static
	// or joins a body may depend on a -rigid node listed after it.
	for _, x := range applied {
		a.report(x.node, x.hint)
	}
	return nil
}

// sceneNodes marks the roots and their descendants.
func sceneNodes(g *convert.Graph) map[int]bool {
	in := map[int]bool{}
	var walk func(i int)
	walk = func(i int) {
		if i < 0 || i >= len(g.Nodes) || in[i] {
			return
		}
		in[i] = true
		for _, c := range g.Nodes[i].Children {
			walk(c)
		}
	}
	for _, r := range g.Roots {
		walk(r)
	}
	return in
}

type appliedHint struct {
	node int
	hint nameHint
}

type hintShapeKey struct {
	mesh int
	kind convert.ShapeKind
}

type hintApplier struct {
	d      *Doc
	g      *convert.Graph
	diags  *convert.Diagnostics
	meshes map[int]int          // glTF mesh → Graph mesh
	shapes map[hintShapeKey]int // glTF mesh and kind → Graph shape
	// hidden records the nodes whose mesh was taken off (-colonly).
	hidden map[int]int
}

func hintPath(i int) string { return fmt.Sprintf("nodes[%d].name", i) }

// apply adds what hint h asks for to node i; false (with a warning) when
// the hint cannot apply.
func (a *hintApplier) apply(i int, h nameHint) (bool, error) {
	n, gn := a.d.GLTF.Nodes[i], &a.g.Nodes[i]
	if what := physicsOf(n, gn); what != "" {
		a.diags.Add(convert.CodeNameHintConflict, convert.NodeSubject(i), hintPath(i),
			"%s has %s; the extension wins and the -%s name hint is not applied", a.g.NodeLabel(i), what, h.suffix)
		return false, nil
	}
	if n.Mesh == nil {
		a.diags.Add(convert.CodeNameHintIgnored, convert.NodeSubject(i), hintPath(i),
			"%s has no mesh; the -%s name hint makes colliders of mesh nodes only, so nothing is added (Godot reads shapes of named empties from Collada files only)", a.g.NodeLabel(i), h.suffix)
		return false, nil
	}
	shape, err := a.shape(*n.Mesh, h.shape, i)
	if err != nil {
		return false, err
	}
	if shape < 0 {
		a.diags.Add(convert.CodeNameHintIgnored, convert.NodeSubject(i), hintPath(i),
			"the mesh of %s has no triangles; the -%s name hint adds nothing", a.g.NodeLabel(i), h.suffix)
		return false, nil
	}
	if n.Skin != nil {
		a.diags.Add(convert.CodeFieldDropped, a.g.ColliderSubject(i), hintPath(i), "%s is skinned; its collider uses the mesh in its bind pose", a.g.NodeLabel(i)).Affecting(convert.QShape)
	}
	gn.Collider = &convert.Collider{Shape: shape, Material: -1, Filter: -1}
	if h.dynamic {
		gn.Motion = &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1}
	}
	if h.colliderOnly && !a.geometryNode(i) {
		if a.hidden == nil {
			a.hidden = map[int]int{}
		}
		a.hidden[i] = *n.Mesh
		n.Mesh = nil
	}
	return true, nil
}

// physicsOf names the physics a node already has ("" when none): a
// physics extension on the glTF node, or attributes a parser gave it.
func physicsOf(n *gltf.Node, gn *convert.Node) string {
	var names []string
	for k := range n.Extensions {
		if IsPhysicsExtension(k) {
			names = append(names, k)
		}
	}
	if len(names) > 0 {
		sort.Strings(names)
		return "physics from " + strings.Join(names, " and ")
	}
	switch {
	case gn.Motion != nil:
		return "a rigid body"
	case gn.Collider != nil:
		return "a collider"
	case gn.Trigger != nil:
		return "a trigger"
	case gn.Joint != nil:
		return "a joint"
	}
	return ""
}

// geometryNode reports whether a KHR collider or trigger names node i as
// its geometry.node: its mesh must then stay on it.
func (a *hintApplier) geometryNode(i int) bool {
	for k := range a.d.GLTF.Nodes {
		v, ok := a.d.NodeExtension(k, KHRPhysicsRigidBodies)
		if !ok {
			continue
		}
		for _, part := range []string{"collider", "trigger"} {
			if n, err := v.Get(part).Get("geometry").Get("node").AsInt(); err == nil && n == i {
				return true
			}
		}
	}
	return false
}

// shape returns the Graph shape of kind made from glTF mesh m (shared by
// every node using that mesh), or -1 when the mesh has no triangles.
func (a *hintApplier) shape(m int, kind convert.ShapeKind, node int) (int, error) {
	if m < 0 || m >= len(a.d.GLTF.Meshes) {
		return -1, convert.Errorf(fmt.Sprintf("nodes[%d].mesh", node), "index %d out of range (%d meshes)", m, len(a.d.GLTF.Meshes))
	}
	key := hintShapeKey{m, kind}
	if s, ok := a.shapes[key]; ok {
		return s, nil
	}
	gm, err := a.mesh(m)
	if err != nil {
		return -1, err
	}
	s := -1
	if gm >= 0 {
		s = a.g.AddShape(convert.Shape{Kind: kind, Mesh: gm})
	}
	a.shapes[key] = s
	return s, nil
}

// mesh returns the Graph mesh of glTF mesh m: one a parser already made
// from it, else a new one keeping the glTF index (MeshKey) so glTF
// emitters point at the source mesh instead of copying it.
func (a *hintApplier) mesh(m int) (int, error) {
	if gm, ok := a.meshes[m]; ok {
		return gm, nil
	}
	for k, gm := range a.g.Meshes {
		if src, ok := gm.Extras[MeshKey].(int); ok && src == m && gm.Loaded && len(gm.Indices) > 0 {
			a.meshes[m] = k
			return k, nil
		}
	}
	pos, idx, err := MeshTriangles(a.d, m)
	if err != nil {
		return -1, err
	}
	k := -1
	if len(idx) > 0 {
		k = a.g.AddMesh(convert.Mesh{Name: a.d.GLTF.Meshes[m].Name, Positions: pos, Indices: idx, Loaded: true,
			Scale: convert.Vec3{1, 1, 1}, Extras: map[string]any{MeshKey: m}})
	}
	a.meshes[m] = k
	return k, nil
}

// report writes the one info diagnostic of an applied hint: what the node
// became.
func (a *hintApplier) report(i int, h nameHint) {
	n := a.d.GLTF.Nodes[i]
	mesh, hidden := a.hidden[i]
	if !hidden {
		mesh = *n.Mesh
	}
	geometry := "triangle-mesh"
	if h.shape == convert.Convex {
		geometry = "convex"
	}
	what := fmt.Sprintf("a %s collider from mesh %d %q", geometry, mesh, a.d.GLTF.Meshes[mesh].Name)
	switch b := a.g.BodyOf(i); {
	case h.dynamic:
		what = "a dynamic rigid body with " + what + " (mass computed from its colliders)"
	case b >= 0:
		what += " joining the body of " + a.g.NodeLabel(b)
	default:
		what = "a static body with " + what
	}
	switch {
	case hidden:
		what += "; the mesh is a collider only, no longer rendered in glTF output"
	case h.colliderOnly:
		what += "; the mesh stays rendered because a KHR collider or trigger uses this node as its geometry"
	default:
		what += "; the mesh stays visible"
	}
	a.diags.Add(convert.CodeNameHintApplied, convert.NodeSubject(i), hintPath(i), "%s (name hint -%s) became %s", a.g.NodeLabel(i), h.suffix, what)
}
