package mjcf

import (
	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/convert/kin"
	"github.com/physconv/physconv/convert/mass"
)

// bodyState collects what a body's children contribute before its mass
// properties and joints can be settled.
type bodyState struct {
	// parts are collected only when the body's mass properties come
	// from its geoms (massFromGeoms), not from an <inertial>.
	parts         []massPart
	massFromGeoms bool
	// moving: the body or an ancestor has a joint (MuJoCo allows planes
	// only in static bodies).
	moving bool
}

// bodyMotion is a body's Motion together with the mass properties its
// pointers point to, allocated as one (a large model has thousands of
// bodies).
type bodyMotion struct {
	motion             convert.Motion
	mass               float64
	com, inertia       convert.Vec3
	inertiaOrientation convert.Quat
}

// body adds one <body> as a node with Motion under its parent body's node,
// then its geoms, child bodies, mass properties and joints. Bodies nest as
// deep as the model's chains, and the walk recurses once per body: what
// is done before and after the children is in functions of its own, so
// that each level holds a small frame on the stack (a chain of 2,000
// bodies would otherwise grow the stack to megabytes, copied as it grows
// and scanned by every garbage collection).
func (p *parser) body(e *Element, parentNode int, pre convert.Transform, childclass string) error {
	b, err := p.openBody(e, parentNode, pre, childclass)
	if err != nil {
		return err
	}
	// the states are values: a body finds its own by its depth, as its
	// children's may move the list
	depth := len(p.states)
	p.states = append(p.states, b.state)
	defer func() { p.states = p.states[:depth] }()
	if err := p.children(e, b.node, b.node, convert.Identity(), b.childclass); err != nil {
		return err
	}
	if err := p.bodyMass(e, b.node, b.motion, p.states[depth].parts); err != nil {
		return err
	}
	first := len(p.g.Nodes)
	if err := p.bodyJoints(e, b.node, parentNode, b.local, b.childclass, b.mocap); err != nil {
		return err
	}
	if depth > 0 && !p.states[depth-1].moving {
		p.weldedParentJoints(first, parentNode, b.node)
	}
	return nil
}

// weldedParentJoints lets the joints bodyJoints made from node first on
// collide with the parent body: MuJoCo counts a body without joints
// below the world body as the world's, and does not filter the contacts
// of the world with its children, as it does a moving parent's (a
// robot's first link touches its fixed base). An <exclude> of the two
// bodies takes that back (contacts reads it into the joints).
func (p *parser) weldedParentJoints(first, parent, body int) {
	for k := first; k < len(p.g.Nodes); k++ {
		if j := p.g.Nodes[k].Joint; j != nil && kin.Classify(j).Kind != kin.KindFixed {
			j.EnableCollision = true
			if p.weldedJoints == nil {
				p.weldedJoints = map[[2]int][]int{}
			}
			pair := nodePair(parent, body)
			p.weldedJoints[pair] = append(p.weldedJoints[pair], k)
		}
	}
}

// openedBody is what openBody settles of a body before its children.
type openedBody struct {
	node       int
	motion     *bodyMotion
	local      convert.Transform // the body's pose in its parent body
	childclass string
	mocap      bool
	state      bodyState
}

