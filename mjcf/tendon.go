package mjcf

import (
	"math"

	"github.com/physconv/physconv/convert"
)

// Extras keys for sites and tendons: the MJCF attributes the Graph does
// not model (type, size, rgba, solref …), verbatim, for MJCF output.
const (
	extraSite   = "mjcf.site"
	extraTendon = "mjcf.tendon"
	// extraHeldTendon (tendon): an equality holds this fixed tendon at a
	// length, read as a coupling of its two joints; MJCF output writes the
	// coupling back as that equality.
	extraHeldTendon = "mjcf.held"
	// extraPlaneSize (shape): the size of an MJCF plane, which only draws
	// it (MuJoCo planes are infinite).
	extraPlaneSize = "mjcf.planeSize"
)

// poseAttrs are the attributes a Graph transform replaces.
var poseAttrs = map[string]bool{"name": true, "class": true, "pos": true, "quat": true, "euler": true,
	"axisangle": true, "xyaxes": true, "zaxis": true}

// site adds a <site> as a Graph site on node (the enclosing body's node,
// the root for worldbody); pre is the frame transform since that node.
func (p *parser) site(e *Element, node int, pre convert.Transform, childclass string) error {
	a, err := p.resolve(e, childclass)
	if err != nil {
		return err
	}
	t, err := p.pose(a)
	if err != nil {
		return err
	}
	if ft, err := a.nums("fromto", 6, nil); err != nil {
		return err
	} else if ft != nil {
		t.T = convert.Vec3{(ft[0] + ft[3]) / 2, (ft[1] + ft[4]) / 2, (ft[2] + ft[5]) / 2}
	}
	size, err := a.numsUpTo("size", []float64{0.005, 0, 0})
	if err != nil {
		return err
	}
	name := a.str("name", "")
	if name != "" {
		if _, dup := p.siteByName[name]; dup {
			return errAt(e, "site name %q is used twice", name)
		}
		p.siteByName[name] = len(p.g.Sites)
	}
	rest := otherAttrs(a, poseAttrs)
	delete(rest, "fromto") // the pose above says where it is
	p.g.Sites = append(p.g.Sites, convert.Site{Name: name, Node: node, Transform: pre.Mul(t), Radius: size[0],
		Extras: map[string]any{extraSite: rest}})
	return nil
}

// otherAttrs returns a's resolved attributes outside skip.
func otherAttrs(a attrs, skip map[string]bool) map[string]string {
	m := map[string]string{}
	for k, v := range a.all() {
		if !skip[k] {
			m[k] = v
		}
	}
	return m
}

// tendonAttrs are the tendon attributes the Graph models.
var tendonAttrs = map[string]bool{"name": true, "class": true, "limited": true, "range": true, "stiffness": true,
	"damping": true, "frictionloss": true, "armature": true, "springlength": true, "margin": true,
	"solreflimit": true, "solimplimit": true, "solreffriction": true, "solimpfriction": true}

// tendons reads <tendon>: each spatial or fixed tendon becomes a Graph
// tendon over the sites, geoms and joints read before. A name that does
// not resolve is an error, as in MuJoCo.
func (p *parser) tendons(sec *Element) error {
	for _, c := range sec.Children {
		if c.Name != "spatial" && c.Name != "fixed" {
			p.diags.Add(convert.CodeFieldDropped, convert.SourceSubject(-1), p.path(c), "<%s> is not a tendon; dropped", c.Name).Affecting(convert.QTendon)
			continue
		}
		a, err := p.resolve(&Element{Name: "tendon", Attrs: c.Attrs, Line: c.Line, File: c.File}, "")
		if err != nil {
			return err
		}
		t := convert.Tendon{Name: a.str("name", ""), Kind: convert.TendonKind(c.Name), Min: math.Inf(-1), Max: math.Inf(1)}
		if t.Name != "" {
			if _, dup := p.tendonByName[t.Name]; dup {
				return errAt(c, "tendon name %q is used twice", t.Name)
			}
			p.tendonByName[t.Name] = len(p.g.Tendons)
		}
		lim, err := a.tristate("limited")
		if err != nil {
			return err
		}
		rng, err := a.nums("range", 2, []float64{0, 0})
		if err != nil {
			return err
		}
		limited, err := p.limited(c, "tendon", lim, rng)
		if err != nil {
			return err
		}
		if limited {
			if rng[0] >= rng[1] {
				return errAt(c, "tendon range lower bound must be below the upper")
			}
			t.Min, t.Max = rng[0], rng[1]
		}
		for _, f := range []struct {
			name string
			v    *float64
		}{{"stiffness", &t.Stiffness}, {"damping", &t.Damping}, {"frictionloss", &t.FrictionLoss}, {"armature", &t.Armature}, {"margin", &t.Margin}} {
			if *f.v, err = a.num(f.name, 0); err != nil {
				return err
			}
		}
		sl, err := a.numsUpTo("springlength", []float64{-1, -1})
		if err != nil {
			return err
		}
		if a.has("springlength") && sl[0] >= 0 {
			hi := sl[1]
			if hi < sl[0] {
				hi = sl[0] // one value: no dead band
			}
			t.SpringLength = &[2]float64{sl[0], hi}
		}
		solver, err := solverParams(a, tendonSolverDefaults)
		if err != nil {
			return err
		}
		if solver != nil {
			t.Solver = &convert.JointSolver{Class: solverTendon, Params: solver}
		}
		rest := otherAttrs(a, tendonAttrs)
		if c.Name == "fixed" {
			for _, k := range []string{"width", "rgba", "material", "group"} { // visual settings only spatial tendons take
				delete(rest, k)
			}
		}
		t.Extras = map[string]any{extraTendon: rest}
		for _, pe := range c.Children {
			pt, err := p.tendonPoint(c.Name, pe)
			if err != nil {
				return err
			}
			t.Path = append(t.Path, pt)
		}
		if len(t.Path) == 0 {
			return errAt(c, "tendon has no path elements")
		}
		p.g.Tendons = append(p.g.Tendons, t)
	}
	return nil
}

