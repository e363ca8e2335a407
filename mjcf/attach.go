package mjcf

import (
	"path"
	"strconv"

	"github.com/physconv/physconv/convert"
)

// Internal attributes (no MJCF attribute has these names) that an
// expanded <attach> leaves for the reader.
const (
	// attachCompiler, on the <frame> an attachment became, is the index
	// in parser.attachedCompilers of the attached model's compiler
	// settings, which its elements are read with (angle units, Euler
	// sequence, inertiafromgeom, ...), as MuJoCo reads each element with
	// the settings of the model it comes from.
	attachCompiler = "\x00compiler"
	// assetDir, on an asset copied from an attached model, is the folder
	// its file is found in: the attached model's own folder and its
	// compiler's meshdir or texturedir.
	assetDir = "\x00dir"
)

// Bounds that keep hostile input small: attached models may attach
// others, to this depth, and at most this many attachments are made.
const (
	maxAttachDepth = 16
	maxAttachments = 10000
)

// subModel is one <asset><model>: another MJCF model whose bodies an
// <attach> inserts.
type subModel struct {
	name string
	file string   // its path below the input's folder
	top  *Element // its <mujoco>, includes and own attachments expanded
	comp int      // index in parser.attachedCompilers
	// added: the prefixes its defaults and assets were copied in under
	added map[string]bool
}

// attacher expands the <attach> elements of one model document.
type attacher struct {
	p      *parser
	models map[string]*subModel
	// added collects the <default>, <asset> and section elements the
	// attachments bring, appended to the document at the end
	added []*Element
}

// expandAttachments replaces every <attach model> of the document below
// top by a <frame> holding a copy of what it attaches, as MuJoCo's
// compiler attaches another model: the named body and its subtree (or,
// without body, the whole world body in a frame), every name prefixed;
// the attached model's default classes and assets are copied in under
// prefixed names, and the tendons, equalities, actuators, sensors and
// contact pairs and excludes whose references all lie in what is
// attached come along, renamed alike. The attached elements are read
// with their own model's compiler settings. An <attach> without a model
// (attaching part of this model to itself) is left for the reader,
// which drops it with a warning.
func (p *parser) expandAttachments(top *Element) error {
	return p.expandAttachmentsIn(top, "", []string{p.in.Name})
}

// expandAttachmentsIn is expandAttachments for a document whose files
// are named relative to dir, reached through the model files in stack.
func (p *parser) expandAttachmentsIn(top *Element, dir string, stack []string) error {
	x := &attacher{p: p, models: map[string]*subModel{}}
	for _, sec := range top.Children {
		if sec.Name != "asset" {
			continue
		}
		kept := sec.Children[:0:0]
		for _, c := range sec.Children {
			if c.Name != "model" {
				kept = append(kept, c)
				continue
			}
			if err := x.load(c, dir, stack); err != nil {
				return err
			}
		}
		if len(kept) != len(sec.Children) {
			sec.Children = kept
		}
	}
	for _, c := range top.Children {
		if c.Name == "worldbody" {
			if err := x.walk(c); err != nil {
				return err
			}
		}
	}
	top.Children = append(top.Children, x.added...)
	return nil
}