// openBody adds the body's node and prepares the state its children
// contribute to.
func (p *parser) openBody(e *Element, parentNode int, pre convert.Transform, childclass string) (openedBody, error) {
	own := ownAttrs(e)
	t, err := p.pose(own)
	if err != nil {
		return openedBody{}, err
	}
	local := pre.Mul(t)
	cc := own.str("childclass", childclass)
	if _, ok := p.classes[cc]; cc != "" && !ok {
		return openedBody{}, errAt(e, "unknown childclass %q", cc)
	}
	mocap, err := own.boolean("mocap", false)
	if err != nil {
		return openedBody{}, err
	}
	name := own.str("name", "")
	kind := convert.Dynamic
	if mocap {
		kind = convert.Kinematic
	}
	var extras map[string]any
	if p.forReport {
		// the spelling is for writers only
	} else if rpy, ok := p.spelledRPY(own); ok && pre.R == convert.IdentityQuat() {
		extras = map[string]any{convert.ExtraRotationRPY: rpy}
	} else if q, ok := p.spelledQuat(own); ok && pre.R == convert.IdentityQuat() {
		extras = map[string]any{convert.ExtraRotationQuat: q}
	}
	bm := &bodyMotion{motion: convert.Motion{Kind: kind, GravityFactor: 1}}
	node := p.g.AddNode(convert.Node{Name: name, Transform: local, Motion: &bm.motion, Extras: extras}, parentNode)
	p.bodyNodes = append(p.bodyNodes, node)
	if name != "" {
		if _, dup := p.bodyByName[name]; dup {
			return openedBody{}, errAt(e, "body name %q is used twice", name)
		}
		p.bodyByName[name] = node
	}
	if gc, err := own.num("gravcomp", 0); err != nil {
		return openedBody{}, err
	} else if gc != 0 {
		p.g.Nodes[node].Motion.GravityFactor = 1 - gc
		p.diags.Add(convert.CodeGravityCompensation, convert.BodySubject(node), p.path(e), "gravcomp=%s is written as gravity factor %s", fmtFloat(gc), fmtFloat(1-gc))
	}

	var st bodyState
	geoms, bodies, hasInertial := 0, 0, false
	for _, c := range e.Children {
		switch c.Name {
		case "geom":
			geoms++
		case "body":
			bodies++
		case "inertial":
			hasInertial = true
		}
	}
	moving, free := hasJoint(e)
	if free != nil && len(p.states) > 0 {
		return openedBody{}, errAt(free, "a free joint can only be used in a top-level body (MuJoCo refuses it deeper)")
	}
	st.moving = moving
	if len(p.states) > 0 && p.states[len(p.states)-1].moving {
		st.moving = true
	}
	st.massFromGeoms = p.comp.massFromGeoms(hasInertial)
	if st.massFromGeoms {
		st.parts = make([]massPart, 0, geoms) // room for the parts of the body's own geoms
	}
	if geoms+bodies > 0 {
		// room for the nodes added under the body's node: a node per geom,
		// two per child body (the body and its joint's frame A) and the
		// frame B of its own joint (frames and replicates may add more); a
		// body without geoms or child bodies may have no child nodes, and
		// keeps no list then
		p.g.Nodes[node].Children = make([]int, 0, geoms+2*bodies+1)
	}
	return openedBody{node: node, motion: bm, local: local, childclass: cc, mocap: mocap, state: st}, nil
}

