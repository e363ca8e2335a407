package urdf

import (
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/slab"
)

// Keys of the Extras this package writes and reads back on Emit.
const (
	extraUp        = "urdf.up"        // root node: "z" marks the Z-up root rotation
	extraRobot     = "urdf.robot"     // Graph: robot name
	extraElements  = "urdf.elements"  // Graph, node, joint: []*Element kept verbatim
	extraMaterials = "urdf.materials" // Graph: []Material (global materials)
	extraLink      = "urdf.link"      // node: link name of a massless frame link
	extraJoint     = "urdf.joint"     // node: *Joint fixing a frame link to its parent
	extraFilename  = "urdf.filename"  // mesh: filename as written
	extraScale     = "urdf.scale"     // mesh: scale as written (baked into loaded positions)
	extraMaterial  = "urdf.material"  // visual node: material name
	extraRoot      = "urdf.root"      // Graph: root link name (the tree root on Emit)
	extraOrigin    = "urdf.origin"    // cylinder/capsule node: its <origin> before the quarter turn
	// link node: its joint's <origin> as spelled (Pose), and its <inertial>
	// as spelled (*Inertial), written back while they still say what the
	// Graph says (engines derive frames and principal axes from these
	// numbers themselves, and the last bit of a recomputed spelling can
	// send a chaotic simulation elsewhere)
	extraSpelledOrigin   = "urdf.origin.spelled"
	extraSpelledInertial = "urdf.inertial.spelled"
)

// zUp is the root rotation that turns URDF's Z-up into the Graph's Y-up:
// −90° about X.
var zUp = convert.Quat{-math.Sqrt2 / 2, 0, 0, math.Sqrt2 / 2}

// rx90 turns a Graph shape axis (Y) onto URDF's cylinder axis (Z).
var rx90 = convert.Quat{math.Sqrt2 / 2, 0, 0, math.Sqrt2 / 2}

// Parse reads a URDF file into a Graph.
//
// Mapping: each link with mass is a body (a node with Motion, dynamic); the
// root link floats unless the base option is "fixed" (then it is static). A
// root link named "world", or one without mass, is the fixed world frame
// (Bullet and MuJoCo treat a massless base as fixed). A link without mass
// fixed to its parent is a frame of the parent's body (it cannot move on
// its own and adds no mass); a massless link on a moving joint stays a body
// with its mass unset (diagnosed). Joints become Graph joints whose frame A
// sits at the joint origin with its X axis on the URDF axis; mimic joints
// become Couplings. Simple transmissions set Joint.Actuator (see
// transmission.go). <transmission>, <gazebo>, <calibration>,
// <safety_controller> and unknown elements are kept verbatim in Extras for
// URDF output and reported as info.
func Parse(in *convert.Input) (*convert.Graph, convert.Diagnostics, error) {
	// Isaac Gym's assets name meshes relative to the asset root, a folder
	// above the URDF's
	in.SearchAbove()
	r, err := decode(in.Data, in.Immutable)
	if err != nil {
		return nil, nil, err
	}
	p := &parser{in: in, r: r, g: convert.NewGraph(), jointNode: make(map[string]int, len(r.Joints)), defaultMat: -1}
	if r.ignoredFrom > 0 {
		p.diags.Add(convert.CodeXMLAfterRootIgnored, convert.DocumentSubject(), "", "content after </robot> is ignored, as urdfdom's XML parser passes over it").AtLine(r.ignoredFrom)
	}
	if err := p.run(); err != nil {
		return nil, nil, err
	}
	return p.g, p.diags, nil
}

type parser struct {
	// worldFrames are the nodes of links read as frames of the world
	// (the root, and massless links without colliders fixed to it)
	worldFrames map[int]bool
	// gravityOff: the links Gazebo turns gravity off for
	gravityOff map[string]bool
	in         *convert.Input
	r          *Robot
	g          *convert.Graph
	diags      convert.Diagnostics
	links      map[string]*Link
	children   map[string][]*Joint // parent link → joints
	parentOf   map[string]*Joint   // child link → joint
	materials  map[string]*Material
	jointNode  map[string]int // joint name → Graph node of its Joint
	meshCache  map[string]int // resolved path → Graph mesh (collision)
	visuals    *meshData      // triangles visual meshes may share, read on demand
	linkMat    map[string]int // link name → Graph material of its collisions
	// linkFilter: link name → Graph filter of its collisions (Drake's
	// collision filter groups, drakeFilters)
	linkFilter map[string]int
	// drakeMats: the materials made of Drake friction, by name
	drakeMats map[string]int
	// defaultMat is the Graph material of collisions without contact
	// parameters (defaultContact); -1 until one needs it
	defaultMat int
	// the values the Graph gets one of per link, joint or shape, in
	// arrays sized once per robot (see take)
	motionBlock   slab.Slab[bodyMotion]
	jointBlock    slab.Slab[convert.Joint]
	visualBlock   slab.Slab[convert.Visual]
	colliderBlock slab.Slab[convert.Collider]
	childBlock    slab.Slab[int] // Children lists of link nodes (see childRoom)
	densityLinks  []densityLink  // bodies whose <inertial> gives a density, not a mass
}

// bodyMotion is a body's Motion together with the values its pointers
// point to, so that they take one place in memory rather than five.
type bodyMotion struct {
	motion                        convert.Motion
	mass                          float64
	centerOfMass, inertiaDiagonal convert.Vec3
	inertiaOrientation            convert.Quat
}

func (p *parser) visualData() *meshData {
	if p.visuals == nil {
		p.visuals = &meshData{byFile: map[meshFile]triangles{}, files: map[string]*fileBytes{}}
	}
	return p.visuals
}

func (p *parser) opts() *convert.Options {
	if p.in.Options == nil {
		return &convert.Options{}
	}
	return p.in.Options
}

