package mjcf

import (
	"fmt"
	"math"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
)

// loops writes joints left out of the tree as equality constraints:
// connect when only the linear axes are fixed (a ball), weld when all are.
func (e *emitter) loops() {
	for _, tj := range e.tree.Loops {
		path := e.names[tj.Node]
		var lin, ang int
		other := false
		for _, l := range tj.Joint.Limits {
			if !l.Fixed() {
				other = other || !l.Unbounded()
				continue
			}
			lin += len(l.Linear)
			ang += len(l.Angular)
		}
		b1, b2 := e.bodyName(tj.ParentBody), e.bodyName(tj.ChildBody)
		var el *Element
		switch {
		case lin == 3 && ang == 3:
			el = e.equality.AddChild("weld", "name", e.uniqueName("equality", e.rawName(tj.Node)), "body1", b1)
		case lin == 3 && ang == 0 && !other:
			el = e.equality.AddChild("connect", "name", e.uniqueName("equality", e.rawName(tj.Node)), "body1", b1)
		default:
			e.diags.Add(convert.CodeJointLoopDropped, convert.JointSubject(tj.Node), path, "a loop-closing joint that is neither a ball nor fixed has no MJCF equality; dropped")
			continue
		}
		if b2 != "world" {
			el.SetAttr("body2", b2)
		}
		el.SetAttr("anchor", fmtAnchor(e.bodyPoint(tj.ParentBody, tj.ParentFrame.T)))
		e.solverAttrs(el, tj.Joint.Solver, solverEquality, tj.Node, path)
		if len(tj.Joint.Limits) > 0 && other {
			e.diags.Add(convert.CodeJointLimitApproximated, convert.JointSubject(tj.Node), path, "limits of a loop-closing joint are dropped")
		}
	}
	for _, f := range e.g.Filters {
		for _, s := range f.Systems {
			if !convert.IsBodySystem(s) {
				continue
			}
			for _, o := range f.NotCollideWith {
				if convert.IsBodySystem(o) && s < o {
					e.exclude(e.excludedBody(s), e.excludedBody(o))
				}
			}
		}
	}
}

// jointContacts keeps the contacts of a moving joint's two bodies as the
// joint says. MuJoCo filters out the contacts of a body with its parent
// (the tree writes the joint's bodies so) unless the parent is welded to
// the world, which it counts as the world's. A joint that lets its bodies
// collide gets a <pair> for each two colliders, one of each body, where
// MuJoCo filters them (a pair's contact parameters come from its two
// geoms, as an automatic contact's do); one that keeps them apart gets an
// <exclude> where MuJoCo does not (a robot's first link overlapping its
// fixed base was pushed out of it). Joints that hold their bodies
// rigidly are left alone (their contacts push on one rigid body), and so
// are those that hold nothing (a URDF floating joint: the free body meets
// the floor it hangs from).
func (e *emitter) jointContacts() {
	var colliders map[int][]int // body node → its collider nodes, once asked
	for _, link := range e.tree.Links {
		tj := link.Joint
		if tj.Kind != kin.GraphJoint || tj.ParentBody < 0 {
			continue
		}
		if k := kin.Classify(&tj.Joint).Kind; k == kin.KindFixed || k == kin.KindFree {
			continue // rigid, or holding nothing: a free body meets what it meets
		}
		welded := e.tree.Welded(link.Parent)
		if tj.Joint.EnableCollision == welded {
			continue // MuJoCo does as the joint says
		}
		if colliders == nil {
			colliders = map[int][]int{}
			for i, b := range e.g.BodyOwners() {
				if c := e.g.Nodes[i].Collider; c != nil && c.Shape >= 0 && b >= 0 {
					if _, written := e.geomElems[i]; written {
						colliders[b] = append(colliders[b], i)
					}
				}
			}
		}
		for _, x := range colliders[tj.ParentBody] {
			for _, y := range colliders[tj.ChildBody] {
				if !convert.FiltersCollide(e.g.ColliderFilter(x), e.g.ColliderFilter(y)) {
					continue
				}
				if welded {
					a, b := e.bodyName(tj.ParentBody), e.bodyName(tj.ChildBody)
					if !e.excluded[bodyPair(a, b)] {
						e.diags.Add(convert.CodeMjcfWeldedExclude, convert.JointSubject(tj.Node), e.names[tj.Node],
							"body %q is welded to the world, whose contacts with its children MuJoCo does not filter: <exclude body1=%q body2=%q> keeps the two apart, as joint %q does (MuJoCo's own URDF import lets them touch)", a, a, b, e.rawName(tj.Node))
					}
					e.exclude(a, b)
					break
				}
				e.contact.AddChild("pair", "geom1", e.geomName(x), "geom2", e.geomName(y))
			}
		}
	}
}

