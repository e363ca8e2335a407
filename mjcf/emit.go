package mjcf

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/physconv/physconv/convert/mass"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/internal/carry"
	"github.com/physconv/physconv/internal/gltfx"
	"github.com/physconv/physconv/internal/names"
	"github.com/physconv/physconv/internal/xmlx"
)

// emitter carries the state of one Emit.
type emitter struct {
	subj convert.Subject // the geom being written, for its mesh and height field diagnostics
	// static holds the body elements MuJoCo keeps still: the world body
	// and bodies without joints below it (their weld id is the world's),
	// where it allows planes whatever the Graph body's kind
	static map[*Element]bool
	g      *convert.Graph
	opts   *convert.Options
	diags  convert.Diagnostics
	tree   *kin.Tree
	// excluded holds the body pairs written as <exclude> (bodyPair)
	excluded map[[2]string]bool
	// worldSystems are the bodies' own collision systems of world colliders
	worldSystems map[string]bool
	// copied: mesh files written unchanged, whose references Emit carries
	copied []carry.Copy
	// encodes: mesh files to encode, side by side once the document is
	// built (see encodeFiles)
	encodes []meshEncode
	// flat holds spansVolume's verdict on each of the Graph's meshes,
	// checked side by side before the document is built
	flat  []error
	names []string // unique node names
	world convert.Transform
	// eulerXYZ: a pose was written as the source's fixed-axis angles
	// (setNodePose), which the compiler's eulerseq must say
	eulerXYZ bool
	// frames caches world transforms (the Graph is not changed while
	// emitting)
	frames *convert.Frames
	out    *convert.Output
	// subtrees: per tree link, the mass below it (subtreeMass)
	subtrees []mass.MassProps

	asset, worldbody, equality, actuator, contact *Element
	// targets holds the ctrl value of each actuator written from a drive;
	// actuated the MJCF joints that have an actuator.
	targets  map[*Element]float64
	actuated map[string]bool
	// interfaceServos are the joints a source's actuator interface (a
	// URDF transmission) gave a servo with default gains
	interfaceServos []string
	// followerOf lists each joint node's couplings as follower; owners
	// is BodyOf of every node (ownerOf).
	followerOf map[int][]int
	owners     []int
	meshNames  map[int]string
	meshAssets meshIndex // written mesh assets by content
	// textures, texMaterials and uvMeshes: the texture assets written by
	// image file, their materials, and meshes written again with their
	// texture coordinates (by plain asset name).
	textures, texMaterials, uvMeshes map[string]string
	hfieldCount                      int
	// jointNames maps a Graph joint node to the MJCF joints it became,
	// keyed "linear0".."angular2".
	jointNames map[int]*axisJoints
	// jointRefs holds the ref written on a <joint> (what its range,
	// springref and position targets are shifted by); absent means 0.
	jointRefs map[*Element]float64
	// flipped names the joints whose written coordinate runs against the
	// MJCF source joint of that name (extraJointSigns): the kept sections
	// that measure them are turned to the written sense.
	flipped map[string]bool
	// restored are the joints written against the Graph's axis, as their
	// MJCF source had them (a spring's rest position turns with them)
	restored map[*Element]bool
	// measuredJoints are the joint nodes a coupling or a tendon measures
	// (senseFree), found at the first question
	measuredJoints map[int]bool
	bodyElems      map[int]*Element // link body node → <body>
	// exactInfinite: bodies of infinite mass written with joints through
	// their centre of mass (turnAboutCenterOfMass), whose stand-in mass
	// and moments change nothing it did not say
	exactInfinite map[int]bool
	owned         [][]int // body node → the nodes it owns (see ownedNodes)
	usedNames     map[string]*names.Set
	bits          map[string]int
	// perFilter holds each filter's contype and conaffinity when the
	// filters get a bit each (perFilterMasks) rather than their systems
	perFilter [][2]int
	// sourceMasks: every filter is one an MJCF reader made from
	// contype and conaffinity masks, written back as they were
	sourceMasks bool
	// pending holds joints of folded joint-stack links for the body below;
	// stackParent maps a folded link to the body it hangs from.
	pending     []kin.TreeJoint
	stackParent map[int]int
	// geomElems maps a node to the <geom> written for it; siteNames holds
	// the name written for each Graph site; tendon is the <tendon>
	// section (nil when empty), tendonNames the name written for each
	// Graph tendon ("" when unnamed or dropped).
	geomElems   map[int]*Element
	siteNames   []string
	tendon      *Element
	tendonNames []string
	// contacts holds each material's materialContact (index 0: the
	// default material, else the material's index + 1)
	contacts []*materialContact
	// actuatorPlace: each actuator read from an MJCF file → its place
	// among the file's actuators (sourceActuatorOrder)
	actuatorPlace map[*Element]int
	// frictionLo and frictionHi: the least and greatest friction of the
	// Graph's colliders (a combine rule matters only between them)
	frictionLo, frictionHi float64
	// arena makes the bodies, joints, geoms and inertials, which are
	// most of the document, in blocks
	arena xmlx.Arena
}

