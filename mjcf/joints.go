package mjcf

import (
	"math"
	"regexp"
	"slices"
	"strings"

	"github.com/physconv/physconv/convert"
)

// jointSpec is one resolved MJCF joint in its body's frame.
type jointSpec struct {
	el                   *Element
	name, kind           string
	pos, axis            convert.Vec3
	raw                  convert.Vec3 // axis as written (convert.ExtraAxisSpelled)
	limited              bool
	lo, hi               float64
	stiffness, springref float64
	// ref is the joint position of the pose in the file (MuJoCo's qpos0);
	// lo, hi and springref above are already measured from it.
	ref                         float64
	damping, armature, friction float64
	// solver: the solver attributes other than MuJoCo's defaults
	solver []convert.SolverParam
}

func (p *parser) jointSpec(e *Element, cc string) (jointSpec, error) {
	if e.Name == "freejoint" {
		return jointSpec{el: e, name: e.AttrOr("name", ""), kind: "free"}, nil
	}
	a, err := p.resolve(e, cc)
	if err != nil {
		return jointSpec{}, err
	}
	j := jointSpec{el: e, name: a.str("name", ""), kind: a.str("type", "hinge")}
	switch j.kind {
	case "hinge", "slide", "ball", "free":
	default:
		return j, errAt(e, "unknown joint type %q", j.kind)
	}
	if j.pos, err = a.vec3("pos", convert.Vec3{}); err != nil {
		return j, err
	}
	if j.axis, err = a.vec3("axis", convert.Vec3{0, 0, 1}); err != nil {
		return j, err
	}
	if (j.kind == "hinge" || j.kind == "slide") && j.axis.Len() < eps {
		return j, errAt(e, "joint axis is zero")
	}
	j.raw = j.axis
	j.axis = j.axis.Normalize()
	if j.solver, err = solverParams(a, jointSolverDefaults); err != nil {
		return j, err
	}
	lim, err := a.tristate("limited")
	if err != nil {
		return j, err
	}
	var rngBuf [2]float64
	rng, err := a.numsInto(rngBuf[:0], "range", 2, []float64{0, 0})
	if err != nil {
		return j, err
	}
	if j.kind == "free" {
		lim = "false" // MuJoCo never limits a free joint, whatever its range
	}
	if j.limited, err = p.limited(e, "joint", lim, rng); err != nil {
		return j, err
	}
	switch {
	case !j.limited:
	case j.kind == "ball" && rng[0] != 0:
		return j, errAt(e, "a limited ball joint's range must start at 0 (MuJoCo bounds only its angle, by the upper end)")
	case j.kind != "ball" && rng[0] >= rng[1]:
		return j, errAt(e, "joint range lower bound must be below the upper")
	case j.kind == "ball" && rng[1] <= 0:
		// MuJoCo takes it: a soft limit holds the joint at its initial
		// orientation, giving a little under load
		p.diags.Add(convert.CodeJointLimitApproximated, convert.SourceSubject(-1), p.path(e), "ball joint limited to an angle of %s (no range given, or a range ending at 0): MuJoCo holds it at its initial orientation by a soft limit, which gives a little under load; it is read as fixed, its three degrees of freedom gone", fmtFloat(rng[1])).
			Affecting(convert.QLimit, convert.QJointKind)
	}
	scale := 1.0
	if p.comp.degree && (j.kind == "hinge" || j.kind == "ball") {
		scale = math.Pi / 180
	}
	j.lo, j.hi = rng[0]*scale, rng[1]*scale
	if j.stiffness, err = a.num("stiffness", 0); err != nil {
		return j, err
	}
	if j.springref, err = a.num("springref", 0); err != nil {
		return j, err
	}
	j.springref *= scale
	if j.damping, err = a.num("damping", 0); err != nil {
		return j, err
	}
	if j.armature, err = a.num("armature", 0); err != nil {
		return j, err
	}
	if j.friction, err = a.num("frictionloss", 0); err != nil {
		return j, err
	}
	p.unreadJointAttrs(e, a)
	if j.kind == "hinge" || j.kind == "slide" {
		if j.ref, err = a.num("ref", 0); err != nil {
			return j, err
		}
	}
	if raw := j.ref; raw != 0 {
		j.ref *= scale
		// The file's pose is the pose at qpos = ref: measured from that pose,
		// as every other format measures its joints, the range and the
		// spring's rest position move by -ref.
		j.lo, j.hi, j.springref = j.lo-j.ref, j.hi-j.ref, j.springref-j.ref
		p.diags.Add(convert.CodeJointRefRebased, convert.SourceSubject(-1), p.path(e),
			"joint ref=%s: the pose in the file is the joint at that position, so the joint is measured from it; range and springref shift by %s %s (MJCF output writes ref back)",
			fmtFloat(raw), fmtFloat(-j.ref), map[bool]string{true: "m", false: "rad"}[j.kind == "slide"])
	}
	return j, nil
}