// geomName is the name of collider node i's geom, given one if it has none.
func (e *emitter) geomName(i int) string {
	g := e.geomElems[i]
	if !g.Has("name") {
		g.SetAttr("name", e.uniqueName("geom", e.rawName(i)))
	}
	return g.AttrOr("name", "")
}

// exclude writes <exclude body1=a body2=b> once for the pair, when both
// bodies are written ("world" is MuJoCo's world body, always there).
func (e *emitter) exclude(a, b string) {
	written := func(n string) bool { return n == "world" || e.nameSpace("body").Has(n) }
	if a == b || e.excluded[bodyPair(a, b)] || !written(a) || !written(b) {
		return
	}
	if e.excluded == nil {
		e.excluded = map[[2]string]bool{}
	}
	e.excluded[bodyPair(a, b)] = true
	e.contact.AddChild("exclude", "body1", a, "body2", b)
}

// excludedBody is the MJCF body an <exclude> names for a body's own
// collision system ("body:<name>"): the body of that name, or the world
// when every collider in the system is the world's (a static body of a
// format that writes it as colliders without motion, KHR); "" when none.
func (e *emitter) excludedBody(system string) string {
	name := system[len("body:"):]
	if name == "world" || e.nameSpace("body").Has(name) {
		return name
	}
	if e.worldSystems == nil {
		e.worldSystems = map[string]bool{}
		owners := e.g.BodyOwners()
		elsewhere := map[string]bool{}
		for i, n := range e.g.Nodes {
			c := n.Collider
			if c == nil || c.Filter < 0 || c.Filter >= len(e.g.Filters) {
				continue
			}
			for _, sys := range e.g.Filters[c.Filter].Systems {
				if convert.IsBodySystem(sys) {
					if owners[i] < 0 {
						e.worldSystems[sys] = true
					} else {
						elsewhere[sys] = true
					}
				}
			}
		}
		for sys := range elsewhere {
			delete(e.worldSystems, sys)
		}
	}
	if e.worldSystems[system] {
		return "world"
	}
	return ""
}

func (e *emitter) bodyName(n int) string {
	if n < 0 {
		return "world"
	}
	if el, ok := e.bodyElems[n]; ok && el.Name == "body" {
		return el.AttrOr("name", "")
	}
	return e.names[n]
}

// couplings writes mimic couplings between one-axis joints as equality
// joint constraints (joint1 = offset + multiplier·joint2), or as the
// tendon equality the reader took one from.
func (e *emitter) couplings() {
	for k, c0 := range e.g.Couplings {
		c := e.tree.Coupling(c0)
		f, l := e.single(c.Follower), e.single(c.Leader)
		if f == "" || l == "" {
			e.diags.Add(convert.CodeCouplingDropped, convert.CouplingSubject(k), "couplings", "a coupling between joints that are not one-axis MJCF joints is dropped")
			continue
		}
		var el *Element
		if tendon, length, ok := e.heldTendon(c0); ok {
			el = e.equality.AddChild("tendon", "tendon1", tendon, "polycoef", fmtFloats(length, 1, 0, 0, 0))
		} else {
			el = e.equality.AddChild("joint", "joint1", f, "joint2", l, "polycoef", fmtFloats(c.Offset, c.Multiplier, 0, 0, 0))
		}
		e.solverAttrs(el, c.Solver, solverEquality, c.Follower, e.names[c.Follower])
	}
}