func (p *parser) run() error {
	r := p.r
	if len(r.Links) == 0 {
		return convert.ErrorAtLine(r.Line, "robot has no links")
	}
	p.implyWorld()
	p.links = make(map[string]*Link, len(r.Links))
	for i := range r.Links {
		p.links[r.Links[i].Name] = &r.Links[i]
	}
	p.children, p.parentOf = make(map[string][]*Joint, len(r.Joints)), make(map[string]*Joint, len(r.Joints))
	// a parent's first child joint takes its place from one array: most
	// links have one child, so most lists never need one of their own
	firstChildren := slab.Slab[*Joint]{Size: len(r.Joints)}
	for i := range r.Joints {
		j := &r.Joints[i]
		for _, l := range []string{j.Parent, j.Child} {
			if p.links[l] == nil {
				return convert.ErrorAtLine(j.Line, "joint %q names unknown link %q", j.Name, l)
			}
		}
		if j.Parent == j.Child {
			return convert.ErrorAtLine(j.Line, "joint %q joins link %q to itself", j.Name, j.Parent)
		}
		if prev := p.parentOf[j.Child]; prev != nil {
			return convert.ErrorAtLine(j.Line, "link %q is the child of two joints (%q at line %d and %q)", j.Child, prev.Name, prev.Line, j.Name)
		}
		p.parentOf[j.Child] = j
		children := p.children[j.Parent]
		if children == nil {
			children = firstChildren.Room(1)
		}
		p.children[j.Parent] = append(children, j)
	}
	root, orphans, err := p.findRoot()
	if err != nil {
		return err
	}
	p.materials = make(map[string]*Material, len(r.Materials))
	kept := r.Materials
	for i := range r.Materials {
		m := &r.Materials[i]
		if first, ok := p.materials[m.Name]; ok {
			// urdfdom refuses the file; the first is kept, as the
			// repeated children of a joint or link
			p.diags.Add(convert.CodeElementIgnored, convert.DocumentSubject(), "robot/material["+m.Name+"]",
				"material %q is defined again; the first (line %d) is used and this one ignored (urdfdom refuses the file)", m.Name, first.Line).AtLine(m.Line).Affecting(convert.QVisual)
			if len(kept) == len(r.Materials) {
				kept = slices.Clone(r.Materials[:i])
			}
			continue
		}
		if len(kept) < len(r.Materials) {
			kept = append(kept, *m)
		}
		p.materials[m.Name] = m
	}
	if p.linkMat, err = p.contacts(); err != nil {
		return err
	}
	p.linkFilter = p.drakeFilters()
	p.gazeboUnreadTags(r.extras)

	g := p.g
	g.Extras[extraRobot] = r.Name
	g.Name = r.Name
	g.Extras[extraRoot] = root.Name
	if len(kept) > 0 {
		g.Extras[extraMaterials] = kept
	}
	if len(r.extras) > 0 {
		g.Extras[extraElements] = r.extras
		for _, e := range r.extras {
			if !isActuation(e) && e.Name != drakeFilterGroup {
				p.keptInfo(e, "robot")
			}
		}
	}
	top := convert.Identity()
	extras := map[string]any{}
	if p.opts().Up != "keep" {
		top.R = zUp
		extras[extraUp] = "z"
	}
	name := r.Name
	if name == "" || p.links[name] != nil || p.jointByNameExists(name) {
		name = r.Name + "_robot"
	}
	// a node per link, visual and collision, one or two per joint
	visuals, collisions := 0, 0
	for i := range r.Links {
		visuals += len(r.Links[i].Visuals)
		collisions += len(r.Links[i].Collisions)
	}
	shapes := visuals + collisions
	g.Reserve(1+len(r.Links)+shapes+2*len(r.Joints), shapes)
	p.motionBlock = slab.Slab[bodyMotion]{Size: len(r.Links)}
	p.jointBlock = slab.Slab[convert.Joint]{Size: len(r.Joints)}
	p.visualBlock = slab.Slab[convert.Visual]{Size: visuals}
	p.colliderBlock = slab.Slab[convert.Collider]{Size: collisions}
	p.childBlock = slab.Slab[int]{Size: len(r.Links) + shapes + 2*len(r.Joints)}
	rootNode := g.AddNode(convert.Node{Name: name, Transform: top, Extras: extras}, -1)
	if err := p.addLink(root, nil, rootNode, true); err != nil {
		return err
	}
	for _, o := range orphans {
		p.diags.Add(convert.CodeLinkOrphan, convert.NodeSubject(len(p.g.Nodes)), linkPath(o), "link %q is joined to nothing and has no mass or collision; it is kept as a visual frame at the robot origin", o.Name)
		if err := p.addLink(o, nil, rootNode, true); err != nil {
			return err
		}
	}
	p.densityMasses()
	p.transmissions()
	return p.addCouplings()
}

// implyWorld declares the link "world" a joint names as its parent when
// the robot does not (robots written for Gazebo or Drake fix their base
// to it so): it is the fixed world, as those read it.
func (p *parser) implyWorld() {
	r := p.r
	for i := range r.Links {
		if r.Links[i].Name == "world" {
			return
		}
	}
	for i := range r.Joints {
		if j := &r.Joints[i]; j.Parent == "world" {
			p.diags.Add(convert.CodeWorldLinkImplied, convert.DocumentSubject(), jointPath(j), "joint %q names the parent link \"world\", which the robot does not declare: read as the fixed world, as Gazebo and Drake read it (urdfdom and MuJoCo refuse the file; URDF output declares the link)", j.Name).AtLine(j.Line)
			r.Links = append(r.Links, Link{Name: "world", Line: j.Line})
			return
		}
	}
}

func (p *parser) jointByName(name string) (*Joint, bool) {
	for i := range p.r.Joints {
		if p.r.Joints[i].Name == name {
			return &p.r.Joints[i], true
		}
	}
	return nil, false
}

func (p *parser) jointByNameExists(name string) bool { _, ok := p.jointByName(name); return ok }

// findRoot returns the root link and the tolerated orphan links: links
// joined to nothing that carry no physics (no inertial, no collision), as
// some exporters leave behind. Any other second root, or a cycle, is an
// error.
func (p *parser) findRoot() (*Link, []*Link, error) {
	var roots, orphans []*Link
	for i := range p.r.Links {
		l := &p.r.Links[i]
		if p.parentOf[l.Name] != nil {
			continue
		}
		if len(p.children[l.Name]) == 0 && l.Inertial == nil && len(l.Collisions) == 0 && len(p.r.Links) > 1 {
			orphans = append(orphans, l)
			continue
		}
		roots = append(roots, l)
	}
	if len(roots) == 0 && len(orphans) > 0 {
		roots, orphans = orphans[:1], orphans[1:]
	}
	switch {
	case len(roots) == 0:
		return nil, nil, convert.ErrorAtLine(p.r.Line, "every link has a parent: the joints form a cycle")
	case len(roots) > 1:
		return nil, nil, convert.ErrorAtLine(roots[1].Line, "two root links: %q (line %d) and %q; a URDF is one tree", roots[0].Name, roots[0].Line, roots[1].Name)
	}
	// Every link must be reachable from the root (else it sits on a cycle).
	seen := make(map[string]bool, len(p.r.Links))
	stack := []string{roots[0].Name}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		seen[n] = true
		for _, j := range p.children[n] {
			if !seen[j.Child] {
				stack = append(stack, j.Child)
			}
		}
	}
	for _, o := range orphans {
		seen[o.Name] = true
	}
	for i := range p.r.Links {
		if l := &p.r.Links[i]; !seen[l.Name] {
			j := p.parentOf[l.Name]
			return nil, nil, convert.ErrorAtLine(j.Line, "joint %q closes a cycle through link %q", j.Name, l.Name)
		}
	}
	return roots[0], orphans, nil
}