// unreadJointAttrs names the attributes of joint e (its own or its
// class's) that change how MuJoCo moves it and that physconv does not
// read, when they differ from MuJoCo's defaults.
func (p *parser) unreadJointAttrs(e *Element, a attrs) {
	for _, u := range []struct {
		name, def, what string
		q               convert.Quantity
	}{
		{"springdamper", "0 0", "MuJoCo sets the joint's stiffness and damping from this time constant and damping ratio and the joint's inertia at the initial pose; the stiffness and damping attributes are used as given", convert.QJointParam},
		{"actuatorfrcrange", "0 0", "MuJoCo clamps the sum of the actuator forces on the joint to this range; they are not clamped", convert.QDrive},
		{"actuatorgravcomp", "false", "MuJoCo applies this joint's share of gravity compensation through its actuators; it is not applied", convert.QGravity},
	} {
		v, ok := a.get(u.name)
		if !ok || strings.Join(strings.Fields(v), " ") == u.def || u.def == "0 0" && allZero(v) {
			continue
		}
		p.diags.Add(convert.CodeFieldDropped, convert.SourceSubject(-1), p.path(e), "joint %s=%q is not read: %s", u.name, v, u.what).Affecting(u.q)
	}
}

// allZero reports whether every number of a list is zero.
func allZero(s string) bool {
	v, ok := floatsOf(s)
	if !ok {
		return false
	}
	for _, x := range v {
		if x != 0 {
			return false
		}
	}
	return true
}

// limited is whether MuJoCo limits a joint or tendon (what) of a
// limited attribute lim ("true", "false" or "auto", from the element or
// its class) and range rng (0 0 when absent), as MuJoCo's compiler reads
// them: "auto" limits when range[0] < range[1], and is refused for a
// range other than 0 0 unless compiler autolimits is on (the default). A
// range is a range by its value, wherever it is given: range="0 0" is
// none, and one from a default class counts.
func (p *parser) limited(e *Element, what, lim string, rng []float64) (bool, error) {
	if lim != "auto" {
		return lim == "true", nil
	}
	if !p.comp.autolimits && (rng[0] != 0 || rng[1] != 0) {
		return false, errAt(e, "%s has range but not limited; set limited or compiler autolimits=\"true\"", what)
	}
	return rng[0] < rng[1], nil
}

