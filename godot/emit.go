package godot

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/tscn"
)

// Emit writes a Graph as a Godot 4 scene (format=3), or a Godot 3 scene
// (format=2) when opts.Godot is 3.
func Emit(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
	version := 4
	if opts != nil && opts.Godot == 3 {
		version = 3
	}
	e := &emitter{g: g.Clone(), v: version, shapeIDs: map[string]string{}, matIDs: map[string]string{}, ownShape: map[int]convert.Transform{},
		meshIDs: map[string]string{}, paths: map[int]string{}, kind: map[int]string{}}
	if opts != nil {
		e.projectLayers = outputProjectLayers(opts.OutputName)
	}
	e.prepare()
	e.layout()
	e.nodes()
	e.filterWidening()
	if e.visualsDropped > 0 {
		e.note(convert.CodeVisualDropped, convert.DocumentSubject(), "", "%d visuals are not written to Godot 3 scenes (headless Godot 3 cannot build their meshes); physics is unaffected", e.visualsDropped)
	}
	doc := &tscn.Document{Header: tscn.Section{Tag: "gd_scene"}}
	format := int64(3)
	if version == 3 {
		format = 2
	}
	doc.Header.Attrs = []tscn.Prop{{Key: "load_steps", Value: int64(len(e.ext) + len(e.sub) + 1)}, {Key: "format", Value: format}}
	doc.Sections = append(append(append(doc.Sections, e.ext...), e.sub...), e.out...)
	return &convert.Output{Main: tscn.Encode(doc)}, e.diags, nil
}

// outputProjectLayers reads the physics layer names of the Godot project
// an output file is written into ("" or "-": none), so collision systems
// land on the layers that project already names.
func outputProjectLayers(out string) map[int]string {
	if out == "" || out == "-" {
		return nil
	}
	dir, err := filepath.Abs(filepath.Dir(out))
	if err != nil {
		return nil
	}
	root := ProjectRoot(dir)
	if root == "" {
		return nil
	}
	data, err := os.ReadFile(filepath.Join(root, "project.godot"))
	if err != nil {
		return nil
	}
	return projectLayerNames(data)
}

type emitter struct {
	joint convert.Subject // the joint being written
	// hoisted maps a collider node hoistColliders added to the node it
	// came from, so diagnostics name the source's collider.
	hoisted  map[int]int
	g        *convert.Graph
	v        int
	diags    convert.Diagnostics
	ext, sub []tscn.Section
	out      []tscn.Section
	shapeIDs map[string]string
	matIDs   map[string]string
	meshIDs  map[string]string
	skip     []bool
	emitted  []int          // emitted node order (pre-order)
	names    []string       // unique sibling names
	paths    map[int]string // scene path of each emitted node ("." = root)
	kind     map[int]string // emitted class per node
	root     int            // -1 = a synthetic root
	bits     map[string]int // filter system name → layer bit
	// projectLayers are the layer names of the Godot project the output
	// is written into, if any.
	projectLayers map[int]string
	layers        map[int]string
	// visualsDropped counts visuals left out of Godot 3 output.
	visualsDropped int
	// ownShape is, per rebased node, where the node's own shape and visual
	// sit in its new frame: Godot puts them on child nodes, which must undo
	// the rebase as the node's other children do.
	ownShape map[int]convert.Transform
}

// note reports a diagnostic about subj; it returns it for WithSeverity.
func (e *emitter) note(code convert.Code, subj convert.Subject, path, format string, args ...any) *convert.Diagnostic {
	return e.diags.Add(code, subj, path, format, args...)
}

func (e *emitter) name(i int) string { return e.g.Nodes[i].Name }

// prepare marks frame-B attachment nodes that need no node of their own
// and re-bases frames where Godot's conventions require it.
func (e *emitter) prepare() {
	g := e.g
	e.skip = make([]bool, len(g.Nodes))
	connected := map[int]bool{}
	for _, n := range g.Nodes {
		if n.Joint != nil {
			connected[n.Joint.Connected] = true
		}
	}
	for i, n := range g.Nodes {
		if connected[i] && len(n.Children) == 0 && n.Motion == nil && n.Collider == nil && n.Trigger == nil &&
			n.Visual == nil && n.Joint == nil && n.Wheel == nil && n.Thruster == nil && n.Seat == nil && n.Vehicle == nil {
			e.skip[i] = true
		}
	}
	e.hoistColliders()
	for i := range g.Nodes {
		if m := g.Nodes[i].Motion; m != nil && m.InertiaOrientation != nil && !isIdentity(*m.InertiaOrientation) {
			e.bakeInertiaOrientation(i)
		}
		if j := g.Nodes[i].Joint; j != nil {
			e.rebaseJoint(i)
		}
	}
	if e.v == 3 {
		for i := range g.Nodes {
			if c := g.Nodes[i].Collider; c != nil && c.Shape >= 0 && g.Shapes[c.Shape].Kind == convert.Capsule && !e.ownsShapeChild(i) {
				e.rebase(i, capsuleAlign3)
			}
		}
	}
}

