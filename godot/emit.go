package godot

import (
	"fmt"
	"github.com/physconv/physconv/internal/xmlx"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/names"
	"github.com/physconv/physconv/internal/tscn"
)

// Emit writes a Graph as a Godot 4 scene (format=3), or a Godot 3 scene
// (format=2) when the godot option is 3.
func Emit(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
	version := 4
	if opts.Int(VersionOption) == 3 {
		version = 3
	}
	e := &emitter{g: g.Clone(), v: version, shapeIDs: map[string]string{}, matIDs: map[string]string{}, ownShape: map[int]convert.Transform{}, engineInertia: map[int]bool{}, turned: map[int]convert.Transform{},
		meshIDs: map[string]string{}, paths: map[int]string{}, kind: map[int]string{},
		images: map[string]*sceneImage{}}
	if opts != nil {
		proj := outputProject(opts.OutputName)
		e.projectLayers = proj.layers
		e.engine3 = proj.engine
		if v := proj.gravity; v != nil {
			e.note(convert.CodeGodotProjectGravity, convert.DocumentSubject(), "", "the Godot project this scene is written into sets a default gravity of %s m/s², not Godot's %s m/s² down: its bodies fall by the project's gravity, which the gravity scales written here (relative to Godot's default) do not undo", xmlx.Nums(v[:]...), xmlx.Num(DefaultGravity))
		}
	}
	e.gltfVisuals()
	e.wheelsAtAttachment()
	e.prepare()
	e.frames = e.g.Frames(-1)
	e.layout()
	if e.nodesLifted > 0 {
		e.note(convert.CodeGodot3NodesLifted, convert.DocumentSubject(), "", "%d nodes nested deeper than %d levels are written directly under the body they move with (or the scene root) with the same world pose: Godot 3 has no scene-unique names, and their full parent paths would grow the file with the square of the depth", e.nodesLifted, maxPathDepth)
	}
	if e.liftedCount > 0 {
		e.note(convert.CodeGodot3BodiesLifted, convert.DocumentSubject(), "", "%d bodies nested deeper than %d levels are written under the scene root with the same world pose: Godot 3 has no scene-unique names, and their full parent paths would grow the file with the square of the depth", e.liftedCount, maxPathDepth)
	}
	e.prepareImages()
	e.filterLayout()
	e.nodes()
	e.unwrittenCouplings()
	e.filterWidening()
	doc := &tscn.Document{Header: tscn.Section{Tag: "gd_scene"}}
	format := int64(3)
	if version == 3 {
		format = 2
	}
	doc.Header.Attrs = []tscn.Prop{{Key: "load_steps", Value: int64(len(e.ext) + len(e.sub) + 1)}, {Key: "format", Value: format}}
	doc.Sections = append(append(append(doc.Sections, e.ext...), e.sub...), e.out...)
	for _, s := range doc.Sections {
		for _, p := range append(s.Attrs, s.Props...) {
			mustFinite(p.Value)
		}
	}
	return &convert.Output{Main: tscn.Encode(doc)}, e.diags, nil
}

// mustFinite passes every number of v through convert.MustFinite: Godot
// would read inf and nan back, but no conversion may write them.
func mustFinite(v tscn.Value) {
	switch x := v.(type) {
	case float64:
		convert.MustFinite(x)
	case *tscn.Call:
		for _, a := range x.Args {
			mustFinite(a)
		}
	case tscn.Array:
		for _, a := range x {
			mustFinite(a)
		}
	case tscn.Dict:
		for _, en := range x {
			mustFinite(en.Key)
			mustFinite(en.Value)
		}
	case *tscn.Object:
		for _, en := range x.Props {
			mustFinite(en.Value)
		}
	}
}

// outputProject reads the settings of the Godot project an output file
// is written into ("" or "-": none): collision systems land on the layers
// that project already names, and a default gravity of its own is said.
func outputProject(out string) projectSettings {
	if out == "" || out == "-" {
		return projectSettings{}
	}
	dir, err := filepath.Abs(filepath.Dir(out))
	if err != nil {
		return projectSettings{}
	}
	root := ProjectRoot(dir)
	if root == "" {
		return projectSettings{}
	}
	data, err := os.ReadFile(filepath.Join(root, "project.godot"))
	if err != nil {
		return projectSettings{}
	}
	return readProject(data)
}