// bodyJoints turns the body's MJCF joints into Graph joints between the
// parent body (or the world) and this body. No joint welds the body to its
// parent (a fixed Graph joint); one free joint leaves it free; joints
// that share an anchor, whose axes are parallel or perpendicular and that
// each move along or about an axis no other does, become one limit set;
// other stacks become a chain through massless links.
func (p *parser) bodyJoints(e *Element, node, parentNode int, local convert.Transform, cc string, mocap bool) error {
	var room [2]jointSpec // most bodies have a joint or two
	js, err := p.jointSpecs(room[:0], e, convert.Identity(), cc)
	if err != nil {
		return err
	}
	for _, j := range js {
		if j.name != "" {
			p.jointNames[j.name] = true
		}
	}
	name := p.g.Nodes[node].Name
	if mocap {
		if len(js) > 0 {
			return errAt(e, "a mocap body cannot have joints")
		}
		return nil
	}
	if len(js) == 0 {
		p.addJoint(name, parentNode, node, local, convert.Transform{R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}}, fixedLimits(), nil)
		return nil
	}
	for _, j := range js {
		if j.kind == "free" {
			if len(js) > 1 {
				return errAt(j.el, "a free joint must be the only joint of its body")
			}
			if j.damping != 0 || j.armature != 0 || j.friction != 0 {
				// what slows or weighs its six degrees of freedom is the
				// joint's: a joint that frees every axis carries it
				jn := p.addJoint(j.name, parentNode, node, local, convert.Transform{R: convert.IdentityQuat(), S: convert.Vec3{1, 1, 1}}, nil, nil)
				p.g.Nodes[jn].Joint.Extras = map[string]any{extraJointNames: map[string]string{"free": j.name}}
				p.jointParams(p.g.Nodes[jn].Joint, js)
				if j.name != "" {
					p.joints[j.name] = jointRef{node: jn}
				}
				return nil
			}
			if j.name != "" {
				if p.g.Nodes[node].Extras == nil {
					p.g.Nodes[node].Extras = map[string]any{}
				}
				p.g.Nodes[node].Extras[extraFreeJoint] = j.name
			}
			return nil
		}
	}
	if set, ok := limitSet(js); ok {
		jt := convert.Transform{T: js[0].pos, R: set.frame, S: convert.Vec3{1, 1, 1}}
		jn := p.addJoint(jointName(js), parentNode, node, local, jt, set.limits, set.drives)
		p.g.Nodes[jn].Joint.Extras = set.extras()
		p.jointParams(p.g.Nodes[jn].Joint, js)
		for _, j := range js {
			if j.name != "" {
				p.joints[j.name] = jointRef{node: jn, single: len(js) == 1 && j.kind != "ball", limited: j.limited, lo: j.lo, hi: j.hi}
			}
		}
		return nil
	}
	// chain: parent → link1 → … → body, one MJCF joint per link
	p.diags.Add(convert.CodeJointStackSplit, convert.NodeSubject(node), p.path(e), "%d joints cannot form one joint (their anchors differ, their axes are oblique, or two move along or about one axis); they become a chain through %d massless links", len(js), len(js)-1)
	// The links nest (parent → link1 → … → body, each link at the body's
	// pose) so the node hierarchy is the kinematic chain: tree formats then
	// follow it, and a loop is never cut inside the chain.
	prev := parentNode
	prevT := local
	for k, j := range js {
		target := node
		if k < len(js)-1 {
			// each link is named <body>#<joint> after the body and the
			// joint that moves it; when either is unnamed, stackNames names
			// it once the whole model is read
			target = p.g.AddNode(convert.Node{Name: name + "#" + j.name, Transform: prevT,
				Motion: &convert.Motion{Kind: convert.Dynamic, GravityFactor: 1, Mass: convert.Ptr(0.0),
					CenterOfMass: &convert.Vec3{}, InertiaDiagonal: &convert.Vec3{}, InertiaOrientation: convert.Ptr(convert.IdentityQuat()),
					MassSource: convert.Given, CenterOfMassSource: convert.Given, InertiaSource: convert.Given},
				Extras: map[string]any{extraStack: name}}, prev)
		} else {
			p.nest(node, prev)
		}
		set, _ := limitSet([]jointSpec{j})
		jt := convert.Transform{T: j.pos, R: set.frame, S: convert.Vec3{1, 1, 1}}
		jn := p.addJoint(j.name, prev, target, prevT, jt, set.limits, set.drives)
		p.g.Nodes[jn].Joint.Extras = set.extras()
		p.jointParams(p.g.Nodes[jn].Joint, []jointSpec{j})
		if j.name != "" {
			p.joints[j.name] = jointRef{node: jn, single: j.kind != "ball", limited: j.limited, lo: j.lo, hi: j.hi}
		}
		if target != node && (name == "" || j.name == "") {
			p.unnamedLinks = append(p.unnamedLinks, stackLink{link: target, body: node, joint: jn})
		}
		prev = target
		prevT = convert.Identity()
	}
	return nil
}

// jointSpecs appends the joints of body e to js in file order: its own
// and those inside its <frame> elements (at any depth), which MuJoCo
// gives the body, their anchors and axes in the body's frame and their
// defaults from the frame's childclass. frame is the transform of the
// frames around e's children (identity for the body itself).
func (p *parser) jointSpecs(js []jointSpec, e *Element, frame convert.Transform, cc string) ([]jointSpec, error) {
	for _, c := range e.Children {
		switch c.Name {
		case "joint", "freejoint":
			j, err := p.jointSpec(c, cc)
			if err != nil {
				return js, err
			}
			if frame != convert.Identity() {
				j.pos = frame.Apply(j.pos)
				j.axis = frame.R.Rotate(j.axis)
				j.raw = frame.R.Rotate(j.raw)
			}
			js = append(js, j)
		case "frame":
			restore := p.useAttachedCompiler(c)
			t, fcc, err := p.framePose(c, cc)
			if err == nil {
				js, err = p.jointSpecs(js, c, frame.Mul(t), fcc)
			}
			restore()
			if err != nil {
				return js, err
			}
		}
	}
	return js, nil
}

