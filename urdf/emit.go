package urdf

import (
	"fmt"
	"math"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/convert/mass"
	"github.com/physconv/physconv/internal/carry"
	"github.com/physconv/physconv/internal/gltfx"
	"github.com/physconv/physconv/internal/hull"
	"github.com/physconv/physconv/internal/meshio"
	"github.com/physconv/physconv/internal/names"
	"github.com/physconv/physconv/internal/xmlx"
)

// Emit writes a Graph as URDF.
//
// Links are the bodies of the kinematic tree (kin.BuildTree) plus the
// massless frame links Parse kept. Each body link's frame is the body's
// frame, moved to the joint position when the Graph's joint frame is not at
// the body origin. Inertia is written as principal moments (ixx, iyy, izz;
// products zero) with the principal orientation in <inertial><origin rpy>.
// Box, sphere and cylinder are native; capsules follow the capsule option
// ("cylinder-spheres", the default: a cylinder plus two spheres, exact in
// volume; or "urdf-ext": <capsule>); meshes keep their URDF filename when
// they came from one, else become binary STL files in meshes/ named after
// the link (flat ones thickened by 1 mm so simulators can hull them).
// Joint kinds URDF lacks become a chain of light dummy links with one-axis
// joints. Loop-closing joints are dropped; a lone free body is the root
// link (its frame the world origin, its contents placed accordingly), and
// free bodies beside static parts or each other hang from a "world" link
// by floating joints. Static bodies are links fixed to the world without
// <inertial>; kinematic ones are fixed where they are. Every such change is
// diagnosed.
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
	g = unitRotations(g)
	e := &emitter{g: g, opts: opts, out: &convert.Output{Files: map[string][]byte{}},
		linkNames: nameSet{}, jointNames: nameSet{}, fileNames: nameSet{names.Set{Fold: true}}, linkIndex: map[int]int{}, diags: drawn}
	if err := e.run(); err != nil {
		return nil, nil, err
	}
	convert.SceneDampingLoss(&e.diags, e.g, "URDF")
	e.diags = append(e.diags, carry.All(e.out, e.opts, e.copied)...)
	if len(e.trans) > 0 {
		e.r.extras = append(append([]*xmlElement(nil), e.r.extras...), e.trans...)
	}
	if meshesInFolders(e.r) && !slices.ContainsFunc(e.r.extras, func(x *xmlElement) bool { return x.Name == "mujoco" }) {
		// MuJoCo's URDF import looks for a mesh beside the file, its
		// folders stripped, unless told otherwise
		e.r.extras = append(append([]*xmlElement(nil), e.r.extras...), &xmlElement{Name: "mujoco",
			Children: []*xmlElement{{Name: "compiler", Attrs: []xmlx.Attr{{Name: "strippath", Value: "false"}}}}})
	}
	e.out.Main = Encode(e.r)
	return e.out, e.diags, nil
}

// meshesInFolders reports whether a mesh the robot names is a path into a
// folder beside the file (meshes/rock.stl), not a package:// or file://
// reference.
func meshesInFolders(r *Robot) bool {
	inFolder := func(g Geometry) bool {
		return g.Kind == "mesh" && strings.Contains(g.Filename, "/") && !strings.Contains(g.Filename, "://") && !path.IsAbs(g.Filename)
	}
	for _, l := range r.Links {
		for _, v := range l.Visuals {
			if inFolder(v.Geometry) {
				return true
			}
		}
		for _, c := range l.Collisions {
			if inFolder(c.Geometry) {
				return true
			}
		}
	}
	return false
}

// unitRotations returns g, or a copy with every node rotation scaled to
// unit length when some is not (files stored in float32 carry rotations
// about 1e-7 off unit length, and a non-unit quaternion moves children by
// as much; a rotation means its unit quaternion).
func unitRotations(g *convert.Graph) *convert.Graph {
	for i := range g.Nodes {
		q := g.Nodes[i].Transform.R
		if l := q[0]*q[0] + q[1]*q[1] + q[2]*q[2] + q[3]*q[3]; math.Abs(l-1) > 1e-15 {
			c := g.Clone()
			for k := range c.Nodes {
				c.Nodes[k].Transform.R = c.Nodes[k].Transform.R.Normalize()
			}
			return c
		}
	}
	return g
}

type emitter struct {
	g     *convert.Graph
	opts  *convert.Options
	diags convert.Diagnostics
	tree  *kin.Tree
	r     *Robot
	out   *convert.Output

	base int               // the Z-up root node Parse made, or -1
	pre  convert.Transform // applied to world transforms when base is -1
	// worldFrames and baseFrames cache transforms to the world and to
	// base; ancestry answers isAncestor (the Graph does not change while
	// emitting)
	worldFrames, baseFrames *convert.Frames
	ancestry                *convert.Ancestry

	isLink    map[int]bool              // body and frame-link nodes
	offset    map[int]convert.Transform // link frame relative to its node
	linkIndex map[int]int               // link node → index in r.Links (-1: world)
	// linkMats lists the collider nodes of each link (by r.Links index),
	// in order.
	linkMats  map[int][]int
	worldLink int             // index of the world link, or -1
	worldNode int             // node of the world link when it is a frame link, else -1
	jointName map[int]string  // joint node → emitted URDF joint name
	keptAct   map[string]bool // joints a kept transmission already actuates
	trans     []*xmlElement   // transmissions written for actuated joints

	linkNames, jointNames, fileNames nameSet
	// sideNames: the side file each source mesh file was written as.
	sideNames map[string]string
	copied    []carry.Copy // mesh files written unchanged, in order
	// meshFiles: the file a Graph mesh was written to, for each way of
	// writing it, so that shapes sharing a mesh share its file.
	meshFiles map[meshUse]meshWritten
	// belowLink remembers transforms of deep nodes relative to a link
	// (below), by node and link; owners and bodyOwners the link and the
	// body of every node (owner, bodyOf).
	belowLink  map[[2]int]convert.Transform
	owners     []int
	bodyOwners []int
}

// meshWritten is the file a meshUse went to, and whether it was a flat
// collider thickened (which each shape using it reports).
type meshWritten struct {
	file      string
	thickened bool
}

// meshUse is one way a Graph mesh is written to a file of its own: as STL
// or OBJ, and for a collider the scale its flat copy was thickened at.
type meshUse struct {
	mesh     int
	ext      string
	collider bool
	scale    convert.Vec3
}

// nameSet hands out unique, non-empty names.
type nameSet struct{ names.Set }

func (s *nameSet) unique(name, fallback string) string {
	if name == "" {
		name = fallback
	}
	return s.Numbered(name)
}

// claim claims the name unique will give an element of this name (or
// fallback) when it is free.
func (s *nameSet) claim(name, fallback string) {
	if name == "" {
		name = fallback
	}
	s.Claim(name)
}