func linkPath(l *Link) string { return fmt.Sprintf("robot/link[%s]", l.Name) }

func jointPath(j *Joint) string { return fmt.Sprintf("robot/joint[%s]", j.Name) }

// staticMassless is the Motion of a massless link fixed to the world: a
// static body of no mass (none is computed for it from its colliders).
func staticMassless() *convert.Motion {
	return &convert.Motion{Kind: convert.Static, GravityFactor: 1, Mass: convert.Ptr(0.0), MassSource: convert.Given,
		CenterOfMass: &convert.Vec3{}, InertiaDiagonal: &convert.Vec3{}}
}

// massless reports whether a link has no mass at all.
func massless(l *Link) bool {
	return l.Inertial == nil || l.Inertial.Mass == 0 && !l.Inertial.noMass
}

// addLink adds link l (joined by j, nil for the root) under node parent,
// then the links below it, depth first in file order. It keeps the links
// still to add on a stack of its own rather than recursing: a serial
// chain of thousands of links would otherwise grow the goroutine stack to
// megabytes, copied as it grows and scanned by every garbage collection.
func (p *parser) addLink(l *Link, j *Joint, parent int, isRoot bool) error {
	type pending struct {
		l      *Link
		j      *Joint
		parent int
	}
	stack := []pending{{l, j, parent}}
	for len(stack) > 0 {
		next := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		node, err := p.addLinkNode(next.l, next.j, next.parent, isRoot)
		if err != nil {
			return err
		}
		isRoot = false
		// pushed last to first, so the first child is added next
		children := p.children[next.l.Name]
		for k := len(children) - 1; k >= 0; k-- {
			stack = append(stack, pending{p.links[children[k].Child], children[k], node})
		}
	}
	return nil
}

// addLinkNode adds the node of link l (joined by j, nil for the root)
// under node parent, with its joint and geometry, and returns the node.
func (p *parser) addLinkNode(l *Link, j *Joint, parent int, isRoot bool) (int, error) {
	g := p.g
	self := len(g.Nodes) // the index AddNode gives the link below
	n := convert.Node{Name: l.Name, Transform: convert.Identity(), Extras: map[string]any{}}
	if j != nil {
		n.Transform = poseTransform(j.Origin)
		n.Extras[extraSpelledOrigin] = j.Origin
		if j.Origin.RPY != (convert.Vec3{}) {
			n.Extras[convert.ExtraRotationRPY] = j.Origin.RPY
		}
	}
	if len(l.extras) > 0 {
		n.Extras[extraElements] = l.extras
		for _, e := range l.extras {
			p.keptInfo(e, linkPath(l))
		}
	}
	for _, line := range l.ignoredInertials {
		p.diags.Add(convert.CodeElementIgnored, convert.NodeSubject(self), linkPath(l)+"/inertial",
			"link %q has more than one <inertial>; the first (line %d) is used and this one ignored, as urdfdom does (MuJoCo refuses the file)",
			l.Name, l.Inertial.Line).AtLine(line).Affecting(convert.QMass, convert.QCenterOfMass, convert.QInertia)
	}
	isFrame := false
	switch {
	case isRoot && l.Name != "world" && massless(l) && len(l.Collisions) > 0:
		// fixed, as the world frame is (a mass of 0 is Bullet's static
		// link), but a body of its own: its jointed children keep apart
		// from it as from any link
		n.Motion = staticMassless()
		if len(p.children[l.Name]) > 0 {
			p.diags.Add(convert.CodeLinkRootFixed, convert.NodeSubject(self), linkPath(l), "root link %q has no mass, so it cannot float: it is fixed to the world (as Bullet and MuJoCo read it), a static body", l.Name)
		}
	case isRoot && (l.Name == "world" || massless(l)):
		isFrame = true
		if l.Name != "world" && len(p.children[l.Name]) > 0 {
			p.diags.Add(convert.CodeLinkRootFixed, convert.NodeSubject(self), linkPath(l), "root link %q has no mass, so it cannot float: it is the fixed world frame (as Bullet and MuJoCo read it)", l.Name)
		}
	case isRoot:
		kind := convert.Dynamic
		if p.opts().Value(BaseOption) == "fixed" {
			kind = convert.Static
		}
		n.Motion = p.motion(l, self, kind)
	case massless(l) && j.Type == Fixed && p.worldFrames[parent] && len(l.Collisions) > 0:
		// a massless link with colliders fixed to the world is a static
		// body, not a frame of the world: its jointed children keep apart
		// from it as they would were it heavy. Static, it needs no joint;
		// the fixed joint's name stays for URDF output.
		n.Motion = staticMassless()
		n.Extras[extraJoint] = j
		j = nil
	case massless(l) && j.Type == Fixed:
		isFrame = true
		n.Extras[extraJoint] = j
		p.diags.Add(convert.CodeLinkMasslessFrame, convert.NodeSubject(self), linkPath(l), "link %q has no mass and is fixed to %q: it is kept as a frame of that body", l.Name, j.Parent)
	default:
		n.Motion = p.motion(l, self, convert.Dynamic)
		if massless(l) {
			p.diags.Add(convert.CodeLinkMassless, convert.BodySubject(self), linkPath(l), "link %q has no mass but moves on joint %q: it stays massless (no mass is invented); formats whose simulators need mass on moving bodies say what they write", l.Name, j.Name)
		}
	}
	if n.Motion != nil && p.gravityOff[l.Name] {
		// Gazebo's <turnGravityOff>: the link feels no gravity
		n.Motion.GravityFactor = 0
		p.diags.Add(convert.CodeGazeboGravityOff, convert.BodySubject(self), linkPath(l), "Gazebo turns gravity off for link %q: read as a gravity factor of 0", l.Name)
	}
	if n.Motion != nil && l.Inertial != nil {
		n.Extras[extraSpelledInertial] = l.Inertial
		if in := l.Inertial; in.Origin.RPY == (convert.Vec3{}) {
			n.Extras[convert.ExtraInertiaSpelled] = convert.SpelledInertia{Mass: in.Mass, COM: in.Origin.XYZ,
				Tensor: [6]float64{in.IXX, in.IYY, in.IZZ, in.IXY, in.IXZ, in.IYZ}}
		}
	}
	if isFrame {
		n.Extras[extraLink] = l.Name
		if l.Inertial != nil {
			n.Extras[extraElements+".inertial"] = l.Inertial
		}
	}
	if len(n.Extras) == 0 {
		n.Extras = nil
	}
	node := g.AddNode(n, parent)
	if isFrame && (isRoot || p.worldFrames[parent]) {
		if p.worldFrames == nil {
			p.worldFrames = map[int]bool{}
		}
		p.worldFrames[node] = true
	}
	if room := p.childRoom(l, j != nil && !isFrame); room > 0 {
		g.Nodes[node].Children = p.childBlock.Room(room)
	}
	if j != nil && !isFrame {
		p.addJoint(j, parent, node)
	}
	if err := p.addGeometry(l, node); err != nil {
		return -1, err
	}
	return node, nil
}