// Emit writes a Graph as MJCF: nested bodies from the kinematic tree, an
// explicit <inertial> on every body, joints per axis, loops as equality
// constraints and meshes as side files (or inline).
func Emit(g *convert.Graph, opts *convert.Options) (*convert.Output, convert.Diagnostics, error) {
	if opts == nil {
		opts = &convert.Options{}
	}
	var drawn convert.Diagnostics
	if gltfx.SourceDoc(g) != nil {
		// a glTF source's drawn meshes become visuals, one per material
		g = g.Clone()
		gltfx.DrawnVisuals(g, true, &drawn)
	}
	convert.DecodeMeshes(g) // the mesh assets need every mesh's triangles
	e := &emitter{g: g, diags: drawn, opts: opts, names: convert.NodeNames(g), meshNames: map[int]string{},
		jointNames: map[int]*axisJoints{}, jointRefs: map[*Element]float64{}, flipped: map[string]bool{}, restored: map[*Element]bool{}, bodyElems: map[int]*Element{}, exactInfinite: map[int]bool{}, usedNames: map[string]*names.Set{}, stackParent: map[int]int{},
		geomElems: make(map[int]*Element, len(g.Shapes)), out: &convert.Output{Files: map[string][]byte{}}, frames: g.Frames(-1)}
	e.world = e.mjcfWorld()
	// an equality read from MJCF stays one (its bodies free, its softness
	// kept), where a tree would nest one body in the other rigidly
	fromEquality := func(j int) bool { _, ok := g.Nodes[j].Joint.Extras[extraEquality]; return ok }
	tree, diags := kin.BuildTree(g, kin.TreeOptions{Root: e.rootBody(), Frames: e.frames, Loop: fromEquality})
	e.diags = append(e.diags, diags...)
	e.tree = tree
	e.reserveNames()
	e.flat = meshVolumes(g)
	root := e.document()
	convert.SceneDampingLoss(&e.diags, e.g, "MJCF")
	e.encodeFiles()
	e.diags = append(e.diags, carry.All(e.out, e.opts, e.copied)...)
	e.out.Main = xmlx.AppendEncode([]byte("<!-- written by physconv -->\n"), root)
	if len(e.out.Files) == 0 {
		e.out.Files = nil
	}
	return e.out, e.diags, nil
}

// mjcfWorld is MJCF's Z-up world seen from the Graph: the root Parse added
// when there is one, else the −90° turn about X (nothing under --up keep).
func (e *emitter) mjcfWorld() convert.Transform {
	for _, r := range e.g.Roots {
		if n := e.g.Nodes[r]; n.Extras[extraRoot] == true && n.Motion == nil {
			return n.Transform
		}
	}
	if e.opts.Up == "keep" {
		return convert.Identity()
	}
	t := convert.Identity()
	t.R = zUpToYUp()
	return t
}

func (e *emitter) document() *Element {
	model := e.g.Name
	if s, ok := e.g.Extras[extraModel].(string); ok && s != "" && model == "" {
		model = s
	}
	if model == "" {
		model = "physconv"
	}
	root := &Element{Name: "mujoco", Attrs: []Attr{{Name: "model", Value: model}}}
	comp := root.AddChild("compiler", "angle", "radian", "autolimits", "true")
	e.asset = &Element{Name: "asset"}
	e.worldbody = &Element{Name: "worldbody"}
	e.static = map[*Element]bool{e.worldbody: true}
	e.equality = &Element{Name: "equality"}
	e.actuator = &Element{Name: "actuator"}
	e.contact = &Element{Name: "contact"}
	e.actuatorPrep()
	e.scene()
	e.bitTable()
	e.staticGeoms()
	for i := range e.tree.Links {
		e.link(i)
	}
	e.loops()
	e.jointContacts()
	e.filterWidening()
	e.sites()
	e.tendons()
	e.couplings() // after the tendons: a coupling may be a tendon's equality
	kept := e.keptSections()
	if !e.opts.Bool(InlineMeshesOption) && len(e.meshNames) > 0 && !e.referencing() {
		comp.SetAttr("meshdir", "meshes")
	}
	if e.eulerXYZ {
		comp.SetAttr("eulerseq", "XYZ")
	}
	for _, sec := range kept.before {
		root.Children = append(root.Children, sec)
	}
	for _, c := range []*Element{e.asset, e.worldbody, e.contact, e.equality, e.tendon} {
		if c != nil && (len(c.Children) > 0 || c == e.worldbody) {
			root.Children = append(root.Children, c)
		}
	}
	root.Children = append(root.Children, kept.after...)
	keyframe := e.finishActuators()
	if len(e.actuator.Children) > 0 {
		root.Children = append(root.Children, e.actuator)
	}
	if keyframe != nil {
		root.Children = append(root.Children, keyframe)
	}
	return root
}