func (e *emitter) run() error {
	g := e.g
	e.base, e.pre = -1, convert.Identity()
	if len(g.Roots) == 1 {
		n := g.Nodes[g.Roots[0]]
		if n.Extras[extraUp] == "z" && n.Transform.R == zUp && n.Transform.T == (convert.Vec3{}) && n.Transform.Rigid() {
			e.base = g.Roots[0]
		}
	}
	if e.base < 0 && e.opts.Up != "keep" {
		e.pre.R = zUp.Conj()
	}
	e.worldFrames, e.baseFrames, e.ancestry = g.Frames(-1), g.Frames(e.base), g.Ancestry()
	root := e.opts.Value(kin.RootOption)
	if r, ok := g.Extras[extraRoot].(string); ok && root == "" {
		for i := range g.Nodes {
			if g.Nodes[i].Name == r && g.Nodes[i].Motion != nil {
				root = r // keep the root of a URDF source
			}
		}
	}
	tree, d := kin.BuildTree(g, kin.TreeOptions{Root: root})
	e.diags = append(e.diags, d...)
	e.tree = tree
	name := g.Name
	if name == "" {
		name, _ = g.Extras[extraRobot].(string)
	}
	if name == "" && e.base >= 0 {
		name = g.Nodes[e.base].Name
	}
	if name == "" {
		name = "robot"
	}
	e.r = &Robot{Name: name}
	if m, ok := g.Extras[extraMaterials].([]Material); ok {
		e.r.Materials = m
	}
	if x, ok := g.Extras[extraElements].([]*xmlElement); ok {
		e.r.extras = x
	}
	e.keptAct = keptActuation(e.r.extras)
	e.worldLink, e.worldNode = -1, -1
	e.jointName = map[int]string{}

	// Which nodes are links, and where each link's frame sits.
	e.isLink, e.offset = map[int]bool{}, map[int]convert.Transform{}
	for _, l := range tree.Links {
		e.isLink[l.Body] = true
		off := convert.Identity()
		if l.Joint.Kind == kin.GraphJoint && l.Joint.ChildFrame.T.Len() > 1e-12 {
			off.T = l.Joint.ChildFrame.T.Mul(e.worldScale(l.Body))
		}
		e.offset[l.Body] = off
	}
	for i := range g.Nodes {
		if _, ok := g.Nodes[i].Extras[extraLink].(string); ok && g.Nodes[i].Motion == nil {
			e.isLink[i] = true
			e.offset[i] = convert.Identity()
		}
	}
	// Link names first, in node order, so joints can refer to them.
	nodes := make([]int, 0, len(e.isLink))
	for n := range e.isLink {
		nodes = append(nodes, n)
	}
	sort.Ints(nodes)
	linkName := func(n int) string {
		if s, ok := g.Nodes[n].Extras[extraLink].(string); ok {
			return s
		}
		return g.Nodes[n].Name
	}
	// a repeated name is numbered past the names other links have
	for _, n := range nodes {
		e.linkNames.claim(linkName(n), fmt.Sprintf("node%d", n))
	}
	for _, n := range nodes {
		want := linkName(n)
		got := e.linkNames.unique(want, fmt.Sprintf("node%d", n))
		if want != "" && got != want {
			e.diags.Add(convert.CodeNameChanged, convert.NodeSubject(n), nodePath(g, n), "link name %q is taken; written as %q", want, got).WithSeverity(convert.Warning)
		}
		e.linkIndex[n] = len(e.r.Links)
		e.r.Links = append(e.r.Links, Link{Name: got})
	}
	e.nameJoints()
	if err := e.bodies(); err != nil {
		return err
	}
	e.frameLinks(nodes)
	e.geometry()
	e.contactMaterials()
	e.mimics()
	if len(e.r.Links) == 0 {
		// Nothing physical: a robot still needs a link to be a URDF
		// any reader (ours included) accepts.
		e.parentLink(-1)
	}
	for _, lp := range tree.Loops {
		e.diags.Add(convert.CodeJointLoopDropped, convert.JointSubject(lp.Node), nodePath(g, lp.Node), "%s closes a kinematic loop, which URDF cannot express; it is dropped", jointCalled(g, lp.Node))
	}
	return nil
}

// jointCalled names joint node i for a message: by its name, or, without
// one (an MJCF weld or connect), by the bodies it joins.
func jointCalled(g *convert.Graph, i int) string {
	if name := g.Nodes[i].Name; name != "" {
		return fmt.Sprintf("joint %q", name)
	}
	body := func(b int) string {
		if b < 0 || b >= len(g.Nodes) {
			return "the world"
		}
		if name := g.Nodes[b].Name; name != "" {
			return fmt.Sprintf("%q", name)
		}
		return fmt.Sprintf("node %d", b)
	}
	other := -1
	if j := g.Nodes[i].Joint; j != nil && j.Connected >= 0 && j.Connected < len(g.Nodes) {
		other = g.BodyOf(j.Connected)
	}
	return fmt.Sprintf("the unnamed joint between %s and %s", body(g.BodyOf(i)), body(other))
}

func nodePath(g *convert.Graph, i int) string {
	if i < 0 {
		return ""
	}
	return g.NodeLabel(i)
}

// world returns the transform of node n in the URDF world (Z-up).
func (e *emitter) world(n int) convert.Transform {
	if e.base >= 0 {
		return e.baseFrames.World(n)
	}
	return e.pre.Mul(e.worldFrames.World(n))
}

// worldScale returns the scale node n accumulates from its ancestors.
func (e *emitter) worldScale(n int) convert.Vec3 {
	if n < 0 {
		return convert.Vec3{1, 1, 1}
	}
	return e.worldFrames.World(n).S
}

// relLink returns node n's transform relative to link node l's frame (-1:
// the URDF world). A link frame is rigid (the body node's frame without
// its scale, moved by the link's offset): positions come out in metres and
// S is the scale n's geometry needs. When l is an ancestor of n it composes
// along the hierarchy, which keeps values exact for nested files.
func (e *emitter) relLink(n, l int) convert.Transform {
	if l < 0 {
		return e.world(n)
	}
	var t convert.Transform
	if e.ancestry.IsAncestor(l, n) {
		t = e.below(n, l)
		if s := e.worldScale(l); s != (convert.Vec3{1, 1, 1}) {
			t.T, t.S = t.T.Mul(s), t.S.Mul(s)
		}
	} else {
		frame := e.world(l)
		frame.S = convert.Vec3{1, 1, 1}
		t = frame.Inverse().Mul(e.world(n))
	}
	if off, ok := e.offset[l]; ok && !isIdentity(off) {
		t = off.Inverse().Mul(t)
	}
	return t
}

// below is n's transform relative to its ancestor l, composed along the
// hierarchy as Graph.RelativeTransform does. A node deeper than two
// levels below l (the links of a welded chain written as one body nest as
// deep as the chain is long) takes its parent's, remembered, times its
// own, so a deep subtree costs one product per node instead of a walk to
// l per node; that differs from the walk by rounding only, and is used
// only where every node on the way is unscaled (a scaled frame does not
// compose associatively).
func (e *emitter) below(n, l int) convert.Transform {
	g := e.g
	unit := convert.Vec3{1, 1, 1}
	// up from n to l, or to a node whose transform to l is remembered
	var path []int
	from, known := convert.Identity(), false
	for i := n; i >= 0 && i != l; i = g.Nodes[i].Parent {
		if t, ok := e.belowLink[[2]int{i, l}]; ok {
			from, known = t, true
			break
		}
		if g.Nodes[i].Transform.S != unit || len(path) > len(g.Nodes) {
			return g.RelativeTransform(n, l)
		}
		path = append(path, i)
	}
	if !known && len(path) <= 2 {
		return g.RelativeTransform(n, l)
	}
	if e.belowLink == nil {
		e.belowLink = map[[2]int]convert.Transform{}
	}
	t := from
	for k := len(path) - 1; k >= 0; k-- {
		if !known && k == len(path)-1 {
			t = g.Nodes[path[k]].Transform.Mul(convert.Identity()) // as RelativeTransform starts
		} else {
			t = t.Mul(g.Nodes[path[k]].Transform)
		}
		e.belowLink[[2]int{path[k], l}] = t
	}
	return t
}

// isIdentity reports whether t is exactly the identity transform.
func isIdentity(t convert.Transform) bool {
	return t == convert.Identity()
}