// childRoom is how many children the node of link l may get, so that
// its Children list is sized once: its shapes and, per child link, that
// link's node and (unless the child is a frame link) its joint's node,
// which all come; plus a frame for its own joint when it moves on one,
// which may. 0 when none are sure to come: a leaf keeps a nil list.
func (p *parser) childRoom(l *Link, moves bool) int {
	certain := len(l.Visuals) + len(l.Collisions)
	for _, cj := range p.children[l.Name] {
		certain++
		if !(massless(p.links[cj.Child]) && cj.Type == Fixed) {
			certain++
		}
	}
	if certain == 0 {
		return 0
	}
	if moves {
		return certain + 1
	}
	return certain
}

// motion builds a body's Motion from its <inertial>. The tensor is kept
// exactly: diagonal tensors keep their moments and the origin rotation;
// full tensors are diagonalised (mass.PrincipalAxes) and the principal
// rotation composed with the origin rotation. Moments that are not
// physical only by a point mass's rounding noise (one negative, none
// above pointMassMoment) are read as zero, with a diagnostic: a point
// mass is a valid body, a -1e-35 moment is one no simulator takes.
func (p *parser) motion(l *Link, self int, kind convert.BodyKind) *convert.Motion {
	b := p.motionBlock.New(bodyMotion{})
	m := &b.motion
	m.Kind, m.GravityFactor = kind, 1
	m.Mass, m.CenterOfMass, m.InertiaDiagonal = &b.mass, &b.centerOfMass, &b.inertiaDiagonal
	in := l.Inertial
	if in != nil && in.missingProducts != 0 {
		p.productsDefaulted(l, self)
	}
	if in != nil && in.incomplete() {
		p.incompleteInertial(l, self)
		if in.noInertia {
			return p.massToCompute(in, self, m, b)
		}
	}
	if in == nil || in.Mass == 0 && !in.noMass {
		// URDF's meaning: a massless link. Mass 0 with zero inertia is
		// given, so nothing downstream invents mass for it.
		m.MassSource, m.CenterOfMassSource, m.InertiaSource = convert.Given, convert.Given, convert.Given
		return m
	}
	b.mass, b.centerOfMass = in.Mass, in.Origin.XYZ
	rot := convert.RPYQuat(in.Origin.RPY)
	diag := convert.Vec3{in.IXX, in.IYY, in.IZZ}
	if in.IXY != 0 || in.IXZ != 0 || in.IYZ != 0 {
		var orient convert.Quat
		diag, orient = mass.PrincipalAxes(in.tensor())
		rot = rot.Mul(orient).Normalize()
	}
	largest := max(math.Abs(diag[0]), math.Abs(diag[1]), math.Abs(diag[2]))
	switch limit := pointMassMoment(in.Mass); {
	case min(diag[0], diag[1], diag[2]) >= -1e-12*largest && !aboveSum(diag):
		// physical, or singular up to rounding: clamped below
	case largest <= limit:
		p.diags.Add(convert.CodeInertiaRepaired, convert.BodySubject(self), linkPath(l), "the inertia of link %q (principal moments %v) is below that of its mass a micrometre from the axis: rounding noise on a point mass, read as zero moments", l.Name, diag).AtLine(in.Line)
		diag, rot = convert.Vec3{}, convert.RPYQuat(in.Origin.RPY)
	default:
		fixed, problem := mass.RepairInertia(diag)
		if fixed == (convert.Vec3{}) {
			p.diags.Add(convert.CodeInertiaInvalid, convert.BodySubject(self), linkPath(l), "the inertia of link %q (%s) is not physical: no principal moment is positive (%v); it is computed from the link's collision shapes instead", l.Name, in.spelled(), diag).AtLine(in.Line)
			m.InertiaDiagonal, m.MassSource, m.CenterOfMassSource = nil, convert.Given, convert.Given
			return m
		}
		p.diags.Add(convert.CodeInertiaRepaired, convert.BodySubject(self), linkPath(l), "the inertia of link %q (%s) is not physical: its principal moments are %v (%s); read as %v about the same principal axes (each offending moment moved to the nearest value a rigid body allows)", l.Name, in.spelled(), diag, problem, fixed).AtLine(in.Line)
		diag = fixed
	}
	for k := range diag {
		diag[k] = math.Max(diag[k], 0) // rounding of a singular tensor
	}
	b.inertiaDiagonal = diag
	if rot != convert.IdentityQuat() {
		b.inertiaOrientation = rot
		m.InertiaOrientation = &b.inertiaOrientation
	}
	m.MassSource, m.CenterOfMassSource, m.InertiaSource = convert.Given, convert.Given, convert.Given
	if in.noMass {
		return p.massToCompute(in, self, m, b)
	}
	return m
}

// incompleteInertial warns that link l's <inertial> lacks its <inertia>
// or its <mass>, and says what is computed in their place.
func (p *parser) incompleteInertial(l *Link, self int) {
	in := l.Inertial
	var lacks, computed []string
	if in.noMass {
		lacks = append(lacks, fmt.Sprintf("<mass> (it gives a <density> of %g kg/m³)", in.Density))
		computed = append(computed, "mass")
	}
	if in.noInertia {
		lacks = append(lacks, "<inertia>")
		if !in.hasOrigin {
			computed = append(computed, "centre of mass")
		}
		computed = append(computed, "inertia")
	}
	p.diags.Add(convert.CodeInertialIncomplete, convert.BodySubject(self), linkPath(l)+"/inertial",
		"the <inertial> of link %q has no %s: its %s are computed from the link's collisions, as Isaac Gym does (urdfdom ignores such an inertial, MuJoCo refuses it)",
		l.Name, strings.Join(lacks, " nor "), strings.Join(computed, " and ")).AtLine(in.Line)
}