// hasJoint reports whether body e has a joint of its own or inside its
// <frame> elements; free is its first free joint, if any.
func hasJoint(e *Element) (moving bool, free *Element) {
	for _, c := range e.Children {
		switch c.Name {
		case "joint", "freejoint":
			moving = true
			if typ, _ := c.Attr("type"); free == nil && (c.Name == "freejoint" || typ == "free") {
				free = c
			}
		case "frame":
			m, f := hasJoint(c)
			moving = moving || m
			if free == nil {
				free = f
			}
		}
	}
	return moving, free
}

// stackLink is a joint-stack link whose body or joint has no name in
// the file: the link, its body and the Graph joint that moves it.
type stackLink struct{ link, body, joint int }

// stackNames names each link of p.unnamedLinks <body>#<joint> after the
// names the Graph gives its body and joint (NodeNames: "node<i>" for an
// unnamed node), which are the names a writer gives them. MJCF output
// writes them so, and folds the links back into the body; reading that
// back names each link <body>#<joint> from the written names: the same
// name, so a link keeps its name through a round trip, as the links of
// named bodies and joints do. (Named after the file's empty names, every
// link of an unnamed body and joint would be "#", told apart only by the
// order NodeNames numbers repeats in.)
func (p *parser) stackNames() {
	if len(p.unnamedLinks) == 0 {
		return
	}
	names := convert.NodeNames(p.g)
	for _, l := range p.unnamedLinks {
		p.g.Nodes[l.link].Name = names[l.body] + "#" + names[l.joint]
	}
}

// nest moves body node under the last link of its joint chain, which
// stands at the body's pose: the body keeps its world pose.
func (p *parser) nest(node, link int) {
	old := p.g.Nodes[node].Parent
	if old >= 0 {
		kids := p.g.Nodes[old].Children
		for k, c := range kids {
			if c == node {
				p.g.Nodes[old].Children = append(kids[:k:k], kids[k+1:]...)
				break
			}
		}
	} else {
		for k, r := range p.g.Roots {
			if r == node {
				p.g.Roots = append(p.g.Roots[:k:k], p.g.Roots[k+1:]...)
				break
			}
		}
	}
	p.g.Nodes[node].Parent = link
	p.g.Nodes[node].Transform = convert.Identity()
	p.g.Nodes[link].Children = append(p.g.Nodes[link].Children, node)
}

// axisSuffix is how Emit names the MJCF joints of one multi-axis Graph
// joint: <name>_linear0 … <name>_angular2, <name>_angular for a ball.
var axisSuffix = regexp.MustCompile(`^(.+)_(linear[0-2]|angular[0-2]?)$`)

// jointName names the Graph joint of a set of MJCF joints: the common
// <name> of joints Emit split per axis, else their names joined by "+".
func jointName(js []jointSpec) string {
	if len(js) > 1 {
		base := ""
		for _, j := range js {
			m := axisSuffix.FindStringSubmatch(j.name)
			if m == nil || base != "" && m[1] != base {
				base = ""
				break
			}
			base = m[1]
		}
		if base != "" {
			return base
		}
	}
	n := ""
	for _, j := range js {
		if j.name != "" {
			if n != "" {
				n += "+"
			}
			n += j.name
		}
	}
	return n
}

// addJoint places frame A under the parent node (at the body's pose times
// the joint frame) and frame B under the body, and returns frame A's node.
func (p *parser) addJoint(name string, parentNode, node int, bodyT, jointT convert.Transform, limits []convert.Limit, drives []convert.Drive) int {
	b := p.g.AddNode(convert.Node{Name: name + ":B", Transform: jointT}, node)
	a := p.g.AddNode(convert.Node{Name: name, Transform: bodyT.Mul(jointT),
		Joint: &convert.Joint{Connected: b, Limits: limits, Drives: drives}}, parentNode)
	return a
}