type emitter struct {
	// engine3 is the 3D physics engine of the Godot 3 project written
	// into ("" or Bullet: Bullet, Godot 3's default)
	engine3 string
	// soleCollider caches soleStaticCollider by node (-1: none)
	soleCollider map[int]int
	// connectedTo marks the nodes joints connect to (jointFrames)
	connectedTo []bool
	joint       convert.Subject // the joint being written
	// couplingsSaid holds the couplings written as joint metadata or
	// reported dropped.
	couplingsSaid map[int]bool
	// followerOf lists each joint node's couplings as follower.
	followerOf map[int][]int
	// hoisted maps a collider node hoistColliders added to the node it
	// came from, so diagnostics name the source's collider.
	hoisted  map[int]int
	g        *convert.Graph
	v        int
	diags    convert.Diagnostics
	ext, sub []tscn.Section
	// extRefs are the files declared in ext, by class and path
	extRefs  map[string]tscn.Ref
	out      []tscn.Section
	shapeIDs map[string]string
	// meshShapes finds a written convex or triangle-mesh shape by what it
	// is written from
	meshShapes meshShapeIndex
	matIDs     map[string]string
	// frictions: the least and greatest friction of the Graph's
	// colliders, found once (combineDefault)
	frictions *[2]float64
	meshIDs   map[string]string
	skip      []bool
	emitted   []int    // emitted node order (pre-order)
	names     []string // unique sibling names
	// paths is how the scene refers to each emitted node as a parent:
	// "." for the root, a path from the root, or %Name (see refFor)
	paths    map[int]string
	up       []int  // emitted parent of each emitted node (-1: the scene root)
	depth    []int  // names from the scene root to each emitted node
	anchored []bool // nodes written with unique_name_in_owner
	// lifted are Godot 3 bodies written under the scene root (see lift);
	// rootNames are the names taken there
	lifted    []bool
	rootNames *names.Set
	// anchorNames are the names unique in the scene (unique_name_in_owner)
	anchorNames map[string]bool
	kind        map[int]string // emitted class per node
	root        int            // -1 = a synthetic root
	bits        map[string]int // filter system name → layer bit
	// layerNotes are assignBits' notes, given when the system layers are
	// written; perFilter, when set, is each filter's layer and mask
	// (perFilterLayers)
	layerNotes convert.Diagnostics
	perFilter  [][2]uint32
	// perFilterUnfiltered is the mask of objects without a filter then
	perFilterUnfiltered uint32
	// projectLayers are the layer names of the Godot project the output
	// is written into, if any.
	projectLayers map[int]string
	layers        map[int]string
	// liftedCount counts the lifted bodies (see lift), nodesLifted the
	// other nodes lifted to their body (liftToBody); liftedTo is where a
	// lifted node went, childNames the names taken under a node nodes
	// were lifted to.
	liftedCount, nodesLifted int
	liftedTo                 []int
	childNames               map[int]*names.Set
	// shapeUsers are the Graph's ShapeUsers, found on first use.
	shapeUsers [][]convert.Subject
	// ownShape is, per rebased node, where the node's own shape and visual
	// sit in its new frame: Godot puts them on child nodes, which must undo
	// the rebase as the node's other children do.
	ownShape map[int]convert.Transform
	// frames caches world transforms once prepare has rebased the frames
	// it changes
	frames *convert.Frames
	// classValues holds each node class boxed once (classValue)
	classValues map[string]tscn.Value
	// engineInertia holds the bodies whose inertia Godot computes itself
	// exactly from their shapes, so none is written.
	engineInertia map[int]bool
	// turned is, per rebased node, the change of frame applied to it
	// (new frame = old frame · turned), so a joint can compare its frames
	// as the Graph had them.
	turned map[int]convert.Transform
	// weldNodes are the joint and attachment nodes of the welds
	// weldsToStatic replaced by static bodies.
	weldNodes []int
	// bulletExact holds the Godot 3 bodies whose inertia Bullet computes
	// from their shapes as the Graph has it.
	bulletExact map[int]bool
	// jointedBodies: the bodies a joint holds (jointed)
	jointedBodies map[int]bool
	// heaviest is the greatest finite mass of a dynamic body (heaviestMass;
	// 0: not yet found)
	heaviest float64
	// images are the texture images met, by source file.
	images map[string]*sceneImage
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
	e.weldsToStatic()
	e.fuseWelds()
	e.softWelds()
	e.skip = make([]bool, len(g.Nodes))
	connected := map[int]bool{}
	for _, n := range g.Nodes {
		if n.Joint != nil {
			connected[n.Joint.Connected] = true
		}
	}
	for _, i := range e.weldNodes {
		if i >= 0 && i < len(g.Nodes) {
			connected[i] = true // a weld's nodes, now empty, go with it
		}
	}
	for i, n := range g.Nodes {
		if connected[i] && len(n.Children) == 0 && n.Motion == nil && n.Collider == nil && n.Trigger == nil &&
			n.Visual == nil && n.Joint == nil && n.Wheel == nil && n.Thruster == nil && n.Seat == nil && n.Vehicle == nil {
			e.skip[i] = true
		}
	}
	e.hoistColliders()
	e.anchorWorldJoints()
	for i := range g.Nodes {
		if j := g.Nodes[i].Joint; j != nil {
			e.rebaseJoint(i)
		}
	}
	// after the joints, which may turn a body's frame
	for i := range g.Nodes {
		e.alignInertia(i)
	}
	// after the inertia, which may make a scale uniform
	for i := range g.Nodes {
		e.unscale(i)
	}
	if e.v == 3 {
		// in the frames written, before capsules turn to Godot 3's axis
		e.bulletExact = map[int]bool{}
		for i := range g.Nodes {
			if m := g.Nodes[i].Motion; m != nil && m.Kind == convert.Dynamic && bulletGives(g, i, m) {
				e.bulletExact[i] = true
			}
		}
		for i := range g.Nodes {
			if e.capsuleNode(i) {
				e.rebase(i, capsuleAlign3)
			}
		}
	}
}

// rigidWeld reports whether node i's joint is a rigid fixed joint that
// another format wrote: an exact weld there (an MJCF body without joints,
// a URDF fixed joint), where a Godot joint is a soft constraint bodies sag
// and spring against. A Godot scene's own joints (and any joint with
// solver settings or springy limits) are kept as they are: there the soft
// joint is the source's physics.
func (e *emitter) rigidWeld(i int) bool {
	j := e.g.Nodes[i].Joint
	if j == nil || j.Solver != nil || kin.Classify(j).Kind != kin.KindFixed {
		return false
	}
	if _, godotJoint := e.g.Nodes[i].Extras[extraClass]; godotJoint {
		return false
	}
	for _, l := range j.Limits {
		if !math.IsInf(l.Stiffness, 1) || l.Damping > 0 {
			return false
		}
	}
	return true
}

// weldsToStatic writes a moving body that a rigid weld holds to the world
// (or to a static body) as the static body it is, without the joint: it
// never moves, while on a Godot joint it would sag.
func (e *emitter) weldsToStatic() {
	g := e.g
	moving := func(b int) bool { return b >= 0 && g.Nodes[b].Motion.Kind == convert.Dynamic }
	held := func(b int) bool { return b < 0 || g.Nodes[b].Motion.Kind == convert.Static }
	for changed := true; changed; {
		changed = false
		for i := range g.Nodes {
			if !e.rigidWeld(i) {
				continue
			}
			j := g.Nodes[i].Joint
			a, b := g.BodyOf(i), -1
			if j.Connected >= 0 && j.Connected < len(g.Nodes) {
				b = g.BodyOf(j.Connected)
			}
			body := -1
			switch {
			case held(a) && moving(b):
				body = b
			case held(b) && moving(a):
				body = a
			default:
				continue
			}
			g.Nodes[body].Motion.Kind = convert.Static
			g.Nodes[i].Joint = nil
			e.weldNodes = append(e.weldNodes, i, j.Connected)
			e.note(convert.CodeGodotWeldStatic, convert.JointSubject(i), e.name(i), "fixed joint holding %q to the world: the body is written as a StaticBody3D (Godot's joints are soft)", g.Nodes[body].Name)
			changed = true
		}
	}
}