// uniqueName returns a name not used yet by another element of the kind.
func (e *emitter) uniqueName(kind, base string) string {
	if base == "" {
		base = kind
	}
	return e.nameSpace(kind).Numbered(base)
}

// reserveNames makes room in the name spaces of the elements written for
// most nodes: a body and a joint per tree link, and a geom per named
// collider or visual; and claims the names of the bodies.
func (e *emitter) reserveNames() {
	geoms := 0
	for i := range e.g.Nodes {
		if n := &e.g.Nodes[i]; n.Name != "" {
			if n.Collider != nil {
				geoms++
			}
			if n.Visual != nil {
				geoms++
			}
		}
	}
	e.nameSpace("body").Reserve(len(e.tree.Links))
	e.nameSpace("joint").Reserve(len(e.tree.Links))
	e.nameSpace("geom").Reserve(geoms)
	// a repeated body name is numbered past the names other bodies have,
	// so that each reads back under its own name
	for _, l := range e.tree.Links {
		if name := e.rawName(l.Body); name != "" {
			e.nameSpace("body").Claim(name)
		}
	}
}

// nameSpace is the name space of one kind of element (body, geom …).
func (e *emitter) nameSpace(kind string) *names.Set {
	s := e.usedNames[kind]
	if s == nil {
		// a mesh's name is its side file's: names that differ only in
		// case would be one file on a case-insensitive file system
		s = &names.Set{Fold: fileNamed[kind]}
		e.usedNames[kind] = s
	}
	return s
}

// fileNamed are the name spaces whose names name side files too.
var fileNamed = map[string]bool{"mesh": true, "texture": true}

// setPose writes pos and quat (w-first) unless they are zero/identity.
func setPose(el *Element, t convert.Transform) {
	if t.T != (convert.Vec3{}) {
		el.SetAttr("pos", fmtFloats(clean(t.T[0]), clean(t.T[1]), clean(t.T[2])))
	}
	q := t.R.Normalize()
	if q[3] < 0 {
		q = convert.Quat{-q[0], -q[1], -q[2], -q[3]}
	}
	if math.Abs(q[3]-1) > 1e-15 || q[0] != 0 || q[1] != 0 || q[2] != 0 {
		el.SetAttr("quat", exactFloats(clean(q[3]), clean(q[0]), clean(q[1]), clean(q[2])))
	}
}

// clean rounds values within 1e-15 of zero to zero (rotation noise).
func clean(x float64) float64 {
	if math.Abs(x) < 1e-15 {
		return 0
	}
	return x
}

// relative returns b expressed in a's frame (rigid parts only).
func relative(a, b convert.Transform) convert.Transform {
	ai := convert.Transform{T: a.T, R: a.R, S: convert.Vec3{1, 1, 1}}.Inverse()
	r := ai.Mul(convert.Transform{T: b.T, R: b.R, S: convert.Vec3{1, 1, 1}})
	r.S = convert.Vec3{1, 1, 1}
	return r
}

// localPose is node n's pose in the frame of node frame (-1: MJCF's
// world): n's own transform, as the source spelled it (exact true), when
// frame is its Graph parent (or, for the world, a root node that is
// MJCF's world) and no scale is on the way; else composed, as fallback
// gives it. Taking one composed world frame from another changes last
// bits (0.2155 comes out 0.21550000000000047), and MuJoCo derives every
// frame below a body from the numbers written.
func (e *emitter) localPose(frame, n int, fallback func() convert.Transform) (pose convert.Transform, exact bool) {
	t := e.g.Nodes[n].Transform
	parent := e.g.Nodes[n].Parent
	unit := convert.Vec3{1, 1, 1}
	switch {
	case t.S != unit || parent < 0:
		return fallback(), false
	case frame >= 0:
		if parent != frame || e.frames.World(frame).S != unit {
			return fallback(), false
		}
	default:
		// a root node that turns the source's axes into the Graph's: MJCF's
		// world is that turn (each format spells −90° about X its own way,
		// an ulp apart)
		p := e.g.Nodes[parent]
		if p.Parent >= 0 || p.Motion != nil || p.Transform.S != unit || p.Transform.T != e.world.T || !convert.SameRotation(p.Transform.R, e.world.R, 1e-15) {
			return fallback(), false
		}
	}
	return t, true
}

