package urdf

import (
	"fmt"
	"math"
	"strings"

	"github.com/physconv/physconv/convert"
	"github.com/physconv/physconv/internal/xmlx"
)

// Contact parameters robot files carry for their simulators:
//
//	<gazebo reference="link"><mu1>0.8</mu1><mu2>0.8</mu2><kp>1e6</kp><kd>1</kd></gazebo>
//	<link name="link"><contact><lateral_friction value="0.8"/><rolling_friction value="0.01"/>
//	  <spinning_friction value="0.01"/><restitution value="0.2"/><stiffness value="1e6"/><damping value="1"/></contact></link>
//
// Parse reads them as the physics material of the link's collisions and
// takes them out of the elements kept verbatim; Emit writes a material
// back in the Gazebo form (and the Bullet form for what Gazebo's lacks).

// gazeboContact and bulletContact map the tags to Material fields.
var (
	gazeboContact = []string{"mu1", "mu2", "kp", "kd"}
	bulletContact = map[string]func(*convert.Material, float64){
		"lateral_friction":  func(m *convert.Material, v float64) { m.StaticFriction, m.DynamicFriction = v, v },
		"rolling_friction":  func(m *convert.Material, v float64) { m.RollingFriction = v },
		"spinning_friction": func(m *convert.Material, v float64) { m.SpinningFriction = v },
		"restitution":       func(m *convert.Material, v float64) { m.Restitution = v },
		"stiffness":         func(m *convert.Material, v float64) { m.ContactStiffness = v },
		"damping":           func(m *convert.Material, v float64) { m.ContactDamping = v },
	}
)

// contactValue reads a non-negative number from a tag's text or value.
func contactValue(c *xmlElement) (float64, error) {
	s, ok := c.Attr("value")
	if !ok {
		s = c.Text()
	}
	v, err := urdfNumber(s)
	if err != nil || v < 0 || v > convert.MaxMass {
		return 0, convert.ErrorAtLine(c.Line, "<%s> must be a non-negative number, not %q", c.Name, s)
	}
	return v, nil
}

// contacts reads every link's contact parameters into Graph materials and
// returns the material index of each link that has some.
func (p *parser) contacts() (map[string]int, error) {
	mats := map[string]*convert.Material{}
	from := map[string]string{}
	var keep []*xmlElement
	for _, e := range p.r.extras {
		ref, _ := e.Attr("reference")
		if e.Name != "gazebo" || p.links[ref] == nil {
			keep = append(keep, e)
			continue
		}
		vals := map[string]float64{}
		rest := &xmlx.Element{Kind: e.Kind, Name: e.Name, Attrs: e.Attrs, Line: e.Line, File: e.File}
		meaningful, gravity := false, false
		for _, c := range e.Children {
			if off, ok := gazeboGravityOff(c); ok {
				if p.gravityOff == nil {
					p.gravityOff = map[string]bool{}
				}
				p.gravityOff[ref], gravity = off, true
				continue
			}
			if c.Kind == xmlx.ElementNode && contains(gazeboContact, c.Name) {
				v, err := contactValue(c)
				if err != nil {
					return nil, err
				}
				vals[c.Name] = v
				continue
			}
			rest.Children = append(rest.Children, c)
			meaningful = meaningful || c.Kind == xmlx.ElementNode
		}
		if meaningful || len(vals) == 0 && !gravity {
			keep = append(keep, rest)
		}
		if len(vals) == 0 {
			continue
		}
		m := mats[ref]
		if m == nil {
			m = &convert.Material{Name: ref, StaticFriction: 1, DynamicFriction: 1} // Gazebo's default mu
			mats[ref] = m
		}
		mu1, has1 := vals["mu1"]
		mu2, has2 := vals["mu2"]
		switch {
		case has1:
			m.StaticFriction, m.DynamicFriction = mu1, mu1
			if has2 && mu2 != mu1 {
				p.diags.Add(convert.CodeFrictionAnisotropic, convert.DocumentSubject(), fmt.Sprintf("robot/gazebo[%s]", ref), "link %q: mu2 %g differs from mu1 %g; friction is isotropic here and %g is used", ref, mu2, mu1, mu1)
			}
		case has2:
			m.StaticFriction, m.DynamicFriction = mu2, mu2
		}
		if v, ok := vals["kp"]; ok {
			m.ContactStiffness = v
		}
		if v, ok := vals["kd"]; ok {
			m.ContactDamping = v
		}
		from[ref] = "Gazebo"
	}
	p.r.extras = keep
	for i := range p.r.Links {
		l := &p.r.Links[i]
		var kept []*xmlElement
		for _, e := range l.extras {
			if e.Name != "contact" {
				kept = append(kept, e)
				continue
			}
			rest := &xmlx.Element{Kind: e.Kind, Name: e.Name, Attrs: e.Attrs, Line: e.Line, File: e.File}
			m := mats[l.Name]
			if m == nil {
				m = &convert.Material{Name: l.Name, StaticFriction: 0.5, DynamicFriction: 0.5} // Bullet's default lateral friction
			}
			read := false
			for _, c := range e.Children {
				if c.Kind == xmlx.ElementNode && c.Name == "inertia_scaling" {
					if err := p.inertiaScaling(l, c); err != nil {
						return nil, err
					}
				}
				set, ok := bulletContact[c.Name]
				if c.Kind != xmlx.ElementNode || !ok || from[l.Name] == "Gazebo" && c.Name == "lateral_friction" {
					rest.Children = append(rest.Children, c)
					continue
				}
				v, err := contactValue(c)
				if err != nil {
					return nil, err
				}
				set(m, v)
				read = true
			}
			if read {
				mats[l.Name] = m
				from[l.Name] = strings.TrimSpace(from[l.Name] + " Bullet")
			}
			if !read || hasElements(rest) {
				kept = append(kept, rest)
			}
		}
		l.extras = kept
	}
	out := map[string]int{}
	for _, l := range p.r.Links {
		m := mats[l.Name]
		if m == nil {
			continue
		}
		out[l.Name] = len(p.g.Materials)
		p.g.Materials = append(p.g.Materials, *m)
		p.diags.Add(convert.CodeContactMaterialRead, convert.MaterialSubject(out[l.Name]), linkPath(&l),
			"%s contact parameters of link %q are the physics material of its collisions (friction %g, restitution %g)", from[l.Name], l.Name, m.DynamicFriction, m.Restitution)
	}
	return out, nil
}