// productsDefaulted reports an <inertia> that leaves products of inertia
// out: they are read as zero.
func (p *parser) productsDefaulted(l *Link, self int) {
	in := l.Inertial
	var missing []string
	for k, name := range inertiaProducts {
		if in.missingProducts&(1<<k) != 0 {
			missing = append(missing, name)
		}
	}
	p.diags.Add(convert.CodeInertiaProductsDefaulted, convert.BodySubject(self), linkPath(l)+"/inertial/inertia",
		"the <inertia> of link %q has no %s: read as zero, as PyBullet reads it (urdfdom refuses the file)",
		l.Name, strings.Join(missing, ", ")).AtLine(in.Line)
}

// massToCompute leaves what an incomplete <inertial> lacks for mass
// completion to compute from the link's collisions: the inertia (and
// the centre of mass, when no <origin> places it) when there is no
// <inertia>; the mass, at the link's own density, when there is no
// <mass> (Complete does not know that density: densityMasses computes
// it once the link's collisions are in).
func (p *parser) massToCompute(in *Inertial, self int, m *convert.Motion, b *bodyMotion) *convert.Motion {
	if in.noMass {
		m.Mass, m.MassSource = nil, ""
		p.densityLinks = append(p.densityLinks, densityLink{self, in.Density})
	} else {
		b.mass, m.MassSource = in.Mass, convert.Given
	}
	if in.noInertia {
		m.InertiaDiagonal, m.InertiaOrientation, m.InertiaSource = nil, nil, ""
		if in.hasOrigin {
			b.centerOfMass, m.CenterOfMassSource = in.Origin.XYZ, convert.Given
		} else {
			m.CenterOfMass, m.CenterOfMassSource = nil, ""
		}
	}
	return m
}

// densityLink is a body whose mass its link's <density> gives.
type densityLink struct {
	node    int
	density float64
}

// densityMasses gives each link that states a density instead of a mass
// the mass of its collisions at that density; links whose collisions
// hold no volume keep no mass, which completion defaults (and says so).
func (p *parser) densityMasses() {
	for _, d := range p.densityLinks {
		m := p.g.Nodes[d.node].Motion
		props, _ := mass.BodyMassProps(p.g, d.node, d.density)
		if m == nil || !(props.Mass > 0) || math.IsInf(props.Mass, 0) {
			continue
		}
		m.Mass, m.MassSource = convert.Ptr(props.Mass), convert.Computed
	}
}

// aboveSum reports whether a principal moment exceeds the sum of the
// other two by more than rounding (the triangle inequality every rigid
// body's moments satisfy).
func aboveSum(d convert.Vec3) bool {
	for i := range d {
		if d[i] > (d[(i+1)%3]+d[(i+2)%3])*(1+1e-12) {
			return true
		}
	}
	return false
}

// addJoint adds the Graph joint for URDF joint j between the node of the
// parent link and the child link's node.
func (p *parser) addJoint(j *Joint, parentNode, childNode int) {
	g := p.g
	first := len(p.diags)
	for _, c := range j.ignored {
		p.diags.Add(convert.CodeElementIgnored, convert.Subject{}, jointPath(j)+"/"+c.Name,
			"joint %q has more than one <%s>; the first is used and this one ignored, as urdfdom and Bullet do (MuJoCo refuses the file)", j.Name, c.Name).AtLine(c.Line).Affecting(ignoredQuantities[c.Name]...)
	}
	axis := j.Axis.Normalize()
	if j.Axis.Len() != 0 && math.Abs(j.Axis.Len()-1) > 1e-9 {
		p.diags.Add(convert.CodeAxisNormalized, convert.Subject{}, jointPath(j), "axis %v of joint %q is not a unit vector; it is normalised", j.Axis, j.Name)
	}
	inf := math.Inf(1)
	var kind string
	lo, hi := -inf, inf
	switch j.Type {
	case Revolute, Prismatic:
		kind = kin.KindRevolute
		if j.Type == Prismatic {
			kind = kin.KindPrismatic
		}
		if j.Limit == nil {
			// urdfdom refuses this; MuJoCo, Bullet and Isaac Gym read a
			// joint without bounds
			p.diags.Add(convert.CodeLimitEmpty, convert.Subject{}, jointPath(j), "%s joint %q has no <limit>: read as unlimited, as MuJoCo reads it (urdfdom refuses the file; URDF output writes a joint it reads)", j.Type, j.Name).AtLine(j.Line)
			if j.Type == Revolute {
				kind = kin.KindContinuous
			}
			break
		}
		lo, hi = j.Limit.Lower, j.Limit.Upper
		if lo > hi {
			// MuJoCo and Bullet read such bounds as no limit (both
			// limit a joint only when lower < upper)
			p.diags.Add(convert.CodeLimitInverted, convert.Subject{}, jointPath(j), "joint %q has lower %v > upper %v: read as unlimited, as MuJoCo and Bullet read it", j.Name, lo, hi)
			lo, hi = -inf, inf
			if j.Type == Revolute {
				kind = kin.KindContinuous
			}
		}
		if lo == hi {
			// exporters (SolidWorks' among them) write lower = upper = 0
			// for a joint without limits, and MuJoCo reads equal bounds
			// as no limit; a joint meant to be locked is a fixed joint
			p.diags.Add(convert.CodeLimitEmpty, convert.Subject{}, jointPath(j), "joint %q has lower = upper = %v, no range: read as unlimited, as MuJoCo reads it (exporters write 0 0 for joints without limits; Gazebo and Bullet lock such a joint instead)", j.Name, lo)
			lo, hi = -inf, inf
			if j.Type == Revolute {
				kind = kin.KindContinuous
			}
		}
	case Continuous:
		kind = kin.KindContinuous
		if l := j.Limit; l != nil && l.Lower != l.Upper {
			p.diags.Add(convert.CodeContinuousLimitIgnored, convert.Subject{}, jointPath(j), "continuous joint %q has lower %v and upper %v; they are ignored, as the URDF specification reads a continuous joint (MuJoCo's URDF import applies them as a range)", j.Name, l.Lower, l.Upper)
		}
	case Fixed:
		kind = kin.KindFixed
	case Floating:
		kind = kin.KindFree
	case Planar:
		kind = kin.KindPlanar
		if l := j.Limit; l != nil && l.Lower != l.Upper {
			p.diags.Add(convert.CodeContinuousLimitIgnored, convert.Subject{}, jointPath(j), "planar joint %q has lower %v and upper %v; they are ignored, as urdfdom reads a planar joint (MuJoCo's URDF import applies them to its first slide)", j.Name, l.Lower, l.Upper)
		}
	case Spherical:
		kind = kin.KindBall
		if l := j.Limit; l != nil && (l.Lower != 0 || l.Upper != 0) {
			// Bullet limits swing about two axes and twist about the third
			// (btMultiBodySphericalJointLimit) when all of them are given
			p.diags.Add(convert.CodeFieldDropped, convert.Subject{}, jointPath(j), "spherical joint %q has a <limit> (lower %v, upper %v), which Bullet reads as swing ranges with a twist range; it is not read: the ball joint turns freely", j.Name, l.Lower, l.Upper).Affecting(convert.QLimit)
		}
	}
	var limits []convert.Limit
	frame := convert.IdentityQuat()
	if kind != kin.KindFree {
		limits, frame = kin.LimitsFor(kind, axis, lo, hi)
	}
	joint := p.jointBlock.New(convert.Joint{})
	joint.Limits = limits
	if l := j.Limit; l != nil {
		joint.Effort, joint.Velocity = l.Effort, l.Velocity
	}
	if d := j.Dynamics; d != nil {
		joint.Damping, joint.Friction = d.Damping, d.Friction
	}
	if key := axisKey(j.Type); key != "" && j.Axis != axis {
		joint.Extras = map[string]any{convert.ExtraAxisSpelled: map[string]convert.Vec3{key: j.Axis}}
	}
	if len(j.extras) > 0 {
		if joint.Extras == nil {
			joint.Extras = map[string]any{}
		}
		joint.Extras[extraElements] = j.extras
		for _, e := range j.extras {
			p.keptInfo(e, jointPath(j))
		}
	}
	connected := childNode
	if frame != convert.IdentityQuat() {
		connected = g.AddNode(convert.Node{Name: j.Name + "/frame", Transform: convert.Transform{R: frame, S: convert.Vec3{1, 1, 1}}}, childNode)
	}
	joint.Connected = connected
	t := poseTransform(j.Origin)
	t.R = t.R.Mul(frame).Normalize()
	p.jointNode[j.Name] = g.AddNode(convert.Node{Name: j.Name, Transform: t, Joint: joint}, parentNode)
	p.diags.About(first, convert.JointSubject(p.jointNode[j.Name]))
}