// heldTendon finds the written fixed tendon an equality held at a length
// when the reader took coupling c (in Graph terms) from it, and that
// length. MuJoCo weighs a tendon equality's residual by the tendon's
// coefficients, so a soft one written as a joint equality moves otherwise
// (millimetres in a few hundred steps); the tendon's length does not
// depend on the sense its joints are written in.
func (e *emitter) heldTendon(c convert.Coupling) (name string, length float64, ok bool) {
	for k := range e.g.Tendons {
		t := &e.g.Tendons[k]
		if held, _ := t.Extras[extraHeldTendon].(bool); !held || t.Kind != convert.FixedTendon || len(t.Path) != 2 {
			continue
		}
		l, f := t.Path[0], t.Path[1]
		if f.Joint != c.Follower || l.Joint != c.Leader || f.Coef == 0 || e.tendonNames[k] == "" {
			continue
		}
		if m := -l.Coef / f.Coef; math.Abs(m-c.Multiplier) > 1e-12*math.Max(1, math.Abs(m)) {
			continue
		}
		return e.tendonNames[k], c.Offset * f.Coef, true
	}
	return "", 0, false
}

func (e *emitter) single(node int) string { return e.jointNames[node].single() }

type keptSections struct{ before, after []*Element }

// keptSections writes back MJCF sections Parse kept (options, tendons,
// actuators …) when every name they refer to still exists.
func (e *emitter) keptSections() keptSections {
	var out keptSections
	list, _ := e.g.Extras[extraSections].([]*Element)
	wroteGravity := false
	for _, sec := range list {
		switch sec.Name {
		case "option":
			opt := e.portableOption(sec)
			if !wroteGravity {
				e.setGravity(opt)
				wroteGravity = true
			}
			out.before = append(out.before, opt)
			continue
		case "size":
			if size := e.portableSize(sec); len(size.Attrs) > 0 {
				out.before = append(out.before, size)
			}
			continue
		case "statistic", "visual", "custom", "extension":
			continue // viewer settings and user data: not physics, and version specific
		case "sensor", "keyframe":
			continue // not converted, as the reader said
		}
		var kept []*Element
		order, _ := e.g.Extras[extraActuatorOrder].(map[*Element]int)
		for _, c := range sec.Children {
			if attr, name, ok := e.missingRef(c); !ok {
				el := e.inWrittenSense(e.portable(stripClass(c), sec.Name))
				if i, ok := order[c]; ok && sec.Name == "actuator" {
					e.placeActuator(el, i)
				}
				kept = append(kept, el)
			} else {
				e.diags.Add(convert.CodeMjcfSectionDropped, convert.DocumentSubject(), sec.Name+"/"+c.Name, "<%s%s> refers to %s=%q, which the output does not have; dropped", c.Name, nameAttrText(c), attr, name)
			}
		}
		if len(kept) == 0 {
			continue
		}
		switch sec.Name {
		case "actuator":
			e.actuator.Children = append(kept, e.actuator.Children...)
		case "equality":
			e.equality.Children = append(e.equality.Children, kept...)
		case "contact":
			e.contact.Children = append(e.contact.Children, kept...)
		default:
			out.after = append(out.after, &Element{Name: sec.Name, Attrs: sec.Attrs, Children: kept})
		}
	}
	if !wroteGravity && e.g.Gravity != nil {
		opt := &Element{Name: "option"}
		e.setGravity(opt)
		out.before = append(out.before, opt)
	}
	return out
}

// setGravity writes the Graph's scene gravity on <option>, in MJCF axes;
// it replaces what the option said (a kept <flag gravity> included).
func (e *emitter) setGravity(opt *Element) {
	if e.g.Gravity == nil {
		return
	}
	v := *e.g.Gravity
	w := e.world.R.Conj().Rotate(v)
	if e.world.R == zUpToYUp() {
		w = convert.Vec3{v[0], -v[2], v[1]} // the same turn, exactly
	}
	for k := range w {
		if w[k] == 0 {
			w[k] = 0 // not -0
		}
	}
	opt.Attrs = append(withoutAttrs(opt.Attrs, "gravity"), Attr{Name: "gravity", Value: fmtFloats(w[:]...)})
	for i, c := range opt.Children {
		if c.Name == "flag" {
			f := *c
			f.Attrs = withoutAttrs(c.Attrs, "gravity")
			opt.Children[i] = &f
		}
	}
}

// refsResolve reports whether every name an element (and its children)
// refers to is present in the output.
func (e *emitter) refsResolve(el *Element) bool {
	_, _, missing := e.missingRef(el)
	return !missing
}