// mayTouch reports whether bodies a and b each have a collider whose
// filters let the two collide.
func (e *emitter) mayTouch(a, b int) bool {
	var fa, fb []convert.Filter
	for i := range e.g.Nodes {
		if c := e.g.Nodes[i].Collider; c == nil || c.Shape < 0 {
			continue
		}
		switch e.bodyOf(i) {
		case a:
			fa = append(fa, e.g.ColliderFilter(i))
		case b:
			fb = append(fb, e.g.ColliderFilter(i))
		}
	}
	for _, x := range fa {
		for _, y := range fb {
			if convert.FiltersCollide(x, y) {
				return true
			}
		}
	}
	return false
}

// owner returns the nearest link node at or above n, or -1. The links are
// settled before the first question and the Graph does not change while
// it is written: every node's answer is found at once.
func (e *emitter) owner(n int) int {
	if n < 0 || n >= len(e.g.Nodes) {
		return -1
	}
	if e.owners == nil {
		e.owners = e.g.Owners(func(i int) bool { return e.isLink[i] })
	}
	return e.owners[n]
}

// colliderSubject and visualSubject are the Graph's subjects for node n's
// collider and visual, with its body found once for every node.
func (e *emitter) colliderSubject(n int) convert.Subject {
	return convert.ColliderSubject(n, e.bodyOf(n))
}

func (e *emitter) visualSubject(n int) convert.Subject {
	return convert.VisualSubject(n, e.bodyOf(n))
}

func (e *emitter) bodyOf(n int) int {
	if n < 0 || n >= len(e.g.Nodes) {
		return -1
	}
	if e.bodyOwners == nil {
		e.bodyOwners = e.g.BodyOwners()
	}
	return e.bodyOwners[n]
}

// parentLink returns the URDF link index for link node l (-1 = world),
// creating the world link on demand.
func (e *emitter) parentLink(l int) int {
	if l >= 0 {
		return e.linkIndex[l]
	}
	if e.worldLink < 0 {
		e.worldLink = len(e.r.Links)
		e.r.Links = append(e.r.Links, Link{Name: e.linkNames.unique("world", "world")})
	}
	return e.worldLink
}

func (e *emitter) bodies() error {
	g := e.g
	// A top-level frame link (a massless root Parse kept) is the world.
	var topFrames []int
	for n := range e.isLink {
		if g.Nodes[n].Motion == nil && e.owner(g.Nodes[n].Parent) < 0 {
			topFrames = append(topFrames, n)
		}
	}
	sort.Ints(topFrames)
	if len(topFrames) > 0 {
		e.worldLink = e.linkIndex[topFrames[0]]
		e.worldNode = topFrames[0]
	}
	free, needWorld := 0, false
	for _, l := range e.tree.Links {
		if l.Parent >= 0 {
			continue
		}
		switch l.Joint.Kind {
		case kin.Floating:
			free++
		case kin.Weld:
			needWorld = true
		default:
			side := l.Joint.Node
			if l.Joint.Reversed {
				side = g.Nodes[side].Joint.Connected
			}
			if side < 0 || e.owner(side) < 0 {
				needWorld = true
			}
		}
	}
	if e.worldLink < 0 && e.hasWorldGeometry() {
		needWorld = true
	}
	floatingRoot := e.worldLink < 0 && !needWorld && free == 1
	if floatingRoot {
		// The URDF root link's frame is the world origin: a floating root
		// body placed elsewhere keeps its pose by expressing its contents
		// (inertial, geometry, child joints) in that frame.
		for _, l := range e.tree.Links {
			if l.Parent < 0 && l.Joint.Kind == kin.Floating {
				if w := e.world(l.Body); !isIdentity(w) {
					w.S = convert.Vec3{1, 1, 1}
					e.offset[l.Body] = w.Inverse()
				}
			}
		}
	}
	if free > 1 {
		e.diags.Add(convert.CodeSeveralFreeBodies, convert.DocumentSubject(), "", "%d bodies move freely; URDF has one root, so they hang from a \"world\" link by floating joints", free)
	}
	for _, l := range e.tree.Links {
		body := l.Body
		link := &e.r.Links[e.linkIndex[body]]
		e.inertial(link, body)
		tj := l.Joint
		if tj.Kind == kin.Floating && floatingRoot {
			continue // the URDF root: floating by definition
		}
		parentNode := -1
		switch tj.Kind {
		case kin.GraphJoint:
			side := tj.Node
			if tj.Reversed {
				side = g.Nodes[tj.Node].Joint.Connected
			}
			if side >= 0 {
				parentNode = e.owner(side)
			}
		}
		if parentNode < 0 {
			parentNode = e.worldNode
		}
		origin := e.relLink(body, parentNode)
		origin.S = convert.Vec3{1, 1, 1} // the link frame is rigid; off is in metres
		if off := e.offset[body]; !isIdentity(off) {
			origin = origin.Mul(off)
		}
		j := Joint{Origin: e.spelledOrigin(body, origin), Parent: e.r.Links[e.parentLink(parentNode)].Name, Child: link.Name}
		switch tj.Kind {
		case kin.Weld:
			want := "" // the fixed joint a URDF source named
			if src, ok := g.Nodes[body].Extras[extraJoint].(*Joint); ok {
				want, j.extras = src.Name, src.extras
			}
			j.Name = e.jointNames.unique(want, link.Name+"_joint")
			j.Type = Fixed
			e.r.Joints = append(e.r.Joints, j)
		case kin.Floating:
			j.Name = e.jointNames.unique("", link.Name+"_joint")
			j.Type = Floating
			if free == 1 {
				e.diags.Add(convert.CodeFloatingJointAdded, convert.BodySubject(body), nodePath(g, body), "body %q moves freely but the URDF root must be the world (it holds static parts), so it hangs from it by floating joint %q", link.Name, j.Name)
			}
			e.r.Joints = append(e.r.Joints, j)
		default:
			j.Name = e.jointName[tj.Node]
			e.framesApart(tj)
			e.graphJoint(j, tj)
		}
	}
	return nil
}

// hasWorldGeometry reports whether some collider or visual belongs to no
// body (static geometry): it goes on the world link.
func (e *emitter) hasWorldGeometry() bool {
	for i, n := range e.g.Nodes {
		if (n.Collider != nil || n.Visual != nil) && e.owner(i) < 0 {
			return true
		}
	}
	return false
}

// nameJoints names every Graph joint in node order (loop joints too, though
// they are not written), so repeated names get the same suffixes whatever
// the tree's shape; an unnamed joint is called what `inspect` calls it
// ("node<i>").
func (e *emitter) nameJoints() {
	for n := range e.g.Nodes {
		if e.g.Nodes[n].Joint != nil {
			e.jointNames.claim(e.g.Nodes[n].Name, fmt.Sprintf("node%d", n))
		}
	}
	for n := range e.g.Nodes {
		if e.g.Nodes[n].Joint == nil {
			continue
		}
		want := e.g.Nodes[n].Name
		got := e.jointNames.unique(want, fmt.Sprintf("node%d", n))
		if want != "" && got != want {
			e.diags.Add(convert.CodeNameChanged, convert.NodeSubject(n), nodePath(e.g, n), "joint name %q is taken; written as %q", want, got).WithSeverity(convert.Warning)
		}
		e.jointName[n] = got
	}
}