// axisKey names a one-axis joint type's axis as Graph joint extras do
// ("" for types whose axis is not one hinge or slide axis).
func axisKey(typ string) string {
	switch typ {
	case Revolute, Continuous:
		return "angular0"
	case Prismatic:
		return "linear0"
	}
	return ""
}

// mimicCycle reports whether following mimic leaders from joint comes
// back to it.
func mimicCycle(leader map[string]string, joint string) bool {
	at := joint
	for range len(leader) {
		next, ok := leader[at]
		if !ok {
			return false
		}
		if next == joint {
			return true
		}
		at = next
	}
	return false
}

func (p *parser) addCouplings() error {
	leader := map[string]string{}
	for i := range p.r.Joints {
		if m := p.r.Joints[i].Mimic; m != nil {
			leader[p.r.Joints[i].Name] = m.Joint
		}
	}
	for i := range p.r.Joints {
		j := &p.r.Joints[i]
		if j.Mimic == nil {
			continue
		}
		if _, ok := p.jointByName(j.Mimic.Joint); !ok {
			// urdfdom and MuJoCo read such a file and ignore the mimic
			p.diags.Add(convert.CodeMimicDropped, convert.SourceSubject(i), jointPath(j), "joint %q mimics joint %q, which the robot does not have; the mimic is dropped", j.Name, j.Mimic.Joint).AtLine(j.Mimic.Line)
			continue
		}
		if mimicCycle(leader, j.Name) {
			p.diags.Add(convert.CodeMimicDropped, convert.SourceSubject(i), jointPath(j), "joint %q mimics itself (directly or through other mimic joints); the mimic is dropped", j.Name)
			continue
		}
		f, okF := p.jointNode[j.Name]
		l, okL := p.jointNode[j.Mimic.Joint]
		if !okF || !okL {
			p.diags.Add(convert.CodeMimicDropped, convert.SourceSubject(i), jointPath(j), "mimic of joint %q on %q is dropped: one of the joints is fixed to a massless frame link", j.Mimic.Joint, j.Name)
			continue
		}
		p.g.Couplings = append(p.g.Couplings, convert.Coupling{Follower: f, Leader: l, Multiplier: j.Mimic.Multiplier, Offset: j.Mimic.Offset})
	}
	return nil
}

func (p *parser) keptInfo(e *xmlElement, where string) {
	p.diags.Add(convert.CodeElementKept, convert.DocumentSubject(), where+"/"+e.Name, "<%s> has no physics meaning here; it is kept only for URDF output", e.Name).AtLine(e.Line)
}