// fuseWelds writes two moving bodies that a rigid weld holds together as
// one body, as MuJoCo and Bullet compile them: the welded body's shapes
// join the other's (the node tree already nests it there) and the mass
// properties are summed about the common centre of mass. On a Godot joint
// the pair would bend and spring. Only where the welded body is the
// other's descendant, unscaled, and moves as it does (same gravity,
// damping and locks, no velocity of its own, no vehicle parts).
func (e *emitter) fuseWelds() {
	g := e.g
	owner := g.BodyOwners()
	fused := newFusedBodies(g, owner)
	surf := map[int]surface{}
	for c := range g.Nodes {
		if col := g.Nodes[c].Collider; col != nil {
			b := owner[c]
			surf[b], _ = surf[b].join(surface{mat: col.Material, filter: col.Filter, any: true})
		}
	}
	// no node moves here: world poses come from one snapshot
	world := lazyWorld(g)
	for i := range g.Nodes {
		if !e.rigidWeld(i) {
			continue
		}
		j := g.Nodes[i].Joint
		if j.Connected < 0 || j.Connected >= len(g.Nodes) {
			continue
		}
		a, b := fused.bodyOf(i), fused.bodyOf(j.Connected)
		if a < 0 || b < 0 || a == b {
			continue
		}
		if g.Nodes[b].Parent >= 0 && fused.bodyOf(g.Nodes[b].Parent) != a {
			a, b = b, a // the weld may name the bodies either way round
		}
		if !e.fusible(a, b, surf, fused) {
			continue
		}
		surf[a], _ = surf[a].join(surf[b])
		ma, mb := g.Nodes[a].Motion, g.Nodes[b].Motion
		ta, tb := world(a), world(b)
		rel := ta.Inverse().Mul(tb)
		ia, _ := ma.InertiaTensor()
		ib, _ := mb.InertiaTensor()
		r := rel.R.Mat()
		ib = r.Mul(ib).Mul(r.T())
		ca, cb := *ma.CenterOfMass, rel.Apply(*mb.CenterOfMass)
		m := *ma.Mass + *mb.Mass
		c := ca.Scale(*ma.Mass / m).Add(cb.Scale(*mb.Mass / m))
		tensor := ia.Add(mass.ParallelAxis(*ma.Mass, ca.Sub(c))).Add(ib).Add(mass.ParallelAxis(*mb.Mass, cb.Sub(c)))
		d, q := mass.NearestPrincipalAxes(tensor)
		ma.Mass, ma.CenterOfMass, ma.InertiaDiagonal, ma.InertiaOrientation = &m, &c, &d, &q
		ma.MassSource, ma.CenterOfMassSource, ma.InertiaSource = convert.Given, convert.Given, convert.Given
		g.Nodes[b].Motion = nil
		g.Nodes[i].Joint = nil
		e.weldNodes = append(e.weldNodes, i, j.Connected)
		// about the body that now holds both, whose mass properties change
		e.note(convert.CodeGodotWeldFused, convert.BodySubject(a), g.Nodes[a].Name, "%q is written as part of %q: a rigid fixed joint (%q) holds them together and Godot's joints are soft, so they are one body, shapes joined and mass properties summed",
			g.Nodes[b].Name, g.Nodes[a].Name, g.Nodes[i].Name)
	}
}

// softWelds names each rigid weld still written as a joint (its bodies
// could not be fused: different surfaces, scale, vehicle parts): Godot
// holds it only as firmly as its solver does, so the bodies give under
// load where the source held them as one.
func (e *emitter) softWelds() {
	g := e.g
	for i := range g.Nodes {
		if !e.rigidWeld(i) {
			continue
		}
		a, b := g.BodyOf(i), -1
		if c := g.Nodes[i].Joint.Connected; c >= 0 && c < len(g.Nodes) {
			b = g.BodyOf(c)
		}
		moving := func(k int) bool {
			return k >= 0 && g.Nodes[k].Motion != nil && g.Nodes[k].Motion.Kind != convert.Static
		}
		if moving(a) || moving(b) {
			e.note(convert.CodeJointComplianceChanged, convert.JointSubject(i), e.name(i), "a rigid fixed joint is written as a Generic6DOF joint, which Godot holds only as firmly as its solver does: the bodies give under load")
		}
	}
}

// fusedBodies answers BodyOf while fuseWelds takes bodies away (their
// Motion gone, their nodes now the body's above), and whether the nodes
// between a node and that body are all unscaled, without walking up a
// chain of fused bodies for every question: each fused body remembers
// where the walk from it ends.
type fusedBodies struct {
	g     *convert.Graph
	owner []int // BodyOf of every node before any fusion
	// localUnit: the nodes from a node up to owner (excluded) are all
	// unscaled; 0 unknown, 1 yes, 2 no
	localUnit []int8
	skip      map[int]fusedSkip
}

// fusedSkip is where the walk up from a fused body ends (the first body
// not fused, or -1) and whether every node on the way is unscaled.
type fusedSkip struct {
	body int
	unit bool
}

func newFusedBodies(g *convert.Graph, owner []int) *fusedBodies {
	return &fusedBodies{g: g, owner: owner, localUnit: make([]int8, len(g.Nodes)), skip: map[int]fusedSkip{}}
}

func unscaled(n *convert.Node) bool { return uniform(n.Transform.S) && n.Transform.S[0] == 1 }

// bodyOf is g.BodyOf(i) now.
func (f *fusedBodies) bodyOf(i int) int {
	b, _ := f.resolve(f.owner[i])
	return b
}

// unitUp reports whether every node from k up to its body now (excluded)
// is unscaled.
func (f *fusedBodies) unitUp(k int) bool {
	_, unit := f.resolve(f.owner[k])
	return unit && f.local(k)
}

// local reports whether the nodes from k up to its first body before any
// fusion (excluded) are unscaled.
func (f *fusedBodies) local(k int) bool {
	var path []int
	unit := true
	for k >= 0 && f.owner[k] != k && f.localUnit[k] == 0 && len(path) <= len(f.localUnit) {
		path = append(path, k)
		k = f.g.Nodes[k].Parent
	}
	if k >= 0 && f.owner[k] != k && f.localUnit[k] == 2 {
		unit = false
	}
	// from the top down: a node is unscaled up to its body when it and
	// every node above it on the way are
	for n := len(path) - 1; n >= 0; n-- {
		unit = unit && unscaled(&f.g.Nodes[path[n]])
		f.localUnit[path[n]] = 2
		if unit {
			f.localUnit[path[n]] = 1
		}
	}
	return unit
}