// setNodePose writes node n's pose t on el: a position that is the
// source's own (exact) with every digit it has, and a rotation the source
// spelled as fixed-axis X, Y, Z angles as those angles (the compiler then
// reads euler as eulerseq="XYZ"), so that the engine turns them into the
// quaternion it would have made of the source itself.
func (e *emitter) setNodePose(el *Element, t convert.Transform, n int, exact bool) {
	rpy, spelled := convert.RotationAsSpelled(&e.g.Nodes[n], t.R)
	q, quat := convert.QuatAsSpelled(&e.g.Nodes[n], t.R)
	if !exact && !spelled && !quat {
		setPose(el, t)
		return
	}
	if t.T != (convert.Vec3{}) {
		if exact {
			el.SetAttr("pos", exactFloats(t.T[0], t.T[1], t.T[2]))
		} else {
			el.SetAttr("pos", fmtFloats(clean(t.T[0]), clean(t.T[1]), clean(t.T[2])))
		}
	}
	if spelled {
		el.SetAttr("euler", exactFloats(rpy[0], rpy[1], rpy[2]))
		e.eulerXYZ = true
		return
	}
	if quat {
		el.SetAttr("quat", exactFloats(q[3], q[0], q[1], q[2]))
		return
	}
	setPose(el, convert.Transform{R: t.R, S: t.S}) // the rotation alone
}

// bodyWorld is a body node's world transform without scale.
func (e *emitter) bodyWorld(n int) convert.Transform {
	if n < 0 {
		return e.world
	}
	t := e.frames.World(n)
	t.S = convert.Vec3{1, 1, 1}
	return t
}

// bodyPoint expresses a point given in body node b's local frame (the
// world's for b = -1) in b's MJCF frame, which has no scale (and, for the
// world, MJCF's own axes).
func (e *emitter) bodyPoint(b int, p convert.Vec3) convert.Vec3 {
	if b < 0 {
		return e.world.Inverse().Apply(p)
	}
	return p.Mul(e.frames.World(b).S)
}

// staticGeoms writes colliders outside every body as worldbody geoms.
func (e *emitter) staticGeoms() {
	inScene := e.inScene()
	for i, b := range e.ownerOf() {
		if b >= 0 || !inScene[i] {
			continue
		}
		e.geoms(i, e.worldbody, e.world, -1)
	}
}

// inScene marks the nodes that hang below one of the scene roots, found
// from the roots down once rather than from each node up.
func (e *emitter) inScene() []bool {
	in := make([]bool, len(e.g.Nodes))
	stack := append([]int(nil), e.g.Roots...)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if i < 0 || i >= len(in) || in[i] {
			continue
		}
		in[i] = true
		stack = append(stack, e.g.Nodes[i].Children...)
	}
	return in
}

// ownerOf is BodyOf of every node, found once per Emit (the Graph does
// not change while it is written).
func (e *emitter) ownerOf() []int {
	if e.owners == nil {
		e.owners = e.g.BodyOwners()
	}
	return e.owners
}

