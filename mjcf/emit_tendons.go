package mjcf

import (
	"math"

	"github.com/physconv/physconv/convert"
)

// holder returns the element that holds what is fixed to node n (its
// body's <body>, or worldbody), that element's world frame, and the node
// whose frame it is (-1 when none is).
func (e *emitter) holder(n int) (*Element, convert.Transform, int) {
	b := -1
	if n >= 0 {
		b = e.g.BodyOf(n)
	}
	el, ok := e.bodyElems[b]
	if b < 0 || !ok || el == e.worldbody {
		for _, r := range e.g.Roots {
			if e.g.Nodes[r].Extras[extraRoot] == true && e.g.Nodes[r].Motion == nil {
				return e.worldbody, e.world, r
			}
		}
		return e.worldbody, e.world, -1
	}
	if pb, folded := e.stackParent[b]; folded {
		return el, e.bodyWorld(pb), pb
	}
	return el, e.bodyWorld(b), b
}

// siteFrame is site s in the frame of holder node h: composed along the
// path from h down to the site's node when h is above it (exact for a
// site written back into its own body), else through the world.
func (e *emitter) siteFrame(s convert.Site, ref convert.Transform, h int) convert.Transform {
	for a := s.Node; h >= 0 && a >= 0; a = e.g.Nodes[a].Parent {
		if a == h {
			t := e.g.RelativeTransform(s.Node, h).Mul(s.Transform)
			t.T = t.T.Mul(e.frames.World(h).S)
			t.S = convert.Vec3{1, 1, 1}
			return t
		}
	}
	w := s.Transform
	if s.Node >= 0 {
		w = e.frames.World(s.Node).Mul(s.Transform)
	}
	return relative(ref, w)
}

// sites writes every Graph site into the body that holds its node.
func (e *emitter) sites() {
	e.siteNames = make([]string, len(e.g.Sites))
	for i, s := range e.g.Sites {
		el, ref, h := e.holder(s.Node)
		st := &Element{Name: "site"}
		e.siteNames[i] = e.uniqueName("site", s.Name)
		st.SetAttr("name", e.siteNames[i])
		setPose(st, e.siteFrame(s, ref, h))
		extras, _ := s.Extras[extraSite].(map[string]string)
		if _, ok := extras["size"]; !ok && s.Radius > 0 {
			st.SetAttr("size", fmtFloat(s.Radius))
		}
		for _, k := range sortedKeys(extras) {
			if k != "material" { // render materials are not written
				st.SetAttr(k, extras[k])
			}
		}
		el.Children = append(el.Children, st)
	}
}

// tendons writes the Graph's tendons; one whose sites, geoms or joints
// the output does not have is dropped with a diagnostic.
func (e *emitter) tendons() {
	sec := &Element{Name: "tendon"}
	e.tendonNames = make([]string, len(e.g.Tendons))
	for k := range e.g.Tendons {
		t := &e.g.Tendons[k]
		el, missing := e.tendonElement(t)
		if missing != "" {
			e.diags.Add(convert.CodeTendonDropped, convert.TendonSubject(k), "tendon/"+t.Name, "tendon %q passes %s, which the output does not have; dropped", t.Name, missing)
			continue
		}
		e.tendonNames[k] = el.AttrOr("name", "")
		sec.Children = append(sec.Children, e.portable(el, "tendon"))
	}
	if len(sec.Children) > 0 {
		e.tendon = sec
	}
}

// tendonElement builds one <spatial> or <fixed>; missing names a path
// element that cannot be written.
func (e *emitter) tendonElement(t *convert.Tendon) (el *Element, missing string) {
	el = &Element{Name: string(t.Kind)}
	for _, pt := range t.Path {
		c, miss := e.pathElement(pt)
		if miss != "" {
			return nil, miss
		}
		el.Children = append(el.Children, c)
	}
	if t.Name != "" {
		el.SetAttr("name", e.uniqueName("tendon", t.Name))
	}
	if t.Limited() {
		lo, hi := t.Min, t.Max
		if math.IsInf(lo, -1) {
			lo = -unboundedTendon
			if t.Kind == convert.SpatialTendon {
				lo = 0
			}
		}
		if math.IsInf(hi, 1) {
			hi = unboundedTendon
		}
		el.SetAttr("limited", "true")
		el.SetAttr("range", fmtFloats(lo, hi))
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"stiffness", t.Stiffness}, {"damping", t.Damping}, {"frictionloss", t.FrictionLoss}, {"margin", t.Margin}} {
		if f.v != 0 {
			el.SetAttr(f.name, fmtFloat(f.v))
		}
	}
	if t.Armature != 0 {
		e.diags.Add(convert.CodeTendonApproximated, convert.DocumentSubject(), "tendon/"+t.Name, "tendon armature %s is not written (MuJoCo 2.2 has none); the tendon adds no inertia", fmtFloat(t.Armature)).Affecting(convert.QTendon)
	}
	if sl := t.SpringLength; sl != nil {
		el.SetAttr("springlength", fmtFloats(sl[0], sl[1]))
	}
	if t.Solver != nil {
		if t.Solver.Class == solverTendon {
			attrs := solverAttrs(t.Solver.Params)
			for _, k := range sortedKeys(attrs) {
				el.SetAttr(k, attrs[k])
			}
		} else {
			e.diags.Add(convert.CodeTendonApproximated, convert.DocumentSubject(), "tendon/"+t.Name, "%s solver parameters do not apply to an MJCF tendon: %s", t.Solver.Class, t.Solver.Text()).Affecting(convert.QTendon)
		}
	}
	extras, _ := t.Extras[extraTendon].(map[string]string)
	for _, k := range sortedKeys(extras) {
		if k != "material" {
			el.SetAttr(k, extras[k])
		}
	}
	return el, ""
}

// unboundedTendon stands for a missing bound of a limited tendon (MJCF
// ranges have two).
const unboundedTendon = 1e10

func (e *emitter) pathElement(pt convert.TendonPoint) (*Element, string) {
	switch {
	case pt.Site >= 0:
		return &Element{Name: "site", Attrs: []Attr{{Name: "site", Value: e.siteNames[pt.Site]}}}, ""
	case pt.Geom >= 0:
		if _, ok := e.geomElems[pt.Geom]; !ok {
			return nil, "geom " + e.names[pt.Geom]
		}
		c := &Element{Name: "geom", Attrs: []Attr{{Name: "geom", Value: e.geomName(pt.Geom)}}}
		if pt.SideSite >= 0 {
			c.SetAttr("sidesite", e.siteNames[pt.SideSite])
		}
		return c, ""
	case pt.Joint >= 0:
		name := e.single(pt.Joint)
		if pt.JointAxis != "" {
			name = e.jointNames[pt.Joint].name(pt.JointAxis)
		}
		if name == "" {
			return nil, "joint " + e.names[pt.Joint]
		}
		coef := pt.Coef
		if e.tree.Reversed(pt.Joint) {
			coef = -coef // the written joint measures the opposite way
		}
		return &Element{Name: "joint", Attrs: []Attr{{Name: "joint", Value: name}, {Name: "coef", Value: fmtFloat(coef)}}}, ""
	}
	return &Element{Name: "pulley", Attrs: []Attr{{Name: "divisor", Value: fmtFloat(pt.Divisor)}}}, ""
}