// resolve follows body b (before fusion) past the bodies fused since to
// the body that holds it now, and says whether the fused bodies and the
// nodes between them on the way are unscaled.
func (f *fusedBodies) resolve(b int) (int, bool) {
	type step struct {
		body int
		unit bool
	}
	var path []step
	for b >= 0 && f.g.Nodes[b].Motion == nil && len(path) <= len(f.owner) {
		if s, ok := f.skip[b]; ok {
			path = append(path, step{b, s.unit})
			b = s.body
			break
		}
		p := f.g.Nodes[b].Parent
		unit := unscaled(&f.g.Nodes[b]) && (p < 0 || f.local(p))
		path = append(path, step{b, unit})
		if p < 0 {
			b = -1
		} else {
			b = f.owner[p]
		}
	}
	if len(path) > len(f.owner) {
		return -1, false // a cycle, which validation rules out
	}
	if b >= 0 && f.g.Nodes[b].Motion == nil {
		// the walk stopped at a remembered body that has been fused since
		end, unit := f.resolve(b)
		if len(path) > 0 {
			path[len(path)-1].unit = path[len(path)-1].unit && unit
		}
		b = end
	}
	unit := true
	for n := len(path) - 1; n >= 0; n-- {
		unit = unit && path[n].unit
		f.skip[path[n].body] = fusedSkip{b, unit}
	}
	return b, unit
}

// fusible reports whether moving body b, nested in body a, can become
// part of it.
func (e *emitter) fusible(a, b int, surf map[int]surface, fused *fusedBodies) bool {
	g := e.g
	na, nb := &g.Nodes[a], &g.Nodes[b]
	ma, mb := na.Motion, nb.Motion
	if ma.Kind != convert.Dynamic || mb.Kind != convert.Dynamic || nb.Parent < 0 || fused.bodyOf(nb.Parent) != a {
		return false
	}
	for _, n := range []*convert.Node{na, nb} {
		if n.Vehicle != nil || n.Wheel != nil || n.Thruster != nil || n.Seat != nil {
			return false
		}
		m := n.Motion
		if m.Mass == nil || !(*m.Mass > 0) || m.CenterOfMass == nil || m.InertiaDiagonal == nil || !m.InertiaDiagonal.Finite() {
			return false
		}
	}
	if !fused.unitUp(nb.Parent) {
		return false
	}
	if nb.Transform.S != (convert.Vec3{1, 1, 1}) {
		return false
	}
	// Godot gives a body one physics material and one set of collision
	// layers: the pair's colliders must already share them
	if _, ok := surf[a].join(surf[b]); !ok {
		return false
	}
	return mb.GravityFactor == ma.GravityFactor && mb.LinearDamping == ma.LinearDamping && mb.AngularDamping == ma.AngularDamping &&
		mb.ReplaceLinearDamping == ma.ReplaceLinearDamping && mb.ReplaceAngularDamping == ma.ReplaceAngularDamping &&
		mb.LockLinear == ma.LockLinear && mb.LockAngular == ma.LockAngular && mb.CustomIntegrator == ma.CustomIntegrator &&
		mb.ContinuousCollision == ma.ContinuousCollision &&
		mb.LinearVelocity == (convert.Vec3{}) && mb.AngularVelocity == (convert.Vec3{})
}

// surface is the physics material and collision filter a body's
// colliders share (any: it has colliders; mixed: they differ).
type surface struct {
	mat, filter int
	any, mixed  bool
}

// join is the surface of two sets of colliders together; false when they
// differ.
func (s surface) join(t surface) (surface, bool) {
	switch {
	case !t.any:
		return s, !s.mixed
	case !s.any:
		return t, !t.mixed
	}
	same := !s.mixed && !t.mixed && s.mat == t.mat && s.filter == t.filter
	s.mixed = !same
	return s, same
}

// visualIsNode reports a node written as the MeshInstance of its own
// visual (classOf's last physics case), not with a mesh child.
func (e *emitter) visualIsNode(i int) bool {
	n := &e.g.Nodes[i]
	return n.Visual != nil && n.Visual.Shape >= 0 && n.Visual.Shape < len(e.g.Shapes) &&
		n.Motion == nil && n.Joint == nil && n.Trigger == nil && (n.Collider == nil || n.Collider.Shape < 0) && n.Wheel == nil
}

// ownShapeFrame is where node i's own shape sits in its (rebased) frame.
func (e *emitter) ownShapeFrame(i int) convert.Transform {
	if t, ok := e.ownShape[i]; ok {
		return t
	}
	return convert.Identity()
}

// capsuleNode reports a node written as the capsule it holds (a
// CollisionShape of a body or of an area, or a MeshInstance), whose frame
// Godot 3 output turns to its capsule axis (capsules written on a child
// node of their own turn there instead).
func (e *emitter) capsuleNode(i int) bool {
	n, g := &e.g.Nodes[i], e.g
	capsule := func(shape int) bool { return shape >= 0 && g.Shapes[shape].Kind == convert.Capsule }
	switch {
	case n.Collider != nil && capsule(n.Collider.Shape):
		return !e.ownsShapeChild(i)
	case n.Collider == nil && n.Trigger != nil && capsule(n.Trigger.Shape):
		return !e.ownsShapeChild(i)
	}
	return e.visualIsNode(i) && capsule(n.Visual.Shape)
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
	e.turned[i] = e.turnedOf(i).Mul(a)
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
		// the principal axes stay where they were in the world: an
		// unrotated inertia turns with the frame
		if m.InertiaDiagonal != nil {
			q := r.Mul(orientationOf(m))
			m.InertiaOrientation = &q
		}
	}
}

// unscale moves the uniform scale of a dynamic body's frame onto what the
// body holds (its children's positions and scales, its own shape's and
// visual's frame, its centre of mass), keeping every world pose: Godot
// keeps a body's frame unscaled, and GodotPhysics3D reads center_of_mass
// in the frame without its scale (Jolt with it), so a scaled body's
// centre of mass landed 1/scale too far out there. A body that is itself
// a joint's frame keeps its scale (its joints measure in it).
func (e *emitter) unscale(i int) {
	n := &e.g.Nodes[i]
	s := n.Transform.S[0]
	if n.Motion == nil || n.Motion.Kind != convert.Dynamic || s == 1 || !uniform(n.Transform.S) || !(s > 0) ||
		n.Joint != nil || e.jointFrames()[i] {
		return
	}
	n.Transform.S = convert.Vec3{1, 1, 1}
	for _, c := range n.Children {
		t := &e.g.Nodes[c].Transform
		t.T, t.S = t.T.Scale(s), t.S.Scale(s)
	}
	if n.Collider != nil || n.Trigger != nil || n.Visual != nil {
		o := e.ownShapeFrame(i)
		e.ownShape[i] = convert.Transform{T: o.T.Scale(s), R: o.R, S: o.S.Scale(s)}
	}
	if m := n.Motion; m.CenterOfMass != nil {
		c := m.CenterOfMass.Scale(s)
		m.CenterOfMass = &c
	}
}