func fixedLimits() []convert.Limit {
	return []convert.Limit{
		{Linear: []int{0, 1, 2}, Stiffness: math.Inf(1)},
		{Angular: []int{0, 1, 2}, Stiffness: math.Inf(1)},
	}
}

// jointParams copies damping, armature and friction loss; the Graph keeps
// one value per joint, so differing values in a limit set keep the largest
// and say so.
// param is one of the joint's damping, armature and frictionloss, by its
// attribute name.
func (j jointSpec) param(name string) float64 {
	switch name {
	case "damping":
		return j.damping
	case "armature":
		return j.armature
	}
	return j.friction
}

func (p *parser) jointParams(j *convert.Joint, js []jointSpec) {
	if len(js[0].solver) > 0 {
		j.Solver = &convert.JointSolver{Class: solverJoint, Params: js[0].solver}
	}
	for _, s := range js[1:] {
		if !slices.Equal(s.solver, js[0].solver) {
			p.diags.Add(convert.CodeJointParameterMerged, convert.SourceSubject(-1), p.path(s.el), "joints merged into one have different solver attributes; the first joint's are kept")
		}
	}
	// a spring's damping in a set of joints is its drive's (limitSet)
	passive := func(s jointSpec) float64 {
		if s.stiffness != 0 && len(js) > 1 {
			return 0
		}
		return s.damping
	}
	for _, s := range js {
		for _, f := range []struct {
			dst *float64
			v   float64
			n   string
		}{{&j.Damping, passive(s), "damping"}, {&j.Armature, s.armature, "armature"}, {&j.Friction, s.friction, "frictionloss"}} {
			first := js[0].param(f.n)
			if f.n == "damping" {
				first = passive(js[0])
			}
			if f.v != first {
				p.diags.Add(convert.CodeJointParameterMerged, convert.SourceSubject(-1), p.path(s.el), "joints merged into one have different %s; formats with one value per joint keep the largest (MJCF and URDF output keep each joint's)", f.n)
			}
			*f.dst = math.Max(*f.dst, f.v)
		}
	}
	if s := j.LoneSpring(); s != nil && len(js) == 1 {
		// a spring joint's damping is its spring's: MuJoCo's passive
		// force -k(q - springref) - d q̇ is a drive of both, which MJCF
		// output writes back as the joint's stiffness and damping
		s.Damping, j.Damping = j.Damping, 0
	}
}

type jointSet struct {
	names map[string]string  // "linear0".."angular2" or "angular" (ball) → MJCF name
	refs  map[string]float64 // axis key → ref in the axis' sense, when not 0
	signs map[string]float64 // axis key → -1 when the MJCF axis points against it
	// spelled: axis key → the MJCF axis as written, where normalising it
	// changes it (convert.ExtraAxisSpelled)
	spelled map[string]convert.Vec3
	// params holds each axis' damping, armature and frictionloss (linear
	// 0-2, then angular 0-2), kept (extraJointParams) when they differ
	params       [6][3]float64
	paramsDiffer bool
	// order is the axis keys in the order the joints are written (a ball
	// aside): MuJoCo numbers a body's joints so, in qpos too
	order  []string
	frame  convert.Quat
	limits []convert.Limit
	drives []convert.Drive
}

// extras is the Graph joint's Extras for the set.
func (s jointSet) extras() map[string]any {
	x := map[string]any{extraJointNames: s.names}
	if len(s.signs) > 0 {
		x[extraJointSigns] = s.signs
	}
	if s.paramsDiffer {
		params := map[string][3]float64{}
		for lin := range 2 {
			for k := range 3 {
				if key := axisKeys[lin][k]; hasKey(s.names, key) {
					params[key] = s.params[lin*3+k]
				}
			}
		}
		x[extraJointParams] = params
	}
	if len(s.refs) > 0 {
		x[extraJointRefs] = s.refs
	}
	if len(s.order) > 1 {
		x[extraJointOrder] = s.order
	}
	if len(s.spelled) > 0 {
		x[convert.ExtraAxisSpelled] = s.spelled
	}
	return x
}

// hingeAxes counts the different axes the hinges of js turn about.
func hingeAxes(js []jointSpec) int {
	var seen []convert.Vec3
	for _, j := range js {
		if j.kind != "hinge" {
			continue
		}
		known := false
		for _, a := range seen {
			known = known || math.Abs(a.Dot(j.axis)) > 1-1e-12
		}
		if !known {
			seen = append(seen, j.axis)
		}
	}
	return len(seen)
}