// framesApart diagnoses a joint whose two frames do not coincide at rest:
// URDF has one joint frame, placed at the child's side.
func (e *emitter) framesApart(tj kin.TreeJoint) {
	g := e.g
	src := g.Nodes[tj.Node].Joint
	a := e.worldFrames.World(tj.Node)
	b := convert.Identity()
	if src.Connected >= 0 {
		b = e.worldFrames.World(src.Connected)
	}
	if apart, d, angle := convert.FramesApart(a, b); apart {
		e.diags.Add(convert.FramesApartCode(a, d, angle), convert.JointSubject(tj.Node), nodePath(g, tj.Node),
			"the two frames of joint %q are %.3g m and %.3g rad apart at rest; URDF has one joint frame, placed at the child body's side", e.jointName[tj.Node], d, angle)
	}
}

// graphJoint writes a Graph joint as one URDF joint, or as a chain through
// dummy links when URDF has no joint of its kind.
func (e *emitter) graphJoint(j Joint, tj kin.TreeJoint) {
	src := &tj.Joint
	c := kin.Classify(src)
	path := nodePath(e.g, tj.Node)
	if x, ok := src.Extras[extraElements].([]*xmlElement); ok {
		j.extras = x
	}
	if src.Damping != 0 || src.Friction != 0 {
		j.Dynamics = &Dynamics{Damping: src.Damping, Friction: src.Friction}
	}
	if src.Armature != 0 && !e.armatureKept(src, j.Name) {
		e.diags.Add(convert.CodeJointFieldDropped, convert.JointSubject(tj.Node), path, "URDF has no joint armature, and the joint has no transmission to write it as Drake's rotor inertia; the armature %v of joint %q is dropped", src.Armature, j.Name)
	}
	effort, velocity := src.Effort, src.Velocity
	for _, d := range src.Drives {
		if effort == 0 && !math.IsInf(d.MaxForce, 0) && d.MaxForce > 0 {
			effort = d.MaxForce
		}
	}
	switch c.Kind {
	case kin.KindRevolute, kin.KindContinuous, kin.KindPrismatic:
		// the closest URDF form of a drive or actuator: a transmission
		if t := e.transmission(src, convert.JointSubject(tj.Node), j.Name, path, e.keptAct); t != nil {
			e.trans = append(e.trans, t)
		}
	default:
		if len(src.Drives) > 0 {
			e.diags.Add(convert.CodeDriveDropped, convert.JointSubject(tj.Node), path, "URDF has no joint drives; the drive of joint %q is dropped (its force limit, if any, becomes the effort limit)", j.Name)
		}
	}
	for _, l := range src.Limits {
		if !math.IsInf(l.Stiffness, 1) && l.Stiffness != 0 && !l.Fixed() {
			e.diags.Add(convert.CodeLimitSoftDropped, convert.JointSubject(tj.Node), path, "URDF limits are hard; the spring (stiffness %v) of a limit of joint %q is dropped", l.Stiffness, j.Name)
			break
		}
	}
	axisIn := func(a convert.Vec3) convert.Vec3 { return cleanVec(tj.ChildFrame.R.Rotate(a)) }
	limit := func(lo, hi float64) *Limit {
		return &Limit{Lower: lo, Upper: hi, Effort: effort, Velocity: velocity}
	}
	switch c.Kind {
	case kin.KindFixed:
		j.Type = Fixed
	case kin.KindRevolute:
		j.Type, j.Axis, j.Limit = Revolute, convert.AxisAsSpelled(src, "angular0", axisIn(c.Axis)), limit(c.Lower, c.Upper)
	case kin.KindContinuous:
		j.Type, j.Axis = Continuous, convert.AxisAsSpelled(src, "angular0", axisIn(c.Axis))
		if effort != 0 || velocity != 0 {
			j.Limit = limit(0, 0)
		}
	case kin.KindPrismatic:
		j.Type, j.Axis = Prismatic, convert.AxisAsSpelled(src, "linear0", axisIn(c.Axis))
		lo, hi := c.Lower, c.Upper
		if math.IsInf(lo, 0) || math.IsInf(hi, 0) {
			e.diags.Add(convert.CodeLimitUnbounded, convert.JointSubject(tj.Node), path, "URDF prismatic joints need bounds; joint %q slides freely and is written with ±1e9 m", j.Name)
			lo, hi = math.Max(lo, -1e9), math.Min(hi, 1e9)
		}
		j.Limit = limit(lo, hi)
	case kin.KindPlanar:
		j.Type, j.Axis = Planar, axisIn(c.Axis)
	case kin.KindFree:
		j.Type = Floating
	default:
		e.dummyChain(j, tj, c.Kind, axisIn, effort, velocity)
		return
	}
	e.r.Joints = append(e.r.Joints, j)
}

// Mass (kg) and principal moments (kg·m²) of the dummy links that stand in
// for joint kinds URDF lacks. URDF allows massless links, but simulators
// reject massless links on moving joints (MuJoCo: "mass and inertia of
// moving bodies must be larger than mjMINVAL", 1e-15); these values are far
// above that and far below any real part.
const (
	dummyMass    = 1e-9
	dummyInertia = 1e-12
)