// jointFrames marks the nodes joints connect to (their frame B), found
// once.
func (e *emitter) jointFrames() []bool {
	if e.connectedTo == nil {
		e.connectedTo = make([]bool, len(e.g.Nodes))
		for _, n := range e.g.Nodes {
			if j := n.Joint; j != nil && j.Connected >= 0 && j.Connected < len(e.connectedTo) {
				e.connectedTo[j.Connected] = true
			}
		}
	}
	return e.connectedTo
}

// turnedOf is the change of frame prepare applied to node i.
func (e *emitter) turnedOf(i int) convert.Transform {
	if t, ok := e.turned[i]; ok {
		return t
	}
	return convert.Identity()
}

func orientationOf(m *convert.Motion) convert.Quat {
	if m.InertiaOrientation == nil {
		return convert.IdentityQuat()
	}
	return m.InertiaOrientation.Normalize()
}

// alignInertia makes a Godot 4 rigid body's inertia one Godot can store:
// moments along the body's own axes. The body's frame turns onto the
// principal axes only when nothing else works: a tensor already diagonal
// in the frame (an axis permutation, equal moments) is written as its
// diagonal; one the engine computes itself from the body's boxes and
// spheres (exactly, oriented) is left to it; a vehicle, whose frame is its
// forward direction, keeps its frame and loses the products of inertia.
func (e *emitter) alignInertia(i int) {
	m := e.g.Nodes[i].Motion
	if m == nil || m.InertiaDiagonal == nil || m.InertiaOrientation == nil {
		return
	}
	if e.v == 3 || m.Kind != convert.Dynamic {
		return // no inertia written (Godot 3, kinematic and static bodies)
	}
	if !m.InertiaDiagonal.Finite() {
		e.alignInfinite(i)
		return
	}
	t, ok := m.InertiaTensor()
	if !ok || !finiteMat(t) {
		return
	}
	d := convert.Vec3{t[0][0], t[1][1], t[2][2]}
	switch {
	case diagonal(t):
		m.InertiaDiagonal, m.InertiaOrientation = &d, nil
	case e.engineComputes(i, t):
		e.engineInertia[i] = true
	case e.g.Nodes[i].Vehicle != nil:
		e.note(convert.CodeGodotInertiaAxes, convert.BodySubject(i), e.name(i), "the principal axes of inertia are not the vehicle's axes and Godot stores moments along the body's axes only; turning a VehicleBody3D would turn its forward direction, so the moments along its axes %v are written and the products of inertia dropped", d)
		m.InertiaDiagonal, m.InertiaOrientation = &d, nil
	case !uniform(e.g.Nodes[i].Transform.S) && nearlyUniform(e.g.Nodes[i].Transform.S) && !isAxisPermutation(m.InertiaOrientation.Mat()):
		// a scale uniform but for float32 rounding (a frame exported in
		// single precision): made uniform, the frame turns onto the axes
		s := e.g.Nodes[i].Transform.S
		u := math.Cbrt(s[0] * s[1] * s[2])
		e.g.Nodes[i].Transform.S = convert.Vec3{u, u, u}
		e.note(convert.CodeGodotScaleRounded, convert.BodySubject(i), e.name(i), "the body's scale %v is uniform but for single-precision rounding; written as %g on every axis (what it holds moves by at most %.1g of its size) so that its frame can turn onto the principal axes of inertia", s, u, spread(s))
		d, q := mass.NearestPrincipalAxes(t)
		m.InertiaDiagonal, m.InertiaOrientation = &d, &q
		e.rebase(i, convert.Transform{R: q, S: convert.Vec3{1, 1, 1}})
		m.InertiaOrientation = nil
		e.note(convert.CodeGodotInertiaBaked, convert.BodySubject(i), e.name(i), "Godot has no inertia orientation; the body's frame is rotated onto its principal axes (world poses unchanged)")
	case !uniform(e.g.Nodes[i].Transform.S) && !isAxisPermutation(m.InertiaOrientation.Mat()):
		// Turning a non-uniformly scaled frame by other than an axis
		// permutation would shear it: no frame of Godot's keeps the world.
		e.note(convert.CodeGodotInertiaAxes, convert.BodySubject(i), e.name(i), "the principal axes of inertia are not the body's axes and its scale %v is not uniform, so its frame cannot turn onto them; the moments along its axes %v are written and the products of inertia dropped", e.g.Nodes[i].Transform.S, d)
		m.InertiaDiagonal, m.InertiaOrientation = &d, nil
	default:
		// the principal frame nearest the body's own: equal moments or
		// rounding in the products do not turn the body further
		d, q := mass.NearestPrincipalAxes(t)
		m.InertiaDiagonal, m.InertiaOrientation = &d, &q
		e.rebase(i, convert.Transform{R: q, S: convert.Vec3{1, 1, 1}})
		m.InertiaOrientation = nil
		e.note(convert.CodeGodotInertiaBaked, convert.BodySubject(i), e.name(i), "Godot has no inertia orientation; the body's frame is rotated onto its principal axes (world poses unchanged)")
	}
}

// alignInfinite lays the moments of a body with infinite ones (KHR's
// locked axes) along its own axes: permuted when the principal axes are
// the body's axes in another order, otherwise with the body's frame
// turned onto them. Read as they stood, the moments of a stone free to
// spin about its upright axis only, whose principal frame was turned, lay
// on the wrong axes: Godot spun it as if a million times heavier.
func (e *emitter) alignInfinite(i int) {
	n := &e.g.Nodes[i]
	m := n.Motion
	rm := m.InertiaOrientation.Normalize().Mat()
	if isAxisPermutation(rm) {
		var d convert.Vec3
		for k := range 3 {
			for b := range 3 {
				if math.Abs(rm[b][k]) > 0.5 {
					d[b] = m.InertiaDiagonal[k]
				}
			}
		}
		m.InertiaDiagonal, m.InertiaOrientation = &d, nil
		return
	}
	if n.Vehicle != nil || !uniform(n.Transform.S) {
		return // its frame cannot turn; the moments are not written
	}
	e.rebase(i, convert.Transform{R: m.InertiaOrientation.Normalize(), S: convert.Vec3{1, 1, 1}})
	m.InertiaOrientation = nil
	e.note(convert.CodeGodotInertiaBaked, convert.BodySubject(i), e.name(i), "Godot has no inertia orientation; the body's frame is rotated onto its principal axes (world poses unchanged)")
}

// offDiagonal is the size of products of inertia, relative to the largest
// moment, below which a tensor counts as diagonal: rounding of R·D·Rᵀ for
// an axis permutation or within equal moments, far below what a reader
// compares (1e-9).
const offDiagonal = 1e-12

