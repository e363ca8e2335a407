package mjcf

import "github.com/physconv/physconv/convert"

// class is one <default> class: for each element kind the attribute values
// it sets, already merged with its parent class.
type class struct {
	name   string
	parent *class
	kinds  map[string]map[string]string
	line   int
	// actuators are the actuator elements of the class's defaults and
	// its parents', in the order MuJoCo applies them to its one actuator
	// default (resolvedActuator)
	actuators []*Element
}

// defaultKind maps an element name to the defaults kind it reads. All
// actuator shortcuts share one kind in MuJoCo; each keeps its own name
// here, and resolvedActuator applies them as MuJoCo does where they mix.
func defaultKind(name string) string { return name }

// collectDefaults walks the <default> tree under e (the top <default> is
// class "main") and fills p.classes.
func (p *parser) collectDefaults(e *Element, parent *class) error {
	name, ok := e.Attr("class")
	if !ok {
		if parent != nil {
			return errAt(e, "nested <default> needs a class attribute")
		}
		name = "main"
	}
	if parent == nil && name != "main" && !p.attachedDefaults[e] {
		// MuJoCo 2 took the top class under any name as the one every
		// element without a class uses; MuJoCo 3 refuses the rename
		p.diags.Add(convert.CodeDefaultClassRenamed, convert.DocumentSubject(), p.path(e),
			"the top-level default class is named %q: it is read as MuJoCo 2 read it, the class of every element without one (MuJoCo 3 refuses the rename); MJCF output writes the values it gives", name)
		if err := p.collectDefaults(withoutClass(e), nil); err != nil {
			return err
		}
		if old, dup := p.classes[name]; dup {
			return errAt(e, "default class %q is defined twice (again at line %d)", name, old.line)
		}
		p.classes[name] = p.classes["main"]
		return nil
	}
	if old, dup := p.classes[name]; dup && !(name == "main" && parent == nil) {
		return errAt(e, "default class %q is defined twice (first at line %d)", name, old.line)
	}
	c, reuse := p.classes[name]
	if !reuse {
		c = &class{name: name, parent: parent, kinds: map[string]map[string]string{}, line: e.Line}
		if parent != nil {
			c.actuators = append([]*Element(nil), parent.actuators...)
			for k, m := range parent.kinds {
				cp := make(map[string]string, len(m))
				for a, v := range m {
					cp[a] = v
				}
				c.kinds[k] = cp
			}
		}
		p.classes[name] = c
	}
	var subs []*Element
	for _, ch := range e.Children {
		if ch.Name == "default" {
			subs = append(subs, ch)
			continue
		}
		if isActuatorElement(ch.Name) {
			c.actuators = append(c.actuators, ch)
		}
		k := defaultKind(ch.Name)
		m := c.kinds[k]
		if m == nil {
			m = map[string]string{}
			c.kinds[k] = m
		}
		for _, a := range ch.Attrs {
			m[a.Name] = a.Value
		}
	}
	for _, s := range subs {
		if err := p.collectDefaults(s, c); err != nil {
			return err
		}
	}
	return nil
}

// withoutClass is a copy of e without its class attribute.
func withoutClass(e *Element) *Element {
	cp := *e
	cp.Attrs = nil
	for _, a := range e.Attrs {
		if a.Name != "class" {
			cp.Attrs = append(cp.Attrs, a)
		}
	}
	return &cp
}

// resolve returns e's attributes over the defaults of its class: its own
// class attribute, else the active childclass, else "main".
func (p *parser) resolve(e *Element, childclass string) (attrs, error) {
	cls := childclass
	if v, ok := e.Attr("class"); ok {
		cls = v
	}
	if cls == "" {
		cls = "main"
	}
	c, ok := p.classes[cls]
	if !ok && cls != "main" {
		return attrs{}, errAt(e, "unknown default class %q", cls)
	}
	a := ownAttrs(e)
	if c != nil {
		a.def = c.kinds[defaultKind(e.Name)]
	}
	return a, nil
}