// link writes one tree link as a <body> under its parent.
func (e *emitter) link(i int) {
	l := e.tree.Links[i]
	n := &e.g.Nodes[l.Body]
	parentEl, parentBody := e.worldbody, -1
	if l.Parent >= 0 {
		parentBody = e.tree.Links[l.Parent].Body
		parentEl = e.bodyElems[parentBody]
	}
	if pb, ok := e.stackParent[parentBody]; ok {
		parentBody = pb
	}
	// joint-stack links from MJCF files fold back into the body below them
	if _, ok := n.Extras[extraStack].(string); ok && len(l.Children) == 1 && l.Joint.Kind == kin.GraphJoint {
		e.pending = append(e.pending, l.Joint)
		e.bodyElems[l.Body] = parentEl
		e.stackParent[l.Body] = parentBody
		return
	}
	// room for the inertial, the joints, a geom or two per node it owns
	// and the child bodies
	body := e.arena.New("body", 4, 2+len(e.pending)+2*len(e.ownedNodes()[l.Body])+len(l.Children))
	body.SetAttr("name", e.uniqueName("body", e.rawName(l.Body)))
	parentEl.Children = append(parentEl.Children, body)
	e.bodyElems[l.Body] = body
	bw := e.bodyWorld(l.Body)
	pose, exact := e.localPose(parentBody, l.Body, func() convert.Transform { return relative(e.bodyWorld(parentBody), bw) })
	e.setNodePose(body, pose, l.Body, exact)
	if n.Motion.Kind == convert.Kinematic && l.Parent < 0 && l.Joint.Kind == kin.Weld {
		// MuJoCo's kinematic body: moved by the program, not by forces
		body.SetAttr("mocap", "true")
	}
	if !n.Transform.Rigid() {
		e.diags.Add(convert.CodeScaleBaked, convert.BodySubject(l.Body), e.names[l.Body], "body node scale is baked into its shapes; MJCF bodies have no scale")
	}
	// the folded links' joints, then the link's own
	pending := e.pending
	e.pending = nil
	writeJoints := true
	m := n.Motion
	infInertia := m.InertiaDiagonal != nil && math.IsInf(m.InertiaDiagonal[0], 1) && math.IsInf(m.InertiaDiagonal[1], 1) && math.IsInf(m.InertiaDiagonal[2], 1)
	// a free body that cannot turn moves on slide joints along the world
	// axes it may move along: its locks are exact
	slides := l.Joint.Kind == kin.Floating && (infInertia || m.LockAngular == [3]bool{true, true, true})
	lost := *m
	if slides {
		lost.LockAngular, lost.LockLinear = [3]bool{}, [3]bool{}
	}
	convert.MotionLosses(&e.diags, e.g, l.Body, e.names[l.Body], "MJCF", &lost, false)
	if gf := m.GravityFactor; gf != 1 && !(gf == 0 && m.Kind != convert.Dynamic) {
		e.diags.Add(convert.CodeGravityFactorDropped, convert.BodySubject(l.Body), e.names[l.Body], "gravity factor %s is not written (MJCF gravcomp is not read by every MuJoCo version); the body feels full gravity", fmtFloat(gf))
	}
	if infMass := math.IsInf(m.MassOr(0), 1); infMass && l.Joint.Kind == kin.Floating && m.Kind == convert.Dynamic && m.InertiaDiagonal != nil && !infInertia && !e.g.FeelsGravity(m) {
		e.turnAboutCenterOfMass(body, l.Body, m)
		writeJoints = false
	} else if infMass {
		e.diags.Add(convert.CodeMassInfinite, convert.BodySubject(l.Body), e.names[l.Body], "a body of infinite mass cannot move; it is welded to its parent in MJCF").Affecting(convert.QMass, convert.QInertia, convert.QBodyKind, convert.QJointKind, convert.QStructure)
		writeJoints = false
	} else if slides {
		if infInertia {
			e.diags.Add(convert.CodeMassInfinite, convert.BodySubject(l.Body), e.names[l.Body], "a body of infinite inertia cannot turn; its free joint becomes slide joints").Affecting(convert.QMass, convert.QInertia, convert.QBodyKind, convert.QJointKind, convert.QStructure)
		} else {
			e.diags.Add(convert.CodeLockAsSlides, convert.BodySubject(l.Body), e.names[l.Body], "the body's rotation is locked: its free joint becomes slide joints along its unlocked world axes")
		}
		for k := range 3 {
			if m.LockLinear[k] {
				continue
			}
			var w convert.Vec3
			w[k] = 1
			ax := bw.R.Conj().Rotate(w)
			body.AddChild("joint", "name", e.uniqueName("joint", e.rawName(l.Body)+"_slide"+fmt.Sprint(k)), "type", "slide", "axis", fmtFloats(clean(ax[0]), clean(ax[1]), clean(ax[2])))
		}
		writeJoints = false
	}
	if writeJoints {
		for _, tj := range pending {
			e.joint(body, tj, l.Parent < 0)
		}
		e.joint(body, l.Joint, l.Parent < 0)
	}
	if e.static[parentEl] && !slices.ContainsFunc(body.Children, func(c *Element) bool { return c.Name == "joint" || c.Name == "freejoint" }) {
		e.static[body] = true
	}
	// the mass properties go first, as MJCF files write them; they are
	// written once the joints say whether the body moves
	k := len(body.Children)
	moving := slices.ContainsFunc(body.Children, func(c *Element) bool { return c.Name == "joint" || c.Name == "freejoint" })
	e.inertial(body, l.Body, !e.static[body] && moving && !e.heldByWeldedChild(l), pose)
	for i, j := k, 0; i < len(body.Children); i, j = i+1, j+1 {
		in := body.Children[i]
		copy(body.Children[j+1:i+1], body.Children[j:i])
		body.Children[j] = in
	}
	e.geoms(l.Body, body, bw, l.Body)
}