// inertiaScaling says what Bullet's <contact><inertia_scaling> of link l
// changes: Bullet multiplies by it the inertia it computes from the
// link's collision shapes (its default unless told to use the file's),
// while physconv reads the link's <inertial>, as ROS tools and MuJoCo do.
// The element stays with the link for URDF output.
func (p *parser) inertiaScaling(l *Link, c *xmlElement) error {
	v, err := contactValue(c)
	if err != nil || v == 1 {
		return err
	}
	p.diags.Add(convert.CodeBulletInertiaScaling, convert.DocumentSubject(), linkPath(l),
		"link %q: Bullet multiplies the inertia it computes from the collision shapes by <inertia_scaling value=\"%g\"> (unless it is told to use the file's); the link's <inertial> is read as written, as ROS tools and MuJoCo read it", l.Name, v)
	return nil
}

// defaultContact is the material a collision without contact parameters
// touches with: URDF names no friction, and the simulators that read it
// take 1 (Gazebo's ODE mu and mu2, MuJoCo's URDF import).
func defaultContact() convert.Material {
	return convert.Material{StaticFriction: 1, DynamicFriction: 1}
}

// isURDFDefault reports a material a URDF says by saying nothing:
// defaultContact's friction and none of the other contact values.
// (A combine rule has no URDF form either way.)
func isURDFDefault(m convert.Material) bool {
	d := defaultContact()
	return m.StaticFriction == d.StaticFriction && m.DynamicFriction == d.DynamicFriction && m.Restitution == 0 &&
		m.RollingFriction == 0 && m.SpinningFriction == 0 && m.ContactStiffness == 0 && m.ContactDamping == 0
}