// nameAttrText is ` name="…"` for an element with a name, for messages.
func nameAttrText(el *Element) string {
	if n := el.AttrOr("name", ""); n != "" {
		return fmt.Sprintf(" name=%q", n)
	}
	return ""
}

// missingRef returns the first reference of an element (or of its
// children) to a name the output does not have: the attribute and the
// name.
func (e *emitter) missingRef(el *Element) (attr, name string, missing bool) {
	kinds := map[string]string{"joint": "joint", "joint1": "joint", "joint2": "joint", "jointinparent": "joint",
		"body": "body", "body1": "body", "body2": "body", "geom": "geom", "geom1": "geom", "geom2": "geom",
		"tendon": "tendon", "tendon1": "tendon", "tendon2": "tendon", "site": "site", "site1": "site", "site2": "site",
		"cranksite": "site", "slidersite": "site", "target": "body", "objname": "any", "camera": "site", "mesh": "mesh"}
	for _, a := range el.Attrs {
		k, ok := kinds[a.Name]
		if !ok {
			continue
		}
		if k == "tendon" && e.tendonKept(a.Value) || e.nameSpace(k).Has(a.Value) {
			continue
		}
		if el.Name == "flex" && a.Name == "body" && allNamed(e.nameSpace(k), strings.Fields(a.Value)) {
			continue // a flex names one body per vertex
		}
		return a.Name, a.Value, true
	}
	for _, c := range el.Children {
		if attr, name, missing := e.missingRef(c); missing {
			return attr, name, true
		}
	}
	return "", "", false
}

// allNamed reports whether set has every name of a non-empty list.
func allNamed(set interface{ Has(string) bool }, names []string) bool {
	for _, n := range names {
		if !set.Has(n) {
			return false
		}
	}
	return len(names) > 0
}

func (e *emitter) tendonKept(name string) bool {
	list, _ := e.g.Extras[extraSections].([]*Element)
	for _, sec := range list {
		if sec.Name != "tendon" {
			continue
		}
		for _, c := range sec.Children {
			if c.AttrOr("name", "") == name && e.refsResolve(c) {
				return true
			}
		}
	}
	return false
}

// inWrittenSense turns a kept element that measures joints (an
// actuator's gear, a fixed tendon's coefficients, a joint equality's
// polynomial) from the sense of the source's joints to the sense of the
// joints written, where they differ (flipped): the same forces and
// constraints on the same motions. el is the emitter's own copy.
func (e *emitter) inWrittenSense(el *Element) *Element {
	if len(e.flipped) == 0 {
		return el
	}
	sign := func(name string) float64 {
		if e.flipped[name] {
			return -1
		}
		return 1
	}
	nums := func(el *Element, attr, def string) []float64 {
		v, _ := floatsOf(el.AttrOr(attr, def))
		return v
	}
	switch {
	case el.Name == "fixed":
		for _, c := range el.Children {
			if c.Name == "joint" && e.flipped[c.AttrOr("joint", "")] {
				if v := nums(c, "coef", "0"); len(v) == 1 {
					c.SetAttr("coef", fmtFloat(-v[0]))
				}
			}
		}
	case el.Name == "joint" && el.AttrOr("joint1", "") != "":
		f1 := sign(el.AttrOr("joint1", ""))
		f2 := 1.0
		if j2 := el.AttrOr("joint2", ""); j2 != "" {
			f2 = sign(j2)
		}
		if f1 == 1 && f2 == 1 {
			break
		}
		// joint1 = c0 + c1·joint2 + … + c4·joint2⁴, each coordinate taken
		// in the source's sense: coefficient d gains f1·f2^d
		if v := nums(el, "polycoef", "0 1 0 0 0"); len(v) > 0 {
			k := f1
			for d := range v {
				v[d] *= k
				k *= f2
			}
			el.SetAttr("polycoef", fmtFloats(v...))
		}
	default: // an actuator on a joint: its force and length scale with gear
		j := el.AttrOr("joint", el.AttrOr("jointinparent", ""))
		if j == "" || !e.flipped[j] {
			break
		}
		if v := nums(el, "gear", "1"); len(v) > 0 {
			v[0] = -v[0]
			el.SetAttr("gear", fmtFloats(v...))
		}
	}
	return el
}