// addGeometry adds the link's visuals and collisions as child nodes.
func (p *parser) addGeometry(l *Link, node int) error {
	defer func(from int) { p.diags.About(from, convert.NodeSubject(node)) }(len(p.diags))
	for k, v := range l.Visuals {
		name := v.Name
		if name == "" {
			name = l.Name + "/visual" + strconv.Itoa(k)
		}
		if v.Geometry.unknown && v.Geometry.Kind == "" {
			p.diags.Add(convert.CodeVisualDropped, convert.Subject{}, linkPath(l)+"/visual", "visual %q of link %q has no <geometry>; it is left out, as urdfdom and MuJoCo leave it", name, l.Name).AtLine(v.Geometry.Line)
			continue
		}
		if v.Geometry.unknown {
			p.diags.Add(convert.CodeVisualDropped, convert.Subject{}, linkPath(l)+"/visual", "visual %q of link %q is an unknown geometry <%s>; it is left out, as urdfdom leaves it (MuJoCo refuses the file)", name, l.Name, v.Geometry.Kind).AtLine(v.Geometry.Line)
			continue
		}
		if v.Geometry.empty != nil {
			// urdfdom and PyBullet take it (a marker); it draws nothing,
			// and MuJoCo refuses a geom of zero size
			p.diags.Add(convert.CodeVisualDropped, convert.Subject{}, linkPath(l)+"/visual", "visual %q of link %q is a %s of zero size, which draws nothing; it is left out", name, l.Name, v.Geometry.Kind).AtLine(v.Geometry.Line)
			continue
		}
		shape, err := p.shape(v.Geometry, false, l)
		if err != nil {
			return err
		}
		if shape < 0 {
			continue
		}
		vis := p.visualBlock.New(convert.Visual{})
		vis.Shape = shape
		var extras map[string]any
		if m := v.Material; m != nil && m.badColor != nil {
			p.diags.Add(convert.CodeFieldDropped, convert.Subject{}, linkPath(l)+"/visual/material", "the colour of visual %q of link %q is not read (%v); the visual is drawn without it, as urdfdom drops such a material", name, l.Name, m.badColor).AtLine(m.Line).Affecting(convert.QVisual)
		}
		if m := v.Material; m != nil {
			vis.Color = m.Color
			tex := m.Texture
			if named := p.materials[m.Name]; named != nil {
				if vis.Color == nil {
					vis.Color = named.Color
				}
				if tex == "" {
					tex = named.Texture
				}
			}
			if tex != "" {
				vis.Texture = p.image(tex)
			}
			if m.Name != "" || m.Texture != "" {
				extras = map[string]any{extraMaterial: m}
			}
		}
		p.placeShape(convert.Node{Name: name, Transform: poseTransform(v.Origin), Visual: vis, Extras: extras}, node, v.Geometry.Kind, v.Origin.RPY, v.Geometry.Normal)
	}
	for k, c := range l.Collisions {
		name := c.Name
		if name == "" {
			name = l.Name + "/collision" + strconv.Itoa(k)
		}
		if c.Geometry.unknown {
			p.diags.Add(convert.CodeShapeDropped, convert.Subject{}, linkPath(l)+"/collision", "collision %q of link %q is an unknown geometry <%s>; it is left out, as urdfdom leaves it (MuJoCo refuses the file)", name, l.Name, c.Geometry.Kind).AtLine(c.Geometry.Line)
			continue
		}
		if c.Geometry.empty != nil {
			// urdfdom takes it (exporters leave zero-radius placeholder
			// spheres); it has no volume and collides at a point at most,
			// and MuJoCo refuses a geom of zero size
			p.diags.Add(convert.CodeShapeDropped, convert.Subject{}, linkPath(l)+"/collision", "collision %q of link %q is a %s of zero size, with no volume; it is left out", name, l.Name, c.Geometry.Kind).AtLine(c.Geometry.Line)
			continue
		}
		shape, err := p.shape(c.Geometry, true, l)
		if err != nil {
			return err
		}
		col := p.colliderBlock.New(convert.Collider{})
		*col = convert.Collider{Shape: shape, Material: -1, Filter: -1}
		if f, ok := p.linkFilter[l.Name]; ok {
			col.Filter = f
		}
		m, ok := p.linkMat[l.Name]
		switch {
		case c.drake != nil && (c.drake.MuStatic != nil || c.drake.MuDynamic != nil):
			if !ok {
				m = -1 // Gazebo's default contact, with Drake's friction
			}
			col.Material = p.drakeMaterial(c.drake, m, l)
		case ok:
			col.Material = m
		default:
			col.Material = p.defaultMaterial(l)
		}
		if c.drake != nil && c.drake.MuStatic == nil && c.drake.MuDynamic == nil {
			p.drakeMaterial(c.drake, col.Material, l) // says what is not read
		}
		p.placeShape(convert.Node{Name: name, Transform: poseTransform(c.Origin), Collider: col}, node, c.Geometry.Kind, c.Origin.RPY, c.Geometry.Normal)
	}
	return nil
}

// placeShape adds a shape node. A cylinder or capsule lies along the
// node's local Y in the Graph and along the origin's Z in URDF, so its
// node's rotation carries the quarter turn; the origin as written is kept
// in Extras so URDF output gives it back exactly, and rpy, the origin's
// angles, for formats that spell rotations so (convert.ExtraRotationRPY).
func (p *parser) placeShape(n convert.Node, parent int, kind string, rpy convert.Vec3, normal convert.Vec3) {
	origin := n.Transform
	if kind == "plane" {
		// the Graph plane faces +Y, turned onto the frame's +Z as a
		// cylinder's axis is (below); +Z is turned onto the normal first
		n.Transform.R = n.Transform.R.Mul(convert.MinimalRotation(convert.Vec3{0, 0, 1}, normal, convert.Vec3{1, 0, 0})).Normalize()
	}
	turned := kind == "cylinder" || kind == "capsule" || kind == "plane"
	if rpy != (convert.Vec3{}) || turned {
		extras := make(map[string]any, len(n.Extras)+2)
		if rpy != (convert.Vec3{}) {
			extras[convert.ExtraRotationRPY] = rpy
		}
		if turned {
			extras[extraOrigin] = origin
			n.Transform = axisFrame(n.Transform)
		}
		for k, v := range n.Extras {
			extras[k] = v
		}
		n.Extras = extras
	}
	p.g.AddNode(n, parent)
}

// axisFrame turns a URDF cylinder frame (axis Z) into a Graph one (axis Y).
func axisFrame(t convert.Transform) convert.Transform {
	t.R = t.R.Mul(rx90).Normalize()
	return t
}

// drakeShape notes a geometry read from Drake's extension.
func (p *parser) drakeShape(geo Geometry, l *Link) {
	p.diags.Add(convert.CodeDrakeGeometryRead, convert.Subject{}, linkPath(l)+"/geometry/"+geo.Spelled, "<%s> (Drake's extension) read as a %s", geo.Spelled, geo.Kind).AtLine(geo.Line)
}

// ignoredQuantities are what a joint child ignored after the first of its
// kind would have set.
var ignoredQuantities = map[string][]convert.Quantity{
	"axis":     {convert.QAxis},
	"limit":    {convert.QLimit, convert.QJointParam},
	"dynamics": {convert.QJointParam},
	"mimic":    {convert.QCoupling},
}