// bodyMass settles the body's mass properties the way MuJoCo's compiler
// does: an explicit <inertial> unless inertiafromgeom="true", else the
// geoms in inertiagrouprange; then boundmass, boundinertia and
// balanceinertia. parts are the mass parts of the body's geoms.
func (p *parser) bodyMass(e *Element, node int, bm *bodyMotion, parts []massPart) error {
	var inertial *Element
	for _, c := range e.Children {
		if c.Name == "inertial" {
			if inertial != nil {
				return errAt(c, "a body has at most one <inertial>")
			}
			inertial = c
		}
	}
	var bodyMassKg float64
	var com convert.Vec3
	var diag convert.Vec3
	rot := convert.IdentityQuat()
	src := convert.Computed
	fromGeoms := p.comp.massFromGeoms(inertial != nil)
	if inertial != nil && p.comp.inertiaFromGeom == "true" {
		p.diags.Add(convert.CodeInertialIgnored, convert.BodySubject(node), p.path(inertial), "compiler inertiafromgeom=\"true\" makes MuJoCo ignore <inertial>; mass properties come from the geoms")
	}
	switch {
	case fromGeoms:
		sel := parts[:0] // filtered in place: parts are not used after
		for _, part := range parts {
			if part.mass > eps {
				sel = append(sel, part)
			}
		}
		for _, part := range sel {
			if part.special {
				// MuJoCo's per-geom rules decide these values; to every other
				// format they are given, not something to recompute
				src = convert.Given
				p.diags.Add(convert.CodeMassFromGeoms, convert.BodySubject(node), p.path(e), "mass properties computed from the geoms with MuJoCo's rules (per-geom mass/density, visual geoms, mesh inertia) and kept as given values")
				break
			}
		}
		if len(sel) > 0 {
			c := combine(sel)
			if c.mass < eps {
				return errAt(e, "body mass is too small to place its centre of mass")
			}
			bodyMassKg, com = c.mass, c.com
			diag, rot = mass.PrincipalAxes(c.inertia)
		}
	case inertial != nil:
		src = convert.Given
		a := ownAttrs(inertial)
		if !a.has("pos") {
			return errAt(inertial, "needs a pos attribute (MuJoCo requires it)")
		}
		if !a.has("mass") {
			return errAt(inertial, "needs a mass attribute")
		}
		t, err := p.pose(a)
		if err != nil {
			return err
		}
		com, rot = t.T, t.R
		if bodyMassKg, err = a.num("mass", 0); err != nil {
			return err
		}
		switch {
		case a.has("fullinertia"):
			if a.has("diaginertia") {
				return errAt(inertial, "fullinertia and diaginertia cannot both be given")
			}
			if form, _ := orientationForm(a); form != "" {
				return errAt(inertial, "fullinertia and an inertia orientation cannot both be given")
			}
			var buf [6]float64
			v, err := a.numsInto(buf[:0], "fullinertia", 6, nil)
			if err != nil {
				return err
			}
			full := convert.Mat3{{v[0], v[3], v[4]}, {v[3], v[1], v[5]}, {v[4], v[5], v[2]}}
			diag, rot = mass.PrincipalAxes(full)
			if diag[0] < 0 || diag[1] < 0 || diag[2] < 0 {
				return errAt(inertial, "fullinertia is not positive semi-definite")
			}
		case a.has("diaginertia"):
			if diag, err = a.vec3("diaginertia", convert.Vec3{}); err != nil {
				return err
			}
		}
	}
	if bodyMassKg < 0 || diag[0] < 0 || diag[1] < 0 || diag[2] < 0 {
		return errAt(e, "mass and inertia cannot be negative")
	}
	if p.comp.boundMass > 0 && bodyMassKg < p.comp.boundMass {
		bodyMassKg = p.comp.boundMass
		p.diags.Add(convert.CodeMassBounded, convert.BodySubject(node), p.path(e), "mass raised to compiler boundmass %s", fmtFloat(bodyMassKg))
	}
	for k := 0; k < 3; k++ {
		if p.comp.boundInertia > 0 && diag[k] < p.comp.boundInertia {
			diag[k] = p.comp.boundInertia
		}
	}
	if diag[0]+diag[1] < diag[2] || diag[0]+diag[2] < diag[1] || diag[1]+diag[2] < diag[0] {
		if !p.comp.balanceInertia {
			return errAt(e, "inertia must satisfy A + B >= C (MuJoCo rejects it; set compiler balanceinertia to fix)")
		}
		avg := (diag[0] + diag[1] + diag[2]) / 3
		diag = convert.Vec3{avg, avg, avg}
		p.diags.Add(convert.CodeInertiaBalanced, convert.BodySubject(node), p.path(e), "inertia broke the triangle inequality; compiler balanceinertia replaced it by its mean %s", fmtFloat(avg))
	}
	bm.mass, bm.com, bm.inertia, bm.inertiaOrientation = bodyMassKg, com, diag, rot
	if inertial != nil && !fromGeoms && bodyMassKg == 0 && diag == (convert.Vec3{}) {
		// where the file puts a massless body's inertial frame, which
		// MuJoCo weighs its constraints at; MJCF output keeps it there
		n := &p.g.Nodes[node]
		if n.Extras == nil {
			n.Extras = map[string]any{}
		}
		n.Extras[convert.ExtraInertiaSpelled] = convert.SpelledInertia{COM: com}
	}
	m := &bm.motion
	m.Mass, m.CenterOfMass, m.InertiaDiagonal, m.InertiaOrientation = &bm.mass, &bm.com, &bm.inertia, &bm.inertiaOrientation
	m.MassSource, m.CenterOfMassSource, m.InertiaSource = src, src, src
	return nil
}

// applyTotalMass scales every body for compiler settotalmass.
func (p *parser) applyTotalMass() {
	if p.comp.setTotalMass <= 0 {
		return
	}
	total := 0.0
	for _, n := range p.bodyNodes {
		total += *p.g.Nodes[n].Motion.Mass
	}
	if total <= 0 {
		return
	}
	s := p.comp.setTotalMass / total
	for _, n := range p.bodyNodes {
		m := p.g.Nodes[n].Motion
		*m.Mass *= s
		*m.InertiaDiagonal = m.InertiaDiagonal.Scale(s)
		m.MassSource = convert.Computed
		m.InertiaSource = convert.Computed
	}
	p.diags.Add(convert.CodeMassScaled, convert.DocumentSubject(), "compiler", "compiler settotalmass=%s scaled every body's mass and inertia by %s", fmtFloat(p.comp.setTotalMass), fmtFloat(s))
}