// limitSet builds one Graph limit set from joints sharing an anchor whose
// axes are parallel or perpendicular (hinge/slide), or a lone ball.
func limitSet(js []jointSpec) (jointSet, bool) {
	for _, j := range js[1:] {
		if j.pos.Sub(js[0].pos).Len() > 1e-12 {
			return jointSet{}, false
		}
	}
	if len(js) == 1 && js[0].kind == "ball" {
		set := jointSet{names: map[string]string{"angular": js[0].name}, frame: convert.IdentityQuat(), limits: []convert.Limit{{Linear: []int{0, 1, 2}, Stiffness: math.Inf(1)}}}
		if js[0].limited {
			set.limits = append(set.limits, convert.Limit{Angular: []int{0, 1, 2}, Min: 0, Max: js[0].hi, Stiffness: math.Inf(1)})
		}
		if js[0].stiffness != 0 {
			// MuJoCo's ball spring pulls toward the initial orientation with
			// one stiffness for every axis
			for k := 0; k < 3; k++ {
				set.drives = append(set.drives, convert.Drive{Type: "angular", Mode: "force", Axis: k, MaxForce: math.Inf(1),
					PositionTarget: convert.Ptr(0.0), Stiffness: js[0].stiffness})
			}
		}
		return set, true
	}
	// MuJoCo moves a body by its joints in the order they are written: a
	// slide after a hinge or ball slides along the axis they turned, which
	// one set of axes fixed in the parent cannot say (unless the hinge
	// turns about the slide's own axis)
	for k, j := range js {
		if j.kind != "slide" {
			continue
		}
		for _, r := range js[:k] {
			if r.kind == "ball" || r.kind == "hinge" && math.Abs(r.axis.Dot(j.axis)) < 1-1e-12 {
				return jointSet{}, false
			}
		}
	}
	// a free ball beside hinges/slides frees all three angular axes (the
	// emitter writes a free joint between two bodies as three slides and
	// a ball)
	var ball *jointSpec
	for k, j := range js {
		if j.kind != "ball" {
			continue
		}
		if ball != nil || j.limited || j.stiffness != 0 {
			return jointSet{}, false
		}
		ball = &js[k]
	}
	if ball != nil {
		axial := make([]jointSpec, 0, len(js)-1)
		for _, j := range js {
			if j.kind != "ball" {
				axial = append(axial, j)
			}
		}
		js = axial
	}
	// frame axes: first axis, then the first one perpendicular to it. The
	// hinges, when two or more turn about different axes, come first: they
	// compose in the order written (each turns the axes of those after
	// it), and the set's angular axes are written back in axis order, so
	// the hinges' order must be the axes' order
	order := js
	if hingeAxes(js) > 1 {
		order = make([]jointSpec, 0, len(js))
		for _, first := range []bool{true, false} {
			for _, j := range js {
				if (j.kind == "hinge") == first {
					order = append(order, j)
				}
			}
		}
	}
	var axesRoom [3]convert.Vec3
	axes := axesRoom[:0]
	for _, j := range order {
		known := false
		for _, a := range axes {
			d := math.Abs(a.Dot(j.axis))
			if d > 1-1e-12 {
				known = true
			} else if d > 1e-12 {
				return jointSet{}, false
			}
		}
		if !known {
			axes = append(axes, j.axis)
		}
	}
	var frame convert.Quat
	switch len(axes) {
	case 1:
		frame = xToVec(axes[0])
	default:
		x, y := axes[0], axes[1]
		frame = frameQuat(x, y, x.Cross(y))
	}
	fr := frame.Mat()
	var used [2][3]bool // [linear 0/angular 1][axis]
	set := jointSet{names: map[string]string{}, frame: frame}
	var free [2][]int
	// the axis lists of every limit come from one allocation: one per
	// limited joint, and the locked linear and angular axes (three each
	// at most); each keeps its length as capacity, so appending to one
	// never writes into the next
	axisRoom := make([]int, 0, len(js)+6)
	axisList := func(ks ...int) []int {
		start := len(axisRoom)
		axisRoom = append(axisRoom, ks...)
		return axisRoom[start:len(axisRoom):len(axisRoom)]
	}
	set.limits = make([]convert.Limit, 2, len(js)+2) // the first two: room for the locked axes
	for _, j := range js {
		k, sign := 0, 1.0
		for c := 0; c < 3; c++ {
			col := convert.Vec3{fr[0][c], fr[1][c], fr[2][c]}
			if d := col.Dot(j.axis); math.Abs(d) > 0.5 {
				k, sign = c, math.Copysign(1, d)
			}
		}
		lin := 0
		if j.kind == "hinge" {
			lin = 1
		}
		if used[lin][k] {
			return jointSet{}, false
		}
		used[lin][k] = true
		lo, hi := j.lo, j.hi
		if sign < 0 {
			lo, hi = -hi, -lo
		}
		typ := "linear"
		if lin == 1 {
			typ = "angular"
		}
		key := axisKeys[lin][k]
		set.names[key] = j.name
		set.order = append(set.order, key)
		if j.raw != j.axis {
			if set.spelled == nil {
				set.spelled = map[string]convert.Vec3{}
			}
			set.spelled[key] = j.raw
		}
		passive := j.damping
		if j.stiffness != 0 && len(js) > 1 {
			// the axis's damping is its spring's, as a lone joint's is
			// (jointParams): -k(q - springref) - d q̇ on this axis alone
			passive = 0
		}
		set.params[lin*3+k] = [3]float64{passive, j.armature, j.friction}
		if sign < 0 {
			if set.signs == nil {
				set.signs = map[string]float64{}
			}
			set.signs[key] = -1
		}
		if j.ref != 0 {
			if set.refs == nil {
				set.refs = map[string]float64{}
			}
			set.refs[key] = sign * j.ref
		}
		if j.limited {
			l := convert.Limit{Min: lo, Max: hi, Stiffness: math.Inf(1)}
			if lin == 0 {
				l.Linear = axisList(k)
			} else {
				l.Angular = axisList(k)
			}
			set.limits = append(set.limits, l)
		} else {
			free[lin] = append(free[lin], k)
		}
		if j.stiffness != 0 {
			d := convert.Drive{Type: typ, Mode: "force", Axis: k, MaxForce: math.Inf(1),
				PositionTarget: convert.Ptr(sign * j.springref), Stiffness: j.stiffness}
			if len(js) > 1 {
				d.Damping = j.damping
			}
			set.drives = append(set.drives, d)
		}
	}
	set.paramsDiffer = paramsDiffer(set)
	if ball != nil {
		for k := 0; k < 3; k++ {
			if used[1][k] {
				return jointSet{}, false
			}
			used[1][k] = true
		}
		set.names["angular"] = ball.name
	}
	var fixedLin, fixedAng [3]int
	nLin, nAng := 0, 0
	for k := 0; k < 3; k++ {
		if !used[0][k] {
			fixedLin[nLin], nLin = k, nLin+1
		}
		if !used[1][k] {
			fixedAng[nAng], nAng = k, nAng+1
		}
	}
	// the locked axes come first, in the two places left for them
	fixed := set.limits[:0]
	if nLin > 0 {
		fixed = append(fixed, convert.Limit{Linear: axisList(fixedLin[:nLin]...), Stiffness: math.Inf(1)})
	}
	if nAng > 0 {
		fixed = append(fixed, convert.Limit{Angular: axisList(fixedAng[:nAng]...), Stiffness: math.Inf(1)})
	}
	if len(fixed) < 2 {
		set.limits = append(fixed, set.limits[2:]...)
	}
	if len(set.limits) == 0 {
		set.limits = nil // as before: no limits at all is none
	}
	return set, true
}

// paramsDiffer reports whether the axes a set moves have different
// damping, armature or friction.
func paramsDiffer(set jointSet) bool {
	var first *[3]float64
	for lin := range 2 {
		for k := range 3 {
			if !hasKey(set.names, axisKeys[lin][k]) {
				continue
			}
			v := &set.params[lin*3+k]
			if first == nil {
				first = v
			} else if *v != *first {
				return true
			}
		}
	}
	return false
}

// axisKeys are the Graph's axis keys ("linear0" … "angular2") by
// [linear 0/angular 1][axis].
var axisKeys = [2][3]string{{"linear0", "linear1", "linear2"}, {"angular0", "angular1", "angular2"}}

// hasKey reports whether names has an entry for key (a joint may be
// unnamed: its entry is "").
func hasKey(names map[string]string, key string) bool {
	_, ok := names[key]
	return ok
}