// load reads the model an <asset><model> names.
func (x *attacher) load(e *Element, dir string, stack []string) error {
	p := x.p
	found, err := namedFile(p.in, e, dir, "read model", &p.diags)
	if err != nil {
		return err
	}
	if len(stack) > maxAttachDepth {
		return errAt(e, "models attach models more than %d deep", maxAttachDepth)
	}
	for _, s := range stack {
		if path.Clean(s) == path.Clean(found) {
			return errAt(e, "attachment cycle: %q attaches itself", found)
		}
	}
	data, err := p.in.Open(found)
	if err != nil {
		return errAt(e, "cannot read model %q: %v", found, err)
	}
	sub, _, err := decode(data, false)
	if err != nil {
		if fe, ok := err.(*convert.FormatError); ok {
			fe.File = found
		}
		return err
	}
	setFile(sub, found)
	subDir := path.Dir(found)
	inc := &includer{in: p.in, seen: map[string]*Element{}, dir: subDir}
	if err := inc.expand(sub, append(stack, found)); err != nil {
		return err
	}
	p.diags = append(p.diags, inc.diags...)
	if err := p.expandAttachmentsIn(sub, subDir, append(stack, found)); err != nil {
		return err
	}
	comp := defaultCompiler()
	for _, c := range sub.Children {
		if c.Name == "compiler" {
			if err := comp.apply(p, c); err != nil {
				return err
			}
		}
	}
	if comp.global {
		return errAt(e, "model %q uses global coordinates, which an attached model cannot", found)
	}
	name := e.AttrOr("name", sub.AttrOr("model", ""))
	if name == "" {
		return errAt(e, "needs a name (the model %q has none)", found)
	}
	if _, dup := x.models[name]; dup {
		return errAt(e, "a model named %q is defined twice", name)
	}
	p.attachedCompilers = append(p.attachedCompilers, comp)
	x.models[name] = &subModel{name: name, file: found, top: sub, comp: len(p.attachedCompilers) - 1, added: map[string]bool{}}
	return nil
}

// walk replaces the <attach> elements below e.
func (x *attacher) walk(e *Element) error {
	for i, c := range e.Children {
		if c.Name != "attach" {
			if err := x.walk(c); err != nil {
				return err
			}
			continue
		}
		if _, ok := c.Attr("model"); !ok {
			continue // self-attachment: dropped with a warning by the reader
		}
		f, err := x.attach(c)
		if err != nil {
			return err
		}
		e.Children[i] = f
	}
	return nil
}

// attach returns the <frame> that attach element e becomes.
func (x *attacher) attach(e *Element) (*Element, error) {
	p := x.p
	if p.attachments++; p.attachments > maxAttachments {
		return nil, errAt(e, "more than %d attachments", maxAttachments)
	}
	m, ok := x.models[e.AttrOr("model", "")]
	if !ok {
		return nil, errAt(e, "unknown model %q (an <asset><model> names the models to attach)", e.AttrOr("model", ""))
	}
	prefix, ok := e.Attr("prefix")
	if !ok {
		return nil, errAt(e, "needs a prefix attribute")
	}
	var world *Element
	for _, c := range m.top.Children {
		if c.Name == "worldbody" {
			world = c
		}
	}
	if world == nil {
		world = &Element{Name: "worldbody"}
	}
	body, hasBody := e.Attr("body")
	frame, hasFrame := e.Attr("frame")
	var what []*Element
	switch {
	case hasBody && hasFrame:
		return nil, errAt(e, "names both a body and a frame; one is allowed")
	case hasBody || hasFrame:
		kind, name := "body", body
		if hasFrame {
			kind, name = "frame", frame
		}
		found := findNamed(world, kind, name)
		if found == nil {
			return nil, errAt(e, "model %q (%s) has no %s named %q", m.name, m.file, kind, name)
		}
		what = []*Element{found}
	default:
		what = world.Children
	}
	if err := p.in.Budget().Nodes("", int64(countAll(what))); err != nil {
		return nil, errAt(e, "attaching model %q: %v", m.name, err)
	}
	out := &Element{Name: "frame", Line: e.Line, File: e.File, Attrs: []Attr{
		{Name: "childclass", Value: prefix + "main"},
		{Name: attachCompiler, Value: strconv.Itoa(m.comp)},
	}}
	attached := map[string]bool{}
	for _, c := range what {
		collectNames(c, attached)
		out.Children = append(out.Children, prefixed(c, prefix))
	}
	if !m.added[prefix] {
		m.added[prefix] = true
		x.addDefaults(m, prefix)
		x.addAssets(m, prefix)
	}
	copied, dropped := x.addReferrers(m, prefix, attached)
	what0 := "the world body"
	if hasBody {
		what0 = "body " + strconv.Quote(body)
	} else if hasFrame {
		what0 = "frame " + strconv.Quote(frame)
	}
	msg := "<attach> of %s of model %q (%s) expanded in place, names prefixed %q"
	args := []any{what0, m.name, m.file, prefix}
	if copied > 0 {
		msg += "; %d tendon, equality, actuator, sensor and contact element(s) that refer to it came along"
		args = append(args, copied)
	}
	if dropped > 0 {
		msg += "; %d that also refer to what is not attached did not"
		args = append(args, dropped)
	}
	keys := 0
	for _, c := range m.top.Children {
		if c.Name == "keyframe" {
			keys += len(c.Children)
		}
	}
	if keys > 0 {
		msg += "; its %d keyframe(s) are left out (each is the attached model's whole state)"
		args = append(args, keys)
	}
	p.diags.Add(convert.CodeAttachExpanded, convert.SourceSubject(-1), elementPath(e), msg, args...)
	return out, nil
}