// ownShapeFrame is where node i's own shape sits in its (rebased) frame.
func (e *emitter) ownShapeFrame(i int) convert.Transform {
	if t, ok := e.ownShape[i]; ok {
		return t
	}
	return convert.Identity()
}

// capsuleAlign3 turns a Graph capsule frame (axis Y) into Godot 3's (axis Z).
var capsuleAlign3 = convert.Transform{R: convert.AxisAngle(convert.Vec3{1, 0, 0}, -math.Pi/2), S: convert.Vec3{1, 1, 1}}

// isIdentity reports a rotation of (almost exactly) zero angle. It tests
// the vector part: w stays within 1e-16 of 1 up to angles of 1e-8 rad.
func isIdentity(q convert.Quat) bool {
	q = q.Normalize()
	return math.Abs(q[0]) <= 1e-15 && math.Abs(q[1]) <= 1e-15 && math.Abs(q[2]) <= 1e-15
}

// rebase changes node i's frame to node·a, keeping every child's world pose.
func (e *emitter) rebase(i int, a convert.Transform) {
	n := &e.g.Nodes[i]
	t := n.Transform
	rm := a.R.Mat()
	s := t.S
	if isAxisPermutation(rm) {
		for c := 0; c < 3; c++ {
			for row := 0; row < 3; row++ {
				if math.Abs(rm[row][c]) > 0.5 {
					s[c] = math.Abs(t.S[row])
				}
			}
		}
	}
	n.Transform = convert.Transform{T: t.Apply(a.T), R: t.R.Mul(a.R).Normalize(), S: s}
	inv := a.Inverse()
	for _, c := range n.Children {
		e.g.Nodes[c].Transform = inv.Mul(e.g.Nodes[c].Transform)
	}
	if n.Collider != nil || n.Trigger != nil || n.Visual != nil {
		e.ownShape[i] = inv.Mul(e.ownShapeFrame(i))
	}
	if m := n.Motion; m != nil {
		r := a.R.Conj()
		if m.CenterOfMass != nil {
			c := inv.Apply(*m.CenterOfMass)
			m.CenterOfMass = &c
		}
		m.LinearVelocity, m.AngularVelocity = r.Rotate(m.LinearVelocity), r.Rotate(m.AngularVelocity)
		if m.InertiaOrientation != nil {
			q := r.Mul(*m.InertiaOrientation)
			m.InertiaOrientation = &q
		}
	}
}

// bakeInertiaOrientation rotates a body's frame onto its principal axes,
// since Godot stores only principal moments.
func (e *emitter) bakeInertiaOrientation(i int) {
	m := e.g.Nodes[i].Motion
	e.rebase(i, convert.Transform{R: m.InertiaOrientation.Normalize(), S: convert.Vec3{1, 1, 1}})
	m.InertiaOrientation = nil
	e.note(convert.CodeGodotInertiaBaked, convert.BodySubject(i), e.name(i), "Godot has no inertia orientation; the body's frame is rotated onto its principal axes (world poses unchanged)")
}

// ownsShapeChild reports whether a collider or trigger node is emitted as
// a body (or area) with its shape in a separate child.
func (e *emitter) ownsShapeChild(i int) bool {
	n := e.g.Nodes[i]
	if n.Collider != nil && n.Collider.Shape >= 0 {
		return n.Motion != nil || !e.parentIsBody(i)
	}
	if n.Trigger != nil && n.Trigger.Shape >= 0 {
		p := n.Parent
		return n.Motion != nil || p < 0 || e.g.Nodes[p].Trigger == nil || e.g.Nodes[p].Trigger.Shape >= 0
	}
	return false
}

// hoistColliders moves collider nodes that sit deeper than a direct child
// of their body up to it, since Godot only sees direct CollisionShape3D
// children; world poses are kept. A collider on a joint node (a Joint3D,
// which cannot be a shape) moves too: to its body, or, outside every body,
// to a static body of its own beside the joint.
func (e *emitter) hoistColliders() {
	g := e.g
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Collider == nil || n.Collider.Shape < 0 || n.Motion != nil {
			continue
		}
		b := g.BodyOf(i)
		if b < 0 && n.Joint != nil {
			c := *n.Collider
			n.Collider = nil
			k := g.AddNode(convert.Node{Name: n.Name + "Shape", Transform: n.Transform, Collider: &c}, n.Parent)
			e.skip = append(e.skip, false)
			e.hoist(k, i)
			e.note(convert.CodeGodotShapeMoved, g.ColliderSubject(i), g.Nodes[k].Name, "collider moved off joint %q to a static body of its own at the same place (a Godot joint cannot be a shape)", n.Name)
			continue
		}
		if b < 0 || n.Parent == b && n.Joint == nil {
			continue
		}
		world := g.WorldTransform(i)
		rel := g.WorldTransform(b).Inverse().Mul(world)
		c := *n.Collider
		n.Collider = nil
		k := g.AddNode(convert.Node{Name: n.Name + "Shape", Transform: rel, Collider: &c}, b)
		e.skip = append(e.skip, false)
		e.hoist(k, i)
		e.note(convert.CodeGodotShapeMoved, g.ColliderSubject(i), g.Nodes[k].Name, "collider moved to a direct child of body %q, where Godot looks for shapes", g.Nodes[b].Name)
	}
}