// dummyChain writes a joint kind URDF lacks as one-axis joints through
// dummy links (with a tiny mass): a prismatic joint per free or limited
// linear axis, then a revolute (or continuous) joint per free or limited
// angular axis, all in the joint frame. A two-axis cone becomes a box
// limit of the cone angle on each swing axis. When the source named each
// axis (convert.ExtraAxisNames: an MJCF body's own hinges) the steps carry
// those names and the dummy link after each is "<name>_dummy"; else they
// are "<joint>_<k>" through "<joint>_dummy<k>", the last one "<joint>".
func (e *emitter) dummyChain(j Joint, tj kin.TreeJoint, kind string, axisIn func(convert.Vec3) convert.Vec3, effort, velocity float64) {
	type dof struct {
		lin    bool
		axis   int
		lo, hi float64
		fixed  bool
	}
	var dofs []dof
	coned := false
	for _, lin := range []bool{true, false} {
		for k := 0; k < 3; k++ {
			d := dof{lin: lin, axis: k, lo: math.Inf(-1), hi: math.Inf(1)}
			for _, l := range tj.Joint.Limits {
				axes := l.Angular
				if lin {
					axes = l.Linear
				}
				for _, a := range axes {
					if a != k {
						continue
					}
					lo, hi := l.AxisRange()
					if len(axes) > 1 && !l.Fixed() {
						// a cone: each swing axis ranges over ±its half-angle
						r := hi
						if !math.IsInf(r, 1) && !coned {
							coned = true
							e.diags.Add(convert.CodeJointLimitApproximated, convert.JointSubject(tj.Node), nodePath(e.g, tj.Node),
								"URDF joints have one axis each; the %v rad cone of joint %q is written as ±%v rad on each swing axis (a square, reaching further on the diagonals)", r, j.Name, r)
						}
					}
					d.lo, d.hi = math.Max(d.lo, lo), math.Min(d.hi, hi)
				}
			}
			d.fixed = d.lo == 0 && d.hi == 0
			if !d.fixed {
				dofs = append(dofs, d)
			}
		}
	}
	e.diags.Add(convert.CodeJointKindUnsupported, convert.JointSubject(tj.Node), nodePath(e.g, tj.Node),
		"URDF has no %s joint; joint %q is written as %d one-axis joints through dummy links", kind, j.Name, len(dofs))
	if len(dofs) > 1 {
		e.diags.Add(convert.CodeDummyLinkMass, convert.JointSubject(tj.Node), nodePath(e.g, tj.Node),
			"the %d dummy links of joint %q each carry %v kg and %v kg·m² (simulators such as MuJoCo reject massless moving links)", len(dofs)-1, j.Name, dummyMass, dummyInertia)
		// (a body joined to the world touches the world's colliders anyway)
		if !tj.Joint.EnableCollision && tj.ParentBody >= 0 && e.mayTouch(tj.ParentBody, tj.ChildBody) {
			e.diags.Add(convert.CodeJointSplitContacts, convert.JointSubject(tj.Node), nodePath(e.g, tj.Node),
				"joint %q kept links %s and %s from colliding; through its dummy links they are no longer parent and child, and simulators that skip contacts only between a link and its parent (MuJoCo's URDF import) let their colliders touch", j.Name, e.g.NodeLabel(tj.ParentBody), e.g.NodeLabel(tj.ChildBody))
		}
	}
	// per-axis names from the source (an MJCF body's hinges) name the
	// steps, and each dummy link after the step's joint
	axisNames, _ := tj.Joint.Extras[convert.ExtraAxisNames].(map[string]string)
	stepName := func(d dof) string {
		key := "angular"
		if d.lin {
			key = "linear"
		}
		return axisNames[key+strconv.Itoa(d.axis)]
	}
	named := len(dofs) > 0
	seen := map[string]bool{}
	for _, d := range dofs {
		n := stepName(d)
		named = named && n != "" && !seen[n]
		seen[n] = true
	}
	// every step is slowed as its axis was: by the joint's damping and
	// friction, or by the axis's own where the source's joints differed
	params, _ := tj.Joint.Extras[convert.ExtraAxisParams].(map[string][3]float64)
	dynamics := func(d dof) *Dynamics {
		damping, friction := tj.Joint.Damping, tj.Joint.Friction
		key := "angular"
		if d.lin {
			key = "linear"
		}
		if v, ok := params[key+strconv.Itoa(d.axis)]; ok {
			damping, friction = v[0], v[2]
		}
		if damping == 0 && friction == 0 {
			return nil
		}
		return &Dynamics{Damping: damping, Friction: friction}
	}
	child := j.Child
	prev := j.Parent
	for k, d := range dofs {
		step := j
		step.extras, step.Mimic = nil, nil
		if k > 0 {
			step.Origin = Pose{}
		}
		if k == 0 {
			step.extras = j.extras
		}
		step.Dynamics = dynamics(d)
		step.Parent = prev
		switch {
		case k == len(dofs)-1 && named:
			step.Child = child
			step.Name = e.jointNames.unique(stepName(d), "joint")
		case k == len(dofs)-1:
			step.Child = child
			step.Name = j.Name
		default:
			dummyName, jointName := fmt.Sprintf("%s_dummy%d", j.Name, k), fmt.Sprintf("%s_%d", j.Name, k)
			if named {
				dummyName, jointName = stepName(d)+"_dummy", stepName(d)
			}
			dummy := e.linkNames.unique(dummyName, "dummy")
			e.r.Links = append(e.r.Links, Link{Name: dummy, Inertial: &Inertial{Mass: dummyMass, IXX: dummyInertia, IYY: dummyInertia, IZZ: dummyInertia}})
			step.Child = dummy
			step.Name = e.jointNames.unique(jointName, "joint")
			prev = dummy
		}
		var a convert.Vec3
		a[d.axis] = 1
		step.Axis = axisIn(a)
		bounded := !math.IsInf(d.lo, 0) && !math.IsInf(d.hi, 0)
		switch {
		case d.lin:
			step.Type = Prismatic
			if math.IsInf(d.lo, 0) || math.IsInf(d.hi, 0) {
				e.diags.Add(convert.CodeLimitUnbounded, convert.JointSubject(tj.Node), nodePath(e.g, tj.Node),
					"URDF prismatic joints need bounds; joint %q slides freely along axis %d of its frame, written as joint %q with ±1e9 m", j.Name, d.axis, step.Name)
			}
			step.Limit = &Limit{Lower: math.Max(d.lo, -1e9), Upper: math.Min(d.hi, 1e9), Effort: effort, Velocity: velocity}
		case bounded:
			step.Type = Revolute
			step.Limit = &Limit{Lower: d.lo, Upper: d.hi, Effort: effort, Velocity: velocity}
		default:
			step.Type = Continuous
			step.Limit = nil
		}
		e.r.Joints = append(e.r.Joints, step)
	}
	if len(dofs) == 0 {
		j.Type = Fixed
		e.r.Joints = append(e.r.Joints, j)
	}
}

// frameLinks writes the fixed joints of massless frame links.
func (e *emitter) frameLinks(nodes []int) {
	g := e.g
	for _, n := range nodes {
		if g.Nodes[n].Motion != nil {
			continue
		}
		link := &e.r.Links[e.linkIndex[n]]
		if in, ok := g.Nodes[n].Extras[extraElements+".inertial"].(*Inertial); ok {
			c := *in
			link.Inertial = &c
		}
		parent := e.owner(g.Nodes[n].Parent)
		if parent < 0 && e.linkIndex[n] == e.worldLink {
			continue // the root frame link (world-fixed)
		}
		if parent < 0 {
			parent = e.worldNode
		}
		j := Joint{Type: Fixed, Parent: e.r.Links[e.parentLink(parent)].Name, Child: link.Name,
			Origin: transformPose(e.relLink(n, parent))}
		want := ""
		if src, ok := g.Nodes[n].Extras[extraJoint].(*Joint); ok {
			want = src.Name
			j.extras = src.extras
		}
		j.Name = e.jointNames.unique(want, link.Name+"_joint")
		e.r.Joints = append(e.r.Joints, j)
	}
}