// stripClass drops class attributes (defaults were resolved at Parse).
func stripClass(el *Element) *Element {
	c := &Element{Name: el.Name}
	for _, a := range el.Attrs {
		if a.Name != "class" && a.Name != "childclass" {
			c.Attrs = append(c.Attrs, a)
		}
	}
	for _, ch := range el.Children {
		c.Children = append(c.Children, stripClass(ch))
	}
	return c
}

var _ = convert.Identity

// portableOption keeps the <option> settings both MuJoCo 2.2 and 3.x read
// the same way (time step, gravity, medium, classic integrators, the
// solver, its no-slip pass and contact overrides, flags).
// portableSize is the source's <size> as every MuJoCo version reads it:
// memory and contact buffers, which MuJoCo 2 fills up (the contacts past
// nconmax are dropped, and bodies fall through what holds them in the
// source). MuJoCo 3's memory is not written, with a diagnostic: MuJoCo 2
// refuses it.
func (e *emitter) portableSize(sec *Element) *Element {
	out := &Element{Name: "size"}
	for _, a := range sec.Attrs {
		if a.Name == "memory" {
			e.diags.Add(convert.CodeOptionDropped, convert.DocumentSubject(), "size", "size memory=%q is not written (MuJoCo 2.2 does not read it): MuJoCo 3 sizes the output's memory from its njmax and nconmax, or its own default", a.Value)
			continue
		}
		out.Attrs = append(out.Attrs, a)
	}
	return out
}

func (e *emitter) portableOption(sec *Element) *Element {
	out := &Element{Name: "option"}
	for _, a := range sec.Attrs {
		switch a.Name {
		case "timestep", "gravity", "wind", "magnetic", "density", "viscosity", "cone", "impratio", "tolerance", "iterations",
			"noslip_iterations", "noslip_tolerance", "solver", "jacobian", "o_margin", "o_solref", "o_solimp":
			out.Attrs = append(out.Attrs, a)
		case "integrator":
			if a.Value == "Euler" || a.Value == "RK4" || a.Value == "implicit" {
				out.Attrs = append(out.Attrs, a)
				continue
			}
			out.Attrs = append(out.Attrs, Attr{Name: "integrator", Value: "implicit"})
			e.diags.Add(convert.CodeOptionApproximated, convert.DocumentSubject(), "option", "integrator %q is written as \"implicit\", which MuJoCo 2.2 also reads", a.Value)
		case "actuatorgroupdisable":
			// MuJoCo 3 only: the disabled groups' actuators push again
			if strings.TrimSpace(a.Value) != "" {
				e.diags.Add(convert.CodeSolverSettingsDropped, convert.DocumentSubject(), "option", "option actuatorgroupdisable=%q is not written (MuJoCo 2.2 does not read it): the actuators of those groups act in the output", a.Value)
			}
		default:
			if def, ok := optionDefaults[a.Name]; ok && !sameOption(a.Value, def) {
				// the source's MuJoCo simulates it, and the output's gets the default
				e.diags.Add(convert.CodeSolverSettingsDropped, convert.DocumentSubject(), "option", "option %s=%q is not written (not understood by every MuJoCo version): the output is simulated with the default, %s", a.Name, a.Value, def)
				continue
			}
			e.diags.Add(convert.CodeOptionDropped, convert.DocumentSubject(), "option", "option %s=%q is not written (not understood by every MuJoCo version)", a.Name, a.Value)
		}
	}
	for _, c := range sec.Children {
		if c.Name != "flag" {
			continue
		}
		flag := &Element{Name: "flag"}
		for _, a := range c.Attrs {
			if portableFlags[a.Name] {
				flag.Attrs = append(flag.Attrs, a)
				continue
			}
			if on := a.Value == "enable"; on == flagsOff[a.Name] && a.Name != "energy" {
				// turned from its default: the output moves otherwise
				e.diags.Add(convert.CodeSolverSettingsDropped, convert.DocumentSubject(), "option/flag", "flag %s=%q is not written (not understood by every MuJoCo version): the output is simulated with it %sd", a.Name, a.Value, map[bool]string{true: "disable", false: "enable"}[on])
				continue
			}
			e.diags.Add(convert.CodeOptionDropped, convert.DocumentSubject(), "option/flag", "flag %s=%q is not written (not understood by every MuJoCo version)", a.Name, a.Value)
		}
		if len(flag.Attrs) > 0 {
			out.Children = append(out.Children, flag)
		}
	}
	return out
}