// defaultMaterial returns the Graph material of collisions without
// contact parameters, added with its diagnostic when link's is the first.
func (p *parser) defaultMaterial(l *Link) int {
	if p.defaultMat < 0 {
		p.defaultMat = len(p.g.Materials)
		p.g.Materials = append(p.g.Materials, defaultContact())
		p.diags.Add(convert.CodeURDFFrictionDefault, convert.MaterialSubject(p.defaultMat), linkPath(l),
			"collisions without Gazebo or Bullet contact parameters (first: link %q) have friction 1, as Gazebo and MuJoCo's URDF import simulate them", l.Name)
	}
	return p.defaultMat
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

func hasElements(e *xmlElement) bool {
	for _, c := range e.Children {
		if c.Kind == xmlx.ElementNode {
			return true
		}
	}
	return false
}

// noteMaterial records collider node i on link li.
func (e *emitter) noteMaterial(li, i int) {
	if e.linkMats == nil {
		e.linkMats = map[int][]int{}
	}
	e.linkMats[li] = append(e.linkMats[li], i)
}

// contactMaterials writes each link's material as a Gazebo reference
// block, and as a Bullet <contact> when it has restitution or rolling or
// spinning friction (which Gazebo's tags lack). Contact parameters are
// per link: the first collision's material stands for all.
func (e *emitter) contactMaterials() {
	for li := range e.r.Links {
		nodes := e.linkMats[li]
		if len(nodes) == 0 {
			continue
		}
		// every collision touches with its material, or glTF's default
		// when it has none: URDF's default (friction 1) is another
		matOf := func(n int) convert.Material {
			if m := e.g.Nodes[n].Collider.Material; m >= 0 && m < len(e.g.Materials) {
				return e.g.Materials[m]
			}
			return convert.DefaultMaterial()
		}
		// the first collision that has a material stands for the link, or
		// the first one when none has
		owner := nodes[0]
		for _, n := range nodes {
			if m := e.g.Nodes[n].Collider.Material; m >= 0 && m < len(e.g.Materials) {
				owner = n
				break
			}
		}
		m := matOf(owner)
		link := &e.r.Links[li]
		for _, n := range nodes {
			if n != owner && matOf(n) != m {
				e.diags.Add(convert.CodeMaterialPerLink, e.colliderSubject(n), e.g.NodeLabel(n), "link %q has collisions with different physics materials; this one is written with the material of %s", link.Name, e.g.NodeLabel(owner))
			}
		}
		subject := e.colliderSubject(owner)
		if i := e.g.Nodes[owner].Collider.Material; i >= 0 && i < len(e.g.Materials) {
			subject = convert.MaterialSubject(i)
		}
		f := m.DynamicFriction
		if m.StaticFriction != m.DynamicFriction {
			f = math.Max(m.StaticFriction, m.DynamicFriction)
			e.diags.Add(convert.CodeFrictionApproximated, subject, link.Name, "static %g and dynamic %g friction become Gazebo's single mu %g", m.StaticFriction, m.DynamicFriction, f)
		}
		if m.FrictionCombine != "" || m.RestitutionCombine != "" {
			e.diags.Add(convert.CodeCombineDropped, subject, link.Name, "friction combine %q and restitution combine %q have no URDF form; the simulator's own rule applies", m.FrictionCombine, m.RestitutionCombine)
		}
		if isURDFDefault(m) {
			continue // what a URDF without contact parameters means
		}
		gz := &xmlElement{Name: "gazebo", Attrs: []xmlx.Attr{{Name: "reference", Value: link.Name}}}
		tag := func(parent *xmlElement, name string, v float64, asAttr bool) {
			c := &xmlElement{Name: name}
			if asAttr {
				c.Attrs = []xmlx.Attr{{Name: "value", Value: xmlx.Num(v)}}
			} else {
				c.Children = []*xmlElement{{Kind: xmlx.TextNode, Data: xmlx.Num(v)}}
			}
			parent.Children = append(parent.Children, c)
		}
		tag(gz, "mu1", f, false)
		tag(gz, "mu2", f, false)
		if m.ContactStiffness != 0 {
			tag(gz, "kp", m.ContactStiffness, false)
		}
		if m.ContactDamping != 0 {
			tag(gz, "kd", m.ContactDamping, false)
		}
		e.r.extras = append(e.r.extras, gz)
		if m.Restitution != 0 || m.RollingFriction != 0 || m.SpinningFriction != 0 {
			c := &xmlElement{Name: "contact"}
			tag(c, "lateral_friction", f, true)
			for _, x := range []struct {
				name string
				v    float64
			}{{"rolling_friction", m.RollingFriction}, {"spinning_friction", m.SpinningFriction}, {"restitution", m.Restitution}} {
				if x.v != 0 {
					tag(c, x.name, x.v, true)
				}
			}
			link.extras = append(append([]*xmlElement(nil), link.extras...), c)
		}
	}
}