// findNamed finds the element of kind and name below e, depth first.
func findNamed(e *Element, kind, name string) *Element {
	for _, c := range e.Children {
		if c.Name == kind && c.AttrOr("name", "") == name {
			return c
		}
		if f := findNamed(c, kind, name); f != nil {
			return f
		}
	}
	return nil
}

// countAll counts the elements es and their descendants.
func countAll(es []*Element) int {
	n := 0
	for _, e := range es {
		n += 1 + countElements(e)
	}
	return n
}

// collectNames adds the names of e and its descendants to names.
func collectNames(e *Element, names map[string]bool) {
	if n, ok := e.Attr("name"); ok {
		names[n] = true
	}
	for _, c := range e.Children {
		collectNames(c, names)
	}
}

// prefixedAttrs are the attributes an attached element's copy prefixes:
// its name, its default class, the assets it draws on and the bodies a
// camera or light in it aims at, all of which are renamed alike.
var prefixedAttrs = map[string]bool{
	"name": true, "class": true, "childclass": true, "mesh": true, "material": true,
	"hfield": true, "texture": true, "skin": true, "target": true,
}

// prefixed copies e and its descendants with prefix before every name
// and every reference to a name of the attached model.
func prefixed(e *Element, prefix string) *Element {
	return renameCopy(e, func(a Attr) bool { return prefixedAttrs[a.Name] }, prefix)
}

// renameCopy copies e and its descendants, putting prefix before the
// value of every attribute that rename selects.
func renameCopy(e *Element, rename func(Attr) bool, prefix string) *Element {
	c := *e
	c.Attrs = append([]Attr(nil), e.Attrs...)
	for i, a := range c.Attrs {
		if rename(a) {
			c.Attrs[i].Value = prefix + a.Value
		}
	}
	c.Children = make([]*Element, len(e.Children))
	for i, ch := range e.Children {
		c.Children[i] = renameCopy(ch, rename, prefix)
	}
	return &c
}

// addDefaults copies the attached model's default classes in under
// prefixed names, its top class ("main") as prefix+"main": a class of
// its own, which the frame an attachment becomes makes the child class,
// so attached elements take their own model's defaults and none of this
// one's.
func (x *attacher) addDefaults(m *subModel, prefix string) {
	d := &Element{Name: "default", Attrs: []Attr{{Name: "class", Value: prefix + "main"}}}
	for _, c := range m.top.Children {
		if c.Name != "default" {
			continue
		}
		d.Line, d.File = c.Line, c.File
		for _, k := range c.Children {
			d.Children = append(d.Children, renameCopy(k, func(a Attr) bool { return a.Name == "class" }, prefix))
		}
	}
	x.added = append(x.added, d)
	if x.p.attachedDefaults == nil {
		x.p.attachedDefaults = map[*Element]bool{}
	}
	x.p.attachedDefaults[d] = true
}