// turnAboutCenterOfMass writes the joints of a free body of infinite
// mass whose moments are not all infinite (KHR's zero mass) and that
// feels no gravity: nothing moves its centre of mass, but forces turn it
// about its finite principal axes. One finite axis is a hinge about that axis through the centre of
// mass, exactly; two or three a ball joint there, exactly when all three
// are finite (an infinite moment is then written as the largest MuJoCo
// takes, see infiniteStandIns). The mass written changes nothing once
// the centre of mass cannot move.
func (e *emitter) turnAboutCenterOfMass(body *Element, n int, m *convert.Motion) {
	com, rot := e.massFrame(n, m)
	d := *m.InertiaDiagonal
	var finite []int
	for k := range d {
		if !math.IsInf(d[k], 1) {
			finite = append(finite, k)
		}
	}
	name := e.uniqueName("joint", e.rawName(n)+"_turn")
	affects := []convert.Quantity{convert.QMass, convert.QInertia, convert.QBodyKind, convert.QJointKind, convert.QStructure}
	if len(finite) == 1 {
		var u convert.Vec3
		u[finite[0]] = 1
		ax := rot.Rotate(u)
		body.AddChild("joint", "name", name, "type", "hinge", "pos", fmtFloats(com[0], com[1], com[2]), "axis", fmtFloats(clean(ax[0]), clean(ax[1]), clean(ax[2])))
		e.diags.Add(convert.CodeMassInfinite, convert.BodySubject(n), e.names[n], "a body of infinite mass turns only about its one finite principal axis (moment %s kg·m²) through its centre of mass: written as a hinge there, exactly", fmtFloat(d[finite[0]])).Affecting(affects...).WithSeverity(convert.Info)
		e.exactInfinite[n] = true
		return
	}
	body.AddChild("joint", "name", name, "type", "ball", "pos", fmtFloats(com[0], com[1], com[2]))
	if len(finite) == 3 {
		e.diags.Add(convert.CodeMassInfinite, convert.BodySubject(n), e.names[n], "a body of infinite mass only turns about its centre of mass: written as a ball joint there, exactly").Affecting(affects...).WithSeverity(convert.Info)
		e.exactInfinite[n] = true
		return
	}
	w := infiniteStandIns(d)
	e.diags.Add(convert.CodeMassInfinite, convert.BodySubject(n), e.names[n], "a body of infinite mass only turns about its centre of mass: written as a ball joint there, its infinite moment as %s kg·m² (principal moments %s), the most MuJoCo takes beside the other two", fmtFloat(w[3-finite[0]-finite[1]]), fmtFloats(w[0], w[1], w[2])).Affecting(affects...)
	e.exactInfinite[n] = true
}

// massFrame is a body's centre of mass and principal axes in its MJCF
// body frame, as inertial writes them.
func (e *emitter) massFrame(n int, m *convert.Motion) (convert.Vec3, convert.Quat) {
	rot := convert.IdentityQuat()
	if m.InertiaOrientation != nil {
		rot = *m.InertiaOrientation
	}
	if m.CenterOfMass != nil {
		return m.CenterOfMass.Mul(e.frames.World(n).S), rot
	}
	mp, _ := mass.BodyMassProps(e.g, n, e.opts.DensityOr())
	return mp.COM, rot
}

// infiniteStandIns replaces infinite principal moments with finite ones
// MuJoCo accepts: one infinite moment becomes the sum of the other two
// (the most the triangle inequality, which MuJoCo checks, allows), two or
// three become infiniteMoment.
func infiniteStandIns(d convert.Vec3) convert.Vec3 {
	var inf []int
	for k := range d {
		if math.IsInf(d[k], 1) {
			inf = append(inf, k)
		}
	}
	if len(inf) == 1 {
		k := inf[0]
		d[k] = d[(k+1)%3] + d[(k+2)%3]
		return d
	}
	for _, k := range inf {
		d[k] = infiniteMoment
	}
	return d
}

// infiniteMoment stands in for two or three infinite principal moments,
// and infiniteMass for an infinite mass.
const (
	infiniteMoment = 1e9
	infiniteMass   = 1e9
)

// heldByWeldedChild reports whether a child body of link l written
// without joints has a mass and moments MuJoCo takes: it then accepts l's
// body massless (MuJoCo 2.2 looks at the direct children, MuJoCo 3 at
// their welded descendants too).
func (e *emitter) heldByWeldedChild(l kin.TreeLink) bool {
	for _, c := range l.Children {
		cl := e.tree.Links[c]
		m := e.g.Nodes[cl.Body].Motion
		if !writtenWelded(cl.Joint) || m == nil || m.Mass == nil || *m.Mass < minVal || m.InertiaDiagonal == nil {
			continue
		}
		if d := *m.InertiaDiagonal; d[0] >= minVal && d[1] >= minVal && d[2] >= minVal {
			return true
		}
	}
	return false
}