// portableFlags are the <flag> attributes MuJoCo 2.2 and MuJoCo 3 both
// read: 2.2 refuses a file with 3's (eulerdamp, island, spring, damper,
// nativeccd ...), and 3 one with 2.2's passive and sensornoise.
var portableFlags = map[string]bool{
	"constraint": true, "equality": true, "frictionloss": true, "limit": true, "contact": true, "gravity": true,
	"clampctrl": true, "warmstart": true, "filterparent": true, "actuation": true, "refsafe": true, "sensor": true,
	"override": true, "energy": true, "fwdinv": true, "multiccd": true,
}

// portable drops attribute forms MuJoCo 2.2 rejects (a two-value tendon
// springlength, the dead band of MuJoCo 3; an actuator's inheritrange,
// written as the control range it stands for, and dampratio).
func (e *emitter) portable(el *Element, section string) *Element {
	if section == "actuator" {
		e.portableActuator(el)
	}
	if section == "tendon" {
		if v, ok := el.Attr("springlength"); ok {
			if f, good := floatsOf(v); good && len(f) == 2 {
				if f[0] == f[1] {
					el.SetAttr("springlength", fmtFloat(f[0]))
				} else {
					el.RemoveAttr("springlength")
					e.diags.Add(convert.CodeTendonApproximated, convert.DocumentSubject(), "tendon/"+el.AttrOr("name", ""), "tendon spring dead band %q is dropped (MuJoCo 2.2 has none); the spring rests at the initial length", v)
				}
			}
		}
	}
	return el
}

func fmtAnchor(p convert.Vec3) string { return fmtFloats(p[0], p[1], p[2]) }

// portableActuator writes a kept actuator's inheritrange as the control
// range MuJoCo 3 derives from it (the target joint's range, scaled about
// its middle) and drops dampratio, which MuJoCo 2.2 refuses and whose
// damping depends on the model's inertia at its initial pose.
func (e *emitter) portableActuator(el *Element) {
	path := "actuator/" + el.Name + nameAttrText(el)
	if v, ok := el.Attr("inheritrange"); ok {
		el.RemoveAttr("inheritrange")
		f, good := floatsOf(v)
		switch lo, hi, limited := e.writtenJointRange(el.AttrOr("joint", "")); {
		case !good || len(f) != 1 || f[0] <= 0:
		case limited:
			mid, half := (lo+hi)/2, f[0]*(hi-lo)/2
			el.SetAttr("ctrlrange", fmtFloats(mid-half, mid+half))
		default:
			e.diags.Add(convert.CodeFieldDropped, convert.DocumentSubject(), path, "inheritrange=%q is not written (MuJoCo 2.2 does not read it) and its target is no limited joint of the output: the actuator's control is not limited", v).Affecting(convert.QDrive)
		}
	}
	if v, ok := el.Attr("dampratio"); ok {
		el.RemoveAttr("dampratio")
		e.diags.Add(convert.CodeFieldDropped, convert.DocumentSubject(), path, "dampratio=%q is not written (MuJoCo 2.2 does not read it, and the damping it stands for depends on the model's inertia): the actuator has no damping", v).Affecting(convert.QDrive)
	}
}

// writtenJointRange is the range of the joint the output writes by that
// name, in the source's sense (a joint written with its axis reversed has
// its range negated).
func (e *emitter) writtenJointRange(name string) (lo, hi float64, limited bool) {
	if name == "" {
		return 0, 0, false
	}
	stack := []*Element{e.worldbody}
	for len(stack) > 0 {
		el := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if el.Name == "joint" && el.AttrOr("name", "") == name {
			r, ok := floatsOf(el.AttrOr("range", ""))
			if !ok || len(r) != 2 || el.AttrOr("limited", "auto") == "false" {
				return 0, 0, false
			}
			if e.flipped[name] {
				return -r[1], -r[0], true
			}
			return r[0], r[1], true
		}
		stack = append(stack, el.Children...)
	}
	return 0, 0, false
}