func (e *emitter) hoist(k, from int) {
	if e.hoisted == nil {
		e.hoisted = map[int]int{}
	}
	e.hoisted[k] = from
}

func (e *emitter) parentIsBody(i int) bool {
	p := e.g.Nodes[i].Parent
	return p >= 0 && e.g.Nodes[p].Motion != nil
}

// layout picks the scene root and unique sibling names.
func (e *emitter) layout() {
	g := e.g
	e.names = make([]string, len(g.Nodes))
	var roots []int
	for _, r := range g.Roots {
		if !e.skip[r] {
			roots = append(roots, r)
		}
	}
	e.root = -1
	if len(roots) == 1 {
		e.root = roots[0]
	}
	e.uniqueNames(roots)
	var walk func(i int, parentPath string)
	walk = func(i int, parentPath string) {
		var p string
		switch {
		case i == e.root:
			p = "."
		case parentPath == ".":
			p = e.names[i]
		default:
			p = parentPath + "/" + e.names[i]
		}
		e.paths[i] = p
		e.emitted = append(e.emitted, i)
		var kids []int
		for _, c := range g.Nodes[i].Children {
			if !e.skip[c] {
				kids = append(kids, c)
			}
		}
		e.uniqueNames(kids)
		for _, c := range kids {
			walk(c, p)
		}
	}
	for _, r := range roots {
		walk(r, ".")
	}
}

func (e *emitter) uniqueNames(ids []int) {
	used := map[string]bool{}
	for _, i := range ids {
		base := sanitizeName(e.g.Nodes[i].Name)
		if base == "" {
			base = fmt.Sprintf("Node%d", i)
		}
		name := base
		for k := 2; used[name]; k++ {
			name = fmt.Sprintf("%s_%d", base, k)
		}
		if name != e.g.Nodes[i].Name {
			e.note(convert.CodeNameChanged, convert.NodeSubject(i), e.g.Nodes[i].Name, "node renamed %q (Godot needs unique sibling names without . : @ / %% \")", name)
		}
		used[name] = true
		e.names[i] = name
	}
}

func sanitizeName(s string) string {
	return strings.Map(func(r rune) rune {
		if strings.ContainsRune(".:@/%\"", r) {
			return '_'
		}
		return r
	}, s)
}

// cls spells a Godot 4 class for the target version.
func (e *emitter) cls(c4 string) string {
	if e.v == 4 {
		return c4
	}
	for c3, c := range class3to4 {
		if c == c4 && !strings.HasPrefix(c3, "CSG") && c3 != "SpatialMaterial" {
			return c3
		}
	}
	switch c4 {
	case "AnimatableBody3D", "CharacterBody3D":
		return "KinematicBody"
	}
	return c4
}

// sectionFor starts a [node] section at a scene path.
func (e *emitter) sectionFor(name, class, parentPath string) tscn.Section {
	s := tscn.Section{Tag: "node", Attrs: []tscn.Prop{{Key: "name", Value: name}}}
	if class != "" {
		s.Attrs = append(s.Attrs, tscn.Prop{Key: "type", Value: class})
	}
	if parentPath != "" {
		s.Attrs = append(s.Attrs, tscn.Prop{Key: "parent", Value: parentPath})
	}
	return s
}

func parentOf(p string) string {
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[:i]
	}
	return "."
}

func (e *emitter) nodes() {
	if e.root < 0 {
		e.out = append(e.out, e.sectionFor("Root", e.cls("Node3D"), ""))
	}
	for _, i := range e.emitted {
		e.node(i)
	}
}

func (e *emitter) vec(v convert.Vec3) tscn.Value {
	return &tscn.Call{Name: "Vector3", Args: []tscn.Value{v[0], v[1], v[2]}}
}

func (e *emitter) transformValue(t convert.Transform) tscn.Value {
	f := transformBasis(t)
	name := "Transform3D"
	if e.v == 3 {
		name = "Transform"
	}
	args := make([]tscn.Value, 12)
	for k, x := range f {
		args[k] = clean(x)
	}
	return &tscn.Call{Name: name, Args: args}
}

// clean rounds away float noise below 1e-15 so output stays readable.
func clean(x float64) float64 {
	if math.Abs(x) < 1e-15 {
		return 0
	}
	return x
}

func isIdentityTransform(t convert.Transform) bool {
	return t.T == (convert.Vec3{}) && t.S == (convert.Vec3{1, 1, 1}) && isIdentity(t.R)
}