// writtenWelded reports whether a tree joint is written as no joint at
// all (MJCF's weld): a weld, or a joint whose limits fix all six axes.
func writtenWelded(tj kin.TreeJoint) bool {
	switch tj.Kind {
	case kin.Weld:
		return true
	case kin.GraphJoint:
	default:
		return false
	}
	var fixed [2][3]bool
	for _, l := range tj.Joint.Limits {
		if !l.Fixed() {
			continue
		}
		for _, k := range l.Linear {
			if k >= 0 && k < 3 {
				fixed[0][k] = true
			}
		}
		for _, k := range l.Angular {
			if k >= 0 && k < 3 {
				fixed[1][k] = true
			}
		}
	}
	return fixed == [2][3]bool{{true, true, true}, {true, true, true}}
}

// inertial writes the body's mass properties explicitly so MuJoCo's own
// inertia rules never apply. A body that needs a mass MuJoCo takes (one
// it moves by joints of its own, unless a welded child gives it mass)
// gets a stand-in when massless; any other may be massless.
func (e *emitter) inertial(body *Element, n int, needsMass bool, pose convert.Transform) {
	m := e.g.Nodes[n].Motion
	if m.IsMassless() && needsMass {
		e.diags.Add(convert.CodeMasslessBody, convert.BodySubject(n), e.names[n], "MuJoCo rejects massless moving bodies; a stand-in of %g kg is written", convert.NearZeroMass)
		m = convert.NearZeroStandIn(m)
	}
	bodyMassKg := m.MassOr(math.NaN())
	var com, diag convert.Vec3
	rot := convert.IdentityQuat()
	if math.IsNaN(bodyMassKg) || m.InertiaDiagonal == nil || m.CenterOfMass == nil {
		mp, ds := mass.BodyMassProps(e.g, n, e.opts.DensityOr())
		if math.IsNaN(bodyMassKg) {
			bodyMassKg = mp.Mass
		}
		d, r := mass.PrincipalAxes(mp.Inertia)
		com, diag, rot = mp.COM, d, r
		if m.Kind != convert.Static {
			// a static body is welded to the world: what its colliders
			// weigh (a floor plane, nothing) moves nothing
			e.diags = append(e.diags, ds...)
			e.diags.Add(convert.CodeMassComputed, convert.BodySubject(n), e.names[n], "mass properties were not given; computed from the colliders at %s kg/m³", fmtFloat(e.opts.DensityOr()))
		}
	} else {
		// The Graph's centre of mass is a point of the node's scaled frame;
		// MJCF bodies have no scale, so the scale is applied here.
		com, diag = m.CenterOfMass.Mul(e.frames.World(n).S), *m.InertiaDiagonal
		if m.InertiaOrientation != nil {
			rot = *m.InertiaOrientation
		}
	}
	if infMass := math.IsInf(bodyMassKg, 1); infMass || math.IsInf(diag[0], 1) || math.IsInf(diag[1], 1) || math.IsInf(diag[2], 1) {
		written := infiniteStandIns(diag)
		if infMass {
			bodyMassKg = infiniteMass
		}
		if !e.exactInfinite[n] {
			e.diags.Add(convert.CodeMassInfinite, convert.BodySubject(n), e.names[n], "infinite mass or moments cannot be written in MJCF: written as mass %s kg, principal moments %s kg·m² (an infinite moment as the most MuJoCo takes beside the other two)", fmtFloat(bodyMassKg), fmtFloats(written[0], written[1], written[2])).Affecting(convert.QMass, convert.QInertia)
		}
		diag = written
	}
	if m.Kind == convert.Dynamic && needsMass {
		bodyMassKg, diag = e.aboveMinVal(n, bodyMassKg, diag)
	}
	in := e.arena.AddChild(body, "inertial", 4)
	if bodyMassKg == 0 && diag == (convert.Vec3{}) {
		// a massless body: its inertial frame as an MJCF source placed
		// it, else where MuJoCo puts that of a body with nothing to
		// weigh, at the body's pose in its parent (body_ipos and
		// body_iquat copy pos and quat). The weight a body gives the
		// equality constraints and contacts at it (body_invweight0) is
		// measured there.
		if sp, ok := e.g.Nodes[n].Extras[convert.ExtraInertiaSpelled].(convert.SpelledInertia); ok && sp.Mass == 0 && sp.Tensor == ([6]float64{}) {
			pose = convert.Transform{T: sp.COM, R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}}
		}
		in.SetAttr("pos", "0 0 0") // first, as setPose leaves out a zero one
		setPose(in, pose)
		in.SetAttr("mass", "0")
		in.SetAttr("diaginertia", "0 0 0")
		return
	}
	if sp, ok := convert.InertiaAsSpelled(&e.g.Nodes[n]); ok && m == e.g.Nodes[n].Motion && e.frames.World(n).S == (convert.Vec3{1, 1, 1}) &&
		sp.Mass == bodyMassKg && diag == *m.InertiaDiagonal && mass.ClearOfTriangleBound(diag, mass.TriangleMargin) && min(diag[0], diag[1], diag[2]) >= fullInertiaMin {
		// the tensor as the source gave it: MuJoCo finds its principal
		// axes as it does for the source
		in.SetAttr("pos", exactFloats(sp.COM[0], sp.COM[1], sp.COM[2]))
		in.SetAttr("mass", exactFloats(sp.Mass))
		t := sp.Tensor
		in.SetAttr("fullinertia", exactFloats(t[0], t[1], t[2], t[3], t[4], t[5]))
		return
	}
	setPose(in, convert.Transform{T: com, R: rot, S: convert.Vec3{1, 1, 1}})
	if !in.Has("pos") {
		in.SetAttr("pos", "0 0 0")
	}
	in.SetAttr("mass", fmtFloat(bodyMassKg))
	if mass.ClearOfTriangleBound(diag, mass.TriangleMargin) {
		in.SetAttr("diaginertia", fmtFloats(diag[0], diag[1], diag[2]))
		return
	}
	// on the bound: exact decimals, as tidied ones may step over it
	diag = withinTriangleBound(diag)
	in.SetAttr("diaginertia", exactFloats(diag[0], diag[1], diag[2]))
}