func diagonal(t convert.Mat3) bool {
	big := math.Max(math.Abs(t[0][0]), math.Max(math.Abs(t[1][1]), math.Abs(t[2][2])))
	return math.Abs(t[0][1]) <= offDiagonal*big && math.Abs(t[0][2]) <= offDiagonal*big && math.Abs(t[1][2]) <= offDiagonal*big
}

func finiteMat(t convert.Mat3) bool {
	for r := 0; r < 3; r++ {
		if !convert.Vec3(t[r]).Finite() {
			return false
		}
	}
	return true
}

// engineComputes reports whether Godot computes tensor t itself, principal
// axes included, from what is written: the body's colliders are boxes and
// spheres (shapes whose inertia GodotPhysics3D and Jolt compute exactly;
// several share the mass by volume), unscaled, and t is their inertia at
// the body's mass about its centre of mass (which are written).
func (e *emitter) engineComputes(i int, t convert.Mat3) bool {
	g := e.g
	m := g.Nodes[i].Motion
	if m.Mass == nil || m.CenterOfMass == nil {
		return false
	}
	// the body's own nodes, down to the next body
	shapes := 0
	for stack := []int{i}; len(stack) > 0; {
		k := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		n := &g.Nodes[k]
		if n.Transform.S != (convert.Vec3{1, 1, 1}) {
			return false
		}
		if c := n.Collider; c != nil && c.Shape >= 0 {
			if sh := g.Shapes[c.Shape]; sh.Kind != convert.Box && sh.Kind != convert.Sphere {
				return false
			}
			shapes++
		}
		for _, ch := range n.Children {
			if g.Nodes[ch].Motion == nil {
				stack = append(stack, ch)
			}
		}
	}
	if shapes == 0 {
		return false
	}
	p, _ := mass.BodyMassProps(g, i, 1)
	want := p.InertiaAbout(*m.CenterOfMass, *m.Mass)
	big := math.Max(math.Abs(t[0][0]), math.Max(math.Abs(t[1][1]), math.Abs(t[2][2])))
	for r := 0; r < 3; r++ {
		for c := 0; c < 3; c++ {
			if math.Abs(want[r][c]-t[r][c]) > offDiagonal*big {
				return false
			}
		}
	}
	return true
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
	// nodes are only added here, not moved
	world := lazyWorld(g)
	owners := g.BodyOwners()
	for i := range owners {
		n := &g.Nodes[i]
		if n.Collider == nil || n.Collider.Shape < 0 || n.Motion != nil {
			continue
		}
		b := owners[i]
		if b < 0 && n.Joint != nil {
			c := *n.Collider
			n.Collider = nil
			k := g.AddNode(convert.Node{Name: n.Name + "Shape", Transform: n.Transform, Collider: &c}, n.Parent)
			e.skip = append(e.skip, false)
			e.hoist(k, i)
			e.note(convert.CodeGodotShapeMoved, convert.ColliderSubject(i, owners[i]), g.Nodes[k].Name, "collider moved off joint %q to a static body of its own at the same place (a Godot joint cannot be a shape)", n.Name)
			continue
		}
		if b < 0 || n.Parent == b && n.Joint == nil {
			continue
		}
		c := *n.Collider
		n.Collider = nil
		k := e.moveUnder(world, i, b, convert.Node{Collider: &c})
		e.note(convert.CodeGodotShapeMoved, convert.ColliderSubject(i, owners[i]), g.Nodes[k].Name, "collider moved to a direct child of body %q, where Godot looks for shapes", g.Nodes[b].Name)
	}
	e.hoistTriggerMembers(world)
}

// lazyWorld returns a node's world pose from a cache of g's frames made at
// the first call: most scenes have nothing to fuse or move, and the cache
// holds several lists as long as the Graph.
func lazyWorld(g *convert.Graph) func(i int) convert.Transform {
	var frames *convert.Frames
	return func(i int) convert.Transform {
		if frames == nil {
			frames = g.Frames(-1)
		}
		return frames.World(i)
	}
}

// moveUnder adds node n (its attribute taken from node i) as a direct
// child of node to, at i's world pose, and returns it.
func (e *emitter) moveUnder(world func(int) convert.Transform, i, to int, n convert.Node) int {
	g := e.g
	n.Name = g.Nodes[i].Name + "Shape"
	n.Transform = world(to).Inverse().Mul(world(i))
	k := g.AddNode(n, to)
	e.skip = append(e.skip, false)
	e.hoist(k, i)
	return k
}

// hoistTriggerMembers moves the shaped members of a compound trigger that
// sit deeper than its direct children up to it: Godot's Area3D sees only
// direct CollisionShape3D children, so they would make an area with no
// shapes (and areas of their own).
func (e *emitter) hoistTriggerMembers(world func(int) convert.Transform) {
	g := e.g
	for t := range g.Nodes {
		tr := g.Nodes[t].Trigger
		if tr == nil || tr.Shape >= 0 {
			continue
		}
		members := tr.Nodes
		if len(members) == 0 {
			members = implicitMembers(g, t)
		}
		var moved []int
		for _, m := range members {
			if m < 0 || m >= len(g.Nodes) {
				continue
			}
			mt := g.Nodes[m].Trigger
			if m == t || mt == nil || mt.Shape < 0 || g.Nodes[m].Parent == t || g.Nodes[m].Motion != nil {
				moved = append(moved, m)
				continue
			}
			c := *mt
			g.Nodes[m].Trigger = nil
			k := e.moveUnder(world, m, t, convert.Node{Trigger: &c})
			moved = append(moved, k)
			e.note(convert.CodeGodotShapeMoved, convert.NodeSubject(m), g.Nodes[k].Name, "trigger shape moved to a direct child of compound trigger %q, where Godot's Area3D looks for shapes", g.Nodes[t].Name)
		}
		if len(tr.Nodes) > 0 {
			g.Nodes[t].Trigger.Nodes = moved
		}
	}
}