// inertial writes a body's mass properties as principal moments with the
// principal orientation in the origin.
func (e *emitter) inertial(link *Link, body int) {
	m := e.g.Nodes[body].Motion
	if m == nil {
		return
	}
	path := nodePath(e.g, body)
	convert.MotionLosses(&e.diags, e.g, body, path, "URDF", m, false)
	switch {
	case m.GravityFactor == 0 && m.Kind == convert.Dynamic:
		// Gazebo's own switch, which is all URDF has
		e.r.extras = append(e.r.extras, &xmlElement{Name: "gazebo", Attrs: []xmlx.Attr{{Name: "reference", Value: link.Name}},
			Children: []*xmlElement{{Name: "turnGravityOff", Children: []*xmlElement{{Kind: xmlx.TextNode, Data: "true"}}}}})
	case m.GravityFactor != 1 && m.Kind == convert.Dynamic:
		e.diags.Add(convert.CodeFieldDropped, convert.BodySubject(body), path, "URDF has no gravity factor; link %q gets full gravity instead of %v times it", link.Name, m.GravityFactor).Affecting(convert.QGravity)
	}
	switch m.Kind {
	case convert.Static:
		if sp, ok := e.g.Nodes[body].Extras[extraSpelledInertial].(*Inertial); ok && sp.Mass == 0 {
			// a URDF link of mass 0 (Bullet's static link), as it was
			link.Inertial = sp
			return
		}
		if m.Mass != nil || m.InertiaDiagonal != nil {
			e.diags.Add(convert.CodeStaticMotionDropped, convert.BodySubject(body), path, "static body %q is a link fixed to the world, written without <inertial> (its mass has no effect)", link.Name)
		}
		return
	case convert.Kinematic:
		e.diags.Add(convert.CodeBodyKindApproximated, convert.BodySubject(body), path, "URDF has no kinematic bodies; %q is a link fixed to the world where it is now, so its scripted motion is lost", link.Name)
	}
	if m.Mass == nil {
		return
	}
	switch {
	case m.IsMassless() && e.tree.Welded(e.tree.Link(body)):
		// it does not move; without a mass, readers (physconv's, Bullet's)
		// take it for a frame of the world and drop it as a body
		e.diags.Add(convert.CodeMasslessBody, convert.BodySubject(body), path, "link %q is massless and fixed to the world; a stand-in of %g kg is written so that readers keep it a link of its own (it does not move: the mass changes nothing)", link.Name, convert.NearZeroMass).WithSeverity(convert.Info)
		m = convert.NearZeroStandIn(m)
	case m.IsMassless():
		// URDF itself allows it, but simulators (MuJoCo, Bullet) reject or
		// misread massless moving links.
		e.diags.Add(convert.CodeMasslessBody, convert.BodySubject(body), path, "link %q is massless; simulators reject massless moving links, so a stand-in of %g kg is written", link.Name, convert.NearZeroMass)
		m = convert.NearZeroStandIn(m)
	}
	kg := *m.Mass
	if math.IsInf(kg, 1) {
		e.diags.Add(convert.CodeMassInfinite, convert.BodySubject(body), path, "URDF cannot express an infinite mass; link %q is written without <inertial>, which readers take for a massless link (fixed to the world when it is a root)", link.Name).Affecting(convert.QMass, convert.QInertia, convert.QBodyKind, convert.QJointKind, convert.QStructure)
		return
	}
	in := &Inertial{Mass: kg}
	// The inertial frame in the body node, then in the link frame.
	frame := convert.Identity()
	if m.CenterOfMass != nil {
		frame.T = m.CenterOfMass.Mul(e.worldScale(body))
	}
	var moments *convert.Vec3
	if d := m.InertiaDiagonal; d != nil {
		if math.IsInf(d[0], 0) || math.IsInf(d[1], 0) || math.IsInf(d[2], 0) {
			e.diags.Add(convert.CodeMassInfinite, convert.BodySubject(body), path, "URDF cannot express infinite moments of inertia; link %q gets zero moments", link.Name)
		} else {
			moments = d
		}
		if q := m.InertiaOrientation; q != nil {
			frame.R = *q
		}
	}
	if off, ok := e.offset[body]; ok && !isIdentity(off) {
		frame = off.Inverse().Mul(frame)
	}
	if moments != nil {
		// the full tensor in the link's axes, the inertial frame unturned:
		// readers differ on <inertial><origin rpy> (MuJoCo 3.3 drops it),
		// never on the six numbers
		// moments on the triangle bound are moved a rounding's width
		// inside it: the reader finds them again from the six numbers
		r := frame.R.Mat()
		tensor := func(d convert.Vec3) {
			t := r.Mul(convert.Diag(d)).Mul(r.T())
			in.IXX, in.IYY, in.IZZ = t[0][0], t[1][1], t[2][2]
			in.IXY, in.IXZ, in.IYZ = offDiagonal(t[0][1], t[1][0]), offDiagonal(t[0][2], t[2][0]), offDiagonal(t[1][2], t[2][1])
		}
		tensor(*moments)
		if in.IXY != 0 || in.IXZ != 0 || in.IYZ != 0 {
			// with products of inertia the reader finds the moments
			// again: on the triangle bound, they are moved a rounding's
			// width inside it, and none may be below MuJoCo's least
			d := mass.IntoTriangle(*moments)
			if min(d[0], d[1], d[2]) < fullInertiaMin {
				d = e.aboveFullInertiaMin(body, path, link.Name, d)
			}
			tensor(d)
		}
		frame.R = convert.IdentityQuat()
	}
	in.Origin = transformPose(frame)
	if sp, ok := e.g.Nodes[body].Extras[extraSpelledInertial].(*Inertial); ok && sameInertial(sp, in) {
		c := *sp
		in = &c
	}
	link.Inertial = in
}

// fullInertiaMin is the smallest principal moment MuJoCo takes in a
// tensor with products of inertia (mjEPS): it refuses a body whose
// eigenvalues are below it, as a rod's zero moment about its axis is.
const fullInertiaMin = 1e-14

// aboveFullInertiaMin raises principal moments below fullInertiaMin to
// twice it, with a diagnostic, for a tensor written turned (with products
// of inertia); a rod's zero moment comes out of the full tensor a
// rounding away from zero either way.
func (e *emitter) aboveFullInertiaMin(body int, path, link string, d convert.Vec3) convert.Vec3 {
	var raised []string
	for k := range d {
		if d[k] < fullInertiaMin {
			raised = append(raised, fmt.Sprintf("%g", d[k]))
			d[k] = 2 * fullInertiaMin
		}
	}
	if len(raised) > 0 {
		e.diags.Add(convert.CodePointMassInertia, convert.BodySubject(body), path, "link %q: principal moments %s kg·m² about turned axes are written as %g, as MuJoCo refuses a tensor with products of inertia whose moments are below %g", link, strings.Join(raised, ", "), 2*fullInertiaMin, fullInertiaMin).Affecting(convert.QInertia)
	}
	return d
}

// spelledOrigin is the link's joint origin as the source spelled it when
// it still places the link where origin does (to 1e-12), else origin's
// own spelling, with the rotation's fixed-axis angles as a source in
// another format spelled them when they still give it.
func (e *emitter) spelledOrigin(link int, origin convert.Transform) Pose {
	n := &e.g.Nodes[link]
	if sp, ok := n.Extras[extraSpelledOrigin].(Pose); ok {
		t := poseTransform(sp)
		if t.T.Sub(origin.T).Len() <= 1e-12*math.Max(1, origin.T.Len()) && convert.SameRotation(t.R, origin.R, 1e-12) {
			return sp
		}
	}
	pose := transformPose(origin)
	// angles another format spelled (MJCF's euler under eulerseq XYZ)
	if rpy, ok := convert.RotationAsSpelled(n, origin.R); ok {
		pose.RPY = rpy
	}
	return pose
}

// sameInertial reports whether the source's <inertial> sp says what in
// (as the emitter computed it: the full tensor in the link's axes) says,
// to 1e-12 of the largest moment, so sp's own numbers can be written. An
// inertial frame turned by rpy is never taken: readers differ on it
// (MuJoCo 3.3 drops it), which the emitter's unturned tensor avoids.
func sameInertial(sp, in *Inertial) bool {
	if sp.Mass != in.Mass || sp.Origin.RPY != (convert.Vec3{}) {
		return false
	}
	if sp.Origin.XYZ.Sub(in.Origin.XYZ).Len() > 1e-12*math.Max(1, in.Origin.XYZ.Len()) {
		return false
	}
	a := [6]float64{sp.IXX, sp.IYY, sp.IZZ, sp.IXY, sp.IXZ, sp.IYZ}
	b := [6]float64{in.IXX, in.IYY, in.IZZ, in.IXY, in.IXZ, in.IYZ}
	scale := math.Max(math.Abs(b[0]), math.Max(math.Abs(b[1]), math.Abs(b[2])))
	for k := range a {
		if math.Abs(a[k]-b[k]) > 1e-12*scale {
			return false
		}
	}
	return true
}

// offDiagonal is a product of inertia from the two entries rotation gave
// it, equal but for rounding.
func offDiagonal(a, b float64) float64 {
	if x := (a + b) / 2; x != 0 {
		return x
	}
	return 0 // not -0
}