// tendonPoint reads one path element of a spatial or fixed tendon.
func (p *parser) tendonPoint(kind string, e *Element) (convert.TendonPoint, error) {
	site := func(attr string, required bool) (int, error) {
		name, ok := e.Attr(attr)
		if !ok && !required {
			return -1, nil
		}
		s, found := p.siteByName[name]
		if !found {
			return -1, p.unknownName(e, "unknown site %q", name)
		}
		return s, nil
	}
	switch {
	case kind == "spatial" && e.Name == "site":
		s, err := site("site", true)
		return convert.SitePoint(s), err
	case kind == "spatial" && e.Name == "geom":
		name := e.AttrOr("geom", "")
		g, ok := p.geomNodes[name]
		if !ok {
			return convert.TendonPoint{}, p.unknownName(e, "unknown geom %q", name)
		}
		side, err := site("sidesite", false)
		return convert.WrapPoint(g, side), err
	case kind == "spatial" && e.Name == "pulley":
		d, err := attrs{e: e, def: map[string]string{"divisor": e.AttrOr("divisor", "0")}}.num("divisor", 0)
		if err == nil && !(d > 0) {
			err = errAt(e, "pulley divisor must be positive")
		}
		return convert.PulleyPoint(d), err
	case kind == "fixed" && e.Name == "joint":
		name := e.AttrOr("joint", "")
		ref, ok := p.joints[name]
		if !ok {
			return convert.TendonPoint{}, p.unknownName(e, "unknown joint %q", name)
		}
		key := ""
		names, _ := p.g.Nodes[ref.node].Joint.Extras[extraJointNames].(map[string]string)
		for _, k := range sortedKeys(names) {
			if names[k] == name {
				key = k
			}
		}
		if key == "" || key == "angular" {
			return convert.TendonPoint{}, errAt(e, "joint %q in a fixed tendon must be a hinge or slide", name)
		}
		coef, err := attrs{e: e, def: map[string]string{"coef": e.AttrOr("coef", "0")}}.num("coef", 0)
		// the coefficient multiplies the Graph axis' coordinate, which
		// runs against an MJCF axis the frame reversed
		if signs, _ := p.g.Nodes[ref.node].Joint.Extras[extraJointSigns].(map[string]float64); signs[key] < 0 {
			coef = -coef
		}
		if ref.single {
			key = ""
		}
		return convert.JointPoint(ref.node, key, coef), err
	}
	return convert.TendonPoint{}, errAt(e, "<%s> is not a path element of a %s tendon", e.Name, kind)
}

// tendonCoupling reads an equality that holds a fixed tendon over two
// one-axis joints at its initial length (c1·q1 + c2·q2 = a0) as the
// coupling q2 = −c1/c2·q1 + a0/c2; ok is false for any other tendon
// equality.
func (p *parser) tendonCoupling(c *Element, a attrs) (ok bool, err error) {
	if a.has("tendon2") {
		return false, nil
	}
	name := a.str("tendon1", "")
	k, found := p.tendonByName[name]
	if !found {
		return false, p.unknownName(c, "unknown tendon1 %q", name)
	}
	coef, err := a.numsUpTo("polycoef", []float64{0, 1, 0, 0, 0})
	if err != nil {
		return false, err
	}
	t := p.g.Tendons[k]
	if t.Kind != convert.FixedTendon || len(t.Path) != 2 {
		return false, nil
	}
	l, f := t.Path[0], t.Path[1]
	if l.JointAxis != "" || f.JointAxis != "" || f.Coef == 0 || l.Joint == f.Joint {
		return false, nil
	}
	solver, err := couplingSolver(a)
	if err != nil {
		return false, err
	}
	p.g.Couplings = append(p.g.Couplings, convert.Coupling{Follower: f.Joint, Leader: l.Joint, Multiplier: -l.Coef / f.Coef, Offset: coef[0] / f.Coef, Solver: solver})
	if p.g.Tendons[k].Extras == nil {
		p.g.Tendons[k].Extras = map[string]any{}
	}
	p.g.Tendons[k].Extras[extraHeldTendon] = true
	p.diags.Add(convert.CodeTendonAsCoupling, convert.CouplingSubject(len(p.g.Couplings)-1), p.path(c),
		"fixed tendon %q held at constant length couples its joints: %s = %g·%s + %g", name, p.g.NodeLabel(f.Joint), -l.Coef/f.Coef, p.g.NodeLabel(l.Joint), coef[0]/f.Coef)
	return true, nil
}