// shape adds the Graph shape of a geometry. Collision meshes are loaded
// (a missing or unreadable one is an error); visual meshes stay references.
func (p *parser) shape(geo Geometry, collision bool, l *Link) (int, error) {
	g := p.g
	for _, e := range geo.ignored {
		p.diags.Add(convert.CodeElementIgnored, convert.Subject{}, linkPath(l)+"/geometry/"+e.Name, "<geometry> holds one shape; the extra <%s> is ignored, as urdfdom does", e.Name).AtLine(e.Line).Affecting(convert.QShape)
	}
	switch geo.Kind {
	case "box":
		return g.AddShape(convert.Shape{Kind: convert.Box, Size: geo.Size}), nil
	case "sphere":
		return g.AddShape(convert.Shape{Kind: convert.Sphere, Radius: geo.Radius}), nil
	case "cylinder":
		return g.AddShape(convert.Shape{Kind: convert.Cylinder, Height: geo.Length, RadiusTop: geo.Radius, RadiusBottom: geo.Radius}), nil
	case "capsule":
		if geo.Spelled != "" {
			p.drakeShape(geo, l)
		}
		return g.AddShape(convert.Shape{Kind: convert.Capsule, Height: geo.Length, RadiusTop: geo.Radius, RadiusBottom: geo.Radius}), nil
	case "ellipsoid":
		p.drakeShape(geo, l)
		return g.AddShape(convert.Shape{Kind: convert.Ellipsoid, Size: geo.Size}), nil
	case "plane":
		p.diags.Add(convert.CodePlaneRead, convert.Subject{}, linkPath(l)+"/geometry/plane", "<plane> (PyBullet's extension) read as an infinite plane through the origin facing %v", geo.Normal).AtLine(geo.Line)
		return g.AddShape(convert.Shape{Kind: convert.Plane}), nil
	}
	switch {
	case geo.scaleNumbers == 1:
		p.diags.Add(convert.CodeDrakeGeometryRead, convert.Subject{}, linkPath(l)+"/geometry/mesh", "<mesh scale=\"%g\"> (Drake's extension: one number) read as the uniform scale %v", geo.Scale[0], geo.Scale).AtLine(geo.Line)
	case geo.scaleNumbers > 3:
		p.diags.Add(convert.CodeFieldDropped, convert.Subject{}, linkPath(l)+"/geometry/mesh", "<mesh scale> gives %d numbers: read as its first three, %v, as PyBullet reads it (urdfdom refuses the file)", geo.scaleNumbers, geo.Scale).AtLine(geo.Line).Affecting(convert.QShape)
	}
	resolved, err := p.in.Locate(geo.Filename)
	var refErr *convert.RefError
	// a visual that cannot be found or may not be read (beyond the allowed
	// folders) only draws: it is left unread, as a missing one is
	if err != nil && (collision || !errors.As(err, &refErr)) {
		return -1, &convert.FormatError{Line: geo.Line, Msg: fmt.Sprintf("mesh of link %q: %v", l.Name, err), Err: err}
	}
	if err != nil {
		resolved = geo.Filename
	}
	mesh := convert.Mesh{Name: geo.Filename, File: resolved, Scale: convert.Vec3{1, 1, 1},
		Extras: map[string]any{extraFilename: geo.Filename, extraScale: geo.Scale}}
	read := p.visualData().reader(geo.Filename, p.in.Open)
	kind := convert.TriMesh
	if collision {
		kind = convert.Convex
		data, err := read()
		if err != nil {
			return -1, &convert.FormatError{Line: geo.Line, Msg: fmt.Sprintf("collision mesh of link %q cannot be read: %v", l.Name, err), Err: err}
		}
		filePos, idx, err := p.meshTriangles(geo.Filename, resolved, p.in.Budget())(data)
		if err != nil {
			return -1, convert.ErrorAtLine(geo.Line, "collision mesh %q of link %q: %v", geo.Filename, l.Name, err)
		}
		mesh.Positions = make([]convert.Vec3, len(filePos))
		for i, v := range filePos {
			mesh.Positions[i] = v.Mul(geo.Scale)
		}
		mesh.Indices = idx
		if len(mesh.Indices) == 0 {
			// a file of points (an OBJ of v records only): the collider
			// is their convex hull, as MuJoCo reads it
			mesh.Indices = convert.HullIndices(mesh.Positions)
		}
		mesh.Loaded = true
		p.visualData().keep(resolved, geo.Scale, mesh.Positions, mesh.Indices)
		mesh.Source = source(read, resolved, geo.Scale)
		mesh.SourceFile = p.diskPath(resolved)
		mesh.Sibling = p.sibling(geo.Filename)
	} else if err != nil || p.statErr(geo.Filename, &err) {
		p.diags.Add(convert.CodeMeshMissing, convert.Subject{}, linkPath(l)+"/visual", "visual mesh is not read (%v); the reference is kept", err).AtLine(geo.Line)
	} else {
		mesh.Decode = p.visualData().decoder(read, resolved, geo.Scale, p.meshTriangles(geo.Filename, resolved, nil))
		mesh.Look = p.look(read, resolved, geo.Filename, linkPath(l)+"/visual")
		mesh.Source = source(read, resolved, geo.Scale)
		mesh.SourceFile = p.diskPath(resolved)
		mesh.Sibling = p.sibling(geo.Filename)
	}
	return g.AddShape(convert.Shape{Kind: kind, Mesh: g.AddMesh(mesh)}), nil
}

// statErr reports a file the input cannot stat, setting *err to why.
func (p *parser) statErr(name string, err *error) bool {
	_, serr := p.in.Stat(name)
	if serr != nil {
		*err = serr
	}
	return serr != nil
}

// diskPath is where a file of the input's FS lies on disk ("" when the
// FS is not a folder).
func (p *parser) diskPath(name string) string {
	if filepath.IsAbs(name) {
		return name // a package found outside the input's root
	}
	if p.in.Root == "" {
		return ""
	}
	return filepath.Join(p.in.Root, filepath.FromSlash(name))
}

// poseTransform converts an <origin> to a Transform.
func poseTransform(p Pose) convert.Transform {
	return convert.Transform{T: p.XYZ, R: convert.RPYQuat(p.RPY), S: convert.Vec3{1, 1, 1}}
}

// quatRPY is the inverse of convert.RPYQuat (pitch in [−π/2, π/2]). It reads the
// angles off the rotation matrix R = Rz(yaw)·Ry(pitch)·Rx(roll): pitch by
// atan2 (well conditioned near ±π/2, unlike asin), and at gimbal lock,
// where only yaw − roll (or yaw + roll) is defined, roll 0 and all the
// turn in yaw, rather than angles of rounding noise. Near gimbal lock
// roll comes from elements of the size of cos pitch, so only roughly;
// yaw is then solved from the large elements for that roll, so that the
// angles give R back to rounding (a frame turned 90° about a horizontal
// axis by float32 angles came back 1e-8 rad off).
func quatRPY(q convert.Quat) convert.Vec3 {
	m := q.Normalize().Mat()
	c := math.Hypot(m[2][1], m[2][2]) // |cos pitch|
	pitch := math.Atan2(-m[2][0], c)
	roll := 0.0 // at the lock itself (cos pitch below rounding)
	if c > 1e-15 {
		roll = math.Atan2(m[2][1], m[2][2])
	}
	if c > math.Sqrt(0.5) {
		return convert.Vec3{roll, pitch, math.Atan2(m[1][0], m[0][0])}
	}
	// m01 + i·m11 = (sin pitch·sin roll + i·cos roll)·e^(i·yaw), and the
	// first factor has length at least |sin pitch| > √½ here
	sp := math.Sin(pitch)
	sr, cr := math.Sincos(roll)
	yaw := math.Atan2(m[1][1], m[0][1]) - math.Atan2(cr, sp*sr)
	return convert.Vec3{roll, pitch, math.Remainder(yaw, 2*math.Pi)}
}