// implicitMembers lists the shaped triggers below compound trigger t that
// no body or other compound trigger claims first.
func implicitMembers(g *convert.Graph, t int) []int {
	var out []int
	var walk func(i int)
	walk = func(i int) {
		for _, c := range g.Nodes[i].Children {
			n := &g.Nodes[c]
			if n.Motion != nil || n.Trigger != nil && n.Trigger.Shape < 0 {
				continue
			}
			if n.Trigger != nil {
				out = append(out, c)
			}
			walk(c)
		}
	}
	walk(t)
	return out
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
	e.up = make([]int, len(g.Nodes))
	e.depth = make([]int, len(g.Nodes))
	e.anchored = make([]bool, len(g.Nodes))
	e.anchorNames = map[string]bool{}
	e.lifted = make([]bool, len(g.Nodes))
	e.liftedTo = make([]int, len(g.Nodes))
	e.childNames = map[int]*names.Set{}
	e.rootNames = &names.Set{}
	if e.root < 0 {
		for _, r := range roots {
			e.rootNames.Add(e.names[r])
		}
	}
	// each node is placed before its children, children in order; the
	// pending nodes are kept on a stack rather than in recursive calls,
	// since a chain of bodies nests thousands of levels deep
	type pending struct{ i, parent, depth int }
	var stack []pending
	var kids []int
	for k := len(roots) - 1; k >= 0; k-- {
		if r := roots[k]; r == e.root {
			stack = append(stack, pending{r, -1, 0})
		} else {
			stack = append(stack, pending{r, e.root, 1})
		}
	}
	for len(stack) > 0 {
		top := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		i, parent, depth := top.i, top.parent, top.depth
		if e.lift(i, parent) {
			parent, depth = e.root, 1
			if e.root < 0 {
				parent, depth = -1, 0
			}
		} else if to, ok := e.liftToBody(i, parent); ok {
			parent, depth = to, 0
			if to >= 0 {
				depth = e.depth[to] + 1
			}
		}
		e.up[i], e.depth[i] = parent, depth
		e.paths[i] = e.refFor(i, parent)
		e.emitted = append(e.emitted, i)
		kids = kids[:0]
		for _, c := range g.Nodes[i].Children {
			if !e.skip[c] {
				kids = append(kids, c)
			}
		}
		e.uniqueNames(kids)
		if i == e.root {
			for _, c := range kids {
				e.rootNames.Add(e.names[c])
			}
		}
		for k := len(kids) - 1; k >= 0; k-- {
			stack = append(stack, pending{kids[k], i, depth + 1})
		}
	}
}

// maxPathDepth is the most names a Godot 4 parent path holds: below it a
// node is referred to by its scene-unique name (%Name, with
// unique_name_in_owner set), so the paths of a deep chain stay short
// instead of growing with the depth (a file quadratic in the depth).
// Godot 3 has no unique names; its paths are full.
const maxPathDepth = 8

// refFor is the path by which the scene refers to node i (whose emitted
// parent is parent) as the parent of its children: "." for the root, else
// its parent's reference and its name, or %Name when that would hold more
// than maxPathDepth names and the name is free among the scene's unique
// names.
func (e *emitter) refFor(i, parent int) string {
	if i == e.root {
		return "."
	}
	if parent < 0 || e.paths[parent] == "." {
		return e.names[i]
	}
	p := e.paths[parent] + "/" + e.names[i]
	deep := strings.Count(p, "/") >= maxPathDepth
	// a node an instance brings in has no section of its own to mark
	// unique: it is named by its full path
	if e.v == 4 && (deep || e.keptUnique(i)) && !e.anchorNames[e.names[i]] && !e.ofInstance(i) {
		e.anchorNames[e.names[i]] = true
		e.anchored[i] = true
		if deep {
			return "%" + e.names[i]
		}
	}
	return p
}

// lift decides whether Godot 3 output writes node i under the scene root
// instead of under parent: a body whose parent path already holds
// maxPathDepth names. Godot 3 has no unique names, so a deep chain of
// nested bodies would spell ever longer parent paths (a file growing with
// the square of the depth); a body keeps its world pose wherever it sits
// (physics moves bodies on their own), and its shapes and children come
// with it. A lifted body takes a name free at the root.
func (e *emitter) lift(i, parent int) bool {
	if e.v != 3 || parent < 0 || e.g.Nodes[i].Motion == nil || e.ofInstance(i) || strings.Count(e.paths[parent], "/")+1 < maxPathDepth {
		return false
	}
	e.lifted[i] = true
	e.liftedTo[i] = e.root
	base := e.names[i]
	name := e.rootNames.Numbered(base)
	if name != base {
		e.note(convert.CodeNameChanged, convert.NodeSubject(i), e.g.Nodes[i].Name, "node renamed %q (a name free at the scene root, where it is written)", name)
	}
	e.names[i] = name
	e.liftedCount++
	return true
}

// liftToBody decides whether Godot 3 output writes node i, which is not a
// body, directly under the body it moves with instead of under parent:
// when parent's path already holds maxPathDepth names (the links of a
// welded chain written as one body nest as deep as the chain is long).
// Such a node moves with its body wherever it sits inside it, and keeps
// its world pose; outside every body it goes under the scene root. It
// takes a name free among its new siblings.
func (e *emitter) liftToBody(i, parent int) (int, bool) {
	if e.v != 3 || parent < 0 || e.g.Nodes[i].Motion != nil || e.ofInstance(i) || strings.Count(e.paths[parent], "/")+1 < maxPathDepth {
		return 0, false
	}
	to := e.root
	for a := parent; a >= 0; a = e.up[a] {
		if e.g.Nodes[a].Motion != nil {
			to = a
			break
		}
	}
	if to == parent {
		return 0, false
	}
	taken := e.childNames[to]
	if taken == nil {
		taken = &names.Set{}
		if to == e.root {
			taken = e.rootNames
		} else {
			for _, c := range e.g.Nodes[to].Children {
				if !e.skip[c] {
					taken.Add(e.names[c])
				}
			}
		}
		e.childNames[to] = taken
	}
	base := e.names[i]
	name := taken.Numbered(base)
	if name != base {
		e.note(convert.CodeNameChanged, convert.NodeSubject(i), e.g.Nodes[i].Name, "node renamed %q (a name free among its new siblings)", name)
	}
	e.names[i] = name
	e.lifted[i], e.liftedTo[i] = true, to
	e.nodesLifted++
	return to, true
}

// ofInstance reports a node an instanced glTF brings in: its section
// names the node by its place in the instance, so it cannot be lifted out
// of it (nor renamed).
func (e *emitter) ofInstance(i int) bool {
	_, ok := e.g.Nodes[i].Extras[extraInstanced]
	return ok
}

// emittedTransform is node i's transform relative to its emitted parent:
// its own, or, for a lifted node, its pose relative to the node it was
// lifted to (the scene root, or its body).
func (e *emitter) emittedTransform(i int) convert.Transform {
	if !e.lifted[i] {
		return e.g.Nodes[i].Transform
	}
	w := e.frames.World(i)
	if to := e.liftedTo[i]; to >= 0 {
		w = e.frames.World(to).Inverse().Mul(w)
	}
	return w
}