// aboveMinVal raises a moving body's mass and principal moments that are
// positive but below MuJoCo's smallest (mjMINVAL; it refuses such a body)
// to the near-zero stand-ins of a massless body, which change no dynamics
// measurably; a source's rounding noise (a 1e-20 moment) gives them.
func (e *emitter) aboveMinVal(n int, kg float64, diag convert.Vec3) (float64, convert.Vec3) {
	var raised []string
	if kg < minVal {
		raised = append(raised, fmt.Sprintf("mass %g kg → %g kg", kg, convert.NearZeroMass))
		kg = convert.NearZeroMass
	}
	for k := range diag {
		if diag[k] < minVal {
			raised = append(raised, fmt.Sprintf("moment %g → %g kg·m²", diag[k], convert.NearZeroInertia))
			diag[k] = convert.NearZeroInertia
		}
	}
	if len(raised) > 0 {
		e.diags.Add(convert.CodePointMassInertia, convert.BodySubject(n), e.names[n], "MuJoCo refuses a moving body with a mass or principal moment below %g, so stand-ins are written: %s", minVal, strings.Join(raised, ", ")).Affecting(convert.QMass, convert.QInertia)
	}
	return kg, diag
}

// fullInertiaMin is the smallest principal moment MuJoCo accepts in a
// fullinertia (mjEPS; a diaginertia may go down to mjMINVAL): a tensor
// with a smaller one is written as principal moments and axes.
const fullInertiaMin = 1e-14

// withinTriangleBound lowers a moment that exceeds the sum of the other
// two to that sum, as MuJoCo adds them, so the written diaginertia passes
// its check. The Graph's moments satisfy the inequality up to rounding
// (mass completion repairs larger breaks with a diagnostic), so the change
// is of that order.
func withinTriangleBound(d convert.Vec3) convert.Vec3 {
	for i := range 3 {
		j, k := (i+1)%3, (i+2)%3
		if sum := d[j] + d[k]; d[i] > sum {
			d[i] = sum
		}
	}
	return d
}

// rootBody is the tree root to ask for: the user's choice, else the first
// body (in file order) that no joint ties to a parent, which keeps an
// MJCF model's own root on a round trip.
func (e *emitter) rootBody() string {
	if r := e.opts.Value(kin.RootOption); r != "" {
		return r
	}
	attached := map[int]bool{}
	for i := range e.g.Nodes {
		if j := e.g.Nodes[i].Joint; j != nil && j.Connected >= 0 && j.Connected < len(e.g.Nodes) {
			attached[e.g.BodyOf(j.Connected)] = true
			if e.g.BodyOf(i) < 0 {
				attached[e.g.BodyOf(j.Connected)] = true
			}
		}
	}
	for i := range e.g.Nodes {
		if e.g.Nodes[i].Motion != nil && !attached[i] && e.g.Nodes[i].Name != "" {
			return e.g.Nodes[i].Name
		}
	}
	return ""
}

// rawName is the node's own name (MJCF keeps one namespace per element
// kind, so a body and a joint may share it), else its display name.
func (e *emitter) rawName(n int) string {
	if n >= 0 && e.g.Nodes[n].Name != "" {
		return e.g.Nodes[n].Name
	}
	return e.names[n]
}