// addAssets copies the attached model's assets in under prefixed names;
// files are found where the attached model finds them.
func (x *attacher) addAssets(m *subModel, prefix string) {
	comp := x.p.attachedCompilers[m.comp]
	dir := path.Dir(m.file)
	out := &Element{Name: "asset"}
	for _, sec := range m.top.Children {
		if sec.Name != "asset" {
			continue
		}
		out.Line, out.File = sec.Line, sec.File
		for _, c := range sec.Children {
			a := prefixed(c, prefix)
			file, hasFile := c.Attr("file")
			if _, named := c.Attr("name"); !named && hasFile && c.Name != "skin" {
				// MuJoCo names an unnamed mesh, height field or texture
				// after its file
				base := path.Base(file)
				a.SetAttr("name", prefix+base[:len(base)-len(path.Ext(base))])
			}
			if hasFile {
				sub := comp.meshdir
				if c.Name == "texture" {
					sub = comp.texturedir
				}
				a.Attrs = append(a.Attrs, Attr{Name: assetDir, Value: path.Join(dir, sub)})
			}
			out.Children = append(out.Children, a)
		}
	}
	x.added = append(x.added, out)
}

// referrerSections are the sections whose elements refer to bodies,
// joints, geoms, sites, tendons or actuators, in the order their
// elements may refer to each other's.
var referrerSections = []string{"tendon", "equality", "actuator", "sensor", "contact"}

// addReferrers copies the attached model's section elements whose
// references all lie in attached (names of what was attached, and of the
// elements copied so far, which are added), prefixed; it returns how
// many were copied and how many were left out for referring to elements
// that were not attached. Keyframes are left out: their vectors are the
// attached model's whole state.
func (x *attacher) addReferrers(m *subModel, prefix string, attached map[string]bool) (copied, dropped int) {
	for _, kind := range referrerSections {
		var out *Element
		for _, sec := range m.top.Children {
			if sec.Name != kind {
				continue
			}
			for _, c := range sec.Children {
				if !refersWithin(c, attached) {
					if refersAny(c) {
						dropped++
					}
					continue
				}
				if out == nil {
					out = &Element{Name: kind, Line: sec.Line, File: sec.File}
					x.added = append(x.added, out)
				}
				if n, ok := c.Attr("name"); ok {
					attached[n] = true
				}
				cp := renameCopy(c, func(a Attr) bool {
					return a.Name == "name" || a.Name == "class" || referenceAttrs[a.Name]
				}, prefix)
				if _, ok := c.Attr("class"); !ok && takesClass(kind, c.Name) {
					// the attached model's own defaults, not this one's
					cp.Attrs = append(cp.Attrs, Attr{Name: "class", Value: prefix + "main"})
				}
				out.Children = append(out.Children, cp)
				copied++
			}
		}
	}
	return copied, dropped
}

// takesClass reports whether an element of a section takes a default
// class: tendons, equalities, actuators and contact pairs do; sensors
// and excludes have no defaults.
func takesClass(section, name string) bool {
	switch section {
	case "tendon", "equality", "actuator":
		return true
	case "contact":
		return name == "pair"
	}
	return false
}

// refersWithin reports whether every name e and its descendants refer to
// is in names, and e refers to one at least.
func refersWithin(e *Element, names map[string]bool) bool {
	any := false
	var walk func(*Element) bool
	walk = func(e *Element) bool {
		for _, a := range e.Attrs {
			if referenceAttrs[a.Name] {
				if !names[a.Value] {
					return false
				}
				any = true
			}
		}
		for _, c := range e.Children {
			if !walk(c) {
				return false
			}
		}
		return true
	}
	return walk(e) && any
}

// refersAny reports whether e or a descendant refers to a named element.
func refersAny(e *Element) bool {
	for _, a := range e.Attrs {
		if referenceAttrs[a.Name] {
			return true
		}
	}
	for _, c := range e.Children {
		if refersAny(c) {
			return true
		}
	}
	return false
}