// keptUnique reports a node the source scene marked unique_name_in_owner:
// it stays unique when its name is free (keptProps leaves the flag to
// refFor, which alone knows which names are taken).
func (e *emitter) keptUnique(i int) bool {
	kept, _ := e.g.Nodes[i].Extras[extraProps].([]tscn.Prop)
	for _, p := range kept {
		if p.Key == "unique_name_in_owner" {
			return p.Value == true
		}
	}
	return false
}

// parentRef is the parent path written on node i's section.
func (e *emitter) parentRef(i int) string {
	if p := e.up[i]; p >= 0 {
		return e.paths[p]
	}
	return "."
}

// relPathTo returns the NodePath from emitted node i to node j, found by
// climbing the emitted tree (no full paths are built).
func (e *emitter) relPathTo(i, j int) string {
	if _, ok := e.paths[j]; !ok {
		return relPath(e.fullPath(i), "")
	}
	var ups int
	var down []string
	a, b := i, j
	for e.depth[a] > e.depth[b] {
		a, ups = e.up[a], ups+1
	}
	for e.depth[b] > e.depth[a] {
		down, b = append(down, e.names[b]), e.up[b]
	}
	for a != b {
		down = append(down, e.names[b])
		a, b, ups = e.up[a], e.up[b], ups+1
	}
	parts := make([]string, 0, ups+len(down))
	for ; ups > 0; ups-- {
		parts = append(parts, "..")
	}
	for k := len(down) - 1; k >= 0; k-- {
		parts = append(parts, down[k])
	}
	if len(parts) == 0 {
		return "."
	}
	return strings.Join(parts, "/")
}

// fullPath is node i's path from the scene root, every name spelled out.
func (e *emitter) fullPath(i int) string {
	var parts []string
	for ; i >= 0 && i != e.root; i = e.up[i] {
		parts = append(parts, e.names[i])
	}
	if len(parts) == 0 {
		return "."
	}
	for a, b := 0, len(parts)-1; a < b; a, b = a+1, b-1 {
		parts[a], parts[b] = parts[b], parts[a]
	}
	return strings.Join(parts, "/")
}

func (e *emitter) uniqueNames(ids []int) {
	var used names.Set
	bases := make([]string, len(ids))
	for k, i := range ids {
		if bases[k] = sanitizeName(e.g.Nodes[i].Name); bases[k] == "" {
			bases[k] = fmt.Sprintf("Node%d", i)
		}
		// a repeated name is numbered past the names other siblings have
		used.Claim(bases[k])
	}
	for k, i := range ids {
		name := used.Numbered(bases[k])
		if name != e.g.Nodes[i].Name {
			e.note(convert.CodeNameChanged, convert.NodeSubject(i), e.g.Nodes[i].Name, "node renamed %q (Godot needs unique sibling names without . : @ / %% \")", name)
		}
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
		if c == c4 && c3 != "SpatialMaterial" {
			return c3
		}
	}
	switch c4 {
	case "AnimatableBody3D", "CharacterBody3D":
		return "KinematicBody"
	}
	return c4
}

// classValue returns a class name as a value, made once per class: a
// scene has a few classes and thousands of nodes.
func (e *emitter) classValue(class string) tscn.Value {
	v, ok := e.classValues[class]
	if !ok {
		if e.classValues == nil {
			e.classValues = map[string]tscn.Value{}
		}
		v = class
		e.classValues[class] = v
	}
	return v
}

// sectionFor starts a [node] section at a scene path.
func (e *emitter) sectionFor(name, class, parentPath string) tscn.Section {
	// room for all three attributes: one list per node, not three
	s := tscn.Section{Tag: "node", Attrs: append(make([]tscn.Prop, 0, 3), tscn.Prop{Key: "name", Value: name})}
	if class != "" {
		s.Attrs = append(s.Attrs, tscn.Prop{Key: "type", Value: e.classValue(class)})
	}
	if parentPath != "" {
		s.Attrs = append(s.Attrs, tscn.Prop{Key: "parent", Value: parentPath})
	}
	return s
}

func (e *emitter) nodes() {
	if e.root < 0 {
		// several roots hang from a root named after the document
		name := strings.Map(func(r rune) rune {
			if strings.ContainsRune(".:@/\"%", r) {
				return '_'
			}
			return r
		}, e.g.Name)
		if strings.TrimSpace(name) == "" {
			name = "Root"
		}
		e.out = append(e.out, e.sectionFor(name, e.cls("Node3D"), ""))
	}
	for _, i := range e.emitted {
		e.node(i)
	}
}

func (e *emitter) vec(v convert.Vec3) tscn.Value {
	c := &vectorCall{}
	for k, x := range v {
		c.args[k] = tscn.FloatValue(x)
	}
	c.Call = tscn.Call{Name: "Vector3", Args: c.args[:]}
	return &c.Call
}

// vectorCall and transformCall hold a call with its arguments, allocated
// together: a scene writes one or more per node.
type vectorCall struct {
	tscn.Call
	args [3]tscn.Value
}

type transformCall struct {
	tscn.Call
	args [12]tscn.Value
}

func (e *emitter) transformValue(t convert.Transform) tscn.Value {
	f := transformBasis(t)
	name := "Transform3D"
	if e.v == 3 {
		name = "Transform"
	}
	c := &transformCall{}
	for k, x := range f {
		c.args[k] = tscn.FloatValue(clean(x))
	}
	c.Call = tscn.Call{Name: name, Args: c.args[:]}
	return &c.Call
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

// uniform reports a scale equal along all three axes (a frame turned
// under it keeps its shape).
// nearlyUniform reports whether a scale's axes differ by no more than
// single-precision rounding (2e-7 relative, a few units in the last place
// of a float32).
func nearlyUniform(s convert.Vec3) bool { return spread(s) <= 2e-7 }

// spread is the relative difference of a scale's largest and smallest axes.
func spread(s convert.Vec3) float64 {
	lo := math.Min(math.Abs(s[0]), math.Min(math.Abs(s[1]), math.Abs(s[2])))
	hi := math.Max(math.Abs(s[0]), math.Max(math.Abs(s[1]), math.Abs(s[2])))
	if !(hi > 0) || s[0]*s[1]*s[2] < 0 {
		return math.Inf(1)
	}
	return (hi - lo) / hi
}

func uniform(s convert.Vec3) bool {
	return math.Abs(s[0]-s[1]) <= 1e-12*math.Abs(s[0]) && math.Abs(s[0]-s[2]) <= 1e-12*math.Abs(s[0])
}