// geometry writes every collider and visual on the link that owns it.
// The pieces are made first and the links' lists sized to them: a static
// world of thousands of props is one link, whose lists would otherwise
// be copied over and over as they grew.
func (e *emitter) geometry() {
	g := e.g
	counts := map[int]int{}
	type pieces struct {
		node, link int
		collision  bool
		placed     []placed
	}
	var made []pieces
	var room [][2]int // per link
	for i := range g.Nodes {
		n := &g.Nodes[i]
		if n.Collider == nil && n.Visual == nil {
			continue
		}
		ln := e.owner(i)
		if ln < 0 {
			ln = e.worldNode
		}
		li := e.parentLink(ln) // may add the link (the world's)
		link := &e.r.Links[li]
		t := e.relLink(i, ln)
		for len(room) < len(e.r.Links) {
			room = append(room, [2]int{})
		}
		if n.Collider != nil && n.Collider.Shape >= 0 {
			e.noteMaterial(li, i)
			p := e.shape(n.Collider.Shape, t, link.Name, i, counts, true)
			made = append(made, pieces{i, li, true, p})
			room[li][0] += len(p)
		}
		if n.Visual != nil && n.Visual.Shape >= 0 {
			p := e.shape(n.Visual.Shape, t, link.Name, i, counts, false)
			made = append(made, pieces{i, li, false, p})
			room[li][1] += len(p)
		}
		if x, ok := n.Extras[extraElements].([]*xmlElement); ok && e.isLink[i] {
			link.extras = x
		}
	}
	for li, r := range room {
		link := &e.r.Links[li]
		link.Collisions = slices.Grow(link.Collisions, r[0])
		link.Visuals = slices.Grow(link.Visuals, r[1])
	}
	for _, m := range made {
		n, link := &g.Nodes[m.node], &e.r.Links[m.link]
		for _, geo := range m.placed {
			if m.collision {
				link.Collisions = append(link.Collisions, Collision{Name: shapeName(n.Name, link.Name, "collision"), Origin: geo.origin, Geometry: geo.g})
				continue
			}
			v := Visual{Name: shapeName(n.Name, link.Name, "visual"), Origin: geo.origin, Geometry: geo.g}
			if mat, ok := n.Extras[extraMaterial].(*Material); ok {
				c := *mat
				if n.Visual.Color != nil {
					c.Color = n.Visual.Color
				}
				v.Material = &c
			} else if n.Visual.Color != nil || n.Visual.Texture != nil {
				v.Material = &Material{Color: n.Visual.Color}
			}
			if im := n.Visual.Texture; im != nil {
				v.Material.Texture = e.sideImage(im, m.node)
			}
			link.Visuals = append(link.Visuals, v)
		}
	}
	for n := range e.isLink {
		if x, ok := g.Nodes[n].Extras[extraElements].([]*xmlElement); ok {
			e.r.Links[e.linkIndex[n]].extras = x
		}
	}
}

// shapeName drops the names Parse generates ("link/collision0").
func shapeName(name, link, kind string) string {
	var k int
	if _, err := fmt.Sscanf(name[min(len(name), len(link)):], "/"+kind+"%d", &k); err == nil && len(name) > len(link) && name[:len(link)] == link {
		if fmt.Sprintf("%s/%s%d", link, kind, k) == name {
			return ""
		}
	}
	return name
}

type placed struct {
	origin Pose
	g      Geometry
}

// shape converts a Graph shape placed at t (relative to the link frame).
func (e *emitter) shape(si int, t convert.Transform, linkName string, node int, counts map[int]int, collider bool) []placed {
	g := e.g
	s := g.Shapes[si]
	path := nodePath(g, node)
	subj := e.colliderSubject(node)
	if !collider {
		subj = e.visualSubject(node)
	}
	sc := t.S
	t.S = convert.Vec3{1, 1, 1}
	uniform := sc[0] == sc[1] && sc[1] == sc[2]
	switch s.Kind {
	case convert.Box:
		return []placed{{transformPose(t), Geometry{Kind: "box", Size: s.Size.Mul(absVec(sc))}}}
	case convert.Sphere:
		if !uniform {
			e.diags.Add(convert.CodeShapeApproximated, subj, path, "a sphere under non-uniform scale %v is written with the largest scale", sc)
		}
		return []placed{{transformPose(t), Geometry{Kind: "sphere", Radius: s.Radius * maxAbs(sc)}}}
	case convert.Cylinder, convert.Capsule:
		if math.Abs(sc[0]) != math.Abs(sc[2]) {
			e.diags.Add(convert.CodeShapeApproximated, subj, path, "a %s under non-uniform cross-section scale %v is written with the larger of its X and Z scales", s.Kind, sc)
		}
		r := s.RadiusTop * math.Max(math.Abs(sc[0]), math.Abs(sc[2]))
		h := s.Height * math.Abs(sc[1])
		zt := e.zAxisFrame(node, t)
		if s.Kind == convert.Cylinder {
			return []placed{{transformPose(zt), Geometry{Kind: "cylinder", Radius: r, Length: h}}}
		}
		if e.opts.Value(CapsuleOption) == "urdf-ext" {
			e.diags.Add(convert.CodeCapsuleExtension, subj, path, "capsule written as the non-standard <capsule> element (Bullet, MuJoCo); ROS tools reject it")
			return []placed{{transformPose(zt), Geometry{Kind: "capsule", Radius: r, Length: h}}}
		}
		e.diags.Add(convert.CodeCapsuleSplit, subj, path, "URDF has no capsule; it is written as a cylinder and two spheres")
		top, bottom := zt, zt
		top.T = zt.Apply(convert.Vec3{0, 0, h / 2})
		bottom.T = zt.Apply(convert.Vec3{0, 0, -h / 2})
		return []placed{
			{transformPose(zt), Geometry{Kind: "cylinder", Radius: r, Length: h}},
			{transformPose(top), Geometry{Kind: "sphere", Radius: r}},
			{transformPose(bottom), Geometry{Kind: "sphere", Radius: r}},
		}
	case convert.Convex, convert.TriMesh:
		if s.Mesh < 0 || s.Mesh >= len(g.Meshes) {
			return nil
		}
		m := g.Meshes[s.Mesh]
		scale := m.Scale
		if scale == (convert.Vec3{}) {
			scale = convert.Vec3{1, 1, 1}
		}
		scale = scale.Mul(sc)
		if fn, ok := m.Extras[extraFilename].(string); ok {
			if ws, ok := m.Extras[extraScale].(convert.Vec3); ok {
				scale = ws.Mul(sc)
			}
			return []placed{{transformPose(t), Geometry{Kind: "mesh", Filename: e.sideMesh(fn, m, subj, path), Scale: scale}}}
		}
		if !m.Loaded || len(m.Positions) == 0 {
			switch {
			case m.Source != nil && m.File != "":
				// another format's mesh file, copied beside the output:
				// its path is the source's, not the output's
				return []placed{{transformPose(t), Geometry{Kind: "mesh", Filename: e.sideMesh(m.File, m, subj, path), Scale: scale}}}
			case m.Decode != nil:
				pos, idx, ok, err := m.Triangles()
				if !ok || err != nil || len(idx) == 0 {
					e.diags.Add(convert.CodeShapeDropped, subj, path, "mesh %q cannot be read (%v); it is dropped", m.Name, err)
					return nil
				}
				m.Positions, m.Indices, m.Loaded = pos, idx, true
			default:
				e.diags.Add(convert.CodeShapeDropped, subj, path, "mesh %q has no data this format can write (file %q cannot be read); it is dropped", m.Name, m.File)
				return nil
			}
		}
		// a textured visual needs its texture coordinates, which STL
		// cannot hold: it is written as OBJ
		ext, uv := ".stl", [][2]float64(nil)
		if v := g.Nodes[node].Visual; !collider && v != nil && v.Texture != nil && m.Look != nil {
			if l, _, err := m.Look(); err == nil && l != nil && len(l.UV) == len(m.Indices) {
				ext, uv = ".obj", l.UV
			}
		}
		use := meshUse{mesh: s.Mesh, ext: ext, collider: collider}
		if collider {
			use.scale = scale
		}
		if w, ok := e.meshFiles[use]; ok {
			if w.thickened {
				e.diags.Add(convert.CodeMeshThickened, subj, path, hull.ThickenedMessage, m.Name, hull.FlatThickness)
			}
			return []placed{{transformPose(t), Geometry{Kind: "mesh", Filename: w.file, Scale: scale}}}
		}
		file := e.fileNames.unique("meshes/"+sanitize(linkName)+ext, "meshes/mesh"+ext)
		if file != "meshes/"+sanitize(linkName)+ext {
			e.fileNames.Add(file)
			file = e.fileNames.unique(fmt.Sprintf("meshes/%s_%d%s", sanitize(linkName), counts[node]+len(e.out.Files), ext), "meshes/mesh"+ext)
		}
		pos, idx := m.Positions, m.Indices
		var flat bool
		if collider {
			if pos, idx, flat = hull.ThickenFlat(pos, idx, scale); flat {
				e.diags.Add(convert.CodeMeshThickened, subj, path, hull.ThickenedMessage, m.Name, hull.FlatThickness)
			}
		}
		if uv != nil {
			e.out.Files[file] = meshio.EncodeOBJ(&meshio.Mesh{Positions: pos, Indices: idx, UV: uv})
		} else {
			e.out.Files[file] = meshio.EncodeSTL(&meshio.Mesh{Positions: pos, Indices: idx}, linkName)
		}
		if e.meshFiles == nil {
			e.meshFiles = map[meshUse]meshWritten{}
		}
		e.meshFiles[use] = meshWritten{file, flat}
		return []placed{{transformPose(t), Geometry{Kind: "mesh", Filename: file, Scale: scale}}}
	}
	e.diags.Add(convert.CodeShapeDropped, subj, path, "URDF has no %s geometry; the shape is dropped", s.Kind)
	return nil
}

// zAxisFrame turns a Graph shape frame (axis Y) into a URDF one (axis Z).
// For the nodes Parse makes (the <origin> as written kept in Extras, the
// node turned by exactly the quarter turn) it places that origin, so
// round trips stay exact.
func (e *emitter) zAxisFrame(node int, t convert.Transform) convert.Transform {
	n := e.g.Nodes[node]
	if src, ok := n.Extras[extraOrigin].(convert.Transform); ok && axisFrame(src) == n.Transform && !e.isLink[node] && n.Parent >= 0 {
		pt := e.relLink(n.Parent, e.owner(node)).Mul(src)
		pt.S = convert.Vec3{1, 1, 1}
		return pt
	}
	out := t
	out.R = t.R.Mul(rx90.Conj()).Normalize()
	return out
}

func (e *emitter) mimics() {
	// the written joints by name (a name written twice: each of them)
	written := make(map[string][]int, len(e.r.Joints))
	for i, j := range e.r.Joints {
		written[j.Name] = append(written[j.Name], i)
	}
	for k, c := range e.g.Couplings {
		f, okF := e.jointName[c.Follower]
		l, okL := e.jointName[c.Leader]
		if !okF || !okL || len(written[f]) == 0 || len(written[l]) == 0 {
			e.diags.Add(convert.CodeMimicDropped, convert.CouplingSubject(k), nodePath(e.g, c.Follower), "the coupling of this joint is dropped: one of its joints is not in the URDF tree")
			continue
		}
		tc := e.tree.Coupling(c)
		for _, i := range written[f] {
			e.r.Joints[i].Mimic = &Mimic{Joint: l, Multiplier: tc.Multiplier, Offset: tc.Offset}
		}
	}
}

func transformPose(t convert.Transform) Pose {
	return Pose{XYZ: cleanVec(t.T), RPY: cleanVec(quatRPY(t.R))}
}

// cleanVec turns rounding noise around zero (below 1e-15) into zero so
// written files do not carry values like 6e-17.
func cleanVec(v convert.Vec3) convert.Vec3 {
	for i := range v {
		if math.Abs(v[i]) < 1e-15 {
			v[i] = 0
		}
	}
	return v
}

func absVec(v convert.Vec3) convert.Vec3 {
	return convert.Vec3{math.Abs(v[0]), math.Abs(v[1]), math.Abs(v[2])}
}

func maxAbs(v convert.Vec3) float64 {
	return math.Max(math.Abs(v[0]), math.Max(math.Abs(v[1]), math.Abs(v[2])))
}

// sanitize keeps file names to letters, digits, '-', '_' and '.'.
func sanitize(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			b[i] = '_'
		}
	}
	if len(b) == 0 {
		return "mesh"
	}
	return string(b)
}

// sideImage returns the filename a visual's texture image is written
// with, as sideMesh does for meshes: a package:// or absolute reference
// stays; an image beside the source is written beside the output as
// textures/NAME (or referred to in place under --side-files reference).
// An image that cannot be read keeps its reference, reported.
func (e *emitter) sideImage(im *convert.Image, node int) string {
	fn := im.Name
	if strings.Contains(fn, "://") || path.IsAbs(fn) || filepath.IsAbs(fn) {
		return fn
	}
	if ref := e.opts.ReferenceTo(im.SourceFile); ref != "" {
		return ref
	}
	key := "image:" + im.File
	if name, ok := e.sideNames[key]; ok {
		return name
	}
	var data []byte
	err := fmt.Errorf("not found")
	if im.Read != nil {
		data, err = im.Read()
	}
	if err != nil {
		e.diags.Add(convert.CodeTextureDropped, e.visualSubject(node), e.g.NodeLabel(node), "texture %q cannot be read (%v); the output keeps the reference but not the file", fn, err)
		return fn
	}
	return e.writeSide("textures", fn, key, data, im.SourceFile)
}

// sideMesh returns the filename a mesh read from URDF file reference fn
// is written with. A package:// or absolute reference means the same file
// from anywhere and stays; a relative one names a file beside the source,
// so that file is written beside the output (meshes/NAME, unchanged and
// hard-linked where it can be) or, under --side-files reference, referred
// to relative to the output. A mesh whose file cannot be read keeps fn.
func (e *emitter) sideMesh(fn string, m convert.Mesh, subj convert.Subject, where string) string {
	if strings.Contains(fn, "://") || path.IsAbs(fn) || filepath.IsAbs(fn) || m.Source == nil {
		return fn
	}
	if ref := e.opts.ReferenceTo(m.SourceFile); ref != "" {
		return ref
	}
	key := m.SourceFile
	if key == "" {
		key = fn
	}
	if name, ok := e.sideNames[key]; ok {
		return name
	}
	data, _, _, err := m.Source()
	if err != nil {
		return fn // reported by the parser (mesh-missing)
	}
	name := e.writeSide("meshes", fn, key, data, m.SourceFile)
	e.copied = append(e.copied, carry.Copy{Name: name, Mesh: m, Subject: subj, Where: where})
	return name
}

// writeSide writes the bytes of source file reference fn beside the
// output as folder/NAME (NAME its base name made safe, numbered when
// taken; the extension as written, since readers that look the name up
// elsewhere may care about its case), linked to the source file where it
// can be, and remembers it under key.
func (e *emitter) writeSide(folder, fn, key string, data []byte, source string) string {
	ext := path.Ext(fn)
	stem := sanitize(strings.TrimSuffix(path.Base(fn), ext))
	name := e.fileNames.Unique(folder+"/"+stem+ext, func(k int) string { return fmt.Sprintf("%s/%s_%d%s", folder, stem, k, ext) })
	e.out.Files[name] = data
	e.out.Link(name, source, e.opts)
	if e.sideNames == nil {
		e.sideNames = map[string]string{}
	}
	e.sideNames[key] = name
	return name
}
